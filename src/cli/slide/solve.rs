//! `unhop slide solve`: shortest solutions, replayed before they are printed.

use super::common::{BoardArgs, PdbOptions, json_line, write_solvability};
use crate::cli::batch::{AllHold, Order};
use crate::cli::{Failure, Verdict, usage};
use std::io::Write;
use std::sync::{Mutex, PoisonError};
use unhop::Method;
use unhop::sliding::{
    Estimate, Outcome, Solvability, SolveReport, Solver, SolverConfig, parse_time_limit,
    solvability,
};

#[derive(clap::Args)]
#[command(after_help = "Examples:
  unhop slide solve 8 6 7 2 5 4 3 0 1
  unhop slide solve '5 1 2 4 / 9 6 3 8 / 13 10 7 11 / _ 14 15 12' --heuristic linear-conflict --json
  unhop slide solve 1 2 3 4 5 6 0 7 8 --method exhaustive
  unhop slide solve 1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 0
  printf '1 2 3 4 5 6 7 0 8\\n2 1 3 4 5 6 7 8 0\\n' | unhop slide solve - --json")]
pub struct Args {
    #[command(flatten)]
    boards: BoardArgs,
    /// Seconds of optimal search before the fast, unproven method answers, as when its
    /// nodes pass --max-work (the exhaustive method gives up instead, exit 2)
    #[arg(long, default_value = "15")]
    budget: f64,
    /// The estimate: auto (linear-conflict on 3×3, pdb on 4×4), manhattan, linear-conflict,
    /// pdb (pattern databases, 15-puzzle only)
    #[arg(long, default_value = "auto")]
    heuristic: Estimate,
    /// fast: IDA* guided by the estimate; exhaustive: plain IDA* with Manhattan distance on
    /// the boards as typed, its slow and obviously correct twin
    #[arg(long, default_value = "fast")]
    method: Method,
    #[command(flatten)]
    pdb: PdbOptions,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let usage = |e: unhop::Error| usage(&["slide", "solve"], e);
    let config = args
        .pdb
        .apply(SolverConfig::new())
        .estimate(args.heuristic)
        .time_limit(Some(
            parse_time_limit(args.budget).map_err(|e| e.context("--budget"))?,
        ))
        .method(args.method);
    config.validate().map_err(usage)?;
    let from_arguments = args.boards.given_as_arguments();
    let json = args.boards.json;
    // One board at a time: a board's search has a time limit, and later boards of the same
    // goal reuse the solver (its pattern databases) the first one built.
    let solver: Mutex<Option<Solver>> = Mutex::new(None);
    let all_solvable = AllHold::new();
    let mut rows = args.boards.open_out()?;
    args.boards
        .for_each(&mut rows, Order::OneAtATime, |board, goal, out| {
            let mut kept = solver.lock().unwrap_or_else(PoisonError::into_inner);
            // A batch read from standard input may mix sizes: there the pattern-database options
            // apply to the 4×4 boards.
            if from_arguments {
                config.validate_for(board.width()).map_err(usage)?;
            }
            // Before the solver: an unsolvable board needs no pattern database.
            let parity = solvability(&board, &goal)?;
            if !parity.is_solvable() {
                all_solvable.record(false);
                return Ok(write_solvability(out, json, &board, &goal, &parity)?);
            }
            // Limits apply per board; the databases are built under the first one's.
            let budget = out.budget();
            if kept.as_ref().is_none_or(|s| *s.goal() != goal) {
                *kept = Some(config.build(goal, &budget, &out.progress())?);
            }
            let solver = kept.as_ref().expect("set just above");
            let outcome = solver.run(&board, &budget, &out.progress())?;
            all_solvable.record(!matches!(outcome, Outcome::Unsolvable(_)));
            let written = match &outcome {
                _ if json => json_line(out, &SolveReport::new(&board, &outcome, solver)),
                Outcome::Unsolvable(why) => {
                    let answer = Solvability::Unsolvable(why.clone());
                    write_solvability(out, json, &board, &goal, &answer)
                }
                Outcome::Solved(s) => {
                    let status = if s.proven_optimal {
                        "proven optimal".to_string()
                    } else {
                        format!(
                            "NOT proven shortest: the time (--budget) or the work (--max-work) ran \
                         out and the row-column-3×3 method answered; no solution is shorter \
                         than {}",
                            s.lower_bound
                        )
                    };
                    let tiles: Vec<String> = s.tiles.iter().map(u8::to_string).collect();
                    writeln!(
                        out,
                        "{board}: {} moves, {status}; slide {}\n  ({} nodes, {:.3} s, {})",
                        s.tiles.len(),
                        if tiles.is_empty() {
                            "nothing".to_string()
                        } else {
                            tiles.join(" ")
                        },
                        s.nodes,
                        s.elapsed.as_secs_f64(),
                        solver.name()
                    )
                }
            };
            Ok(written?)
        })?;
    rows.finish()?;
    Ok(all_solvable.verdict())
}
