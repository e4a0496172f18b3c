//! The position graph (the seed's "Positionsgraph") in Graphviz DOT: one node per position
//! reachable from the start, one arrow per move, losing positions drawn with a thick double
//! outline and winning moves (to a losing position) drawn thick.

use super::retrograde::{Outcome, Retrograde, Rules};
use std::fmt::Write;

/// The most positions a drawn graph may have (larger pictures are unreadable anyway).
pub const MAX_GRAPH_POSITIONS: usize = 2000;

/// A solved game graph with its positions and moves named: every position reachable from the
/// start (the start is position 0), its label, and its moves with the index of the position
/// each leads to. What `unhop graph` prints and `unhop play` plays on.
///
/// ```
/// use unhop::games::{Convention, Played, PositionGraph, Retrograde, Subtraction};
/// let game = Played::new(Subtraction::parse("1..3").unwrap(), Convention::Normal);
/// let solved = Retrograde::solve(&game, &vec![5], 100).unwrap();
/// let graph = PositionGraph::new(&solved, "take 1 to 3", |p| p[0].to_string(), |m| m.1.to_string());
/// assert_eq!(graph.positions[0], "5");
/// // From 5 the one winning move takes 1, to the lost position 4.
/// let winning: Vec<&str> = graph.winning_moves(0).iter().map(|m| m.0.as_str()).collect();
/// assert_eq!(winning, ["1"]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionGraph {
    /// One line saying the rules (the picture's title).
    pub rules: String,
    /// The name of each position; the start is 0.
    pub positions: Vec<String>,
    /// Each position's label: `None` for a draw (only in graphs with cycles).
    pub outcomes: Vec<Option<Outcome>>,
    /// Each position's moves, named, with the index of the position they lead to.
    pub moves: Vec<Vec<(String, usize)>>,
}

impl PositionGraph {
    /// Names the positions and moves of `solved` with `position` and `step`. O(V + E).
    pub fn new<R: Rules>(
        solved: &Retrograde<R>,
        rules: &str,
        position: impl Fn(&R::Position) -> String,
        step: impl Fn(&R::Move) -> String,
    ) -> PositionGraph {
        let count = solved.positions().len();
        PositionGraph {
            rules: rules.to_string(),
            positions: solved.positions().iter().map(position).collect(),
            outcomes: (0..count).map(|k| solved.outcome_of(k)).collect(),
            moves: (0..count)
                .map(|k| {
                    let moves = solved.moves_of(k).iter();
                    moves.map(|(m, q)| (step(m), *q)).collect()
                })
                .collect(),
        }
    }

    /// The moves of position `k` that leave the opponent a lost position. O(moves of k).
    pub fn winning_moves(&self, k: usize) -> Vec<&(String, usize)> {
        self.moves[k]
            .iter()
            .filter(|(_, q)| self.outcomes[*q] == Some(Outcome::Loss))
            .collect()
    }

    /// The name of position `k`'s label: `win`, `loss` or `draw`.
    pub fn outcome_name(&self, k: usize) -> &'static str {
        self.outcomes[k].map_or("draw", Outcome::name)
    }

    /// The graph in Graphviz DOT: losing positions with a thick double outline, winning moves
    /// thick, draws dashed. O(V + E).
    pub fn dot(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "digraph {:?} {{", self.rules);
        let _ = writeln!(out, "  rankdir=LR;");
        let _ = writeln!(out, "  node [shape=circle, fontname=\"Helvetica\"];");
        let _ = writeln!(out, "  edge [fontname=\"Helvetica\", fontsize=10];");
        for (k, name) in self.positions.iter().enumerate() {
            let style = match self.outcomes[k] {
                Some(Outcome::Loss) => ", peripheries=2, penwidth=2.5",
                Some(Outcome::Win) => "",
                None => ", style=dashed",
            };
            let outcome = self.outcome_name(k);
            let _ = writeln!(
                out,
                "  p{k} [label={name:?}, tooltip=\"{outcome}\"{style}];"
            );
        }
        for (k, moves) in self.moves.iter().enumerate() {
            for (m, q) in moves {
                let style = if self.outcomes[*q] == Some(Outcome::Loss) {
                    ", penwidth=2.5"
                } else {
                    ""
                };
                let _ = writeln!(out, "  p{k} -> p{q} [label={m:?}{style}];");
            }
        }
        out.push_str("}\n");
        out
    }
}

/// The DOT text of a solved game's position graph, with `position` and `step` naming the
/// positions and the moves ([`PositionGraph::dot`]). O(V + E).
///
/// ```
/// use unhop::games::{position_graph_dot, Convention, Played, Retrograde, Subtraction};
/// let game = Played::new(Subtraction::parse("1..3").unwrap(), Convention::Normal);
/// let solved = Retrograde::solve(&game, &vec![8], 100).unwrap();
/// let dot = position_graph_dot(&solved, "take 1 to 3", |p| p[0].to_string(), |m| m.1.to_string());
/// // The losing positions are 0, 4 and 8: three double outlines.
/// assert_eq!(dot.matches("peripheries=2").count(), 3);
/// ```
pub fn position_graph_dot<R: Rules>(
    solved: &Retrograde<R>,
    title: &str,
    position: impl Fn(&R::Position) -> String,
    step: impl Fn(&R::Move) -> String,
) -> String {
    PositionGraph::new(solved, title, position, step).dot()
}
