//! Graph boards: the families of Beeler and Hoilman's *Peg solitaire on graphs* and edge lists.

use super::board::Board;
use super::geometry::MAX_HOLES;
use crate::Error;
use crate::budget::Budget;
use crate::error::quote;
use crate::word::Word;

/// The graph names `--board` accepts.
pub const GRAPH_NAMES: &str = "path:N, cycle:N, star:N, complete:N, bipartite:M,N, hypercube:D, petersen, row:WORD, edges:1-2,2-3,…, graph:FILE";

/// Parses `text` (part of `spec`) as a size from `min` to `max`.
pub(crate) fn parse_size(spec: &str, text: &str, min: usize, max: usize) -> Result<usize, Error> {
    match text.trim().parse::<usize>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(Error::new(format!(
            "in the board {}: {} is not a size from {min} to {max}",
            quote(spec),
            quote(text)
        ))),
    }
}

/// The graph a `--board` argument names, `None` when it names no graph; its symmetries found
/// under `budget`.
pub(crate) fn named_graph(spec: &str, budget: &Budget) -> Result<Option<Board>, Error> {
    let (family, size) = spec.split_once(':').unwrap_or((spec, ""));
    let numbered = |n: usize| (1..=n).map(|i| i.to_string()).collect::<Vec<_>>();
    let board = match family {
        "path" | "cycle" | "star" | "complete" => {
            let n = parse_size(spec, size, if family == "cycle" { 3 } else { 1 }, MAX_HOLES)?;
            let edges: Vec<(usize, usize)> = match family {
                "path" => (1..n).map(|i| (i - 1, i)).collect(),
                "cycle" => (0..n).map(|i| (i, (i + 1) % n)).collect(),
                "complete" => (0..n)
                    .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
                    .collect(),
                _ => {
                    if n + 1 > MAX_HOLES {
                        return Err(Error::new(format!(
                            "star:{n} has {} vertices; at most {MAX_HOLES}",
                            n + 1
                        )));
                    }
                    return Board::graph(
                        spec,
                        numbered(n + 1),
                        &(1..=n).map(|i| (0, i)).collect::<Vec<_>>(),
                        budget,
                    )
                    .map(Some);
                }
            };
            Board::graph(spec, numbered(n), &edges, budget)?
        }
        "bipartite" => {
            let Some((m, n)) = size.split_once(',') else {
                return Err(Error::new(format!(
                    "in the board {}: write bipartite:M,N",
                    quote(spec)
                )));
            };
            let m = parse_size(spec, m, 1, MAX_HOLES)?;
            let n = parse_size(spec, n, 1, MAX_HOLES)?;
            if m + n > MAX_HOLES {
                return Err(Error::new(format!(
                    "{} has {} vertices; at most {MAX_HOLES}",
                    quote(spec),
                    m + n
                )));
            }
            let edges: Vec<(usize, usize)> = (0..m)
                .flat_map(|i| (m..m + n).map(move |j| (i, j)))
                .collect();
            Board::graph(spec, numbered(m + n), &edges, budget)?
        }
        "hypercube" => {
            let d = parse_size(spec, size, 1, 6)?;
            let names = (0..1usize << d).map(|v| format!("{v:0d$b}")).collect();
            let edges: Vec<(usize, usize)> = (0..1usize << d)
                .flat_map(|v| (0..d).map(move |b| (v, v ^ 1 << b)).filter(|&(a, b)| a < b))
                .collect();
            Board::graph(spec, names, &edges, budget)?
        }
        "petersen" if size.is_empty() => {
            // Outer 5-cycle 1..5, spokes to the inner pentagram 6..10.
            let mut edges = Vec::new();
            for i in 0..5 {
                edges.push((i, (i + 1) % 5));
                edges.push((i, i + 5));
                edges.push((i + 5, (i + 2) % 5 + 5));
            }
            Board::graph(spec, numbered(10), &edges, budget)?
        }
        "row" => {
            let word = Word::parse(size)
                .map_err(|e| e.context(format!("in the board {}", quote(spec))))?;
            Board::row(&word)?
        }
        "edges" => parse_edge_list(spec, size, ',', budget)?,
        "graph" => {
            let text = crate::batch_lines::read_capped(size.as_ref(), "the graph file")?;
            parse_edge_list(size, &text, '\n', budget)?
        }
        _ => return Ok(None),
    };
    Ok(Some(board))
}

