//! [`LengthCounter`] and [`length_counts`]: the value distribution of every length counted
//! from the blocks' values by an XOR convolution, with the smallest word of the largest value.

use super::compact_table::CompactTable;
use super::core_table::CoreTable;
use crate::word::Word;

/// Values are below 64 (`value_of_mask`), so a value is 6 bits and XORs stay below 64.
const VALUES: usize = 64;

/// Counts of each value.
type Counts = [u128; VALUES];

/// The fewest holes between two cores (a gap of two would join them).
const GAP: usize = 3;

/// The value distribution of every word of one length on the finite board under normal play,
/// counted from a [`CompactTable`] ([`LengthCounter`]).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct LengthCounts {
    /// The length.
    #[serde(rename = "length")]
    pub len: usize,
    /// The words of that length: 2^len.
    pub words: u64,
    /// How many of them have value 0 (the player to move loses).
    pub p_positions: u64,
    /// The largest value.
    pub max_value: u32,
    /// The first word with the largest value: the smallest as a binary number, cell 0 lowest,
    /// as in the dense tables' statistics.
    pub witness: Word,
    /// How many words have each value 0, 1, …, `max_value` (they add up to `words`).
    pub value_counts: Vec<u64>,
}

/// Counts the lengths of a [`CompactTable`] one after the other, each as soon as the table
/// holds every block it needs (those of up to as many cells), so a table being built can be
/// counted length by length ([`CompactTable::build_each`]).
///
/// A word is `0^a C₁ 0^g₁ C₂ … 0^g_(k−1) C_k 0^b`: k ≥ 0 *cores* (blocks that start and end
/// with a peg), gaps g ≥ 3 between them, any holes a, b at the ends. Its value is the XOR of
/// its blocks' values, the block of a core being the core with the hole before it when there
/// is one (a ≥ 1 for the first core, always for the others) and the hole after it likewise
/// ([`CompactTable`] says why). So with `A[x][y][m][v]`, the number of cores of m cells
/// whose block with (x) or without a hole before and (y) after has value v,
///
/// * `S[x][y][l]`, the sequences of cores spanning l cells from the first core's first peg to
///   the last core's last, is `A[x][y][l]` (one core) plus, for every last core of m cells after
///   a gap g ≥ 3, the XOR convolution of `S[x][1][l − m − g]` with `A[1][y][m]`;
/// * and the words of n cells with value v number `[v = 0]` (no peg) plus
///   `S[a ≥ 1][b ≥ 1][n − a − b][v]` summed over a, b ≥ 0.
///
/// `S[x][y][l]` needs the blocks of l + x + y cells, so length n counts the cores whose
/// blocks have n cells: of n cells alone, of n − 1 with one hole, of n − 2 with both.
///
/// **The smallest word** of a value, cell 0 lowest, is the mirror image of the first in the
/// order of texts (cell 0 first; a word and its mirror image have one value). That one is
/// found a core at a time: the most leading holes after which the value can still be made,
/// then the first core (the least of each length and value, kept while counting; a shorter
/// core comes before every longer one it begins, since three holes or the end follow it),
/// then the same again after its gap, from the sets of values each rest of the word can make.
///
/// # Complexity
///
/// Length n: O(B_n) for its cores (a walk of its B_n blocks in the order of their ranks,
/// each value read where the walk is), O(n · 64²) for the convolutions and O(n² · 64) for the smallest word; O(n · 64)
/// counts of memory beside the table.
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget, games::{CompactTable, LengthCounter, MoveRule}};
/// let table = CompactTable::build(MoveRule::Single, 3, &Budget::default(), &Quiet).unwrap();
/// let mut counter = LengthCounter::new();
/// let counts: Vec<_> = std::iter::from_fn(|| counter.count_next(&table)).collect();
/// // Of the 8 words of 3 cells, 011 and 110 (a hop possible) have value 1.
/// assert_eq!(counts.len(), 3);
/// assert_eq!((counts[2].p_positions, counts[2].max_value), (6, 1));
/// assert_eq!(counts[2].value_counts, [6, 2]);
/// assert_eq!(counts[2].witness.to_string(), "110"); // 3 as a binary number, cell 0 lowest
/// ```
#[derive(Default)]
pub struct LengthCounter {
    /// Whether the words counted are the infinite board's, from peg to peg
    /// ([`CoreLengthCounter`]): no holes at their ends, and their cores' values the same
    /// whatever lies beside them.
    trimmed: bool,
    /// The lengths counted so far.
    counted: usize,
    /// `A[x][y][m]`, by m (0 unused).
    cores: [[Vec<Counts>; 2]; 2],
    /// The least core (first in the order of texts) of each `A[x][y][m][v]` counted.
    least: [[Vec<[Option<Least>; VALUES]>; 2]; 2],
    /// `S[x][y][l]`, by l (0 unused).
    spans: [[Vec<Counts>; 2]; 2],
    /// The sum of `S[x][1][1..=l]`, by l: the sequences a gap may follow.
    spans_up_to: [Vec<Counts>; 2],
}

