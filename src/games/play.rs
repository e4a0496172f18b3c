//! [`Match`]: a game in progress between two players, one of whom may be the computer playing
//! perfectly: Duotaire on a word, or a heap game of the catalogue. The command line's `play`
//! reads the moves and prints; everything else is here: the position, the legal moves (named,
//! numbered from 0), playing one, the perfect opponent's choice, the hint, whose turn it is and
//! who has won.

use super::duotaire::{Duotaire, MoveRule};
use super::engine::{Convention, Outcome, PositionGraph, Solver};
use super::heaps::HeapGame;
use crate::budget::Budget;
use crate::error::Error;
use crate::solitaire::{Board, Hop, HopList, replay};
use crate::word::Word;

/// The two players, by the order they move in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The player who moves first.
    First,
    /// The player who moves second.
    Second,
}

impl Side {
    /// The other player.
    pub fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
}

/// A game in progress: a position, whose turn it is, and every move played so far counted.
///
/// # Complexity
///
/// A Duotaire match values positions with a memoised [`Solver`] under its budget (each
/// position once); a heap game is solved whole when the match starts
/// ([`HeapGame::play_graph`]: O(V + E)), and each step after that is a lookup.
///
/// # Examples
///
/// ```
/// use unhop::{budget::Budget, games::{Duotaire, Match, MoveRule, Side}, solitaire::Board};
/// let game = Duotaire::new(MoveRule::Single, Board::Finite);
/// let mut m = Match::duotaire(game, "0110".parse().unwrap(), &Budget::default()).unwrap();
/// assert_eq!(m.moves().unwrap(), ["1→3", "2→0"]);
/// assert_eq!(m.hint().unwrap(), [0, 1]); // both win: they leave no move
/// let best = m.best_move().unwrap().unwrap();
/// m.play(best).unwrap();
/// assert_eq!(m.position(), "0001");
/// assert_eq!(m.to_move(), Side::Second);
/// assert_eq!(m.winner().unwrap(), Some(Side::First)); // the second player cannot move
/// ```
pub struct Match {
    state: State,
    to_move: Side,
}

/// What a match is played on.
enum State {
    Duotaire {
        game: Duotaire,
        solver: Box<Solver<Duotaire>>,
        word: Word,
        /// The words before each move played, for [`Match::undo`].
        trail: Vec<Word>,
    },
    Heaps {
        graph: PositionGraph,
        at: usize,
        /// The positions before each move played, for [`Match::undo`].
        trail: Vec<usize>,
    },
}

impl Match {
    /// A match of `game` from `word`, the first player to move, its positions valued under
    /// `budget` (by default [`crate::games::SOLVER_POSITIONS`] positions and
    /// [`crate::games::SOLVER_MOVES`] moves). Errors: a word too long for a position, or a
    /// start beyond the budget.
    ///
    /// # Complexity
    ///
    /// As [`Solver::try_value`] of the start.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, games::{Convention, Duotaire, Match, MoveRule}, solitaire::Board};
    /// let misere = Duotaire::new(MoveRule::Chain, Board::Finite).with_convention(Convention::Misere);
    /// let mut m = Match::duotaire(misere, "110".parse().unwrap(), &Budget::default()).unwrap();
    /// assert_eq!(m.value().unwrap(), Some(0)); // the only move leaves the opponent unable to move, who wins
    /// m.play(0).unwrap();
    /// assert_eq!(m.winner().unwrap(), Some(unhop::games::Side::Second));
    /// ```
    pub fn duotaire(game: Duotaire, word: Word, budget: &Budget) -> Result<Match, Error> {
        let mut solver = Box::new(Solver::with_budget(game, budget));
        solver.try_value(&game.position(&word)?)?;
        Ok(Match {
            state: State::Duotaire {
                game,
                solver,
                word,
                trail: Vec::new(),
            },
            to_move: Side::First,
        })
    }

