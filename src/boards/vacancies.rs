//! Every single-vacancy start of a board against every one-peg finish, under one budget for
//! the whole table.

use super::board::Board;
use super::classes::PositionClasses;
use super::count::{DEFAULT_MAX_POSITIONS, sweep_with_meter};
use super::pagoda::PAGODA_BYTES;
use super::position::Goal;
use super::solve::{Outcome, PRUNE_AFTER, admitted, dead_limit, search_cost, solve_with_meter};
use crate::budget::{Budget, Meter};
use crate::{Error, Progress, Quiet};

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

/// The start–finish pairs of a table of [`single_vacancies`] that the search gave up on: a
/// table with any is printed whole but is not an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undecided {
    /// The pairs the search gave up on.
    pub pairs: usize,
    /// All the pairs of the table.
    pub of: usize,
    /// The dead positions each search was allowed.
    pub limit: usize,
}

impl Undecided {
    /// The undecided pairs of `rows`, if there are any.
    ///
    /// # Complexity
    /// O(pairs).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Quiet, budget::Budget, boards::{Board, Undecided, single_vacancies}};
    /// let triangle = Board::named("triangle").unwrap();
    /// let rows = single_vacancies(&triangle, 1_000_000, false, &Budget::default(), &Quiet, &mut |_| true).unwrap();
    /// assert_eq!(Undecided::of(&rows), None);
    /// let tight = Budget::default().with_max_positions(0);
    /// let rows = single_vacancies(&triangle, 1_000_000, false, &tight, &Quiet, &mut |_| true).unwrap();
    /// let undecided = Undecided::of(&rows).unwrap();
    /// assert_eq!((undecided.of, undecided.limit), (60, 0));
    /// ```
    pub fn of(rows: &[VacancyRow]) -> Option<Undecided> {
        let limit =
            rows.iter()
                .flat_map(|row| &row.finishes)
                .find_map(|(_, outcome)| match outcome {
                    Outcome::GaveUp { limit } => Some(*limit),
                    _ => None,
                })?;
        Some(Undecided {
            pairs: rows.iter().map(VacancyRow::undecided).sum(),
            of: rows.iter().map(|row| row.finishes.len()).sum(),
            limit,
        })
    }
}

