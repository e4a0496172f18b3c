//! `unhop dfa minimize|show|equiv|accepts|count|gf|ops …`: automata users bring, as a
//! regular expression, a JSON or AT&T file, or standard input.

use super::batch::{AllHold, Answer, Order, answer_alone};
use super::input::for_each_line;
use super::output::{DOT, Format, JSON, TEXT, check, emit};
use super::output::{Rows, json_line, json_or_text, write_json};
use super::{Failure, Verdict};
use std::io::Write;
use std::path::PathBuf;
use unhop::Method;
use unhop::automata::{
    EquivalenceReport, GeneratingFunctionReport, MAX_WORD_BYTES, NamedDfa, Side, load_automaton,
};
use unhop::budget::Budget;

const ATT: Format = Format {
    name: "AT&T text",
    extensions: &["att", "txt", "fst"],
};

const AUTOMATON_HELP: &str = "An automaton: a regular expression (over the characters it uses, \
     or --alphabet), a .json or .att file, or - for standard input (JSON when it starts with {, \
     else AT&T)";

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// The minimal DFA of an automaton, as a table, JSON, DOT or AT&T text
    #[command(after_help = "Examples:
  unhop dfa minimize '(a|b)*abb'
  unhop dfa minimize '(a|b)*abb' --json
  unhop dfa minimize '(0|1)*1(0|1)' --dot -o last-but-one.dot
  unhop dfa minimize '(a|b)*abb' --method exhaustive
  printf '0 1 a\\n1 1 b\\n1\\n' | unhop dfa minimize - --att")]
    Minimize(Minimize),
    /// An automaton as read (completed or determinised, not minimised), in any output format
    #[command(after_help = "Examples:
  unhop dfa show 'ab*' --att
  printf '0 1 a\\n0 2 a\\n1\\n2 2 b\\n2\\n' | unhop dfa show - --json")]
    Show(Shape),
    /// Whether two automata accept the same words (exit 0), or a shortest word on which they
    /// differ (exit 1)
    #[command(after_help = "Examples:
  unhop dfa equiv '(a|b)*' '(a*b*)*'
  unhop dfa equiv '(ab)*a' 'a(ba)*' --json
  unhop dfa equiv '(a|b)*abb' '(a|b)*bb'")]
    Equiv(Equiv),
    /// Whether an automaton accepts words (exit 0 when it accepts all, 1 when one is rejected)
    #[command(after_help = "Examples:
  unhop dfa accepts '(a|b)*abb' aabb ab
  unhop dfa accepts '(ab)*' '' abab --json
  printf 'abb\\nba\\n' | unhop dfa accepts '(a|b)*abb' -")]
    Accepts(Accepts),
    /// The exact number of words of length N an automaton accepts
    #[command(after_help = "Examples:
  unhop dfa count '(a|b)*abb' 10
  unhop dfa count '(0|10)*1?' 1000 --json
  unhop dfa count 'a*b*' 1000000000000")]
    Count(Count),
    /// The generating function Σ (accepted words of length n) xⁿ as a fraction of polynomials
    #[command(after_help = "Examples:
  unhop dfa gf '(0|10)*1?'
  unhop dfa gf '(a|b)*abb' --json")]
    Gf(Gf),
    /// Complement, intersection, union, difference or reversal of automata (the minimal DFA
    /// of the result)
    Ops(Ops),
}

/// The output options of the commands that write an automaton.
#[derive(clap::Args)]
struct Output {
    /// The automaton as one line of JSON (alphabet, states, start, accepting, transitions;
    /// with --dot also its DOT text as "dot"), readable back from a .json file
    #[arg(long, conflicts_with = "att")]
    json: bool,
    /// The automaton in Graphviz DOT
    #[arg(long, conflicts_with = "att")]
    dot: bool,
    /// The automaton as AT&T (OpenFst) text, readable back from a .att file
    #[arg(long)]
    att: bool,
    /// The characters of the regular expressions given (such as 01); by default the
    /// characters each expression uses
    #[arg(long)]
    alphabet: Option<String>,
    /// Write the output to this file instead of standard output (.json with --json, .dot or
    /// .gv with --dot, .att with --att, else .txt; - is standard output)
    #[arg(short, long, alias = "output")]
    out: Option<PathBuf>,
}