    /// A match of the heap game `game` from `heaps`, the first player to move, its whole graph
    /// solved first under `budget` ([`HeapGame::play_graph`]: refused beyond
    /// [`crate::games::MAX_PLAY_POSITIONS`] positions unless the budget says otherwise).
    ///
    /// # Examples
    ///
    /// # Complexity
    ///
    /// As [`HeapGame::play_graph`]: O(V + E) time and memory.
    /// ```
    /// use unhop::{budget::Budget, games::{HeapGame, HeapRule, Match, Outcome}};
    /// let nim = HeapGame::nim(HeapRule::Normal).unwrap();
    /// let mut m = Match::heaps(&nim, &[1, 2], &Budget::default()).unwrap();
    /// assert_eq!(m.outcome().unwrap(), Some(Outcome::Win));
    /// assert_eq!(m.moves().unwrap(), ["heap 0: leave 0", "heap 1: leave 0", "heap 1: leave 1"]);
    /// assert_eq!(m.hint().unwrap(), [2]);
    /// m.play(2).unwrap();
    /// assert_eq!(m.position(), "1 1");
    /// ```
    pub fn heaps(game: &HeapGame, heaps: &[u64], budget: &Budget) -> Result<Match, Error> {
        Ok(Match {
            state: State::Heaps {
                graph: game.play_graph(heaps, budget)?,
                at: 0,
                trail: Vec::new(),
            },
            to_move: Side::First,
        })
    }

    /// One line saying the game and its rules.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, games::{Convention, Duotaire, Match, MoveRule}, solitaire::Board};
    /// let game = Duotaire::new(MoveRule::Chain, Board::Finite).with_convention(Convention::Misere);
    /// let m = Match::duotaire(game, "0110".parse().unwrap(), &Budget::default()).unwrap();
    /// assert_eq!(m.rules(), "Duotaire, chain moves on the finite board; the player who cannot move wins");
    /// ```
    pub fn rules(&self) -> String {
        match &self.state {
            State::Duotaire { game, .. } => {
                duotaire_rules(game.rule(), game.board(), game.convention())
            }
            State::Heaps { graph, .. } => graph.rules().to_string(),
        }
    }

    /// The position now, as text.
    pub fn position(&self) -> String {
        match &self.state {
            State::Duotaire { word, .. } => word.to_string(),
            State::Heaps { graph, at, .. } => graph.position(*at),
        }
    }

