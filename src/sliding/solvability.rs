//! Which boards can reach which: the inversion-parity test, done before any search.
//!
//! Read the tiles row by row, leaving out the gap; an *inversion* is a pair in which the larger
//! number comes first. A horizontal slide keeps the order. A vertical slide moves a tile past
//! `width − 1` others, changing the count by an odd or even amount as the width is even or
//! odd, while the gap changes row. So the parity of
//!
//! * the inversions, on odd widths (3×3), or
//! * the inversions plus the gap's row counted from the bottom (1 for the bottom row), on even
//!   widths (4×4),
//!
//! never changes, and a board reaches a goal exactly when the two parities agree (the other
//! half of the arrangements is unreachable; the tests check this against a breadth-first
//! search of all 9! arrangements of the 8-puzzle).

use super::Board;

/// The parity invariant of one board, with the numbers it is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parity {
    /// Pairs of tiles (gap left out) with the larger first, reading row by row.
    pub inversions: usize,
    /// The gap's row counted from the bottom (1 = bottom row); counted on even widths only.
    pub gap_row_from_bottom: Option<usize>,
}

impl Parity {
    /// Counts inversions in O(n⁴) = at most 120 comparisons.
    ///
    /// ```
    /// use unhop::sliding::{Board, Parity};
    /// let swapped: Board = "1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 _".parse().unwrap();
    /// let p = Parity::of(&swapped);
    /// assert_eq!((p.inversions, p.gap_row_from_bottom, p.sum()), (1, Some(1), 2));
    /// ```
    pub fn of(board: &Board) -> Parity {
        let tiles: Vec<u8> = board.cells().iter().copied().filter(|&t| t != 0).collect();
        let inversions = (0..tiles.len())
            .map(|i| tiles[i + 1..].iter().filter(|&&t| t < tiles[i]).count())
            .sum();
        let w = board.width();
        let gap_row_from_bottom = (w % 2 == 0).then(|| w - board.gap() / w);
        Parity {
            inversions,
            gap_row_from_bottom,
        }
    }

    /// The invariant: inversions plus (on even widths) the gap's row from the bottom.
    pub fn sum(&self) -> usize {
        self.inversions + self.gap_row_from_bottom.unwrap_or(0)
    }

    fn describe(&self) -> String {
        match self.gap_row_from_bottom {
            None => format!("{} inversions", self.inversions),
            Some(row) => format!(
                "{} inversions + gap on row {row} from the bottom = {}",
                self.inversions,
                self.sum()
            ),
        }
    }
}

fn parity_name(n: usize) -> &'static str {
    if n % 2 == 0 { "even" } else { "odd" }
}

/// `Ok` if `board` can be slid into `goal`; otherwise the reason, in words. O(n⁴).
///
/// The two boards must have the same width (checked: a mismatch is an `Err` saying so).
///
/// ```
/// use unhop::sliding::{Board, solvability};
/// let goal = Board::solved(4, false);
/// let swapped: Board = "1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 _".parse().unwrap();
/// let why = solvability(&swapped, &goal).unwrap_err();
/// assert!(why.contains("2, even"), "{why}");
/// assert!(solvability(&goal, &goal).is_ok());
/// ```
pub fn solvability(board: &Board, goal: &Board) -> Result<(), String> {
    if board.width() != goal.width() {
        return Err(format!(
            "the board is {0}×{0} but the goal is {1}×{1}",
            board.width(),
            goal.width()
        ));
    }
    let (b, g) = (Parity::of(board), Parity::of(goal));
    if b.sum() % 2 == g.sum() % 2 {
        return Ok(());
    }
    Err(format!(
        "unsolvable: {}, {}, but the goal has {}, {}; slides never change this parity",
        b.describe(),
        parity_name(b.sum()),
        g.describe(),
        parity_name(g.sum())
    ))
}
