//! The independent checker: replays a hop list cell by cell.
//!
//! It shares nothing with the solvers but the [`Hop`] type: a plain vector of booleans over
//! every cell the hops touch, each hop checked before it is applied. Every solution the crate
//! prints has passed through [`replay`].

use super::{Board, Hop};
use crate::error::Error;
use crate::word::Word;

/// The result of a replay: the final configuration over the cells
/// `offset .. offset + final_word.len()` (in the word's coordinates), which cover the word and
/// every cell a hop touched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The final configuration.
    pub final_word: Word,
    /// The position of `final_word`'s first cell in the original word (0 or negative).
    pub offset: i64,
}

/// Plays `hops` on `word`, checking each: a peg at `from` and at `over`, a hole at `to`, and on
/// the finite board every cell inside the word.
///
/// # Complexity
///
/// O(n + hops) time.
///
/// # Examples
///
/// ```
/// use unhop::{Word, solitaire::{replay, Board, Hop, Direction}};
/// let word: Word = "0111".parse().unwrap();
/// let err = replay(&word, Board::Finite, &[Hop::new(1, Direction::Right)]).unwrap_err();
/// assert!(err.to_string().contains("cell 3 is not empty"));
/// let done = replay(&word, Board::Finite, &[Hop::new(2, Direction::Left)]).unwrap();
/// assert_eq!(done.final_word.to_string(), "1001");
/// let pair: Word = "11".parse().unwrap();
/// assert!(replay(&pair, Board::Finite, &[Hop::new(1, Direction::Left)]).is_err());
/// let done = replay(&pair, Board::Infinite, &[Hop::new(1, Direction::Left)]).unwrap();
/// assert_eq!((done.final_word.to_string(), done.offset), ("100".to_string(), -1));
/// ```
pub fn replay(word: &Word, board: Board, hops: &[Hop]) -> Result<Replay, Error> {
    let n = word.len() as i64;
    let (mut lo, mut hi) = (0i64, n);
    for (k, hop) in hops.iter().enumerate() {
        let (a, b) = (hop.from().min(hop.to()), hop.from().max(hop.to()));
        if board == Board::Finite && (a < 0 || b >= n) {
            return Err(Error::new(format!(
                "hop {} ({hop}) leaves the finite board of {n} cells",
                k + 1
            )));
        }
        lo = lo.min(a);
        hi = hi.max(b + 1);
    }
    let mut cells: Vec<bool> = vec![false; (hi - lo) as usize];
    for (i, peg) in word.iter().enumerate() {
        cells[(i as i64 - lo) as usize] = peg;
    }
    for (k, hop) in hops.iter().enumerate() {
        let at = |p: i64| (p - lo) as usize;
        let problem = if !cells[at(hop.from())] {
            Some(format!("no peg at {}", hop.from()))
        } else if !cells[at(hop.over())] {
            Some(format!("no peg to jump over at {}", hop.over()))
        } else if cells[at(hop.to())] {
            Some(format!("cell {} is not empty", hop.to()))
        } else {
            None
        };
        if let Some(problem) = problem {
            return Err(Error::new(format!(
                "hop {} ({hop}) is illegal: {problem}",
                k + 1
            )));
        }
        cells[at(hop.from())] = false;
        cells[at(hop.over())] = false;
        cells[at(hop.to())] = true;
    }
    Ok(Replay {
        final_word: Word::from_cells(cells),
        offset: lo,
    })
}
