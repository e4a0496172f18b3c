//! [`GraphReport`]: a solved position graph as a value, what `unhop graph --json` writes (a
//! position at a time, by [`PositionGraph::write_json`]).

use super::position_graph::PositionGraph;
use super::retrograde::Outcome;

/// A position graph: every position reachable from the start (the start first), its outcome
/// and its moves, the rules in one line, and with `--dot` the graph in Graphviz DOT.
///
/// # Examples
///
/// ```
/// use unhop::{budget::Budget, games::{HeapGame, HeapRule}};
/// let graph = HeapGame::nim(HeapRule::Normal).unwrap().position_graph(&[1], &Budget::default()).unwrap();
/// let report = graph.report(false);
/// assert_eq!(report.positions.len(), 2);
/// assert_eq!(
///     serde_json::to_string(&report.positions[0]).unwrap(),
///     r#"{"moves":[{"move":"heap 0: leave 0","to":"0"}],"outcome":"N","position":"1"}"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct GraphReport {
    /// The graph in Graphviz DOT, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dot: Option<String>,
    /// Every position reachable from the start, the start first.
    pub positions: Vec<GraphPosition>,
    /// The game and its rules, in one line.
    pub rules: String,
}

/// A position of a [`GraphReport`].
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct GraphPosition {
    /// Every move from the position.
    pub moves: Vec<GraphMove>,
    /// Who wins: `N`, the player to move; `P`, the other; `D`, a draw (only in graphs with
    /// cycles).
    pub outcome: GraphOutcome,
    /// The position, named.
    pub position: String,
}

/// A move of a [`GraphPosition`].
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct GraphMove {
    /// The move, named (heaps numbered from 0).
    #[serde(rename = "move")]
    pub name: String,
    /// The position it leads to.
    pub to: String,
}

/// The outcome of a position with perfect play, a draw included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub enum GraphOutcome {
    /// The player to move wins.
    N,
    /// The player to move loses.
    P,
    /// Neither wins: play goes on for ever.
    D,
}

impl PositionGraph {
    /// The graph as a value, with its DOT text when `dot` (the JSON of
    /// [`PositionGraph::write_json`] or [`PositionGraph::write_json_with_dot`]).
    ///
    /// # Complexity
    ///
    /// O(V + E) time and memory for V positions and E moves.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, games::{HeapGame, HeapRule, GraphOutcome}};
    /// let graph = HeapGame::nim(HeapRule::Misere).unwrap().position_graph(&[1], &Budget::default()).unwrap();
    /// let report = graph.report(true);
    /// assert_eq!(report.positions[0].outcome, GraphOutcome::P); // the one move takes the last stone
    /// assert!(report.dot.unwrap().starts_with("digraph"));
    /// ```
    pub fn report(&self, dot: bool) -> GraphReport {
        let positions = (0..self.len()).map(|k| GraphPosition {
            moves: self
                .moves(k)
                .into_iter()
                .map(|(name, q)| GraphMove {
                    name,
                    to: self.position(q),
                })
                .collect(),
            outcome: match self.outcome(k) {
                Some(Outcome::Win) => GraphOutcome::N,
                Some(Outcome::Loss) => GraphOutcome::P,
                None => GraphOutcome::D,
            },
            position: self.position(k),
        });
        GraphReport {
            dot: dot.then(|| self.dot()),
            positions: positions.collect(),
            rules: self.rules().to_string(),
        }
    }
}
