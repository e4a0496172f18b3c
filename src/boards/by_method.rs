//! The solver, the counts and the minimum number of moves by either [`Method`]: the fast
//! search or sweep, or its exhaustive twin, with one answer type each.

use super::board::Board;
use super::count::{CountReport, SWEEP_STEPS, sweep, sweep_with_meter};
use super::exhaustive;
use super::geometry::Position;
use super::moves::{MinMoves, min_moves_with_meter};
use super::position::Goal;
use super::solve::{Outcome, solve_with};
use crate::budget::Budget;
use crate::{Error, Method, Progress};

/// Every position reachable from `start` by number of pegs, raw and up to symmetry, those
/// that can still reach `goal`, and the number of solution sequences, by `method`, under
/// `budget`: [`Method::Fast`] sweeps canonical positions level by level ([`sweep`], which
/// reports to `progress` and refuses a level whose estimate would pass the work limit);
/// [`Method::Exhaustive`] is plain recursion over raw positions ([`exhaustive::count`],
/// boards of at most [`exhaustive::MAX_HOLES`] holes, its work the positions it visits;
/// `progress` unused). Both give the same report.
///
/// # Complexity
/// Fast: O(r · j + c · s) for r positions up to symmetry, j jumps, c successors and s
/// symmetries. Exhaustive: exponential in the holes.
///
/// # Examples
///
/// ```
/// use unhop::boards::{Board, Goal, count};
/// use unhop::{Method, Quiet, budget::Budget};
/// let triangle = Board::named("triangle").unwrap();
/// let start = triangle.default_start();
/// let budget = Budget::default();
/// let fast = count(&triangle, start, Goal::OnePeg, Method::Fast, &budget, &Quiet).unwrap();
/// let slow = count(&triangle, start, Goal::OnePeg, Method::Exhaustive, &budget, &Quiet).unwrap();
/// assert_eq!(fast.levels, slow.levels);
/// assert_eq!(fast.sequences, slow.sequences);
/// ```
pub fn count(
    board: &Board,
    start: Position,
    goal: Goal,
    method: Method,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<CountReport, Error> {
    match method {
        Method::Fast => Ok(CountReport::from_sweep(&sweep(
            board, start, goal, budget, progress,
        )?)),
        Method::Exhaustive => exhaustive::count(board, start, goal, budget),
    }
}

/// The minimum number of moves (a move: one or more jumps by the same peg) from `start` to
/// `goal`, with a shortest solution (replayed) and the count of positions first reached
/// after each number of moves, by `method`, under `budget`: [`Method::Fast`] sweeps and
/// searches the positions that can finish ([`min_moves`](super::min_moves)), both charged
/// to one meter of [`SWEEP_STEPS`]; [`Method::Exhaustive`] searches raw positions
/// ([`exhaustive::min_moves`]). `None` when the goal cannot be reached.
///
/// # Complexity
/// Fast: that of [`count`] plus O(f · c · (j + s)) for f finishing positions and c chain
/// endings per position. Exhaustive: exponential in the holes.
///
/// # Examples
///
/// ```
/// use unhop::boards::{Board, Goal, moves};
/// use unhop::{Method, Quiet, budget::Budget};
/// let triangle = Board::named("triangle").unwrap();
/// let start = triangle.default_start();
/// let best = moves(&triangle, start, Goal::OnePeg, Method::Fast, &Budget::default(), &Quiet)
///     .unwrap()
///     .unwrap();
/// assert_eq!(best.moves.len(), 10);
/// ```
pub fn moves(
    board: &Board,
    start: Position,
    goal: Goal,
    method: Method,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<Option<MinMoves>, Error> {
    match method {
        Method::Fast => {
            let meter = budget.meter(
                format!("the shortest solution in moves on {}", board.name()),
                SWEEP_STEPS,
            );
            let max_positions = budget.position_limit(super::DEFAULT_MAX_POSITIONS);
            let sweep = sweep_with_meter(board, start, goal, max_positions, &meter, progress)?;
            min_moves_with_meter(board, start, goal, &sweep, &meter)
        }
        Method::Exhaustive => exhaustive::min_moves(board, start, goal, budget),
    }
}

/// Looks for jumps from `start` to `goal` by `method`, under `budget`: [`Method::Fast`] is
/// [`solve_with`] (giving up after `limit` dead positions, or the budget's position limit if
/// less, reporting to `progress`); [`Method::Exhaustive`] is plain recursion over raw
/// positions ([`exhaustive::solve`], boards of at most [`exhaustive::MAX_HOLES`] holes, its
/// work the positions it visits; `limit` and `progress` unused). Both find a solution exactly
/// when there is one; the jumps, and the proof when there is none, may differ.
///
/// # Complexity
/// Fast: as [`solve_with`]. Exhaustive: exponential in the holes.
///
/// # Examples
///
/// ```
/// use unhop::boards::{Board, Goal, solve_by};
/// use unhop::{Method, Quiet, budget::Budget};
/// let board = Board::named("row:1101101").unwrap();
/// let budget = Budget::default();
/// for method in Method::ALL {
///     let outcome = solve_by(&board, board.default_start(), Goal::OnePeg, 1_000, method, &budget, &Quiet);
///     assert_eq!(outcome.unwrap().verdict().name(), "impossible");
/// }
/// ```
pub fn solve_by(
    board: &Board,
    start: Position,
    goal: Goal,
    limit: usize,
    method: Method,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<Outcome, Error> {
    match method {
        Method::Fast => solve_with(board, start, goal, limit, budget, progress),
        Method::Exhaustive => exhaustive::solve(board, start, goal, budget),
    }
}
