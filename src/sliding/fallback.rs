//! The fast method when the optimal search runs out of time: one row, then one column, then
//! the remaining 3×3 optimally. The result is short but not proven shortest.
//!
//! Each stage is a breadth-first search in which only the tiles of that stage are told
//! apart (the others are interchangeable) and the cells finished earlier are locked: at most
//! 16·15·14·13·12 = 524,160 states for the first row, 9! = 362,880 for the last 3×3. The row
//! and column are the ones away from the goal's gap, so the gap's goal cell is in the last
//! 3×3. On the 8-puzzle the single stage is the whole board, so the answer is optimal.
//!
//! It runs under a [`Budget`]: the states of its stages and the memory of the largest are
//! admitted before it starts ([`fallback_estimate`]), and each stage's tables are allocated
//! fallibly.

use super::pdb::placements;
use super::state::{Geometry, State};
use crate::budget::{Budget, Estimate, Meter, WorkUnit};
use crate::error::Error;
use rustc_hash::FxHashMap;
use std::collections::VecDeque;

/// The unit of the fallback's work: the states its breadth-first searches take from their
/// queues, 10,000,000 unless the budget says otherwise (a 15-puzzle needs at most 898,920,
/// in well under a second).
pub const FALLBACK_STATES: WorkUnit = WorkUnit {
    name: "states",
    default_limit: 10_000_000,
};

/// The bytes a stage allocates for each state it may reach: its entry in the table of parents
/// (24 bytes and a control byte, in a table of at most 16/7 times as many slots as states)
/// and its place in the queue (8 bytes), rounded up.
const BYTES_PER_STATE: u128 = 72;

/// Bytes a run allocates besides its tables: the stages' cells and the path.
const SMALL_BYTES: u128 = 16 << 10;

/// A state of one stage: 4 bits per target tile's cell, then the gap's cell.
type Key = u64;

fn key(state: &State, targets: &[u8]) -> Key {
    let mut k = state.gap() as u64;
    for (i, &t) in targets.iter().enumerate() {
        k |= (state.pos[t as usize] as u64) << (4 * (i + 1));
    }
    k
}

/// One stage: the cells it may not touch, and the labels it brings home.
struct Stage {
    locked: u32,
    targets: Vec<u8>,
}

impl Stage {
    /// The most states the stage can reach on a board of `cells` cells: the placements of
    /// its targets and the gap on the cells not locked.
    fn states(&self, cells: u8) -> usize {
        let free = cells as usize - self.locked.count_ones() as usize;
        placements(free, self.targets.len() + 1)
    }
}

/// The stages of `state`: the whole board on 3×3; on 4×4 the row and then the column away
/// from the goal's gap, then the 3×3 left.
fn stages(state: &State) -> Vec<Stage> {
    let all: Vec<u8> = (0..state.len).filter(|&l| l != state.gap_label).collect();
    if state.len == 9 {
        return vec![Stage {
            locked: 0,
            targets: all,
        }];
    }
    let (gap_row, gap_col) = (state.gap_label as usize / 4, state.gap_label as usize % 4);
    let row = if gap_row == 0 { 3 } else { 0 };
    let col = if gap_col == 0 { 3 } else { 0 };
    let row_cells: Vec<u8> = (0..4).map(|c| (row * 4 + c) as u8).collect();
    let col_cells: Vec<u8> = (0..4)
        .filter(|&r| r != row)
        .map(|r| (r * 4 + col) as u8)
        .collect();
    let row_locked: u32 = row_cells.iter().map(|&c| 1u32 << c).sum();
    let locked = row_locked | col_cells.iter().map(|&c| 1u32 << c).sum::<u32>();
    let rest: Vec<u8> = all
        .into_iter()
        .filter(|&l| locked & (1 << l) == 0)
        .collect();
    vec![
        Stage {
            locked: 0,
            targets: row_cells,
        },
        Stage {
            locked: row_locked,
            targets: col_cells,
        },
        Stage {
            locked,
            targets: rest,
        },
    ]
}

/// What [`fallback`] needs for `state`: the states of its stages, and the tables of the
/// largest stage. O(1).
///
/// # Complexity
/// O(1).
///
/// # Examples
///
/// ```
/// use unhop::sliding::{Board, State, fallback_estimate};
/// let state = State::new(&Board::solved(4, false), &Board::solved(4, false));
/// assert_eq!(fallback_estimate(&state).work, 524_160 + 11_880 + 362_880);
/// ```
pub fn fallback_estimate(state: &State) -> Estimate {
    let stages = stages(state);
    let states = |s: &Stage| s.states(state.len) as u128;
    Estimate {
        what: "the fast method (row, column, then the last 3×3)".into(),
        unit: FALLBACK_STATES,
        work: stages.iter().map(states).sum(),
        bytes: stages.iter().map(states).max().unwrap_or(0) * BYTES_PER_STATE + SMALL_BYTES,
    }
}

