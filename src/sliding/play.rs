//! Playing a [`Game`]: the player's [`Action`]s (slides, hints, an animation of the solution,
//! a new board), carried out by a [`Session`] that builds its solver at the first hint. The
//! command line's `slide play` reads the actions from the keyboard or from a pipe and says
//! what each [`Event`] was; the computing is here.

use super::config::SolverConfig;
use super::game::{Direction, Game, Hint};
use super::solve::Solver;
use crate::budget::Budget;
use crate::error::{Error, quote};
use crate::progress::Progress;
use rand::Rng;

/// What the player asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Slide this tile into the gap.
    Tile(u8),
    /// Slide the tile on the gap's side opposite to this direction towards it (an arrow).
    Arrow(Direction),
    /// The next move of a shortest solution.
    Step,
    /// Every remaining move of the solution, one after another.
    Animate,
    /// A new random board.
    Shuffle,
    /// The end of the game.
    Quit,
}

/// An action as a line typed names it: `up`, `down`, `left`, `right` (or `u`, `d`, `l`, `r`),
/// a tile number, `s` (`step`), `a` (`animate`), `n` (`shuffle`), `q` (`quit`); blanks around
/// it are ignored.
impl std::str::FromStr for Action {
    type Err = Error;

    fn from_str(line: &str) -> Result<Action, Error> {
        Ok(match line.trim() {
            "up" | "u" => Action::Arrow(Direction::Up),
            "down" | "d" => Action::Arrow(Direction::Down),
            "left" | "l" => Action::Arrow(Direction::Left),
            "right" | "r" => Action::Arrow(Direction::Right),
            "s" | "step" => Action::Step,
            "a" | "animate" => Action::Animate,
            "n" | "shuffle" => Action::Shuffle,
            "q" | "quit" => Action::Quit,
            t => Action::Tile(t.parse().map_err(|_| {
                Error::new(format!(
                    "{} is not a command (up, down, left, right, a tile number, s, a, n, q)",
                    quote(t)
                ))
            })?),
        })
    }
}

/// A solution a hint found: its length, and whether it is a shortest one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Its number of slides.
    pub length: usize,
    /// Whether no shorter solution exists (false when the time or the work ran out).
    pub proven_optimal: bool,
}

/// What an action did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The player's tile slid.
    Slid(u8),
    /// The player's slide was not made: why (no such tile, or not next to the gap).
    NotSlid(String),
    /// No tile is on that side of the gap.
    NoTileThatWay(Direction),
    /// Moves of the solution were played: one for a step, the rest of it for an animation;
    /// `found` is the solution the hint found, when this action found it (rather than
    /// following one found before).
    Played {
        /// The tiles slid, in order.
        tiles: Vec<u8>,
        /// The new solution, if this action found one.
        found: Option<Plan>,
    },
    /// A hint was asked for on the goal itself.
    AlreadySolved,
    /// A new random board replaced the old one.
    Shuffled,
    /// The player quit.
    Quit,
}

/// A game with what it needs for hints: the solving policy, and the solver, built at the
/// first hint and kept for the next ones.
///
/// # Examples
///
/// ```
/// use rand::SeedableRng;
/// use unhop::{Quiet, budget::Budget};
/// use unhop::sliding::{Action, Board, Event, Game, Plan, Session, SolverConfig};
/// let game = Game::new("1 2 3 4 5 6 0 7 8".parse().unwrap(), Board::solved(3, false)).unwrap();
/// let mut session = Session::new(game, SolverConfig::new());
/// let mut rng = rand::rngs::StdRng::seed_from_u64(1);
/// let budget = Budget::default();
/// let mut act = |session: &mut Session, line: &str| {
///     let action: Action = line.parse().unwrap();
///     session.act(action, &mut rng, &budget, &Quiet, &mut |_, _| {}).unwrap()
/// };
/// assert_eq!(act(&mut session, "up"), Event::NoTileThatWay(unhop::sliding::Direction::Up));
/// let found = Some(Plan { length: 2, proven_optimal: true });
/// assert_eq!(act(&mut session, "s"), Event::Played { tiles: vec![7], found });
/// assert_eq!(act(&mut session, "a"), Event::Played { tiles: vec![8], found: None });
/// assert!(session.game().is_solved());
/// assert_eq!(act(&mut session, "s"), Event::AlreadySolved);
/// ```
#[derive(Clone, Debug)]
pub struct Session {
    game: Game,
    config: SolverConfig,
    solver: Option<Solver>,
}

