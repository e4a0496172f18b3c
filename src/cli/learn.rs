//! `unhop learn solitaire [--board B] --max-len N [--dot] [--json] [-o FILE]`

use super::output::{check, dot_json_or_text, emit};
use super::{Failure, Verdict};
use std::path::PathBuf;
use unhop::Word;
use unhop::automata::learn;
use unhop::solitaire::{Board, Language, exhaustive};

/// The longest bound: each length about triples the time (2^19 exhaustive searches at 18
/// took 9.7 s; 20 ran past a minute).
const MAX_LEARN_LEN: usize = 18;

#[derive(clap::Args)]
pub struct Args {
    /// The language to learn: solitaire, the words that reduce to one peg
    language: Target,
    /// The board: infinite (hops may leave the word) or finite (the board is the word)
    #[arg(long, default_value = "infinite")]
    board: Board,
    /// Ask the exhaustive solver about every word up to this length (2 to 18; each length
    /// about triples the time: 18 takes about 9 s)
    #[arg(long, default_value_t = 16)]
    max_len: usize,
    /// Print the learned DFA in Graphviz DOT instead of the report
    #[arg(long, conflicts_with = "json")]
    dot: bool,
    /// Machine-readable report
    #[arg(long)]
    json: bool,
    /// Write the output to this file instead of standard output (.dot or .gv with --dot, .json
    /// with --json, else .txt; - is standard output)
    #[arg(short, long)]
    out: Option<PathBuf>,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum Target {
    Solitaire,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    check(args.out.as_deref(), dot_json_or_text(args.dot, args.json))?;
    if !(2..=MAX_LEARN_LEN).contains(&args.max_len) {
        return Err(Failure::Input(format!(
            "--max-len must be from 2 to {MAX_LEARN_LEN} (2^(N+1) exhaustive searches), not {}",
            args.max_len
        )));
    }
    let board = args.board;
    let progress = indicatif::ProgressBar::new(1 << (args.max_len + 1));
    let mut failure = None;
    let learned = learn(2, args.max_len, &mut |letters| {
        progress.inc(1);
        let word = Word::from_cells(letters.iter().map(|&l| l == 1));
        match exhaustive::search(&word, board) {
            Ok(outcome) => outcome.min_pegs == 1,
            Err(err) => {
                failure.get_or_insert(err);
                false
            }
        }
    });
    progress.finish_and_clear();
    if let Some(err) = failure {
        return Err(err.into());
    }
    let learned = learned?;
    let expression = Language::of(board).minimal_dfa();
    let difference = learned.dfa.shortest_difference(expression)?;
    let counterexample = difference
        .as_ref()
        .map(|w| Word::from_cells(w.iter().map(|&l| l == 1)).to_string());
    let text = if args.dot {
        let title = format!(
            "one-peg language, {board} board, learned from every word up to length {}",
            learned.max_len
        );
        learned.dfa.to_dot(&title, b"01")
    } else if args.json {
        let object = serde_json::json!({
            "language": "solitaire",
            "board": board.name(),
            "max_len": learned.max_len,
            "prefix_len": learned.prefix_len,
            "suffix_len": learned.suffix_len,
            "queries": learned.queries,
            "states": learned.dfa.states(),
            "expression_states": expression.states(),
            "equivalent_to_expression": difference.is_none(),
            "counterexample": counterexample,
        });
        format!("{object}\n")
    } else {
        let verdict = match &counterexample {
            None => "equivalent (the product automaton has no pair that tells them apart)".into(),
            Some(w) => format!("NOT equivalent: they differ on {w:?}"),
        };
        format!(
            "learned from the exhaustive solver alone ({board} board): every word up to length {} \
             ({} words), prefixes up to {} against suffixes up to {}\n\
             states                 {} (the fewest any DFA that agrees with every answer can have)\n\
             the paper's expression {} states (minimal DFA)\n\
             equivalence            {verdict}\n",
            learned.max_len,
            learned.queries,
            learned.prefix_len,
            learned.suffix_len,
            learned.dfa.states(),
            expression.states(),
        )
    };
    emit(&text, args.out.as_deref())?;
    Ok(if difference.is_none() {
        Verdict::Done
    } else {
        Verdict::False
    })
}