#[derive(clap::Args)]
struct Shape {
    #[arg(help = AUTOMATON_HELP)]
    automaton: String,
    #[command(flatten)]
    output: Output,
}

#[derive(clap::Args)]
struct Minimize {
    #[command(flatten)]
    shape: Shape,
    /// fast: Hopcroft's algorithm, O(n k log n); exhaustive: its slow twin, Moore's
    /// refinement in rounds, O(n² k) (the same automaton)
    #[arg(long, default_value = "fast")]
    method: Method,
}

#[derive(clap::Args)]
struct Equiv {
    #[arg(help = AUTOMATON_HELP)]
    first: String,
    /// The second automaton, given the same ways
    second: String,
    #[command(flatten)]
    common: Plain,
}

#[derive(clap::Args)]
struct Accepts {
    #[arg(help = AUTOMATON_HELP)]
    automaton: String,
    /// One or more words: the symbols' characters (abba) when every symbol is one
    /// character, else symbols separated by spaces ('on off'); '' or <eps> is the empty word;
    /// a word with a symbol the automaton lacks is rejected, with the reason; - reads one
    /// word per line of standard input (blank lines and lines starting with # are skipped)
    #[arg(required = true)]
    words: Vec<String>,
    #[command(flatten)]
    common: Plain,
}

#[derive(clap::Args)]
struct Count {
    #[arg(help = AUTOMATON_HELP)]
    automaton: String,
    /// The word length N (0 ≤ N < 2^64; refused with an estimate when the count would take
    /// too long)
    #[arg(allow_hyphen_values = true)]
    n: String,
    /// fast: the recurrence of the transfer matrix (or step by step when that is cheaper);
    /// exhaustive: its slow twin, step by step through every letter
    #[arg(long, default_value = "fast")]
    method: Method,
    #[command(flatten)]
    common: Plain,
}

#[derive(clap::Args)]
struct Gf {
    #[arg(help = AUTOMATON_HELP)]
    automaton: String,
    #[command(flatten)]
    common: Plain,
}

/// The options of the commands that print a result rather than an automaton.
#[derive(clap::Args)]
struct Plain {
    /// Machine-readable output: one JSON object per line
    #[arg(long)]
    json: bool,
    /// The characters of the regular expressions given (such as 01); by default the
    /// characters each expression uses
    #[arg(long)]
    alphabet: Option<String>,
    /// Write the output to this file instead of standard output (.json with --json, else
    /// .txt; - is standard output)
    #[arg(short, long, alias = "output")]
    out: Option<PathBuf>,
}

#[derive(clap::Args)]
struct Ops {
    #[command(subcommand)]
    op: Op,
}

#[derive(clap::Subcommand)]
enum Op {
    /// The words every automaton accepts (symbols merged by name)
    #[command(after_help = "Examples:
  unhop dfa ops intersect '(a|b)*a' '(a|b)*b(a|b)' --json
  unhop dfa ops intersect 'a*b*' 'b*a*' '(ab)?'")]
    Intersect(Many),
    /// The words some automaton accepts (symbols merged by name)
    #[command(after_help = "Examples:
  unhop dfa ops union 'a*' 'b*'
  unhop dfa ops union '0*' '1*' --dot")]
    Union(Many),
    /// The words the first automaton accepts and the second rejects
    #[command(after_help = "Examples:
  unhop dfa ops difference '(a|b)*' '(a|b)*aa(a|b)*' --json")]
    Difference(Two),
    /// The words over the automaton's symbols that it rejects
    #[command(after_help = "Examples:
  unhop dfa ops complement '(a|b)*abb'
  unhop dfa ops complement '0*' --alphabet 01 --att")]
    Complement(Shape),
    /// The reversed words
    #[command(after_help = "Examples:
  unhop dfa ops reverse '(a|b)*abb' --json
  unhop dfa ops reverse 'a(a|b){4}'")]
    Reverse(Shape),
}

#[derive(clap::Args)]
struct Many {
    /// Two or more automata: regular expressions, .json or .att files, or - (once)
    #[arg(required = true, num_args = 2..)]
    automata: Vec<String>,
    #[command(flatten)]
    output: Output,
}

