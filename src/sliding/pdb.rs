//! Pattern databases: for a set of tiles, the exact number of slides *of those tiles* needed
//! to bring them home from every placement, the other tiles being indistinguishable.
//!
//! Tiles are named by their goal cells (see [`State`](super::State)), so a pattern is a set
//! of goal cells. The table is indexed by where the pattern's tiles stand; the gap's position
//! is not part of the index, and the value is the least over the gap's possible places. Since
//! only the pattern's own slides are counted, the values of disjoint patterns add up to a
//! lower bound (Korf and Felner 2002).
//!
//! This file is the database itself and how it is asked for; the rest is one concept a file:
//!
//! * `index`: a placement's index (a mixed-radix rank) and back, stepped in index order, and
//!   the index after a slide computed from the one before;
//! * `shifts`: the board's bit masks, for moving sets of cells one step;
//! * `builder`: the fast breadth-first search that fills the table ([`PatternDb::build`]);
//! * `exhaustive`: its slow twin, the first and simpler builder ([`PatternDb::exhaustive`]);
//! * `by_method`: either builder, by [`Method`](crate::Method) ([`PatternDb::build_by`]);
//! * `estimate`: what a build costs, said before it starts ([`PatternDb::estimate`]).
//!
//! A build runs under a [`Budget`]: before it starts, its states and its memory at the peak
//! ([`PatternDb::estimate`]) are admitted; as it runs, it charges the states each layer
//! reaches and holds its tables, allocated fallibly, against the memory limit.

mod builder;
mod by_method;
mod estimate;
mod exhaustive;
mod index;
mod shifts;

pub use estimate::PDB_STATES;

use crate::budget::Budget;
use crate::error::Error;
use crate::progress::Progress;
use builder::{Direction, atomic_table};
use index::{factors, rank};
use shifts::Shifts;

/// The most tiles a pattern may have (a table of 16!/8! = 518,918,400 bytes).
pub const MAX_PATTERN: usize = 8;

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
///
/// # Complexity
/// O(k).
///
/// # Examples
///
/// ```
/// assert_eq!(unhop::sliding::placements(16, 3), 16 * 15 * 14);
/// ```
pub fn placements(n: usize, k: usize) -> usize {
    (n - k + 1..=n).product()
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
    /// # Examples
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
    /// # Examples
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
