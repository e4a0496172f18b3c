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
use crate::error::Error;

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
    /// # Complexity
    /// O(n⁴) for width n: at most 120 comparisons.
    ///
    /// # Examples
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

    /// Whether two boards of one width with these invariants reach each other: their sums
    /// have one parity.
    pub fn agrees_with(&self, other: &Parity) -> bool {
        self.sum() % 2 == other.sum() % 2
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

/// Whether a board can be slid into its goal: the answer of [`solvability`] and of its slow
/// twin [`reachable`](super::exhaustive::reachable), with the reason when it cannot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solvability {
    /// Some sequence of slides takes the board to the goal.
    Solvable,
    /// No sequence of slides does; the reason says why.
    Unsolvable(Unsolvable),
}

impl Solvability {
    /// Whether the board can reach the goal.
    pub fn is_solvable(&self) -> bool {
        *self == Solvability::Solvable
    }

    /// The reason the board cannot reach the goal, if it cannot.
    pub fn unsolvable(&self) -> Option<&Unsolvable> {
        match self {
            Solvability::Solvable => None,
            Solvability::Unsolvable(why) => Some(why),
        }
    }
}

/// Why a board cannot reach its goal. Its [`Display`](std::fmt::Display) is the sentence the
/// command line prints and the JSON reports' `reason`: `unsolvable: …`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unsolvable {
    /// The parity invariants of the board and of the goal differ ([`solvability`]).
    Parity {
        /// The board's invariant.
        board: Parity,
        /// The goal's invariant.
        goal: Parity,
    },
    /// A breadth-first search visited every board reachable from the board, this many, and
    /// the goal was not among them ([`reachable`](super::exhaustive::reachable)).
    NotReached {
        /// The boards reachable from the board.
        boards: usize,
    },
}

impl std::fmt::Display for Unsolvable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unsolvable::Parity { board, goal } => write!(
                f,
                "unsolvable: {}, {}, but the goal has {}, {}; slides never change this parity",
                board.describe(),
                parity_name(board.sum()),
                goal.describe(),
                parity_name(goal.sum())
            ),
            Unsolvable::NotReached { boards } => write!(
                f,
                "unsolvable: a breadth-first search visited all {boards} boards reachable from \
                 it, and the goal is not among them"
            ),
        }
    }
}

/// Whether `board` can be slid into `goal`, by the parity test; when it cannot, the reason
/// ([`Unsolvable::Parity`]).
///
/// # Complexity
/// O(n⁴) time in the width n (at most 120 comparisons), no allocation beyond the n² tiles.
///
/// Errors: boards of different widths (an input error saying so).
///
/// # Examples
///
/// ```
/// use unhop::sliding::{Board, Solvability, solvability};
/// let goal = Board::solved(4, false);
/// let swapped: Board = "1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 _".parse().unwrap();
/// let answer = solvability(&swapped, &goal).unwrap();
/// let why = answer.unsolvable().unwrap().to_string();
/// assert!(why.contains("2, even"), "{why}");
/// assert_eq!(solvability(&goal, &goal).unwrap(), Solvability::Solvable);
/// assert!(solvability(&Board::solved(3, false), &goal).is_err());
/// ```
pub fn solvability(board: &Board, goal: &Board) -> Result<Solvability, Error> {
    if board.width() != goal.width() {
        return Err(Error::new(format!(
            "the board {board} is {0}×{0} but the goal {goal} is {1}×{1}",
            board.width(),
            goal.width()
        )));
    }
    let (b, g) = (Parity::of(board), Parity::of(goal));
    Ok(if b.agrees_with(&g) {
        Solvability::Solvable
    } else {
        Solvability::Unsolvable(Unsolvable::Parity { board: b, goal: g })
    })
}
