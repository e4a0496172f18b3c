//! The solver: solvability first, then IDA* within a time limit and a budget, then the
//! fallback; every answer replayed by the independent checker before it is returned.

use super::Board;
use super::additive::AdditivePdbs;
use super::exhaustive::plain_ida_star_until;
use super::fallback::fallback;
use super::heuristic::{Heuristic, LinearConflict, Manhattan};
use super::ida::{Run, Search, Stop, ida_star_with_progress};
use super::replay::replay;
use super::solvability::{Solvability, Unsolvable, solvability};
use super::state::{Geometry, State};
use crate::budget::Budget;
use crate::error::Error;
use crate::method::Method;
use crate::progress::Progress;
use std::time::Duration;
use web_time::Instant;

/// The estimate that guides IDA*.
#[derive(Clone, Debug)]
pub enum Guide {
    /// Manhattan distance alone (the plain textbook search).
    Manhattan(Manhattan),
    /// Manhattan distance plus linear conflicts (the default for the 8-puzzle).
    LinearConflict(LinearConflict),
    /// Additive pattern databases (the 15-puzzle).
    Patterns(AdditivePdbs),
}

impl Guide {
    /// A short name for reports: `manhattan`, `linear-conflict`, `pdb 6-6-3 + reflection`.
    ///
    /// # Complexity
    ///
    /// O(1) for Manhattan distance and linear conflicts; O(p) time and memory for p pattern
    /// databases.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::sliding::{Guide, LinearConflict, Manhattan};
    /// assert_eq!(Guide::Manhattan(Manhattan::new(4)).name(), "manhattan");
    /// assert_eq!(Guide::LinearConflict(LinearConflict::new(3)).name(), "linear-conflict");
    /// ```
    pub fn name(&self) -> String {
        match self {
            Guide::Manhattan(_) => "manhattan".into(),
            Guide::LinearConflict(_) => "linear-conflict".into(),
            Guide::Patterns(p) => {
                let sizes: Vec<String> = p
                    .databases()
                    .iter()
                    .map(|d| d.cells().len().to_string())
                    .collect();
                let reflected = if p.reflects() { " + reflection" } else { "" };
                format!("pdb {}{reflected}", sizes.join("-"))
            }
        }
    }
}

/// A solution that has been replayed on the board as given and ends on the goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The tiles to slide into the gap, in order.
    pub tiles: Vec<u8>,
    /// Whether no shorter solution exists (IDA* finished, or the fallback's length met the
    /// bound IDA* had proven). Always true for [`Method::Exhaustive`].
    pub proven_optimal: bool,
    /// Every solution has at least this many slides (the length itself when proven).
    pub lower_bound: u32,
    /// Nodes IDA* expanded, over all its iterations.
    pub nodes: u64,
    /// Whether the time limit or the work limit ran out and the fallback answered.
    pub fallback: bool,
    /// Time spent searching (databases already loaded).
    pub elapsed: Duration,
}

/// What [`Solver::solve`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A replayed solution.
    Solved(Solution),
    /// The board cannot reach the goal, and why.
    Unsolvable(Unsolvable),
}

/// An optimal solver for one goal, holding its heuristic (and so its databases) for reuse,
/// its time limit and its method. [`SolverConfig`](super::SolverConfig) makes one by the
/// usual policy (the heuristic for the board's size, the databases from the cache);
/// [`Solver::new`] takes any heuristic. Each search runs under a [`Budget`] given with the
/// board: IDA* charges its nodes ([`IDA_NODES`](super::IDA_NODES)), the fallback its states.
///
/// ```
/// use unhop::budget::Budget;
/// use unhop::sliding::{Board, Guide, LinearConflict, Outcome, Solver};
/// let solver = Solver::new(Board::solved(3, false), Guide::LinearConflict(LinearConflict::new(3))).unwrap();
/// let budget = Budget::default();
/// let Outcome::Solved(s) = solver.solve(&"8 6 7 2 5 4 3 0 1".parse().unwrap(), None, &budget).unwrap()
///     else { panic!() };
/// assert_eq!((s.tiles.len(), s.proven_optimal), (31, true));
/// let swapped: Board = "2 1 3 4 5 6 7 8 0".parse().unwrap();
/// assert!(matches!(solver.solve(&swapped, None, &budget).unwrap(), Outcome::Unsolvable(_)));
/// ```
#[derive(Clone, Debug)]
pub struct Solver {
    goal: Board,
    geometry: Geometry,
    guide: Guide,
    time_limit: Option<Duration>,
    method: Method,
}

