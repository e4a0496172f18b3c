//! What the browser page draws of a sliding board: the board with its tiles that can move
//! ([`BoardView`]), and a board being typed cell by cell, each bad cell with its reason
//! ([`check_cells`]). The page's functions only serialise these.

use super::board::{Board, MAX_CELLS};
use super::goal::check_width;
use super::report::SolvabilityReport;
use super::solvability::solvability;
use crate::error::Error;
use serde::Serialize;

/// A board as the page draws it, against the goal with the gap last.
///
/// # Examples
///
/// ```
/// use unhop::sliding::{Board, BoardView};
/// let board: Board = "1 2 3 4 5 6 7 _ 8".parse().unwrap();
/// let view = BoardView::checked(&board).unwrap();
/// assert_eq!((view.movable.as_slice(), view.solved, view.solvable), (&[5, 7, 8][..], false, Some(true)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct BoardView {
    /// The board.
    pub board: Board,
    /// Its width: 3 or 4.
    pub width: usize,
    /// Its cells row by row, 0 the gap.
    pub cells: Vec<u8>,
    /// The tiles next to the gap, which can slide.
    pub movable: Vec<u8>,
    /// Whether it is the goal.
    pub solved: bool,
    /// Whether it can reach the goal, when that was asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solvable: Option<bool>,
    /// Why it cannot, when it cannot.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

impl BoardView {
    /// The board as drawn: its cells, its movable tiles and whether it is the goal.
    ///
    /// # Complexity
    ///
    /// O(n) time and memory for n cells (the cells copied, the goal built to compare); the
    /// solvability is not asked ([`BoardView::checked`] asks it).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::sliding::{Board, BoardView};
    /// let view = BoardView::new(&Board::solved(3, false));
    /// assert_eq!((view.width, view.movable.as_slice()), (3, &[6, 8][..]));
    /// assert!(view.solved && view.solvable.is_none());
    /// ```
    pub fn new(board: &Board) -> BoardView {
        BoardView {
            board: *board,
            width: board.width(),
            cells: board.cells().to_vec(),
            movable: board.movable_tiles(),
            solved: *board == Board::solved(board.width(), false),
            solvable: None,
            reason: None,
        }
    }

    /// [`BoardView::new`], with whether the board can reach the goal and why not
    /// ([`solvability`]).
    ///
    /// # Complexity
    /// O(cells²).
    pub fn checked(board: &Board) -> Result<BoardView, Error> {
        let goal = Board::solved(board.width(), false);
        let report = SolvabilityReport::new(board, &goal, &solvability(board, &goal)?);
        Ok(BoardView {
            solvable: Some(report.solvable),
            reason: report.reason,
            ..BoardView::new(board)
        })
    }
}

/// A board typed cell by cell, checked one cell at a time ([`check_cells`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct CellsCheck {
    /// The board's width: 3 with 9 entries, 4 with 16, else the width asked for.
    pub width: usize,
    /// The number of entries typed.
    pub count: usize,
    /// The entries, one a cell (`""` past the last one typed).
    pub entries: Vec<String>,
    /// Each cell, its tile and its problem.
    pub cells: Vec<CellCheck>,
    /// The problem of the board as a whole (too few or too many entries), if any.
    pub error: Option<String>,
    /// The board with its solvability ([`BoardView::checked`]), once no problem remains.
    pub board: Option<BoardView>,
}

/// One cell of a [`CellsCheck`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct CellCheck {
    /// The tile its entry names (0 the gap), if it names one of the board.
    pub tile: Option<u8>,
    /// Why the entry is wrong, if it is: not a number, out of range, or a tile another cell
    /// holds too (naming that cell, rows and columns counted from 1).
    pub error: Option<String>,
}

/// The entries of a board typed cell by cell, checked one by one, so that the page can flag
/// each bad cell with its reason while the board is being typed.
///
/// `text` holds the entries row by row, separated by spaces, commas or slashes, as
/// [`Board::parse`] reads them (`0` or `_` for the gap). With 9 or 16 entries the board has
/// that size, else `width` (3 or 4). A cell is flagged when its entry is not a number, is out
/// of range, or repeats another cell's tile (every cell of a repeated tile is flagged, each
/// naming another). A cell past the last entry is not flagged; the board as a whole is, with
/// how many entries there are.
///
/// # Complexity
/// O(width⁴) plus the length of `text`.
///
/// # Errors
/// A width other than 3 or 4.
///
/// # Examples
///
/// ```
/// use unhop::sliding::check_cells;
/// let check = check_cells(3, "1 2 3 / 4 5 5 / 7 8 x").unwrap();
/// let flagged: Vec<usize> = (0..9).filter(|&i| check.cells[i].error.is_some()).collect();
/// assert_eq!(flagged, [4, 5, 8]);
/// assert_eq!(check.cells[5].error.as_deref(), Some("tile 5 is also at row 2, column 2"));
/// assert!(check.board.is_none());
/// let whole = check_cells(4, "1 2 3 4 5 6 7 _ 8").unwrap();
/// assert_eq!((whole.width, whole.board.unwrap().solvable), (3, Some(true)));
/// assert_eq!(check_cells(4, "5 1 2").unwrap().error.as_deref(), Some("3 of the 16 cells filled"));
/// ```
pub fn check_cells(width: usize, text: &str) -> Result<CellsCheck, Error> {
    check_width(width)?;
    let tokens: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',' || c == '/')
        .filter(|t| !t.is_empty())
        .collect();
    let width = match tokens.len() {
        9 => 3,
        n if n == MAX_CELLS => 4,
        _ => width,
    };
    let n = width * width;
    let place = |cell: usize| format!("row {}, column {}", cell / width + 1, cell % width + 1);
    let entries: Vec<&str> = (0..n)
        .map(|i| tokens.get(i).copied().unwrap_or(""))
        .collect();
    let tiles: Vec<Option<u8>> = entries
        .iter()
        .map(|e| match *e {
            "_" => Some(0),
            "" => None,
            e => e.parse::<u8>().ok().filter(|&t| usize::from(t) < n),
        })
        .collect();
    let cells: Vec<CellCheck> = (0..n)
        .map(|i| {
            let entry = entries[i];
            let error = match tiles[i] {
                None if i >= tokens.len() => None,
                None => Some(match entry.parse::<usize>() {
                    Ok(t) => format!("{t} is out of range: the tiles are 1 to {}", n - 1),
                    Err(_) => format!(
                        "{} is not a tile number (0, _ or empty for the gap)",
                        crate::quote(entry)
                    ),
                }),
                Some(t) => (0..n)
                    .find(|&j| j != i && tiles[j] == Some(t))
                    .map(|j| match t {
                        0 => format!("a second gap (another at {})", place(j)),
                        t => format!("tile {t} is also at {}", place(j)),
                    }),
            };
            CellCheck {
                tile: tiles[i],
                error,
            }
        })
        .collect();
    let error = match tokens.len() {
        c if c < n => Some(format!("{c} of the {n} cells filled")),
        c if c > n => Some(format!(
            "{c} entries; a board is 9 numbers (the 8-puzzle) or 16 (the 15-puzzle)"
        )),
        _ => None,
    };
    let board = match error.is_none() && cells.iter().all(|c| c.error.is_none()) {
        true => Some(BoardView::checked(&Board::parse(&entries.join(" "))?)?),
        false => None,
    };
    Ok(CellsCheck {
        width,
        count: tokens.len(),
        entries: entries.iter().map(|e| e.to_string()).collect(),
        cells,
        error,
        board,
    })
}
