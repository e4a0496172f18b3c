//! `unhop board count`: every reachable position by number of pegs, raw and up to symmetry,
//! those that can still finish, and the number of solution sequences, by either method.

use super::{GameArgs, game, print_json};
use crate::cli::output::emit;
use crate::cli::progress::TerminalProgress;
use crate::cli::{Failure, Verdict, usage};
use unhop::boards::{DEFAULT_MAX_POSITIONS, DEFAULT_MAX_WORK, SweepLimits, count, exhaustive};

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
    // With the fast method only: optional so that the exhaustive one can refuse them.
    #[arg(long, help = format!(
        "With the fast method: refuse when more positions than this (up to symmetry) would be \
         kept (8 bytes each) [default: {DEFAULT_MAX_POSITIONS}]"
    ))]
    pub max_positions: Option<usize>,
    #[arg(long, help = format!(
        "With the fast method: refuse, before starting a level, when the work so far and the \
         level's estimated work would exceed this (a level: its positions one level up × the \
         board's jumps, plus its successors × the symmetries, × 2 above the goal's level for \
         the backward pass) [default: {DEFAULT_MAX_WORK}]"
    ))]
    pub max_work: Option<u64>,
}

impl CountArgs {
    /// The limits of the fast method.
    pub fn limits(&self) -> SweepLimits {
        SweepLimits {
            max_positions: self.max_positions.unwrap_or(DEFAULT_MAX_POSITIONS),
            max_work: self.max_work.unwrap_or(DEFAULT_MAX_WORK),
            ..SweepLimits::default()
        }
    }

    /// The exhaustive twin has no such limits: refuses them rather than ignore them.
    pub fn check_method(&self, command: &str) -> Result<(), Failure> {
        let given = match (self.max_positions, self.max_work) {
            (Some(_), _) => "--max-positions",
            (None, Some(_)) => "--max-work",
            (None, None) => return Ok(()),
        };
        match self.method {
            unhop::Method::Fast => Ok(()),
            unhop::Method::Exhaustive => Err(usage(
                &["board", command],
                format!(
                    "{given} limits the fast method's sweep; --method exhaustive takes boards \
                     of at most {} holes instead",
                    exhaustive::MAX_HOLES
                ),
            )),
        }
    }
}

pub fn run(args: CountArgs) -> Result<Verdict, Failure> {
    args.check_method("count")?;
    let (board, start, goal) = game(&args.game)?;
    let report = {
        let progress = TerminalProgress::new();
        count(&board, start, goal, args.method, args.limits(), &progress)?
    };
    let (raw, classes) = report.totals();
    let (finishing_raw, finishing_classes) = report.finishing_totals();
    if args.game.json {
        return print_json(&report.to_json(&board, start, goal));
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
    text += &row(&"total", raw, classes, finishing_raw, finishing_classes);
    text += &format!("solution sequences: {}\n", report.sequences);
    emit(&text, None)?;
    Ok(Verdict::Done)
}
