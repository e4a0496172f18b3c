//! `unhop slide check`: whether boards can reach the goal.

use super::common::{BoardArgs, write_solvability};
use crate::cli::batch::{AllHold, Order};
use crate::cli::{Failure, Verdict};
use unhop::Method;
use unhop::sliding::{exhaustive, solvability};

#[derive(clap::Args)]
#[command(after_help = "Examples:
  unhop slide check 1,2,3/4,5,6/8,7,_
  unhop slide check '1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 15 14 _' --json
  unhop slide check 0 1 2 3 4 5 6 7 8 --goal first")]
pub struct Args {
    #[command(flatten)]
    boards: BoardArgs,
    /// fast: the inversion-parity test; exhaustive: a breadth-first search over every board
    /// reachable from the board (8-puzzle only, about 181,440 boards)
    #[arg(long, default_value = "fast")]
    method: Method,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let all = AllHold::new();
    let mut rows = args.boards.open_out()?;
    args.boards
        .for_each(&mut rows, Order::Parallel, |board, goal, out| {
            let answer = match args.method {
                Method::Fast => solvability(&board, &goal)?,
                Method::Exhaustive => exhaustive::reachable(&board, &goal, &out.budget())?,
            };
            all.record(answer.is_solvable());
            Ok(write_solvability(
                out,
                args.boards.json,
                &board,
                &goal,
                &answer,
            )?)
        })?;
    rows.finish()?;
    Ok(all.verdict())
}
