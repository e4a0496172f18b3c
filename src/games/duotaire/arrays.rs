//! A table as one array of values per length, indexed by the word read as a binary number:
//! what the Python module hands to numpy.

use super::finite_table::FiniteTable;
use super::game::Duotaire;
use super::stats::each_table_length;
use crate::budget::Budget;
use crate::error::Error;
use crate::method::Method;
use crate::progress::Progress;
use crate::solitaire::Board;
use crate::word::Word;

/// The values of every word of lengths 1 to `max_len` of `game`'s table, one array a length
/// (item `n − 1` for length `n`): on the finite board every word of the length, on the
/// infinite board every word with a peg at both ends (holes at the ends change nothing).
/// Look a word up with [`table_index`]. `max_len` 0 is refused.
///
/// # Complexity
///
/// As the dense tables ([`each_table_length`]): O(2^N × moves) time; 1.75 × 2^N bytes on the
/// finite board (every length's array is the table's own, moved out, but for the second
/// longest, of which the table keeps half: it is copied as it is done), 2^(N+1) on the
/// infinite board. Refused up front beyond the budget.
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget, games::{Duotaire, MoveRule, table_arrays, table_index}, solitaire::Board};
/// let game = Duotaire::new(MoveRule::Single, Board::Finite);
/// let arrays = table_arrays(game, 3, &Budget::default(), &Quiet).unwrap();
/// assert_eq!(arrays.iter().map(Vec::len).collect::<Vec<_>>(), [2, 4, 8]);
/// let word = "110".parse().unwrap();
/// assert_eq!(arrays[2][table_index(&word, Board::Finite).unwrap() as usize], 1);
/// ```
pub fn table_arrays(
    game: Duotaire,
    max_len: usize,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<Vec<Vec<u8>>, Error> {
    match game.board() {
        Board::Finite if max_len > 0 => {
            let mut second_longest = None;
            let mut each = |len, values: &[u8]| {
                if len + 1 == max_len {
                    second_longest = Some(values.to_vec());
                }
                Ok::<(), Error>(())
            };
            let table = FiniteTable::build_under(
                game.rule(),
                game.convention(),
                max_len,
                budget,
                progress,
                &mut each,
            )?;
            let mut values = table.into_values();
            if let Some(copy) = second_longest {
                values[max_len - 1] = copy;
            }
            values.remove(0);
            Ok(values)
        }
        _ => {
            let mut values = Vec::with_capacity(max_len);
            each_table_length(
                game,
                Method::Fast,
                max_len,
                budget,
                progress,
                &mut |length| {
                    values.push(length.values.to_vec());
                    Ok::<(), Error>(())
                },
            )?;
            Ok(values)
        }
    }
}

/// The index of `word` in its length's array of [`table_arrays`]: its cells read as a binary
/// number, the first cell most significant (`int(word, 2)` in Python) on the finite board;
/// on the infinite board the middle cells of a word with a peg at both ends, read the same
/// way. The arrays are filled in the library's own order (cell i at bit i); a word and its
/// mirror image have the same value, so the two readings find the same value.
///
/// # Complexity
///
/// O(|word|) time, no memory.
///
/// # Examples
///
/// ```
/// use unhop::{games::table_index, solitaire::Board};
/// assert_eq!(table_index(&"110".parse().unwrap(), Board::Finite).unwrap(), 6);
/// assert_eq!(table_index(&"1011".parse().unwrap(), Board::Infinite).unwrap(), 1);
/// assert!(table_index(&"0110".parse().unwrap(), Board::Infinite).is_err());
/// ```
pub fn table_index(word: &Word, board: Board) -> Result<u128, Error> {
    let n = word.len();
    if n > 128 {
        return Err(Error::new(format!(
            "the word has {n} cells; no table is longer than 128"
        )));
    }
    let read = |cells: std::ops::Range<usize>| {
        cells.fold(0u128, |index, j| index << 1 | u128::from(word.get(j)))
    };
    match board {
        Board::Finite => Ok(read(0..n)),
        Board::Infinite if n == 0 || !word.get(0) || !word.get(n - 1) => Err(Error::new(
            "on the infinite board the tables hold the words with a peg at both ends",
        )),
        Board::Infinite if n == 1 => Ok(0),
        Board::Infinite => Ok(read(1..n - 1)),
    }
}
