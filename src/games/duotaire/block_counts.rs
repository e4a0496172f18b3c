//! [`length_counts`]: the value distribution of every length, counted from the blocks'
//! values by an XOR convolution.

use super::compact_table::CompactTable;
use crate::word::Word;

/// Values are below 64 (`value_of_mask`), so a value is 6 bits and XORs stay below 64.
const VALUES: usize = 64;

/// Counts of each value.
type Counts = [u128; VALUES];

/// The value distribution of every word of one length on the finite board under normal play,
/// counted from a [`CompactTable`] ([`length_counts`]).
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
    /// A word with the largest value (not always the smallest such word).
    pub witness: Word,
    /// How many words have each value 0, 1, …, `max_value` (they add up to `words`).
    pub value_counts: Vec<u64>,
}

/// The counts of each length 1 to `table.max_len()` (every block of such words is in the
/// table): the value distribution of all 2^n finite-board words of each length n under
/// normal play, counted from the values of the blocks alone by an XOR convolution over the
/// ways a word splits into blocks and gaps, without visiting the words.
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
/// * and the words of n cells with value v number `[v = 0]` (no peg) plus `S[a ≥ 1][b ≥ 1][n − a − b][v]`
///   summed over a, b ≥ 0.
///
/// # Complexity
///
/// O(B · L) to count the cores by their four blocks (B blocks of up to L cells, each ranked in
/// O(L)), then O(L² · 64²) for the convolutions (each length's last core against the sums of
/// the sequences before it); O(L · 64) counts of memory beside the table.
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget, games::{CompactTable, MoveRule, length_counts}};
/// let table = CompactTable::build(MoveRule::Single, 3, &Budget::default(), &Quiet).unwrap();
/// let counts = length_counts(&table);
/// // Of the 8 words of 3 cells, 011 and 110 (a hop possible) have value 1.
/// assert_eq!((counts[2].p_positions, counts[2].max_value, counts[2].value_counts.clone()), (6, 1, vec![6, 2]));
/// assert!(["011", "110"].contains(&counts[2].witness.to_string().as_str()));
/// ```
pub fn length_counts(table: &CompactTable) -> Vec<LengthCounts> {
    let max_len = table.max_len();
    let cores = Cores::of(table);
    let spans = Spans::of(&cores, max_len);
    (1..=max_len)
        .map(|n| {
            let mut counts = [0u128; VALUES];
            counts[0] = 1; // no peg
            for a in 0..n {
                for b in 0..n - a {
                    let (x, y) = (usize::from(a > 0), usize::from(b > 0));
                    add(&mut counts, &spans.counts[x][y][n - a - b]);
                }
            }
            let max_value = (0..VALUES).rev().find(|&v| counts[v] > 0).unwrap_or(0);
            LengthCounts {
                len: n,
                words: saturating_u64(counts.iter().sum()),
                p_positions: saturating_u64(counts[0]),
                max_value: max_value as u32,
                witness: spans.witness(&cores, n, max_value),
                value_counts: counts[..=max_value]
                    .iter()
                    .map(|&c| saturating_u64(c))
                    .collect(),
            }
        })
        .collect()
}

/// `A[x][y][m]`: the cores of m cells counted by the value of their block with (x = 1) or
/// without a hole before and (y) after; and the first core found of each count.
struct Cores {
    counts: [[Vec<Counts>; 2]; 2],
    first: [[Vec<[Option<u64>; VALUES]>; 2]; 2],
}

/// The cores of one length found by one thread: counts and first cores, as in [`Cores`].
type OneLength = ([[Counts; 2]; 2], [[[Option<u64>; VALUES]; 2]; 2]);

impl Cores {
    /// No core found yet, of one length.
    fn one_length() -> OneLength {
        ([[[0; VALUES]; 2]; 2], [[[None; VALUES]; 2]; 2])
    }

