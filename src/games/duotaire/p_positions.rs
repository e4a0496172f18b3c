//! Duotaire values from the dense tables as a lookup, and the P-positions (value 0) as the
//! answers of a membership oracle.

use super::{FiniteTable, InfiniteTable, MoveRule};
use crate::automata::Answers;
use crate::error::Error;
use crate::progress::Quiet;
use crate::solitaire::Board;
use crate::word::Word;

/// A word's value, looked up.
pub type ValueLookup = Box<dyn Fn(&Word) -> u8>;

/// The value of every word up to `max_len` on `board`, looked up in the dense tables (all
/// lengths kept whole): O(2^N) time and bytes. A word longer than `max_len` gets `u8::MAX`.
///
/// ```
/// use unhop::{Word, games::{dense_values, MoveRule}, solitaire::Board};
/// let value = dense_values(MoveRule::Chain, Board::Finite, 8).unwrap();
/// assert_eq!(value(&"01101010".parse::<Word>().unwrap()), 3);
/// ```
pub fn dense_values(rule: MoveRule, board: Board, max_len: usize) -> Result<ValueLookup, Error> {
    Ok(match board {
        Board::Finite => {
            let mut every_length = vec![vec![0u8]];
            FiniteTable::build(rule, max_len, &Quiet, &mut |_, values| {
                every_length.push(values.to_vec());
                Ok::<(), Error>(())
            })?;
            Box::new(move |w| {
                let values = every_length.get(w.len());
                let bits = w.to_bits().map(|b| b as usize);
                values
                    .zip(bits)
                    .and_then(|(v, b)| v.get(b).copied())
                    .unwrap_or(u8::MAX)
            })
        }
        Board::Infinite => {
            let table =
                InfiniteTable::build(rule, max_len, &Quiet, &mut |_, _| Ok::<(), Error>(()))?;
            Box::new(move |w| table.value(w).unwrap_or(u8::MAX))
        }
    })
}

/// Whether each word over {0, 1} up to `max_len` (letter 1 a peg) is a P-position, from the
/// dense tables: O(2^N) time and bytes.
///
/// ```
/// use unhop::{games::{p_position_answers, MoveRule}, solitaire::Board};
/// let answers = p_position_answers(MoveRule::Chain, Board::Finite, 6).unwrap();
/// assert!(answers.get(&[1, 0, 1])); // no move
/// assert!(!answers.get(&[1, 1, 0])); // the player to move takes the last move
/// ```
pub fn p_position_answers(rule: MoveRule, board: Board, max_len: usize) -> Result<Answers, Error> {
    let value = dense_values(rule, board, max_len)?;
    Ok(Answers::ask(2, max_len, &mut |w| {
        value(&Word::from_cells(w.iter().map(|&l| l == 1))) == 0
    }))
}
