//! A game of the sliding puzzle for a person: slides by tile or by arrow, a count of moves,
//! and hints from a [`Solver`] (the next move of a shortest solution, kept while the player
//! follows it). The command line's `slide play` and the browser page draw it.

use super::board::Board;
use super::random::shuffled;
use super::solvability::{Solvability, solvability};
use super::solve::{Outcome, Solver};
use crate::budget::Budget;
use crate::error::Error;
use crate::progress::Progress;
use rand::Rng;

/// An arrow key: the direction the tile moves, towards the gap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// The tile below the gap moves up.
    Up,
    /// The tile above the gap moves down.
    Down,
    /// The tile right of the gap moves left.
    Left,
    /// The tile left of the gap moves right.
    Right,
}

/// What a hint found (from [`Game::hint`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// The board is the goal.
    Solved,
    /// The tiles of a solution from here, shortest if `proven_optimal`.
    Plan {
        /// The whole remaining solution.
        tiles: Vec<u8>,
        /// Whether no shorter solution exists (false when the time or the budget ran out).
        proven_optimal: bool,
    },
}

/// A game in progress.
///
/// ```
/// use unhop::{Quiet, budget::Budget, sliding::{Board, Direction, Game, Hint, SolverConfig}};
/// let goal = Board::solved(3, false);
/// let mut game = Game::new("1 2 3 4 5 6 0 7 8".parse().unwrap(), goal).unwrap();
/// game.push(Direction::Left).unwrap(); // the 7 slides left into the gap
/// assert_eq!(game.moves(), 1);
/// let budget = Budget::default();
/// let solver = SolverConfig::new().build(goal, &budget, &Quiet).unwrap();
/// let Hint::Plan { tiles, .. } = game.hint(&solver, &budget, &Quiet).unwrap() else { panic!() };
/// assert_eq!(tiles, [8]);
/// assert_eq!(game.step(), Some(8));
/// assert!(game.is_solved());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    board: Board,
    goal: Board,
    moves: usize,
    plan: Vec<u8>,
    plan_proven: bool,
}

impl Game {
    /// A game from `board` to `goal`. Errors: boards of different sizes, or a board that
    /// cannot reach the goal (the reason says why).
    ///
    /// # Complexity
    /// O(cells²): the parity test.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::sliding::{Board, Game};
    /// let goal = Board::solved(3, false);
    /// assert!(Game::new("1 2 3 4 5 6 _ 7 8".parse().unwrap(), goal).is_ok());
    /// let err = Game::new("2 1 3 4 5 6 7 8 _".parse().unwrap(), goal).unwrap_err();
    /// assert!(err.to_string().contains("cannot be played"));
    /// ```
    pub fn new(board: Board, goal: Board) -> Result<Game, Error> {
        if board.width() != goal.width() {
            return Err(Error::new(format!(
                "the goal {goal} is {0}×{0} but the board is {1}×{1}",
                goal.width(),
                board.width()
            )));
        }
        if let Solvability::Unsolvable(why) = solvability(&board, &goal)? {
            return Err(Error::new(format!(
                "{board} cannot be played to the goal {goal}: {why}"
            )));
        }
        Ok(Game {
            board,
            goal,
            moves: 0,
            plan: Vec::new(),
            plan_proven: false,
        })
    }

    /// A game from a board drawn uniformly among those that reach `goal`.
    pub fn random(goal: Board, rng: &mut impl Rng) -> Game {
        Game {
            board: shuffled(&goal, rng),
            goal,
            moves: 0,
            plan: Vec::new(),
            plan_proven: false,
        }
    }

    /// The board now.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The goal.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The slides made since the start (or the last shuffle).
    pub fn moves(&self) -> usize {
        self.moves
    }

    /// Whether the board is the goal.
    pub fn is_solved(&self) -> bool {
        self.board == self.goal
    }

    /// The rest of the hinted solution, while the player follows it.
    pub fn plan(&self) -> &[u8] {
        &self.plan
    }

    /// Slides `tile` into the gap. Errors: no such tile, or not next to the gap.
    pub fn slide(&mut self, tile: u8) -> Result<(), Error> {
        self.board.slide(tile)?;
        self.moves += 1;
        if self.plan.first() == Some(&tile) {
            self.plan.remove(0);
        } else {
            self.plan.clear();
        }
        Ok(())
    }

