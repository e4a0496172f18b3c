//! Solving a word: the minimum number of pegs, with hops replayed before they are returned.

use super::finite::solve_by_automaton;
use super::{Board, Hop, exhaustive, reduce, replay};
use crate::error::Error;
use crate::method::Method;
use crate::progress::{Progress, Quiet};
use crate::word::Word;

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
