//! The P-positions of Duotaire (value 0) as the answers of a membership oracle.

use super::{FiniteTable, InfiniteTable, MoveRule};
use crate::automata::Answers;
use crate::error::Error;
use crate::solitaire::Board;
use crate::word::Word;

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
    let value: Box<dyn Fn(&Word) -> u8> = match board {
        Board::Finite => {
            let mut every_length = vec![vec![0u8]];
            FiniteTable::build(rule, max_len, &mut |_, values| {
                every_length.push(values.to_vec())
            })?;
            Box::new(move |w| every_length[w.len()][w.to_bits().unwrap_or(0) as usize])
        }
        Board::Infinite => {
            let table = InfiniteTable::build(rule, max_len, &mut |_| {})?;
            Box::new(move |w| table.value(w).unwrap_or(u8::MAX))
        }
    };
    Ok(Answers::ask(2, max_len, &mut |w| {
        value(&Word::from_cells(w.iter().map(|&l| l == 1))) == 0
    }))
}
