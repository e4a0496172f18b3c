//! [`CompactTable`]: the finite-board values under normal play of the blocks only (the words
//! that are not sums: [`CanonicalWords`]), every other word's value the XOR of its blocks'.
//!
//! A block of n cells with k pegs is valued after every block with fewer pegs, or shorter:
//! each of its options (a move keeps the length and removes pegs) splits into blocks no longer
//! than it, each with fewer pegs when as long, looked up by their ranks. So the table holds
//! about 1.84^n values of each length n where the dense [`FiniteTable`] holds 2^n, and half a
//! byte each where it takes a byte: 1/17 of the memory to length 26, 1/24 to 30, 1/29 to 32.
//!
//! [`FiniteTable`]: super::FiniteTable

use super::canonical::CanonicalWords;
use super::dense::{power_of_two, value_of_mask};
use super::moves::{MoveRule, for_each_option};
use super::nibble_values::NibbleValues;
use crate::budget::{Budget, Estimate, Meter, WorkUnit};
use crate::error::Error;
use crate::games::Convention;
use crate::progress::Progress;
use crate::word::Word;

/// The longest length a compact table accepts: a block is read as the bits of a `u64`, and
/// a move's options as those of `len + 2` bits; below it, the budget decides.
pub const MAX_COMPACT_LEN: usize = 60;

/// The unit of a compact table's work: the blocks it values, 2^30 unless the budget says
/// otherwise: the table to length 32 (5.2 × 10^8 blocks, 70 s on two cores) and 33; length
/// 34 (1.7 × 10^9 blocks, four minutes) needs `--max-work`.
pub const COMPACT_TABLE_BLOCKS: WorkUnit = WorkUnit {
    name: "blocks",
    default_limit: 1 << 30,
};

/// The values of every block of 1 to `max_len` cells on the finite board under normal play,
/// by rank ([`CanonicalWords`]); the value of any word of up to 64 cells whose blocks fit.
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, Word, budget::Budget, games::{CompactTable, MoveRule}};
/// let table = CompactTable::build(MoveRule::Chain, 8, &Budget::default(), &Quiet).unwrap();
/// assert_eq!(table.value(&"01101010".parse::<Word>().unwrap()), Some(3));
/// // A word longer than the table, whose blocks are not: 0110101 0000 1101.
/// let long: Word = "011010100001101".parse().unwrap();
/// let xor = table.value(&"01101010".parse().unwrap()).unwrap()
///     ^ table.value(&"01101".parse().unwrap()).unwrap();
/// assert_eq!(table.value(&long), Some(xor));
/// ```
pub struct CompactTable {
    rule: MoveRule,
    blocks: CanonicalWords,
    /// `values[n]`: the values of the blocks of `n` cells by rank, half a byte each (a class
    /// of blocks is written while the classes before it are read).
    values: Vec<NibbleValues>,
}

impl CompactTable {
    /// What the table to `max_len` costs: a word valued and a byte for each block of every
    /// length (saturating).
    ///
    /// # Complexity
    ///
    /// O(L²).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::CompactTable;
    /// let estimate = CompactTable::estimate(30);
    /// assert!(estimate.bytes < 200 << 20); // the dense table: 1.75 GiB
    /// ```
    pub fn estimate(max_len: usize) -> Estimate {
        // Beyond the longest table, as many as the words themselves (it is refused anyway).
        let words = match CanonicalWords::new(max_len) {
            Ok(blocks) if max_len <= MAX_COMPACT_LEN => {
                (1..=max_len).map(|n| u128::from(blocks.count(n))).sum()
            }
            _ => power_of_two(max_len),
        };
        Estimate {
            what: format!("the compact table of length {max_len}"),
            unit: COMPACT_TABLE_BLOCKS,
            work: words,
            // Half a byte a block (the rare values above 13 kept beside them).
            bytes: words.div_ceil(2),
        }
    }

    /// The table of every block up to `max_len` cells under `rule`, under `budget` (refused up
    /// front when [`CompactTable::estimate`] is beyond its limits), reporting a unit of
    /// progress for each block valued.
    ///
    /// # Complexity
    ///
    /// O(B · m · L) time for B blocks of up to L cells with m options each (every option split
    /// into blocks and each ranked in O(L)); B bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Quiet, budget::Budget, games::{CompactTable, MoveRule}};
    /// let table = CompactTable::build(MoveRule::Single, 12, &Budget::default(), &Quiet).unwrap();
    /// let blocks = table.blocks();
    /// assert_eq!(blocks.count(12), 1_201); // valued, of 4,096 words of 12 cells
    /// assert!(CompactTable::build(MoveRule::Single, 61, &Budget::default(), &Quiet).is_err());
    /// ```
    pub fn build(
        rule: MoveRule,
        max_len: usize,
        budget: &Budget,
        progress: &dyn Progress,
    ) -> Result<CompactTable, Error> {
        let mut no_saved = |_, _| Ok(None);
        let mut nothing = |_: &CompactTable, _| Ok(());
        CompactTable::build_each(rule, max_len, budget, progress, &mut no_saved, &mut nothing)
    }

