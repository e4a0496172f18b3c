//! What building a pattern database costs, said before it starts: the states its search
//! reaches (its work, counted in [`PDB_STATES`]) and the most bytes it allocates at once.
//!
//! A state of the search is a placement of the pattern's tiles with a connected region of
//! the empty cells (where the gap may be). Every state is reached once, so the states of all
//! placements, k!·Σ over the sets T of k cells of the connected parts of the cells outside T,
//! bound the work; counting them takes one pass over the 2^(width²) sets of cells. On the
//! 15-puzzle every state is reached (a 6-tile table has exactly the 11,816,640 the bound
//! gives), so the bound is the work itself.

use super::{PatternDb, Shifts, check, placements};
use crate::budget::{Estimate, WorkUnit};
use crate::error::Error;

/// The unit of a pattern-database build's work: the states (placement, gap region) its
/// search reaches, 200,000,000 unless the budget says otherwise: a 7-tile table of the
/// 15-puzzle (139,849,920 states) took 13 s of CPU here. An 8-tile one (1,425,191,040 states,
/// whose 2.8 GB of search state leave the processor's caches far behind) needs `--max-work`;
/// the first builder took about 20 minutes of CPU for the 7-8 split (this one was not timed
/// on it).
pub const PDB_STATES: WorkUnit = WorkUnit {
    name: "states",
    default_limit: 200_000_000,
};

/// Bytes a build allocates besides its tables: the pattern's cells, progress notes, file
/// names, the threads' work queues (1 MiB, far more than they take).
pub(super) const SMALL_BYTES: u128 = 1 << 20;

/// The number of states of a pattern of `k` tiles on a `width × width` board (3 or 4, as
/// [`check`] makes sure): every placement of the tiles with every connected region of the
/// cells they leave empty. An upper bound of the states a build reaches, whatever the cells
/// and the gap's goal: 11,816,640 for 6 tiles of the 15-puzzle; 9! for 8 tiles of the
/// 8-puzzle (one empty cell, one region a placement).
///
/// # Complexity
/// O(2^(width²)·width²) time (65,536 sets of cells on the 15-puzzle, a millisecond), no
/// allocation.
pub(super) fn pdb_states(width: usize, k: usize) -> u64 {
    let shifts = Shifts::new(width);
    let mut regions = 0u64;
    for tiles in 0..=shifts.full {
        if tiles.count_ones() as usize != k {
            continue;
        }
        let free = shifts.full & !tiles;
        let mut left = free;
        while left != 0 {
            left &= !shifts.region(left.trailing_zeros(), free);
            regions += 1;
        }
    }
    (1..=k as u64).product::<u64>() * regions
}

/// The bytes of a table of `len` entries of type `T`.
pub(super) fn bytes_of<T>(len: usize) -> u128 {
    len as u128 * size_of::<T>() as u128
}

impl PatternDb {
    /// What [`PatternDb::build`] of the tiles on `cells` needs (the goal's gap in `gap_goal`
    /// of a `width × width` board): the states its search reaches at most (every placement
    /// of the tiles with every connected region of the cells they leave empty, whatever the
    /// cells and the gap's goal), and the most bytes it allocates at once: the table (a byte a
    /// placement), the search's lanes (4 bytes a placement), three bit sets (placements done,
    /// in this layer, in the next), the connected parts of every set of cells (8 bytes each of
    /// the 2^(width²) sets) and 1 MiB for the rest.
    ///
    /// # Complexity
    /// O(2^(width²)·width²) time (65,536 sets of cells on the 15-puzzle, a millisecond), no
    /// allocation.
    ///
    /// Errors: as [`PatternDb::build`].
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::sliding::PatternDb;
    /// let eight = PatternDb::estimate(4, 15, &[7, 8, 9, 10, 11, 12, 13, 14]).unwrap();
    /// assert_eq!(eight.work, 1_425_191_040);
    /// assert!(eight.bytes > 5 * 518_918_400 && eight.bytes < 6 * 518_918_400);
    /// assert_eq!(PatternDb::estimate(4, 15, &[0, 4, 5, 8, 9, 12]).unwrap().work, 11_816_640);
    /// assert_eq!(PatternDb::estimate(3, 8, &[0, 1, 2, 3, 4, 5, 6, 7]).unwrap().work, 362_880);
    /// ```
    pub fn estimate(width: usize, gap_goal: u8, cells: &[u8]) -> Result<Estimate, Error> {
        check(width, gap_goal, cells)?;
        let (n, k) = (width * width, cells.len());
        let size = placements(n, k);
        let words = size.div_ceil(64);
        let bytes = bytes_of::<u32>(size)
            + bytes_of::<u8>(size)
            + 3 * bytes_of::<u64>(words)
            + bytes_of::<u64>(1 << n)
            + SMALL_BYTES;
        Ok(Estimate {
            what: describe(width, cells),
            unit: PDB_STATES,
            work: pdb_states(width, k).into(),
            bytes,
        })
    }
}

/// The build, as messages name it: `building the pattern database of the cells 0, 1, 2 of
/// the 3×3 board`.
pub(super) fn describe(width: usize, cells: &[u8]) -> String {
    let cells: Vec<String> = cells.iter().map(u8::to_string).collect();
    format!(
        "building the pattern database of the cells {} of the {width}×{width} board",
        cells.join(", ")
    )
}