    /// The player to move.
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// The Grundy value of the position now (its misère value under misère play), for
    /// Duotaire; `None` for a heap game (solved by outcomes, not values).
    ///
    /// # Complexity
    ///
    /// A lookup once the position has been valued, else as [`Solver::try_value`].
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, games::{Duotaire, HeapGame, HeapRule, Match, MoveRule}, solitaire::Board};
    /// let game = Duotaire::new(MoveRule::Chain, Board::Infinite);
    /// assert_eq!(Match::duotaire(game, "0110101".parse().unwrap(), &Budget::default()).unwrap().value().unwrap(), Some(3));
    /// let nim = HeapGame::nim(HeapRule::Normal).unwrap();
    /// assert_eq!(Match::heaps(&nim, &[2], &Budget::default()).unwrap().value().unwrap(), None);
    /// ```
    pub fn value(&mut self) -> Result<Option<u32>, Error> {
        match &mut self.state {
            State::Duotaire {
                game, solver, word, ..
            } => Ok(Some(solver.try_value(&game.position(word)?)?)),
            State::Heaps { .. } => Ok(None),
        }
    }

    /// Who wins from the position now with perfect play, seen from the player to move; `None`
    /// for a draw (a heap game whose graph has cycles). An error when valuing the position
    /// needs more than the budget.
    ///
    /// # Complexity
    ///
    /// As [`Match::value`] for Duotaire, a lookup for a heap game.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, games::{Duotaire, Match, MoveRule, Outcome}, solitaire::Board};
    /// let game = Duotaire::new(MoveRule::Single, Board::Finite);
    /// let mut m = Match::duotaire(game, "101".parse().unwrap(), &Budget::default()).unwrap();
    /// assert_eq!(m.outcome().unwrap(), Some(Outcome::Loss)); // no move
    /// ```
    pub fn outcome(&mut self) -> Result<Option<Outcome>, Error> {
        match &mut self.state {
            State::Duotaire {
                game, solver, word, ..
            } => {
                let value = solver.try_value(&game.position(word)?)?;
                Ok(Some(Outcome::of_value(value)))
            }
            State::Heaps { graph, at, .. } => Ok(graph.outcome(*at)),
        }
    }

    /// The legal moves from the position now, named, in a fixed order: index k of this list is
    /// move k of [`Match::play`].
    ///
    /// # Complexity
    ///
    /// Duotaire: the moves of the word, each replayed, O(moves × |word|). A heap game: O(moves).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, games::{Duotaire, Match, MoveRule}, solitaire::Board};
    /// let game = Duotaire::new(MoveRule::Chain, Board::Finite);
    /// let m = Match::duotaire(game, "01101".parse().unwrap(), &Budget::default()).unwrap();
    /// assert_eq!(m.moves().unwrap(), ["1→3", "2→0"]);
    /// ```
    pub fn moves(&self) -> Result<Vec<String>, Error> {
        match &self.state {
            State::Duotaire { game, word, .. } => Ok(game
                .moves_of(word)?
                .iter()
                .map(|m| HopList(m).to_string())
                .collect()),
            State::Heaps { graph, at, .. } => {
                Ok(graph.moves(*at).into_iter().map(|m| m.0).collect())
            }
        }
    }

    /// The indices of the winning moves (to a position lost for the opponent): the hint;
    /// empty when the player to move cannot win.
    ///
    /// # Complexity
    ///
    /// As [`Match::value`] for each option (Duotaire); O(moves) for a heap game.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, games::{Duotaire, Match, MoveRule}, solitaire::Board};
    /// let game = Duotaire::new(MoveRule::Chain, Board::Infinite);
    /// let mut m = Match::duotaire(game, "0110101".parse().unwrap(), &Budget::default()).unwrap();
    /// let moves = m.moves().unwrap();
    /// let hints: Vec<&str> = m.hint().unwrap().into_iter().map(|k| moves[k].as_str()).collect();
    /// assert_eq!(hints, ["1→3 3→5 5→7", "2→0"]);
    /// ```
    pub fn hint(&mut self) -> Result<Vec<usize>, Error> {
        match &mut self.state {
            State::Duotaire {
                game, solver, word, ..
            } => {
                let moves = game.moves_of(word)?;
                let mut winning = Vec::new();
                for (k, hops) in moves.iter().enumerate() {
                    let after = next_word(game, word, hops)?;
                    if solver.try_value(&game.position(&after)?)? == 0 {
                        winning.push(k);
                    }
                }
                Ok(winning)
            }
            State::Heaps { graph, at, .. } => {
                let moves = graph.moves(*at);
                let lost = |q: usize| graph.outcome(q) == Some(Outcome::Loss);
                Ok((0..moves.len()).filter(|&k| lost(moves[k].1)).collect())
            }
        }
    }

    /// The move a perfect player makes now: the first winning move, else the first move;
    /// `None` when no move is left.
    ///
    /// # Complexity
    ///
    /// As [`Match::hint`].
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, games::{HeapGame, HeapRule, Match}};
    /// let nim = HeapGame::nim(HeapRule::Normal).unwrap();
    /// let mut m = Match::heaps(&nim, &[1, 1], &Budget::default()).unwrap();
    /// assert_eq!(m.best_move().unwrap(), Some(0)); // a lost position: the first move
    /// m.play(0).unwrap();
    /// m.play(0).unwrap();
    /// assert_eq!(m.best_move().unwrap(), None);
    /// ```
    pub fn best_move(&mut self) -> Result<Option<usize>, Error> {
        if self.moves()?.is_empty() {
            return Ok(None);
        }
        Ok(Some(self.hint()?.first().copied().unwrap_or(0)))
    }

    /// Plays move `k` of [`Match::moves`] (the independent checker replays a Duotaire move);
    /// the other player is to move next. An error, and nothing played, when there is no move
    /// `k`.
    ///
    /// # Complexity
    ///
    /// As [`Match::moves`], and the move replayed in O(|word|).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, games::{HeapGame, HeapRule, Match}};
    /// let nim = HeapGame::nim(HeapRule::Normal).unwrap();
    /// let mut m = Match::heaps(&nim, &[2], &Budget::default()).unwrap();
    /// assert!(m.play(2).is_err()); // moves 0 and 1 only
    /// m.play(0).unwrap();
    /// assert_eq!(m.position(), "0");
    /// ```
    pub fn play(&mut self, k: usize) -> Result<(), Error> {
        match &mut self.state {
            State::Duotaire {
                game, word, trail, ..
            } => {
                let moves = game.moves_of(word)?;
                let hops = moves.get(k).ok_or_else(|| no_move(k, moves.len()))?;
                let after = next_word(game, word, hops)?;
                trail.push(std::mem::replace(word, after));
            }
            State::Heaps { graph, at, trail } => {
                let moves = graph.moves(*at);
                let (_, next) = moves.get(k).ok_or_else(|| no_move(k, moves.len()))?;
                trail.push(std::mem::replace(at, *next));
            }
        }
        self.to_move = self.to_move.other();
        Ok(())
    }

    /// How many moves have been played and not taken back.
    pub fn played(&self) -> usize {
        match &self.state {
            State::Duotaire { trail, .. } => trail.len(),
            State::Heaps { trail, .. } => trail.len(),
        }
    }

    /// Takes back the last move played: the position before it, its player to move again.
    /// Whether there was a move to take back.
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, games::{HeapGame, HeapRule, Match, Side}};
    /// let nim = HeapGame::nim(HeapRule::Normal).unwrap();
    /// let mut m = Match::heaps(&nim, &[1, 2], &Budget::default()).unwrap();
    /// m.play(2).unwrap();
    /// assert!(m.undo());
    /// assert_eq!((m.position(), m.to_move()), ("1 2".to_string(), Side::First));
    /// assert!(!m.undo());
    /// ```
    pub fn undo(&mut self) -> bool {
        let taken_back = match &mut self.state {
            State::Duotaire { word, trail, .. } => trail.pop().map(|w| *word = w),
            State::Heaps { at, trail, .. } => trail.pop().map(|k| *at = k),
        };
        if taken_back.is_some() {
            self.to_move = self.to_move.other();
        }
        taken_back.is_some()
    }

    /// The winner once no move is left (by the game's rule: under normal play the player who
    /// cannot move loses), `None` while moves are left.
    ///
    /// # Complexity
    ///
    /// As [`Match::moves`].
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, games::{HeapGame, HeapRule, Match, Side}};
    /// let nim = HeapGame::nim(HeapRule::Misere).unwrap();
    /// let mut m = Match::heaps(&nim, &[1], &Budget::default()).unwrap();
    /// assert_eq!(m.winner().unwrap(), None);
    /// m.play(0).unwrap(); // the first player takes the last stone, and loses
    /// assert_eq!(m.winner().unwrap(), Some(Side::Second));
    /// ```
    pub fn winner(&mut self) -> Result<Option<Side>, Error> {
        if !self.moves()?.is_empty() {
            return Ok(None);
        }
        let mover_wins = match &self.state {
            State::Duotaire { game, .. } => game.convention() == Convention::Misere,
            State::Heaps { graph, at, .. } => graph.outcome(*at) == Some(Outcome::Win),
        };
        Ok(Some(match mover_wins {
            true => self.to_move,
            false => self.to_move.other(),
        }))
    }
}

/// The rules of Duotaire in one line.
fn duotaire_rules(rule: MoveRule, board: Board, convention: Convention) -> String {
    let end = match convention {
        Convention::Normal => "loses",
        Convention::Misere => "wins",
    };
    format!("Duotaire, {rule} moves on the {board} board; the player who cannot move {end}")
}

/// The word after `hops`, replayed by the independent checker, trimmed on the infinite board.
fn next_word(game: &Duotaire, word: &Word, hops: &[Hop]) -> Result<Word, Error> {
    let done = replay(word, game.board(), hops)?;
    Ok(match game.board() {
        Board::Finite => done.final_word,
        Board::Infinite => done.final_word.trimmed(),
    })
}

/// The error of a move index that is not among the `count` moves.
fn no_move(k: usize, count: usize) -> Error {
    match count {
        0 => Error::new("no move is left"),
        _ => Error::new(format!(
            "there is no move {k}: the moves are numbered 0 to {}",
            count - 1
        )),
    }
}

impl std::fmt::Debug for Match {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Match")
            .field("position", &self.position())
            .field("to_move", &self.to_move)
            .finish()
    }
}
