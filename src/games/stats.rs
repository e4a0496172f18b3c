//! Per-length statistics of Duotaire values: P-positions and the largest value.

use super::{Duotaire, FiniteTable, MoveRule, Solver};
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

/// The longest length [`length_stats`] takes on the infinite board (hash-map solver).
pub const MAX_INFINITE_STATS_LEN: usize = 22;

/// Statistics for every length 1 to `max_len`: from the dense table on the finite board
/// (up to [`super::MAX_TABLE_LEN`]), from the hash-map solver on the infinite board (up to
/// [`MAX_INFINITE_STATS_LEN`]). `progress` is called with each length when it is done.
///
/// ```
/// use unhop::{games::{length_stats, MoveRule}, solitaire::Board};
/// let stats = length_stats(MoveRule::Single, Board::Finite, 3, &mut |_| {}).unwrap();
/// assert_eq!((stats[2].words, stats[2].p_positions, stats[2].max_value), (8, 6, 1));
/// ```
pub fn length_stats(
    rule: MoveRule,
    board: Board,
    max_len: usize,
    progress: &mut dyn FnMut(usize),
) -> Result<Vec<LengthStats>, Error> {
    let mut stats = Vec::new();
    match board {
        Board::Finite => {
            FiniteTable::build(rule, max_len, &mut |len, values| {
                let max = values.iter().copied().max().unwrap_or(0);
                let first = values.iter().position(|&v| v == max).unwrap_or(0);
                stats.push(LengthStats {
                    len,
                    words: values.len() as u64,
                    p_positions: values.iter().filter(|&&v| v == 0).count() as u64,
                    max_value: u32::from(max),
                    example: Word::from_bits(first as u128, len),
                });
                progress(len);
            })?;
        }
        Board::Infinite => {
            if max_len > MAX_INFINITE_STATS_LEN {
                return Err(Error::new(format!(
                    "infinite-board statistics go up to length {MAX_INFINITE_STATS_LEN}, not {max_len}"
                )));
            }
            let game = Duotaire::new(rule, board);
            let mut solver = Solver::with_limit(game, super::MAX_SOLVER_POSITIONS);
            for len in 1..=max_len {
                let (mut words, mut zeros, mut best) = (0, 0, None::<(u32, Word)>);
                for word in table_words(len, board) {
                    let value = solver.try_value(&game.position(&word)?)?;
                    words += 1;
                    zeros += u64::from(value == 0);
                    if best.as_ref().is_none_or(|(b, _)| value > *b) {
                        best = Some((value, word));
                    }
                }
                let (max_value, example) = best.expect("every length has a word");
                stats.push(LengthStats {
                    len,
                    words,
                    p_positions: zeros,
                    max_value,
                    example,
                });
                progress(len);
            }
        }
    }
    Ok(stats)
}
