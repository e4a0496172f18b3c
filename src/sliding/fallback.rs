//! The fast method when the optimal search runs out of time: one row, then one column, then
//! the remaining 3×3 optimally. The result is short but not proven shortest.
//!
//! Each stage is a breadth-first search in which only the tiles of that stage are told
//! apart (the others are interchangeable) and the cells finished earlier are locked: at most
//! 16·15·14·13·12 = 524,160 states for the first row, 181,440 for the last 3×3. The row and
//! column are the ones away from the goal's gap, so the gap's goal cell is in the last 3×3.
//! On the 8-puzzle the single stage is the whole board, so the answer is optimal.

use super::state::{Geometry, State};
use rustc_hash::FxHashMap;
use std::collections::VecDeque;

/// A state of one stage: 4 bits per target tile's cell, then the gap's cell.
type Key = u64;

fn key(state: &State, targets: &[u8]) -> Key {
    let mut k = state.gap() as u64;
    for (i, &t) in targets.iter().enumerate() {
        k |= (state.pos[t as usize] as u64) << (4 * (i + 1));
    }
    k
}

/// Slides tiles, never into or out of a `locked` cell, until every label of `targets` is
/// home; returns the cells whose tiles slid, in order, and applies them to `state`. The
/// stage must be solvable (every stage of [`fallback`] is, on a solvable board).
fn place(state: &mut State, geometry: &Geometry, locked: u32, targets: &[u8]) -> Vec<u8> {
    let home = |k: Key| {
        targets
            .iter()
            .enumerate()
            .all(|(i, &t)| (k >> (4 * (i + 1))) & 15 == t as u64)
    };
    let start = key(state, targets);
    // For each state reached: the state it came from and the cell that slid.
    let mut parent: FxHashMap<Key, (Key, u8)> = FxHashMap::default();
    parent.insert(start, (start, u8::MAX));
    let mut queue = VecDeque::from([start]);
    let mut reached = None;
    while let Some(k) = queue.pop_front() {
        if home(k) {
            reached = Some(k);
            break;
        }
        let gap = (k & 15) as u8;
        for &next in geometry.neighbours_of(gap) {
            if locked & (1 << next) != 0 {
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
    let mut path = Vec::new();
    let mut k = reached.expect("every stage of a solvable board can be finished");
    while k != start {
        let (before, cell) = parent[&k];
        path.push(cell);
        k = before;
    }
    path.reverse();
    for &cell in &path {
        state.slide_from(cell);
    }
    path
}

/// A solution of a solvable `state` (the cells whose tiles slide, in order) and whether it
/// is proven shortest (only when one stage covered the whole board, as on the 8-puzzle).
/// Time: three breadth-first searches of at most 524,160 states, well under a second.
///
/// ```
/// use unhop::sliding::{Board, State, fallback};
/// // The first of Korf's 100 instances (goal with the gap first), 57 slides at best.
/// let board: Board = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3".parse().unwrap();
/// let state = State::new(&board, &Board::solved(4, true));
/// let (path, proven) = fallback(&state);
/// assert!(!proven && path.len() >= 57 && path.len() < 200);
/// ```
pub fn fallback(state: &State) -> (Vec<u8>, bool) {
    let width = (state.len as f64).sqrt() as usize;
    let geometry = Geometry::new(width);
    let mut now = *state;
    let all: Vec<u8> = (0..state.len).filter(|&l| l != state.gap_label).collect();
    if width == 3 {
        return (place(&mut now, &geometry, 0, &all), true);
    }
    let (gap_row, gap_col) = (state.gap_label as usize / 4, state.gap_label as usize % 4);
    let row = if gap_row == 0 { 3 } else { 0 };
    let col = if gap_col == 0 { 3 } else { 0 };
    let row_cells: Vec<u8> = (0..4).map(|c| (row * 4 + c) as u8).collect();
    let col_cells: Vec<u8> = (0..4)
        .filter(|&r| r != row)
        .map(|r| (r * 4 + col) as u8)
        .collect();
    let mut path = place(&mut now, &geometry, 0, &row_cells);
    let mut locked: u32 = row_cells.iter().map(|&c| 1u32 << c).sum();
    path.extend(place(&mut now, &geometry, locked, &col_cells));
    locked |= col_cells.iter().map(|&c| 1u32 << c).sum::<u32>();
    let rest: Vec<u8> = all
        .into_iter()
        .filter(|&l| locked & (1 << l) == 0)
        .collect();
    path.extend(place(&mut now, &geometry, locked, &rest));
    (path, false)
}
