//! Whether a word reduces to one peg, and how many words of a length do, by either method.

use super::{Board, Language, exhaustive};
use crate::error::Error;
use crate::method::Method;
use crate::progress::{Progress, Quiet};
use crate::word::Word;
use num_bigint::BigUint;

/// Whether `word` reduces to one peg on `board`.
///
/// [`Method::Fast`] reads the word through the one-peg language's DFA ([`Language::contains`]);
/// [`Method::Exhaustive`] searches every hop sequence ([`exhaustive::search`]) and reports its
/// positions to `progress`.
///
/// # Complexity
/// Fast: O(n), eight cells a table step, never fails. Exhaustive: exponential, errors beyond
/// [`exhaustive::MAX_FINITE_LEN`] cells or [`exhaustive::MAX_POSITIONS`] positions.
///
/// # Examples
///
/// ```
/// use unhop::{Method, Quiet, Word, solitaire::{Board, check_with}};
/// let word: Word = "1101101".parse().unwrap();
/// for method in Method::ALL {
///     assert!(!check_with(&word, Board::Infinite, method, &Quiet).unwrap());
///     assert!(check_with(&"011".parse().unwrap(), Board::Finite, method, &Quiet).unwrap());
/// }
/// ```
pub fn check_with(
    word: &Word,
    board: Board,
    method: Method,
    progress: &dyn Progress,
) -> Result<bool, Error> {
    Ok(match method {
        Method::Fast => Language::of(board).contains(word),
        Method::Exhaustive => {
            exhaustive::search_with_progress(word, board, progress)?.min_pegs == 1
        }
    })
}

/// The largest length [`count_with`] accepts with [`Method::Fast`]: the transfer matrix needs
/// O(log N) products, so this bounds the printed number's size (about 0.7·N bits) rather than
/// the time.
pub const MAX_COUNT_LEN: u64 = 1_000_000_000_000_000_000;

/// The exact number of words of length `len` that reduce to one peg on `board`.
///
/// [`Method::Fast`] counts the paths of the minimal DFA ([`Language::count`]);
/// [`Method::Exhaustive`] searches from every one of the 2^len words
/// ([`exhaustive::count_one_peg`]) and reports them to `progress`.
///
/// # Complexity
/// Fast: O(s³ log len) big-integer operations (s = 15 or 18 states); errors when `len` is 0 or
/// above [`MAX_COUNT_LEN`]. Exhaustive: about 2^len searches sharing one memo; errors beyond
/// [`exhaustive::MAX_COUNT_LEN`].
///
/// # Examples
///
/// ```
/// use unhop::{Method, Quiet, solitaire::{Board, count_with}};
/// let fast = count_with(12, Board::Finite, Method::Fast, &Quiet).unwrap();
/// assert_eq!(fast, count_with(12, Board::Finite, Method::Exhaustive, &Quiet).unwrap());
/// assert_eq!(count_with(20, Board::Finite, Method::Fast, &Quiet).unwrap().to_string(), "2157");
/// ```
pub fn count_with(
    len: u64,
    board: Board,
    method: Method,
    progress: &dyn Progress,
) -> Result<BigUint, Error> {
    if !(1..=MAX_COUNT_LEN).contains(&len) {
        return Err(Error::new(format!(
            "the length must be a whole number from 1 to {MAX_COUNT_LEN}, not {len}"
        )));
    }
    match method {
        Method::Fast => Ok(Language::of(board).count(len)),
        Method::Exhaustive => {
            let len = usize::try_from(len).unwrap_or(usize::MAX);
            let count = exhaustive::count_one_peg_with_progress(len, board, progress)?;
            Ok(BigUint::from(count))
        }
    }
}

/// [`check_with`] with [`Method::Fast`]: O(n), never fails.
///
/// # Complexity
///
/// O(n / 8) table steps for n cells (eight cells a step); no allocation.
///
///
/// # Examples
///
/// ```
/// use unhop::solitaire::{Board, check};
/// assert!(check(&"11".parse().unwrap(), Board::Infinite));
/// assert!(!check(&"11".parse().unwrap(), Board::Finite));
/// ```
pub fn check(word: &Word, board: Board) -> bool {
    check_with(word, board, Method::Fast, &Quiet).unwrap_or(false)
}
