//! The impartial-game engine: options, mex, memoised values, disjunctive sums.
//!
//! By the Sprague–Grundy theorem every position of a finite impartial game under normal play
//! has a value g = mex{ g(q) : q an option }, the player to move loses exactly when g = 0, and
//! the value of a disjunctive sum is the XOR of the values of its parts.

use crate::error::Error;
use rustc_hash::FxHashMap;
use std::hash::Hash;

/// A finite impartial game under normal play (the player who cannot move loses).
pub trait ImpartialGame {
    /// A position of the game.
    type Position: Clone + Eq + Hash;
    /// A move, as reported to users (for example a hop list).
    type Move;

    /// Every move from `position` with the position it leads to, in the position's own
    /// coordinates. Every sequence of moves must be finite.
    fn moves(&self, position: &Self::Position) -> Vec<(Self::Move, Self::Position)>;

    /// A position with the same value that stands for all positions equivalent to it (for
    /// example trimmed and mirror-normalised), so that they share one memo entry. The default
    /// is the position itself.
    fn canonical(&self, position: &Self::Position) -> Self::Position {
        position.clone()
    }

    /// Independent parts whose values XOR to the value of `position` (a disjunctive sum); the
    /// default is the position alone. Parts are canonicalised and split again by the solver.
    fn split(&self, position: &Self::Position) -> Vec<Self::Position> {
        vec![position.clone()]
    }
}

/// The minimum excluded value: the least natural number not in `values`. O(k) for k values.
///
/// ```
/// assert_eq!(unhop::games::mex([0, 1, 3]), 2);
/// assert_eq!(unhop::games::mex([]), 0);
/// ```
pub fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let values: Vec<u32> = values.into_iter().collect();
    let mut seen = vec![false; values.len() + 1];
    for v in values {
        if let Some(slot) = seen.get_mut(v as usize) {
            *slot = true;
        }
    }
    seen.iter().position(|&s| !s).unwrap_or(0) as u32
}

/// Grundy values with a memo over canonical parts.
///
/// Each position is canonicalised and split into parts; each part's value is the mex of its
/// options' values, memoised. Time and memory are proportional to the number of distinct
/// canonical parts reached, which can grow exponentially with the size of a position; a
/// solver made [`with_limit`](Solver::with_limit) stops with an error at that many parts.
pub struct Solver<G: ImpartialGame> {
    game: G,
    memo: FxHashMap<G::Position, u32>,
    limit: usize,
    moves: u64,
    max_moves: u64,
}

impl<G: ImpartialGame> Solver<G> {
    /// A solver with an empty memo and no limit.
    pub fn new(game: G) -> Solver<G> {
        Solver::with_limit(game, usize::MAX)
    }

    /// A solver that refuses to memoise more than `limit` parts ([`Solver::try_value`] then
    /// errors).
    pub fn with_limit(game: G, limit: usize) -> Solver<G> {
        Solver {
            game,
            memo: FxHashMap::default(),
            limit,
            moves: 0,
            max_moves: u64::MAX,
        }
    }

    /// A solver that refuses to memoise more than `limit` parts or to list more than
    /// `max_moves` moves in all ([`Solver::try_value`] then errors): the moves bound the
    /// time when each part has many.
    pub fn with_limits(game: G, limit: usize, max_moves: u64) -> Solver<G> {
        Solver {
            max_moves,
            ..Solver::with_limit(game, limit)
        }
    }

    /// The number of moves listed so far (the options of every part valued).
    pub fn moves_listed(&self) -> u64 {
        self.moves
    }

    /// Forgets every value memoised and the moves counted (the limits start again).
    pub fn clear(&mut self) {
        self.memo = FxHashMap::default();
        self.moves = 0;
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The number of canonical parts memoised so far.
    pub fn memo_len(&self) -> usize {
        self.memo.len()
    }

    /// The Grundy value of `position`. Panics only if the solver was made with a limit and
    /// it is exceeded; such solvers should use [`Solver::try_value`].
    pub fn value(&mut self, position: &G::Position) -> u32 {
        self.try_value(position)
            .expect("a solver without a limit never runs out")
    }

    /// The Grundy value of `position`, or an error when it needs more parts than the limit.
    pub fn try_value(&mut self, position: &G::Position) -> Result<u32, Error> {
        let canonical = self.game.canonical(position);
        let parts = self.game.split(&canonical);
        if parts.len() == 1 {
            let part = self.game.canonical(&parts[0]);
            return self.part_value(part);
        }
        let mut value = 0;
        for part in &parts {
            value ^= self.try_value(part)?;
        }
        Ok(value)
    }

    fn part_value(&mut self, part: G::Position) -> Result<u32, Error> {
        if let Some(&known) = self.memo.get(&part) {
            return Ok(known);
        }
        if self.memo.len() >= self.limit {
            return Err(Error::new(format!(
                "this position needs more than {} memoised positions (the number grows \
                 exponentially with long dense words); try a shorter or sparser one",
                self.limit
            )));
        }
        let options: Vec<G::Position> = self
            .game
            .moves(&part)
            .into_iter()
            .map(|(_, position)| position)
            .collect();
        self.moves += options.len() as u64;
        if self.moves > self.max_moves {
            return Err(Error::new(format!(
                "this position needs more than {} moves looked at (the limit, which bounds \
                 the time; {} positions were memoised by then); try a shorter or sparser one",
                self.max_moves,
                self.memo.len()
            )));
        }
        let mut values = Vec::with_capacity(options.len());
        for option in &options {
            values.push(self.try_value(option)?);
        }
        let value = mex(values);
        self.memo.insert(part, value);
        Ok(value)
    }

    /// The moves from `position` to a position of value 0: the winning moves (none when the
    /// position is lost for the player to move).
    pub fn winning_moves(&mut self, position: &G::Position) -> Result<Vec<G::Move>, Error> {
        let mut winning = Vec::new();
        for (m, q) in self.game.moves(position) {
            if self.try_value(&q)? == 0 {
                winning.push(m);
            }
        }
        Ok(winning)
    }
}

/// The Grundy value by plain memoised recursion on the positions exactly as the moves produce
/// them: no canonical forms, no splitting. The obviously correct twin of [`Solver`].
///
/// ```
/// use unhop::{Word, games::{exhaustive_value, Duotaire, MoveRule}, solitaire::Board};
/// let game = Duotaire::new(MoveRule::Chain, Board::Finite);
/// let word = game.position(&"0110".parse::<Word>().unwrap()).unwrap();
/// assert_eq!(exhaustive_value(&game, &word, &mut Default::default()), 1);
/// ```
pub fn exhaustive_value<G: ImpartialGame>(
    game: &G,
    position: &G::Position,
    memo: &mut FxHashMap<G::Position, u32>,
) -> u32 {
    if let Some(&known) = memo.get(position) {
        return known;
    }
    let values: Vec<u32> = game
        .moves(position)
        .into_iter()
        .map(|(_, q)| exhaustive_value(game, &q, memo))
        .collect();
    let value = mex(values);
    memo.insert(position.clone(), value);
    value
}
