//! The slow twin of [`PatternDb::build`]: the first builder, kept to test the fast one
//! against, table for table.
//!
//! Breadth-first search backwards from the goal over pairs (placement, gap region) with a
//! frontier list per layer: every successor's region is found by a flood fill and named by its
//! lowest cell, and a bit per (placement, cell) marks the states seen. Each layer is expanded
//! on all cores (rayon).

use super::estimate::{PDB_STATES, SMALL_BYTES, bytes_of, describe, pdb_states};
use super::{MAX_PATTERN, PatternDb, Shifts, atomic_table, check, factors, placements, rank};
use crate::budget::{Budget, Estimate, Meter};
use crate::error::Error;
use crate::progress::{Progress, Quiet};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

/// How many frontier states one parallel task expands.
const CHUNK: usize = 1 << 14;

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
    /// What [`PatternDb::exhaustive`] needs: the same states as [`PatternDb::estimate`], and
    /// at the peak the table, a bit for each placement and cell, and the frontier lists: 8
    /// bytes a state of two successive layers, the next one in growing lists (at most three
    /// times their length while one grows) and then in one list, and 56 bytes for each
    /// parallel task's list.
    ///
    /// # Complexity
    /// As [`PatternDb::estimate`].
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::sliding::PatternDb;
    /// let fast = PatternDb::estimate(3, 8, &[0, 1, 2]).unwrap();
    /// let slow = PatternDb::exhaustive_estimate(3, 8, &[0, 1, 2]).unwrap();
    /// assert_eq!(slow.work, fast.work);
    /// ```
    pub fn exhaustive_estimate(
        width: usize,
        gap_goal: u8,
        cells: &[u8],
    ) -> Result<Estimate, Error> {
        check(width, gap_goal, cells)?;
        let (n, k) = (width * width, cells.len());
        let size = placements(n, k);
        let states = pdb_states(width, k);
        let lists =
            4 * bytes_of::<u64>(states as usize) + 56 * (states.div_ceil(CHUNK as u64) as u128 + 1);
        let bytes = bytes_of::<u8>(size) + bytes_of::<u64>((size * n).div_ceil(64)) + lists;
        Ok(Estimate {
            what: format!("{} by the first builder", describe(width, cells)),
            unit: PDB_STATES,
            work: states.into(),
            bytes: bytes + SMALL_BYTES,
        })
    }

    /// The same database as [`PatternDb::build`], by the first, simpler and slower search:
    /// a list of the states of each layer, and two flood fills of the gap's region for every
    /// successor. The slow twin the fast builder is tested against. It runs under `budget`:
    /// admitted by [`PatternDb::exhaustive_estimate`], it charges the states it reaches and
    /// holds its tables (allocated fallibly) against the memory limit.
    ///
    /// # Complexity
    /// About 16·n!/(n−k)! successors, each with a flood fill and a rank: 2 to 3 times the
    /// time of [`PatternDb::build`] on one core, spread over all cores. Memory: the table,
    /// 2·n!/(n−k)! bytes of visited bits and the largest layers at 8 bytes a state.
    ///
    /// Errors: as [`PatternDb::build`], and a refusal when the estimate is over the budget.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, sliding::PatternDb};
    /// let budget = Budget::default();
    /// let fast = PatternDb::build(3, 8, &[0, 1, 2], &budget, &mut |_, _| {}).unwrap();
    /// assert_eq!(PatternDb::exhaustive(3, 8, &[0, 1, 2], &budget).unwrap(), fast);
    /// ```
    pub fn exhaustive(
        width: usize,
        gap_goal: u8,
        cells: &[u8],
        budget: &Budget,
    ) -> Result<PatternDb, Error> {
        let meter =
            budget.admit_estimate(&PatternDb::exhaustive_estimate(width, gap_goal, cells)?)?;
        Self::exhaustive_metered(width, gap_goal, cells, &meter, &Quiet)
    }

    /// [`PatternDb::exhaustive`] charged to `meter`, admitted beforehand for this build and
    /// maybe others, reporting to `progress` one unit of work per entry of the table as it is
    /// first filled (as [`PatternDb::build_reporting`] does).
    pub(super) fn exhaustive_metered(
        width: usize,
        gap_goal: u8,
        cells: &[u8],
        meter: &Meter,
        progress: &dyn Progress,
    ) -> Result<PatternDb, Error> {
        check(width, gap_goal, cells)?;
        let n = width * width;
        let k = cells.len();
        let shifts = Shifts::new(width);
        let factors = factors(n, k);
        let size = placements(n, k);
        let table = atomic_table(meter, size, || AtomicU8::new(u8::MAX))?;
        let visited = atomic_table(meter, (size * n).div_ceil(64), || AtomicU64::new(0))?;
        let occupied: u32 = cells.iter().map(|&c| 1u32 << c).sum();
        let start_region = shifts.region(gap_goal as u32, shifts.full & !occupied);
        let start_cell = start_region.trailing_zeros();
        let start_index = rank(cells, &factors);
        table[start_index].store(0, Ordering::Relaxed);
        progress.advance(1);
        let bit = start_index * n + start_cell as usize;
        visited[bit / 64].fetch_or(1 << (bit % 64), Ordering::Relaxed);
        let mut frontier = vec![pack(cells, start_cell)];
        meter.charge(1)?;
        meter.hold(size_of::<Packed>() as u64)?;
        let mut depth = 0u8;
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
                                if word.load(Ordering::Relaxed) & flag == 0
                                    && word.fetch_or(flag, Ordering::Relaxed) & flag == 0
                                {
                                    let before = table[index].fetch_min(depth, Ordering::Relaxed);
                                    filled += u64::from(before == u8::MAX);
                                    out.push(pack(&positions[..k], cell));
                                }
                            }
                            positions[i] = from as u8;
                        }
                    }
                    (out, filled)
                })
                .collect();
            progress.advance(next.iter().map(|(_, filled)| filled).sum());
            // One list of exactly the layer's length, the tasks' lists freed as they are
            // copied.
            let reached: usize = next.iter().map(|(list, _)| list.len()).sum();
            meter.charge(reached as u64)?;
            meter.hold(reached as u64 * size_of::<Packed>() as u64)?;
            let mut layer = Vec::new();
            layer.try_reserve_exact(reached).map_err(|_| {
                crate::memory::allocation_failed(bytes_of::<Packed>(reached), "the first builder")
            })?;
            for (list, _) in next {
                layer.extend_from_slice(&list);
            }
            meter.release((frontier.len() * size_of::<Packed>()) as u64);
            frontier = layer;
        }
        drop(visited);
        Ok(PatternDb {
            width: width as u8,
            gap_goal,
            cells: cells.to_vec(),
            factors,
            table: table.into_iter().map(AtomicU8::into_inner).collect(),
        })
    }
}
