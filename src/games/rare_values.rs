//! Grundy sequences of octal games by the rare-value (sparse-space) method.
//!
//! Split the values into *common* ones, a set C in which no two values XOR to a third
//! (c₁ ⊕ c₂ ∉ C), and *rare* ones, everything else. A heap is rare when its value is. For a
//! heap of n, a split into two common heaps can then never produce a common value, so:
//!
//! 1. every option from a move that leaves at most one heap, and every split with a rare
//!    heap, is marked: O(R) work for R rare heaps;
//! 2. the least unmarked common value m is now certain to be missing from the options;
//! 3. the only values still in doubt are the rare values below m; splits into two common
//!    heaps are scanned, smallest first, only until every one of them has been seen. When
//!    one is never seen, it is the mex (G(n) is rare: seldom in games with a sparse space).
//!
//! The result is exact for every choice of C; the choice only decides the speed. C is chosen
//! greedily from the most frequent values, and chosen again each time n doubles. In Kayles
//! (values 1, 2, 4, 7, 8 after heap 70, C = {1, 2, 4, 7, 8}) step 3 is short, so the method is
//! near-linear; in Treblecross (0.007), whose values keep growing, it still scans a large
//! share of the splits.

use crate::games::Octal;

/// What [`rare_value_sequence`] did, for reports and benchmarks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RareValueStats {
    /// The number of common values at the end.
    pub common_values: usize,
    /// How many heaps had a rare value under the final choice.
    pub rare_heaps: usize,
    /// How many splits were marked one by one (all but those with a rare heap), in all.
    pub pairs_scanned: u64,
    /// How many splits the streaming search for the last few doubtful values compared.
    pub pairs_compared: u64,
    /// How many heaps, while the sparse space was in use, had a rare value (so every split
    /// was searched).
    pub full_scans: usize,
}

/// The splits with a heap of at most this many stones are marked before any search.
const PREFIX: usize = 512;
/// Heaps with at least this many splits are marked on two threads.
const PARALLEL_FROM: usize = 1 << 13;
/// Splits are marked in blocks of this many while many values are in doubt.
const BLOCK: usize = 128;
/// When at most this many values are in doubt, each is searched for by streaming.
const FEW_DOUBTS: usize = 2;
/// Step 1 runs while fewer than one heap in this many is rare.
const RARE_SHARE: usize = 16;

/// A set of values as bits.
#[derive(Clone, Default)]
struct Bits(Vec<u64>);

impl Bits {
    fn contains(&self, v: u32) -> bool {
        self.0
            .get(v as usize / 64)
            .is_some_and(|w| w >> (v % 64) & 1 == 1)
    }

    fn insert(&mut self, v: u32) {
        let word = v as usize / 64;
        if word >= self.0.len() {
            self.0.resize(word + 1, 0);
        }
        self.0[word] |= 1 << (v % 64);
    }

    fn word(&self, w: usize) -> u64 {
        self.0.get(w).copied().unwrap_or(0)
    }

    fn clear(&mut self) {
        self.0.iter_mut().for_each(|w| *w = 0);
    }
}

/// Marks x ⊕ y for the pairs of `left` and `right` (as many as the shorter has) in `seen`,
/// four tables of 2^16 bits ORed into the first at the end: four independent chains of
/// memory updates instead of one. The fixed sizes let the compiler drop every bounds check.
fn mark_xors(left: &[u16], right: &[u16], seen: &mut [[u64; 1024]; 4], words: usize) {
    let len = left.len().min(right.len());
    let (left, right) = (&left[..len], &right[..len]);
    let quads = left.chunks_exact(4).zip(right.chunks_exact(4));
    for (l, r) in quads {
        for lane in 0..4 {
            let v = l[lane] ^ r[lane];
            seen[lane][usize::from(v >> 6)] |= 1 << (v & 63);
        }
    }
    let tail = len - len % 4;
    for (&x, &y) in left[tail..].iter().zip(&right[tail..]) {
        let v = x ^ y;
        seen[0][usize::from(v >> 6)] |= 1 << (v & 63);
    }
    let [first, second, third, fourth] = seen;
    let others = second.iter().zip(third.iter()).zip(fourth.iter());
    for (w, ((b, c), d)) in first.iter_mut().zip(others).take(words) {
        *w |= b | c | d;
    }
}

/// The common values: greedily, from the most frequent down, every value that keeps the set
/// free of c₁ ⊕ c₂ = c₃. O(V²) for V distinct values.
fn choose_common(counts: &[usize]) -> Bits {
    let mut by_count: Vec<u32> = (1..counts.len() as u32)
        .filter(|&v| counts[v as usize] > 0)
        .collect();
    by_count.sort_by_key(|&v| std::cmp::Reverse(counts[v as usize]));
    let mut common = Bits::default();
    let mut members: Vec<u32> = Vec::new();
    for v in by_count {
        if members.iter().all(|&c| !common.contains(c ^ v)) {
            common.insert(v);
            members.push(v);
        }
    }
    common
}

