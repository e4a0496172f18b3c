//! Solving a word and deciding reachability with R's automaton, on either board.
//!
//! The finite board is R itself. The infinite board is the finite board with holes added on
//! both sides: w reaches a configuration on the infinite board exactly when 0ᵃw0ᵇ reaches it
//! on the finite board for some a, b (a hop sequence touches finitely many cells), and more
//! holes never hurt (0ᵃw0ᵇ → 0ᵃf0ᵇ whenever w → f). How many are enough follows from the
//! automaton: a cheapest path reads the left padding from the start state to some state q, and
//! a cheapest way of reaching q on hole letters never repeats a state, so it takes fewer
//! letters than the automaton has states; the same holds on the right. So [`PADDING`] holes a
//! side, one fewer than R's 16 states, suffice for every word (the k − 1 bound of the exhaustive
//! search grows with the word; this one does not).

use super::cheapest::cheapest_final;
use super::hops::hops_between;
use crate::error::Error;
use crate::solitaire::{Board, Hop};
use crate::word::Word;

/// Holes added on each side for the infinite board: R's automaton has 16 states.
pub const PADDING: usize = 15;

/// The minimum number of pegs `word` reaches on `board`, and hops that reach it, by R's
/// automaton.
///
/// The hops are not replayed here; `solitaire::solve` does that.
///
/// # Complexity
///
/// O(n) time and about 8 bytes a cell (plus 16 a hop).
///
/// # Examples
///
/// ```
/// use unhop::{Word, solitaire::{Board, replay, finite::solve_by_automaton}};
/// let word: Word = "01111".parse().unwrap();
/// let (min, hops) = solve_by_automaton(&word, Board::Finite).unwrap();
/// assert_eq!((min, replay(&word, Board::Finite, &hops).unwrap().final_word.to_string()),
///            (2, "10100".to_string()));
/// assert_eq!(solve_by_automaton(&"1111".parse().unwrap(), Board::Infinite).unwrap().0, 2);
/// ```
pub fn solve_by_automaton(word: &Word, board: Board) -> Result<(usize, Vec<Hop>), Error> {
    let (cells, shift) = on_board(word, board);
    let last = cheapest_final(&cells);
    let hops = hops_between(&cells, &last)?
        .ok_or_else(|| Error::internal("the cheapest final word is not reachable"))?;
    Ok((last.pegs(), shifted(hops, shift)))
}

/// On the infinite board f is placed over the same cells as w, holes all around.
///
/// # Complexity
///
/// Hops taking `w` to `f` (words of one length) on `board`, or `None` when there are none:
/// O(n).
///
/// # Examples
///
/// ```
/// use unhop::{Word, solitaire::{Board, finite::reach}};
/// let (w, f): (Word, Word) = ("1111".parse().unwrap(), "1001".parse().unwrap());
/// assert_eq!(reach(&w, &f, Board::Infinite).unwrap(), None);
/// let (w, f): (Word, Word) = ("01111".parse().unwrap(), "10100".parse().unwrap());
/// assert_eq!(reach(&w, &f, Board::Finite).unwrap().map(|hops| hops.len()), Some(2));
/// ```
pub fn reach(w: &Word, f: &Word, board: Board) -> Result<Option<Vec<Hop>>, Error> {
    super::same_length(w, f)?;
    let (w_cells, shift) = on_board(w, board);
    let (f_cells, _) = on_board(f, board);
    Ok(hops_between(&w_cells, &f_cells)?.map(|hops| shifted(hops, shift)))
}

/// The word as the finite board sees it, and the shift back to the word's coordinates.
fn on_board(word: &Word, board: Board) -> (Word, i64) {
    match board {
        Board::Finite => (word.clone(), 0),
        Board::Infinite => {
            let holes = std::iter::repeat_n(false, PADDING);
            let cells = Word::from_cells(holes.clone().chain(word.iter()).chain(holes));
            (cells, -(PADDING as i64))
        }
    }
}

fn shifted(hops: Vec<Hop>, shift: i64) -> Vec<Hop> {
    match shift {
        0 => hops,
        _ => hops.into_iter().map(|h| h.shifted(shift)).collect(),
    }
}
