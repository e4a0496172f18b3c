//! The dense tables one length at a time, as each is done: the words and values of a length,
//! and its statistics (P-positions, the largest value and the value distribution).

use super::dense::power_of_two;
use super::{FiniteTable, InfiniteTable, MoveRule};
use crate::budget::{Budget, Estimate, WorkUnit};
use crate::error::Error;
use crate::progress::Progress;
use crate::solitaire::Board;
use crate::word::Word;

/// The unit of a listing of every word of a table ([`each_table_row`]): the words listed,
/// 2^25 unless the budget says otherwise (every word up to length 24 on the finite board,
/// about 500 MB of text).
pub const LISTED_WORDS: WorkUnit = WorkUnit {
    name: "words listed",
    default_limit: 1 << 25,
};

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

/// The values of one length of a table: on the finite board every word of the length (index
/// = the word's bits, cell 0 lowest), on the infinite board every word with a peg at both ends
/// (index = its middle cells, as [`InfiniteTable::values`]).
#[derive(Clone, Copy, Debug)]
pub struct TableLength<'a> {
    /// The length.
    pub len: usize,
    /// The board.
    pub board: Board,
    /// The values, by index.
    pub values: &'a [u8],
}

impl TableLength<'_> {
    /// The word at `index`.
    pub fn word(&self, index: usize) -> Word {
        match self.board {
            Board::Finite => Word::from_bits(index as u128, self.len),
            Board::Infinite => InfiniteTable::word(self.len, index),
        }
    }

    /// Every word of the length with its value, in index order (the order of
    /// [`table_words`]).
    pub fn rows(&self) -> impl Iterator<Item = (Word, u8)> + '_ {
        self.values
            .iter()
            .enumerate()
            .map(|(i, &v)| (self.word(i), v))
    }

    /// The statistics of the length. O(words).
    pub fn stats(&self) -> LengthStats {
        let mut counts = [0u64; 256];
        for &v in self.values {
            counts[v as usize] += 1;
        }
        let max = counts.iter().rposition(|&c| c > 0).unwrap_or(0);
        let first = self
            .values
            .iter()
            .position(|&v| v as usize == max)
            .unwrap_or(0);
        LengthStats {
            len: self.len,
            words: self.values.len() as u64,
            p_positions: counts[0],
            max_value: max as u32,
            example: self.word(first),
            value_counts: counts[..=max].to_vec(),
        }
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
    /// How many words have each value 0, 1, …, `max_value` (the value distribution; entry 0
    /// is `p_positions`, and the entries add up to `words`).
    pub value_counts: Vec<u64>,
}

impl LengthStats {
    /// The statistics as the JSON object `unhop table --stats --json` writes per length:
    /// `length`, `words`, `p_positions`, `max_value`, `example` and `value_counts`.
    ///
    /// ```
    /// use unhop::{Quiet, budget::Budget, games::{length_stats, MoveRule}, solitaire::Board};
    /// let stats = length_stats(MoveRule::Single, Board::Finite, 3, &Budget::default(), &Quiet);
    /// assert_eq!(
    ///     stats.unwrap()[2].to_json().to_string(),
    ///     r#"{"example":"110","length":3,"max_value":1,"p_positions":6,"value_counts":[6,2],"words":8}"#
    /// );
    /// ```
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "length": self.len, "words": self.words, "p_positions": self.p_positions,
            "max_value": self.max_value, "example": self.example.to_string(),
            "value_counts": self.value_counts,
        })
    }
}