#[derive(clap::Args)]
struct Two {
    #[arg(help = AUTOMATON_HELP)]
    first: String,
    /// The automaton whose words are taken away, given the same ways
    second: String,
    #[command(flatten)]
    output: Output,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    // One request: one budget for the whole command.
    let budget = super::budget();
    match args.command {
        Command::Minimize(Minimize { shape, method }) => {
            let dfa = shape.output.load(&shape.automaton, &budget)?;
            let minimal = dfa.minimized_with(method, &budget)?;
            shape.output.write(&minimal, "minimal DFA")
        }
        Command::Show(shape) => {
            let dfa = shape.output.load(&shape.automaton, &budget)?;
            shape.output.write(&dfa, "DFA")
        }
        Command::Equiv(args) => equiv(args, &budget),
        Command::Accepts(args) => accepts(args, &budget),
        Command::Count(args) => count(args, &budget),
        Command::Gf(args) => gf(args, &budget),
        Command::Ops(ops) => match ops.op {
            Op::Intersect(many) => combine(
                &many.automata,
                &many.output,
                "intersection",
                |a, b| a && b,
                &budget,
            ),
            Op::Union(many) => combine(
                &many.automata,
                &many.output,
                "union",
                |a, b| a || b,
                &budget,
            ),
            Op::Difference(two) => combine(
                &[two.first, two.second],
                &two.output,
                "difference",
                |a, b| a && !b,
                &budget,
            ),
            Op::Complement(shape) => {
                let dfa = shape.output.load(&shape.automaton, &budget)?;
                shape
                    .output
                    .write(&dfa.complement().minimized(&budget)?, "complement")
            }
            Op::Reverse(shape) => {
                let dfa = shape.output.load(&shape.automaton, &budget)?;
                shape.output.write(&dfa.reversed(&budget)?, "reversal")
            }
        },
    }
}

/// The minimal DFA of the automata named by `specs` combined in turn by `accept`
/// ([`NamedDfa::product_of`]: the whole run admitted before it starts).
fn combine(
    specs: &[String],
    output: &Output,
    what: &str,
    accept: fn(bool, bool) -> bool,
    budget: &Budget,
) -> Result<Verdict, Failure> {
    output.check()?;
    one_stdin(&specs.iter().collect::<Vec<_>>())?;
    let automata = specs
        .iter()
        .map(|spec| output.load(spec, budget))
        .collect::<Result<Vec<_>, _>>()?;
    output.write(&NamedDfa::product_of(&automata, accept, budget)?, what)
}

impl Output {
    fn format(&self) -> &'static Format {
        if self.json {
            &JSON
        } else if self.dot {
            &DOT
        } else if self.att {
            &ATT
        } else {
            &TEXT
        }
    }

    fn check(&self) -> Result<(), Failure> {
        check(self.out.as_deref(), self.format())
    }

    fn load(&self, spec: &str, budget: &Budget) -> Result<NamedDfa, Failure> {
        self.check()?;
        load(spec, self.alphabet.as_deref(), budget)
    }

    fn write(&self, dfa: &NamedDfa, title: &str) -> Result<Verdict, Failure> {
        let text = if self.json {
            json_line(&dfa.report(self.dot.then_some(title)))
        } else if self.dot {
            dfa.to_dot(title)
        } else if self.att {
            dfa.to_att()
        } else {
            dfa.to_table()
        };
        emit(&text, self.out.as_deref())?;
        Ok(Verdict::Done)
    }
}

/// Refuses `-` for more than one automaton (standard input is read once).
fn one_stdin(specs: &[&String]) -> Result<(), Failure> {
    if specs.iter().filter(|s| s.as_str() == "-").count() > 1 {
        return Err(Failure::input(
            "- (standard input) may be given for one automaton only",
        ));
    }
    Ok(())
}

/// An automaton named on the command line: `-`, a `.json` or `.att` file, or an expression,
/// read under `budget` by the library's one loader.
fn load(spec: &str, alphabet: Option<&str>, budget: &Budget) -> Result<NamedDfa, Failure> {
    let stdin = || super::streams::stdin().map(|s| s.lock());
    Ok(load_automaton(spec, alphabet, stdin, budget)?)
}

