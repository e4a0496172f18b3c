//! Solving a word: the minimum number of pegs, with hops replayed before they are returned.

use super::finite::solve_by_automaton;
use super::{Board, Hop, exhaustive, reduce, replay};
use crate::budget::{Budget, Estimate, WorkUnit};
use crate::error::Error;
use crate::method::Method;
use crate::progress::{Progress, Quiet};
use crate::word::{MAX_LEN, Word};

/// The work of the fast solver: the cells of the word, at most [`MAX_LEN`] (a longer word is
/// refused as it is read), so only `--max-work` can refuse on work.
pub const SOLVE_CELLS: WorkUnit = WorkUnit {
    name: "cells",
    default_limit: MAX_LEN as u64,
};

/// Bytes a cell the fast solver allocates on the infinite board: the fewest blocks of every
/// prefix (4), the replay's row of cells (1) and the final word.
const INFINITE_BYTES_PER_CELL: u128 = 6;
/// Bytes a cell on the finite board: each cell's choices of R's automaton (8), the cheapest
/// final word's cells (1), the replay's row (1) and the words.
const FINITE_BYTES_PER_CELL: u128 = 12;
/// Bytes a peg on either board: a hop (16) and its room in the replay, the blocks `11`
/// waiting on the infinite board (8).
const BYTES_PER_PEG: u128 = 28;
/// Bytes besides: the vectors' headers and the hop list's slack.
const FIXED_BYTES: u128 = 4096;

/// A solved word: the minimum, hops reaching it, and the replayed final configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The fewest pegs hops can leave.
    pub min_pegs: usize,
    /// Hops that leave that many, in the word's coordinates.
    pub hops: Vec<Hop>,
    /// The configuration after the hops, over cells `final_offset ..`.
    pub final_word: Word,
    /// The position of `final_word`'s first cell in the word (0 or negative).
    pub final_offset: i64,
}

/// Solves `word` on `board` with [`Method::Fast`].
///
/// # Complexity
///
/// O(n) time and space for a word of n cells on either board (the fast method), the hops
/// replayed by the checker.
///
///
/// # Examples
///
/// ```
/// use unhop::{Word, solitaire::{Board, solve}};
/// let s = solve(&"01111".parse().unwrap(), Board::Finite).unwrap();
/// assert_eq!((s.min_pegs, s.final_word.to_string()), (2, "10100".to_string()));
/// ```
pub fn solve(word: &Word, board: Board) -> Result<Solution, Error> {
    solve_with(word, board, Method::Fast)
}

/// Solves `word` on `board` with `method`, then replays the hops with the independent
/// checker ([`replay`]) and confirms that they leave exactly the minimum.
///
/// Linear time for [`Method::Fast`]; exponential for the exhaustive search, which errors
/// beyond its limits ([`exhaustive::MAX_FINITE_LEN`], [`exhaustive::MAX_POSITIONS`]).
///
/// # Complexity
///
/// O(n) with the fast method; the exhaustive one grows with the positions the word reaches.
///
/// # Examples
///
/// ```
/// use unhop::{Method, solitaire::{Board, solve_with}};
/// let word = "01111".parse().unwrap();
/// let fast = solve_with(&word, Board::Finite, Method::Fast).unwrap();
/// assert_eq!(fast.min_pegs, solve_with(&word, Board::Finite, Method::Exhaustive).unwrap().min_pegs);
/// ```
pub fn solve_with(word: &Word, board: Board, method: Method) -> Result<Solution, Error> {
    solve_with_progress(word, board, method, &Quiet)
}

/// [`solve_with`], passing `progress` to the exhaustive search (see
/// [`exhaustive::search_with_progress`]); the linear-time method does not report (it takes
/// well under a second for a million cells).
///
/// # Complexity
///
/// As [`solve_with`].
///
/// # Examples
///
/// ```
/// use unhop::{Method, Quiet, solitaire::{Board, solve_with_progress}};
/// let s = solve_with_progress(&"1101101".parse().unwrap(), Board::Infinite, Method::Fast, &Quiet).unwrap();
/// assert_eq!(s.min_pegs, 2);
/// ```
pub fn solve_with_progress(
    word: &Word,
    board: Board,
    method: Method,
    progress: &dyn Progress,
) -> Result<Solution, Error> {
    solve_within(word, board, method, progress, &Budget::default())
}

