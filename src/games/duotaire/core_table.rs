//! [`CoreTable`]: the infinite board's values under normal play of the cores only (the words
//! with a peg at each end and no gap of three holes: [`CanonicalWords::cores`]), every other
//! word's value the XOR of its cores'.
//!
//! On the infinite board a gap of three holes splits a word, g(u000w) = g(u) ⊕ g(w), and
//! holes at the ends do not matter (the proof, a pagoda function of weights φ^i, is in
//! docs/duotaire.md). The same weights bound how far a game spreads: from a word whose pegs
//! lie in cells 0 to m − 1 no peg ever reaches cell −2 or m + 1, so every core met in its
//! game is at most m + 2 cells long. A move keeps a core's pegs but one within a cell of it,
//! so its options are rows of m + 2 cells; their cores have fewer pegs. The table is filled a
//! class of pegs at a time, across every length at once; the cores one or two cells longer
//! than the table, met only as options, are valued when first met (their values kept in two
//! more ranked lengths).

use super::canonical::CanonicalWords;
use super::compact_table::low_bits;
use super::dense::value_of_mask;
use super::moves::{MoveRule, for_each_option};
use super::nibble_values::NibbleValues;
use crate::budget::{Budget, Estimate, Meter, WorkUnit};
use crate::error::Error;
use crate::games::Convention;
use crate::progress::Progress;
use crate::word::Word;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// The longest length a core table accepts: its longest options, rows of the cores two cells
/// longer with a hole on either side, are read as the bits of a `u64`; below it, the budget
/// decides.
pub const MAX_CORE_TABLE_LEN: usize = 60;

/// The cells beyond the table a core met in its games may have.
const BEYOND: usize = 2;

/// The unit of a core table's work: the cores it values (at most those of the two lengths
/// beyond it too), 2^28 unless the budget says otherwise: the table to length 30 (2.2 × 10^8,
/// about a minute of processor time); 31 and longer need `--max-work`.
pub const CORE_TABLE_CORES: WorkUnit = WorkUnit {
    name: "cores",
    default_limit: 1 << 28,
};

/// The values of every core of 1 to `max_len` cells on the infinite board under normal play,
/// by rank ([`CanonicalWords::cores`]); the value of any word of up to 64 cells whose cores
/// fit.
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, Word, budget::Budget, games::{CoreTable, MoveRule}};
/// let table = CoreTable::build(MoveRule::Chain, 8, &Budget::default(), &Quiet).unwrap();
/// // 011(01)^n0 has value n + 1 under the chain rule.
/// assert_eq!(table.value(&"0110101010".parse::<Word>().unwrap()), Some(4));
/// // Two cores three holes apart: the XOR of their values.
/// let sum: Word = "1101000011".parse().unwrap();
/// let xor = table.value(&"1101".parse().unwrap()).unwrap() ^ table.value(&"11".parse().unwrap()).unwrap();
/// assert_eq!(table.value(&sum), Some(xor));
/// ```
pub struct CoreTable {
    rule: MoveRule,
    max_len: usize,
    /// The cores to `max_len` + [`BEYOND`] cells, ranked.
    cores: CanonicalWords,
    /// `values[n]`: the values of the cores of `n` cells by rank, half a byte each; beyond
    /// `max_len`, those met as options so far.
    values: Vec<NibbleValues>,
    /// The cores beyond the table valued so far.
    valued_beyond: AtomicU64,
    /// The lengths 1 to this are whole (every core valued).
    whole: AtomicUsize,
}

impl CoreTable {
    /// What the table to `max_len` costs: a core valued for each core of every length to
    /// `max_len` and, at most, of the two lengths beyond it; half a byte for each of them
    /// (saturating).
    ///
    /// # Complexity
    ///
    /// O(L²).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::CoreTable;
    /// let estimate = CoreTable::estimate(30);
    /// assert!(estimate.bytes < 300 << 20); // the dense table: 2 GiB while it is built
    /// assert_eq!(CoreTable::estimate(usize::MAX).work, 1 << 127); // past any memory
    /// ```
    pub fn estimate(max_len: usize) -> Estimate {
        let ranked = match max_len <= MAX_CORE_TABLE_LEN {
            true => CanonicalWords::cores(max_len + BEYOND).ok(),
            false => None,
        };
        let cores = match ranked {
            Some(cores) => (1..=max_len + BEYOND)
                .map(|n| u128::from(cores.count(n)))
                .sum(),
            // Beyond the longest, as many as the words themselves (it is refused anyway).
            _ => 1u128 << max_len.min(127),
        };
        Estimate {
            what: format!("the core table of length {max_len}"),
            unit: CORE_TABLE_CORES,
            work: cores,
            bytes: cores.div_ceil(2),
        }
    }

