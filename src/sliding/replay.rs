//! The independent checker: plays a list of tiles on the board as typed, one slide at a time.
//!
//! It uses nothing of the searches (no labels, no tables): only [`Board::slide`], which finds
//! the tile and the gap and checks that they share a side. Every solution the crate returns
//! has been through [`replay`].

use super::Board;
use crate::error::Error;

/// Slides `tiles` in order on `board` and checks that the result is `goal`. O(n² · tiles).
///
/// # Complexity
/// O(n² · tiles).
///
/// # Examples
///
/// ```
/// use unhop::sliding::{Board, replay};
/// let board: Board = "5 1 2 4 9 6 3 8 13 10 7 11 0 14 15 12".parse().unwrap();
/// let goal = Board::solved(4, false);
/// assert!(replay(&board, &goal, &[13, 9, 5, 1, 2, 3, 7, 11, 12]).is_ok());
/// let err = replay(&board, &goal, &[13, 9, 5, 1, 2, 3, 7, 12]).unwrap_err();
/// assert!(err.to_string().contains("slide 8"), "{err}");
/// ```
pub fn replay(board: &Board, goal: &Board, tiles: &[u8]) -> Result<(), Error> {
    let mut now = *board;
    for (k, &tile) in tiles.iter().enumerate() {
        now.slide(tile)
            .map_err(|e| Error::new(format!("slide {} of the solution: {e}", k + 1)))?;
    }
    if now != *goal {
        return Err(Error::new(format!(
            "the {} slides end on {now}, not on the goal {goal}",
            tiles.len()
        )));
    }
    Ok(())
}
