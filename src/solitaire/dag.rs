//! The paper's shortest-path DAG, built with `petgraph`, for small words.
//!
//! Moore and Eppstein (Theorem 2) take an NFA without ε-moves for `M = 0*(L + 11)0*` with start
//! state s, and a word c₀…cₙ₋₁. The vertices are the pairs (a, i) of a state and a position
//! 0 ≤ i ≤ n; a letter arc (a, i) → (b, i + 1) for every transition a → b on cᵢ, and a cut
//! arc (t, i) → (s, i) from every accepting t. A path from (s, 0) to (s, n) with k cut arcs
//! factorises the word into k blocks of M, so the fewest cut arcs is the minimum number of
//! pegs on the infinite board. [`BlockDag`] keeps only the vertices on some such path, finds
//! a shortest one with `petgraph`'s A* (cut arcs cost 1, letter arcs 0), and draws the picture
//! with that path highlighted.

use super::{Board, Language};
use crate::automata::StateId;
use crate::error::Error;
use crate::word::Word;
use petgraph::algo::astar;
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::{Dfs, EdgeRef, Reversed};

/// The longest word [`BlockDag::new`] accepts: the picture has up to (n + 1) × states vertices.
pub const MAX_DAG_LEN: usize = 40;

/// An arc of the DAG.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arc {
    /// Reads the cell's letter (`true` for a peg).
    Letter(bool),
    /// Ends a block and starts the next.
    Cut,
}

/// The DAG of a word with a shortest path through it.
///
/// ```
/// use unhop::{Word, solitaire::dag::BlockDag};
/// let dag = BlockDag::new(&"1111".parse().unwrap()).unwrap();
/// assert_eq!(dag.min_pegs(), 2);
/// assert_eq!(dag.blocks(), vec![0..2, 2..4]);
/// assert!(dag.to_dot().contains("digraph"));
/// ```
#[derive(Clone, Debug)]
pub struct BlockDag {
    word: Word,
    graph: DiGraph<(StateId, usize), Arc>,
    path: Vec<NodeIndex>,
}

impl BlockDag {
    /// Builds the DAG of `word` (at most [`MAX_DAG_LEN`] cells) over the NFA of the infinite
    /// board's language, pruned to the vertices on some path from (s, 0) to (s, n).
    ///
    /// # Complexity
    ///
    /// O(n × s) time and space for n ≤ [`MAX_DAG_LEN`] cells and the s states of the NFA, with
    /// `petgraph`'s A* on the pruned graph.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::solitaire::dag::BlockDag;
    /// let dag = BlockDag::new(&"1101101".parse().unwrap()).unwrap();
    /// assert_eq!(dag.min_pegs(), 2);
    /// assert!(BlockDag::new(&"1".repeat(41).parse().unwrap()).is_err());
    /// ```
    pub fn new(word: &Word) -> Result<BlockDag, Error> {
        if word.len() > MAX_DAG_LEN {
            return Err(Error::new(format!(
                "the DAG picture is for words of at most {MAX_DAG_LEN} cells; this one has {}",
                word.len()
            )));
        }
        let nfa = Language::of(Board::Infinite).nfa();
        let n = word.len();
        let states = nfa.states();
        let mut full: DiGraph<(StateId, usize), Arc> = DiGraph::new();
        for i in 0..=n {
            for a in 0..states as StateId {
                full.add_node((a, i));
            }
        }
        let node = |a: StateId, i: usize| NodeIndex::new(i * states + a as usize);
        for i in 0..=n {
            for a in 0..states as StateId {
                if i < n {
                    let letter = word.get(i);
                    for &b in nfa.next(a, u8::from(letter)) {
                        full.add_edge(node(a, i), node(b, i + 1), Arc::Letter(letter));
                    }
                }
                if nfa.is_accepting(a) {
                    full.add_edge(node(a, i), node(nfa.start(), i), Arc::Cut);
                }
            }
        }
        let (source, target) = (node(nfa.start(), 0), node(nfa.start(), n));
        let mut forward = vec![false; full.node_count()];
        let mut dfs = Dfs::new(&full, source);
        while let Some(v) = dfs.next(&full) {
            forward[v.index()] = true;
        }
        let mut backward = vec![false; full.node_count()];
        let reversed = Reversed(&full);
        let mut dfs = Dfs::new(reversed, target);
        while let Some(v) = dfs.next(reversed) {
            backward[v.index()] = true;
        }
        let graph = full.filter_map(
            |v, &weight| (forward[v.index()] && backward[v.index()]).then_some(weight),
            |_, &arc| Some(arc),
        );
        let find = |want: (StateId, usize)| graph.node_indices().find(|&v| graph[v] == want);
        let path = match (find(full[source]), find(full[target])) {
            (Some(s), Some(t)) if n > 0 => {
                let cost =
                    |e: petgraph::graph::EdgeReference<Arc>| u32::from(*e.weight() == Arc::Cut);
                astar(&graph, s, |v| v == t, cost, |_| 0)
                    .map(|(_, path)| path)
                    .unwrap_or_default()
            }
            _ => Vec::new(),
        };
        Ok(BlockDag {
            word: word.clone(),
            graph,
            path,
        })
    }