/// What the fast method costs on `word`: its cells as work ([`SOLVE_CELLS`]), and as memory an
/// upper bound of what it allocates, linear in the cells n and the pegs p: 6n + 28p bytes on
/// the infinite board, 12n + 28p on the finite one, plus 4 KiB. A word of 2^25 cells, all
/// pegs, comes to about 1.1 GB on the infinite board (what is really allocated is about half:
/// a hop for each peg is the worst case, a block `11` for two pegs the usual one).
///
/// # Complexity
///
/// O(n / 64): the pegs are counted a block of 64 cells at a time.
///
/// # Examples
///
/// ```
/// use unhop::solitaire::{Board, solve_estimate};
/// let word = "1101101".parse().unwrap();
/// let estimate = solve_estimate(&word, Board::Infinite);
/// assert_eq!((estimate.work, estimate.bytes), (7, 6 * 7 + 28 * 5 + 4096));
/// ```
pub fn solve_estimate(word: &Word, board: Board) -> Estimate {
    let (cells, pegs) = (word.len() as u128, word.pegs() as u128);
    let per_cell = match board {
        Board::Infinite => INFINITE_BYTES_PER_CELL,
        Board::Finite => FINITE_BYTES_PER_CELL,
    };
    Estimate {
        what: format!("solving a word of {cells} cells on the {board} board"),
        unit: SOLVE_CELLS,
        work: cells,
        bytes: per_cell * cells + BYTES_PER_PEG * pegs + FIXED_BYTES,
    }
}

/// [`solve_with_progress`] under `budget`: the fast method is refused up front
/// ([`crate::ErrorKind::Refused`], with the estimate, the limit and the unit) when its
/// [`solve_estimate`] is over the budget's memory or work limit; the exhaustive search stops
/// at its own limits.
///
/// # Complexity
///
/// As [`solve_with`].
///
/// # Examples
///
/// ```
/// use unhop::{ErrorKind, Method, Quiet, budget::Budget, solitaire::{Board, solve_within}};
/// let word = "1".repeat(1000).parse().unwrap();
/// let small = Budget::default().with_max_bytes(10_000);
/// let err = solve_within(&word, Board::Infinite, Method::Fast, &Quiet, &small).unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::Refused);
/// assert_eq!(err.figures().unwrap().unit, "bytes");
/// let solved = solve_within(&word, Board::Infinite, Method::Fast, &Quiet, &Budget::default());
/// assert_eq!(solved.unwrap().min_pegs, 500);
/// ```
pub fn solve_within(
    word: &Word,
    board: Board,
    method: Method,
    progress: &dyn Progress,
    budget: &Budget,
) -> Result<Solution, Error> {
    let _meter = match method {
        Method::Fast => Some(budget.admit_estimate(&solve_estimate(word, board))?),
        Method::Exhaustive => None,
    };
    let (min_pegs, hops) = match (board, method) {
        (Board::Infinite, Method::Fast) => reduce::reduce_infinite(word)?,
        (Board::Finite, Method::Fast) => solve_by_automaton(word, Board::Finite)?,
        _ => {
            let outcome = exhaustive::search_with_progress(word, board, progress)?;
            (outcome.min_pegs, outcome.hops)
        }
    };
    let replayed = replay(word, board, &hops)
        .map_err(|e| Error::internal(format!("the solution failed replay: {e}")))?;
    if replayed.final_word.pegs() != min_pegs {
        return Err(Error::internal(format!(
            "the hops leave {} pegs, not the claimed {min_pegs}",
            replayed.final_word.pegs()
        )));
    }
    Ok(Solution {
        min_pegs,
        hops,
        final_word: replayed.final_word,
        final_offset: replayed.offset,
    })
}