/// Fills the dense table of `board` up to `max_len` ([`FiniteTable`] or [`InfiniteTable`])
/// under `budget` and calls `each` with every length 1 to `max_len`, in order, as soon as it
/// is done (on the infinite board the last four lengths come together at the end); an error
/// from `each` stops the work. `progress` advances by one per word valued. `max_len` 0 is
/// refused: it would answer nothing. Refused up front when the table's memory is beyond the
/// budget's memory limit ([`FiniteTable::estimate`], [`InfiniteTable::estimate`]), or its
/// words beyond its work limit.
///
/// # Complexity
///
/// O(2^N × moves) time; 1.75 × 2^N bytes (finite board) or 2^(N+1) bytes (infinite board).
///
/// ```
/// use unhop::{Error, Quiet, budget::Budget, games::{MoveRule, each_table_length}, solitaire::Board};
/// let mut rows = Vec::new();
/// let budget = Budget::default();
/// each_table_length(MoveRule::Single, Board::Infinite, 3, &budget, &Quiet, &mut |length| {
///     rows.extend(length.rows().map(|(word, value)| format!("{word}:{value}")));
///     Ok::<(), Error>(())
/// })
/// .unwrap();
/// assert_eq!(rows, ["1:0", "11:1", "101:0", "111:1"]);
/// let refused = each_table_length(MoveRule::Chain, Board::Infinite, 60, &budget, &Quiet, &mut |_| Ok::<(), Error>(()));
/// assert_eq!(refused.unwrap_err().kind(), unhop::ErrorKind::Refused);
/// ```
pub fn each_table_length<E: From<Error>>(
    rule: MoveRule,
    board: Board,
    max_len: usize,
    budget: &Budget,
    progress: &dyn Progress,
    each: &mut dyn FnMut(TableLength<'_>) -> Result<(), E>,
) -> Result<(), E> {
    if max_len == 0 {
        return Err(Error::new(
            "the statistics cover the lengths 1 to N: N must be at least 1, not 0",
        )
        .into());
    }
    let mut length = |len, values: &[u8]| each(TableLength { len, board, values });
    let (n, b, p) = (max_len, budget, progress);
    match board {
        Board::Finite => drop(FiniteTable::build(rule, n, b, p, &mut length)?),
        Board::Infinite => drop(InfiniteTable::build(rule, n, b, p, &mut length)?),
    }
    Ok(())
}

/// What listing every word of the table of `board` up to `max_len` costs beyond the table
/// itself: the words listed, 2^(N+1) − 2 on the finite board, 2^(N−1) on the infinite board
/// (saturating). O(1).
///
/// ```
/// use unhop::{games::listing_estimate, solitaire::Board};
/// assert_eq!(listing_estimate(Board::Finite, 3).work, 2 + 4 + 8);
/// assert_eq!(listing_estimate(Board::Infinite, 3).work, 1 + 1 + 2);
/// ```
pub fn listing_estimate(board: Board, max_len: usize) -> Estimate {
    let work = match (board, max_len) {
        (Board::Finite, _) => power_of_two(max_len.saturating_add(1)).saturating_sub(2),
        (Board::Infinite, 0) => 0,
        (Board::Infinite, _) => power_of_two(max_len - 1),
    };
    Estimate {
        what: format!("listing every word of the {board}-board table to length {max_len}"),
        unit: LISTED_WORDS,
        work,
        bytes: 0,
    }
}

/// Every word of the table of `board` up to `max_len` with its value, in order of length and
/// then of index (as [`TableLength::rows`]), handed to `each`; under `budget`, refused up
/// front when the words listed ([`listing_estimate`], in [`LISTED_WORDS`]) or the table
/// ([`each_table_length`]) are beyond its limits.
///
/// # Complexity
///
/// As [`each_table_length`], and O(1) per word listed.
///
/// ```
/// use unhop::{Error, Quiet, budget::Budget, games::{MoveRule, each_table_row}, solitaire::Board};
/// let mut rows = Vec::new();
/// let budget = Budget::default();
/// each_table_row(MoveRule::Single, Board::Finite, 2, &budget, &Quiet, &mut |word, value| {
///     rows.push(format!("{word}:{value}"));
///     Ok::<(), Error>(())
/// })
/// .unwrap();
/// assert_eq!(rows, ["0:0", "1:0", "00:0", "10:0", "01:0", "11:0"]);
/// let refused = each_table_row(MoveRule::Single, Board::Finite, 25, &budget, &Quiet, &mut |_, _| Ok::<(), Error>(()));
/// assert_eq!(refused.unwrap_err().figures().unwrap().unit, "words listed");
/// ```
pub fn each_table_row<E: From<Error>>(
    rule: MoveRule,
    board: Board,
    max_len: usize,
    budget: &Budget,
    progress: &dyn Progress,
    each: &mut dyn FnMut(Word, u8) -> Result<(), E>,
) -> Result<(), E> {
    let meter = budget.admit_estimate(&listing_estimate(board, max_len))?;
    each_table_length(rule, board, max_len, budget, progress, &mut |length| {
        meter.charge(length.values.len() as u64)?;
        for (word, value) in length.rows() {
            each(word, value)?;
        }
        Ok(())
    })
}

/// Statistics for every length 1 to `max_len`, from the dense tables
/// ([`each_table_length`]) under `budget`.
///
/// # Complexity
///
/// As [`each_table_length`].
///
/// ```
/// use unhop::{Quiet, budget::Budget, games::{length_stats, MoveRule}, solitaire::Board};
/// let budget = Budget::default();
/// let stats = length_stats(MoveRule::Single, Board::Finite, 3, &budget, &Quiet).unwrap();
/// assert_eq!((stats[2].words, stats[2].p_positions, stats[2].max_value), (8, 6, 1));
/// assert!(length_stats(MoveRule::Single, Board::Finite, 0, &budget, &Quiet).is_err());
/// ```
pub fn length_stats(
    rule: MoveRule,
    board: Board,
    max_len: usize,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<Vec<LengthStats>, Error> {
    let mut stats = Vec::new();
    each_table_length(rule, board, max_len, budget, progress, &mut |length| {
        stats.push(length.stats());
        Ok::<(), Error>(())
    })?;
    Ok(stats)
}
