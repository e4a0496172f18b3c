//! The solver's help on a position, as the page's peg-solitaire tab gives it: whether it can
//! still finish with one peg, where, with the rest of a solution; and when it cannot, why, in
//! a form a board can show (the holes of a position class, the weights of a pagoda function
//! for each finish the classes allow).

use super::board::Board;
use super::classes::PositionClasses;
use super::geometry::Position;
use super::pagoda::Pagoda;
use super::position::Goal;
use super::report::{PagodaReport, SolveReport};
use super::solve::{Outcome, Verdict, solve_with};
use crate::budget::Budget;
use crate::{Error, Progress};
use serde::Serialize;

/// The solver's help on a position: [`help`]'s answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct HelpReport {
    /// Solved (it can finish with one peg), impossible, or undecided (the search gave up).
    pub verdict: Verdict,
    /// The solve to one peg anywhere, as `unhop board solve --goal any --json` reports it:
    /// the jumps of a solution (the first is the hint), or why there is none.
    pub solve: SolveReport,
    /// The hole the solution's last peg stands in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub finish: Option<String>,
    /// When the position classes rule out every finish: the holes of an invariant whose pegs'
    /// parity differs from that of every one-peg finish.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub class_holes: Option<Vec<String>>,
    /// When the classes allow some finishes: those finishes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub possible_finishes: Option<Vec<String>>,
    /// For each finish the classes allow that a pagoda function rules out: the function.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pagodas: Option<Vec<FinishPagoda>>,
}

/// A finish ruled out by a pagoda function.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct FinishPagoda {
    /// The hole of the one peg.
    pub finish: String,
    /// The function: the position is worth less than one peg there.
    pub pagoda: PagodaReport,
}

/// The solver's help on `position`: a search for one peg anywhere ([`solve_with`]), giving up
/// after `limit` dead positions (or the budget's position limit, if less), reporting to
/// `progress`. A solution is replayed; where it finishes is said. When there is none: the
/// holes of the separating position class, or else, for every finish the classes allow, the
/// pagoda function that rules it out if one does ([`Pagoda::separating`]).
///
/// # Complexity
/// The search's ([`solve_with`]), plus one small linear program per finish the classes allow
/// when there is no solution.
///
/// # Errors
/// As [`solve_with`]: past the budget's work or memory limit.
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget, boards::{Board, Verdict, help}};
/// let row = Board::named("row:110101").unwrap();
/// let budget = Budget::default();
/// let yes = help(&row, row.default_start(), 1_000, &budget, &Quiet).unwrap();
/// assert_eq!((yes.verdict, yes.finish.as_deref()), (Verdict::Solved, Some("3")));
/// let no = help(&row, row.parse_position("100001").unwrap(), 1_000, &budget, &Quiet).unwrap();
/// assert_eq!(no.verdict, Verdict::Impossible);
/// assert_eq!(no.solve.solvable, Some(false));
/// ```
pub fn help(
    board: &Board,
    position: Position,
    limit: usize,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<HelpReport, Error> {
    let outcome = solve_with(board, position, Goal::OnePeg, limit, budget, progress)?;
    let names = |holes: &mut dyn Iterator<Item = usize>| -> Vec<String> {
        holes.map(|h| board.hole_name(h).to_string()).collect()
    };
    let mut report = HelpReport {
        verdict: outcome.verdict(),
        solve: SolveReport::new(board, position, Goal::OnePeg, &outcome)?,
        finish: None,
        class_holes: None,
        possible_finishes: None,
        pagodas: None,
    };
    match &outcome {
        Outcome::Solved(jumps) => {
            let last = jumps.iter().fold(position, |p, j| j.apply(p));
            report.finish = Some(board.hole_name(last.trailing_zeros() as usize).to_string());
        }
        Outcome::ClassMismatch(proof) => {
            let holes = proof.separators[0].1;
            report.class_holes = Some(names(
                &mut (0..board.holes()).filter(|h| holes >> h & 1 == 1),
            ));
        }
        Outcome::Exhausted { .. } | Outcome::PagodaBound(_) => {
            // The classes allow some finishes; a pagoda function may rule each one out.
            let finishes = PositionClasses::of(board).possible_finishes(board, position);
            let mut pagodas = Vec::new();
            for &h in &finishes {
                if let Some(proof) = Pagoda::separating(board, position, 1 << h, budget)? {
                    pagodas.push(FinishPagoda {
                        finish: board.hole_name(h).to_string(),
                        pagoda: PagodaReport::new(board, &proof),
                    });
                }
            }
            report.possible_finishes = Some(names(&mut finishes.into_iter()));
            report.pagodas = Some(pagodas);
        }
        Outcome::GaveUp { .. } => {}
    }
    Ok(report)
}
