//! What the browser page draws of a board and plays on it: the holes with their names and
//! places ([`BoardView`]), the jumps of a position, and a jump played ([`JumpView`]).
//! Positions cross as strings of `1` (peg) and `0` (hole), one character a hole
//! ([`Board::parse_position`]).

use super::board::Board;
use super::geometry::{Jump, Position};
use super::report::NamedJump;
use crate::Error;
use serde::Serialize;

/// A hole as the page draws it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct HoleView {
    /// Its name.
    pub name: String,
    /// Its row (from 0 at the top; 0 for a graph's vertices).
    pub row: i32,
    /// Its column (from 0 at the left; the vertex's number on a graph).
    pub column: i32,
}

/// A board as the page draws it, with its default start and goal.
///
/// # Examples
///
/// ```
/// use unhop::boards::{Board, BoardView};
/// let view = BoardView::new(&Board::named("row:1101").unwrap());
/// assert_eq!((view.holes.len(), view.pegs.as_str()), (4, "1101"));
/// assert_eq!(view.holes[3].name, "3");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct BoardView {
    /// The board's name.
    pub board: String,
    /// Its holes, in the board's order (the order of a position's characters).
    pub holes: Vec<HoleView>,
    /// The default start, `1` a peg and `0` an empty hole.
    pub pegs: String,
    /// The default goal in words.
    pub goal: String,
}

impl BoardView {
    /// `board` as the page draws it.
    ///
    /// # Complexity
    ///
    /// O(h) time and memory for h holes: each hole's name and place, the default start as text
    /// and the goal in words.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::{Board, BoardView};
    /// let triangle = Board::named("triangle").unwrap();
    /// let view = BoardView::new(&triangle);
    /// assert_eq!(view.pegs, "011111111111111");
    /// assert_eq!((view.holes[14].name.as_str(), view.holes[14].row), ("15", 4));
    /// assert_eq!(view.goal, "one peg anywhere");
    /// ```
    pub fn new(board: &Board) -> BoardView {
        BoardView {
            board: board.name().to_string(),
            holes: (0..board.holes())
                .map(|h| {
                    let (row, column) = board.place(h);
                    HoleView {
                        name: board.hole_name(h).to_string(),
                        row,
                        column,
                    }
                })
                .collect(),
            pegs: board.position_text(board.default_start()),
            goal: board.default_goal().describe(board),
        }
    }
}

/// A jump played: the position after it, the jump, and its notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct JumpView {
    /// The position after the jump, `1` a peg and `0` an empty hole.
    pub pegs: String,
    /// The jump.
    pub jump: NamedJump,
    /// The jump in the usual notation (`d2-d4`).
    pub notation: String,
}

impl Board {
    /// Every hole filled but `hole`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::Board;
    /// let english = Board::named("english").unwrap();
    /// assert_eq!(english.vacancy(16).unwrap(), english.default_start());
    /// assert!(english.vacancy(33).is_err());
    /// ```
    pub fn vacancy(&self, hole: usize) -> Result<Position, Error> {
        match hole < self.holes() {
            true => Ok(self.full() & !(1 << hole)),
            false => Err(Error::new(format!(
                "the board {} has {} holes (0 to {})",
                self.name(),
                self.holes(),
                self.holes() - 1
            ))),
        }
    }

    /// The jumps legal in `position`, in the board's order. O(j).
    ///
    /// # Complexity
    /// O(j) for j jumps.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::Board;
    /// let english = Board::named("english").unwrap();
    /// assert_eq!(english.legal_jumps(english.default_start()).len(), 4);
    /// ```
    pub fn legal_jumps(&self, position: Position) -> Vec<Jump> {
        self.jumps()
            .iter()
            .copied()
            .filter(|j| j.is_legal(position))
            .collect()
    }

    /// The legal jump of `position` from hole `from` into hole `to`, played: the position
    /// after it, the jump and its notation.
    ///
    /// # Complexity
    /// O(j).
    ///
    /// # Errors
    /// No legal jump from `from` to `to` (the message names both holes and says what a jump
    /// needs).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::Board;
    /// let english = Board::named("english").unwrap();
    /// let hole = |name| english.hole_named(name).unwrap();
    /// let played = english.play(english.default_start(), hole("d2"), hole("d4")).unwrap();
    /// assert_eq!((played.notation.as_str(), played.jump.over.as_str()), ("d2-d4", "d3"));
    /// assert!(english.play(english.default_start(), hole("a3"), hole("c3")).is_err());
    /// ```
    pub fn play(&self, position: Position, from: usize, to: usize) -> Result<JumpView, Error> {
        let jump = self
            .jumps()
            .iter()
            .find(|j| {
                usize::from(j.from) == from && usize::from(j.to) == to && j.is_legal(position)
            })
            .ok_or_else(|| {
                let name = |h: usize| match h < self.holes() {
                    true => self.hole_name(h).to_string(),
                    false => format!("hole {h} (off the board)"),
                };
                Error::new(format!(
                    "no jump from {} to {}: it needs a peg there, a peg between and an empty \
                     hole to land in",
                    name(from),
                    name(to)
                ))
            })?;
        Ok(JumpView {
            pegs: self.position_text(jump.apply(position)),
            jump: NamedJump::new(self, *jump),
            notation: self.jump_name(*jump),
        })
    }
}
