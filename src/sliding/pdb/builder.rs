//! The fast builder of a pattern database: breadth-first search backwards from the goal over
//! pairs (placement, gap region). The gap moves freely through the cells no pattern tile
//! occupies, so a whole connected region of empty cells is one state, and every edge is one
//! slide of a pattern tile. Each state keeps 2 bits per cell of its region (unseen, or its
//! depth modulo 3), and each layer's placements are flagged, so a layer is found by visiting
//! the flagged placements in index order (each placement's cells stepped from the one before,
//! rather than unranked), and a successor is seen or not by one lookup, without working out
//! its region.
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

use super::index::{Unranker, Walk, factors, rank, slid};
use super::{MAX_PATTERN, PatternDb, Shifts, check, placements};
use crate::budget::Meter;
use crate::error::Error;
use crate::progress::Progress;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU8, AtomicU32, AtomicU64, Ordering};

/// How many words of frontier flags (64 placements each) one parallel task scans.
const CHUNK: usize = 1024;

/// How the search finds each layer from the one before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Direction {
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

/// A table of `len` values made by `make`, its bytes held by `meter` and allocated fallibly
/// (the atomics of the searches, which [`Meter::vec`] cannot clone). O(len).
pub(super) fn atomic_table<T>(
    meter: &Meter,
    len: usize,
    make: impl Fn() -> T,
) -> Result<Vec<T>, Error> {
    let bytes = len as u128 * size_of::<T>() as u128;
    meter.hold(u64::try_from(bytes).unwrap_or(u64::MAX))?;
    let mut table = Vec::new();
    table
        .try_reserve_exact(len)
        .map_err(|_| crate::memory::allocation_failed(bytes, "a pattern database's search"))?;
    table.extend((0..len).map(|_| make()));
    Ok(table)
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
    pub(super) fn build_layers(
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
}

#[cfg(test)]
mod tests {
    use super::super::index::Unranker;
    use super::super::{MAX_PATTERN, PatternDb};
    use super::Direction;
    use crate::budget::Budget;

    fn build(width: usize, gap: u8, cells: &[u8], direction: Direction) -> PatternDb {
        let meter = Budget::unlimited().meter("a test", super::super::PDB_STATES);
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
