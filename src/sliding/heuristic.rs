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
    ///
    /// # Complexity
    /// O(n⁴) for width n: the table of distances between cells.
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
/// admissible (Hansson, Mayer and Yung 1992). O(n) per slide: two lines are looked at again.
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
    ///
    /// # Complexity
    /// O(n⁴) for width n: the table of distances between cells.
    pub fn new(width: usize) -> LinearConflict {
        LinearConflict {
            geometry: Geometry::new(width),
        }
    }

    /// The tiles that must leave line `line`: rows are lines `0..w`, columns `w..2w`.
    fn conflicts_in(&self, state: &State, line: usize) -> u8 {
        let w = self.geometry.width as usize;
        let (is_row, k) = (line < w, line % w);
        let mut order = [0u8; 4];
        let mut count = 0;
        for i in 0..w {
            let cell = if is_row { k * w + i } else { i * w + k };
            let label = state.cells[cell];
            let (home_line, home_place) = match is_row {
                true => (label as usize / w, label % w as u8),
                false => (label as usize % w, label / w as u8),
            };
            if label != state.gap_label && home_line == k {
                order[count] = home_place;
                count += 1;
            }
        }
        (count - longest_increasing(&order[..count])) as u8
    }
}

/// The memo of [`LinearConflict`]: the Manhattan distance and the tiles each line must lose.
#[derive(Clone, Copy, Debug)]
pub struct ConflictMemo {
    manhattan: u32,
    lines: [u8; 8],
}

impl ConflictMemo {
    fn estimate(&self) -> u32 {
        self.manhattan + 2 * self.lines.iter().map(|&c| c as u32).sum::<u32>()
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
    type Memo = ConflictMemo;
    fn evaluate(&self, state: &State) -> (u32, ConflictMemo) {
        let mut memo = ConflictMemo {
            manhattan: manhattan(&self.geometry, state),
            lines: [0; 8],
        };
        for line in 0..2 * self.geometry.width as usize {
            memo.lines[line] = self.conflicts_in(state, line);
        }
        (memo.estimate(), memo)
    }
    /// Only the two lines the tile left and entered change: two rows for a vertical slide,
    /// two columns for a horizontal one.
    #[inline]
    fn update(
        &self,
        state: &State,
        mut memo: ConflictMemo,
        label: u8,
        from: u8,
        to: u8,
    ) -> (u32, ConflictMemo) {
        let d = &self.geometry.distance[label as usize];
        memo.manhattan = memo.manhattan + d[to as usize] as u32 - d[from as usize] as u32;
        let w = self.geometry.width;
        let lines = if from / w == to / w {
            [(w + from % w) as usize, (w + to % w) as usize]
        } else {
            [(from / w) as usize, (to / w) as usize]
        };
        for line in lines {
            memo.lines[line] = self.conflicts_in(state, line);
        }
        (memo.estimate(), memo)
    }
}
