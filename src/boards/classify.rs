//! Solvable and freely solvable graphs (Beeler and Hoilman, *Peg solitaire on graphs*, 2011).

use super::board::Board;
use super::position::Goal;
use super::solve::{Outcome, solve};
use crate::Error;

/// Which single-vacancy starts of a board can be reduced to one peg (anywhere).
///
/// A graph is *solvable* when some start with one hole can be reduced to one peg, *freely
/// solvable* when every such start can.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solvability {
    /// The holes whose vacancy can be reduced to one peg.
    pub solvable_vacancies: Vec<usize>,
    /// The holes whose vacancy the search gave up on (empty when every answer is exact).
    pub undecided: Vec<usize>,
    /// The number of holes.
    pub holes: usize,
}

impl Solvability {
    /// Some vacancy can be reduced to one peg.
    pub fn solvable(&self) -> bool {
        !self.solvable_vacancies.is_empty()
    }

    /// Every vacancy can be reduced to one peg.
    pub fn freely_solvable(&self) -> bool {
        self.solvable_vacancies.len() == self.holes
    }
}

/// Tries every single-vacancy start of `board` with the goal "one peg anywhere" (one
/// [`solve`] each, at most `limit` dead positions each).
///
/// ```
/// use unhop::boards::{Board, classify};
/// let petersen = classify(&Board::named("petersen").unwrap(), 1_000_000).unwrap();
/// assert!(petersen.freely_solvable());
/// let star = classify(&Board::named("star:3").unwrap(), 1_000_000).unwrap();
/// assert!(!star.solvable());
/// ```
pub fn classify(board: &Board, limit: usize) -> Result<Solvability, Error> {
    let mut solvable_vacancies = Vec::new();
    let mut undecided = Vec::new();
    for vacancy in 0..board.holes() {
        match solve(board, board.full() & !(1 << vacancy), Goal::OnePeg, limit)? {
            Outcome::Solved(_) => solvable_vacancies.push(vacancy),
            Outcome::GaveUp { .. } => undecided.push(vacancy),
            Outcome::ClassMismatch(_) | Outcome::PagodaBound(_) | Outcome::Exhausted { .. } => {}
        }
    }
    Ok(Solvability {
        solvable_vacancies,
        undecided,
        holes: board.holes(),
    })
}
