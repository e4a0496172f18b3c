//! Lower bounds on the number of slides still needed: Manhattan distance and linear conflicts.
//!
//! A [`Heuristic`] is admissible (never above the true distance), which is what makes the
//! first solution IDA* finds a shortest one. The pattern databases of
//! [`AdditivePdbs`](super::AdditivePdbs) are the other implementation.

use super::state::{Geometry, State};

/// An admissible estimate of the slides from a [`State`] to the goal, updated as tiles move.
pub trait Heuristic: Sync {
    /// Whatever the heuristic keeps between a state and its successor.
    type Memo: Copy;
    /// The estimate of `state` from scratch, with its memo.
    fn evaluate(&self, state: &State) -> (u32, Self::Memo);
    /// The estimate after the tile `label` slid from cell `from` to cell `to`; `state` is the
    /// state after the slide and `memo` the memo of the state before it.
    fn update(
        &self,
        state: &State,
        memo: Self::Memo,
        label: u8,
        from: u8,
        to: u8,
    ) -> (u32, Self::Memo);
}

/// The sum over tiles of the rows plus columns between a tile and its goal cell. Each slide
/// moves one tile one cell, so this never overestimates. O(1) per slide.
///
/// ```
/// use unhop::sliding::{Board, Heuristic, Manhattan, State};
/// let board: Board = "8 6 7 2 5 4 3 0 1".parse().unwrap();
/// let state = State::new(&board, &Board::solved(3, false));
/// assert_eq!(Manhattan::new(3).evaluate(&state).0, 21);
/// ```
#[derive(Clone, Debug)]
pub struct Manhattan {
    geometry: Geometry,
}

impl Manhattan {
    /// For boards of the given width (3 or 4).
    pub fn new(width: usize) -> Manhattan {
        Manhattan {
            geometry: Geometry::new(width),
        }
    }
}

/// The Manhattan distance of `state` from its goal.
fn manhattan(geometry: &Geometry, state: &State) -> u32 {
    (0..state.len)
        .filter(|&l| l != state.gap_label)
        .map(|l| geometry.distance[l as usize][state.pos[l as usize] as usize] as u32)
        .sum()
}

impl Heuristic for Manhattan {
    type Memo = u32;
    fn evaluate(&self, state: &State) -> (u32, u32) {
        let h = manhattan(&self.geometry, state);
        (h, h)
    }
    #[inline]
    fn update(&self, _: &State, memo: u32, label: u8, from: u8, to: u8) -> (u32, u32) {
        let d = &self.geometry.distance[label as usize];
        let h = memo + d[to as usize] as u32 - d[from as usize] as u32;
        (h, h)
    }
}

/// Manhattan distance plus linear conflicts: when tiles that belong in the same row (or
/// column) and already stand in it are in the wrong order, all but a longest correctly ordered
/// subsequence of them must leave the line and come back, two extra slides each. Still
/// admissible (Hansson, Mayer and Yung 1992). O(n²) per slide.
///
/// ```
/// use unhop::sliding::{Board, Heuristic, LinearConflict, State};
/// // 2 and 1 block each other in the top row: Manhattan 2, plus 2.
/// let board: Board = "2 1 3 4 5 6 7 8 0".parse().unwrap();
/// let state = State::new(&board, &Board::solved(3, false));
/// assert_eq!(LinearConflict::new(3).evaluate(&state).0, 4);
/// ```
#[derive(Clone, Debug)]
pub struct LinearConflict {
    geometry: Geometry,
}

impl LinearConflict {
    /// For boards of the given width (3 or 4).
    pub fn new(width: usize) -> LinearConflict {
        LinearConflict {
            geometry: Geometry::new(width),
        }
    }

    /// Twice the tiles that must leave their line, over all rows and columns.
    fn conflicts(&self, state: &State) -> u32 {
        let w = self.geometry.width as usize;
        let mut extra = 0;
        for line in 0..w {
            // Row `line`: tiles of that goal row, their goal columns in current order.
            let mut row = [0u8; 4];
            let mut col = [0u8; 4];
            let (mut nr, mut nc) = (0, 0);
            for k in 0..w {
                let in_row = state.cells[line * w + k];
                if in_row != state.gap_label && in_row as usize / w == line {
                    row[nr] = in_row % w as u8;
                    nr += 1;
                }
                let in_col = state.cells[k * w + line];
                if in_col != state.gap_label && in_col as usize % w == line {
                    col[nc] = in_col / w as u8;
                    nc += 1;
                }
            }
            extra += nr - longest_increasing(&row[..nr]);
            extra += nc - longest_increasing(&col[..nc]);
        }
        2 * extra as u32
    }
}

/// The length of a longest strictly increasing subsequence. O(k²) for k ≤ 4 values.
fn longest_increasing(values: &[u8]) -> usize {
    let mut best = [1usize; 4];
    for i in 0..values.len() {
        for j in 0..i {
            if values[j] < values[i] {
                best[i] = best[i].max(best[j] + 1);
            }
        }
    }
    best[..values.len()].iter().copied().max().unwrap_or(0)
}

impl Heuristic for LinearConflict {
    type Memo = u32;
    fn evaluate(&self, state: &State) -> (u32, u32) {
        let md = manhattan(&self.geometry, state);
        (md + self.conflicts(state), md)
    }
    #[inline]
    fn update(&self, state: &State, md: u32, label: u8, from: u8, to: u8) -> (u32, u32) {
        let d = &self.geometry.distance[label as usize];
        let md = md + d[to as usize] as u32 - d[from as usize] as u32;
        (md + self.conflicts(state), md)
    }
}
