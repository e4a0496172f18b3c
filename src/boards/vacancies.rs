//! Every single-vacancy start of a board against every one-peg finish.

use super::board::Board;
use super::position::Goal;
use super::solve::{Outcome, solve};
use crate::Error;

/// One start of [`single_vacancies`]: the empty hole, and for every hole of the board the
/// solver's answer for finishing with one peg there.
#[derive(Clone, Debug)]
pub struct VacancyRow {
    /// The hole empty at the start.
    pub vacancy: usize,
    /// `(finish hole, outcome)` for every hole of the board.
    pub finishes: Vec<(usize, Outcome)>,
}

/// For one vacancy per class of symmetric holes (the lowest-numbered), every one-peg finish
/// with its answer: a replayed solution, a position-class proof, an exhaustive search, or
/// "gave up" after `limit` dead positions. Costs one [`solve`] per pair.
///
/// ```
/// use unhop::boards::{Board, Outcome, single_vacancies};
/// let triangle = Board::named("triangle").unwrap();
/// let rows = single_vacancies(&triangle, 1_000_000).unwrap();
/// assert_eq!(rows.len(), 4); // corner, edge next to a corner, edge middle, inner hole
/// assert!(rows[0].finishes.iter().any(|(_, o)| matches!(o, Outcome::Solved(_))));
/// ```
pub fn single_vacancies(board: &Board, limit: usize) -> Result<Vec<VacancyRow>, Error> {
    let group = board.symmetries();
    let mut rows = Vec::new();
    for vacancy in 0..board.holes() {
        let representative =
            (0..group.order()).all(|g| group.permutations()[g][vacancy] as usize >= vacancy);
        if !representative {
            continue;
        }
        let start = board.full() & !(1 << vacancy);
        let finishes = (0..board.holes())
            .map(|finish| Ok((finish, solve(board, start, Goal::PegAt(finish), limit)?)))
            .collect::<Result<Vec<_>, Error>>()?;
        rows.push(VacancyRow { vacancy, finishes });
    }
    Ok(rows)
}