/// A core, with the rank of its block among the blocks of their length: a key in the order
/// of the texts of the cores of one length with the same holes beside them.
#[derive(Clone, Copy, Debug)]
struct Least {
    rank: u64,
    bits: u64,
}

/// The blocks of one length found by one thread, by the holes at their ends: counts and least
/// cores, as in [`LengthCounter`].
type Found = ([[Counts; 2]; 2], [[[Option<Least>; VALUES]; 2]; 2]);

impl LengthCounter {
    /// A counter at length 0.
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::LengthCounter;
    /// assert_eq!(LengthCounter::new().counted(), 0);
    /// ```
    pub fn new() -> LengthCounter {
        LengthCounter::default()
    }

    /// The lengths counted so far (1 to this).
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Quiet, budget::Budget, games::{CompactTable, LengthCounter, MoveRule}};
    /// let table = CompactTable::build(MoveRule::Chain, 2, &Budget::default(), &Quiet).unwrap();
    /// let mut counter = LengthCounter::new();
    /// while counter.count_next(&table).is_some() {}
    /// assert_eq!(counter.counted(), 2);
    /// ```
    pub fn counted(&self) -> usize {
        self.counted
    }

    /// The counts of the next length, `counted() + 1`, when `table` holds every block of that
    /// many cells (its length is built); `None` when it does not. The table must be the same
    /// from call to call.
    ///
    /// # Complexity
    ///
    /// As [`LengthCounter`] says for one length.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Quiet, budget::Budget, games::{CompactTable, LengthCounter, MoveRule}};
    /// let table = CompactTable::build(MoveRule::Single, 12, &Budget::default(), &Quiet).unwrap();
    /// let mut counter = LengthCounter::new();
    /// let twelve = std::iter::from_fn(|| counter.count_next(&table)).last().unwrap();
    /// assert_eq!((twelve.len, twelve.p_positions, twelve.max_value), (12, 1627, 5));
    /// assert_eq!(twelve.witness.to_string(), "110011011101");
    /// ```
    pub fn count_next(&mut self, table: &CompactTable) -> Option<LengthCounts> {
        let n = self.counted + 1;
        if n > table.max_len() || !table.holds_length(n) {
            return None;
        }
        Some(self.count_length(n, fold_blocks(table, n)))
    }

    /// Counts length `n` from `found`, the counts of the cores whose blocks (or, trimmed, which
    /// themselves) have `n` cells.
    fn count_length(&mut self, n: usize, found: Vec<Found>) -> LengthCounts {
        self.count_cores(n, found);
        self.add_spans(n);
        self.counted = n;
        let mut counts = [0u128; VALUES];
        counts[0] = u128::from(!self.trimmed); // no peg
        for (a, b) in self.ends(n, 0) {
            let (x, y) = (usize::from(a > 0), usize::from(b > 0));
            add(&mut counts, &self.spans[x][y][n - a - b]);
        }
        let max_value = (0..VALUES).rev().find(|&v| counts[v] > 0).unwrap_or(0);
        LengthCounts {
            len: n,
            words: saturating_u64(counts.iter().sum()),
            p_positions: saturating_u64(counts[0]),
            max_value: max_value as u32,
            witness: self
                .first_word(n, max_value as u8)
                .unwrap_or_else(|| Word::holes(n)),
            value_counts: counts[..=max_value]
                .iter()
                .map(|&c| saturating_u64(c))
                .collect(),
        }
    }

    /// The holes a stretch of `len` cells may have before its first core (`a`) and after its
    /// last (`b`), with a core between: any on the finite board; trimmed, none after the last
    /// core, and none before the first at the start of the word (`x` = 0).
    fn ends(&self, len: usize, x: usize) -> impl Iterator<Item = (usize, usize)> + use<> {
        let trimmed = self.trimmed;
        (0..len)
            .flat_map(move |a| (0..len - a).map(move |b| (a, b)))
            .filter(move |&(a, b)| !trimmed || (b == 0 && (a == 0 || x == 1)))
    }

    /// The first word of `len` cells (the smallest as a binary number, cell 0 lowest) with
    /// value `value`, for a length counted; `None` when no word of that length has it, or the
    /// length is not counted yet.
    ///
    /// # Complexity
    ///
    /// O(len² · 64) for each core of the word.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Quiet, budget::Budget, games::{CompactTable, LengthCounter, MoveRule}};
    /// let table = CompactTable::build(MoveRule::Chain, 8, &Budget::default(), &Quiet).unwrap();
    /// let mut counter = LengthCounter::new();
    /// while counter.count_next(&table).is_some() {}
    /// assert_eq!(counter.first_word(8, 0).unwrap().to_string(), "00000000");
    /// assert_eq!(counter.first_word(8, 1).unwrap().to_string(), "11000000"); // a hop: 3
    /// assert_eq!(counter.first_word(8, 3).unwrap().to_string(), "11010100"); // the largest
    /// assert_eq!(counter.first_word(8, 60), None);
    /// assert_eq!(counter.first_word(9, 0), None); // not counted
    /// ```
    pub fn first_word(&self, len: usize, value: u8) -> Option<Word> {
        if len > self.counted || usize::from(value) >= VALUES {
            return None;
        }
        let first_text = self.first_text(len, usize::from(value), 0)?;
        Some(Word::from_bits(u128::from(mirror(first_text, len)), len))
    }

    /// Records `found`, the cores whose blocks have `n` cells, `A[x][y][n − x − y]` (every
    /// block of `n` cells is one core with its holes, `x` before it and `y` after); trimmed,
    /// the cores of `n` cells, `A[x][y][n]` for every context alike.
    fn count_cores(&mut self, n: usize, found: Vec<Found>) {
        for list in self.cores.iter_mut().flatten() {
            list.resize(n + 1, [0; VALUES]);
        }
        for list in self.least.iter_mut().flatten() {
            list.resize(n + 1, [None; VALUES]);
        }
        for (counts, least) in found {
            for x in 0..2 {
                for y in 0..2 {
                    let (from, m) = match self.trimmed {
                        true => ((0, 0), Some(n)),
                        false => ((x, y), n.checked_sub(x + y).filter(|&m| m > 0)),
                    };
                    let Some(m) = m else {
                        continue;
                    };
                    add(&mut self.cores[x][y][m], &counts[from.0][from.1]);
                    for (kept, found) in self.least[x][y][m].iter_mut().zip(least[from.0][from.1]) {
                        *kept = least_of(*kept, found);
                    }
                }
            }
        }
    }

    /// Adds `S[x][y][n − x − y]` for every context.
    fn add_spans(&mut self, n: usize) {
        for list in self.spans.iter_mut().flatten() {
            list.resize(n + 1, [0; VALUES]);
        }
        for x in 0..2 {
            for y in 0..2 {
                let Some(l) = n.checked_sub(x + y).filter(|&l| l > 0) else {
                    continue;
                };
                let mut here = self.cores[x][y][l];
                // The last core of m cells after a gap of g ≥ 3 holes, the sequence before it
                // spanning l − m − g cells: 1 to l − m − 3.
                for m in 1..l.saturating_sub(GAP) {
                    convolve(
                        &mut here,
                        &self.spans_up_to[x][l - m - GAP],
                        &self.cores[1][y][m],
                    );
                }
                self.spans[x][y][l] = here;
                if y == 1 {
                    let up_to = &mut self.spans_up_to[x];
                    up_to.resize(l, [0; VALUES]);
                    let mut sum = up_to[l - 1];
                    add(&mut sum, &here);
                    up_to.push(sum);
                }
            }
        }
    }

    /// The values a stretch of `len` cells can make, as a mask: one at the start of the word
    /// (`x` = 0) or one after a hole (`x` = 1), its cores valued with the hole before the
    /// first when there is one.
    fn values_made(&self, len: usize, x: usize) -> u64 {
        let mut made = u64::from(!self.trimmed); // all holes
        for (a, b) in self.ends(len, x) {
            let spans = &self.spans[x | usize::from(a > 0)][usize::from(b > 0)][len - a - b];
            made |= mask(spans);
        }
        made
    }

    /// The first stretch of `len` cells in the order of texts (cell 0 first, `0` before `1`)
    /// with value `value`, at the start of the word (`x` = 0) or after a hole (`x` = 1), as
    /// bits (cell 0 lowest); `None` when no stretch has it.
    fn first_text(&self, len: usize, value: usize, x: usize) -> Option<u64> {
        if value == 0 && !self.trimmed {
            return Some(0); // all holes
        }
        // The most leading holes first.
        let a = self
            .ends(len, x)
            .filter(|&(a, b)| {
                let x = x | usize::from(a > 0);
                self.spans[x][usize::from(b > 0)][len - a - b][value] > 0
            })
            .map(|(a, _)| a)
            .max()?;
        let x = x | usize::from(a > 0);
        let rest = len - a;
        // The first core: the least of each length whose value the cells after it complete.
        let mut first: Option<(Least, usize, usize)> = None;
        for m in 1..=rest {
            let after = rest - m;
            let y = usize::from(after > 0);
            let tails = match after.checked_sub(GAP) {
                Some(after_gap) => self.values_made(after_gap, 1),
                // Holes alone after the core: none when trimmed.
                None => u64::from(after == 0 || !self.trimmed),
            };
            let completed = self.least[x][y][m]
                .iter()
                .enumerate()
                .filter(|&(u, _)| tails >> (value ^ u) & 1 == 1)
                .filter_map(|(u, least)| Some(((*least)?, m, u)));
            for core in completed {
                if first.is_none_or(|(f, _, _)| text_order(core.0.bits) < text_order(f.bits)) {
                    first = Some(core);
                }
            }
        }
        let (core, m, u) = first?;
        let rest_bits = match (rest - m).checked_sub(GAP) {
            Some(after_gap) => self.first_text(after_gap, value ^ u, 1)? << (m + GAP),
            None => 0,
        };
        Some((core.bits | rest_bits) << a)
    }
}

