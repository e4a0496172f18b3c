//! The machinery the tables share: the words a table covers, arrays of cells not computed
//! yet, the mex of a set of values held as a bit mask, and the words of a length with a given
//! number of pegs (the order the tables are filled in, every move removing a peg),
//! enumerated in parallel.

use crate::error::{Error, Figures};
use crate::games::Convention;
use crate::progress::Progress;
use crate::solitaire::Board;
use crate::word::Word;
use rayon::prelude::*;
use std::sync::atomic::AtomicU8;

/// The words of the tables of `board` up to `max_len`: 2^(N+1) − 2 on the finite board,
/// 2^(N−1) on the infinite board (saturating).
pub(crate) fn table_word_count(board: Board, max_len: usize) -> u128 {
    match (board, max_len) {
        (Board::Finite, _) => power_of_two(max_len.saturating_add(1)).saturating_sub(2),
        (Board::Infinite, 0) => 0,
        (Board::Infinite, _) => power_of_two(max_len - 1),
    }
}

/// The words a table of length `len` covers: all of them on the finite board, those with a
/// peg at both ends on the infinite board (where holes at the ends do not matter).
///
/// # Complexity
///
/// O(1) to start; O(1) per word (2^len words on the finite board, 2^(len−2) on the infinite board).
///
/// # Examples
///
/// ```
/// use unhop::{games::table_words, solitaire::Board};
/// let words: Vec<String> = table_words(3, Board::Infinite).map(|w| w.to_string()).collect();
/// assert_eq!(words, ["101", "111"]);
/// assert_eq!(table_words(3, Board::Finite).count(), 8);
/// ```
pub fn table_words(len: usize, board: Board) -> Box<dyn Iterator<Item = Word>> {
    match (board, len) {
        (Board::Finite, _) => Box::new((0..1u128 << len).map(move |b| Word::from_bits(b, len))),
        (Board::Infinite, 1) => Box::new(std::iter::once(Word::from_bits(1, 1))),
        (Board::Infinite, _) => Box::new(
            (0..1u128 << (len - 2)).map(move |m| Word::from_bits(1 | m << 1 | 1 << (len - 1), len)),
        ),
    }
}

/// Not computed yet.
pub(crate) const UNSET: u8 = u8::MAX;

/// 2^`n` as a number of words or bytes, saturating at `u128::MAX`.
pub(crate) fn power_of_two(n: usize) -> u128 {
    1u128
        .checked_shl(n as u32)
        .filter(|_| n < 128)
        .unwrap_or(u128::MAX)
}

/// The bytes of the list of a table's lengths up to `max_len` (each a `Vec`), counted twice
/// for its growth.
pub(crate) fn table_bytes(max_len: usize) -> u128 {
    2 * (max_len as u128 + 3) * size_of::<Vec<u8>>() as u128
}

/// The refusal of a table to `max_len` when the longest it can hold is `longest` (a limit of
/// the representation, above what the memory of any machine allows now).
pub(crate) fn beyond_the_longest(max_len: usize, longest: usize, tables: &str) -> Error {
    Error::refused_with(
        Figures::new(max_len as u128, longest as u128, "cells"),
        format!("{tables} hold words of at most {longest} cells, not {max_len}"),
    )
}

/// `len` cells not computed yet, or an error (not an abort) when the memory cannot be had.
pub(crate) fn unset_cells(len: usize, what: &str) -> Result<Vec<AtomicU8>, Error> {
    let mut cells = Vec::new();
    cells
        .try_reserve_exact(len)
        .map_err(|_| crate::memory::allocation_failed(len as u128, what))?;
    cells.extend((0..len).map(|_| AtomicU8::new(UNSET)));
    Ok(cells)
}

