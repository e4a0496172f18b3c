//! Duotaire values from the dense tables as a lookup, and the P-positions (value 0) as the
//! answers of a membership oracle.

use super::dense::{empty_value, power_of_two, table_bytes};
use super::{FiniteTable, InfiniteTable, MoveRule};
use crate::automata::Answers;
use crate::budget::{Budget, Estimate, Meter};
use crate::error::Error;
use crate::games::Convention;
use crate::progress::{Progress, Quiet};
use crate::solitaire::Board;
use crate::word::Word;

/// A word's value, looked up (from any thread).
pub type ValueLookup = Box<dyn Fn(&Word) -> u8 + Send + Sync>;

/// What [`dense_values`] costs: the table's words, and its memory with, on the finite board,
/// a copy of every length (2^(N+1) bytes).
///
/// # Complexity
///
/// O(1).
///
/// # Examples
///
/// ```
/// use unhop::{games::{FiniteTable, dense_estimate}, solitaire::Board};
/// let estimate = dense_estimate(Board::Finite, 20);
/// assert_eq!(estimate.work, FiniteTable::estimate(20).work);
/// assert!(estimate.bytes > FiniteTable::estimate(20).bytes + (1 << 21));
/// ```
pub fn dense_estimate(board: Board, max_len: usize) -> Estimate {
    match board {
        Board::Finite => {
            let mut estimate = FiniteTable::estimate(max_len);
            estimate.bytes = estimate
                .bytes
                .saturating_add(power_of_two(max_len.saturating_add(1)))
                .saturating_add(table_bytes(max_len));
            estimate
        }
        Board::Infinite => InfiniteTable::estimate(max_len),
    }
}

/// The value of every word up to `max_len` on `board`, looked up in the dense tables (all
/// lengths kept whole), under `budget`: refused up front when [`dense_estimate`] is beyond
/// its limits. A word longer than `max_len` gets `u8::MAX`.
///
/// # Complexity
///
/// O(2^N × moves) time; the bytes of [`dense_estimate`].
///
/// ```
/// use unhop::{Word, budget::Budget, games::{dense_values, MoveRule}, solitaire::Board};
/// let value = dense_values(MoveRule::Chain, Board::Finite, 8, &Budget::default()).unwrap();
/// assert_eq!(value(&"01101010".parse::<Word>().unwrap()), 3);
/// ```
pub fn dense_values(
    rule: MoveRule,
    board: Board,
    max_len: usize,
    budget: &Budget,
) -> Result<ValueLookup, Error> {
    let meter = budget.reserve(&dense_estimate(board, max_len))?;
    dense_lookup((rule, Convention::Normal), board, max_len, &meter, &Quiet)
}

/// [`dense_values`] under the play rule `convention`, admitted already, its words charged to
/// `meter`, its words valued reported to `progress`.
pub(crate) fn dense_lookup(
    (rule, convention): (MoveRule, Convention),
    board: Board,
    max_len: usize,
    meter: &Meter,
    progress: &dyn Progress,
) -> Result<ValueLookup, Error> {
    Ok(match board {
        Board::Finite => {
            let mut every_length = vec![vec![empty_value(convention)]];
            FiniteTable::build_metered(
                rule,
                convention,
                max_len,
                meter,
                progress,
                &mut |_, values| {
                    every_length.push(values.to_vec());
                    Ok::<(), Error>(())
                },
            )?;
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
            let table = InfiniteTable::build_metered(
                rule,
                convention,
                max_len,
                meter,
                progress,
                &mut |_, _| Ok::<(), Error>(()),
            )?;
            Box::new(move |w| table.value(w).unwrap_or(u8::MAX))
        }
    })
}

/// The bytes of the answers about every word over {0, 1} up to `max_len`: a flag a word, in
/// lists grown by doubling, and the list of lengths.
pub(crate) fn answers_bytes(max_len: usize) -> u128 {
    power_of_two(max_len.saturating_add(2))
        .saturating_add(8 * (max_len as u128 + 1))
        .saturating_add(table_bytes(max_len))
}

/// What [`p_position_answers`] costs: [`dense_estimate`] and the answers, a flag a word held
/// in lists grown by doubling.
///
/// # Complexity
///
/// O(1).
///
/// # Examples
///
/// ```
/// use unhop::{games::{dense_estimate, p_position_estimate}, solitaire::Board};
/// let estimate = p_position_estimate(Board::Infinite, 16);
/// assert!(estimate.bytes >= dense_estimate(Board::Infinite, 16).bytes + (1 << 18));
/// ```
pub fn p_position_estimate(board: Board, max_len: usize) -> Estimate {
    let mut estimate = dense_estimate(board, max_len);
    estimate.what = format!("the P-positions to length {max_len} ({board} board)");
    estimate.bytes = estimate.bytes.saturating_add(answers_bytes(max_len));
    estimate
}

/// Whether each word over {0, 1} up to `max_len` (letter 1 a peg) is a P-position, from the
/// dense tables under `budget`: refused up front when [`p_position_estimate`] is beyond its
/// limits.
///
/// # Complexity
///
/// O(2^N × moves) time; the bytes of [`p_position_estimate`].
///
/// ```
/// use unhop::{budget::Budget, games::{p_position_answers, MoveRule}, solitaire::Board};
/// let answers = p_position_answers(MoveRule::Chain, Board::Finite, 6, &Budget::default()).unwrap();
/// assert!(answers.get(&[1, 0, 1])); // no move
/// assert!(!answers.get(&[1, 1, 0])); // the player to move takes the last move
/// ```
pub fn p_position_answers(
    rule: MoveRule,
    board: Board,
    max_len: usize,
    budget: &Budget,
) -> Result<Answers, Error> {
    let meter = budget.reserve(&p_position_estimate(board, max_len))?;
    p_position_answers_metered(rule, board, max_len, &meter)
}

/// [`p_position_answers`] admitted already, its words charged to `meter`.
pub(crate) fn p_position_answers_metered(
    rule: MoveRule,
    board: Board,
    max_len: usize,
    meter: &Meter,
) -> Result<Answers, Error> {
    let value = dense_lookup((rule, Convention::Normal), board, max_len, meter, &Quiet)?;
    Ok(Answers::ask(2, max_len, &mut |w| {
        value(&Word::from_cells(w.iter().map(|&l| l == 1))) == 0
    }))
}
