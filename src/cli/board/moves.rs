//! `unhop board moves`: the minimum number of moves, with the search that proves it.

use super::count::CountArgs;
use super::{game, print_json};
use crate::cli::output::{emit, json_or_text};
use crate::cli::progress::TerminalProgress;
use crate::cli::{Failure, Verdict};
use unhop::boards::{MovesReport, moves};

pub const EXAMPLES: &str = "Examples:
  unhop board moves --board triangle
  unhop board moves --board triangle --method exhaustive --json";

pub fn run(args: CountArgs) -> Result<Verdict, Failure> {
    args.out.check(json_or_text(args.game.json))?;
    let (board, start, goal) = game(&args.game)?;
    let best = {
        let progress = TerminalProgress::new();
        let budget = crate::cli::budget();
        moves(&board, start, goal, args.method, &budget, &progress)?
    };
    if args.game.json {
        let report = MovesReport::new(&board, start, goal, args.method, best.as_ref());
        print_json(&report, args.out.path.as_deref())?;
        return Ok(if best.is_some() {
            Verdict::Done
        } else {
            Verdict::False
        });
    }
    let Some(best) = best else {
        emit(
            &format!(
                "no solution from {} to {}\n",
                board.pattern(start),
                goal.describe(&board)
            ),
            args.out.path.as_deref(),
        )?;
        return Ok(Verdict::False);
    };
    let count = best.moves.len();
    let written: Vec<String> = best.moves.iter().map(|m| board.move_name(m)).collect();
    let mut text = format!(
        "minimum moves from {} to {}: {count}\n",
        board.pattern(start),
        goal.describe(&board)
    );
    if !written.is_empty() {
        text += &format!("moves (replayed): {}\n", written.join(" "));
        let proof: Vec<String> = best
            .first_reached
            .iter()
            .enumerate()
            .map(|(m, n)| format!("{m}:{n}"))
            .collect();
        text += &format!(
            "proof: breadth-first search over every position that can still finish; positions first reached after m moves (up to symmetry) {}; none before move {count} is the goal\n",
            proof.join(" ")
        );
    }
    emit(&text, args.out.path.as_deref())?;
    Ok(Verdict::Done)
}
