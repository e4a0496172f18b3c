//! Whether one word reaches another by hops, with hops that are replayed before they are
//! returned.

use super::finite::{exhaustive_reach, reach as reach_by_automaton};
use super::{Board, Hop, replay};
use crate::error::Error;
use crate::method::Method;
use crate::word::Word;

/// Hops taking `w` to `f` on `board`, or `None` when `w` cannot reach `f`.
///
/// The words must have one length; on the infinite board `f` is placed over the same cells
/// as `w`, holes all around (hops may leave the word on the way). [`Method::Fast`] follows
/// the proved 16-state automaton of finite-board reachability
/// ([`super::finite::reach`]); [`Method::Exhaustive`] searches every reachable position
/// ([`super::finite::exhaustive_reach`]). Either way the hops are replayed by the independent
/// checker ([`replay`]) and must end exactly on `f`, or the call fails with an internal error.
///
/// # Complexity
/// Fast: O(n) (the hop search is linear in practice; its worst case is the segment length
/// times the hops in it). Exhaustive: proportional to the positions reachable from `w`;
/// errors beyond [`super::finite::MAX_REACH_CELLS`] cells or
/// [`super::finite::MAX_REACH_POSITIONS`] positions.
///
/// # Examples
///
/// ```
/// use unhop::{Method, Word, solitaire::{Board, reach_with}};
/// let (w, f): (Word, Word) = ("01111".parse().unwrap(), "10100".parse().unwrap());
/// for method in Method::ALL {
///     assert_eq!(reach_with(&w, &f, Board::Finite, method).unwrap().map(|h| h.len()), Some(2));
/// }
/// // Four pegs in a row never leave two pegs three cells apart, on either board.
/// let (w, f): (Word, Word) = ("1111".parse().unwrap(), "1001".parse().unwrap());
/// assert_eq!(reach_with(&w, &f, Board::Infinite, Method::Fast).unwrap(), None);
/// ```
pub fn reach_with(
    w: &Word,
    f: &Word,
    board: Board,
    method: Method,
) -> Result<Option<Vec<Hop>>, Error> {
    let hops = match method {
        Method::Fast => reach_by_automaton(w, f, board)?,
        Method::Exhaustive => exhaustive_reach(w, f, board)?,
    };
    if let Some(hops) = &hops {
        let done = replay(w, board, hops)
            .map_err(|e| Error::internal(format!("the hops from {w} failed replay: {e}")))?;
        let offset = usize::try_from(-done.offset).unwrap_or(0);
        let end = offset + f.len();
        if end > done.final_word.len()
            || done.final_word.slice(offset..end) != *f
            || done.final_word.pegs() != f.pegs()
        {
            return Err(Error::internal(format!(
                "the hops from {w} end on {}, not {f}",
                done.final_word
            )));
        }
    }
    Ok(hops)
}

/// [`reach_with`] with [`Method::Fast`].
///
/// # Complexity
///
/// O(n) time and space for words of n cells: a run of the proved automaton of reachability,
/// then the hops it finds, replayed.
///
///
/// # Examples
///
/// ```
/// use unhop::{Word, solitaire::{Board, reach}};
/// let (w, f): (Word, Word) = ("0110".parse().unwrap(), "1000".parse().unwrap());
/// assert_eq!(reach(&w, &f, Board::Finite).unwrap().unwrap().len(), 1);
/// ```
pub fn reach(w: &Word, f: &Word, board: Board) -> Result<Option<Vec<Hop>>, Error> {
    reach_with(w, f, board, Method::Fast)
}
