//! Command-line parsing, dispatch, exit codes and error reporting.
//!
//! Exit codes: 0 answered (for predicates: true), 1 predicate false or problem proved
//! impossible, 2 bad input, usage, a refused request or a search that gave up, 70 an internal
//! error (a failed self-check or a panic: a bug). Errors go to standard error, as one JSON
//! object when the command was given `--json`; a standard output whose reader has gone (as
//! under `| head`) ends the program quietly.

mod batch;
mod board;
mod check;
mod count;
mod dfa;
mod family;
mod graph;
mod grundy;
mod input;
mod lang;
mod learn;
mod nim;
mod octal;
mod output;
mod play;
mod plot;
mod probe;
mod progress;
mod prove;
mod reach;
mod read_ahead;
mod reproduce;
mod rules;
mod schema;
mod slide;
mod solve;
mod streams;
mod subtraction;
mod table;
mod threads;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::process::ExitCode;
use std::sync::{Mutex, OnceLock};
use unhop::budget::Budget;

/// Peg solitaire and impartial games through formal languages and automata.
#[derive(Parser)]
#[command(name = "unhop", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    #[command(flatten)]
    limits: Limits,
}

/// The limits of every computation, given once for the whole command line.
#[derive(clap::Args, Clone, Copy, Default)]
struct Limits {
    /// The most work a computation may do, in its engine's unit (moves, positions, big-integer
    /// word operations, …, named in its refusal); default: each engine's own, about a minute
    #[arg(long, global = true, value_name = "UNITS")]
    max_work: Option<u64>,
    /// The most positions an engine that keeps positions (board counts, game solvers) may
    /// keep; default: each engine's own
    #[arg(long, global = true, value_name = "N")]
    max_positions: Option<u64>,
}

/// The limits given on the command line, set once before the command runs.
static LIMITS: OnceLock<Limits> = OnceLock::new();

/// A fresh budget for one request (one word of a batch, one command): the limits given with
/// `--max-work` and `--max-positions`, and the process's memory limits.
pub fn budget() -> Budget {
    let limits = LIMITS.get().copied().unwrap_or_default();
    let mut budget = Budget::new();
    if let Some(work) = limits.max_work {
        budget = budget.with_max_work(work);
    }
    if let Some(positions) = limits.max_positions {
        budget = budget.with_max_positions(positions);
    }
    budget
}

/// Whether `--max-work` or `--max-positions` was given: limits for each request alone.
pub fn request_limits_given() -> bool {
    let limits = LIMITS.get().copied().unwrap_or_default();
    limits.max_work.is_some() || limits.max_positions.is_some()
}