/// The value of a position whose options' values are the set `seen` (bit v set: some option
/// has value v) under `convention`: the smallest value not in it, except that under misère
/// play a position without options (an empty set) has value 1.
pub(crate) fn value_of_mask(seen: u64, convention: Convention) -> Result<u8, Error> {
    if seen == 0 && convention == Convention::Misere {
        return Ok(1);
    }
    match (!seen).trailing_zeros() {
        v if v < 63 => Ok(v as u8),
        _ => Err(Error::new("a Duotaire value above 62: out of range")),
    }
}

/// The value of the word without pegs under `convention`: no move, so 0 under normal play
/// and 1 under misère play.
pub(crate) fn empty_value(convention: Convention) -> u8 {
    match convention {
        Convention::Normal => 0,
        Convention::Misere => 1,
    }
}

/// Calls `visit` with every `len`-bit number with `ones` ones, in parallel for rows longer than
/// [`SEQUENTIAL_ROWS`] when there are several worker threads: the top bits (up to [`TOP_BITS`] of them, so up to 2^8 parts, at
/// least 2^10 numbers each before the class is cut) are split among the threads, the rest
/// enumerated in increasing order (Gosper's hack). `progress` advances by the numbers visited,
/// a part at a time.
pub(crate) fn for_each_in_class(
    len: usize,
    ones: usize,
    progress: &dyn Progress,
    visit: impl Fn(u64) -> Result<(), Error> + Sync,
) -> Result<(), Error> {
    let top = len.saturating_sub(LOW_BITS).min(TOP_BITS);
    let low = len - top;
    let part = |top: u64| match ones.checked_sub(top.count_ones() as usize) {
        Some(rest) if rest <= low => {
            let mut visited = 0;
            each_with_ones(low, rest, |bits| {
                visited += 1;
                visit(top << low | bits)
            })?;
            progress.advance(visited);
            Ok(())
        }
        _ => Ok(()),
    };
    match len > SEQUENTIAL_ROWS && rayon::current_num_threads() > 1 {
        true => (0..1u64 << top).into_par_iter().try_for_each(part),
        false => (0..1u64 << top).try_for_each(part),
    }
}

/// The longest rows whose classes are enumerated on one thread: at most C(12, 6) = 924
/// numbers, less than the cost of handing them to threads.
const SEQUENTIAL_ROWS: usize = 12;

/// The fewest low bits a part of a class enumerates.
const LOW_BITS: usize = 10;

/// The most top bits a class is split by among the threads.
const TOP_BITS: usize = 8;

/// Calls `visit` with every `width`-bit number with `ones` ones, in increasing order.
fn each_with_ones(
    width: usize,
    ones: usize,
    mut visit: impl FnMut(u64) -> Result<(), Error>,
) -> Result<(), Error> {
    if ones == 0 {
        return visit(0);
    }
    let mut bits: u64 = (1 << ones) - 1;
    while bits < 1 << width {
        visit(bits)?;
        let lowest = bits & bits.wrapping_neg();
        let carried = bits + lowest;
        bits = (((carried ^ bits) >> 2) / lowest) | carried;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[test]
    fn classes_enumerate_every_number_with_that_many_ones_once() {
        // Sequential up to 12 cells, split among threads beyond.
        let cases = [0, 1, 5, 11, 12, 13, 17, 19].map(|len| (len, (0..=len).collect::<Vec<_>>()));
        for (len, counts) in cases.into_iter().chain([(22, vec![0, 1, 3, 20, 22])]) {
            for ones in counts {
                let seen = Mutex::new(Vec::new());
                for_each_in_class(len, ones, &crate::Quiet, |bits| {
                    seen.lock().unwrap().push(bits);
                    Ok(())
                })
                .unwrap();
                let mut seen = seen.into_inner().unwrap();
                seen.sort_unstable();
                let want: Vec<u64> = (0..1u64 << len)
                    .filter(|b| b.count_ones() as usize == ones)
                    .collect();
                assert_eq!(seen, want, "len {len}, ones {ones}");
            }
        }
    }
}
