//! Grundy sequences of octal games by the rare-value (sparse-space) method.
//!
//! Choose a mask M and call a value v *common* when v & M has an odd number of bits, *rare*
//! otherwise. Since that parity is linear, common ⊕ common and rare ⊕ rare are rare, and
//! common ⊕ rare is common. In many octal games (Kayles, Treblecross, …) almost every G(n) is
//! common for a well-chosen M. Then, for a heap of n:
//!
//! * every **common** value among the options of a split comes from a pair with exactly one
//!   rare heap, so all of them are found by visiting the few rare heaps: O(R) work;
//! * every **rare** value below the mex is found by a short search for one witness pair,
//!   which is quick because such values have many witnesses; only when a rare value has no
//!   witness (then it is the mex, so G(n) is rare: seldom) does the search visit every pair.
//!
//! The result is exact for every mask; the mask only decides the speed. It is chosen from the
//! values computed so far (the mask under which the fewest are rare) and chosen again each
//! time n doubles.

use crate::games::Octal;
use crate::games::octal::mark;

/// What [`rare_value_sequence`] did, for reports and benchmarks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RareValueStats {
    /// The mask in use at the end.
    pub mask: u32,
    /// How many heaps had a rare value under it.
    pub rare_heaps: usize,
    /// How many heaps needed a search over every pair (their value was rare).
    pub full_searches: usize,
}

/// Whether `v` is rare under `mask`: v & mask has an even number of bits.
fn is_rare(v: u32, mask: u32) -> bool {
    (v & mask).count_ones() % 2 == 0
}

/// The mask, among those below the next power of two above the largest value, under which
/// the fewest of `counts` (how often each value occurs) are rare.
fn best_mask(counts: &[usize]) -> u32 {
    let bits = usize::BITS - counts.len().saturating_sub(1).leading_zeros();
    let width = 1u32 << bits.max(1);
    (1..width)
        .min_by_key(|&m| {
            counts
                .iter()
                .enumerate()
                .filter(|&(v, _)| is_rare(v as u32, m))
                .map(|(_, &c)| c)
                .sum::<usize>()
        })
        .unwrap_or(1)
}

/// The values G(0..=max) of `game` by the rare-value method, with statistics; `progress` is
/// called now and then with the number of values done. Exact for every game; fast (close to
/// linear) when few values are rare, O(max²) at worst, like the plain loop. Memory: 4 bytes a
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
    let mut values: Vec<u32> = Vec::with_capacity(max + 1);
    let mut counts: Vec<usize> = Vec::new();
    let mut mask = 1u32;
    let mut rare: Vec<usize> = Vec::new();
    let mut next_choice = 64;
    let mut full_searches = 0;
    let mut seen: Vec<bool> = Vec::new();
    for n in 0..=max {
        if n == next_choice {
            mask = best_mask(&counts);
            rare = (1..n).filter(|&i| is_rare(values[i], mask)).collect();
            next_choice *= 2;
            progress(n);
        }
        seen.clear();
        for k in 0..=game.max_taken().min(n) {
            let d = game.digit(k);
            let rest = n - k;
            if d & 1 != 0 && rest == 0 {
                mark(&mut seen, 0);
            }
            if d & 2 != 0 && rest >= 1 && k >= 1 {
                mark(&mut seen, values[rest]);
            }
        }
        let allowed = |a: usize, rest: usize| !(game.is_grundy() && 2 * a == rest);
        // Every split with a rare heap: all common values of splits are among these.
        for &k in splits.iter().filter(|&&k| k < n) {
            let rest = n - k;
            for &r in rare.iter().take_while(|&&r| r < rest) {
                if allowed(r, rest) {
                    mark(&mut seen, values[r] ^ values[rest - r]);
                }
            }
        }
        let mut v = 0u32;
        let value = loop {
            if seen.get(v as usize).copied().unwrap_or(false) {
                v += 1;
                continue;
            }
            if !is_rare(v, mask) {
                break v;
            }
            // A rare value: look for a witness among all splits.
            let witness = splits.iter().filter(|&&k| k < n).any(|&k| {
                let rest = n - k;
                (1..=rest / 2).any(|a| allowed(a, rest) && values[a] ^ values[rest - a] == v)
            });
            if !witness {
                full_searches += 1;
                break v;
            }
            v += 1;
        };
        values.push(value);
        if value as usize >= counts.len() {
            counts.resize(value as usize + 1, 0);
        }
        counts[value as usize] += 1;
        if n >= 1 && is_rare(value, mask) {
            rare.push(n);
        }
    }
    progress(max + 1);
    let stats = RareValueStats {
        mask,
        rare_heaps: rare.len(),
        full_searches,
    };
    (values, stats)
}
