//! The counts and the minimum number of moves by either [`Method`]: the fast level sweep or
//! its exhaustive twin, with one report type each.

use super::board::Board;
use super::count::{CountReport, SweepLimits, sweep_within};
use super::exhaustive;
use super::geometry::Position;
use super::moves::{MinMoves, min_moves};
use super::position::Goal;
use crate::{Error, Method, Progress};

/// Every position reachable from `start` by number of pegs, raw and up to symmetry, those
/// that can still reach `goal`, and the number of solution sequences, by `method`:
/// [`Method::Fast`] sweeps canonical positions level by level within `limits`
/// ([`sweep_within`], which reports to `progress` and refuses what would exceed the limits,
/// with the estimate); [`Method::Exhaustive`] is plain recursion over raw positions
/// ([`exhaustive::count`], boards of at most [`exhaustive::MAX_HOLES`] holes; `limits` and
/// `progress` unused). Both give the same report.
///
/// # Complexity
/// Fast: O(r · j + c · s) for r positions up to symmetry, j jumps, c successors and s
/// symmetries. Exhaustive: exponential in the holes.
///
/// ```
/// use unhop::boards::{Board, Goal, SweepLimits, count};
/// use unhop::{Method, Quiet};
/// let triangle = Board::named("triangle").unwrap();
/// let start = triangle.default_start();
/// let fast = count(&triangle, start, Goal::OnePeg, Method::Fast, SweepLimits::default(), &Quiet).unwrap();
/// let slow = count(&triangle, start, Goal::OnePeg, Method::Exhaustive, SweepLimits::default(), &Quiet).unwrap();
/// assert_eq!(fast.levels, slow.levels);
/// assert_eq!(fast.sequences, slow.sequences);
/// ```
pub fn count(
    board: &Board,
    start: Position,
    goal: Goal,
    method: Method,
    limits: SweepLimits,
    progress: &dyn Progress,
) -> Result<CountReport, Error> {
    match method {
        Method::Fast => Ok(CountReport::from_sweep(&sweep_within(
            board, start, goal, limits, progress,
        )?)),
        Method::Exhaustive => exhaustive::count(board, start, goal),
    }
}

/// The minimum number of moves (a move: one or more jumps by the same peg) from `start` to
/// `goal`, with a shortest solution (replayed) and the count of positions first reached
/// after each number of moves, by `method`: [`Method::Fast`] sweeps within `limits` and
/// searches the positions that can finish ([`min_moves`]); [`Method::Exhaustive`] searches
/// raw positions ([`exhaustive::min_moves`]). `None` when the goal cannot be reached.
///
/// # Complexity
/// Fast: that of [`count`] plus O(f · c) for f finishing positions and c chain endings per
/// position. Exhaustive: exponential in the holes.
///
/// ```
/// use unhop::boards::{Board, Goal, SweepLimits, moves};
/// use unhop::{Method, Quiet};
/// let triangle = Board::named("triangle").unwrap();
/// let start = triangle.default_start();
/// let best = moves(&triangle, start, Goal::OnePeg, Method::Fast, SweepLimits::default(), &Quiet).unwrap().unwrap();
/// assert_eq!(best.moves.len(), 10);
/// ```
pub fn moves(
    board: &Board,
    start: Position,
    goal: Goal,
    method: Method,
    limits: SweepLimits,
    progress: &dyn Progress,
) -> Result<Option<MinMoves>, Error> {
    match method {
        Method::Fast => {
            let sweep = sweep_within(board, start, goal, limits, progress)?;
            min_moves(board, start, goal, &sweep)
        }
        Method::Exhaustive => exhaustive::min_moves(board, start, goal),
    }
}
