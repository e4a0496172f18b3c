//! The slow twin of [`PatternDb::build`]: the first builder, kept to test the fast one
//! against, table for table.
//!
//! Breadth-first search backwards from the goal over pairs (placement, gap region) with a
//! frontier list per layer: every successor's region is found by a flood fill and named by its
//! lowest cell, and a bit per (placement, cell) marks the states seen. Each layer is expanded
//! on all cores (rayon).

use super::{MAX_PATTERN, PatternDb, Shifts, check, factors, placements, rank};
use crate::error::Error;
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
    /// The same database as [`PatternDb::build`], by the first, simpler and slower search:
    /// a list of the states of each layer, and two flood fills of the gap's region for every
    /// successor. The slow twin the fast builder is tested against.
    ///
    /// # Complexity
    /// About 16·n!/(n−k)! successors, each with a flood fill and a rank: 2 to 3 times the
    /// time of [`PatternDb::build`] on one core, spread over all cores. Memory: the table,
    /// 2·n!/(n−k)! bytes of visited bits and the largest layer at 8 bytes a state.
    ///
    /// Errors: as [`PatternDb::build`].
    ///
    /// ```
    /// use unhop::sliding::PatternDb;
    /// let fast = PatternDb::build(3, 8, &[0, 1, 2], &mut |_, _| {}).unwrap();
    /// assert_eq!(PatternDb::exhaustive(3, 8, &[0, 1, 2]).unwrap(), fast);
    /// ```
    pub fn exhaustive(width: usize, gap_goal: u8, cells: &[u8]) -> Result<PatternDb, Error> {
        check(width, gap_goal, cells)?;
        let n = width * width;
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
        while !frontier.is_empty() {
            depth += 1;
            let next: Vec<Vec<Packed>> = frontier
                .par_chunks(CHUNK)
                .map(|chunk| {
                    let mut out = Vec::new();
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
                                    table[index].fetch_min(depth, Ordering::Relaxed);
                                    out.push(pack(&positions[..k], cell));
                                }
                            }
                            positions[i] = from as u8;
                        }
                    }
                    out
                })
                .collect();
            frontier = next.into_iter().flatten().collect();
        }
        Ok(PatternDb {
            width: width as u8,
            gap_goal,
            cells: cells.to_vec(),
            factors,
            table: table.into_iter().map(AtomicU8::into_inner).collect(),
        })
    }
}