    /// The tile an arrow moves, if there is one on that side of the gap.
    ///
    /// # Complexity
    ///
    /// O(1): the gap's row and column, and one cell read; no allocation.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::sliding::{Board, Direction, Game};
    /// let game = Game::new("1 2 3 4 5 6 7 _ 8".parse().unwrap(), Board::solved(3, false)).unwrap();
    /// assert_eq!(game.arrow_tile(Direction::Up), None); // the gap is on the bottom row
    /// assert_eq!(game.arrow_tile(Direction::Down), Some(5));
    /// assert_eq!(game.arrow_tile(Direction::Left), Some(8));
    /// assert_eq!(game.arrow_tile(Direction::Right), Some(7));
    /// ```
    pub fn arrow_tile(&self, direction: Direction) -> Option<u8> {
        let (w, gap) = (self.board.width(), self.board.gap());
        let (r, c) = (gap / w, gap % w);
        let cell = match direction {
            Direction::Up => (r + 1 < w).then(|| gap + w),
            Direction::Down => (r > 0).then(|| gap - w),
            Direction::Left => (c + 1 < w).then(|| gap + 1),
            Direction::Right => (c > 0).then(|| gap - 1),
        }?;
        Some(self.board.tile_at(cell))
    }

    /// Slides the tile an arrow moves: the tile, or `None` (nothing changes) when no tile
    /// can move that way.
    ///
    /// # Complexity
    /// O(cells).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::sliding::{Board, Direction, Game};
    /// let goal = Board::solved(3, false);
    /// let mut game = Game::new("1 2 3 4 5 6 7 _ 8".parse().unwrap(), goal).unwrap();
    /// assert_eq!(game.push(Direction::Up).unwrap(), None); // nothing below the gap
    /// assert_eq!(game.push(Direction::Left).unwrap(), Some(8));
    /// assert!(game.is_solved());
    /// ```
    pub fn push(&mut self, direction: Direction) -> Result<Option<u8>, Error> {
        let Some(tile) = self.arrow_tile(direction) else {
            return Ok(None);
        };
        self.slide(tile)?;
        Ok(Some(tile))
    }

    /// The solution from here: the plan being followed, else a new one from `solver` (which
    /// must be for this goal), within its time limit and `budget`.
    ///
    /// # Complexity
    /// One [`Solver::run`] when there is no plan, nothing otherwise.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Quiet, budget::Budget, sliding::{Board, Game, Hint, SolverConfig}};
    /// let goal = Board::solved(3, false);
    /// let budget = Budget::default();
    /// let solver = SolverConfig::new().build(goal, &budget, &Quiet).unwrap();
    /// let mut game = Game::new("1 2 3 4 5 6 _ 7 8".parse().unwrap(), goal).unwrap();
    /// let hint = game.hint(&solver, &budget, &Quiet).unwrap();
    /// assert_eq!(hint, Hint::Plan { tiles: vec![7, 8], proven_optimal: true });
    /// assert_eq!(game.plan(), [7, 8]);
    /// ```
    pub fn hint(
        &mut self,
        solver: &Solver,
        budget: &Budget,
        progress: &dyn Progress,
    ) -> Result<Hint, Error> {
        if self.is_solved() {
            return Ok(Hint::Solved);
        }
        if !self.plan.is_empty() {
            return Ok(Hint::Plan {
                tiles: self.plan.clone(),
                proven_optimal: self.plan_proven,
            });
        }
        if solver.goal() != &self.goal {
            return Err(Error::new("the solver is for another goal"));
        }
        match solver.run(&self.board, budget, progress)? {
            Outcome::Unsolvable(why) => Err(Error::internal(format!(
                "a game's board became unsolvable: {why}"
            ))),
            Outcome::Solved(s) => {
                self.plan = s.tiles.clone();
                self.plan_proven = s.proven_optimal;
                Ok(Hint::Plan {
                    tiles: s.tiles,
                    proven_optimal: s.proven_optimal,
                })
            }
        }
    }

    /// Plays the next tile of the plan: the tile, or `None` if there is no plan.
    pub fn step(&mut self) -> Option<u8> {
        let tile = *self.plan.first()?;
        self.slide(tile).ok()?;
        Some(tile)
    }

    /// A new random board, the count of moves back to 0.
    pub fn shuffle(&mut self, rng: &mut impl Rng) {
        self.board = shuffled(&self.goal, rng);
        self.plan.clear();
        self.moves = 0;
    }
}
