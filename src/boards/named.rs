//! Named boards, ASCII pictures of boards, and the `--board` argument that chooses among them
//! and the graph boards.

use super::board::Board;
use super::geometry::{Geometry, Position};
use super::graphs;
use crate::Error;
use crate::budget::Budget;

/// The English cross of 33 holes.
const ENGLISH: &str = "  ooo  \n  ooo  \nooooooo\nooooooo\nooooooo\n  ooo  \n  ooo  ";
/// The European (French) board of 37 holes.
const FRENCH: &str = "  ooo  \n ooooo \nooooooo\nooooooo\nooooooo\n ooooo \n  ooo  ";
/// Wiegleb's 45-hole cross (arms three holes wide and three long on a 9 × 9 square).
const WIEGLEB: &str = "   ooo   \n   ooo   \n   ooo   \nooooooooo\nooooooooo\nooooooooo\n   ooo   \n   ooo   \n   ooo   ";

/// The names `--board` accepts besides files and graphs.
pub const BOARD_NAMES: &str =
    "english, french (or european), wiegleb, triangle (or triangle:N for N rows)";

impl Board {
    /// The board a `--board` argument names:
    ///
    /// * `english` (33 holes), `french` or `european` (37), `wiegleb` (45), `triangle` (15
    ///   holes in 5 rows) or `triangle:N` (N rows, 2 ≤ N ≤ 10);
    /// * a graph: `path:N`, `cycle:N`, `star:N` (a centre and N leaves), `complete:N`,
    ///   `bipartite:M,N`, `hypercube:D`, `petersen`, `edges:1-2,2-3,…`, or `graph:FILE` (an
    ///   edge list file, one `u v` or `u-v` per line, `#` starts a comment);
    /// * otherwise the path of a file holding an ASCII picture (see [`Board::from_picture`]).
    ///
    /// A graph's symmetries are searched for under the default budget
    /// ([`Board::named_within`] takes the caller's).
    ///
    /// # Complexity
    /// O(size of the spec or the file) plus the board's construction ([`Board`]) and a graph's
    /// symmetry search ([`Automorphisms::of_graph`](super::Automorphisms::of_graph)).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::Board;
    /// assert_eq!(Board::named("french").unwrap().holes(), 37);
    /// assert_eq!(Board::named("triangle").unwrap().symmetries().order(), 6);
    /// assert_eq!(Board::named("petersen").unwrap().edges().len(), 15);
    /// assert!(Board::named("hexagonal").unwrap_err().to_string().contains("unknown board"));
    /// ```
    pub fn named(spec: &str) -> Result<Board, Error> {
        Board::named_within(spec, &Budget::default())
    }

    /// [`Board::named`], a graph's symmetry search
    /// ([`Automorphisms::of_graph`](super::Automorphisms::of_graph)) under
    /// `budget`: past its work limit, an error with the figures.
    ///
    /// # Complexity
    /// O(size of the spec or the file) plus the board's construction.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::Board;
    /// use unhop::budget::Budget;
    /// let tight = Budget::default().with_max_work(10);
    /// let err = Board::named_within("petersen", &tight).unwrap_err();
    /// assert_eq!(err.figures().unwrap().unit, "candidate images");
    /// assert!(Board::named_within("english", &tight).is_ok()); // no search on a grid
    /// ```
    pub fn named_within(spec: &str, budget: &Budget) -> Result<Board, Error> {
        match spec {
            "english" => return Board::from_picture("english", ENGLISH),
            "french" | "european" => return Board::from_picture("french", FRENCH),
            "wiegleb" => return Board::from_picture("wiegleb", WIEGLEB),
            "triangle" => return triangle(5),
            _ => {}
        }
        if let Some(rows) = spec.strip_prefix("triangle:") {
            let rows = graphs::parse_size(spec, rows, 2, 10)?;
            return triangle(rows);
        }
        if let Some(board) = graphs::named_graph(spec, budget)? {
            return Ok(board);
        }
        let path = std::path::Path::new(spec);
        if !path.is_file() {
            return Err(Error::new(format!(
                "unknown board {}: not one of {BOARD_NAMES}, nor a graph ({}), nor a picture file",
                crate::error::quote(spec),
                graphs::GRAPH_NAMES
            )));
        }
        let text = crate::batch_lines::read_capped(path, "the board file")?;
        Board::from_picture(spec, &text)
    }

