//! The position graph (the seed's "Positionsgraph"): one node per position reachable from the
//! start, one arrow per move, each position labelled a win or a loss for the player to move;
//! written as text, JSON or Graphviz DOT a position at a time, so that writing a graph takes
//! no memory beyond the solved game's.

use super::retrograde::{Outcome, Retrograde, Rules};
use std::io::{self, Write};

/// The most positions a drawn graph may have unless the budget says otherwise (larger
/// pictures are unreadable anyway; `--max-positions` raises it).
pub const MAX_GRAPH_POSITIONS: u64 = 2000;

/// The most positions a game played against the computer may have unless the budget says
/// otherwise.
pub const MAX_PLAY_POSITIONS: u64 = 200_000;

/// A solved game graph with its positions and moves named: every position reachable from the
/// start (the start is position 0), its label, and its moves with the index of the position
/// each leads to. What `unhop graph` prints and `unhop play` plays on. Names are made when
/// asked for, from the solved game it owns.
///
/// ```
/// use unhop::budget::Budget;
/// use unhop::games::{Convention, Played, PositionGraph, Retrograde, Subtraction};
/// let game = Played::new(Subtraction::parse("1..3").unwrap(), Convention::Normal);
/// let solved = Retrograde::solve(&game, &vec![5], &Budget::default()).unwrap();
/// let graph = PositionGraph::new(solved, "take 1 to 3", |p| p[0].to_string(), |m| m.1.to_string());
/// assert_eq!(graph.position(0), "5");
/// // From 5 the one winning move takes 1, to the lost position 4.
/// let winning: Vec<String> = graph.winning_moves(0).into_iter().map(|m| m.0).collect();
/// assert_eq!(winning, ["1"]);
/// ```
pub struct PositionGraph {
    rules: String,
    graph: Box<dyn NamedGraph>,
}

/// A solved game graph that names its positions and moves.
trait NamedGraph {
    fn len(&self) -> usize;
    fn position(&self, k: usize) -> String;
    fn outcome(&self, k: usize) -> Option<Outcome>;
    fn moves(&self, k: usize) -> Vec<(String, usize)>;
}

/// A solved game with the functions that name its positions and moves.
struct Named<R: Rules, P, S> {
    solved: Retrograde<R>,
    position: P,
    step: S,
}

impl<R, P, S> NamedGraph for Named<R, P, S>
where
    R: Rules,
    P: Fn(&R::Position) -> String,
    S: Fn(&R::Move) -> String,
{
    fn len(&self) -> usize {
        self.solved.positions().len()
    }

    fn position(&self, k: usize) -> String {
        (self.position)(&self.solved.positions()[k])
    }

    fn outcome(&self, k: usize) -> Option<Outcome> {
        self.solved.outcome_of(k)
    }

    fn moves(&self, k: usize) -> Vec<(String, usize)> {
        let moves = self.solved.moves_of(k).iter();
        moves.map(|(m, q)| ((self.step)(m), *q)).collect()
    }
}

