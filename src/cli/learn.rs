//! `unhop learn solitaire [--board B] [--max-len N] [--dot] [--json] [-o FILE]`

use super::output::{check, emit, json_dot_or_text, json_line};
use super::progress::TerminalProgress;
use super::{Failure, Verdict};
use std::path::PathBuf;
use unhop::solitaire::{Board, learn_language};

#[derive(clap::Args)]
#[command(after_help = "Examples:
  unhop learn solitaire --board finite --max-len 14
  unhop learn solitaire --board finite --max-len 14 --json
  unhop learn solitaire --board finite --max-len 14 --dot -o learned.dot")]
pub struct Args {
    /// The language to learn: solitaire, the words that reduce to one peg
    language: Target,
    /// The board: infinite (hops may leave the word) or finite (the board is the word)
    #[arg(long, default_value = "infinite")]
    board: Board,
    /// Ask the exhaustive solver about every word up to this length (2 to 18; each length
    /// about triples the time: 18 takes about 10 s; 12 is too small to tell every state apart)
    #[arg(long, default_value_t = 16)]
    max_len: usize,
    /// Print the learned DFA in Graphviz DOT instead of the report (with --json: the "dot"
    /// field of the JSON report)
    #[arg(long)]
    dot: bool,
    /// Machine-readable report
    #[arg(long)]
    json: bool,
    /// Write the output to this file instead of standard output (.json with --json, .dot or
    /// .gv with --dot alone, else .txt; - is standard output)
    #[arg(short, long, alias = "output")]
    out: Option<PathBuf>,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum Target {
    Solitaire,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    check(args.out.as_deref(), json_dot_or_text(args.json, args.dot))?;
    let board = args.board;
    let bar = TerminalProgress::new();
    let result = learn_language(board, args.max_len, &bar);
    drop(bar);
    let result = result?;
    let report = result.report(args.dot);
    let text = match (&report.dot, args.json) {
        (_, true) => json_line(&report),
        (Some(dot), false) => dot.clone(),
        (None, false) => {
            let verdict = match &report.counterexample {
                None => {
                    "equivalent (the product automaton has no pair that tells them apart)".into()
                }
                Some(w) => format!("NOT equivalent: they differ on {:?}", w.to_string()),
            };
            format!(
                "learned from the exhaustive solver alone ({board} board): every word up to length {} \
                 ({} words), prefixes up to {} against suffixes up to {}\n\
                 states                 {} (the fewest any DFA that agrees with every answer can have)\n\
                 the paper's expression {} states (minimal DFA)\n\
                 equivalence            {verdict}\n",
                report.max_len,
                report.queries,
                report.prefix_len,
                report.suffix_len,
                report.states,
                report.expression_states,
            )
        }
    };
    emit(&text, args.out.as_deref())?;
    Ok(if report.equivalent_to_expression {
        Verdict::Done
    } else {
        Verdict::False
    })
}
