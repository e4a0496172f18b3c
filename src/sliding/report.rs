//! The JSON reports of the sliding puzzle: the objects `unhop slide solve --json` and `unhop
//! slide check --json` write and the Python module returns, built in one place so that their
//! fields cannot drift apart.

use super::board::Board;
use super::solvability::Solvability;
use super::solve::{Outcome, Solver};
use serde_json::{Value, json};

/// The report of a solvability check of `board` against `goal` (by
/// [`solvability`](super::solvability) or its twin): `board`, `goal`, `solvable`, and the
/// `reason` when it is not.
///
/// # Complexity
/// O(cells).
///
/// ```
/// use unhop::sliding::{Board, solvability, solvability_report};
/// let board: Board = "1 2 3 4 5 6 8 7 _".parse().unwrap();
/// let goal = Board::solved(3, false);
/// let report = solvability_report(&board, &goal, &solvability(&board, &goal).unwrap());
/// assert_eq!(report["solvable"], false);
/// assert!(report["reason"].as_str().unwrap().contains("inversion"));
/// ```
pub fn solvability_report(board: &Board, goal: &Board, answer: &Solvability) -> Value {
    let mut report = json!({
        "board": board.to_string(), "goal": goal.to_string(), "solvable": answer.is_solvable(),
    });
    if let Some(why) = answer.unsolvable() {
        report["reason"] = json!(why.to_string());
    }
    report
}

/// The report of `solver`'s `outcome` for `board`: as [`solvability_report`], and for a
/// solution `length`, `tiles` (the tiles slid, in order), `proven_optimal`, `lower_bound`,
/// `fallback`, `nodes`, `seconds`, `heuristic` and `method`.
///
/// # Complexity
/// O(solution length).
///
/// ```
/// use unhop::{Quiet, budget::Budget, sliding::{Board, SolverConfig, solve_report}};
/// let board: Board = "1 2 3 4 5 6 _ 7 8".parse().unwrap();
/// let goal = Board::solved(3, false);
/// let budget = Budget::default();
/// let solver = SolverConfig::new().build(goal.clone(), &budget, &Quiet).unwrap();
/// let outcome = solver.run(&board, &budget, &Quiet).unwrap();
/// let report = solve_report(&board, &goal, &outcome, &solver);
/// assert_eq!(report["tiles"], serde_json::json!([7, 8]));
/// assert_eq!(report["proven_optimal"], true);
/// ```
pub fn solve_report(board: &Board, goal: &Board, outcome: &Outcome, solver: &Solver) -> Value {
    match outcome {
        Outcome::Unsolvable(why) => {
            solvability_report(board, goal, &Solvability::Unsolvable(why.clone()))
        }
        Outcome::Solved(s) => json!({
            "board": board.to_string(), "goal": goal.to_string(),
            "solvable": true, "length": s.tiles.len(), "tiles": s.tiles,
            "proven_optimal": s.proven_optimal, "lower_bound": s.lower_bound,
            "fallback": s.fallback, "nodes": s.nodes,
            "seconds": s.elapsed.as_secs_f64(),
            "heuristic": solver.guide().name(), "method": solver.method().name(),
        }),
    }
}
