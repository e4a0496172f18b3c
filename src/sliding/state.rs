//! The searches' view of a board: every tile renamed after its goal cell.
//!
//! A tile's *label* is the cell it occupies in the goal, and the gap's label is the goal's gap
//! cell. In these labels every goal is the identity (`cells[i] == i`), so heuristics and
//! pattern databases depend only on the width and the goal's gap cell, not on how the tiles
//! are numbered.

use super::Board;
use super::board::MAX_CELLS;

/// Cell adjacency of a square board, and the Manhattan distance between any two cells.
#[derive(Clone, Debug)]
pub struct Geometry {
    /// Tiles in a row.
    pub width: u8,
    /// `width²`.
    pub cells: u8,
    /// The cells next to each cell (the first `degree[c]` entries count).
    pub neighbours: [[u8; 4]; MAX_CELLS],
    /// How many neighbours each cell has (2, 3 or 4).
    pub degree: [u8; MAX_CELLS],
    /// `distance[a][b]`: rows plus columns between cells `a` and `b`.
    pub distance: [[u8; MAX_CELLS]; MAX_CELLS],
}

impl Geometry {
    /// The geometry of a `width × width` board (`width` ≤ 4).
    ///
    /// # Complexity
    ///
    /// O(width⁴) time, at most 256 distances; no allocation (fixed arrays for 16 cells, 338 bytes).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::sliding::Geometry;
    /// let g = Geometry::new(3);
    /// assert_eq!(g.cells, 9);
    /// assert_eq!(g.neighbours_of(4), [1, 3, 5, 7]); // the centre
    /// assert_eq!((g.degree[0], g.distance[0][8]), (2, 4));
    /// ```
    pub fn new(width: usize) -> Geometry {
        let w = width as i32;
        let mut neighbours = [[0u8; 4]; MAX_CELLS];
        let mut degree = [0u8; MAX_CELLS];
        let mut distance = [[0u8; MAX_CELLS]; MAX_CELLS];
        for a in 0..w * w {
            let (r, c) = (a / w, a % w);
            for (dr, dc) in [(-1, 0), (0, -1), (0, 1), (1, 0)] {
                let (nr, nc) = (r + dr, c + dc);
                if (0..w).contains(&nr) && (0..w).contains(&nc) {
                    let k = &mut degree[a as usize];
                    neighbours[a as usize][*k as usize] = (nr * w + nc) as u8;
                    *k += 1;
                }
            }
            for b in 0..w * w {
                distance[a as usize][b as usize] = ((r - b / w).abs() + (c - b % w).abs()) as u8;
            }
        }
        Geometry {
            width: width as u8,
            cells: (width * width) as u8,
            neighbours,
            degree,
            distance,
        }
    }

    /// The neighbours of `cell`.
    pub fn neighbours_of(&self, cell: u8) -> &[u8] {
        &self.neighbours[cell as usize][..self.degree[cell as usize] as usize]
    }
}

/// A position in labels: `cells[c]` is the label in cell `c`, `pos[l]` the cell of label `l`;
/// the gap's label is `gap_label`. The goal is `cells[c] == c` for every cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// The label in each cell.
    pub cells: [u8; MAX_CELLS],
    /// The cell of each label.
    pub pos: [u8; MAX_CELLS],
    /// The goal cell of the gap, which is the gap's label.
    pub gap_label: u8,
    /// Number of cells.
    pub len: u8,
}

impl State {
    /// `board` in the labels of `goal` (same width, both valid boards).
    ///
    /// # Complexity
    ///
    /// O(n) time for n cells (one pass over each board); no allocation (fixed arrays for 16
    /// cells).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::sliding::{Board, State};
    /// let goal = Board::solved(3, false);
    /// assert!(State::new(&goal, &goal).is_goal());
    /// let state = State::new(&"1 2 3 4 5 6 7 _ 8".parse().unwrap(), &goal);
    /// assert!(!state.is_goal());
    /// assert_eq!(state.gap(), 7); // the gap's cell
    /// ```
    pub fn new(board: &Board, goal: &Board) -> State {
        let n = board.len();
        let mut goal_cell_of_tile = [0u8; MAX_CELLS];
        for (cell, &tile) in goal.cells().iter().enumerate() {
            goal_cell_of_tile[tile as usize] = cell as u8;
        }
        let mut cells = [0u8; MAX_CELLS];
        let mut pos = [0u8; MAX_CELLS];
        for (cell, &tile) in board.cells().iter().enumerate() {
            let label = goal_cell_of_tile[tile as usize];
            cells[cell] = label;
            pos[label as usize] = cell as u8;
        }
        State {
            cells,
            pos,
            gap_label: goal_cell_of_tile[0],
            len: n as u8,
        }
    }

    /// The cell the gap is in.
    #[inline]
    pub fn gap(&self) -> u8 {
        self.pos[self.gap_label as usize]
    }

    /// Slides the tile in `cell` (next to the gap) into the gap; returns its label. O(1).
    #[inline]
    pub fn slide_from(&mut self, cell: u8) -> u8 {
        let gap = self.gap();
        let label = self.cells[cell as usize];
        self.cells[gap as usize] = label;
        self.cells[cell as usize] = self.gap_label;
        self.pos[label as usize] = gap;
        self.pos[self.gap_label as usize] = cell;
        label
    }

    /// Whether every label is in its own cell.
    pub fn is_goal(&self) -> bool {
        (0..self.len).all(|c| self.cells[c as usize] == c)
    }
}