/// The values G(0..=max) of `game` by the rare-value method, with statistics; `progress` is
/// called now and then with the number of values done. Exact for every game; close to linear
/// time when few heaps are rare, O(max²) at worst, like the plain loop. Memory: 4 bytes a
/// heap plus the rare heaps' indices.
///
/// ```
/// use unhop::games::{rare_value_sequence, Octal};
/// let treblecross: Octal = "0.007".parse().unwrap();
/// let (fast, _) = rare_value_sequence(&treblecross, 300, |_| {});
/// assert_eq!(fast, treblecross.plain_values(300));
/// ```
pub fn rare_value_sequence(
    game: &Octal,
    max: usize,
    mut progress: impl FnMut(usize),
) -> (Vec<u32>, RareValueStats) {
    let splits: Vec<usize> = (0..=game.max_taken())
        .filter(|&k| game.digit(k) & 4 != 0)
        .collect();
    let allowed = |a: usize, rest: usize| 2 * a <= rest && !(game.is_grundy() && 2 * a == rest);
    // The largest smaller heap a split of `rest` may leave.
    let last_split = |rest: usize| match game.is_grundy() && rest % 2 == 0 {
        true => (rest / 2).saturating_sub(1),
        false => rest / 2,
    };
    let mut values: Vec<u32> = Vec::with_capacity(max + 1);
    let mut counts: Vec<usize> = Vec::new();
    let mut common = Bits::default();
    let mut rare: Vec<usize> = Vec::new();
    let mut next_choice = 64;
    let mut stats = RareValueStats::default();
    let mut seen = Bits::default();
    let mut in_doubt: Vec<u32> = Vec::new();
    // Every option value is below 2^bits, where 2^bits exceeds every value so far.
    let mut bound = 1u32;
    // reversed[max - i] = G(i), so that G(rest - a) for a = a₀, a₀ + 1, … is read forwards.
    let mut reversed: Vec<u32> = vec![0; max + 1];
    // The same in 16 bits (exact while every value is below 2^16), for the marking loop.
    let mut narrow: Vec<u16> = Vec::with_capacity(max + 1);
    let mut narrow_reversed: Vec<u16> = vec![0; max + 1];
    let mut narrow_seen = Box::new([[0u64; 1024]; 4]);
    let mut second_seen = Box::new([[0u64; 1024]; 4]);
    for n in 0..=max {
        if n == next_choice {
            common = choose_common(&counts);
            rare = (1..n).filter(|&i| !common.contains(values[i])).collect();
            next_choice *= 2;
            progress(n);
        }
        seen.clear();
        for k in 0..=game.max_taken().min(n) {
            let d = game.digit(k);
            let rest = n - k;
            if d & 1 != 0 && rest == 0 {
                seen.insert(0);
            }
            if d & 2 != 0 && rest >= 1 && k >= 1 {
                seen.insert(values[rest]);
            }
        }
        // Step 1: splits with a rare heap, when there are few rare heaps.
        let use_common = rare.len() * RARE_SHARE < n;
        let value = if !use_common && bound <= 1 << 16 {
            // Without a sparse space: mark every split, 16-bit values into a fixed table.
            let words = bound as usize / 64 + 1;
            for table in narrow_seen.iter_mut() {
                table.iter_mut().take(words).for_each(|w| *w = 0);
            }
            for v in seen.0.iter().enumerate().flat_map(|(w, &bits)| {
                (0..64)
                    .filter(move |b| bits >> b & 1 == 1)
                    .map(move |b| w * 64 + b)
            }) {
                narrow_seen[0][v / 64] |= 1 << (v % 64);
            }
            for &k in splits.iter().filter(|&&k| k < n) {
                let rest = n - k;
                let last = last_split(rest);
                if last >= 1 {
                    let left = &narrow[1..=last];
                    let right = &narrow_reversed[max - rest + 1..max - rest + 1 + last];
                    if last < PARALLEL_FROM {
                        mark_xors(left, right, &mut narrow_seen, words);
                    } else {
                        // Two halves on two threads, each with its own tables.
                        let half = last / 2;
                        let (first, second) = (&mut narrow_seen, &mut second_seen);
                        for table in second.iter_mut() {
                            table.iter_mut().take(words).for_each(|w| *w = 0);
                        }
                        rayon::join(
                            || mark_xors(&left[..half], &right[..half], first, words),
                            || mark_xors(&left[half..], &right[half..], second, words),
                        );
                        let pairs = narrow_seen[0].iter_mut().zip(second_seen[0].iter());
                        for (w, &other) in pairs.take(words) {
                            *w |= other;
                        }
                    }
                    stats.pairs_scanned += last as u64;
                }
            }
            (0..bound)
                .find(|&v| narrow_seen[0][v as usize / 64] >> (v % 64) & 1 == 0)
                .unwrap_or(bound)
        } else {
            if use_common {
                for &k in splits.iter().filter(|&&k| k < n) {
                    let rest = n - k;
                    for &r in rare.iter().take_while(|&&r| r < rest) {
                        let (a, b) = (r.min(rest - r), r.max(rest - r));
                        if allowed(a, rest) && (a == r || common.contains(values[a])) {
                            seen.insert(values[a] ^ values[b]);
                        }
                    }
                }
            }
            // The splits with the smallest heaps, which find most values at once.
            let prefix = if use_common { PREFIX / 8 } else { PREFIX };
            let a = prefix.min(n / 2) + 1;
            for a in 1..a {
                for &k in &splits {
                    let rest = n.saturating_sub(k);
                    if allowed(a, rest) {
                        seen.insert(values[a] ^ values[rest - a]);
                        stats.pairs_scanned += 1;
                    }
                }
            }
            // Step 2: the least common value that is missing (certain only with step 1).
            let words = (bound as usize).div_ceil(64);
            let limit = (0..words)
                .filter(|_| use_common)
                .find_map(|w| {
                    let missing = common.word(w) & !seen.word(w);
                    (missing != 0).then(|| w as u32 * 64 + missing.trailing_zeros())
                })
                .map_or(bound, |v| v.min(bound));
            // Step 3: the other values below it that no split seen so far gives.
            let doubtful = if use_common { !0 } else { 0 };
            in_doubt.clear();
            for w in 0..(limit as usize).div_ceil(64) {
                let mut doubt = !(common.word(w) & doubtful) & !seen.word(w);
                while doubt != 0 {
                    let v = w as u32 * 64 + doubt.trailing_zeros();
                    if v >= limit {
                        break;
                    }
                    in_doubt.push(v);
                    doubt &= doubt - 1;
                }
            }
            // Mark more splits, block by block, while many values are in doubt: in 16 bits
            // into the four tables while the values fit, else into `seen`.
            let mut a = a;
            let narrow_ok = bound <= 1 << 16;
            let words = bound as usize / 64 + 1;
            if narrow_ok {
                for table in narrow_seen.iter_mut() {
                    table.iter_mut().take(words).for_each(|w| *w = 0);
                }
                for (w, &bits) in seen.0.iter().enumerate().take(words) {
                    narrow_seen[0][w] = bits;
                }
            }
            loop {
                in_doubt.retain(|&v| match narrow_ok {
                    true => narrow_seen[0][v as usize / 64] >> (v % 64) & 1 == 0,
                    false => !seen.contains(v),
                });
                if in_doubt.len() <= FEW_DOUBTS || 2 * a > n {
                    break;
                }
                for &k in &splits {
                    let rest = n.saturating_sub(k);
                    let last = last_split(rest).min(a + BLOCK - 1);
                    if last < a {
                        continue;
                    }
                    stats.pairs_scanned += (last + 1 - a) as u64;
                    if narrow_ok {
                        let right = &narrow_reversed[max - rest + a..=max - rest + last];
                        mark_xors(&narrow[a..=last], right, &mut narrow_seen, words);
                    } else {
                        for a in a..=last {
                            seen.insert(values[a] ^ values[rest - a]);
                        }
                    }
                }
                a += BLOCK;
            }
            // Each, smallest first, by a streaming search of the splits from a on.
            let mut witness = |v: u32| {
                splits.iter().any(|&k| {
                    let rest = n.saturating_sub(k);
                    let last = last_split(rest);
                    if last < a {
                        return false;
                    }
                    // values[rest - i] is reversed[max - rest + i].
                    let left = &values[a..=last];
                    let right = &reversed[max - rest + a..=max - rest + last];
                    left.chunks(64).zip(right.chunks(64)).any(|(l, r)| {
                        stats.pairs_compared += l.len() as u64;
                        l.iter()
                            .zip(r)
                            .fold(false, |hit, (x, y)| hit | (x ^ y == v))
                    })
                })
            };
            match in_doubt.iter().copied().find(|&v| !witness(v)) {
                Some(v) => {
                    stats.full_scans += 1;
                    v
                }
                None => limit,
            }
        };
        values.push(value);
        reversed[max - n] = value;
        narrow.push(value as u16);
        narrow_reversed[max - n] = value as u16;
        if value as usize >= counts.len() {
            counts.resize(value as usize + 1, 0);
        }
        counts[value as usize] += 1;
        while value >= bound {
            bound *= 2;
        }
        if n >= 1 && !common.contains(value) {
            rare.push(n);
        }
    }
    progress(max + 1);
    stats.common_values = (0..bound).filter(|&v| common.contains(v)).count();
    stats.rare_heaps = rare.len();
    (values, stats)
}