    /// The table of every core up to `max_len` cells under `rule`, under `budget` (refused up
    /// front when [`CoreTable::estimate`] is beyond its limits), reporting a unit of progress
    /// for each core of the table valued.
    ///
    /// # Complexity
    ///
    /// O(C · m · L) time for C cores of up to L + 2 cells with m options each (every option
    /// split into cores and each ranked in O(L)); C / 2 bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Quiet, budget::Budget, games::{CoreTable, MoveRule}};
    /// let table = CoreTable::build(MoveRule::Single, 12, &Budget::default(), &Quiet).unwrap();
    /// assert_eq!(table.cores().count(12), 504); // valued, of 1,024 words from peg to peg
    /// assert!(CoreTable::build(MoveRule::Single, 61, &Budget::default(), &Quiet).is_err());
    /// ```
    pub fn build(
        rule: MoveRule,
        max_len: usize,
        budget: &Budget,
        progress: &dyn Progress,
    ) -> Result<CoreTable, Error> {
        CoreTable::build_each(rule, max_len, budget, progress, &mut |_, _| {
            Ok::<(), Error>(())
        })
    }

    /// [`CoreTable::build`], calling `each` with the table and a length as soon as every core
    /// of that length is valued (length n once the cores of n pegs are: the lengths in order,
    /// the last few at the end); an error from `each` stops the build.
    ///
    /// # Complexity
    ///
    /// As [`CoreTable::build`].
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Error, Quiet, budget::Budget, games::{CoreTable, MoveRule}};
    /// let mut whole = Vec::new();
    /// let mut each = |table: &CoreTable, len| {
    ///     whole.push((len, table.value_at(len, 0).is_some()));
    ///     Ok::<(), Error>(())
    /// };
    /// CoreTable::build_each(MoveRule::Chain, 4, &Budget::default(), &Quiet, &mut each).unwrap();
    /// assert_eq!(whole, [(1, true), (2, true), (3, true), (4, true)]);
    /// ```
    pub fn build_each<E: From<Error>>(
        rule: MoveRule,
        max_len: usize,
        budget: &Budget,
        progress: &dyn Progress,
        each: &mut dyn FnMut(&CoreTable, usize) -> Result<(), E>,
    ) -> Result<CoreTable, E> {
        let estimate = CoreTable::estimate(max_len);
        let meter = budget.reserve(&estimate)?;
        if max_len > MAX_CORE_TABLE_LEN {
            return Err(Error::new(format!(
                "a core table of {max_len} cells: at most {MAX_CORE_TABLE_LEN}"
            ))
            .into());
        }
        let cores = CanonicalWords::cores(max_len + BEYOND)?;
        // Held on the meter since `reserve`: the estimate's bytes are these.
        let values = (0..=max_len + BEYOND)
            .map(|len| NibbleValues::unset(cores.count(len)))
            .collect();
        let table = CoreTable {
            rule,
            max_len,
            cores,
            values,
            valued_beyond: AtomicU64::new(0),
            whole: AtomicUsize::new(0),
        };
        let in_table: u64 = (1..=max_len).map(|n| table.cores.count(n)).sum();
        progress.start("filling the core table", Some(in_table));
        for pegs in 1..=max_len {
            for len in pegs..=max_len {
                table.fill_class(len, pegs, &meter)?;
                progress.advance(table.cores.count_with_pegs(len, pegs));
            }
            // The cores of `pegs` cells have at most as many pegs.
            table.whole.store(pegs, Ordering::Release);
            each(&table, pegs)?;
        }
        Ok(table)
    }

    /// Values the cores of `len` cells with `pegs` pegs on every thread (every core with
    /// fewer pegs valued, or valued when met).
    fn fill_class(&self, len: usize, pegs: usize, meter: &Meter) -> Result<(), Error> {
        let class = self.cores.count_with_pegs(len, pegs);
        if class == 0 {
            return Ok(());
        }
        let beyond_before = self.valued_beyond.load(Ordering::Relaxed);
        self.cores
            .try_par_each_with_pegs(len, pegs, &|bits, rank| {
                let value = self.mex_of_options(bits, len)?;
                self.values[len].set(rank, value);
                Ok(())
            })?;
        let beyond = self.valued_beyond.load(Ordering::Relaxed) - beyond_before;
        meter.charge(class + beyond)
    }

    /// The move rule.
    pub fn rule(&self) -> MoveRule {
        self.rule
    }

    /// The longest core held.
    pub fn max_len(&self) -> usize {
        self.max_len
    }

    /// Whether every core of `len` cells is valued (length 0, of no core, always is).
    ///
    /// # Complexity
    ///
    /// O(1).
    pub fn holds_length(&self, len: usize) -> bool {
        len <= self.whole.load(Ordering::Acquire)
    }

    /// The cores, ranked (to two cells beyond the table).
    pub fn cores(&self) -> &CanonicalWords {
        &self.cores
    }

    /// The value of the core of `len` cells (at most the table's) of rank `rank`.
    ///
    /// # Complexity
    ///
    /// O(1).
    pub fn value_at(&self, len: usize, rank: u64) -> Option<u8> {
        match len <= self.max_len {
            true => self.values.get(len)?.get(rank),
            false => None,
        }
    }

    /// The value of `word` (up to 64 cells) on the infinite board, if each of its cores is in
    /// the table: the XOR of its cores' values.
    ///
    /// # Complexity
    ///
    /// O(|word|): its cores found by bit operations, each ranked eight cells a step.
    pub fn value(&self, word: &Word) -> Option<u8> {
        match word.len() {
            len if len <= 64 => self.value_of_bits(word.bits_from(0), len),
            _ => None,
        }
    }

    /// [`CoreTable::value`] of the word of `len` cells (at most 64) whose cell i is bit i of
    /// `bits`, without making a [`Word`].
    ///
    /// # Complexity
    ///
    /// O(len).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Quiet, budget::Budget, games::{CoreTable, MoveRule}};
    /// let table = CoreTable::build(MoveRule::Single, 6, &Budget::default(), &Quiet).unwrap();
    /// assert_eq!(table.value_of_bits(0b011, 4), Some(1)); // 1100: a hop either way
    /// assert_eq!(table.value_of_bits(0b1111111, 7), None); // a core of 7 cells
    /// ```
    pub fn value_of_bits(&self, bits: u64, len: usize) -> Option<u8> {
        if len > 64 {
            return None;
        }
        let mut value = 0;
        for (core, core_len) in cores_of(bits & low_bits(len)) {
            value ^= self.value_at(core_len, self.cores.rank_bits(core, core_len)?)?;
        }
        Some(value)
    }

    /// The value of the core `bits` of `len` cells: the mex of its options' values.
    fn mex_of_options(&self, bits: u64, len: usize) -> Result<u8, Error> {
        let mut seen = 0u64;
        let mut failure = None;
        // A hole on either side: a move stays within a cell of the core.
        for_each_option(
            self.rule,
            bits << 1,
            len + 2,
            &mut |option| match self.xor_of_cores(option) {
                Ok(value) => seen |= 1 << value,
                Err(e) => {
                    failure.get_or_insert(e);
                }
            },
        );
        match failure {
            Some(e) => Err(e),
            None => value_of_mask(seen, Convention::Normal),
        }
    }

    /// The XOR of the values of the cores of the row `bits`, each valued before it, or now
    /// when it is longer than the table.
    fn xor_of_cores(&self, bits: u64) -> Result<u8, Error> {
        let mut value = 0;
        for (core, len) in cores_of(bits) {
            value ^= self.core_value(core, len)?;
        }
        Ok(value)
    }

    /// The value of the core `bits` of `len` cells: held, or, beyond the table, computed now
    /// and kept.
    fn core_value(&self, bits: u64, len: usize) -> Result<u8, Error> {
        let Some(rank) = self.cores.rank_bits(bits, len) else {
            return Err(Error::internal(format!(
                "a core of {len} cells met in the games of the core table of length {}",
                self.max_len
            )));
        };
        match (self.values[len].get(rank), len > self.max_len) {
            (Some(value), _) => Ok(value),
            (None, true) => {
                let value = self.mex_of_options(bits, len)?;
                self.values[len].set(rank, value);
                self.valued_beyond.fetch_add(1, Ordering::Relaxed);
                Ok(value)
            }
            (None, false) => Err(Error::internal("an option's core was not valued before it")),
        }
    }
}

/// The cores of the row `bits` (cell i is bit i), as (bits, length) pairs: each maximal run
/// from a peg to a peg with no gap of three holes.
fn cores_of(bits: u64) -> impl Iterator<Item = (u64, usize)> {
    let mut pegs = bits;
    std::iter::from_fn(move || {
        if pegs == 0 {
            return None;
        }
        let first = pegs.trailing_zeros() as usize;
        let mut last = first;
        // The next peg after `last`, while fewer than three holes lie between.
        let mut rest = pegs & !low_bits(last + 1);
        while rest != 0 && (rest.trailing_zeros() as usize) - last <= 3 {
            last = rest.trailing_zeros() as usize;
            rest &= rest - 1;
        }
        pegs = rest;
        let len = last - first + 1;
        Some(((bits >> first) & low_bits(len), len))
    })
}
