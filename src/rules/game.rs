//! The rewrite game: two players take turns applying one rule; who cannot move loses.

use super::ruleset::RuleSet;
use super::step::{Step, successors, successors_infinite, trim};
use crate::error::Error;
use crate::games::{ImpartialGame, Solver, exhaustive_value};
use crate::progress::Progress;
use crate::solitaire::Board;
use rustc_hash::FxHashSet;

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
    progress: Option<&'a dyn Progress>,
}

impl<'a> RewriteGame<'a> {
    /// The game of `rules` on `board`.
    pub fn new(rules: &'a RuleSet, board: Board) -> RewriteGame<'a> {
        RewriteGame {
            rules,
            board,
            progress: None,
        }
    }

    /// The game that advances `progress` by one for every position whose moves it lists.
    pub fn with_progress(
        rules: &'a RuleSet,
        board: Board,
        progress: &'a dyn Progress,
    ) -> RewriteGame<'a> {
        RewriteGame {
            progress: Some(progress),
            ..RewriteGame::new(rules, board)
        }
    }
}

impl ImpartialGame for RewriteGame<'_> {
    type Position = Vec<u8>;
    type Move = Step;

    fn moves(&self, position: &Vec<u8>) -> Vec<(Step, Vec<u8>)> {
        if let Some(progress) = self.progress {
            progress.advance(1);
        }
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

    fn heap_bytes(&self, position: &Vec<u8>) -> usize {
        position.capacity()
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
    Solver::with_budget(game, &crate::budget::Budget::default()).try_value(&position)
}

/// [`grundy`] with progress in positions valued, of a total counted first: the positions
/// reachable from the word are listed (a first stage, of unknown length, that gives up beyond
/// [`MAX_GAME_POSITIONS`] before any value is computed), then the solver values each once,
/// so the second stage's advances add up to its total. The listing doubles the work of the
/// moves, in exchange for a bar that ends where it says.
///
/// # Complexity
/// Twice the moves of [`grundy`]; memory for the positions listed.
///
/// ```
/// use unhop::{Quiet, rules::{RuleSet, grundy, grundy_with_progress}, solitaire::Board};
/// let rules = RuleSet::builtin("kayles").unwrap();
/// let word = [1u8; 9];
/// assert_eq!(grundy_with_progress(&rules, &word, Board::Finite, &Quiet).unwrap(),
///            grundy(&rules, &word, Board::Finite).unwrap());
/// ```
pub fn grundy_with_progress(
    rules: &RuleSet,
    word: &[u8],
    board: Board,
    progress: &dyn Progress,
) -> Result<u32, Error> {
    let game = RewriteGame::new(rules, board);
    let start = game.canonical(&word.to_vec());
    progress.start("listing the positions the word reaches", None);
    let mut seen: FxHashSet<Vec<u8>> = FxHashSet::default();
    let mut stack = vec![start.clone()];
    seen.insert(start.clone());
    let (mut moves, mut listed) = (0u64, 0u64);
    while let Some(position) = stack.pop() {
        listed += 1;
        let options = game.moves(&position);
        moves += options.len() as u64;
        if seen.len() > MAX_GAME_POSITIONS || moves > MAX_GAME_MOVES {
            return Err(Error::gave_up(format!(
                "the word reaches more than {MAX_GAME_POSITIONS} positions or \
                 {MAX_GAME_MOVES} moves (the limits) and the count stopped"
            )));
        }
        for (_, next) in options {
            let next = game.canonical(&next);
            if seen.insert(next.clone()) {
                stack.push(next);
            }
        }
        if listed % 4096 == 0 {
            progress.advance(4096);
        }
    }
    let total = seen.len() as u64;
    drop(seen);
    progress.start("valuing every position", Some(total));
    let game = RewriteGame::with_progress(rules, board, progress);
    Solver::with_budget(game, &crate::budget::Budget::default()).try_value(&start)
}

/// The slow twin of [`grundy`]: the plain recursion mex over every option
/// ([`exhaustive_value`]), without limits.
pub fn exhaustive_grundy(rules: &RuleSet, word: &[u8], board: Board) -> u32 {
    let game = RewriteGame::new(rules, board);
    let position = game.canonical(&word.to_vec());
    exhaustive_value(&game, &position, &mut Default::default())
}