    /// A square-grid board from an ASCII picture: `o` or `x` is a hole holding a peg, `.` an
    /// empty hole, a space or `#` no hole. Every line must have the same number of characters
    /// (blank lines before and after the picture are ignored). When the picture draws an empty
    /// hole, the pegs drawn become the board's default start.
    ///
    /// Costs O(size of the picture) plus the board's construction.
    ///
    /// # Complexity
    /// O(size of the picture) plus the board's construction.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::Board;
    /// let board = Board::from_picture("small", "ooo\no.o\nooo").unwrap();
    /// assert_eq!(board.holes(), 9);
    /// assert_eq!(board.drawn_start().unwrap().count_ones(), 8);
    /// let ragged = Board::from_picture("bad", "ooo\noo\nooo").unwrap_err();
    /// assert!(ragged.to_string().contains("line 2"));
    /// ```
    pub fn from_picture(name: &str, text: &str) -> Result<Board, Error> {
        let lines: Vec<&str> = text.lines().collect();
        let first = lines.iter().position(|l| !l.trim().is_empty());
        let last = lines.iter().rposition(|l| !l.trim().is_empty());
        let (Some(first), Some(last)) = (first, last) else {
            return Err(Error::new(format!(
                "the board {} has no holes: the picture is empty",
                crate::error::quote(name)
            )));
        };
        let width = lines[first].chars().count();
        let mut holes = Vec::new();
        let mut pegs = Vec::new();
        for (row, line) in lines[first..=last].iter().enumerate() {
            let line_number = first + row + 1;
            let length = line.chars().count();
            if length != width {
                return Err(Error::new(format!(
                    "ragged picture in {}: line {line_number} has {length} characters but line {} has {width} (every line must be as wide; write # or a space for no hole)",
                    crate::error::quote(name),
                    first + 1
                )));
            }
            for (column, ch) in line.chars().enumerate() {
                let place = (row as i32, column as i32);
                match ch {
                    'o' | 'x' => {
                        holes.push(place);
                        pegs.push(place);
                    }
                    '.' => holes.push(place),
                    ' ' | '#' => {}
                    other => {
                        return Err(Error::new(format!(
                            "unexpected character {} at line {line_number}, column {} of the board {}: use o or x for a peg, . for an empty hole, # or a space for no hole",
                            crate::error::quote(other.encode_utf8(&mut [0; 4])),
                            column + 1,
                            crate::error::quote(name)
                        )));
                    }
                }
            }
        }
        if width > 26 {
            return Err(Error::new(format!(
                "the picture of {} is {width} columns wide; at most 26 (columns are named a to z)",
                crate::error::quote(name)
            )));
        }
        let mut board = Board::grid(name, Geometry::Square, holes)?;
        if pegs.len() < board.holes() {
            let start: Position = pegs
                .iter()
                .map(|p| 1u64 << board.coords.binary_search(p).unwrap_or(0))
                .fold(0, |a, b| a | b);
            board.drawn_start = Some(start);
        }
        Ok(board)
    }
}

/// The triangular board with `rows` rows (15 holes for 5 rows).
fn triangle(rows: usize) -> Result<Board, Error> {
    let coords = (0..rows as i32)
        .flat_map(|r| (0..=r).map(move |c| (r, c)))
        .collect();
    let name = if rows == 5 {
        "triangle".to_string()
    } else {
        format!("triangle:{rows}")
    };
    Board::grid(&name, Geometry::Triangle, coords)
}