    /// The cores up to `table.max_len()` cells, each with the blocks the table holds.
    fn of(table: &CompactTable) -> Cores {
        let max_len = table.max_len();
        let empty = || vec![[0u128; VALUES]; max_len + 1];
        let none = || vec![[None; VALUES]; max_len + 1];
        let mut cores = Cores {
            counts: [[empty(), empty()], [empty(), empty()]],
            first: [[none(), none()], [none(), none()]],
        };
        let blocks = table.blocks();
        for m in 1..=max_len {
            for pegs in 1..=m {
                let folded =
                    blocks.par_fold_with_pegs(m, pegs, Cores::one_length, |found, bits, _| {
                        if bits & 1 == 0 || bits >> (m - 1) & 1 == 0 {
                            return; // a hole at an end: not a core
                        }
                        for (x, y) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                            if let Some(value) = table.value_of_bits(bits << x, m + x + y) {
                                let value = usize::from(value);
                                found.0[x][y][value] += 1;
                                found.1[x][y][value].get_or_insert(bits);
                            }
                        }
                    });
                for (counts, first) in folded {
                    for (x, y) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                        add(&mut cores.counts[x][y][m], &counts[x][y]);
                        for (kept, found) in cores.first[x][y][m].iter_mut().zip(first[x][y]) {
                            *kept = kept.or(found);
                        }
                    }
                }
            }
        }
        cores
    }
}

/// `S[x][y][l]`: the sequences of cores spanning l cells, counted by their value, the first
/// core's block with (x) or without the hole before it, the last core's with (y) or without
/// the hole after it.
struct Spans {
    counts: [[Vec<Counts>; 2]; 2],
}

/// The fewest holes between two cores (a gap of two would join them).
const GAP: usize = 3;

impl Spans {
    fn of(cores: &Cores, max_len: usize) -> Spans {
        let empty = || vec![[0u128; VALUES]; max_len + 1];
        let mut counts = [[empty(), empty()], [empty(), empty()]];
        // `up_to[x][l]`: the sum of `counts[x][1][1..=l]`, the sequences a gap may follow.
        let mut up_to = [empty(), empty()];
        for l in 1..=max_len {
            for x in 0..2 {
                for (y, spans) in counts[x].iter_mut().enumerate() {
                    let mut here = cores.counts[x][y][l];
                    // The last core of m cells after a gap of g ≥ 3 holes, the sequence before
                    // it spanning l − m − g cells: 1 to l − m − 3.
                    for m in 1..l.saturating_sub(GAP) {
                        convolve(&mut here, &up_to[x][l - m - GAP], &cores.counts[1][y][m]);
                    }
                    spans[l] = here;
                }
                let mut sum = up_to[x][l - 1];
                add(&mut sum, &counts[x][1][l]);
                up_to[x][l] = sum;
            }
        }
        Spans { counts }
    }

    /// A word of `n` cells with value `value`, which the counts say there is.
    fn witness(&self, cores: &Cores, n: usize, value: usize) -> Word {
        for a in 0..n {
            for b in 0..n - a {
                let (x, y) = (usize::from(a > 0), usize::from(b > 0));
                let l = n - a - b;
                if self.counts[x][y][l][value] > 0 {
                    let bits = self.sequence(cores, x, y, l, value);
                    return Word::from_bits(u128::from(bits) << a, n);
                }
            }
        }
        Word::holes(n) // value 0 and no peg
    }

    /// The cells of a sequence of cores counted in `S[x][y][l][value]`.
    fn sequence(&self, cores: &Cores, x: usize, y: usize, l: usize, value: usize) -> u64 {
        if let Some(core) = cores.first[x][y][l][value] {
            return core;
        }
        for m in 1..l.saturating_sub(GAP) {
            for before in 1..=l - m - GAP {
                for u in 0..VALUES {
                    let (rest, last) = (
                        self.counts[x][1][before][u],
                        cores.counts[1][y][m][u ^ value],
                    );
                    if rest > 0 && last > 0 {
                        let core = cores.first[1][y][m][u ^ value].unwrap_or(0);
                        let rest = self.sequence(cores, x, 1, before, u);
                        return rest | core << (l - m);
                    }
                }
            }
        }
        0
    }
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
