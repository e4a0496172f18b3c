//! The JSON reports of a solve and of a count: the objects `unhop board solve --json` and
//! `unhop board count --json` write and the Python module returns, built in one place so that
//! their fields cannot drift apart.

use super::board::Board;
use super::count::CountReport;
use super::geometry::{Jump, Position};
use super::position::Goal;
use super::replay::replay;
use super::solve::Outcome;
use crate::Error;
use serde_json::{Value, json};

/// The report of a solve from `start` to `goal`: `board`, `start`, `goal`, `solvable`, and
/// either `jumps` (objects `from`, `over`, `to` with hole names), `notation` and `final`, or
/// the `reason` there is no solution (with `pagoda`: `weights` by hole name, `start_value`,
/// `goal_value`, when a pagoda function proves it). A search that gave up has `solvable`
/// null. A solution is replayed by the independent checker ([`replay`]) first: an error if it
/// does not reach the goal.
///
/// # Complexity
/// O(jumps + holes), plus the replay.
///
/// ```
/// use unhop::boards::{Board, Goal, solve_report, solve_with};
/// let board = Board::named("triangle").unwrap();
/// let start = board.default_start();
/// let budget = unhop::budget::Budget::default();
/// let outcome = solve_with(&board, start, Goal::OnePeg, 1_000_000, &budget, &unhop::Quiet).unwrap();
/// let report = solve_report(&board, start, Goal::OnePeg, &outcome).unwrap();
/// assert_eq!(report["solvable"], true);
/// assert_eq!(report["jumps"].as_array().unwrap().len(), 13);
/// assert_eq!(report["jumps"][0]["to"], "1");
/// ```
pub fn solve_report(
    board: &Board,
    start: Position,
    goal: Goal,
    outcome: &Outcome,
) -> Result<Value, Error> {
    let head = |solvable: Value| {
        json!({
            "board": board.name(), "start": board.pattern(start), "goal": goal.describe(board),
            "solvable": solvable,
        })
    };
    let Outcome::Solved(jumps) = outcome else {
        let gave_up = matches!(outcome, Outcome::GaveUp { .. });
        let mut answer = head(if gave_up { Value::Null } else { json!(false) });
        answer["reason"] = json!(outcome.describe(board));
        if let Outcome::PagodaBound(proof) = outcome {
            let weights: serde_json::Map<String, Value> = (0..board.holes())
                .map(|h| {
                    (
                        board.hole_name(h).to_string(),
                        json!(proof.pagoda.weights()[h]),
                    )
                })
                .collect();
            answer["pagoda"] = json!({
                "weights": weights, "start_value": proof.start_value, "goal_value": proof.goal_value,
            });
        }
        return Ok(answer);
    };
    let positions = replay(board, start, jumps, goal)?;
    let hole = |h: u8| board.hole_name(h as usize);
    let mut answer = head(json!(true));
    answer["jumps"] = jumps
        .iter()
        .map(|j: &Jump| json!({"from": hole(j.from), "over": hole(j.over), "to": hole(j.to)}))
        .collect();
    answer["notation"] = jumps.iter().map(|&j| board.jump_name(j)).collect();
    answer["final"] = json!(board.pattern(*positions.last().unwrap_or(&start)));
    Ok(answer)
}

impl CountReport {
    /// The report of a count from `start` to `goal`: `board`, `start`, `goal`, `method`,
    /// `symmetries`, `levels` (per number of pegs: `pegs`, `raw`, `up_to_symmetry`,
    /// `finishing_raw`, `finishing_up_to_symmetry`), the totals `total_raw`,
    /// `total_up_to_symmetry`, `finishing_raw`, `finishing_up_to_symmetry`, and `sequences`
    /// (a decimal string: it may exceed any fixed-size integer).
    ///
    /// # Complexity
    /// O(levels).
    ///
    /// ```
    /// use unhop::{Method, Quiet, budget::Budget, boards::{Board, Goal, count}};
    /// let board = Board::named("triangle").unwrap();
    /// let start = board.default_start();
    /// let report =
    ///     count(&board, start, Goal::OnePeg, Method::Fast, &Budget::default(), &Quiet).unwrap();
    /// let json = report.to_json(&board, start, Goal::OnePeg);
    /// assert_eq!(json["sequences"], "29760");
    /// assert_eq!(json["levels"][0]["raw"], 1);
    /// ```
    pub fn to_json(&self, board: &Board, start: Position, goal: Goal) -> Value {
        let (raw, classes) = self.totals();
        let (finishing_raw, finishing_classes) = self.finishing_totals();
        let levels: Vec<Value> = self
            .levels
            .iter()
            .map(|l| {
                json!({"pegs": l.pegs, "raw": l.raw, "up_to_symmetry": l.up_to_symmetry,
                       "finishing_raw": l.finishing_raw,
                       "finishing_up_to_symmetry": l.finishing_up_to_symmetry})
            })
            .collect();
        json!({
            "board": board.name(), "start": board.pattern(start), "goal": goal.describe(board),
            "method": self.method.name(), "symmetries": self.symmetries,
            "levels": levels,
            "total_raw": raw, "total_up_to_symmetry": classes,
            "finishing_raw": finishing_raw, "finishing_up_to_symmetry": finishing_classes,
            "sequences": self.sequences.to_string(),
        })
    }
}
