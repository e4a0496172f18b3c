//! `unhop rules list|show|count|solve|learn|prove|grundy`: rule sets as data.

mod count;
mod grundy;
mod learn;
mod list;
mod prove;
mod show;
mod solve;

use super::batch::{Answer, Order, answer_alone};
use super::input::for_each_line;
use super::output::Rows;
use super::{Failure, Verdict};
use std::io::Write;
use unhop::batch_lines::MAX_LINE_BYTES;
use unhop::rules::RuleSet;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// The built-in rule sets
    List(list::Args),
    /// A rule set's file, letters, weights, rules and targets
    Show(show::Args),
    /// The exact number of words of length N that reduce to a target
    Count(count::Args),
    /// The least total weight words reduce to, with the rule applications (replayed)
    Solve(solve::Args),
    /// Learn the minimal automaton of the words that reduce to a target, or of R
    Learn(learn::Args),
    /// Prove by automata that a learned automaton accepts exactly the pairs (w, f) with w →* f
    Prove(prove::Args),
    /// The Grundy values of the rewrite game (a move is one rule application)
    Grundy(grundy::Args),
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    match args.command {
        Command::List(a) => list::run(a),
        Command::Show(a) => show::run(a),
        Command::Count(a) => count::run(a),
        Command::Solve(a) => solve::run(a),
        Command::Learn(a) => learn::run(a),
        Command::Prove(a) => prove::run(a),
        Command::Grundy(a) => grundy::run(a),
    }
}

/// The options of where results go: `--json` and `-o`.
#[derive(clap::Args)]
struct Output {
    /// Machine-readable output: one JSON object per line
    #[arg(long)]
    json: bool,
    /// Write the results to this file instead of standard output (.json or .jsonl with
    /// --json, else .txt; - is standard output)
    #[arg(short, long, alias = "output")]
    out: Option<std::path::PathBuf>,
}

impl Output {
    /// The rows of the results, after the file name is checked against the format.
    fn open(&self) -> Result<Rows, Failure> {
        super::output::check(self.out.as_deref(), super::output::json_or_text(self.json))?;
        Rows::open(self.out.as_deref())
    }
}

/// The options of the board and the method.
#[derive(clap::Args)]
struct Play {
    /// The board: infinite (blanks all around the word) or finite (the board is the word)
    #[arg(long, default_value = "infinite")]
    board: unhop::solitaire::Board,
    /// fast: the best exact engine for the rule set (a proved automaton of the reachability
    /// relation; for peg solitaire on three rows, whose automaton is not known, a bitmap of
    /// every board or a memoised search; memoised game values for grundy); exhaustive: its
    /// slow twin, searching every position
    #[arg(long, default_value = "fast")]
    method: unhop::Method,
}

/// The arguments of the commands that answer word by word: the rule set, the words, the
/// board and method, and where the results go.
#[derive(clap::Args)]
struct EachWord {
    #[arg(help = RULES_HELP)]
    rules: String,
    #[arg(required = true, help = WORDS_HELP)]
    words: Vec<String>,
    #[command(flatten)]
    play: Play,
    #[command(flatten)]
    output: Output,
}

/// The help text of a rule set argument.
const RULES_HELP: &str = "A built-in rule set (see `unhop rules list`) or a rule file (TOML)";

/// The help text of WORD arguments.
const WORDS_HELP: &str = "One or more words in the rule set's letters (on a board of rows also \
     its rows separated by /, such as 110/011/000); - reads one word per line of standard input";

/// Calls `handle` with the text and letters of each word of `args` (`-`: standard input).
/// The answers go to `rows` as a batch.
fn for_each_word(
    rules: &RuleSet,
    args: &[String],
    rows: &mut Rows,
    handle: impl Fn(&str, &[u8], &mut Answer) -> Result<(), Failure> + Sync,
) -> Result<(), Failure> {
    rows.start_batch();
    let mut text = Vec::new();
    for arg in args {
        if arg == "-" {
            for_each_line(MAX_LINE_BYTES, Order::Parallel, rows, |line, answer| {
                let word = rules.parse_word(line.text())?;
                handle(line.text(), &word, answer)
            })?;
        } else {
            answer_alone(rows, &mut text, |answer| {
                handle(arg, &rules.parse_word(arg)?, answer)
            })?;
        }
    }
    Ok(())
}

/// Writes a library report as one line of JSON.
fn json(out: &mut impl Write, report: &impl serde::Serialize) -> Result<(), Failure> {
    Ok(super::output::write_json(out, report)?)
}

/// Writes one line.
fn line(out: &mut impl Write, text: impl std::fmt::Display) -> Result<(), Failure> {
    Ok(writeln!(out, "{text}")?)
}