/// Slides tiles, never into or out of a locked cell, until every label of the stage's targets
/// is home; returns the cells whose tiles slid, in order, and applies them to `state`. Its
/// tables are held by `meter` and allocated fallibly; the states taken from the queue are
/// charged to it. Errors: the stage cannot be finished (the state cannot reach its goal).
fn place(
    state: &mut State,
    geometry: &Geometry,
    stage: &Stage,
    meter: &Meter,
) -> Result<Vec<u8>, Error> {
    let targets = &stage.targets;
    let home = |k: Key| {
        targets
            .iter()
            .enumerate()
            .all(|(i, &t)| (k >> (4 * (i + 1))) & 15 == t as u64)
    };
    let most = stage.states(state.len);
    let bytes = most as u128 * BYTES_PER_STATE;
    meter.hold(bytes as u64)?;
    let failed = |_| crate::memory::allocation_failed(bytes, "the fast method");
    let start = key(state, targets);
    // For each state reached: the state it came from and the cell that slid.
    let mut parent: FxHashMap<Key, (Key, u8)> = FxHashMap::default();
    parent.try_reserve(most).map_err(failed)?;
    parent.insert(start, (start, u8::MAX));
    let mut queue = VecDeque::new();
    queue.try_reserve_exact(most).map_err(failed)?;
    queue.push_back(start);
    let mut reached = None;
    let mut taken = 0u64;
    while let Some(k) = queue.pop_front() {
        taken += 1;
        if home(k) {
            reached = Some(k);
            break;
        }
        let gap = (k & 15) as u8;
        for &next in geometry.neighbours_of(gap) {
            if stage.locked & (1 << next) != 0 {
                continue;
            }
            // The tile in `next` (a target or an anonymous one) moves into the gap.
            let mut moved = (k & !15) | next as u64;
            for i in 0..targets.len() {
                let shift = 4 * (i + 1);
                if (k >> shift) & 15 == next as u64 {
                    moved = (moved & !(15 << shift)) | (gap as u64) << shift;
                }
            }
            parent.entry(moved).or_insert_with(|| {
                queue.push_back(moved);
                (k, next)
            });
        }
    }
    meter.charge(taken)?;
    let Some(mut k) = reached else {
        return Err(Error::new(
            "the fast method cannot bring the tiles home: the board cannot reach its goal",
        ));
    };
    let mut path = Vec::new();
    while k != start {
        let (before, cell) = parent[&k];
        path.push(cell);
        k = before;
    }
    path.reverse();
    for &cell in &path {
        state.slide_from(cell);
    }
    drop((parent, queue));
    meter.release(bytes as u64);
    Ok(path)
}

/// A solution of a solvable `state` (the cells whose tiles slide, in order) and whether it
/// is proven shortest (only when one stage covered the whole board, as on the 8-puzzle),
/// under `budget` ([`fallback_estimate`] is admitted first).
///
/// # Complexity
/// Three breadth-first searches of at most 524,160 states, well under a second; 38 MB at
/// most for the tables of the largest.
///
/// Errors: a refusal when the estimate is over the budget; a state that cannot reach its
/// goal.
///
/// # Examples
///
/// ```
/// use unhop::{budget::Budget, sliding::{Board, State, fallback}};
/// // The first of Korf's 100 instances (goal with the gap first), 57 slides at best.
/// let board: Board = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3".parse().unwrap();
/// let state = State::new(&board, &Board::solved(4, true));
/// let (path, proven) = fallback(&state, &Budget::default()).unwrap();
/// assert!(!proven && path.len() >= 57 && path.len() < 200);
/// ```
pub fn fallback(state: &State, budget: &Budget) -> Result<(Vec<u8>, bool), Error> {
    let meter = budget.admit_estimate(&fallback_estimate(state))?;
    let geometry = Geometry::new(if state.len == 9 { 3 } else { 4 });
    let stages = stages(state);
    let mut now = *state;
    let mut path = Vec::new();
    for stage in &stages {
        path.extend(place(&mut now, &geometry, stage, &meter)?);
    }
    Ok((path, stages.len() == 1))
}
