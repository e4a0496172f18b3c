//! [`MatchReport`]: a [`Match`] in progress as a value, what a front end draws of it: the
//! position, whose turn it is, who wins with perfect play, the moves with the winning ones
//! marked, the perfect player's choice and, at the end, the winner.

use super::engine::Outcome;
use super::play::{Match, Side};
use crate::error::Error;

/// A player, as the reports name them: `first` or `second`, by the order they move in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// The player who moved first.
    First,
    /// The player who moved second.
    Second,
}

impl From<Side> for Player {
    fn from(side: Side) -> Player {
        match side {
            Side::First => Player::First,
            Side::Second => Player::Second,
        }
    }
}

/// The state of a match.
///
/// # Examples
///
/// ```
/// use unhop::{budget::Budget, games::{HeapGame, HeapRule, Match, Player}};
/// let nim = HeapGame::nim(HeapRule::Normal).unwrap();
/// let mut m = Match::heaps(&nim, &[1, 2], &Budget::default()).unwrap();
/// let report = m.report().unwrap();
/// assert_eq!(report.moves, ["heap 0: leave 0", "heap 1: leave 0", "heap 1: leave 1"]);
/// assert_eq!((report.winning, report.best), (vec![2], Some(2)));
/// assert_eq!(report.to_move, Player::First);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct MatchReport {
    /// The game and its rules, in one line.
    pub rules: String,
    /// The position now, as text.
    pub position: String,
    /// The player to move.
    pub to_move: Player,
    /// Who wins from here with perfect play, seen from the player to move (`N` or `P`);
    /// `null` for a draw.
    pub outcome: Option<Outcome>,
    /// The legal moves, named; move k is the k-th (numbered from 0).
    pub moves: Vec<String>,
    /// The indices of the winning moves (to a position lost for the opponent): the hint.
    pub winning: Vec<usize>,
    /// The move the perfect player makes: the first winning move, else the first move;
    /// `null` when no move is left.
    pub best: Option<usize>,
    /// The winner once no move is left, else `null`.
    pub winner: Option<Player>,
    /// How many moves have been played (and can be taken back).
    pub played: usize,
}

impl Match {
    /// The match now as a [`MatchReport`].
    ///
    /// # Complexity
    ///
    /// As [`Match::hint`] (a lookup a move for a heap game).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, games::{HeapGame, HeapRule, Match, Player}};
    /// let nim = HeapGame::nim(HeapRule::Normal).unwrap();
    /// let mut m = Match::heaps(&nim, &[1], &Budget::default()).unwrap();
    /// m.play(0).unwrap();
    /// let report = m.report().unwrap();
    /// assert_eq!((report.winner, report.best, report.played), (Some(Player::First), None, 1));
    /// ```
    pub fn report(&mut self) -> Result<MatchReport, Error> {
        Ok(MatchReport {
            rules: self.rules(),
            position: self.position(),
            to_move: self.to_move().into(),
            outcome: self.outcome()?,
            moves: self.moves()?,
            winning: self.hint()?,
            best: self.best_move()?,
            winner: self.winner()?.map(Player::from),
            played: self.played(),
        })
    }
}
