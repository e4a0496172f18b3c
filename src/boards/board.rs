//! A board: its holes, their names and places, the jumps between them and its symmetries.

use super::automorphisms::{Automorphisms, SYMMETRY_CAP};
use super::symmetry::SymmetryGroup;
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Jump {
    pub from: u8,
    pub over: u8,
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

/// A peg-solitaire board. Holes are numbered in reading order (row by row, left to right) for
/// grid boards and in order of first appearance for graphs.
///
/// Building a board costs O(h · d) for h holes and d jump directions (O(h · Δ²) for a graph of
/// largest degree Δ), plus O(8 · h) to find a grid board's symmetries.
///
/// ```
/// use unhop::boards::Board;
/// let english = Board::named("english").unwrap();
/// assert_eq!(english.holes(), 33);
/// assert_eq!(english.jumps().len(), 76);
/// assert_eq!(english.symmetries().order(), 8);
/// assert_eq!(english.hole_name(16), "d4");
/// ```
#[derive(Clone, Debug)]
pub struct Board {
    pub(crate) name: String,
    pub(crate) geometry: Geometry,
    /// (row, column) of each hole for grid boards; (0, i) for graph vertices.
    pub(crate) coords: Vec<(i32, i32)>,
    pub(crate) names: Vec<String>,
    /// The edges of a graph board (empty for grid boards).
    pub(crate) edges: Vec<(u8, u8)>,
    pub(crate) jumps: Vec<Jump>,
    pub(crate) symmetries: SymmetryGroup,
    /// The whole symmetry group, of which `symmetries` is all or (graphs) a subgroup.
    pub(crate) automorphisms: Automorphisms,
    /// The start drawn in a picture, if the board came from one with empty holes.
    pub(crate) drawn_start: Option<Position>,
}

impl Board {
    /// A grid board from the (row, column) places of its holes, in any order; they are
    /// sorted into reading order. Errors when there are no holes or more than [`MAX_HOLES`].
    pub(crate) fn grid(
        name: &str,
        geometry: Geometry,
        mut coords: Vec<(i32, i32)>,
    ) -> Result<Board, Error> {
        coords.sort_unstable();
        coords.dedup();
        check_size(name, coords.len())?;
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
        let names = match geometry {
            Geometry::Square => square_names(&coords),
            _ => (1..=coords.len()).map(|i| i.to_string()).collect(),
        };
        let symmetries = SymmetryGroup::of_grid(geometry, &coords);
        let automorphisms = Automorphisms::from_elements(coords.len(), symmetries.permutations());
        Ok(Board {
            name: name.to_string(),
            geometry,
            coords,
            names,
            edges: Vec::new(),
            jumps,
            symmetries,
            automorphisms,
            drawn_start: None,
        })
    }

    /// A graph board from vertex names and edges between their indices (no loops; repeated
    /// edges are merged). Its symmetries are the graph's automorphisms ([`Automorphisms`]),
    /// all of them when there are at most [`SYMMETRY_CAP`], else a subgroup of at most that
    /// many ([`Automorphisms::subgroup`]).
    pub(crate) fn graph(
        name: &str,
        names: Vec<String>,
        edges: &[(usize, usize)],
    ) -> Result<Board, Error> {
        check_size(name, names.len())?;
        let n = names.len();
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
        let automorphisms = Automorphisms::of_graph(n, &edge_list);
        let symmetries = SymmetryGroup::from_permutations(automorphisms.subgroup(SYMMETRY_CAP));
        Ok(Board {
            name: name.to_string(),
            geometry: Geometry::Graph,
            coords: (0..n as i32).map(|i| (0, i)).collect(),
            names,
            edges: edge_list,
            jumps,
            symmetries,
            automorphisms,
            drawn_start: None,
        })
    }

    /// The board's name (a named board's name, a file name, or a graph description).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The geometry, which decides what a jump is.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The number of holes.
    pub fn holes(&self) -> usize {
        self.names.len()
    }

    /// Every jump of the board, whatever the position.
    pub fn jumps(&self) -> &[Jump] {
        &self.jumps
    }

    /// The symmetries the solver and the counts use: the whole symmetry group, except on a
    /// graph whose automorphism group has more than [`SYMMETRY_CAP`] elements, where it is a
    /// subgroup (closed under composition) of at most that many.
    pub fn symmetries(&self) -> &SymmetryGroup {
        &self.symmetries
    }

    /// The whole symmetry group of the board (a graph's automorphism group), with its exact
    /// order and the orbits of the holes.
    ///
    /// ```
    /// use unhop::boards::Board;
    /// let k8 = Board::named("complete:8").unwrap();
    /// assert_eq!(k8.automorphisms().order().to_string(), "40320"); // 8!
    /// assert_eq!(k8.symmetries().order(), 120); // the permutations fixing three vertices
    /// ```
    pub fn automorphisms(&self) -> &Automorphisms {
        &self.automorphisms
    }

    /// The name of hole `i`: column letter and row number from the top (`d4`) on square
    /// grids, 1-based numbers in reading order on triangles, vertex names on graphs.
    pub fn hole_name(&self, i: usize) -> &str {
        &self.names[i]
    }

    /// The hole with this name, if any.
    pub fn hole_named(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    /// The (row, column) place of hole `i` (grid boards; (0, i) on graphs).
    pub fn place(&self, i: usize) -> (i32, i32) {
        self.coords[i]
    }

    /// The edges of a graph board as pairs of vertex indices (empty on grid boards).
    pub fn edges(&self) -> &[(u8, u8)] {
        &self.edges
    }

    /// The position with a peg in every hole.
    pub fn full(&self) -> Position {
        if self.holes() == 64 {
            u64::MAX
        } else {
            (1u64 << self.holes()) - 1
        }
    }

    /// The hole fixed by every symmetry of a grid board with one, if there is exactly one
    /// such hole: `d4` on the English board.
    pub fn centre(&self) -> Option<usize> {
        if self.geometry == Geometry::Graph {
            return None;
        }
        let fixed: Vec<usize> = (0..self.holes())
            .filter(|&h| {
                self.symmetries
                    .permutations()
                    .iter()
                    .all(|p| p[h] as usize == h)
            })
            .collect();
        match fixed.as_slice() {
            [h] if self.symmetries.order() > 1 => Some(*h),
            _ => None,
        }
    }

    /// The start a picture drew, if it drew any empty hole.
    pub fn drawn_start(&self) -> Option<Position> {
        self.drawn_start
    }

    /// The jump in the usual notation: `from-to` with hole names (`d2-d4`).
    pub fn jump_name(&self, jump: Jump) -> String {
        match self.geometry {
            Geometry::Graph => format!(
                "{}-{}-{}",
                self.names[jump.from as usize],
                self.names[jump.over as usize],
                self.names[jump.to as usize]
            ),
            _ => format!(
                "{}-{}",
                self.names[jump.from as usize], self.names[jump.to as usize]
            ),
        }
    }
}

fn check_size(name: &str, holes: usize) -> Result<(), Error> {
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
fn square_names(coords: &[(i32, i32)]) -> Vec<String> {
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
