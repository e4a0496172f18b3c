//! A board: its holes, their names and places, the jumps between them and its symmetries.

use super::automorphisms::{Automorphisms, SYMMETRY_CAP};
use super::geometry::{
    Geometry, Jump, Position, check_size, graph_jumps, grid_jumps, square_names,
};
use super::symmetry::SymmetryGroup;
use crate::Error;
use crate::budget::Budget;

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
    /// sorted into reading order. Errors when there are no holes or more than
    /// [`MAX_HOLES`](super::MAX_HOLES).
    pub(crate) fn grid(
        name: &str,
        geometry: Geometry,
        mut coords: Vec<(i32, i32)>,
    ) -> Result<Board, Error> {
        coords.sort_unstable();
        coords.dedup();
        check_size(name, coords.len())?;
        let jumps = grid_jumps(geometry, &coords);
        let names = match geometry {
            Geometry::Square => square_names(&coords),
            _ => (1..=coords.len()).map(|i| i.to_string()).collect(),
        };
        let symmetries = SymmetryGroup::of_grid(geometry, &coords);
        let automorphisms = Automorphisms::from_elements(coords.len(), symmetries.permutations());
        Ok(Board {
            name: shown(name),
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

    /// A graph board from vertex names (kept escaped, [`shown`]) and edges between their
    /// indices (no loops; repeated edges are merged). Its symmetries are the graph's
    /// automorphisms ([`Automorphisms`], found under `budget`), all of them when there are at
    /// most [`SYMMETRY_CAP`], else a subgroup of at most that many
    /// ([`Automorphisms::subgroup`]).
    pub(crate) fn graph(
        name: &str,
        names: Vec<String>,
        edges: &[(usize, usize)],
        budget: &Budget,
    ) -> Result<Board, Error> {
        check_size(name, names.len())?;
        let n = names.len();
        let (edge_list, jumps) = graph_jumps(n, edges);
        let automorphisms = Automorphisms::of_graph(n, &edge_list, budget)?;
        let symmetries = SymmetryGroup::from_permutations(automorphisms.subgroup(SYMMETRY_CAP));
        Ok(Board {
            name: shown(name),
            geometry: Geometry::Graph,
            coords: (0..n as i32).map(|i| (0, i)).collect(),
            names: names.iter().map(|n| shown(n)).collect(),
            edges: edge_list,
            jumps,
            symmetries,
            automorphisms,
            drawn_start: None,
        })
    }

    /// The board's name (a named board's name, a file name, or a graph description), its
    /// control characters escaped as in messages (`\x1b` for the escape character).
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
    /// grids, 1-based numbers in reading order on triangles, vertex names on graphs (with
    /// their control characters escaped, as the board keeps them).
    ///
    /// ```
    /// use unhop::boards::Board;
    /// let board = Board::from_edge_list("g", "a \u{1b}[31m\n").unwrap();
    /// assert_eq!(board.hole_name(1), "\\x1b[31m");
    /// ```
    pub fn hole_name(&self, i: usize) -> &str {
        &self.names[i]
    }

    /// The hole with this name, if any: the name as the board shows it (escaped), or else as
    /// the input wrote it. O(h · length of the name).
    ///
    /// ```
    /// use unhop::boards::Board;
    /// let board = Board::from_edge_list("g", "a \u{1b}[31m\n").unwrap();
    /// assert_eq!(board.hole_named("\u{1b}[31m"), Some(1));
    /// assert_eq!(board.hole_named("\\x1b[31m"), Some(1));
    /// ```
    pub fn hole_named(&self, name: &str) -> Option<usize> {
        let named = |wanted: &str| self.names.iter().position(|n| n == wanted);
        named(name).or_else(|| named(&shown(name)))
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
    ///
    /// # Complexity
    ///
    /// O(s · h) time for s symmetries and h holes; O(h) memory.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::Board;
    /// let english = Board::named("english").unwrap();
    /// assert_eq!(english.centre(), english.hole_named("d4"));
    /// assert_eq!(Board::named("path:3").unwrap().centre(), None); // a graph
    /// ```
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

    /// The jump in the usual notation: `from-to` with hole names (`d2-d4`); on graphs, whose
    /// jumps a hole's name does not determine, `from-over-to`.
    ///
    /// # Complexity
    ///
    /// O(length of the names), time and memory.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::Board;
    /// let english = Board::named("english").unwrap();
    /// let hole = |name| english.hole_named(name).unwrap() as u8;
    /// let into_centre = english.jumps().iter().find(|j| j.from == hole("d2") && j.to == hole("d4"));
    /// assert_eq!(english.jump_name(*into_centre.unwrap()), "d2-d4");
    /// let path = Board::named("path:3").unwrap();
    /// assert_eq!(path.jump_name(path.jumps()[0]).split('-').count(), 3);
    /// ```
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

/// `text` with its control and invisible characters escaped as messages show them (`\x1b`,
/// `\n`, `\u{202e}`, and `\\` for a backslash; [`crate::quote`] without the quotes): how
/// a board keeps the names that come from its input, so that no output echoes them raw.
/// The escaping is one to one, so distinct names stay distinct. O(length of `text`).
pub(crate) fn shown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut buffer = [0; 4];
    for c in text.chars() {
        let quoted = crate::quote(c.encode_utf8(&mut buffer));
        out.push_str(&quoted[1..quoted.len() - 1]);
    }
    out
}
