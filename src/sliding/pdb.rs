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
//! connected region of empty cells is one state, named by its lowest cell, and every edge is
//! one slide of a pattern tile. Each layer is expanded on all cores (rayon).

use crate::error::Error;
use crate::progress::Progress;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

/// The most tiles a pattern may have (a table of 16!/8! = 518,918,400 bytes).
pub const MAX_PATTERN: usize = 8;

/// How many frontier states one parallel task expands.
const CHUNK: usize = 1 << 14;

/// A pattern database: one byte per placement of the pattern's tiles.
///
/// ```
/// use unhop::sliding::PatternDb;
/// // Tiles 1, 2, 3 of the 15-puzzle (goal cells 0, 1, 2), gap last (cell 15).
/// let db = PatternDb::build(4, 15, &[0, 1, 2], &mut |_, _| {}).unwrap();
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
    fn new(width: usize) -> Shifts {
        let n = width * width;
        let column = |c: usize| (0..width).fold(0u32, |m, r| m | 1 << (r * width + c));
        let full = ((1u64 << n) - 1) as u32;
        Shifts {
            width: width as u32,
            full,
            not_first_column: full & !column(0),
            not_last_column: full & !column(width - 1),
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

/// A frontier state: 4 bits per tile position, the region's lowest cell in the top 4 bits.
type Packed = u64;

fn pack(positions: &[u8], region_cell: u32) -> Packed {
    let mut p = (region_cell as u64) << 60;
    for (i, &c) in positions.iter().enumerate() {
        p |= (c as u64) << (4 * i);
    }
    p
}

impl PatternDb {
    /// Builds the database of the tiles whose goal cells are `cells`, on a `width × width`
    /// board whose goal has the gap in `gap_goal`. `progress(depth, states)` is called after
    /// each layer of the search.
    ///
    /// Time about 16·n!/(n−k)! small steps spread over all cores (0.1 s for 6 tiles of the
    /// 15-puzzle on one core, minutes for 8); memory n!/(n−k)! bytes for the table plus
    /// 2·n!/(n−k)! bytes of visited bits and the largest layer at 8 bytes a state during the
    /// build.
    ///
    /// Errors: a width other than 3 or 4, more than [`MAX_PATTERN`] cells, a cell off the
    /// board or given twice, or the gap's cell in the pattern.
    pub fn build(
        width: usize,
        gap_goal: u8,
        cells: &[u8],
        progress: &mut dyn FnMut(u8, u64),
    ) -> Result<PatternDb, Error> {
        Self::build_layers(width, gap_goal, cells, &mut |depth, states, _| {
            progress(depth, states)
        })
    }

    /// [`PatternDb::build`], reporting to `progress` one unit of work per entry of the table
    /// as it is filled ([`PatternDb::len`] units in all, spread over the layers of the
    /// search roughly as the time is). It does not call [`Progress::start`]: the caller
    /// names the stage, and may build several databases in one.
    ///
    /// ```
    /// use std::sync::atomic::{AtomicU64, Ordering};
    /// use unhop::{Progress, sliding::PatternDb};
    /// struct Tally(AtomicU64);
    /// impl Progress for Tally {
    ///     fn advance(&self, work: u64) { self.0.fetch_add(work, Ordering::Relaxed); }
    /// }
    /// let tally = Tally(AtomicU64::new(0));
    /// let db = PatternDb::build_reporting(3, 8, &[0, 1, 2], &tally).unwrap();
    /// assert_eq!(tally.0.into_inner(), db.len() as u64);
    /// ```
    pub fn build_reporting(
        width: usize,
        gap_goal: u8,
        cells: &[u8],
        progress: &dyn Progress,
    ) -> Result<PatternDb, Error> {
        progress.advance(1); // the goal's own entry
        Self::build_layers(width, gap_goal, cells, &mut |_, _, filled| {
            progress.advance(filled)
        })
    }

    /// The search behind both: `report(depth, states so far, entries filled by the layer)`.
    fn build_layers(
        width: usize,
        gap_goal: u8,
        cells: &[u8],
        report: &mut dyn FnMut(u8, u64, u64),
    ) -> Result<PatternDb, Error> {
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
        let k = cells.len();
        let shifts = Shifts::new(width);
        let factors = factors(n, k);
        let size = placements(n, k);
        let table: Vec<AtomicU8> = (0..size).map(|_| AtomicU8::new(u8::MAX)).collect();
        let visited: Vec<AtomicU64> = (0..(size * n).div_ceil(64))
            .map(|_| AtomicU64::new(0))
            .collect();
        let occupied: u32 = cells.iter().map(|&c| 1u32 << c).sum();
        let start_region = shifts.region(gap_goal as u32, shifts.full & !occupied);
        let start_cell = start_region.trailing_zeros();
        let start_index = rank(cells, &factors);
        table[start_index].store(0, Ordering::Relaxed);
        let bit = start_index * n + start_cell as usize;
        visited[bit / 64].fetch_or(1 << (bit % 64), Ordering::Relaxed);
        let mut frontier = vec![pack(cells, start_cell)];
        let mut depth = 0u8;
        let mut states = 1u64;
        while !frontier.is_empty() {
            depth += 1;
            let next: Vec<(Vec<Packed>, u64)> = frontier
                .par_chunks(CHUNK)
                .map(|chunk| {
                    let mut out = Vec::new();
                    let mut filled = 0u64;
                    for &packed in chunk {
                        let mut positions = [0u8; MAX_PATTERN];
                        let mut occupied = 0u32;
                        for (i, slot) in positions.iter_mut().enumerate().take(k) {
                            *slot = ((packed >> (4 * i)) & 15) as u8;
                            occupied |= 1 << *slot;
                        }
                        let free = shifts.full & !occupied;
                        let region = shifts.region((packed >> 60) as u32, free);
                        for i in 0..k {
                            let from = positions[i] as u32;
                            let mut targets = shifts.around(from) & region;
                            while targets != 0 {
                                let to = targets.trailing_zeros();
                                targets &= targets - 1;
                                positions[i] = to as u8;
                                let free_after = (free | 1 << from) & !(1 << to);
                                let cell = shifts.region(from, free_after).trailing_zeros();
                                let index = rank(&positions[..k], &factors);
                                let bit = index * n + cell as usize;
                                let (word, flag) = (&visited[bit / 64], 1u64 << (bit % 64));
                                // A plain load first: most successors were seen already, and
                                // the locked read-modify-write is the costly part.
                                if word.load(Ordering::Relaxed) & flag == 0
                                    && word.fetch_or(flag, Ordering::Relaxed) & flag == 0
                                {
                                    // Every write of a layer stores the same depth, so
                                    // exactly one sees the entry still empty.
                                    if table[index].load(Ordering::Relaxed) > depth
                                        && table[index].fetch_min(depth, Ordering::Relaxed)
                                            == u8::MAX
                                    {
                                        filled += 1;
                                    }
                                    out.push(pack(&positions[..k], cell));
                                }
                            }
                            positions[i] = from as u8;
                        }
                    }
                    (out, filled)
                })
                .collect();
            let filled = next.iter().map(|(_, f)| f).sum();
            frontier = next.into_iter().flat_map(|(out, _)| out).collect();
            states += frontier.len() as u64;
            report(depth, states, filled);
        }
        Ok(PatternDb {
            width: width as u8,
            gap_goal,
            cells: cells.to_vec(),
            factors,
            table: table.into_iter().map(AtomicU8::into_inner).collect(),
        })
    }

    /// A database from a stored table, checked for its size (used by the disk cache).
    pub(crate) fn from_table(
        width: usize,
        gap_goal: u8,
        cells: &[u8],
        table: Vec<u8>,
    ) -> Option<PatternDb> {
        let n = width * width;
        (table.len() == placements(n, cells.len())).then(|| PatternDb {
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
