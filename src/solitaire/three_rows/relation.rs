//! The reachability relation R = {(w, f) : w →* f} of 3-row grids (finite board), as a set of
//! words over pair letters: the i-th letter of (w, f) is w_i · 8 + f_i (64 letters).

use super::sweep::{BITMAP_STEPS, hop_masks};
use super::{Hop, Languages};
use crate::budget::{Budget, Estimate};
use crate::error::Error;
use crate::error::Figures;
use crate::progress::Progress;

/// The code of the pair word (w, f) from the grids' indices, for `n` columns: the pair letters
/// as base-64 digits, first column most significant.
pub fn pair_code(n: usize, w: u64, f: u64) -> u64 {
    (0..n).fold(0u64, |code, i| {
        let shift = 3 * (n - 1 - i);
        (code << 6) | (((w >> shift) & 7) << 3) | ((f >> shift) & 7)
    })
}

/// What [`reachability`] up to `max_n` columns costs at most, in [`crate::solitaire::three_rows::BITMAP_STEPS`]:
/// for every n and every grid w, every grid w can reach (at most all 8^n) with every hop
/// tried on it; in bytes: the bitmaps of every n (2^(6n) bits each), and for the largest n
/// the grids' marks (8 bytes a grid) and the stack of the search (at most every grid once, in
/// a vector that grows by doubling: 24 bytes a grid).
///
/// # Complexity
///
/// O(max_n).
///
///
/// # Examples
///
/// ```
/// use unhop::solitaire::three_rows::relation::estimate;
/// let five = estimate(5);
/// assert!(five.bytes > 128 << 20 && five.bytes < 132 << 20);
/// assert!(unhop::budget::Budget::default().admit_estimate(&estimate(6)).is_err());
/// ```
pub fn estimate(max_n: usize) -> Estimate {
    let n_top = max_n.min(10);
    let mut work = 0u128;
    let mut bytes = 0u128;
    for n in 0..=n_top {
        let grids = 1u128 << (3 * n);
        work += grids * grids * Hop::all_within(n).len().max(1) as u128;
        bytes += 8 * (grids * grids).div_ceil(64);
    }
    let grids = 1u128 << (3 * n_top);
    Estimate {
        what: format!("the reachability relation up to 3 × {max_n}"),
        unit: BITMAP_STEPS,
        work,
        bytes: bytes + 32 * grids,
    }
}

/// The bitmaps of R for every n = 0..=`max_n`: bit [`pair_code`]`(n, w, f)` is set when the
/// grid w reaches the grid f by hops on the finite board (w reaches itself). Under `budget`,
/// admitted with [`estimate`] (refused with the estimate and the limit when its work or
/// memory is over the budget; 3 × 5 needs about 3·10^10 bitmap steps at most, 3 × 6 8 GiB).
/// Reports progress in grids.
///
/// # Complexity
/// Memory 2^(6n) bits for the largest n (n = 5: 128 MiB, n = 6: 8 GiB). Time
/// O(Σ_w |reach(w)| · 8n).
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget};
/// use unhop::solitaire::three_rows::relation::{pair_code, reachability};
/// let r = reachability(2, &Budget::default(), &Quiet).unwrap();
/// // One column: top and middle pegs (110) hop down to the bottom (001), never to the top.
/// assert!(r.get_code(1, pair_code(1, 0b110, 0b001)));
/// assert!(!r.get_code(1, pair_code(1, 0b110, 0b100)));
/// ```
pub fn reachability(
    max_n: usize,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<Languages, Error> {
    if max_n > 10 {
        return Err(Error::refused_with(
            Figures::new(max_n as u128, 10, "columns"),
            format!(
                "the relation of 3 × {max_n} grids needs 2^{} bits; it goes to 10 columns",
                6 * max_n
            ),
        ));
    }
    let meter = budget.admit_estimate(&estimate(max_n))?;
    let mut by_length = Vec::with_capacity(max_n + 1);
    for n in 0..=max_n {
        let grids = 1u64 << (3 * n);
        let mut words = meter.vec((1usize << (6 * n)).div_ceil(64), 0u64)?;
        let masks = hop_masks(n);
        let mut seen = meter.vec(grids as usize, 0u64)?;
        let mut stack = Vec::new();
        progress.start(&format!("the relation of 3 × {n} grids"), Some(grids));
        for w in 0..grids {
            stack.push(w);
            seen[w as usize] = w + 1;
            let mut reached = 0u64;
            while let Some(g) = stack.pop() {
                reached += 1;
                let code = pair_code(n, w, g);
                words[(code >> 6) as usize] |= 1 << (code & 63);
                for m in &masks {
                    if g & m.cells == m.cells ^ m.landing {
                        let h = g ^ m.cells;
                        if seen[h as usize] != w + 1 {
                            seen[h as usize] = w + 1;
                            stack.push(h);
                        }
                    }
                }
            }
            meter.charge(reached * masks.len().max(1) as u64)?;
            progress.advance(1);
        }
        meter.release(8 * grids);
        by_length.push(words);
    }
    Languages::new(6, by_length)
}
