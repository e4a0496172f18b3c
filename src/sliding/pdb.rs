//! Pattern databases: for a set of tiles, the exact number of slides *of those tiles* needed
//! to bring them home from every placement, the other tiles being indistinguishable.
//!
//! Tiles are named by their goal cells (see [`State`](super::State)), so a pattern is a set
//! of goal cells. The table is indexed by where the pattern's tiles stand; the gap's position
//! is not part of the index, and the value is the least over the gap's possible places. Since
//! only the pattern's own slides are counted, the values of disjoint patterns add up to a
//! lower bound (Korf and Felner 2002).
//!
//! The table is built by breadth-first search backwards from the goal over pairs (placement,
//! gap region): the gap moves freely through the cells no pattern tile occupies, so a whole
//! connected region of empty cells is one state, and every edge is one slide of a pattern
//! tile. Each state keeps 2 bits per cell of its region (unseen, or its depth modulo 3), and
//! each layer's placements are flagged, so a layer is found by visiting the flagged
//! placements in index order (each placement's cells stepped from the one before, rather than
//! unranked), and a successor is seen or not by one lookup, without working out its region.
//!
//! The search runs top-down (each state of the frontier marks its unseen successors) while
//! the frontier is smaller than the set of placements with unseen states, then bottom-up
//! (each unseen state looks for one predecessor in the frontier, and stops at the first): the
//! late layers, where most successors are seen already, cost a fraction of their top-down
//! lookups. Every slide takes a tile to a cell of the other chessboard colour, so all the
//! states of a placement lie at depths of one parity, known from where its tiles stand: a
//! bottom-up layer looks at half of the placements only.
//!
//! The work is in the slides, and they are cheap: the tiles next to a region come from four
//! shifted bit masks, one per direction; the index after a slide is worked out from the index
//! before it without a branch; a region is looked up in a table of each cell set's connected
//! parts; the successors' lanes are loaded several at a time; and the search is compiled for
//! each board width, so that its shifts and masks are constants. Each layer is expanded on
//! all cores (rayon). [`PatternDb::exhaustive`] is the first, simpler builder, kept as the
//! slow twin.
//!
//! A build runs under a [`Budget`]: before it starts, its states and its memory at the peak
//! ([`PatternDb::estimate`]) are admitted; as it runs, it charges the states each layer
//! reaches and holds its tables, allocated fallibly, against the memory limit.

mod estimate;
mod exhaustive;

pub use estimate::PDB_STATES;

use crate::budget::{Budget, Meter};
use crate::error::Error;
use crate::progress::Progress;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU8, AtomicU32, AtomicU64, Ordering};

/// The most tiles a pattern may have (a table of 16!/8! = 518,918,400 bytes).
pub const MAX_PATTERN: usize = 8;

/// How many words of frontier flags (64 placements each) one parallel task scans.
const CHUNK: usize = 1024;

/// How the search finds each layer from the one before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Direction {
    /// Top-down ([`Search::expand`]) while the frontier is smaller than the set of
    /// placements with unseen states, then bottom-up ([`Search::pull`]).
    Choose,
    /// Always top-down (the tests' check of the other way).
    #[cfg_attr(not(test), allow(dead_code))]
    Push,
    /// Always bottom-up, from the first layer on (likewise).
    #[cfg_attr(not(test), allow(dead_code))]
    Pull,
}

/// How many placements one parallel task of a bottom-up layer looks at.
const PULL_CHUNK: usize = 1 << 16;

/// A pattern database: one byte per placement of the pattern's tiles.
///
/// ```
/// use unhop::{budget::Budget, sliding::PatternDb};
/// // Tiles 1, 2, 3 of the 15-puzzle (goal cells 0, 1, 2), gap last (cell 15).
/// let db = PatternDb::build(4, 15, &[0, 1, 2], &Budget::default(), &mut |_, _| {}).unwrap();
/// assert_eq!(db.len(), 16 * 15 * 14);
/// assert_eq!(db.value(db.index(&[0, 1, 2])), 0);
/// // Tile 1 one cell down, the others home: one slide.
/// assert_eq!(db.value(db.index(&[4, 1, 2])), 1);
/// // Tiles 1 and 2 swapped: a detour of the pattern's own tiles, more than Manhattan's 2.
/// assert!(db.value(db.index(&[1, 0, 2])) > 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternDb {
    width: u8,
    gap_goal: u8,
    cells: Vec<u8>,
    factors: [u32; MAX_PATTERN],
    table: Vec<u8>,
}

/// The number of placements of `k` distinct tiles on `n` cells: n!/(n−k)!.
pub fn placements(n: usize, k: usize) -> usize {
    (n - k + 1..=n).product()
}