fn equiv(args: Equiv, budget: &Budget) -> Result<Verdict, Failure> {
    check(args.common.out.as_deref(), json_or_text(args.common.json))?;
    one_stdin(&[&args.first, &args.second])?;
    let alphabet = args.common.alphabet.as_deref();
    let (a, b) = (
        load(&args.first, alphabet, budget)?,
        load(&args.second, alphabet, budget)?,
    );
    let report = a.equivalence(&b, budget)?;
    let text = match (&report, args.common.json) {
        (_, true) => json_line(&report),
        (
            EquivalenceReport {
                equivalent: true, ..
            },
            false,
        ) => "equivalent: both accept the same words\n".to_string(),
        (
            EquivalenceReport {
                word: Some(word),
                length: Some(length),
                accepted_by: Some(side),
                ..
            },
            false,
        ) => {
            let side = match side {
                Side::First => "first",
                Side::Second => "second",
            };
            format!(
                "different: a shortest word on which they differ is {word} (length {length}), \
                 accepted by the {side} only\n"
            )
        }
        (_, false) => unreachable!("a difference has its word, length and side"),
    };
    emit(&text, args.common.out.as_deref())?;
    Ok(if report.equivalent {
        Verdict::Done
    } else {
        Verdict::False
    })
}

fn accepts(args: Accepts, budget: &Budget) -> Result<Verdict, Failure> {
    check(args.common.out.as_deref(), json_or_text(args.common.json))?;
    let stdin_words = args.words.iter().filter(|w| *w == "-").count();
    if stdin_words > 1 || (stdin_words == 1 && args.automaton == "-") {
        return Err(Failure::input(
            "- (standard input) may be given only once, for the automaton or for the words",
        ));
    }
    let dfa = load(&args.automaton, args.common.alphabet.as_deref(), budget)?;
    let mut rows = Rows::open(args.common.out.as_deref())?;
    let all = AllHold::new();
    let answer = |text: &str, out: &mut Answer| -> Result<(), Failure> {
        // A symbol the automaton lacks: the word is not in its language.
        let report = dfa.run_text(text);
        all.record(report.accepted);
        let written = {
            if args.common.json {
                write_json(out, &report)
            } else {
                let verdict = if report.accepted {
                    "accepted"
                } else {
                    "rejected"
                };
                match &report.reason {
                    Some(reason) => writeln!(out, "{}: {verdict} ({reason})", report.word),
                    None => writeln!(out, "{}: {verdict}", report.word),
                }
            }
        };
        Ok(written?)
    };
    let several = args.words.len() > 1;
    let mut text = Vec::new();
    rows.start_batch();
    for (k, word) in args.words.iter().enumerate() {
        if word == "-" {
            for_each_line(MAX_WORD_BYTES, Order::Parallel, &mut rows, |line, out| {
                answer(line.text(), out)
            })?;
        } else {
            match answer_alone(&mut rows, &mut text, |out| answer(word, out)) {
                Err(failure) if several => {
                    return Err(failure.context(format!("word {}", k + 1)));
                }
                other => other?,
            }
        }
    }
    rows.finish()?;
    Ok(all.verdict())
}

fn count(args: Count, budget: &Budget) -> Result<Verdict, Failure> {
    check(args.common.out.as_deref(), json_or_text(args.common.json))?;
    let n: u64 = args.n.parse().map_err(|_| {
        Failure::input(format!(
            "N must be a whole number from 0 to {}, not {}",
            u64::MAX,
            unhop::quote(&args.n)
        ))
    })?;
    let dfa = load(&args.automaton, args.common.alphabet.as_deref(), budget)?;
    let bar = super::progress::TerminalProgress::new();
    let report = dfa.count_report(n, args.method, &bar, budget);
    drop(bar);
    let report = report?;
    let text = if args.common.json {
        json_line(&report)
    } else {
        format!("{}\n", report.count)
    };
    emit(&text, args.common.out.as_deref())?;
    Ok(Verdict::Done)
}

fn gf(args: Gf, budget: &Budget) -> Result<Verdict, Failure> {
    check(args.common.out.as_deref(), json_or_text(args.common.json))?;
    let dfa = load(&args.automaton, args.common.alphabet.as_deref(), budget)?;
    let bar = super::progress::TerminalProgress::new();
    let gf = dfa.generating_function(&bar, budget);
    drop(bar);
    let gf = gf?;
    let text = if args.common.json {
        json_line(&GeneratingFunctionReport::from(&gf))
    } else {
        format!("{gf}\n")
    };
    emit(&text, args.common.out.as_deref())?;
    Ok(Verdict::Done)
}