#[derive(Subcommand)]
enum Command {
    /// The minimum number of pegs words reduce to, with replayed hops
    Solve(solve::Args),
    /// Whether words reduce to one peg (exit 0 when all do, 1 when one does not)
    Check(check::Args),
    /// The exact number of words of length N that reduce to one peg
    Count(count::Args),
    /// The one-peg language: its expression, automata (DOT) and their sizes
    Lang(lang::Args),
    /// Learn the one-peg language's minimal DFA from the exhaustive solver alone
    Learn(learn::Args),
    /// The Grundy values of Duotaire positions, and with --hint their winning moves
    ///
    /// A word that needs more than 5,000,000 memoised positions or 12,000,000 moves looked
    /// at (about 17 s) is refused with exit 2.
    Grundy(grundy::Args),
    /// Duotaire values along a family of words such as 011(01)^n0
    Family(family::Args),
    /// Duotaire values of every word up to a length, or per-length statistics
    Table(table::Args),
    /// Play Duotaire, Nim, a subtraction or octal game against a perfect opponent
    #[command(after_help = "Examples:
  unhop play 0110 --board finite --first computer
  printf '2\\n' | unhop play nim 1 2
  unhop play subtraction 7 --set 1..3 --first computer < /dev/null")]
    Play(play::Args),
    /// Charts of Duotaire values (SVG or PNG)
    Plot(plot::Args),
    /// Non-regularity probes: Myhill–Nerode class counts, the family identity of the proof
    Probe(probe::Args),
    /// Every result of Moore and Eppstein's paper, reproduced with PASS/FAIL verdicts
    Reproduce(reproduce::Args),
    /// Whether a word reaches another by hops (exit 0 with the hops, 1 not), in linear time
    Reach(reach::Args),
    /// Prove by automata that finite-board reachability is a 16-state automaton
    Prove(prove::Args),
    /// The 8- and 15-puzzle: optimal solutions, solvability, shuffling, playing
    Slide(slide::Args),
    /// Nim: who wins, and every winning move (Bouton's rule), normal or misère play
    Nim(nim::Args),
    /// Subtraction games and their no-repeat and odd-wins variants: a position, or a table of
    /// one heap
    Subtraction(subtraction::Args),
    /// Octal games (0.77 Kayles, 0.07, 0.007, …) and Grundy's game: values and period
    Octal(octal::Args),
    /// The position graph of a small game, wins and losses marked (text, JSON or DOT)
    #[command(after_help = "Examples:
  unhop graph nim 1 2
  unhop graph subtraction 8 --set 1..3 --dot -o positions.dot
  unhop graph octal 5 --code 0.77 --rule misere --json")]
    Graph(graph::Args),
    /// Peg solitaire on 2-D boards and graphs: show, solve, count, moves, ilp
    Board(board::Args),
    /// Rule sets as data: counts, solutions, learned and proved automata, game values
    Rules(rules::Args),
    /// Automata you bring (expression, JSON, AT&T): minimise, compare, run, count, combine
    Dfa(dfa::Args),
    /// The reports every --json prints, and the JSON Schema of each
    Schema(schema::Args),
}

/// The options every computing command shares: `--board`, `--method`, `--json`.
#[derive(clap::Args)]
pub struct Common {
    /// The board: infinite (hops may leave the word) or finite (the board is the word)
    #[arg(long, default_value = "infinite")]
    pub board: unhop::solitaire::Board,
    /// fast: the fast exact method; exhaustive: its slow twin, searching every hop sequence
    #[arg(long, default_value = "fast")]
    pub method: unhop::Method,
    /// Machine-readable output: one JSON object per line
    #[arg(long)]
    pub json: bool,
}

/// The options of the Duotaire commands: `--moves`, `--board`, `--rule` and `--method`.
#[derive(clap::Args)]
pub struct GameArgs {
    /// single: a move is one hop; chain: one or more hops by the same peg (the paper's rule)
    #[arg(long, default_value = "chain")]
    pub moves: unhop::games::MoveRule,
    /// The board: infinite (hops may leave the word) or finite (the board is the word)
    #[arg(long, default_value = "infinite")]
    pub board: unhop::solitaire::Board,
    /// normal: the player who cannot move loses; misere: the player who cannot move wins
    /// (misère values, which do not add over sums)
    #[arg(long, default_value = "normal")]
    pub rule: unhop::games::Convention,
    /// fast: the memoised solver over canonical positions and sums, or the dense tables;
    /// exhaustive: the plain recursion over every position as the moves make it
    #[arg(long, default_value = "fast")]
    pub method: unhop::Method,
}

impl GameArgs {
    /// The game the options choose.
    pub fn game(&self) -> unhop::games::Duotaire {
        unhop::games::Duotaire::new(self.moves, self.board).with_convention(self.rule)
    }
}

/// What a command reports through the exit code when it succeeds.
pub enum Verdict {
    /// Exit 0.
    Done,
    /// A predicate that was false: exit 1.
    False,
}

/// Why a command failed.
pub enum Failure {
    /// The library's error: exit 2 (bad input, a refused request, a search that gave up) or
    /// 70 (a failed self-check, a bug).
    Error(unhop::Error),
    /// Options that cannot go together (found only once their values are known): exit 2 with
    /// clap's message and usage line.
    Usage(Box<clap::Error>),
    /// The reader of standard output has gone (a broken pipe): stop quietly.
    ClosedOutput,
}

impl Failure {
    /// Bad input or a bad request, said by `message`: exit 2.
    pub fn input(message: impl std::fmt::Display) -> Failure {
        Failure::Error(unhop::Error::new(message))
    }