impl Solver {
    /// A solver for `goal` guided by `guide`, without a time limit, by [`Method::Fast`].
    /// Pattern databases must be for this goal's width and gap cell.
    ///
    /// # Complexity
    ///
    /// O(1): the databases' width and gap cell are compared and the board's [`Geometry`] made (at
    /// most 16 × 16 distances, on the stack); `guide` is moved in, not copied.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Method, budget::Budget};
    /// use unhop::sliding::{Board, Guide, Manhattan, Outcome, Solver};
    /// let goal = Board::solved(3, false);
    /// let solver = Solver::new(goal, Guide::Manhattan(Manhattan::new(3))).unwrap();
    /// assert_eq!((solver.goal(), solver.method()), (&goal, Method::Fast));
    /// let board: Board = "1 2 3 4 5 6 _ 7 8".parse().unwrap();
    /// let Outcome::Solved(s) = solver.solve(&board, None, &Budget::default()).unwrap() else { panic!() };
    /// assert_eq!(s.tiles, [7, 8]);
    /// ```
    pub fn new(goal: Board, guide: Guide) -> Result<Solver, Error> {
        if let Guide::Patterns(p) = &guide {
            let db = &p.databases()[0];
            if db.width() != goal.width() || db.gap_goal() as usize != goal.gap() {
                return Err(Error::new(
                    "the pattern databases were built for another goal or board size",
                ));
            }
        }
        Ok(Solver {
            geometry: Geometry::new(goal.width()),
            goal,
            guide,
            time_limit: None,
            method: Method::Fast,
        })
    }

    /// The same solver with the time [`Solver::run`] allows each board (`None`: no limit).
    pub fn with_time_limit(mut self, time_limit: Option<Duration>) -> Solver {
        self.time_limit = time_limit;
        self
    }

    /// The same solver by `method`: [`Method::Exhaustive`] replaces the guided IDA* by the
    /// plain one of [`exhaustive`](super::exhaustive) (Manhattan distance recomputed on boards
    /// as typed), and gives up rather than fall back when the time or the budget runs out.
    pub fn with_method(mut self, method: Method) -> Solver {
        self.method = method;
        self
    }

    /// The time [`Solver::run`] allows each board.
    pub fn time_limit(&self) -> Option<Duration> {
        self.time_limit
    }

    /// The method.
    pub fn method(&self) -> Method {
        self.method
    }

    /// What searches, for reports: the heuristic's [`Guide::name`], or for the exhaustive
    /// method `plain IDA* with manhattan`.
    pub fn name(&self) -> String {
        match self.method {
            Method::Fast => self.guide.name(),
            Method::Exhaustive => "plain IDA* with manhattan".into(),
        }
    }

