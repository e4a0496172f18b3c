//! `unhop slide shuffle`: random solvable boards.

use super::common::{RandomArgs, json_line};
use crate::cli::output::{Out, json_or_text};
use crate::cli::{Failure, Verdict};
use std::io::Write;
use unhop::sliding::{ShuffledBoard, random};

#[derive(clap::Args)]
#[command(after_help = "Examples:
  unhop slide shuffle --seed 7 --count 2
  unhop slide shuffle --size 3 --goal first --seed 1 --json")]
pub struct Args {
    #[command(flatten)]
    random: RandomArgs,
    /// How many boards, one per line (at least 1; a million take seconds; a count over the
    /// work limit is refused, see --max-work)
    #[arg(long, default_value = "1", value_parser = clap::value_parser!(u64).range(1..))]
    count: u64,
    /// Machine-readable output: one JSON object per line, {"board", "goal"}
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    out: Out,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let (goal, mut rng) = args.random.start()?;
    args.out.check(json_or_text(args.json))?;
    let budget = crate::cli::budget();
    let boards = random::shuffled_boards(&goal, args.count, &mut rng, &budget)?;
    let mut out = args.out.open()?;
    for board in boards {
        let board = board?;
        if args.json {
            json_line(&mut out, &ShuffledBoard { board, goal })?;
        } else {
            writeln!(out, "{board}")?;
        }
    }
    out.finish()?;
    Ok(Verdict::Done)
}
