//! `unhop slide shuffle`: random solvable boards.

use super::common::RandomArgs;
use crate::cli::{Failure, Verdict};
use std::io::Write;
use unhop::sliding::random;

#[derive(clap::Args)]
#[command(after_help = "Examples:
  unhop slide shuffle --seed 7 --count 2
  unhop slide shuffle --size 3 --goal first --seed 1 --json")]
pub struct Args {
    #[command(flatten)]
    random: RandomArgs,
    /// How many boards, one per line (1 to 10^6, about ten seconds)
    #[arg(long, default_value = "1", value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    count: u64,
    /// Machine-readable output: one JSON object per line, {"board", "goal"}
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let (goal, mut rng) = args.random.start()?;
    let mut out = std::io::stdout().lock();
    for board in random::shuffles(&goal, &mut rng).take(args.count as usize) {
        if args.json {
            let o = serde_json::json!({"board": board.to_string(), "goal": goal.to_string()});
            writeln!(out, "{o}")?;
        } else {
            writeln!(out, "{board}")?;
        }
    }
    Ok(Verdict::Done)
}