    /// The fewest cut arcs on a path from (s, 0) to (s, n): the minimum number of pegs on the
    /// infinite board (0 for a word without pegs, which has no such path).
    pub fn min_pegs(&self) -> usize {
        self.cuts().count()
    }

    /// The blocks of the shortest path, as cell ranges.
    ///
    /// # Complexity
    ///
    /// O(n) for the n positions of the shortest path.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::solitaire::dag::BlockDag;
    /// let dag = BlockDag::new(&"0110".parse().unwrap()).unwrap();
    /// assert_eq!(dag.blocks(), vec![0..4]);
    /// ```
    pub fn blocks(&self) -> Vec<std::ops::Range<usize>> {
        let mut start = 0;
        self.cuts()
            .map(|end| {
                let block = start..end;
                start = end;
                block
            })
            .collect()
    }

    /// The positions of the cut arcs along the shortest path.
    fn cuts(&self) -> impl Iterator<Item = usize> + '_ {
        self.path
            .windows(2)
            .filter(|pair| self.graph[pair[0]].1 == self.graph[pair[1]].1)
            .map(|pair| self.graph[pair[0]].1)
    }

    /// The number of vertices and arcs kept.
    pub fn size(&self) -> (usize, usize) {
        (self.graph.node_count(), self.graph.edge_count())
    }

    /// The DAG in Graphviz DOT: one column per position, letter arcs solid, cut arcs dashed,
    /// the shortest path in bold red.
    ///
    /// # Complexity
    ///
    /// O(V + E) time and space: at most (n + 1) × states vertices.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::solitaire::dag::BlockDag;
    /// let dot = BlockDag::new(&"0110".parse().unwrap()).unwrap().to_dot();
    /// assert!(dot.starts_with("digraph \"block DAG of 0110\" {"));
    /// assert!(dot.contains("style=dashed") && dot.contains("color=red"));
    /// ```
    pub fn to_dot(&self) -> String {
        let on_path = |a: NodeIndex, b: NodeIndex| {
            self.path
                .windows(2)
                .any(|pair| pair[0] == a && pair[1] == b)
        };
        let blocks: Vec<String> = self
            .blocks()
            .into_iter()
            .map(|r| self.word.slice(r).to_string())
            .collect();
        let title = format!(
            "{} → {} peg(s): {}\nvertex: NFA state over position; dashed: cut (a block ends); \
             red: a shortest path",
            self.word,
            self.min_pegs(),
            blocks.join(" | ")
        );
        let name = |v: NodeIndex| format!("v{}", v.index());
        let red: &[(&str, &str)] = &[("color", "red"), ("penwidth", "2")];
        crate::automata::dot::to_string(&format!("block DAG of {}", self.word), |dot| {
            dot.attribute("rankdir", "LR")?;
            dot.attribute("newrank", "true")?;
            dot.defaults("node", &[("shape", "circle"), ("fontsize", "10")])?;
            dot.attribute("label", &title)?;
            dot.attribute("labelloc", "t")?;
            for i in 0..=self.word.len() {
                let members: Vec<String> = self
                    .graph
                    .node_indices()
                    .filter(|&v| self.graph[v].1 == i)
                    .map(name)
                    .collect();
                if !members.is_empty() {
                    dot.same_rank(&members)?;
                }
            }
            for v in self.graph.node_indices() {
                let (a, i) = self.graph[v];
                let text = format!("q{a}\n{i}");
                let mut attributes = vec![("label", text.as_str())];
                if self.path.contains(&v) {
                    attributes.extend_from_slice(red);
                }
                dot.node(&name(v), &attributes)?;
            }
            for e in self.graph.edge_references() {
                let (a, b) = (e.source(), e.target());
                let mut attributes = match e.weight() {
                    Arc::Letter(true) => vec![("label", "1")],
                    Arc::Letter(false) => vec![("label", "0")],
                    Arc::Cut => vec![("label", "cut"), ("style", "dashed")],
                };
                if on_path(a, b) {
                    attributes.extend_from_slice(red);
                }
                dot.edge(&name(a), &name(b), &attributes)?;
            }
            Ok(())
        })
        .expect("writing to memory does not fail")
    }
}
