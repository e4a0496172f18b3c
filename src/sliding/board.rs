//! Boards of the 8- and 15-puzzle: parsing, printing, sliding one tile.

use crate::error::{Error, quote};
use std::fmt;

/// The largest width supported (the 15-puzzle).
pub const MAX_WIDTH: usize = 4;
/// The most cells a board has.
pub const MAX_CELLS: usize = MAX_WIDTH * MAX_WIDTH;

/// A square sliding-tile board, 3×3 (the 8-puzzle) or 4×4 (the 15-puzzle).
///
/// Cells are numbered row by row from 0 at the top left; a cell holds a tile `1..n²−1` or the
/// gap, written `0`.
///
/// ```
/// use unhop::sliding::Board;
/// let board: Board = "5 1 2 4 / 9 6 3 8 / 13 10 7 11 / _ 14 15 12".parse().unwrap();
/// assert_eq!((board.width(), board.gap()), (4, 12));
/// assert_eq!(board.to_string(), "5 1 2 4 / 9 6 3 8 / 13 10 7 11 / _ 14 15 12");
/// assert!(Board::parse("1 2 3 4 5 6 7 8 8").is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    width: u8,
    cells: [u8; MAX_CELLS],
}

impl Board {
    /// Reads a board row by row: `n²` numbers (`n` = 3 or 4) separated by spaces, commas or
    /// slashes, with `0` or `_` for the gap.
    ///
    /// Errors name the offending token and its character position: a token that is not a
    /// number, a tile too large for the board, a tile given twice, a wrong count.
    ///
    /// # Complexity
    /// O(length of `text`); no memory beyond the text and the board.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::sliding::Board;
    /// let board = Board::parse("1,2,3/4,5,6/7,_,8").unwrap();
    /// assert_eq!(board.gap(), 7);
    /// let err = Board::parse("1 2 3 4 5 6 7 8 x").unwrap_err();
    /// assert_eq!(err.column(), Some(16));
    /// ```
    pub fn parse(text: &str) -> Result<Board, Error> {
        // At most MAX_CELLS tokens are kept (the rest only counted), so a long line costs no
        // memory beyond its text.
        let mut tokens: Vec<(usize, &str)> = Vec::with_capacity(MAX_CELLS);
        let mut count = 0usize;
        let mut start = None;
        for (i, ch) in text.char_indices().chain([(text.len(), ' ')]) {
            let separator = ch.is_whitespace() || ch == ',' || ch == '/';
            match (separator, start) {
                (true, Some(s)) => {
                    if tokens.len() < MAX_CELLS {
                        tokens.push((s, &text[s..i]));
                    }
                    count += 1;
                    start = None;
                }
                (false, None) => start = Some(i),
                _ => {}
            }
        }
        let width = match count {
            9 => 3,
            16 => 4,
            count => {
                return Err(Error::new(format!(
                    "the board {} has {count} entr{}; a board is 9 numbers (3×3, the \
                     8-puzzle) or 16 (4×4, the 15-puzzle) row by row, 0 or _ for the gap, \
                     separated by spaces, commas or slashes, such as '1 2 3 / 4 5 6 / 7 8 _'",
                    quote(text),
                    if count == 1 { "y" } else { "ies" }
                )));
            }
        };
        let char_position = |byte: usize| text[..byte].chars().count();
        let mut cells = [0u8; MAX_CELLS];
        let mut seen_at: [Option<usize>; MAX_CELLS] = [None; MAX_CELLS];
        for (cell, &(at, token)) in tokens.iter().enumerate() {
            let tile = if token == "_" {
                0
            } else {
                match token.parse::<usize>() {
                    Ok(t) if t < width * width => t,
                    Ok(t) => {
                        return Err(Error::at(
                            text,
                            char_position(at),
                            format!(
                                "tile {t} is too large for a {width}×{width} board (tiles 1 to {})",
                                width * width - 1
                            ),
                        ));
                    }
                    Err(_) => {
                        return Err(Error::at(
                            text,
                            char_position(at),
                            format!(
                                "{} is not a tile number (or 0 or _ for the gap)",
                                quote(token)
                            ),
                        ));
                    }
                }
            };
            if let Some(first) = seen_at[tile] {
                let what = if tile == 0 {
                    "a second gap".to_string()
                } else {
                    format!("tile {tile} appears twice (first at entry {})", first + 1)
                };
                return Err(Error::at(text, char_position(at), what));
            }
            seen_at[tile] = Some(cell);
            cells[cell] = tile as u8;
        }
        Ok(Board {
            width: width as u8,
            cells,
        })
    }

    /// The solved board of the given width with the gap last (`1 2 … n²−1 _`), or first when
    /// `gap_first` (Korf's convention, `_ 1 2 … n²−1`). Panics if `width` is not 3 or 4.
    ///
    /// # Complexity
    /// O(cells).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::sliding::Board;
    /// assert_eq!(Board::solved(3, false).to_string(), "1 2 3 / 4 5 6 / 7 8 _");
    /// assert_eq!(Board::solved(3, true).to_string(), "_ 1 2 / 3 4 5 / 6 7 8");
    /// ```
    pub fn solved(width: usize, gap_first: bool) -> Board {
        assert!((3..=MAX_WIDTH).contains(&width), "width 3 or 4");
        let n = width * width;
        let mut cells = [0u8; MAX_CELLS];
        for (cell, slot) in cells.iter_mut().enumerate().take(n) {
            *slot = if gap_first {
                cell as u8
            } else {
                ((cell + 1) % n) as u8
            };
        }
        Board {
            width: width as u8,
            cells,
        }
    }