impl Session {
    /// A session of `game`, its hints by `config`.
    pub fn new(game: Game, config: SolverConfig) -> Session {
        Session {
            game,
            config,
            solver: None,
        }
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Carries out `action`: a slide, a hint played (the solver built at the first hint, under
    /// `budget`, with `progress`; the search within the config's time limit and `budget`), a
    /// new board drawn with `rng`. `show` is called after each slide of an animation, with the
    /// game and the tile, so the shell can draw it.
    ///
    /// # Complexity
    /// O(cells) for a slide or a new board; a hint is one [`Game::hint`], plus the solver's
    /// build the first time ([`SolverConfig::build`]).
    ///
    /// # Errors
    /// The solver's build refused by the budget, or its search giving up (the exhaustive
    /// method).
    ///
    /// # Examples
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use unhop::{Quiet, budget::Budget};
    /// use unhop::sliding::{Action, Board, Event, Game, Session, SolverConfig};
    /// let goal = Board::solved(3, false);
    /// let mut session = Session::new(Game::new(goal, goal).unwrap(), SolverConfig::new());
    /// let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    /// let budget = Budget::default();
    /// let event = session.act(Action::Shuffle, &mut rng, &budget, &Quiet, &mut |_, _| {}).unwrap();
    /// assert_eq!(event, Event::Shuffled);
    /// let mut seen = Vec::new();
    /// let event = session.act(Action::Animate, &mut rng, &budget, &Quiet, &mut |_, t| seen.push(t)).unwrap();
    /// let Event::Played { tiles, found: Some(plan) } = event else { panic!() };
    /// assert_eq!((tiles.len(), seen), (plan.length, tiles.clone()));
    /// assert!(session.game().is_solved());
    /// ```
    pub fn act(
        &mut self,
        action: Action,
        rng: &mut impl Rng,
        budget: &Budget,
        progress: &dyn Progress,
        show: &mut dyn FnMut(&Game, u8),
    ) -> Result<Event, Error> {
        Ok(match action {
            Action::Quit => Event::Quit,
            Action::Tile(t) => match self.game.slide(t) {
                Ok(()) => Event::Slid(t),
                Err(why) => Event::NotSlid(why.to_string()),
            },
            Action::Arrow(d) => match self.game.push(d)? {
                Some(t) => Event::Slid(t),
                None => Event::NoTileThatWay(d),
            },
            Action::Shuffle => {
                self.game.shuffle(rng);
                Event::Shuffled
            }
            Action::Step | Action::Animate => {
                let new_plan = self.game.plan().is_empty();
                let hint = match self.solver.as_ref() {
                    _ if self.game.is_solved() => Hint::Solved,
                    Some(solver) => self.game.hint(solver, budget, progress)?,
                    None => {
                        let solver = self.config.build(*self.game.goal(), budget, progress)?;
                        let hint = self.game.hint(&solver, budget, progress)?;
                        self.solver = Some(solver);
                        hint
                    }
                };
                let found = match hint {
                    Hint::Solved => return Ok(Event::AlreadySolved),
                    Hint::Plan {
                        tiles,
                        proven_optimal,
                    } => new_plan.then_some(Plan {
                        length: tiles.len(),
                        proven_optimal,
                    }),
                };
                let mut tiles = Vec::new();
                while let Some(t) = self.game.step() {
                    tiles.push(t);
                    if action == Action::Step {
                        break;
                    }
                    show(&self.game, t);
                }
                Event::Played { tiles, found }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::{Action, Direction};

    #[test]
    fn commands_are_parsed_and_a_bad_one_is_named() {
        assert_eq!(
            " up ".parse::<Action>().unwrap(),
            Action::Arrow(Direction::Up)
        );
        assert_eq!(
            "r".parse::<Action>().unwrap(),
            Action::Arrow(Direction::Right)
        );
        assert_eq!("12".parse::<Action>().unwrap(), Action::Tile(12));
        assert_eq!("step".parse::<Action>().unwrap(), Action::Step);
        assert_eq!("n".parse::<Action>().unwrap(), Action::Shuffle);
        assert_eq!("quit".parse::<Action>().unwrap(), Action::Quit);
        let err = "jump".parse::<Action>().unwrap_err().to_string();
        assert!(err.starts_with("'jump' is not a command"), "{err}");
    }
}