    /// Solves `board` within the solver's time limit and `budget`, reporting to `progress`:
    /// the call a shell makes. See [`Solver::solve_with_progress`].
    ///
    /// # Complexity
    /// As [`Solver::solve_with_progress`].
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Method, Quiet, budget::Budget, sliding::{Board, Outcome, SolverConfig}};
    /// let goal = Board::solved(3, false);
    /// let board: Board = "1 2 3 4 0 6 7 5 8".parse().unwrap();
    /// let budget = Budget::default();
    /// for method in Method::ALL {
    ///     let solver = SolverConfig::new().method(method).build(goal, &budget, &Quiet).unwrap();
    ///     let Outcome::Solved(s) = solver.run(&board, &budget, &Quiet).unwrap() else { panic!() };
    ///     assert_eq!(s.tiles, [5, 8]);
    /// }
    /// ```
    pub fn run(
        &self,
        board: &Board,
        budget: &Budget,
        progress: &dyn Progress,
    ) -> Result<Outcome, Error> {
        let deadline = self.time_limit.map(|b| Instant::now() + b);
        self.solve_with_progress(board, deadline, budget, progress)
    }

    /// The goal.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The heuristic.
    pub fn guide(&self) -> &Guide {
        &self.guide
    }

    /// Solves `board` under `budget`: the parity test, IDA* until `deadline` (none: until it
    /// finishes) or the budget's work limit, and if either passes the [`fallback`] (under the
    /// same budget). The answer is replayed before it is returned.
    ///
    /// # Complexity
    /// IDA*'s: exponential in the solution length, divided by how much the heuristic prunes;
    /// the fallback's three breadth-first searches, under a second.
    ///
    /// Errors: a board of another size than the goal; the fallback refused by the budget;
    /// (never expected) a solution that fails its replay.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, sliding::{Board, Guide, LinearConflict, Outcome, Solver}};
    /// let solver = Solver::new(Board::solved(3, false), Guide::LinearConflict(LinearConflict::new(3))).unwrap();
    /// let board: Board = "1 2 3 4 5 6 _ 7 8".parse().unwrap();
    /// let Outcome::Solved(s) = solver.solve(&board, None, &Budget::default()).unwrap() else { panic!() };
    /// assert_eq!((s.tiles, s.proven_optimal, s.fallback), (vec![7, 8], true, false));
    /// ```
    pub fn solve(
        &self,
        board: &Board,
        deadline: Option<Instant>,
        budget: &Budget,
    ) -> Result<Outcome, Error> {
        self.solve_with_progress(board, deadline, budget, &crate::progress::Quiet)
    }

    /// [`Solver::solve`], reporting to `progress` every 65,536 nodes of the search: a stage
    /// `trying solutions of N moves` for each bound IDA* tries, whose work is the nodes.
    ///
    /// With [`Method::Exhaustive`], the plain search runs instead, and a deadline that passes
    /// or a budget that runs out is an error of kind [`GaveUp`](crate::ErrorKind::GaveUp)
    /// naming the length it had ruled out, rather than an answer from the fallback.
    ///
    /// # Complexity
    /// As [`Solver::solve`].
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{ErrorKind, Method, Quiet, budget::Budget, sliding::{Board, Guide, Manhattan, Solver}};
    /// let goal = Board::solved(3, false);
    /// let solver = Solver::new(goal, Guide::Manhattan(Manhattan::new(3))).unwrap()
    ///     .with_method(Method::Exhaustive);
    /// let board: Board = "8 6 7 2 5 4 3 0 1".parse().unwrap();
    /// let tight = Budget::default().with_max_work(1000);
    /// let err = solver.solve_with_progress(&board, None, &tight, &Quiet).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::GaveUp);
    /// assert_eq!(err.figures().unwrap().limit, 1000);
    /// ```
    pub fn solve_with_progress(
        &self,
        board: &Board,
        deadline: Option<Instant>,
        budget: &Budget,
        progress: &dyn Progress,
    ) -> Result<Outcome, Error> {
        if board.width() != self.goal.width() {
            return Err(Error::new(format!(
                "the board {board} is {0}×{0} but the goal {1} is {2}×{2}",
                board.width(),
                self.goal,
                self.goal.width()
            )));
        }
        if let Solvability::Unsolvable(why) = solvability(board, &self.goal)? {
            return Ok(Outcome::Unsolvable(why));
        }
        let started = Instant::now();
        let (mut bound_shown, mut nodes_shown) = (u32::MAX, 0u64);
        let mut report = |bound: u32, nodes: u64| {
            if bound != bound_shown {
                progress.start(&format!("trying solutions of {bound} moves"), None);
                bound_shown = bound;
            }
            progress.advance(nodes - nodes_shown);
            nodes_shown = nodes;
        };
        if self.method == Method::Exhaustive {
            let run =
                plain_ida_star_until(board, &self.goal, u32::MAX, deadline, budget, &mut report);
            let Some(tiles) = run.tiles else {
                let ruled_out = format!("every solution has at least {} moves", run.lower_bound);
                return Err(match run.stopped {
                    Some(Stop::Budget(spent)) => spent.with_note(ruled_out),
                    Some(Stop::Deadline) | None => Error::gave_up(format!(
                        "the exhaustive search of {board} ran out of its time after {} nodes: \
                         {ruled_out}",
                        run.nodes
                    )),
                });
            };
            replay(board, &self.goal, &tiles).map_err(|e| {
                Error::internal(format!("the solution of {board} failed its replay: {e}"))
            })?;
            return Ok(Outcome::Solved(Solution {
                proven_optimal: true,
                lower_bound: tiles.len() as u32,
                tiles,
                nodes: run.nodes,
                fallback: false,
                elapsed: started.elapsed(),
            }));
        }
        let progress = &mut report;
        let state = State::new(board, &self.goal);
        let run = match &self.guide {
            Guide::Manhattan(h) => self.search(&state, h, deadline, budget, progress),
            Guide::LinearConflict(h) => self.search(&state, h, deadline, budget, progress),
            Guide::Patterns(h) => self.search(&state, h, deadline, budget, progress),
        };
        let (path, proven_optimal, lower_bound, fell_back) = match run.search {
            Search::Found(path) => {
                let len = path.len() as u32;
                (path, true, len, false)
            }
            // Out of time or of work, the fast method answers.
            Search::Stopped { lower_bound, .. } => {
                let (path, exact) = fallback(&state, budget)?;
                let proven = exact || path.len() as u32 == lower_bound;
                let bound = if exact {
                    path.len() as u32
                } else {
                    lower_bound
                };
                (path, proven, bound, true)
            }
        };
        let tiles = tiles_of(board, &path);
        replay(board, &self.goal, &tiles).map_err(|e| {
            Error::internal(format!("the solution of {board} failed its replay: {e}"))
        })?;
        Ok(Outcome::Solved(Solution {
            tiles,
            proven_optimal,
            lower_bound,
            nodes: run.nodes,
            fallback: fell_back,
            elapsed: started.elapsed(),
        }))
    }

    fn search<H: Heuristic>(
        &self,
        state: &State,
        h: &H,
        deadline: Option<Instant>,
        budget: &Budget,
        progress: &mut dyn FnMut(u32, u64),
    ) -> Run {
        ida_star_with_progress(state, &self.geometry, h, deadline, budget, progress)
    }
}

/// The tiles that slide, read off `board` as the gap visits `cells` in turn.
fn tiles_of(board: &Board, cells: &[u8]) -> Vec<u8> {
    let mut now = *board;
    let mut tiles = Vec::with_capacity(cells.len());
    for &cell in cells {
        let tile = now.tile_at(cell as usize);
        tiles.push(tile);
        if now.slide(tile).is_err() {
            break; // the replay that follows reports it
        }
    }
    tiles
}