    /// The same failure as a step of a larger task: `what` in front of its message.
    pub fn context(self, what: impl std::fmt::Display) -> Failure {
        match self {
            Failure::Error(err) => Failure::Error(err.context(what)),
            other => other,
        }
    }
}

impl From<unhop::Error> for Failure {
    fn from(err: unhop::Error) -> Failure {
        Failure::Error(err)
    }
}

/// A usage error of the subcommand at `path` (such as `["board", "count"]`): `message` with
/// clap's usage line for it, as clap reports the conflicts it can see by itself.
pub fn usage(path: &[&str], message: impl std::fmt::Display) -> Failure {
    let mut command = Cli::command();
    command.build();
    for name in path {
        match command.find_subcommand(name) {
            Some(sub) => command = sub.clone(),
            None => break,
        }
    }
    let error = command.error(clap::error::ErrorKind::ArgumentConflict, message);
    Failure::Usage(Box::new(error))
}

/// Exit code of an internal error (BSD's `EX_SOFTWARE`).
const INTERNAL_ERROR: u8 = 70;

/// The message of the last panic, kept by the panic hook for [`main`] to report.
static PANIC_MESSAGE: Mutex<Option<String>> = Mutex::new(None);

/// A panic is a bug: the hook keeps its message and place (printed only if the panic ends the
/// command, so a panic that the library catches and recovers from, as inside the LP solver of
/// the pagoda functions, prints nothing).
fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".to_string());
        let place = info
            .location()
            .map(|l| format!(" (at {}:{})", l.file(), l.line()))
            .unwrap_or_default();
        if let Ok(mut message) = PANIC_MESSAGE.try_lock() {
            *message = Some(format!("{what}{place}"));
        }
    }));
}

impl From<std::io::Error> for Failure {
    fn from(err: std::io::Error) -> Failure {
        match err.kind() {
            std::io::ErrorKind::BrokenPipe => Failure::ClosedOutput,
            // A message of its own (`unhop::files::Output`'s name the file).
            _ if err.get_ref().is_some() => Failure::input(err),
            // The command line writes files only through `Output`: the rest is its answer.
            _ => Failure::Error(
                unhop::Error::io("cannot write standard output", err).named("standard output"),
            ),
        }
    }
}

/// The parsed command line and whether its command was given `--json`; help and version are
/// written here, so that a failed write (a full disk) is exit 2 with a message, and a closed
/// pipe a quiet end.
fn parse() -> Result<(Cli, bool), ExitCode> {
    use clap::error::ErrorKind;
    use std::io::{IsTerminal, Write};
    let err = match Cli::command().try_get_matches() {
        Ok(matches) => {
            let json = leaf_flag(&matches, "json");
            return Cli::from_arg_matches(&matches)
                .map_err(|e| usage_exit(&e, json))
                .map(|cli| (cli, json));
        }
        Err(err) => err,
    };
    if !matches!(
        err.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
    ) {
        // Usage errors go to standard error, exit 2 (as JSON when --json was among the
        // arguments, though they did not parse).
        return Err(usage_exit(&err, json_among_arguments()));
    }
    let mut stdout = std::io::stdout().lock();
    let text = if stdout.is_terminal() {
        err.render().ansi().to_string()
    } else {
        err.render().to_string()
    };
    let written = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush());
    Err(match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => report(
            &unhop::Error::io("cannot write standard output", e).named("standard output"),
            false,
        ),
    })
}

/// Whether `--json` is among the arguments (before any `--`), for errors found before they
/// are parsed, or when they do not parse.
fn json_among_arguments() -> bool {
    std::env::args_os()
        .take_while(|a| a != "--")
        .any(|a| a == "--json")
}

/// Whether the innermost subcommand of `matches` has the flag `id` and it was given.
fn leaf_flag(matches: &clap::ArgMatches, id: &str) -> bool {
    let mut leaf = matches;
    while let Some((_, sub)) = leaf.subcommand() {
        leaf = sub;
    }
    matches!(leaf.try_get_one::<bool>(id), Ok(Some(true)))
}

