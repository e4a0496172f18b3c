//! The leaf of the boards: positions, holes and their places, and the lines of three holes a
//! jump runs along (on a grid) or the paths of two edges (on a graph). It imports nothing
//! from the other board modules; symmetries, automorphisms and the [`Board`](super::Board)
//! itself are built on it.

use crate::Error;

/// The most holes a board may have: positions are bit-packed into one `u64`.
pub const MAX_HOLES: usize = 64;

/// A position: bit `i` is set when hole `i` holds a peg.
pub type Position = u64;

/// The kind of geometry a board has, which decides what a jump is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Geometry {
    /// Holes on a square grid; a jump goes two cells along a row or a column.
    Square,
    /// Holes on a triangular grid (rows of 1, 2, 3, … holes); a jump goes two cells along one
    /// of the three directions of the triangle.
    Triangle,
    /// Vertices of a graph; a peg at x jumps over a peg at y into an empty z along a path
    /// x–y–z of two edges (x ≠ z).
    Graph,
}

/// One jump: the peg in `from` jumps over the peg in `over` into the empty hole `to`, and the
/// peg in `over` is removed. Holes are indices into the board's hole list.
///
/// ```
/// use unhop::boards::Jump;
/// let jump = Jump { from: 0, over: 1, to: 2 };
/// assert!(jump.is_legal(0b011));
/// assert!(!jump.is_legal(0b111));
/// assert_eq!(jump.apply(0b011), 0b100);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Jump {
    /// The hole the jumping peg leaves.
    pub from: u8,
    /// The hole of the peg jumped over and removed.
    pub over: u8,
    /// The empty hole the peg lands in.
    pub to: u8,
}

impl Jump {
    /// The holes that must hold a peg before the jump (`from` and `over`).
    pub fn pegs_needed(self) -> Position {
        1 << self.from | 1 << self.over
    }

    /// Whether the jump can be made in `position`.
    pub fn is_legal(self, position: Position) -> bool {
        position & self.pegs_needed() == self.pegs_needed() && position & 1 << self.to == 0
    }

    /// The position after the jump (assumes it is legal).
    pub fn apply(self, position: Position) -> Position {
        position ^ (self.pegs_needed() | 1 << self.to)
    }
}

/// The jumps along every line of three holes of a grid whose holes are at `coords`, sorted in
/// reading order: two cells along a row or a column (square), or along one of the three
/// directions of a triangle. Costs O(h · d · log h) for h holes and d directions.
pub(crate) fn grid_jumps(geometry: Geometry, coords: &[(i32, i32)]) -> Vec<Jump> {
    let index = |place: (i32, i32)| coords.binary_search(&place).ok();
    let directions: &[(i32, i32)] = match geometry {
        Geometry::Square => &[(0, 1), (0, -1), (1, 0), (-1, 0)],
        _ => &[(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1)],
    };
    let mut jumps = Vec::new();
    for (from, &(r, c)) in coords.iter().enumerate() {
        for &(dr, dc) in directions {
            if let (Some(over), Some(to)) =
                (index((r + dr, c + dc)), index((r + 2 * dr, c + 2 * dc)))
            {
                jumps.push(Jump {
                    from: from as u8,
                    over: over as u8,
                    to: to as u8,
                });
            }
        }
    }
    jumps
}

/// The edges (each once, lower index first, no loops) and the jumps (every path x–y–z of two
/// edges, x ≠ z) of the graph on `n` vertices with these edges (repeats merged). Costs
/// O(n² + n · Δ²) for largest degree Δ.
pub(crate) fn graph_jumps(n: usize, edges: &[(usize, usize)]) -> (Vec<(u8, u8)>, Vec<Jump>) {
    let mut adjacent = vec![vec![false; n]; n];
    for &(a, b) in edges {
        adjacent[a][b] = true;
        adjacent[b][a] = true;
    }
    let mut jumps = Vec::new();
    let mut edge_list = Vec::new();
    for (x, row) in adjacent.iter().enumerate() {
        for (y, _) in row.iter().enumerate().filter(|(_, a)| **a) {
            if x < y {
                edge_list.push((x as u8, y as u8));
            }
            for (z, _) in adjacent[y]
                .iter()
                .enumerate()
                .filter(|(z, a)| **a && *z != x)
            {
                jumps.push(Jump {
                    from: x as u8,
                    over: y as u8,
                    to: z as u8,
                });
            }
        }
    }
    (edge_list, jumps)
}

/// Refuses a board with no holes or more than [`MAX_HOLES`].
pub(crate) fn check_size(name: &str, holes: usize) -> Result<(), Error> {
    let name = crate::quote(name);
    if holes == 0 {
        return Err(Error::new(format!("the board {name} has no holes")));
    }
    if holes > MAX_HOLES {
        return Err(Error::new(format!(
            "the board {name} has {holes} holes; at most {MAX_HOLES} are supported (positions are 64-bit)"
        )));
    }
    Ok(())
}

/// Chess-like names: column letter from the leftmost hole, row number from the top row.
pub(crate) fn square_names(coords: &[(i32, i32)]) -> Vec<String> {
    let top = coords.iter().map(|c| c.0).min().unwrap_or(0);
    let left = coords.iter().map(|c| c.1).min().unwrap_or(0);
    coords
        .iter()
        .map(|&(r, c)| {
            let column = (c - left) as u32;
            let letter = if column < 26 {
                char::from(b'a' + column as u8).to_string()
            } else {
                format!("c{}-", column + 1)
            };
            format!("{letter}{}", r - top + 1)
        })
        .collect()
}