    /// [`CompactTable::build`] one length at a time: the values of each length are first
    /// asked of `saved` (given the length and its number of blocks; the values of an earlier
    /// run, kept by [`SavedLengths`](super::SavedLengths), or `None` to compute them), and
    /// `each` is called with the table and the length as soon as the length is whole (to
    /// count it, [`LengthCounter`](super::LengthCounter), or to save it). An error from
    /// either stops the build. The budget is charged for the lengths computed, not for those
    /// given; progress counts both.
    ///
    /// # Complexity
    ///
    /// As [`CompactTable::build`] for the lengths computed; O(B_n) to take a length of B_n
    /// blocks given.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Error, Quiet, budget::Budget, games::{CompactTable, LengthCounter, MoveRule}};
    /// let (budget, mut counter, mut p) = (Budget::default(), LengthCounter::new(), Vec::new());
    /// let first = CompactTable::build(MoveRule::Single, 6, &budget, &Quiet).unwrap();
    /// // Lengths 1 to 6 from the first table, the rest computed; each length counted when whole.
    /// let mut saved = |len, _| Ok::<_, Error>((len <= 6).then(|| first.length_values(len).collect()));
    /// let mut each = |table: &CompactTable, _| {
    ///     p.extend(counter.count_next(table).map(|c| c.p_positions));
    ///     Ok::<(), Error>(())
    /// };
    /// CompactTable::build_each(MoveRule::Single, 8, &budget, &Quiet, &mut saved, &mut each).unwrap();
    /// assert_eq!(p, [2, 4, 6, 11, 21, 38, 67, 123]);
    /// ```
    pub fn build_each<E: From<Error>>(
        rule: MoveRule,
        max_len: usize,
        budget: &Budget,
        progress: &dyn Progress,
        saved: &mut dyn FnMut(usize, u64) -> Result<Option<Vec<u8>>, E>,
        each: &mut dyn FnMut(&CompactTable, usize) -> Result<(), E>,
    ) -> Result<CompactTable, E> {
        // Refused first by its estimate (2^N beyond the longest: past any machine's memory).
        let estimate = CompactTable::estimate(max_len);
        let meter = budget.reserve(&estimate)?;
        if max_len > MAX_COMPACT_LEN {
            return Err(Error::new(format!(
                "a compact table of {max_len} cells: at most {MAX_COMPACT_LEN}"
            ))
            .into());
        }
        let mut table = CompactTable {
            rule,
            blocks: CanonicalWords::new(max_len)?,
            values: vec![NibbleValues::unset(0)],
        };
        // The blocks of the lengths before `len`, and whether the lengths are read back or
        // filled now: each a stage of its own, so that the time left is the filling's alone.
        let (mut before, mut filling) = (0u64, None);
        for len in 1..=max_len {
            let count = table.blocks.count(len);
            // The table's bytes are held on the meter since `reserve`; a saved length read
            // back takes a byte a block more until it is packed, allocated with a check.
            let values = saved(len, count)?;
            if filling != Some(values.is_none()) {
                filling = Some(values.is_none());
                match values {
                    Some(_) => progress.start("reading back the saved lengths", None),
                    None => progress.start(
                        "filling the compact table",
                        Some((estimate.work as u64).saturating_sub(before)),
                    ),
                }
            }
            before += count;
            let read_back = values.map(|bytes| match bytes.len() as u64 == count {
                true => NibbleValues::from_bytes(&bytes),
                false => None,
            });
            match read_back {
                Some(Some(values)) => {
                    table.values.push(values);
                    progress.advance(count);
                }
                Some(None) => {
                    return Err(Error::new(format!(
                        "the saved values of length {len} are not the {count} values of its blocks"
                    ))
                    .into());
                }
                None => table.fill_length(len, &meter, progress)?,
            }
            each(&table, len)?;
        }
        Ok(table)
    }

    /// Values the blocks of `len` cells, every shorter length held, a class of pegs at a time.
    fn fill_length(
        &mut self,
        len: usize,
        meter: &Meter,
        progress: &dyn Progress,
    ) -> Result<(), Error> {
        self.values
            .push(NibbleValues::unset(self.blocks.count(len)));
        for pegs in 0..=len {
            // A class on every thread: its blocks' options have fewer pegs, so it reads only
            // the classes before it.
            self.blocks
                .try_par_each_with_pegs(len, pegs, &|bits, rank| {
                    let value = self.mex_of_options(bits, len)?;
                    self.values[len].set(rank, value);
                    Ok(())
                })?;
            let class = self.blocks.count_with_pegs(len, pegs);
            meter.charge(class)?;
            progress.advance(class);
        }
        Ok(())
    }