/// Reports a usage error (exit 2): clap's message and usage line, or with `json` one JSON
/// object of kind `input`. Clap repeats the arguments as they were given, so their control
/// characters are escaped here ([`escape_controls`]).
fn usage_exit(err: &clap::Error, json: bool) -> ExitCode {
    use std::io::{IsTerminal, Write};
    let styled = with_utf8_note(shorten_values(err, err.render().ansi().to_string()));
    if json {
        let message = escape_controls(&styled, false);
        // The message is clap's first paragraph (the error and the arguments it lists, such
        // as the required ones missing) on one line; the usage line and tips are left out.
        let first: Vec<&str> = message
            .lines()
            .take_while(|line| !line.trim().is_empty())
            .map(str::trim)
            .collect();
        let first = first.join(" ");
        let first = first.trim_start_matches("error: ");
        let first = if first.is_empty() {
            "usage error"
        } else {
            first
        };
        return report(&unhop::Error::new(first), true);
    }
    let mut stderr = std::io::stderr().lock();
    let text = escape_controls(&styled, stderr.is_terminal());
    let _ = stderr.write_all(text.as_bytes());
    ExitCode::from(2)
}

/// `message` with every value that clap repeats from `err` (an unexpected argument, a bad
/// value) and that is longer than [`unhop::quote`] shows whole cut short in the middle with
/// its length, so that a message stays a readable line however long the argument. Time
/// O(length of the message) for each value of the error's context (a handful).
fn shorten_values(err: &clap::Error, mut message: String) -> String {
    use clap::error::ContextValue;
    for (_, value) in err.context() {
        let values = match value {
            ContextValue::String(one) => std::slice::from_ref(one),
            ContextValue::Strings(many) => many.as_slice(),
            _ => continue,
        };
        for value in values {
            let quoted = unhop::quote(value);
            // A long value is quoted as `'head…tail' (N characters)`: clap's own quotes stay
            // around the cut value, its length follows inside them.
            if let Some((cut, length)) = quoted.rsplit_once("' (") {
                let short = format!("{} ({length}", &cut[1..]);
                message = message.replace(value.as_str(), &short);
            }
        }
    }
    message
}

/// `message` with a note on its first line naming the first argument that is not UTF-8 (clap
/// shows it with U+FFFD in place of its bad bytes) and the place of its first bad byte, when
/// the message shows such a value (a file name that is not UTF-8 is a good argument). Time
/// O(length of the arguments).
fn with_utf8_note(mut message: String) -> String {
    use std::os::unix::ffi::OsStrExt;
    if !message.contains('\u{fffd}') {
        return message;
    }
    let bad = std::env::args_os()
        .enumerate()
        .skip(1)
        .find_map(|(number, arg)| {
            let bytes = arg.as_bytes();
            let error = std::str::from_utf8(bytes).err()?;
            let at = error.valid_up_to();
            Some(format!(
                " (argument {number} is not UTF-8 text: byte {at} (0-based) is 0x{:02x})",
                bytes[at]
            ))
        });
    if let Some(note) = bad {
        let end = message.find('\n').unwrap_or(message.len());
        message.insert_str(end, &note);
    }
    message
}

