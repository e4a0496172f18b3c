//! Every single-vacancy start of a board against every one-peg finish.

use super::board::Board;
use super::count::sweep;
use super::position::Goal;
use super::solve::{Outcome, solve};
use crate::{Error, Progress};

/// One start of [`single_vacancies`]: the empty hole, and for every hole of the board the
/// solver's answer for finishing with one peg there.
#[derive(Clone, Debug)]
pub struct VacancyRow {
    /// The hole empty at the start.
    pub vacancy: usize,
    /// `(finish hole, outcome)` for every hole of the board.
    pub finishes: Vec<(usize, Outcome)>,
}

impl VacancyRow {
    /// The finishes the search gave up on. O(h).
    pub fn undecided(&self) -> usize {
        self.finishes
            .iter()
            .filter(|(_, outcome)| matches!(outcome, Outcome::GaveUp { .. }))
            .count()
    }
}

/// For one vacancy per class of symmetric holes (the lowest-numbered), every one-peg finish
/// with its answer: a replayed solution, a position-class proof, an exhaustive search, or
/// "gave up" after `limit` dead positions. Costs one [`solve`] per pair. With
/// `sweep_positions`, a pair the search gave up on is settled by a level sweep
/// ([`sweep`](super::sweep)) of at most that many positions: a solution read back from it,
/// or "exhausted" (every reachable position visited); a sweep over the limit leaves it
/// undecided. `on_row` sees each row as soon as it is complete (the whole table of a large
/// board takes minutes) and returns whether to go on; the rows so far are returned when it
/// says stop. `progress` counts the pairs of start and finish decided.
///
/// ```
/// use unhop::Quiet;
/// use unhop::boards::{Board, Outcome, single_vacancies};
/// let triangle = Board::named("triangle").unwrap();
/// let rows = single_vacancies(&triangle, 1_000_000, None, &Quiet, &mut |_| true).unwrap();
/// assert_eq!(rows.len(), 4); // corner, edge next to a corner, edge middle, inner hole
/// assert!(rows[0].finishes.iter().any(|(_, o)| matches!(o, Outcome::Solved(_))));
/// ```
pub fn single_vacancies(
    board: &Board,
    limit: usize,
    sweep_positions: Option<usize>,
    progress: &dyn Progress,
    on_row: &mut dyn FnMut(&VacancyRow) -> bool,
) -> Result<Vec<VacancyRow>, Error> {
    let group = board.symmetries();
    let representatives: Vec<usize> = (0..board.holes())
        .filter(|&v| (0..group.order()).all(|g| group.permutations()[g][v] as usize >= v))
        .collect();
    let pairs = representatives.len() * board.holes();
    progress.start("pairs of start and finish decided", Some(pairs as u64));
    let mut rows = Vec::new();
    for vacancy in representatives {
        let start = board.full() & !(1 << vacancy);
        let finishes = (0..board.holes())
            .map(|finish| {
                let goal = Goal::PegAt(finish);
                let outcome = match (solve(board, start, goal, limit)?, sweep_positions) {
                    (Outcome::GaveUp { .. }, Some(max)) => {
                        match sweep(board, start, goal, max, &mut |_, _| {}) {
                            Ok(s) => match s.solution(board, start, goal)? {
                                Some(jumps) => Outcome::Solved(jumps),
                                None => Outcome::Exhausted {
                                    positions: s.totals().1 as usize,
                                    pagodas: Vec::new(),
                                },
                            },
                            Err(_) => Outcome::GaveUp { limit },
                        }
                    }
                    (outcome, _) => outcome,
                };
                progress.advance(1);
                Ok((finish, outcome))
            })
            .collect::<Result<Vec<_>, Error>>()?;
        let row = VacancyRow { vacancy, finishes };
        let go_on = on_row(&row);
        rows.push(row);
        if !go_on {
            break;
        }
    }
    Ok(rows)
}
