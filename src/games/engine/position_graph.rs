//! The position graph (the seed's "Positionsgraph") in Graphviz DOT: one node per position
//! reachable from the start, one arrow per move, losing positions drawn with a thick double
//! outline and winning moves (to a losing position) drawn thick.

use super::retrograde::{Outcome, Retrograde, Rules};
use std::fmt::Write;

/// The most positions a drawn graph may have (larger pictures are unreadable anyway).
pub const MAX_GRAPH_POSITIONS: usize = 2000;

/// The DOT text of a solved game's position graph, with `position` and `step` naming the
/// positions and the moves. O(V + E).
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
    let mut out = String::new();
    let _ = writeln!(out, "digraph {title:?} {{");
    let _ = writeln!(out, "  rankdir=LR;");
    let _ = writeln!(out, "  node [shape=circle, fontname=\"Helvetica\"];");
    let _ = writeln!(out, "  edge [fontname=\"Helvetica\", fontsize=10];");
    for (k, p) in solved.positions().iter().enumerate() {
        let style = match solved.outcome_of(k) {
            Some(Outcome::Loss) => ", peripheries=2, penwidth=2.5",
            Some(Outcome::Win) => "",
            None => ", style=dashed",
        };
        let outcome = solved.outcome_of(k).map_or("draw", Outcome::name);
        let _ = writeln!(
            out,
            "  p{k} [label={:?}, tooltip=\"{outcome}\"{style}];",
            position(p)
        );
    }
    for k in 0..solved.positions().len() {
        for (m, q) in solved.moves_of(k) {
            let style = if solved.outcome_of(*q) == Some(Outcome::Loss) {
                ", penwidth=2.5"
            } else {
                ""
            };
            let _ = writeln!(out, "  p{k} -> p{q} [label={:?}{style}];", step(m));
        }
    }
    out.push_str("}\n");
    out
}
