//! The rewrite game: two players take turns applying one rule; who cannot move loses.

use super::ruleset::RuleSet;
use super::step::{Step, successors, successors_infinite, trim};
use crate::error::Error;
use crate::games::{ImpartialGame, Solver, exhaustive_value};
use crate::solitaire::Board;

/// The most positions the Grundy solver memoises before it gives up.
pub const MAX_GAME_POSITIONS: usize = 5_000_000;

/// The most moves the Grundy solver lists before it gives up.
pub const MAX_GAME_MOVES: u64 = 12_000_000;

/// A rule set played as an impartial game under normal play on one board: a move is one rule
/// application. On the infinite board a position is its word between the first and last
/// non-blank letters. Every rule lowers the weight, so play ends.
///
/// ```
/// use unhop::{games::Solver, rules::{RewriteGame, RuleSet}, solitaire::Board};
/// let rules = RuleSet::builtin("kayles").unwrap();
/// let mut solver = Solver::new(RewriteGame::new(&rules, Board::Finite));
/// assert_eq!(solver.value(&vec![1, 1, 1]), 3); // Kayles: G(3) = 3
/// ```
pub struct RewriteGame<'a> {
    rules: &'a RuleSet,
    board: Board,
}

impl<'a> RewriteGame<'a> {
    /// The game of `rules` on `board`.
    pub fn new(rules: &'a RuleSet, board: Board) -> RewriteGame<'a> {
        RewriteGame { rules, board }
    }
}

impl ImpartialGame for RewriteGame<'_> {
    type Position = Vec<u8>;
    type Move = Step;

    fn moves(&self, position: &Vec<u8>) -> Vec<(Step, Vec<u8>)> {
        match self.board {
            Board::Finite => successors(self.rules, position)
                .into_iter()
                .map(|(at, rule, next)| {
                    (
                        Step {
                            at: at as i64,
                            rule,
                        },
                        next,
                    )
                })
                .collect(),
            Board::Infinite => successors_infinite(self.rules, position)
                .into_iter()
                .map(|(at, rule, next, _)| (Step { at, rule }, next))
                .collect(),
        }
    }

    fn canonical(&self, position: &Vec<u8>) -> Vec<u8> {
        match self.board {
            Board::Finite => position.clone(),
            Board::Infinite => trim(position, self.rules.blank()).0.to_vec(),
        }
    }
}

/// The Grundy value of `word` in the rewrite game of `rules` on `board`, by the crate's
/// memoised solver ([`Solver`]); gives up beyond [`MAX_GAME_POSITIONS`] positions or
/// [`MAX_GAME_MOVES`] moves listed.
/// Time and memory proportional to the positions reachable from the word.
///
/// ```
/// use unhop::{rules::{RuleSet, grundy}, solitaire::Board};
/// let rules = RuleSet::builtin("solitaire").unwrap();
/// assert_eq!(grundy(&rules, &[1, 1], Board::Infinite).unwrap(), 1);
/// assert_eq!(grundy(&rules, &[1, 1], Board::Finite).unwrap(), 0);
/// ```
pub fn grundy(rules: &RuleSet, word: &[u8], board: Board) -> Result<u32, Error> {
    let game = RewriteGame::new(rules, board);
    let position = game.canonical(&word.to_vec());
    Solver::with_limits(game, MAX_GAME_POSITIONS, MAX_GAME_MOVES).try_value(&position)
}

/// The slow twin of [`grundy`]: the plain recursion mex over every option
/// ([`exhaustive_value`]), without limits.
pub fn exhaustive_grundy(rules: &RuleSet, word: &[u8], board: Board) -> u32 {
    let game = RewriteGame::new(rules, board);
    let position = game.canonical(&word.to_vec());
    exhaustive_value(&game, &position, &mut Default::default())
}