/// Counts the blocks of `n` cells with a peg by the holes at their ends (`x` before the core,
/// `y` after it) and their values, on every thread; the least core of each kept, with the
/// block's rank as its key (blocks with the same holes at their ends are in the order of their
/// cores' texts).
fn fold_blocks(table: &CompactTable, n: usize) -> Vec<Found> {
    let start = || ([[[0; VALUES]; 2]; 2], [[[None; VALUES]; 2]; 2]);
    let blocks = table.blocks();
    (1..=n)
        .flat_map(|pegs| {
            blocks.par_fold_with_pegs(n, pegs, start, |found: &mut Found, bits, rank| {
                let x = usize::from(bits & 1 == 0);
                let y = usize::from(bits >> (n - 1) & 1 == 0);
                let Some(value) = table.value_at(n, rank) else {
                    return;
                };
                let value = usize::from(value);
                found.0[x][y][value] += 1;
                let core = Least {
                    rank,
                    bits: bits >> x,
                };
                let least = &mut found.1[x][y][value];
                *least = least_of(*least, Some(core));
            })
        })
        .collect()
}

/// Counts the cores of `n` cells of a [`CoreTable`] by their values, on every thread; the
/// least of each kept (as context (0, 0) of a [`Found`]).
fn fold_cores(table: &CoreTable, n: usize) -> Vec<Found> {
    let start = || ([[[0; VALUES]; 2]; 2], [[[None; VALUES]; 2]; 2]);
    let cores = table.cores();
    (1..=n)
        .flat_map(|pegs| {
            cores.par_fold_with_pegs(n, pegs, start, |found: &mut Found, bits, rank| {
                let Some(value) = table.value_at(n, rank) else {
                    return;
                };
                let value = usize::from(value);
                found.0[0][0][value] += 1;
                let least = &mut found.1[0][0][value];
                *least = least_of(*least, Some(Least { rank, bits }));
            })
        })
        .collect()
}

