//! The independent checker of hop lists on three rows.

use super::{Grid, Hop};
use crate::error::Error;
use crate::solitaire::Board;
use std::collections::BTreeSet;

/// Where a replayed hop list leaves the pegs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The column of the start grid where `grid` begins (0, or negative when a peg left the
    /// board on the left of the infinite board).
    pub offset: i64,
    /// The final position, over the start's columns and every column a peg reached.
    pub grid: Grid,
}

/// Plays `hops` on `start`, checking each: the jumping and the jumped peg are there, the
/// landing cell is a hole, and on the finite board all three cells lie on the board. The
/// pegs are kept as a plain set of cells, apart from every search of the crate.
///
/// # Complexity
/// O(h log p + n + span) for h hops and p pegs.
///
/// # Examples
///
/// ```
/// use unhop::solitaire::Board;
/// use unhop::solitaire::Direction::{Left, Right};
/// use unhop::solitaire::three_rows::{Grid, Hop, replay};
/// let start: Grid = "11/00/00".parse().unwrap();
/// let hops = [Hop::Row { row: 0, from: 0, direction: Right }];
/// assert!(replay(&start, Board::Finite, &hops).is_err());
/// let done = replay(&start, Board::Infinite, &hops).unwrap();
/// assert_eq!((done.offset, done.grid.to_string()), (0, "001/000/000".into()));
/// let hops = [Hop::Row { row: 0, from: 1, direction: Left }];
/// let done = replay(&start, Board::Infinite, &hops).unwrap();
/// assert_eq!((done.offset, done.grid.to_string()), (-1, "100/000/000".into()));
/// ```
pub fn replay(start: &Grid, board: Board, hops: &[Hop]) -> Result<Replay, Error> {
    let n = start.len() as i64;
    let mut pegs: BTreeSet<(i64, usize)> = BTreeSet::new();
    for column in 0..start.len() {
        for row in 0..3 {
            if start.peg(row, column) {
                pegs.insert((column as i64, row));
            }
        }
    }
    for (i, &hop) in hops.iter().enumerate() {
        let [from, over, to] = hop.cells().map(|(row, column)| (column, row));
        if board == Board::Finite && [from, over, to].iter().any(|&(c, _)| c < 0 || c >= n) {
            return Err(Error::new(format!(
                "hop {} ({hop}) leaves the finite board of {n} columns",
                i + 1
            )));
        }
        if !pegs.contains(&from) || !pegs.contains(&over) || pegs.contains(&to) {
            return Err(Error::new(format!(
                "hop {} ({hop}) needs pegs on its first two cells and a hole on the third",
                i + 1
            )));
        }
        pegs.remove(&from);
        pegs.remove(&over);
        pegs.insert(to);
    }
    let low = pegs.iter().map(|&(c, _)| c).min().unwrap_or(0).min(0);
    let high = pegs.iter().map(|&(c, _)| c + 1).max().unwrap_or(0).max(n);
    let mut grid = Grid::from_columns(vec![0; (high - low) as usize])?;
    for &(column, row) in &pegs {
        grid.set(row, (column - low) as usize, true);
    }
    Ok(Replay { offset: low, grid })
}
