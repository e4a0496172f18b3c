//! A board as a Graphviz graph: its holes and the lines its jumps run along.

use super::board::Board;
use super::geometry::{Geometry, Position};
use crate::automata::dot;
use std::collections::BTreeSet;

impl Board {
    /// The board in Graphviz DOT: one node per hole, named by the hole's name, filled where
    /// `position` has a peg; an undirected edge between neighbours: holes next to each other
    /// along a row, a column (or on the triangle, a diagonal), the lines jumps run along, and
    /// on a graph board the graph's edges. The holes of the square and triangular boards carry
    /// their places (`pos`, in points), so that `neato -n` draws the board as it is laid out;
    /// a graph is left to the layout engine.
    ///
    /// # Complexity
    ///
    /// O(holes² + edges × log edges) time, O(holes + edges) space.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::Board;
    /// let triangle = Board::named("triangle").unwrap();
    /// let dot = triangle.to_dot(triangle.default_start());
    /// assert!(dot.starts_with("digraph \"triangle\" {"));
    /// // 15 holes, and the triangle's 30 lines between neighbours.
    /// assert_eq!(dot.matches(" -> ").count(), 30);
    /// assert!(dot.contains("  1 [style=solid"));
    /// assert!(dot.contains("  2 [style=filled"));
    /// ```
    pub fn to_dot(&self, position: Position) -> String {
        let steps: &[(i32, i32)] = match self.geometry() {
            Geometry::Square => &[(0, 1), (1, 0)],
            Geometry::Triangle => &[(0, 1), (1, 0), (1, 1)],
            Geometry::Graph => &[],
        };
        let mut lines: BTreeSet<(usize, usize)> = self
            .edges()
            .iter()
            .map(|&(a, b)| (a.min(b).into(), a.max(b).into()))
            .collect();
        for a in 0..self.holes() {
            for b in a + 1..self.holes() {
                let ((ra, ca), (rb, cb)) = (self.place(a), self.place(b));
                let step = (rb - ra, cb - ca);
                if steps.iter().any(|&s| s == step || s == (-step.0, -step.1)) {
                    lines.insert((a, b));
                }
            }
        }
        let drawn = dot::to_string(self.name(), |out| {
            out.defaults("node", &[("shape", "circle"), ("fixedsize", "true")])?;
            out.defaults("edge", &[("dir", "none")])?;
            for hole in 0..self.holes() {
                let (row, column) = self.place(hole);
                let pos = match self.geometry() {
                    Geometry::Square => Some(format!("{},{}!", 54 * column, -54 * row)),
                    Geometry::Triangle => {
                        Some(format!("{},{}!", 54 * column - 27 * row, -47 * row))
                    }
                    Geometry::Graph => None,
                };
                let style = if position >> hole & 1 == 1 {
                    "filled"
                } else {
                    "solid"
                };
                let mut attributes = vec![("style", style)];
                attributes.extend(pos.as_deref().map(|pos| ("pos", pos)));
                out.node(self.hole_name(hole), &attributes)?;
            }
            for &(a, b) in &lines {
                out.edge(self.hole_name(a), self.hole_name(b), &[])?;
            }
            Ok(())
        });
        drawn.expect("DOT text written into memory")
    }
}