/// For one vacancy per class of symmetric holes (the lowest-numbered), every one-peg finish
/// with its answer: a replayed solution, a position-class proof, an exhaustive search, or
/// "gave up" after `limit` dead positions (or the budget's position limit, if less). Costs
/// one [`solve`](super::solve) per pair. With `sweep`, a pair the search gave up on is
/// settled by a level sweep ([`sweep`](super::sweep), at most the budget's position limit or
/// [`DEFAULT_MAX_POSITIONS`]): a solution read back from it, or "exhausted" (every reachable
/// position visited). `on_row` sees each row as soon as it is complete (the whole table of a
/// large board takes minutes) and returns whether to go on; the rows so far are returned
/// when it says stop. `progress` counts the pairs of start and finish decided.
///
/// # Limits
/// The whole table runs under one meter of `budget`, in
/// [`SOLVER_STEPS`](super::SOLVER_STEPS): every search, linear program and sweep of every
/// pair is charged to it. When the steps of every pair can be bounded within the work limit
/// in advance (on small boards: the positions between the start's pegs and the goal's, each
/// with its jumps, symmetry images and pagoda values), that bound and the bytes of the
/// costliest pair and of the answers are the table's estimate, refused up front when over a
/// limit; else the table goes on until its work or its memory passes the limit, and then
/// stops with an error ([`ErrorKind::GaveUp`](crate::ErrorKind::GaveUp)) with what it spent
/// and the limit, the rows before it already given to `on_row`. No error of a pair is turned
/// into an answer.
///
/// # Complexity
/// One [`solve`](super::solve) per pair of a start (one per orbit of holes) and a finish
/// (every hole), each O(r · (j + s + f)); with `sweep`, a level sweep for each pair the search
/// gave up on.
///
/// # Examples
///
/// ```
/// use unhop::Quiet;
/// use unhop::boards::{Board, Outcome, single_vacancies};
/// use unhop::budget::Budget;
/// let triangle = Board::named("triangle").unwrap();
/// let rows = single_vacancies(&triangle, 1_000_000, false, &Budget::default(), &Quiet, &mut |_| true).unwrap();
/// assert_eq!(rows.len(), 4); // corner, edge next to a corner, edge middle, inner hole
/// assert!(rows[0].finishes.iter().any(|(_, o)| matches!(o, Outcome::Solved(_))));
/// let tight = Budget::default().with_max_work(1_000);
/// let err = single_vacancies(&triangle, 1_000_000, false, &tight, &Quiet, &mut |_| true).unwrap_err();
/// assert_eq!(err.figures().unwrap().limit, 1_000);
/// ```
pub fn single_vacancies(
    board: &Board,
    limit: usize,
    sweep: bool,
    budget: &Budget,
    progress: &dyn Progress,
    on_row: &mut dyn FnMut(&VacancyRow) -> bool,
) -> Result<Vec<VacancyRow>, Error> {
    let group = board.symmetries();
    let representatives: Vec<usize> = (0..board.holes())
        .filter(|&v| (0..group.order()).all(|g| group.permutations()[g][v] as usize >= v))
        .collect();
    let limit = dead_limit(limit, budget);
    let meter = table_meter(board, &representatives, limit, sweep, budget)?;
    let sweep_positions = budget.position_limit(DEFAULT_MAX_POSITIONS);
    let pairs = representatives.len() * board.holes();
    progress.start("pairs of start and finish decided", Some(pairs as u64));
    let mut rows = Vec::new();
    for vacancy in representatives {
        let start = board.full() & !(1 << vacancy);
        let mut finishes = Vec::with_capacity(board.holes());
        for finish in 0..board.holes() {
            let goal = Goal::PegAt(finish);
            let outcome = match solve_with_meter(board, start, goal, limit, &meter)? {
                Outcome::GaveUp { .. } if sweep => {
                    let swept =
                        sweep_with_meter(board, start, goal, sweep_positions, &meter, &Quiet)?;
                    match swept.solution(board, start, goal)? {
                        Some(jumps) => Outcome::Solved(jumps),
                        None => Outcome::Exhausted {
                            positions: swept.totals().1 as usize,
                            pagodas: Vec::new(),
                        },
                    }
                }
                outcome => outcome,
            };
            progress.advance(1);
            finishes.push((finish, outcome));
        }
        let row = VacancyRow { vacancy, finishes };
        let go_on = on_row(&row);
        rows.push(row);
        if !go_on {
            break;
        }
    }
    Ok(rows)
}

/// The meter of the whole table ([`admitted`]): the steps of every search of a pair not ruled
/// out by class, and the bytes of the costliest one and of the answers kept; with `sweep`, no
/// estimate of the steps (a sweep's cannot be bounded usefully in advance).
fn table_meter(
    board: &Board,
    representatives: &[usize],
    limit: usize,
    sweep: bool,
    budget: &Budget,
) -> Result<Meter, Error> {
    let classes = PositionClasses::of(board);
    // The answers kept: a pagoda function or a solution for each pair at most.
    let pairs = (representatives.len() * board.holes()) as u128;
    let answers = pairs * (u128::from(PAGODA_BYTES) + 512);
    let (mut steps, mut bytes) = (0u128, 0u128);
    for &vacancy in representatives {
        let start = board.full() & !(1 << vacancy);
        for finish in 0..board.holes() {
            let goal = Goal::PegAt(finish);
            if classes.rule_out(board, start, goal).is_none() {
                let (pair_steps, pair_bytes) = search_cost(board, start, goal, limit, PRUNE_AFTER);
                steps = steps.saturating_add(pair_steps);
                bytes = bytes.max(pair_bytes);
            }
        }
    }
    if sweep {
        steps = u128::MAX;
    }
    let what = format!("the single-vacancy starts of {}", board.name());
    admitted(budget, what, (steps, bytes + answers))
}
