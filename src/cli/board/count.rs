//! `unhop board count`: every reachable position by number of pegs, raw and up to symmetry,
//! those that can still finish, and the number of solution sequences, by either method.

use super::{GameArgs, game, print_json};
use crate::cli::output::{Out, emit, json_or_text};
use crate::cli::progress::TerminalProgress;
use crate::cli::{Failure, Verdict};
use unhop::boards::{CountSummary, count};

pub const EXAMPLES: &str = "Examples:
  unhop board count --board triangle
  unhop board count --board triangle --method exhaustive --json
  unhop board count --board petersen --goal any";

/// The arguments of `board count` and `board moves`.
#[derive(clap::Args)]
pub struct CountArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// fast: level by level over positions up to symmetry; exhaustive: its slow twin, plain
    /// recursion over raw positions (boards of at most 20 holes)
    #[arg(long, default_value = "fast")]
    pub method: unhop::Method,
    #[command(flatten)]
    pub out: Out,
}

pub fn run(args: CountArgs) -> Result<Verdict, Failure> {
    args.out.check(json_or_text(args.game.json))?;
    let (board, start, goal) = game(&args.game)?;
    let report = {
        let progress = TerminalProgress::new();
        let budget = crate::cli::budget();
        count(&board, start, goal, args.method, &budget, &progress)?
    };
    let summary = CountSummary::new(&board, start, goal, &report);
    if args.game.json {
        return print_json(&summary, args.out.path.as_deref());
    }
    let row = |a: &dyn std::fmt::Display, b: u64, c: u64, d: u64, e: u64| {
        format!("{a:>5} {b:>14} {c:>14} {d:>14} {e:>14}\n")
    };
    let mut text = format!(
        "board {}, start {}, goal {} ({} symmetries fixing both)\n{:>5} {:>14} {:>14} {:>14} {:>14}\n",
        board.name(),
        board.pattern(start),
        goal.describe(&board),
        report.symmetries,
        "pegs",
        "reachable",
        "up to symm.",
        "can finish",
        "up to symm."
    );
    for l in &report.levels {
        text += &row(
            &l.pegs,
            l.raw,
            l.up_to_symmetry,
            l.finishing_raw,
            l.finishing_up_to_symmetry,
        );
    }
    text += &row(
        &"total",
        summary.total_raw,
        summary.total_up_to_symmetry,
        summary.finishing_raw,
        summary.finishing_up_to_symmetry,
    );
    text += &format!("solution sequences: {}\n", summary.sequences);
    emit(&text, args.out.path.as_deref())?;
    Ok(Verdict::Done)
}
