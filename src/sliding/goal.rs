//! Goals as the shells name them: `last` (the tiles in order, the gap last), `first` (the gap
//! first, Korf's convention) or a board.

use super::board::{Board, MAX_WIDTH};
use crate::error::Error;

/// The goal `text` names for a board of `width` (any width when `None`): `last` (`1 2 … _`),
/// `first` (`_ 1 2 …`), each of the given width or else 4, or a board as [`Board::parse`]
/// reads it, which must then be of that width.
///
/// # Complexity
/// O(length of `text`).
///
/// # Errors
/// A width other than 3 or 4; a board that does not parse (the message says a goal is
/// `last`, `first` or a board); a board of another width.
///
/// # Examples
///
/// ```
/// use unhop::sliding::{Board, parse_goal};
/// assert_eq!(parse_goal("last", Some(3)).unwrap(), Board::solved(3, false));
/// assert_eq!(parse_goal("first", None).unwrap(), Board::solved(4, true));
/// let board = parse_goal("_ 1 2 / 3 4 5 / 6 7 8", Some(3)).unwrap();
/// assert_eq!(board.gap(), 0);
/// let err = parse_goal("_ 1 2 / 3 4 5 / 6 7 8", Some(4)).unwrap_err();
/// assert!(err.to_string().contains("is 3×3 but the board is 4×4"), "{err}");
/// assert!(parse_goal("middle", None).is_err());
/// assert!(parse_goal("last", Some(5)).is_err());
/// ```
pub fn parse_goal(text: &str, width: Option<usize>) -> Result<Board, Error> {
    if let Some(w) = width {
        check_width(w)?;
    }
    let goal = match text {
        "last" => Board::solved(width.unwrap_or(MAX_WIDTH), false),
        "first" => Board::solved(width.unwrap_or(MAX_WIDTH), true),
        _ => Board::parse(text).map_err(|e| e.context("--goal must be last, first or a board"))?,
    };
    match width {
        Some(w) if goal.width() != w => Err(Error::new(format!(
            "the goal {goal} is {0}×{0} but the board is {w}×{w}",
            goal.width()
        ))),
        _ => Ok(goal),
    }
}

/// Checks a board's width: 3 (the 8-puzzle) or 4 (the 15-puzzle).
///
/// # Complexity
/// O(1).
///
/// # Examples
///
/// ```
/// assert!(unhop::sliding::check_width(4).is_ok());
/// assert!(unhop::sliding::check_width(5).unwrap_err().to_string().contains("3×3"));
/// ```
pub fn check_width(width: usize) -> Result<(), Error> {
    match width {
        3 | MAX_WIDTH => Ok(()),
        _ => Err(Error::new(format!(
            "a board is 3×3 (the 8-puzzle) or 4×4 (the 15-puzzle), not {width}×{width}"
        ))),
    }
}