/// The value distribution of every word of one length from peg to peg on the infinite board
/// under normal play, counted length by length from a [`CoreTable`]: the words are
/// `C₁ 0^g₁ C₂ … 0^g_(k−1) C_k`, k ≥ 1 cores with gaps of three holes or more between them,
/// and a word's value is the XOR of its cores' values; so the counts are those of
/// [`LengthCounter`] with no holes at the ends and each core's value the same beside holes or
/// not. The first word of a value is the smallest as a binary number, cell 0 lowest, as in
/// the dense [`InfiniteTable`](super::InfiniteTable)'s statistics.
///
/// # Complexity
///
/// As [`LengthCounter`], with the C_n cores of each length n in place of its blocks.
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget, games::{CoreLengthCounter, CoreTable, MoveRule}};
/// let table = CoreTable::build(MoveRule::Single, 4, &Budget::default(), &Quiet).unwrap();
/// let mut counter = CoreLengthCounter::new();
/// let counts: Vec<_> = std::iter::from_fn(|| counter.count_next(&table)).collect();
/// // 1001, 1011, 1101, 1111: values 0, 2, 2 and 0.
/// assert_eq!(counts[3].value_counts, [2, 0, 2]);
/// assert_eq!(counts[3].witness.to_string(), "1101"); // 11 as a binary number, cell 0 lowest
/// ```
pub struct CoreLengthCounter(LengthCounter);