    /// Whether every block of `len` cells is valued (length 0, of no block, always is).
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Quiet, budget::Budget, games::{CompactTable, MoveRule}};
    /// let table = CompactTable::build(MoveRule::Single, 5, &Budget::default(), &Quiet).unwrap();
    /// assert!(table.holds_length(5) && !table.holds_length(6));
    /// ```
    pub fn holds_length(&self, len: usize) -> bool {
        len < self.values.len()
    }

    /// The values of the blocks of `len` cells by rank (none when not held), as they are
    /// read: what [`SavedLengths`](super::SavedLengths) keeps.
    ///
    /// # Complexity
    ///
    /// O(1) each.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Quiet, budget::Budget, games::{CompactTable, MoveRule}};
    /// let table = CompactTable::build(MoveRule::Single, 3, &Budget::default(), &Quiet).unwrap();
    /// let values: Vec<u8> = table.length_values(3).collect();
    /// assert_eq!(values, [0, 1, 0, 1, 0]); // 010 011 101 110 111
    /// ```
    pub fn length_values(&self, len: usize) -> impl ExactSizeIterator<Item = u8> + '_ {
        let values = self.values.get(len).unwrap_or(&self.values[0]);
        values.iter()
    }

    /// The move rule.
    pub fn rule(&self) -> MoveRule {
        self.rule
    }

    /// The longest block held.
    pub fn max_len(&self) -> usize {
        self.blocks.max_len()
    }

    /// The blocks, ranked.
    pub fn blocks(&self) -> &CanonicalWords {
        &self.blocks
    }

    /// The value of the block of `len` cells of rank `rank`, if the table holds it.
    ///
    /// # Complexity
    ///
    /// O(1).
    pub fn value_at(&self, len: usize, rank: u64) -> Option<u8> {
        self.values.get(len)?.get(rank)
    }

    /// The value of `word` (up to 64 cells), if each of its blocks is in the table.
    ///
    /// # Complexity
    ///
    /// O(|word| / 8): its blocks found by bit operations, each ranked eight cells a step.
    pub fn value(&self, word: &Word) -> Option<u8> {
        match word.len() {
            len if len <= 64 => self.value_of_bits(word.bits_from(0), len),
            _ => None,
        }
    }

    /// The value of the word of `len` cells (at most 64) whose cell i is bit i of `bits`, if
    /// each of its blocks is in the table: [`CompactTable::value`] without making a [`Word`].
    ///
    /// # Complexity
    ///
    /// O(len / 8).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Quiet, budget::Budget, games::{CompactTable, MoveRule}};
    /// let table = CompactTable::build(MoveRule::Chain, 8, &Budget::default(), &Quiet).unwrap();
    /// assert_eq!(table.value_of_bits(0b01010110, 8), Some(3)); // 01101010
    /// assert_eq!(table.value_of_bits(0b1, 65), None);
    /// ```
    pub fn value_of_bits(&self, bits: u64, len: usize) -> Option<u8> {
        match len {
            0 => Some(0),
            len if len <= 64 => self.xor_of_blocks(bits & low_bits(len), len),
            _ => None,
        }
    }

    /// The value of the block `bits` of `len` cells: the mex of its options' values.
    fn mex_of_options(&self, bits: u64, len: usize) -> Result<u8, Error> {
        let mut seen = 0u64;
        let mut missing = false;
        for_each_option(
            self.rule,
            bits,
            len,
            &mut |option| match self.xor_of_blocks(option, len) {
                Some(value) => seen |= 1 << value,
                None => missing = true,
            },
        );
        if missing {
            return Err(Error::internal(
                "an option's block was not valued before it",
            ));
        }
        value_of_mask(seen, Convention::Normal)
    }

    /// The XOR of the values of the blocks of the word `bits` of `len` cells (at most 64):
    /// each maximal run of pegs with no gap of three holes, with the hole before it and the
    /// hole after it when there are cells there. `None` when a block is not in the table (or
    /// not valued yet).
    fn xor_of_blocks(&self, bits: u64, len: usize) -> Option<u8> {
        let mut value = 0;
        let mut pegs = bits;
        // Where three holes start (cells past the word read as pegs: no gap runs off its end).
        let holes = !bits & low_bits(len);
        let gaps = holes & holes >> 1 & holes >> 2 & low_bits(len.saturating_sub(2));
        while pegs != 0 {
            let first = pegs.trailing_zeros() as usize;
            // The block's last peg: the last before the first gap after its first peg.
            let gap = gaps & !low_bits(first);
            let before_gap = match gap {
                0 => pegs,
                gap => pegs & low_bits(gap.trailing_zeros() as usize),
            };
            let last = 63 - before_gap.leading_zeros() as usize;
            let start = first.saturating_sub(1);
            let end = (last + 1).min(len - 1);
            let block_len = end - start + 1;
            let block = (bits >> start) & low_bits(block_len);
            let rank = self.blocks.rank_bits(block, block_len)?;
            value ^= self.value_at(block_len, rank)?;
            pegs &= !low_bits(last + 1);
        }
        Some(value)
    }
}

/// The `n` lowest bits set (all 64 from 64 up).
pub(super) fn low_bits(n: usize) -> u64 {
    match n {
        0 => 0,
        n if n >= 64 => u64::MAX,
        n => (1 << n) - 1,
    }
}
