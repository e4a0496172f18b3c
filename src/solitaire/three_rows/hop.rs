//! Hops on three rows: along a row over three adjacent columns, or down or up one column.

use crate::solitaire::Direction;
use std::fmt;

/// One hop on a 3-row board: a peg jumps over an adjacent peg (removed) into the hole just
/// beyond it.
///
/// * [`Hop::Row`]: in one row, from column `from` over `from ± 1` to `from ± 2`
///   (`110 → 001` to the right, `011 → 100` to the left). On the infinite board the columns
///   may be negative or beyond the board.
/// * [`Hop::Column`]: inside one column, top over middle to bottom ([`Direction::Right`],
///   read top to bottom `110 → 001`) or bottom over middle to top ([`Direction::Left`]).
///
/// # Complexity
/// Every method takes O(1).
///
/// ```
/// use unhop::solitaire::Direction;
/// use unhop::solitaire::three_rows::Hop;
/// let hop = Hop::Row { row: 1, from: 0, direction: Direction::Right };
/// assert_eq!(hop.cells(), [(1, 0), (1, 1), (1, 2)]);
/// assert_eq!(hop.to_string(), "middle 0→2");
/// let down = Hop::Column { column: 3, direction: Direction::Right };
/// assert_eq!(down.cells(), [(0, 3), (1, 3), (2, 3)]);
/// assert_eq!(down.to_string(), "column 3 down");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hop {
    /// A hop along row `row` (0 top, 1 middle, 2 bottom) from column `from`.
    Row {
        /// The row, 0 (top) to 2 (bottom).
        row: usize,
        /// The column of the jumping peg.
        from: i64,
        /// Right: towards larger columns; left: towards smaller ones.
        direction: Direction,
    },
    /// A hop inside column `column`: right means down (top to bottom), left means up.
    Column {
        /// The column.
        column: i64,
        /// Right: top over middle to bottom; left: bottom over middle to top.
        direction: Direction,
    },
}

impl Hop {
    /// The cells (row, column) of the jumping peg, the peg jumped over and the landing hole.
    ///
    /// # Complexity
    ///
    /// O(1): three cells computed; no allocation.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::solitaire::{Direction, three_rows::Hop};
    /// let left = Hop::Row { row: 2, from: 5, direction: Direction::Left };
    /// assert_eq!(left.cells(), [(2, 5), (2, 4), (2, 3)]);
    /// let up = Hop::Column { column: -1, direction: Direction::Left };
    /// assert_eq!(up.cells(), [(2, -1), (1, -1), (0, -1)]);
    /// ```
    pub fn cells(self) -> [(usize, i64); 3] {
        match self {
            Hop::Row {
                row,
                from,
                direction,
            } => {
                let step = if direction == Direction::Right { 1 } else { -1 };
                [(row, from), (row, from + step), (row, from + 2 * step)]
            }
            Hop::Column { column, direction } => match direction {
                Direction::Right => [(0, column), (1, column), (2, column)],
                Direction::Left => [(2, column), (1, column), (0, column)],
            },
        }
    }

    /// Every hop whose three cells lie in columns `0..n`: row hops then column hops.
    ///
    /// # Complexity
    ///
    /// O(n) time and space: at most 8n hops.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::solitaire::three_rows::Hop;
    /// // Three columns: three row hops each way, and three column hops each way.
    /// assert_eq!(Hop::all_within(3).len(), 12);
    /// ```
    pub fn all_within(n: usize) -> Vec<Hop> {
        let n = n as i64;
        let mut hops = Vec::new();
        for row in 0..3 {
            for from in 0..n {
                for direction in [Direction::Right, Direction::Left] {
                    let hop = Hop::Row {
                        row,
                        from,
                        direction,
                    };
                    if hop.cells().iter().all(|&(_, c)| (0..n).contains(&c)) {
                        hops.push(hop);
                    }
                }
            }
        }
        for column in 0..n {
            for direction in [Direction::Right, Direction::Left] {
                hops.push(Hop::Column { column, direction });
            }
        }
        hops
    }
}

impl fmt::Display for Hop {
    /// `top 0→2`, `bottom 5→3`, `column 3 down`, `column 0 up`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Hop::Row { row, .. } => {
                let [(_, from), _, (_, to)] = self.cells();
                let name = ["top", "middle", "bottom"][row];
                write!(f, "{name} {from}→{to}")
            }
            Hop::Column { column, direction } => {
                let way = if direction == Direction::Right {
                    "down"
                } else {
                    "up"
                };
                write!(f, "column {column} {way}")
            }
        }
    }
}
