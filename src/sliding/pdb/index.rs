//! A placement's index and back: the rank of a placement of k tiles on n cells, read as a
//! mixed-radix number; its inverse by multiplications ([`Unranker`]); the placements walked
//! in index order ([`Walk`]); and the index after a slide, from the index before it ([`slid`]).

use super::{MAX_PATTERN, placements};

/// The rank multipliers: `factors[i]` = (n−i−1)·…·(n−k+1)·… as in a mixed-radix number.
pub(super) fn factors(n: usize, k: usize) -> [u32; MAX_PATTERN] {
    let mut f = [0u32; MAX_PATTERN];
    for (i, slot) in f.iter_mut().enumerate().take(k) {
        *slot = placements(n - i - 1, k - i - 1) as u32;
    }
    f
}

/// The index of a placement: position `i` ranked among the cells not taken by tiles before
/// it, read as a mixed-radix number. O(k).
#[inline]
pub(super) fn rank(positions: &[u8], factors: &[u32; MAX_PATTERN]) -> usize {
    let mut used = 0u32;
    let mut index = 0u32;
    for (i, &p) in positions.iter().enumerate() {
        let below = (used & ((1u32 << p) - 1)).count_ones();
        index += (p as u32 - below) * factors[i];
        used |= 1 << p;
    }
    index as usize
}