impl Board {
    /// A graph board from the text of an edge-list file (what `--board graph:FILE` reads): one
    /// edge `u v` or `u-v` per line, `#` starts a comment, blank lines are skipped; vertices are
    /// named by the words used and numbered in order of first appearance. Errors name the
    /// line of a malformed edge or a loop, and refuse more than [`MAX_HOLES`] vertices as soon
    /// as the first one too many appears.
    ///
    /// Costs O(length of the text · [`MAX_HOLES`]) plus the board's construction, its symmetry
    /// search under the default budget ([`Board::named_within`] takes one).
    ///
    /// # Complexity
    /// O(length of the text · [`MAX_HOLES`]) plus the board's construction and its symmetry
    /// search.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::Board;
    /// let board = Board::from_edge_list("square", "a b\nb-c # a comment\n\nc d\nd a\n").unwrap();
    /// assert_eq!((board.holes(), board.edges().len()), (4, 4));
    /// let err = Board::from_edge_list("bad", "a b\nb b\n").unwrap_err();
    /// assert!(err.to_string().contains("edge 2"), "{err}");
    /// ```
    pub fn from_edge_list(name: &str, text: &str) -> Result<Board, Error> {
        parse_edge_list(name, text, '\n', &Budget::default())
    }

    /// The one-dimensional row of `word` as a board (`--board row:WORD`): a path graph with a
    /// vertex for each cell of the word, named `0`, `1`, … as the cells of a word are numbered,
    /// and the word's pegs as its default start. A jump on it is a hop of the word on the
    /// finite board. At least 2 cells and at most [`MAX_HOLES`].
    ///
    /// # Complexity
    /// O(n) for n cells, plus the board's construction (a path has two symmetries).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::Board;
    /// let row = Board::row(&"110101".parse().unwrap()).unwrap();
    /// assert_eq!((row.name(), row.holes(), row.hole_name(5)), ("row:110101", 6, "5"));
    /// assert_eq!(row.position_text(row.default_start()), "110101");
    /// assert!(Board::row(&"1".parse().unwrap()).is_err());
    /// ```
    pub fn row(word: &Word) -> Result<Board, Error> {
        let n = word.len();
        if !(2..=MAX_HOLES).contains(&n) {
            return Err(Error::new(format!(
                "the row of a row:WORD board has 2 to {MAX_HOLES} cells, not {n}"
            )));
        }
        let names = (0..n).map(|i| i.to_string()).collect();
        let edges: Vec<(usize, usize)> = (1..n).map(|i| (i - 1, i)).collect();
        let mut board = Board::graph(&format!("row:{word}"), names, &edges, &Budget::default())?;
        board.drawn_start = Some((0..n).filter(|&i| word.get(i)).fold(0, |p, i| p | 1 << i));
        Ok(board)
    }
}

/// A graph from edges `u-v` or `u v` separated by `separator`; `#` starts a comment. Vertices
/// are numbered in order of first appearance; the 65th distinct vertex stops the parse (a
/// name's look-up is linear in the names so far, so this also keeps the parse linear).
fn parse_edge_list(
    name: &str,
    text: &str,
    separator: char,
    budget: &Budget,
) -> Result<Board, Error> {
    let mut names: Vec<String> = Vec::new();
    let mut edges = Vec::new();
    for (number, item) in text.split(separator).enumerate() {
        let item = item.split('#').next().unwrap_or("").trim();
        if item.is_empty() {
            continue;
        }
        let ends: Vec<&str> = item
            .split(|c: char| c == '-' || c.is_whitespace())
            .filter(|s| !s.is_empty())
            .collect();
        let [u, v] = ends.as_slice() else {
            return Err(Error::new(format!(
                "edge {} of the graph {} is {}: write two vertex names as u-v or u v",
                number + 1,
                quote(name),
                quote(item)
            )));
        };
        if u == v {
            return Err(Error::new(format!(
                "edge {} of the graph {} is a loop at {}",
                number + 1,
                quote(name),
                quote(u)
            )));
        }
        let mut index = |vertex: &str| match names.iter().position(|n| n == vertex) {
            Some(i) => Ok(i),
            None if names.len() == MAX_HOLES => Err(Error::new(format!(
                "the graph {} has more than {MAX_HOLES} vertices (edge {} names the {}th); \
                 at most {MAX_HOLES}",
                quote(name),
                number + 1,
                MAX_HOLES + 1
            ))),
            None => {
                names.push(vertex.to_string());
                Ok(names.len() - 1)
            }
        };
        let (a, b) = (index(u)?, index(v)?);
        edges.push((a, b));
    }
    Board::graph(name, names, &edges, budget)
}