impl PositionGraph {
    /// The graph of `solved`, titled `rules`, its positions and moves named by `position` and
    /// `step`.
    ///
    /// # Complexity
    ///
    /// O(r) time and memory for a title of r bytes: `solved` is moved into one box, and the names
    /// are made as they are asked for.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::budget::Budget;
    /// use unhop::games::{Convention, Played, PositionGraph, Retrograde, Subtraction};
    /// let game = Played::new(Subtraction::parse("1..3").unwrap(), Convention::Normal);
    /// let solved = Retrograde::solve(&game, &vec![5], &Budget::default()).unwrap();
    /// let graph = PositionGraph::new(solved, "take 1 to 3", |p| format!("heap {}", p[0]), |m| m.1.to_string());
    /// assert_eq!((graph.rules(), graph.len()), ("take 1 to 3", 6)); // heaps 5 down to 0
    /// let four = (0..graph.len()).find(|&k| graph.position(k) == "heap 4").unwrap();
    /// assert_eq!(graph.outcome_name(four), "loss"); // a multiple of 4
    /// ```
    pub fn new<R: Rules + 'static>(
        solved: Retrograde<R>,
        rules: &str,
        position: impl Fn(&R::Position) -> String + 'static,
        step: impl Fn(&R::Move) -> String + 'static,
    ) -> PositionGraph {
        PositionGraph {
            rules: rules.to_string(),
            graph: Box::new(Named {
                solved,
                position,
                step,
            }),
        }
    }

    /// One line saying the rules (the picture's title).
    pub fn rules(&self) -> &str {
        &self.rules
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.graph.len()
    }

    /// Whether the graph has no position (never: the start is one).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The name of position `k`; the start is 0.
    pub fn position(&self, k: usize) -> String {
        self.graph.position(k)
    }

    /// The label of position `k`: `None` for a draw (only in graphs with cycles).
    pub fn outcome(&self, k: usize) -> Option<Outcome> {
        self.graph.outcome(k)
    }

    /// The moves of position `k`, named, with the index of the position each leads to.
    ///
    /// # Complexity
    ///
    /// O(moves of k).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, games::{HeapGame, HeapRule}};
    /// let graph = HeapGame::nim(HeapRule::Normal).unwrap().position_graph(&[2], &Budget::default()).unwrap();
    /// let moves: Vec<String> = graph.moves(0).into_iter().map(|m| m.0).collect();
    /// assert_eq!(moves, ["heap 0: leave 0", "heap 0: leave 1"]);
    /// ```
    pub fn moves(&self, k: usize) -> Vec<(String, usize)> {
        self.graph.moves(k)
    }

    /// The moves of position `k` that leave the opponent a lost position.
    ///
    /// # Complexity
    ///
    /// O(moves of k).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, games::{HeapGame, HeapRule}};
    /// let graph = HeapGame::nim(HeapRule::Normal).unwrap().position_graph(&[1, 2], &Budget::default()).unwrap();
    /// assert_eq!(graph.winning_moves(0).into_iter().map(|m| m.0).collect::<Vec<_>>(), ["heap 1: leave 1"]);
    /// ```
    pub fn winning_moves(&self, k: usize) -> Vec<(String, usize)> {
        let mut moves = self.moves(k);
        moves.retain(|&(_, q)| self.outcome(q) == Some(Outcome::Loss));
        moves
    }

    /// The name of position `k`'s label: `win`, `loss` or `draw`.
    pub fn outcome_name(&self, k: usize) -> &'static str {
        self.outcome(k).map_or("draw", Outcome::name)
    }

    /// Position `k`'s outcome class as JSON writes it: `N` (the player to move wins), `P`
    /// (loses) or `D` (a draw).
    pub fn outcome_class(&self, k: usize) -> &'static str {
        self.outcome(k).map_or("D", Outcome::class)
    }

    /// The graph as text: a `#` line with the rules, then a line per position with its name,
    /// its label and its winning moves, tab-separated.
    ///
    /// # Complexity
    ///
    /// O(V + E) time; memory: one position's moves.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, games::{HeapGame, HeapRule}};
    /// let graph = HeapGame::nim(HeapRule::Normal).unwrap().position_graph(&[1], &Budget::default()).unwrap();
    /// let mut text = Vec::new();
    /// graph.write_text(&mut text).unwrap();
    /// assert!(String::from_utf8(text).unwrap().contains("1\twin\theap 0: leave 0\n"));
    /// ```
    pub fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "# {}", self.rules)?;
        for k in 0..self.len() {
            let winning: Vec<String> = self.winning_moves(k).into_iter().map(|m| m.0).collect();
            let (position, outcome) = (self.position(k), self.outcome_name(k));
            writeln!(out, "{position}\t{outcome}\t{}", winning.join(", "))?;
        }
        Ok(())
    }

    /// The graph as one JSON object on one line: `{"positions": [{"moves": [{"move", "to"}],
    /// "outcome", "position"}], "rules"}`, the positions in order (the start first), the
    /// outcome `N`, `P` or `D` ([`PositionGraph::outcome_class`]): the serialisation of
    /// [`PositionGraph::report`], written a position at a time.
    ///
    /// # Complexity
    ///
    /// O(V + E) time; memory: one position's moves.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::{HeapGame, HeapRule};
    /// let graph = HeapGame::nim(HeapRule::Normal).unwrap()
    ///     .position_graph(&[1], &unhop::budget::Budget::default()).unwrap();
    /// let mut json = Vec::new();
    /// graph.write_json(&mut json).unwrap();
    /// let value: serde_json::Value = serde_json::from_slice(&json).unwrap();
    /// assert_eq!(value["positions"][0]["moves"][0]["to"], "0");
    /// assert_eq!(value["positions"][1]["outcome"], "P");
    /// assert_eq!(value, serde_json::to_value(graph.report(false)).unwrap());
    /// ```
    pub fn write_json(&self, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(b"{")?;
        self.write_json_fields(out)
    }

    /// [`PositionGraph::write_json`] with the DOT text of [`PositionGraph::write_dot`] as its
    /// first field, `"dot"`, streamed into the JSON string.
    ///
    /// # Complexity
    ///
    /// O(V + E) time; memory: one position's moves.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::{HeapGame, HeapRule};
    /// let graph = HeapGame::nim(HeapRule::Normal).unwrap()
    ///     .position_graph(&[2], &unhop::budget::Budget::default()).unwrap();
    /// let mut json = Vec::new();
    /// graph.write_json_with_dot(&mut json).unwrap();
    /// let value: serde_json::Value = serde_json::from_slice(&json).unwrap();
    /// assert_eq!(value["dot"], graph.dot());
    /// assert_eq!(value["positions"].as_array().unwrap().len(), 3);
    /// ```
    pub fn write_json_with_dot(&self, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(b"{\"dot\":\"")?;
        self.write_dot(&mut JsonEscaped(&mut *out))?;
        out.write_all(b"\",")?;
        self.write_json_fields(out)
    }

    /// The fields of the JSON object after its opening brace, and the closing brace.
    fn write_json_fields(&self, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(b"\"positions\":[")?;
        for k in 0..self.len() {
            if k > 0 {
                out.write_all(b",")?;
            }
            out.write_all(b"{\"moves\":[")?;
            for (i, (m, q)) in self.moves(k).iter().enumerate() {
                if i > 0 {
                    out.write_all(b",")?;
                }
                out.write_all(b"{\"move\":")?;
                serde_json::to_writer(&mut *out, m)?;
                out.write_all(b",\"to\":")?;
                serde_json::to_writer(&mut *out, &self.position(*q))?;
                out.write_all(b"}")?;
            }
            out.write_all(b"],\"outcome\":")?;
            serde_json::to_writer(&mut *out, self.outcome_class(k))?;
            out.write_all(b",\"position\":")?;
            serde_json::to_writer(&mut *out, &self.position(k))?;
            out.write_all(b"}")?;
        }
        out.write_all(b"],\"rules\":")?;
        serde_json::to_writer(&mut *out, &self.rules)?;
        out.write_all(b"}\n")
    }

    /// The graph in Graphviz DOT: losing positions with a thick double outline, winning moves
    /// thick, draws dashed.
    ///
    /// # Complexity
    ///
    /// O(V + E) time for V positions and E moves; memory: one position's moves and names.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, games::{HeapGame, HeapRule}};
    /// let graph = HeapGame::nim(HeapRule::Normal).unwrap().position_graph(&[2], &Budget::default()).unwrap();
    /// let mut dot = Vec::new();
    /// graph.write_dot(&mut dot).unwrap();
    /// let dot = String::from_utf8(dot).unwrap();
    /// assert!(dot.starts_with("digraph"));
    /// assert_eq!(dot.matches("->").count(), 3); // 2 → 1, 2 → 0, 1 → 0
    /// assert_eq!(dot.matches("peripheries").count(), 1); // the one lost position: the empty heap
    /// ```
    pub fn write_dot(&self, out: &mut dyn Write) -> io::Result<()> {
        let mut dot = crate::automata::dot::DotWriter::digraph(out, &self.rules)?;
        dot.attribute("rankdir", "LR")?;
        dot.defaults("node", &[("shape", "circle"), ("fontname", "Helvetica")])?;
        dot.defaults("edge", &[("fontname", "Helvetica"), ("fontsize", "10")])?;
        for k in 0..self.len() {
            let style: &[(&str, &str)] = match self.outcome(k) {
                Some(Outcome::Loss) => &[("peripheries", "2"), ("penwidth", "2.5")],
                Some(Outcome::Win) => &[],
                None => &[("style", "dashed")],
            };
            let (name, outcome) = (self.position(k), self.outcome_name(k));
            let mut attributes = vec![("label", name.as_str()), ("tooltip", outcome)];
            attributes.extend_from_slice(style);
            dot.node(&format!("p{k}"), &attributes)?;
        }
        for k in 0..self.len() {
            for (m, q) in self.moves(k) {
                let mut attributes = vec![("label", m.as_str())];
                if self.outcome(q) == Some(Outcome::Loss) {
                    attributes.push(("penwidth", "2.5"));
                }
                dot.edge(&format!("p{k}"), &format!("p{q}"), &attributes)?;
            }
        }
        dot.finish().map(|_| ())
    }

    /// The DOT text of [`PositionGraph::write_dot`], as one string. O(V + E).
    ///
    /// ```
    /// use unhop::budget::Budget;
    /// use unhop::games::{Convention, Played, PositionGraph, Retrograde, Subtraction};
    /// let game = Played::new(Subtraction::parse("1..3").unwrap(), Convention::Normal);
    /// let solved = Retrograde::solve(&game, &vec![8], &Budget::default()).unwrap();
    /// let graph = PositionGraph::new(solved, "take 1 to 3", |p| p[0].to_string(), |m| m.1.to_string());
    /// // The losing positions are 0, 4 and 8: three double outlines.
    /// assert_eq!(graph.dot().matches("peripheries=2").count(), 3);
    /// ```
    pub fn dot(&self) -> String {
        let mut out = Vec::new();
        self.write_dot(&mut out)
            .expect("writing to a vector does not fail");
        String::from_utf8(out).expect("the graph's names are text")
    }
}

impl std::fmt::Debug for PositionGraph {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PositionGraph")
            .field("rules", &self.rules)
            .field("positions", &self.len())
            .finish()
    }
}

/// A writer that writes what it is given into a JSON string (without its quotes): `"`, `\\`
/// and control characters escaped, all else as it is.
struct JsonEscaped<'a>(&'a mut dyn Write);

impl Write for JsonEscaped<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut start = 0;
        for (i, &b) in buf.iter().enumerate() {
            let escape: &[u8] = match b {
                b'"' => b"\\\"",
                b'\\' => b"\\\\",
                b'\n' => b"\\n",
                b'\t' => b"\\t",
                b'\r' => b"\\r",
                0..0x20 => {
                    self.0.write_all(&buf[start..i])?;
                    write!(self.0, "\\u{b:04x}")?;
                    start = i + 1;
                    continue;
                }
                _ => continue,
            };
            self.0.write_all(&buf[start..i])?;
            self.0.write_all(escape)?;
            start = i + 1;
        }
        self.0.write_all(&buf[start..])?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}