impl Default for CoreLengthCounter {
    fn default() -> Self {
        CoreLengthCounter::new()
    }
}

impl CoreLengthCounter {
    /// A counter at length 0.
    ///
    /// # Complexity
    ///
    /// O(1).
    pub fn new() -> CoreLengthCounter {
        CoreLengthCounter(LengthCounter {
            trimmed: true,
            ..LengthCounter::default()
        })
    }

    /// The lengths counted so far (1 to this).
    ///
    /// # Complexity
    ///
    /// O(1).
    pub fn counted(&self) -> usize {
        self.0.counted
    }

    /// The counts of the next length, `counted() + 1`, when `table` holds it whole (a table
    /// being built can be counted length by length: [`CoreTable::build_each`]); `None` when
    /// it does not. The table must be the same from call to call.
    ///
    /// # Complexity
    ///
    /// As [`CoreLengthCounter`] says for one length.
    pub fn count_next(&mut self, table: &CoreTable) -> Option<LengthCounts> {
        let n = self.0.counted + 1;
        if n > table.max_len() || !table.holds_length(n) {
            return None;
        }
        Some(self.0.count_length(n, fold_cores(table, n)))
    }

    /// The first word of `len` cells from peg to peg (the smallest as a binary number, cell 0
    /// lowest) with value `value`, for a length counted; `None` when no such word has it.
    ///
    /// # Complexity
    ///
    /// O(len² · 64) for each core of the word.
    pub fn first_word(&self, len: usize, value: u8) -> Option<Word> {
        self.0.first_word(len, value)
    }
}

/// The lesser of two cores of one length (by rank), either absent.
fn least_of(a: Option<Least>, b: Option<Least>) -> Option<Least> {
    match (a, b) {
        (Some(a), Some(b)) => Some(if b.rank < a.rank { b } else { a }),
        (a, b) => a.or(b),
    }
}

/// A key in the order of texts (cell 0 first, holes after the last cell): cores of different
/// lengths compare as the words they begin do.
fn text_order(bits: u64) -> u64 {
    bits.reverse_bits()
}

/// The mirror image of the `len` cells `bits`.
fn mirror(bits: u64, len: usize) -> u64 {
    match len {
        0 => 0,
        len => bits.reverse_bits() >> (64 - len),
    }
}

/// The values with a nonzero count, as a mask.
fn mask(counts: &Counts) -> u64 {
    counts
        .iter()
        .enumerate()
        .filter(|(_, c)| **c > 0)
        .fold(0, |m, (v, _)| m | 1 << v)
}

/// The counts of each length 1 to `table.max_len()` ([`LengthCounter`], every length).
///
/// # Complexity
///
/// As [`LengthCounter`], for every length: O(B) block look-ups for the B blocks of the table.
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget, games::{CompactTable, MoveRule, length_counts}};
/// let table = CompactTable::build(MoveRule::Single, 3, &Budget::default(), &Quiet).unwrap();
/// let counts = length_counts(&table);
/// assert_eq!((counts[2].p_positions, counts[2].max_value, counts[2].value_counts.clone()), (6, 1, vec![6, 2]));
/// ```
pub fn length_counts(table: &CompactTable) -> Vec<LengthCounts> {
    let mut counter = LengthCounter::new();
    std::iter::from_fn(|| counter.count_next(table)).collect()
}

/// `into[u ⊕ w] += a[u] · b[w]` for every u, w.
fn convolve(into: &mut Counts, a: &Counts, b: &Counts) {
    for (u, &count_a) in a.iter().enumerate().filter(|(_, c)| **c > 0) {
        for (w, &count_b) in b.iter().enumerate().filter(|(_, c)| **c > 0) {
            into[u ^ w] += count_a * count_b;
        }
    }
}

/// `into[v] += from[v]` for every v.
fn add(into: &mut Counts, from: &Counts) {
    for (i, f) in into.iter_mut().zip(from) {
        *i += f;
    }
}

/// `count` as a `u64`, saturating (a length has at most 2^60 words).
fn saturating_u64(count: u128) -> u64 {
    u64::try_from(count).unwrap_or(u64::MAX)
}