/// The rank multipliers: `factors[i]` = (n−i−1)·…·(n−k+1)·… as in a mixed-radix number.
fn factors(n: usize, k: usize) -> [u32; MAX_PATTERN] {
    let mut f = [0u32; MAX_PATTERN];
    for (i, slot) in f.iter_mut().enumerate().take(k) {
        *slot = placements(n - i - 1, k - i - 1) as u32;
    }
    f
}

/// The index of a placement: position `i` ranked among the cells not taken by tiles before
/// it, read as a mixed-radix number. O(k).
#[inline]
fn rank(positions: &[u8], factors: &[u32; MAX_PATTERN]) -> usize {
    let mut used = 0u32;
    let mut index = 0u32;
    for (i, &p) in positions.iter().enumerate() {
        let below = (used & ((1u32 << p) - 1)).count_ones();
        index += (p as u32 - below) * factors[i];
        used |= 1 << p;
    }
    index as usize
}

/// Bit masks for moving a set of cells one step in every direction on a square board.
struct Shifts {
    width: u32,
    full: u32,
    not_first_column: u32,
    not_last_column: u32,
}

impl Shifts {
    const fn new(width: usize) -> Shifts {
        let full = ((1u64 << (width * width)) - 1) as u32;
        let (mut first_column, mut last_column, mut row) = (0u32, 0u32, 0);
        while row < width {
            first_column |= 1 << (row * width);
            last_column |= 1 << (row * width + width - 1);
            row += 1;
        }
        Shifts {
            width: width as u32,
            full,
            not_first_column: full & !first_column,
            not_last_column: full & !last_column,
        }
    }