/// `SELECT[byte][i]`: the place of the `i`-th set bit of `byte` (0 when there is none).
const SELECT: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let (mut bit, mut i) = (0, 0);
        while bit < 8 {
            if byte & (1 << bit) != 0 {
                table[byte][i] = bit as u8;
                i += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

/// The place of the `i`-th set bit of the 16-bit `mask` (which has more than `i`).
#[inline]
fn select(mask: u32, i: u32) -> u32 {
    let low = mask & 0xFF;
    let below = low.count_ones();
    if i < below {
        SELECT[low as usize][i as usize] as u32
    } else {
        8 + SELECT[(mask >> 8 & 0xFF) as usize][(i - below) as usize] as u32
    }
}

/// The inverse of [`rank`]: the cells of a placement from its index, digit by digit, each
/// digit taken out by a multiplication (see [`Unranker::new`]) rather than a division.
pub(super) struct Unranker {
    pub(super) k: usize,
    pub(super) full: u32,
    /// Per digit from the last: its radix n−i and ⌈2^SHIFT/radix⌉.
    radix: [(u32, u64); MAX_PATTERN],
}

/// The shift of [`Unranker`]'s multiplications.
const SHIFT: u32 = 34;

impl Unranker {
    /// For indices x below 2²⁹ (n!/(n−8)! ≤ 16!/8! < 2²⁹) and radices r from 9 to 16,
    /// `x·⌈2³⁴/r⌉ >> 34` is ⌊x/r⌋: the multiplier's error, below r, times x stays below
    /// 2³⁴ (x·15 < 2³³), and the product below 2⁶⁰ (⌈2³⁴/9⌉ < 2³¹), so it fits in 64 bits.
    pub(super) fn new(n: usize, k: usize) -> Unranker {
        let mut radix = [(1, 0); MAX_PATTERN];
        for (i, slot) in radix.iter_mut().enumerate().take(k) {
            let r = (n - i) as u64;
            *slot = (r as u32, (1u64 << SHIFT).div_ceil(r));
        }
        Unranker {
            k,
            full: ((1u64 << n) - 1) as u32,
            radix,
        }
    }

    /// Fills `positions[..k]` with the placement of `index`; returns the occupied cells.
    #[inline]
    pub(super) fn unrank(&self, mut index: u32, positions: &mut [u8; MAX_PATTERN]) -> u32 {
        let mut digits = [0u32; MAX_PATTERN];
        for i in (0..self.k).rev() {
            let (r, m) = self.radix[i];
            let q = ((index as u64 * m) >> SHIFT) as u32;
            digits[i] = index - q * r;
            index = q;
        }
        let mut free = self.full;
        for i in 0..self.k {
            let cell = select(free, digits[i]);
            positions[i] = cell as u8;
            free &= !(1 << cell);
        }
        self.full & !free
    }
}

/// A placement and its index, stepped to the next index without unranking again: the last
/// tile moves to the next free cell above it, or (when there is none) the one before it
/// does and the tiles after it take the lowest free cells, as the mixed-radix digits carry.
/// The layers scan placements in index order, so most are one step from the one before.
pub(super) struct Walk {
    pub(super) index: usize,
    pub(super) positions: [u8; MAX_PATTERN],
    pub(super) occupied: u32,
}

impl Walk {
    /// The placement of `index`.
    #[inline]
    pub(super) fn at(unranker: &Unranker, index: usize) -> Walk {
        let mut positions = [0u8; MAX_PATTERN];
        let occupied = unranker.unrank(index as u32, &mut positions);
        Walk {
            index,
            positions,
            occupied,
        }
    }

    /// Moves to the placement of `index`, stepping when it is a few indices ahead and
    /// unranking otherwise.
    #[inline]
    pub(super) fn go(&mut self, unranker: &Unranker, index: usize) {
        if index >= self.index && index - self.index <= 8 {
            while self.index < index {
                self.step(unranker);
            }
        } else {
            *self = Walk::at(unranker, index);
        }
    }

    /// Moves to the next index (which must be below the number of placements).
    #[inline]
    pub(super) fn step(&mut self, unranker: &Unranker) {
        let k = unranker.k;
        let mut i = k - 1;
        loop {
            let p = self.positions[i] as u32;
            self.occupied &= !(1 << p);
            let above = unranker.full & !self.occupied & !((2u32 << p) - 1);
            if above != 0 {
                let cell = above.trailing_zeros();
                self.positions[i] = cell as u8;
                self.occupied |= 1 << cell;
                break;
            }
            i -= 1;
        }
        for j in i + 1..k {
            let cell = (unranker.full & !self.occupied).trailing_zeros();
            self.positions[j] = cell as u8;
            self.occupied |= 1 << cell;
        }
        self.index += 1;
    }

    /// The rank multiplier of the tile in each cell: `factors[i]` in the cell of tile `i`,
    /// 0 in an empty cell.
    #[inline]
    pub(super) fn multipliers(&self, factors: &[u32; MAX_PATTERN], k: usize) -> [u32; 16] {
        let mut by_cell = [0u32; 16];
        for (&cell, &factor) in self.positions[..k].iter().zip(factors) {
            by_cell[cell as usize] = factor;
        }
        by_cell
    }
}

/// The index of the placement `index` after the tile in `from` slides by `step` (±1
/// along a row, ±width along a column), from the index rather than by [`rank`];
/// `by_cell` holds each cell's rank multiplier ([`Walk::multipliers`]). The tile's digit
/// moves by the cells passed over less the earlier tiles among them, and the digit of each
/// later tile passed over by one. The multipliers fall with a tile's place in the pattern
/// (each is at least n − k + 1 times the next) and an empty cell's is 0, so the tile in a
/// passed cell is an earlier one exactly when its multiplier is larger: no branch, no
/// loop over the tiles. A slide along a row passes over no cell. O(width).
#[inline(always)]
pub(super) fn slid(index: usize, by_cell: &[u32; 16], from: u32, step: i32) -> usize {
    let own = by_cell[from as usize];
    let span = step.unsigned_abs();
    let mut change = span * own;
    let low = if step > 0 { from } else { from - span };
    for passed in low + 1..low + span {
        let other = by_cell[passed as usize];
        change = change.wrapping_add(if other > own {
            own.wrapping_neg()
        } else {
            other
        });
    }
    if step > 0 {
        index + change as usize
    } else {
        index - change as usize
    }
}

#[cfg(test)]
mod tests {
    use super::super::{placements, shifts::Shifts};
    use super::*;

    /// Walking through the placements in index order, one step at a time and by jumps
    /// forward and back, lands on the placement [`Unranker::unrank`] gives and whose rank is
    /// the index.
    #[test]
    fn walking_the_placements_gives_each_index_its_placement() {
        for (n, k) in [(9, 1), (9, 4), (9, 8), (16, 1), (16, 3), (16, 5)] {
            let unranker = Unranker::new(n, k);
            let factors = super::factors(n, k);
            let size = placements(n, k);
            let check = |walk: &Walk| {
                let mut positions = [0u8; MAX_PATTERN];
                let occupied = unranker.unrank(walk.index as u32, &mut positions);
                assert_eq!(
                    walk.positions[..k],
                    positions[..k],
                    "{n} {k} {}",
                    walk.index
                );
                assert_eq!(walk.occupied, occupied);
                assert_eq!(rank(&walk.positions[..k], &factors), walk.index);
            };
            let mut walk = Walk::at(&unranker, 0);
            check(&walk);
            for index in 1..size {
                walk.step(&unranker);
                check(&walk);
                assert_eq!(walk.index, index);
            }
            // Jumps of every length up to 12 forward, and back to the start.
            let mut walk = Walk::at(&unranker, 0);
            let mut index = 0;
            for jump in (1..=12).cycle().take(200) {
                index = if index + jump < size { index + jump } else { 0 };
                walk.go(&unranker, index);
                assert_eq!(walk.index, index);
                check(&walk);
            }
        }
    }

    /// The largest tables, 7 and 8 tiles of the 15-puzzle, whose indices are too many to walk
    /// in a test: unranking their last and a spread of other indices gives placements whose
    /// rank is the index (with a shift of 40 the product overflowed past 2⁶⁴ on 8 tiles).
    #[test]
    fn the_largest_indices_unrank_to_their_placements() {
        for k in [7, 8] {
            let (unranker, factors) = (Unranker::new(16, k), super::factors(16, k));
            let size = placements(16, k);
            let spread = (0..size).step_by(size / 100_003);
            for index in spread.chain(size - 100_000..size) {
                let mut positions = [0u8; MAX_PATTERN];
                let occupied = unranker.unrank(index as u32, &mut positions);
                assert_eq!(rank(&positions[..k], &factors), index, "{k} {index}");
                let cells: u32 = positions[..k].iter().map(|&c| 1u32 << c).sum();
                assert_eq!((occupied, cells.count_ones()), (cells, k as u32), "{index}");
            }
        }
    }

    /// Every slide of every tile into an empty cell next to it, from every placement of a
    /// few small patterns: [`slid`]'s index is the rank of the placement after the slide.
    #[test]
    fn a_slides_index_is_the_rank_of_the_placement_after_it() {
        for (width, k) in [(3, 1), (3, 4), (3, 8), (4, 2), (4, 4)] {
            let n = width * width;
            let (unranker, factors) = (Unranker::new(n, k), super::factors(n, k));
            let shifts = Shifts::new(width);
            for index in 0..placements(n, k) {
                let walk = Walk::at(&unranker, index);
                let by_cell = walk.multipliers(&factors, k);
                let free = shifts.full & !walk.occupied;
                for (movers, step) in shifts.movers(walk.occupied, free) {
                    let mut movers = movers;
                    while movers != 0 {
                        let from = movers.trailing_zeros();
                        movers &= movers - 1;
                        let mut after = walk.positions;
                        let tile = after.iter().position(|&c| c as u32 == from).unwrap();
                        after[tile] = from.wrapping_add_signed(step) as u8;
                        let want = rank(&after[..k], &factors);
                        assert_eq!(
                            slid(index, &by_cell, from, step),
                            want,
                            "{width} {k} {index}"
                        );
                    }
                }
            }
        }
    }
}