    /// A board from its cells row by row (`0` the gap), checked like [`Board::parse`].
    ///
    /// # Complexity
    /// O(cells).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::sliding::Board;
    /// assert_eq!(Board::from_cells(&[1, 2, 3, 4, 5, 6, 7, 8, 0]).unwrap(), Board::solved(3, false));
    /// assert!(Board::from_cells(&[1, 1, 2, 3, 4, 5, 6, 7, 0]).is_err());
    /// ```
    pub fn from_cells(cells: &[u8]) -> Result<Board, Error> {
        let text: Vec<String> = cells.iter().map(u8::to_string).collect();
        Board::parse(&text.join(" "))
    }

    /// The number of tiles in a row: 3 or 4.
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// The number of cells, `width²`.
    pub fn len(&self) -> usize {
        self.width() * self.width()
    }

    /// Always false: a board has at least 9 cells (here for the `len` convention).
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The cells row by row, `0` for the gap.
    pub fn cells(&self) -> &[u8] {
        &self.cells[..self.len()]
    }

    /// The tile in `cell` (0 for the gap).
    pub fn tile_at(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// The cell of the gap.
    pub fn gap(&self) -> usize {
        self.position_of(0)
    }

    /// The cell holding `tile` (0: the gap). O(n²).
    pub fn position_of(&self, tile: u8) -> usize {
        self.cells()
            .iter()
            .position(|&t| t == tile)
            .expect("every tile is on the board")
    }

    /// Slides `tile` into the gap, if it is next to it (left, right, above or below). O(n²).
    ///
    /// # Complexity
    /// O(cells).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::sliding::Board;
    /// let mut board = Board::solved(3, false);
    /// assert!(board.slide(8).is_ok());
    /// assert_eq!(board.to_string(), "1 2 3 / 4 5 6 / 7 _ 8");
    /// assert!(board.slide(1).is_err());
    /// ```
    pub fn slide(&mut self, tile: u8) -> Result<(), Error> {
        if tile == 0 || tile as usize >= self.len() {
            return Err(Error::new(format!(
                "there is no tile {tile} on a {0}×{0} board",
                self.width
            )));
        }
        let (from, gap) = (self.position_of(tile), self.gap());
        if !self.adjacent(from, gap) {
            return Err(Error::new(format!(
                "tile {tile} is not next to the gap on {self}"
            )));
        }
        self.cells.swap(from, gap);
        Ok(())
    }

    /// Whether cells `a` and `b` share a side.
    pub fn adjacent(&self, a: usize, b: usize) -> bool {
        let w = self.width();
        let (ra, ca, rb, cb) = (a / w, a % w, b / w, b % w);
        ra.abs_diff(rb) + ca.abs_diff(cb) == 1
    }

    /// The tiles next to the gap, which are the ones that can slide.
    ///
    /// # Complexity
    /// O(cells).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::sliding::Board;
    /// assert_eq!(Board::solved(3, false).movable_tiles(), [6, 8]);
    /// ```
    pub fn movable_tiles(&self) -> Vec<u8> {
        let gap = self.gap();
        (0..self.len())
            .filter(|&c| self.adjacent(c, gap))
            .map(|c| self.cells[c])
            .collect()
    }

    /// The board as a grid of lines, the gap as `_`, numbers right-aligned: for terminals.
    ///
    /// # Complexity
    ///
    /// O(n) time for n cells; the text is 3n + w bytes for a width w (a short string for each
    /// cell on the way).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::sliding::Board;
    /// assert_eq!(Board::solved(3, false).to_grid(), "  1  2  3\n  4  5  6\n  7  8  _\n");
    /// ```
    pub fn to_grid(&self) -> String {
        let mut out = String::new();
        for row in self.cells().chunks(self.width()) {
            let line: Vec<String> = row
                .iter()
                .map(|&t| match t {
                    0 => format!("{:>3}", "_"),
                    t => format!("{t:>3}"),
                })
                .collect();
            out.push_str(&line.join(""));
            out.push('\n');
        }
        out
    }
}

impl std::str::FromStr for Board {
    type Err = Error;
    fn from_str(text: &str) -> Result<Board, Error> {
        Board::parse(text)
    }
}

/// Row by row, rows separated by ` / `, the gap as `_`: the form [`Board::parse`] reads.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (r, row) in self.cells().chunks(self.width()).enumerate() {
            if r > 0 {
                f.write_str(" / ")?;
            }
            for (c, &t) in row.iter().enumerate() {
                if c > 0 {
                    f.write_str(" ")?;
                }
                match t {
                    0 => f.write_str("_")?,
                    t => write!(f, "{t}")?,
                }
            }
        }
        Ok(())
    }
}

/// A board serialises as its text, row by row (`"1 2 3 / 4 5 6 / 7 8 _"`), as it is printed
/// and read.
impl serde::Serialize for Board {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A board's schema: a string, the board row by row.
impl schemars::JsonSchema for Board {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "SlidingBoard".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A sliding-puzzle board row by row, rows separated by ` / `, the gap `_`: `1 2 3 / 4 5 6 / 7 8 _`.",
            "type": "string"
        })
    }
}
