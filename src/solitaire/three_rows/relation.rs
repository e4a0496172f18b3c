//! The reachability relation R = {(w, f) : w →* f} of 3-row grids (finite board), as a set of
//! words over pair letters: the i-th letter of (w, f) is w_i · 8 + f_i (64 letters).

use super::Languages;
use super::sweep::hop_masks;
use crate::error::Error;
use crate::error::Figures;
use crate::memory;
use crate::progress::Progress;

/// The code of the pair word (w, f) from the grids' indices, for `n` columns: the pair letters
/// as base-64 digits, first column most significant.
pub fn pair_code(n: usize, w: u64, f: u64) -> u64 {
    (0..n).fold(0u64, |code, i| {
        let shift = 3 * (n - 1 - i);
        (code << 6) | (((w >> shift) & 7) << 3) | ((f >> shift) & 7)
    })
}

/// The bitmaps of R for every n = 0..=`max_n`: bit [`pair_code`]`(n, w, f)` is set when the
/// grid w reaches the grid f by hops on the finite board (w reaches itself). Refused when
/// the bitmaps are more than the memory this process may take. Reports progress in grids.
///
/// # Complexity
/// Memory 2^(6n) bits for the largest n (n = 5: 128 MiB, n = 6: 8 GiB). Time
/// O(Σ_w |reach(w)| · 8n).
///
/// ```
/// use unhop::Quiet;
/// use unhop::solitaire::three_rows::relation::{pair_code, reachability};
/// let r = reachability(2, &Quiet).unwrap();
/// // One column: top and middle pegs (110) hop down to the bottom (001), never to the top.
/// assert!(r.get_code(1, pair_code(1, 0b110, 0b001)));
/// assert!(!r.get_code(1, pair_code(1, 0b110, 0b100)));
/// ```
pub fn reachability(max_n: usize, progress: &dyn Progress) -> Result<Languages, Error> {
    if max_n > 10 {
        return Err(Error::refused_with(
            Figures::new(max_n as u128, 10, "columns"),
            format!(
                "the relation of 3 × {max_n} grids needs 2^{} bits; it goes to 10 columns",
                6 * max_n
            ),
        ));
    }
    let bytes: u64 = (0..=max_n)
        .map(|n| (1u64 << (6 * n)).div_ceil(64) * 8)
        .sum();
    memory::ensure_available(
        bytes,
        &format!("the reachability relation up to 3 × {max_n}"),
    )?;
    let mut by_length = Vec::with_capacity(max_n + 1);
    for n in 0..=max_n {
        let grids = 1u64 << (3 * n);
        let mut words = memory::try_vec((1usize << (6 * n)).div_ceil(64), 0u64, "a relation")?;
        let masks = hop_masks(n);
        let mut seen = vec![0u64; grids as usize];
        let mut stack = Vec::new();
        progress.start(&format!("the relation of 3 × {n} grids"), Some(grids));
        for w in 0..grids {
            stack.push(w);
            seen[w as usize] = w + 1;
            while let Some(g) = stack.pop() {
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
            progress.advance(1);
        }
        by_length.push(words);
    }
    Languages::new(6, by_length)
}
