//! Per-length statistics of Duotaire values: P-positions and the largest value.

use super::{FiniteTable, InfiniteTable, MoveRule};
use crate::error::Error;
use crate::solitaire::Board;
use crate::word::Word;

/// The words a table of length `len` covers: all of them on the finite board, those with a
/// peg at both ends on the infinite board (where holes at the ends do not matter).
pub fn table_words(len: usize, board: Board) -> Box<dyn Iterator<Item = Word>> {
    match (board, len) {
        (Board::Finite, _) => Box::new((0..1u128 << len).map(move |b| Word::from_bits(b, len))),
        (Board::Infinite, 1) => Box::new(std::iter::once(Word::from_bits(1, 1))),
        (Board::Infinite, _) => Box::new(
            (0..1u128 << (len - 2)).map(move |m| Word::from_bits(1 | m << 1 | 1 << (len - 1), len)),
        ),
    }
}

/// The statistics of one length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LengthStats {
    /// The length.
    pub len: usize,
    /// How many words the table covers at this length.
    pub words: u64,
    /// How many of them have value 0 (the player to move loses).
    pub p_positions: u64,
    /// The largest value.
    pub max_value: u32,
    /// The first word (smallest as a binary number, cell 0 lowest) with the largest value.
    pub example: Word,
}

/// Statistics for every length 1 to `max_len`, from the dense tables: [`FiniteTable`] (up to
/// [`super::MAX_TABLE_LEN`]) or [`InfiniteTable`] (up to [`super::MAX_INFINITE_TABLE_LEN`]),
/// as the memory allows. `progress` is called with each length (finite board) or number of
/// pegs (infinite board) when it is done. `max_len` 0 is refused: it would answer nothing.
///
/// ```
/// use unhop::{games::{length_stats, MoveRule}, solitaire::Board};
/// let stats = length_stats(MoveRule::Single, Board::Finite, 3, &mut |_| {}).unwrap();
/// assert_eq!((stats[2].words, stats[2].p_positions, stats[2].max_value), (8, 6, 1));
/// assert!(length_stats(MoveRule::Single, Board::Finite, 0, &mut |_| {}).is_err());
/// ```
pub fn length_stats(
    rule: MoveRule,
    board: Board,
    max_len: usize,
    progress: &mut dyn FnMut(usize),
) -> Result<Vec<LengthStats>, Error> {
    if max_len == 0 {
        return Err(Error::new(
            "the statistics cover the lengths 1 to N: N must be at least 1, not 0",
        ));
    }
    let mut stats = Vec::new();
    match board {
        Board::Finite => {
            FiniteTable::build(rule, max_len, &mut |len, values| {
                stats.push(summary(len, values, |i| Word::from_bits(i as u128, len)));
                progress(len);
            })?;
        }
        Board::Infinite => {
            let table = InfiniteTable::build(rule, max_len, progress)?;
            for len in 1..=max_len {
                let word = |i| InfiniteTable::word(len, i);
                stats.push(summary(len, table.values(len), word));
            }
        }
    }
    Ok(stats)
}

/// The statistics of the values of one length; `word` gives the word at an index.
fn summary(len: usize, values: &[u8], word: impl Fn(usize) -> Word) -> LengthStats {
    let max = values.iter().copied().max().unwrap_or(0);
    let first = values.iter().position(|&v| v == max).unwrap_or(0);
    LengthStats {
        len,
        words: values.len() as u64,
        p_positions: values.iter().filter(|&&v| v == 0).count() as u64,
        max_value: u32::from(max),
        example: word(first),
    }
}