/// `text` rendered by clap with its styles (SGR sequences: `ESC [ … m`), with the styles kept
/// when `styles` (for a terminal) or else removed, and every other control character but the
/// line break escaped as [`unhop::quote`] shows it (`\x07`, `\x1b`): a bell or a sequence
/// that moves the cursor, typed in an argument, is shown, not obeyed. Time O(length).
fn escape_controls(text: &str, styles: bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if c == '\u{1b}'
            && let Some(end) = sgr_length(rest)
        {
            if styles {
                out.push_str(&rest[..end]);
            }
            rest = &rest[end..];
            continue;
        }
        if c.is_control() && c != '\n' {
            let quoted = unhop::quote(c.encode_utf8(&mut [0; 4]));
            out.push_str(quoted.trim_matches('\''));
        } else {
            out.push(c);
        }
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// The length in bytes of the SGR sequence (`ESC [ digits and semicolons m`) that `text` starts
/// with, if it starts with one.
fn sgr_length(text: &str) -> Option<usize> {
    let body = text.strip_prefix("\u{1b}[")?;
    let params = body
        .find(|c: char| !c.is_ascii_digit() && c != ';')
        .unwrap_or(body.len());
    body[params..].starts_with('m').then_some(2 + params + 1)
}

/// Writes `err` to standard error (one JSON object with `json`, else `unhop: message`) and
/// gives its exit code: 70 for a bug, else 2.
fn report(err: &unhop::Error, json: bool) -> ExitCode {
    use std::io::Write;
    let mut stderr = std::io::stderr().lock();
    let _ = if json {
        serde_json::to_writer(&mut stderr, err)
            .map_err(std::io::Error::other)
            .and_then(|()| writeln!(stderr))
    } else {
        writeln!(stderr, "unhop: {err}")
    };
    if err.is_internal() {
        ExitCode::from(INTERNAL_ERROR)
    } else {
        ExitCode::from(2)
    }
}

pub fn main() -> ExitCode {
    if let Err(err) = streams::check_stdout() {
        return report(&err, json_among_arguments());
    }
    let (cli, json) = match parse() {
        Ok(parsed) => parsed,
        Err(code) => return code,
    };
    let _ = LIMITS.set(cli.limits);
    // An interrupted run leaves no temporary file behind (exit 130, 143 or 129).
    let _ = unhop::files::remove_temporaries_on_signals();
    install_panic_hook();
    let pool = match threads::Pool::start(|note| {
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), "unhop: note: {note}");
    }) {
        Ok(pool) => pool,
        Err(err) => return report(&err, json),
    };
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| pool.run(|| run(cli))))
        .unwrap_or_else(|_| {
            let message = PANIC_MESSAGE
                .lock()
                .ok()
                .and_then(|mut m| m.take())
                .unwrap_or_else(|| "a panic".to_string());
            Err(Failure::Error(unhop::Error::internal(message)))
        });
    match result {
        Ok(Verdict::Done) | Err(Failure::ClosedOutput) => ExitCode::SUCCESS,
        Ok(Verdict::False) => ExitCode::from(1),
        Err(Failure::Error(err)) => report(&err, json),
        Err(Failure::Usage(error)) => usage_exit(&error, json),
    }
}

/// Runs the command the arguments name.
fn run(cli: Cli) -> Result<Verdict, Failure> {
    // Debug builds only (the integration tests' binary): a bug on demand, to test how bugs
    // are reported; `thread` panics on a worker thread, as a bug in parallel code would.
    #[cfg(debug_assertions)]
    match std::env::var("UNHOP_TEST_BUG").as_deref() {
        Ok("panic") => panic!("a panic asked for by UNHOP_TEST_BUG"),
        Ok("thread") => {
            use rayon::prelude::*;
            (0..4).into_par_iter().for_each(|i| {
                assert!(
                    i != 3,
                    "a worker thread's panic asked for by UNHOP_TEST_BUG"
                );
            });
        }
        Ok("error") => return Err(Failure::Error(unhop::Error::internal("asked for"))),
        _ => {}
    }
    match cli.command {
        Command::Solve(args) => solve::run(args),
        Command::Check(args) => check::run(args),
        Command::Count(args) => count::run(args),
        Command::Lang(args) => lang::run(args),
        Command::Learn(args) => learn::run(args),
        Command::Grundy(args) => grundy::run(args),
        Command::Family(args) => family::run(args),
        Command::Table(args) => table::run(args),
        Command::Play(args) => play::run(args),
        Command::Plot(args) => plot::run(args),
        Command::Probe(args) => probe::run(args),
        Command::Reproduce(args) => reproduce::run(args),
        Command::Reach(args) => reach::run(args),
        Command::Prove(args) => prove::run(args),
        Command::Slide(args) => slide::run(args),
        Command::Nim(args) => nim::run(args),
        Command::Subtraction(args) => subtraction::run(args),
        Command::Octal(args) => octal::run(args),
        Command::Graph(args) => graph::run(args),
        Command::Board(args) => board::run(args),
        Command::Rules(args) => rules::run(args),
        Command::Dfa(args) => dfa::run(args),
        Command::Schema(args) => schema::run(args),
    }
}