    /// The cells of `free` connected to `start` (which must be in `free`).
    #[inline]
    fn region(&self, start: u32, free: u32) -> u32 {
        let mut region = 1u32 << start;
        loop {
            let grown = (region
                | ((region << 1) & self.not_first_column)
                | ((region >> 1) & self.not_last_column)
                | (region << self.width)
                | (region >> self.width))
                & free
                & self.full;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// The cells of `tiles` next to `region`, one set per direction with the step (±1 along
    /// a row, ±width along a column) that takes such a tile into the region.
    #[inline]
    fn movers(&self, tiles: u32, region: u32) -> [(u32, i32); 4] {
        let w = self.width as i32;
        [
            (tiles & (region >> 1) & self.not_last_column, 1),
            (tiles & (region << 1) & self.not_first_column, -1),
            (tiles & (region >> self.width), w),
            (tiles & (region << self.width), -w),
        ]
    }

    /// The cells next to `cell`.
    #[inline]
    fn around(&self, cell: u32) -> u32 {
        let bit = 1u32 << cell;
        (((bit << 1) & self.not_first_column)
            | ((bit >> 1) & self.not_last_column)
            | (bit << self.width)
            | (bit >> self.width))
            & self.full
    }
}

/// The errors [`PatternDb::build`] lists, checked before anything is allocated.
pub(super) fn check(width: usize, gap_goal: u8, cells: &[u8]) -> Result<(), Error> {
    let n = width * width;
    if !(3..=4).contains(&width)
        || cells.is_empty()
        || cells.len() > MAX_PATTERN
        || gap_goal as usize >= n
    {
        return Err(Error::new(format!(
            "a pattern has 1 to {MAX_PATTERN} cells of a 3×3 or 4×4 board"
        )));
    }
    let mut mask = 1u32 << gap_goal;
    for &c in cells {
        if c as usize >= n || mask & (1 << c) != 0 {
            return Err(Error::new(format!(
                "pattern cell {c} is off the board, repeated, or the gap's"
            )));
        }
        mask |= 1 << c;
    }
    Ok(())
}

/// A table of `len` values made by `make`, its bytes held by `meter` and allocated fallibly
/// (the atomics of the searches, which [`Meter::vec`] cannot clone). O(len).
fn atomic_table<T>(meter: &Meter, len: usize, make: impl Fn() -> T) -> Result<Vec<T>, Error> {
    let bytes = len as u128 * size_of::<T>() as u128;
    meter.hold(u64::try_from(bytes).unwrap_or(u64::MAX))?;
    let mut table = Vec::new();
    table
        .try_reserve_exact(len)
        .map_err(|_| crate::memory::allocation_failed(bytes, "a pattern database's search"))?;
    table.extend((0..len).map(|_| make()));
    Ok(table)
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
struct Unranker {
    k: usize,
    full: u32,
    /// Per digit from the last: its radix n−i and ⌈2^SHIFT/radix⌉.
    radix: [(u32, u64); MAX_PATTERN],
}

/// The shift of [`Unranker`]'s multiplications.
const SHIFT: u32 = 34;

impl Unranker {
    /// For indices x below 2²⁹ (n!/(n−8)! ≤ 16!/8! < 2²⁹) and radices r from 9 to 16,
    /// `x·⌈2³⁴/r⌉ >> 34` is ⌊x/r⌋: the multiplier's error, below r, times x stays below
    /// 2³⁴ (x·15 < 2³³), and the product below 2⁶⁰ (⌈2³⁴/9⌉ < 2³¹), so it fits in 64 bits.
    fn new(n: usize, k: usize) -> Unranker {
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
    fn unrank(&self, mut index: u32, positions: &mut [u8; MAX_PATTERN]) -> u32 {
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
struct Walk {
    index: usize,
    positions: [u8; MAX_PATTERN],
    occupied: u32,
}

impl Walk {
    /// The placement of `index`.
    #[inline]
    fn at(unranker: &Unranker, index: usize) -> Walk {
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
    fn go(&mut self, unranker: &Unranker, index: usize) {
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
    fn step(&mut self, unranker: &Unranker) {
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
    fn multipliers(&self, factors: &[u32; MAX_PATTERN], k: usize) -> [u32; 16] {
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
fn slid(index: usize, by_cell: &[u32; 16], from: u32, step: i32) -> usize {
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

/// Appends to `slides`, from `count` on, the slides of the tiles in `movers` by `step`: the
/// index after each ([`slid`]), the tile's cell and the cell it slides to. Returns the new
/// count.
#[inline(always)]
fn slides_of(
    index: usize,
    by_cell: &[u32; 16],
    (movers, step): (u32, i32),
    slides: &mut [(u32, u8, u8); 4 * MAX_PATTERN],
    mut count: usize,
) -> usize {
    let mut movers = movers;
    while movers != 0 {
        let from = movers.trailing_zeros();
        movers &= movers - 1;
        let to = from.wrapping_add_signed(step);
        slides[count] = (
            slid(index, by_cell, from, step) as u32,
            from as u8,
            to as u8,
        );
        count += 1;
    }
    count
}

/// The cells whose 2-bit lane of `lanes` holds `code`, as a 16-bit mask.
#[inline]
fn lanes_equal(lanes: u32, code: u32) -> u32 {
    let x = lanes ^ code.wrapping_mul(0x5555_5555);
    let mut m = !(x | x >> 1) & 0x5555_5555;
    m = (m | m >> 1) & 0x3333_3333;
    m = (m | m >> 2) & 0x0F0F_0F0F;
    m = (m | m >> 4) & 0x00FF_00FF;
    (m | m >> 8) & 0xFFFF
}

/// The lanes of the cells of the 16-bit `mask`, each holding `code` (1 to 3).
#[inline]
fn spread(mask: u32, code: u32) -> u32 {
    let mut m = mask;
    m = (m | m << 8) & 0x00FF_00FF;
    m = (m | m << 4) & 0x0F0F_0F0F;
    m = (m | m << 2) & 0x3333_3333;
    m = (m | m << 1) & 0x5555_5555;
    m * code
}

/// The lane code of the states first reached at `depth`: 1 + depth mod 3 (0 is unseen).
fn code(depth: u8) -> u32 {
    1 + depth as u32 % 3
}

/// The search's shared state: written through atomics so that a layer can be expanded on
/// several threads (on one, the plain loads and stores of [`Search::mark`] are used).
struct Search<const W: usize> {
    k: usize,
    factors: [u32; MAX_PATTERN],
    unranker: Unranker,
    /// The dark cells of a chessboard colouring (row + column odd).
    dark: u32,
    /// How many of the goal's tiles stand on dark cells, mod 2.
    goal_parity: u32,
    /// Per placement, 2 bits per cell: 0 while the state of the gap in that cell is unseen,
    /// else `code(depth)` of its layer (all cells of a region alike).
    lanes: Vec<AtomicU32>,
    /// Per placement, the depth it was first reached at.
    table: Vec<AtomicU8>,
    /// One bit per placement, set once every gap region of it is seen: the bottom-up
    /// layers skip these placements 64 at a time, and their count says when to turn.
    done: Vec<AtomicU64>,
    /// Whether several threads may expand one layer.
    shared: bool,
    /// For each set of cells (a 16-bit mask), its connected parts: 4 bits per cell of the set,
    /// the same number in the cells of one part. A region is found by a look-up, not a flood.
    parts: Vec<u64>,
}

impl<const W: usize> Search<W> {
    /// The board's masks, constants of the compiled search.
    const SHIFTS: Shifts = Shifts::new(W);

    /// Marks the region `region` of `index` (unseen so far) as reached with lane code
    /// `code`; true if this call did it (not another thread), and in `first` whether the
    /// placement itself was reached for the first time.
    /// `free` is the placement's empty cells: when every one of them is seen after this
    /// call, the placement's bit in `done` is set.
    #[inline]
    fn mark(
        &self,
        index: usize,
        region: u32,
        lanes: u32,
        code: u32,
        cell: u32,
        free: u32,
    ) -> (bool, bool, bool) {
        let add = spread(region, code);
        let word = &self.lanes[index];
        let old = if self.shared {
            word.fetch_or(add, Ordering::Relaxed)
        } else {
            word.store(lanes | add, Ordering::Relaxed);
            lanes
        };
        let all = spread(free, 1);
        let new = old | add;
        // Whether this call completed the placement: only the last of the calls on one
        // placement (the last atomic update of its lanes) sees all of its cells seen.
        let completed = (new | new >> 1) & all == all && (old | old >> 1) & all != all;
        if completed {
            let (word, bit) = (&self.done[index / 64], 1u64 << (index % 64));
            if self.shared {
                word.fetch_or(bit, Ordering::Relaxed);
            } else {
                word.store(word.load(Ordering::Relaxed) | bit, Ordering::Relaxed);
            }
        }
        (old >> (2 * cell) & 3 == 0, old == 0, completed)
    }

    /// The table of [`Search::parts`], held by `meter`. O(2^(W·W)·W²): 65,536 sets for the
    /// 15-puzzle, a few milliseconds; 512 KB.
    fn parts(meter: &Meter) -> Result<Vec<u64>, Error> {
        let mut table = meter.vec(1 << (W * W), 0u64)?;
        for (set, parts) in (0u32..).zip(table.iter_mut()) {
            let (mut left, mut part) = (set, 0u64);
            while left != 0 {
                let region = Self::SHIFTS.region(left.trailing_zeros(), set);
                left &= !region;
                let mut cells = region;
                while cells != 0 {
                    *parts |= part << (4 * cells.trailing_zeros());
                    cells &= cells - 1;
                }
                part += 1;
            }
        }
        Ok(table)
    }

    /// The cells of `free` connected to `start` (which must be in `free`), from
    /// [`Search::parts`]: the cells of `free` whose 4 bits equal those of `start`. O(1).
    #[inline]
    fn region(&self, start: u32, free: u32) -> u32 {
        let parts = self.parts[free as usize];
        let same = parts ^ ((parts >> (4 * start)) & 15).wrapping_mul(0x1111_1111_1111_1111);
        // A bit at the bottom of every nibble that is zero, then the 16 of them packed.
        let mut m = !(same | same >> 1 | same >> 2 | same >> 3) & 0x1111_1111_1111_1111;
        m = (m | m >> 3) & 0x0303_0303_0303_0303;
        m = (m | m >> 6) & 0x000F_000F_000F_000F;
        m = (m | m >> 12) & 0x0000_00FF_0000_00FF;
        m = (m | m >> 24) & 0xFFFF;
        m as u32 & free
    }

    /// Whether the placement with tiles on `occupied` can have states at `depth`. Every slide
    /// takes one tile to a cell of the other colour, so every state of a placement lies at a
    /// depth of the parity of its tiles on dark cells plus the goal's: the layers alternate
    /// between the two halves of the placements.
    #[inline]
    fn at_parity(&self, occupied: u32, depth: u8) -> bool {
        ((occupied & self.dark).count_ones() + self.goal_parity + depth as u32) & 1 == 0
    }

    /// Whether a tile of `movers` sliding by `step` from placement `index` reaches a state
    /// whose lanes hold `code`: the gap in the tile's cell, in the placement after the slide.
    #[inline(always)]
    fn reaches(
        &self,
        index: usize,
        by_cell: &[u32; 16],
        (movers, step): (u32, i32),
        code: u32,
    ) -> bool {
        let mut movers = movers;
        while movers != 0 {
            let from = movers.trailing_zeros();
            movers &= movers - 1;
            let before = slid(index, by_cell, from, step);
            if self.lanes[before].load(Ordering::Relaxed) >> (2 * from) & 3 == code {
                return true;
            }
        }
        false
    }

    /// Flags placement `index` in `next` (the placements reached in this layer).
    #[inline]
    fn flag(&self, next: &[AtomicU64], index: usize) {
        let (word, bit) = (&next[index / 64], 1u64 << (index % 64));
        if !self.shared {
            word.store(word.load(Ordering::Relaxed) | bit, Ordering::Relaxed);
        } else if word.load(Ordering::Relaxed) & bit == 0 {
            word.fetch_or(bit, Ordering::Relaxed);
        }
    }

    /// Expands the states of the placements flagged in `flags` (words from `first_word`, a
    /// bit per placement) whose lanes hold `code(depth)`, marking their unseen successors with
    /// `code(depth + 1)` and flagging them in `next`. Returns (states reached, placements
    /// reached, placements completed).
    #[inline(never)]
    fn expand(
        &self,
        flags: &[u64],
        first_word: usize,
        depth: u8,
        next: &[AtomicU64],
    ) -> (u64, u64, u64) {
        let (now, then) = (code(depth), code(depth + 1));
        let (mut states, mut filled, mut done) = (0u64, 0u64, 0u64);
        let mut walk = Walk::at(&self.unranker, first_word * 64);
        for (w, &word) in flags.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let index = (first_word + w) * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                // Every flagged placement was reached in layer `depth`; a region of it that
                // holds the same code from depth − 6 is expanded again, to no effect.
                let frontier = lanes_equal(self.lanes[index].load(Ordering::Relaxed), now);
                walk.go(&self.unranker, index);
                let occupied = walk.occupied;
                let free = Self::SHIFTS.full & !occupied;
                let by_cell = walk.multipliers(&self.factors, self.k);
                // Every slide's successor first, then their lanes, loaded apart from any
                // branch on them so that the loads overlap, then the few unseen ones.
                // Unused slides are the placement itself, whose lanes are at hand.
                let mut slides = [(index as u32, 0u8, 0u8); 4 * MAX_PATTERN];
                let [right, left, down, up] = Self::SHIFTS.movers(occupied, frontier);
                let mut count = slides_of(index, &by_cell, right, &mut slides, 0);
                count = slides_of(index, &by_cell, left, &mut slides, count);
                count = slides_of(index, &by_cell, down, &mut slides, count);
                count = slides_of(index, &by_cell, up, &mut slides, count);
                debug_assert!(slides[..count].iter().all(|&(next_index, from, to)| {
                    let mut p = walk.positions;
                    p.iter_mut().filter(|c| **c == from).for_each(|c| *c = to);
                    next_index as usize == rank(&p[..self.k], &self.factors)
                }));
                // The successors' lanes, eight at a time without a branch on them, so that
                // the loads overlap: a bit for each slide whose successor is unseen (the gap
                // is now where the tile was, in the region around `from`).
                let mut unseen = 0u64;
                for group in 0..count.div_ceil(8) {
                    for (j, &(next_index, from, _)) in
                        slides.iter().enumerate().skip(8 * group).take(8)
                    {
                        let lanes = self.lanes[next_index as usize].load(Ordering::Relaxed);
                        unseen |= ((lanes >> (2 * from) & 3 == 0) as u64) << j;
                    }
                }
                unseen &= (1u64 << count) - 1;
                while unseen != 0 {
                    let (next_index, from, to) = slides[unseen.trailing_zeros() as usize];
                    unseen &= unseen - 1;
                    let (next_index, from, to) = (next_index as usize, from as u32, to as u32);
                    let lanes = self.lanes[next_index].load(Ordering::Relaxed);
                    let free_next = free & !(1 << to) | 1 << from;
                    let region = self.region(from, free_next);
                    let (mine, first, completed) =
                        self.mark(next_index, region, lanes, then, from, free_next);
                    done += completed as u64;
                    if mine {
                        states += 1;
                        self.flag(next, next_index);
                    }
                    if first {
                        self.table[next_index].store(depth + 1, Ordering::Relaxed);
                        filled += 1;
                    }
                }
            }
        }
        (states, filled, done)
    }

    /// The layer after `depth` found the other way round (bottom-up): every unseen state of
    /// the placements `first..end` (those not `done`, of the parity of `depth + 1`) looks
    /// for a predecessor in layer `depth`, and is marked with `code(depth + 1)` if it has one.
    /// The same layer as [`Search::expand`] finds, for less work when the unseen states are
    /// fewer than the frontier's (the late layers); each placement is written by one task
    /// only. Returns (states reached, placements reached, placements completed).
    #[inline(never)]
    fn pull(&self, first: usize, end: usize, depth: u8, next: &[AtomicU64]) -> (u64, u64, u64) {
        let (now, then) = (code(depth), code(depth + 1));
        let (mut states, mut filled, mut done) = (0u64, 0u64, 0u64);
        let mut walk = Walk::at(&self.unranker, first);
        let mut index = first;
        while index < end {
            // Whole words of done placements are skipped at once.
            let word = self.done[index / 64].load(Ordering::Relaxed) >> (index % 64);
            if word == u64::MAX >> (index % 64) {
                index = (index / 64 + 1) * 64;
                continue;
            }
            if word & 1 != 0 {
                index += 1;
                continue;
            }
            walk.go(&self.unranker, index);
            let occupied = walk.occupied;
            if !self.at_parity(occupied, depth + 1) {
                index += 1;
                continue;
            }
            let mut lanes = self.lanes[index].load(Ordering::Relaxed);
            let free = Self::SHIFTS.full & !occupied;
            let by_cell = walk.multipliers(&self.factors, self.k);
            let mut unseen = free & lanes_equal(lanes, 0);
            while unseen != 0 {
                let region = self.region(unseen.trailing_zeros(), free);
                unseen &= !region;
                // A predecessor: a tile next to the region, back in the cell of the region
                // it came from, with the gap's region around the tile's cell in layer
                // `depth`.
                let [right, left, down, up] = Self::SHIFTS.movers(occupied, region);
                let found = self.reaches(index, &by_cell, right, now)
                    || self.reaches(index, &by_cell, left, now)
                    || self.reaches(index, &by_cell, down, now)
                    || self.reaches(index, &by_cell, up, now);
                if !found {
                    continue;
                }
                let cell = region.trailing_zeros();
                let (_, first, completed) = self.mark(index, region, lanes, then, cell, free);
                lanes |= spread(region, then);
                states += 1;
                done += completed as u64;
                if first {
                    self.table[index].store(depth + 1, Ordering::Relaxed);
                    filled += 1;
                }
                self.flag(next, index);
            }
            index += 1;
        }
        (states, filled, done)
    }

    /// The breadth-first search of [`PatternDb::build_layers`] on a `W × W` board, whose
    /// arguments it has checked: the table. It charges `meter` the states each layer reaches
    /// and holds its tables there; when it is done, only the table stays held.
    fn run(
        gap_goal: u8,
        cells: &[u8],
        pull: Direction,
        meter: &Meter,
        report: &mut dyn FnMut(u8, u64, u64),
    ) -> Result<Vec<u8>, Error> {
        let (width, n) = (W, W * W);
        let k = cells.len();
        let size = placements(n, k);
        let dark = (0..n)
            .filter(|c| (c / width + c % width) % 2 == 1)
            .fold(0u32, |m, c| m | 1 << c);
        let occupied: u32 = cells.iter().map(|&c| 1u32 << c).sum();
        let search = Search::<W> {
            k,
            factors: factors(n, k),
            dark,
            goal_parity: (occupied & dark).count_ones() & 1,
            unranker: Unranker::new(n, k),
            lanes: atomic_table(meter, size, || AtomicU32::new(0))?,
            table: atomic_table(meter, size, || AtomicU8::new(u8::MAX))?,
            done: atomic_table(meter, size.div_ceil(64), || AtomicU64::new(0))?,
            shared: rayon::current_num_threads() > 1,
            parts: Self::parts(meter)?,
        };
        let start = rank(cells, &search.factors);
        let region = Self::SHIFTS.region(gap_goal as u32, Self::SHIFTS.full & !occupied);
        let (_, _, start_done) = search.mark(
            start,
            region,
            0,
            code(0),
            gap_goal as u32,
            Self::SHIFTS.full & !occupied,
        );
        search.table[start].store(0, Ordering::Relaxed);
        meter.charge(1)?;
        let words = size.div_ceil(64);
        let mut flags = meter.vec(words, 0u64)?;
        flags[start / 64] |= 1 << (start % 64);
        let next = atomic_table(meter, words, || AtomicU64::new(0))?;
        let (mut depth, mut states) = (0u8, 1u64);
        let (mut frontier, mut done) = (1u64, start_done as u64);
        loop {
            // Bottom-up once the frontier outnumbers the placements with unseen states.
            let pulling = match pull {
                Direction::Choose => frontier > size as u64 - done,
                Direction::Push => false,
                Direction::Pull => true,
            };
            let (reached, filled, completed) = if pulling {
                (0..size.div_ceil(PULL_CHUNK))
                    .into_par_iter()
                    .map(|c| {
                        let first = c * PULL_CHUNK;
                        search.pull(first, (first + PULL_CHUNK).min(size), depth, &next)
                    })
                    .reduce(|| (0, 0, 0), |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2))
            } else {
                flags
                    .par_chunks(CHUNK)
                    .enumerate()
                    .map(|(c, chunk)| search.expand(chunk, c * CHUNK, depth, &next))
                    .reduce(|| (0, 0, 0), |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2))
            };
            done += completed;
            frontier = reached;
            depth += 1;
            states += reached;
            meter.charge(reached)?;
            report(depth, states, filled);
            if reached == 0 {
                break;
            }
            for (flag, next) in flags.iter_mut().zip(&next) {
                *flag = next.swap(0, Ordering::Relaxed);
            }
        }
        // The search's state is freed before the table is converted (in place).
        let Search {
            table,
            lanes,
            done,
            parts,
            ..
        } = search;
        let freed = size_of_val(&lanes[..])
            + size_of_val(&done[..])
            + size_of_val(&parts[..])
            + size_of_val(&flags[..])
            + size_of_val(&next[..]);
        drop((lanes, done, parts, flags, next));
        meter.release(freed as u64);
        Ok(table.into_iter().map(AtomicU8::into_inner).collect())
    }
}

impl PatternDb {
    /// Builds the database of the tiles whose goal cells are `cells`, on a `width × width`
    /// board whose goal has the gap in `gap_goal`, under `budget`. `progress(depth, states)`
    /// is called after each layer of the search.
    ///
    /// Before anything is allocated, [`PatternDb::estimate`] (the states the search reaches
    /// and its memory at the peak) is admitted by the budget: a build over a limit is refused
    /// with the estimate and the limit. As it runs, it charges each layer's states
    /// ([`PDB_STATES`]) and holds its tables, allocated fallibly, against the memory limit.
    ///
    /// # Complexity
    /// Every state (placement, gap region), about 2·n!/(n−k)! of them for 6 tiles of the
    /// 15-puzzle (11.8 million), is expanded once top-down (about 6 slides each, O(width)
    /// apiece) or, in the late layers, looks for one predecessor bottom-up. Measured on one
    /// thread (release build, `examples/pdb_build`, a shared 2-core machine, 2 December 2026,
    /// six runs alternated with the builder before this one): 1.3 to 1.9 s of CPU for each
    /// 6-tile table of the 15-puzzle, against 2.3 to 3.4 s; a millisecond for 3 tiles. All
    /// cores share each layer. Memory at the peak: n!/(n−k)! bytes for the table plus
    /// 35/8·n!/(n−k)! bytes of search state (31 MB in all for 6 tiles of the 15-puzzle,
    /// 2.8 GB for 8), and a table of 2^(width²) connected parts (512 KB for the 15-puzzle).
    ///
    /// Errors: a width other than 3 or 4, more than [`MAX_PATTERN`] cells, a cell off the
    /// board or given twice, or the gap's cell in the pattern; a refusal when the estimate is
    /// over the budget.
    ///
    /// ```
    /// use unhop::{ErrorKind, budget::Budget, sliding::PatternDb};
    /// let cells = [0, 1, 2, 3, 4, 5];
    /// let tight = Budget::default().with_max_bytes(20 << 20);
    /// let err = PatternDb::build(4, 15, &cells, &tight, &mut |_, _| {}).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::Refused);
    /// assert_eq!(err.figures().unwrap().unit, "bytes");
    /// ```
    pub fn build(
        width: usize,
        gap_goal: u8,
        cells: &[u8],
        budget: &Budget,
        progress: &mut dyn FnMut(u8, u64),
    ) -> Result<PatternDb, Error> {
        let meter = budget.admit_estimate(&PatternDb::estimate(width, gap_goal, cells)?)?;
        Self::build_layers(
            width,
            gap_goal,
            cells,
            Direction::Choose,
            &meter,
            &mut |depth, states, _| progress(depth, states),
        )
    }

    /// [`PatternDb::build`], reporting to `progress` one unit of work per entry of the table
    /// as it is filled ([`PatternDb::len`] units in all, spread over the layers of the
    /// search roughly as the time is). It does not call [`Progress::start`]: the caller
    /// names the stage, and may build several databases in one.
    ///
    /// # Complexity
    /// As [`PatternDb::build`].
    ///
    /// ```
    /// use std::sync::atomic::{AtomicU64, Ordering};
    /// use unhop::{Progress, budget::Budget, sliding::PatternDb};
    /// struct Tally(AtomicU64);
    /// impl Progress for Tally {
    ///     fn advance(&self, work: u64) { self.0.fetch_add(work, Ordering::Relaxed); }
    /// }
    /// let tally = Tally(AtomicU64::new(0));
    /// let db = PatternDb::build_reporting(3, 8, &[0, 1, 2], &Budget::default(), &tally).unwrap();
    /// assert_eq!(tally.0.into_inner(), db.len() as u64);
    /// ```
    pub fn build_reporting(
        width: usize,
        gap_goal: u8,
        cells: &[u8],
        budget: &Budget,
        progress: &dyn Progress,
    ) -> Result<PatternDb, Error> {
        let meter = budget.admit_estimate(&PatternDb::estimate(width, gap_goal, cells)?)?;
        Self::build_metered(width, gap_goal, cells, &meter, progress)
    }

    /// [`PatternDb::build_reporting`] charged to `meter`, admitted beforehand for this build
    /// and maybe others (the cache admits all the tables it builds at once).
    pub(super) fn build_metered(
        width: usize,
        gap_goal: u8,
        cells: &[u8],
        meter: &Meter,
        progress: &dyn Progress,
    ) -> Result<PatternDb, Error> {
        check(width, gap_goal, cells)?;
        progress.advance(1); // the goal's own entry
        Self::build_layers(
            width,
            gap_goal,
            cells,
            Direction::Choose,
            meter,
            &mut |_, _, filled| progress.advance(filled),
        )
    }

    /// The search behind both: `report(depth, states so far, entries filled by the layer)`;
    /// `pull` says how each layer is found ([`Direction::Choose`] but in tests).
    fn build_layers(
        width: usize,
        gap_goal: u8,
        cells: &[u8],
        pull: Direction,
        meter: &Meter,
        report: &mut dyn FnMut(u8, u64, u64),
    ) -> Result<PatternDb, Error> {
        check(width, gap_goal, cells)?;
        // The board's width is a constant of each compiled search: its shifts and masks fold.
        let table = if width == 3 {
            Search::<3>::run(gap_goal, cells, pull, meter, report)?
        } else {
            Search::<4>::run(gap_goal, cells, pull, meter, report)?
        };
        PatternDb::from_table(width, gap_goal, cells, table)
    }

    /// A database from a stored table, checked for its size (used by the disk cache and the
    /// builders). Errors: a table of another size than the pattern's placements.
    pub(crate) fn from_table(
        width: usize,
        gap_goal: u8,
        cells: &[u8],
        table: Vec<u8>,
    ) -> Result<PatternDb, Error> {
        let n = width * width;
        let entries = placements(n, cells.len());
        if table.len() != entries {
            return Err(Error::new(format!(
                "a table of {} entries for a pattern of {entries} placements",
                table.len()
            )));
        }
        Ok(PatternDb {
            width: width as u8,
            gap_goal,
            cells: cells.to_vec(),
            factors: factors(n, cells.len()),
            table,
        })
    }

    /// The index of the placement with the pattern's `i`-th tile in `positions[i]`. O(k).
    #[inline]
    pub fn index(&self, positions: &[u8]) -> usize {
        rank(positions, &self.factors)
    }

    /// The value stored at `index`: slides of the pattern's tiles still needed.
    #[inline]
    pub fn value(&self, index: usize) -> u8 {
        self.table[index]
    }

    /// The number of entries, n!/(n−k)!.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Always false: a pattern has at least one tile.
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// The pattern's goal cells, in index order.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The board width.
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// The goal cell of the gap.
    pub fn gap_goal(&self) -> u8 {
        self.gap_goal
    }

    /// The raw table, one byte per placement.
    pub fn table(&self) -> &[u8] {
        &self.table
    }
}

#[cfg(test)]
mod tests {
    use super::{
        Direction, MAX_PATTERN, PatternDb, Shifts, Unranker, Walk, placements, rank, slid,
    };
    use crate::budget::Budget;

    fn build(width: usize, gap: u8, cells: &[u8], direction: Direction) -> PatternDb {
        let meter = Budget::unlimited().meter("a test", super::PDB_STATES);
        PatternDb::build_layers(width, gap, cells, direction, &meter, &mut |_, _, _| {}).unwrap()
    }

    /// Every layer found top-down, every layer found bottom-up, and the switch between
    /// them, on one thread and on two: the same table as the first builder's.
    #[test]
    fn both_directions_and_the_switch_give_the_first_builders_table() {
        for (width, gap, cells) in [
            (3, 8, vec![0u8, 1, 2, 3]),
            (3, 4, vec![8, 0, 6]),
            (3, 0, vec![1, 2, 3, 4, 5]),
            (4, 15, vec![0, 4, 5, 8]),
            (4, 0, vec![15, 11, 10]),
            (4, 6, vec![0, 5, 15, 3]),
        ] {
            let old = PatternDb::exhaustive(width, gap, &cells, &Budget::default()).unwrap();
            for threads in [1, 2] {
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .unwrap();
                for direction in [Direction::Choose, Direction::Push, Direction::Pull] {
                    let new = pool.install(|| build(width, gap, &cells, direction));
                    assert_eq!(new, old, "{cells:?} {direction:?} on {threads}");
                }
            }
        }
    }

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

    /// The builder skips placements of the wrong parity: on the first builder's tables, every
    /// placement's value has the parity of its tiles on dark cells plus the goal's.
    #[test]
    fn every_value_has_the_parity_of_the_tiles_on_dark_cells() {
        for (width, gap, cells) in [
            (3, 8, vec![0u8, 1, 2, 3]),
            (3, 4, vec![8, 0, 6, 1, 5]),
            (4, 15, vec![0, 4, 5, 8]),
            (4, 6, vec![0, 5, 15]),
        ] {
            let n = width * width;
            let dark = |cell: u8| (cell as usize / width + cell as usize % width) % 2;
            let on_dark = |positions: &[u8]| positions.iter().map(|&c| dark(c)).sum::<usize>();
            let goal = on_dark(&cells);
            let db = PatternDb::exhaustive(width, gap, &cells, &Budget::default()).unwrap();
            let unranker = Unranker::new(n, cells.len());
            for index in 0..db.len() {
                let mut positions = [0u8; MAX_PATTERN];
                unranker.unrank(index as u32, &mut positions);
                let parity = (on_dark(&positions[..cells.len()]) + goal) % 2;
                assert_eq!(db.value(index) as usize % 2, parity, "{cells:?} {index}");
            }
        }
    }
}
