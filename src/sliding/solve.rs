//! The solver: solvability first, then IDA* within a budget, then the fallback; every answer
//! replayed by the independent checker before it is returned.

use super::Board;
use super::additive::AdditivePdbs;
use super::fallback::fallback;
use super::heuristic::{Heuristic, LinearConflict, Manhattan};
use super::ida::{Run, Search, ida_star_with_progress};
use super::replay::replay;
use super::solvability::solvability;
use super::state::{Geometry, State};
use crate::error::Error;
use std::time::{Duration, Instant};

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
    /// A short name for reports: `manhattan`, `linear-conflict`, `pdb 2 patterns, reflected`.
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
    /// bound IDA* had proven).
    pub proven_optimal: bool,
    /// Every solution has at least this many slides (the length itself when proven).
    pub lower_bound: u32,
    /// Nodes IDA* expanded.
    pub nodes: u64,
    /// Whether the budget ran out and the fallback answered.
    pub fallback: bool,
    /// Time spent searching (databases already loaded).
    pub elapsed: Duration,
}

/// What [`Solver::solve`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A replayed solution.
    Solved(Solution),
    /// The board cannot reach the goal; the reason, in words.
    Unsolvable(String),
}

/// An optimal solver for one goal, holding its heuristic (and so its databases) for reuse.
///
/// ```
/// use unhop::sliding::{Board, Guide, LinearConflict, Outcome, Solver};
/// let solver = Solver::new(Board::solved(3, false), Guide::LinearConflict(LinearConflict::new(3))).unwrap();
/// let Outcome::Solved(s) = solver.solve(&"8 6 7 2 5 4 3 0 1".parse().unwrap(), None).unwrap()
///     else { panic!() };
/// assert_eq!((s.tiles.len(), s.proven_optimal), (31, true));
/// let swapped: Board = "2 1 3 4 5 6 7 8 0".parse().unwrap();
/// assert!(matches!(solver.solve(&swapped, None).unwrap(), Outcome::Unsolvable(_)));
/// ```
#[derive(Clone, Debug)]
pub struct Solver {
    goal: Board,
    geometry: Geometry,
    guide: Guide,
}

impl Solver {
    /// A solver for `goal` guided by `guide`. Pattern databases must be for this goal's width
    /// and gap cell.
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
        })
    }

    /// The goal.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The heuristic.
    pub fn guide(&self) -> &Guide {
        &self.guide
    }

    /// Solves `board`: the parity test, IDA* until `deadline` (none: until it finishes), and
    /// if the deadline passes the [`fallback`]. The answer is replayed before it is returned.
    /// Errors: a board of another size than the goal, or (never expected) a solution that
    /// fails its replay.
    pub fn solve(&self, board: &Board, deadline: Option<Instant>) -> Result<Outcome, Error> {
        self.solve_with_progress(board, deadline, &mut |_, _| {})
    }

    /// [`Solver::solve`], calling `progress(bound, nodes)` every 65,536 nodes of the search.
    pub fn solve_with_progress(
        &self,
        board: &Board,
        deadline: Option<Instant>,
        progress: &mut dyn FnMut(u32, u64),
    ) -> Result<Outcome, Error> {
        if board.width() != self.goal.width() {
            return Err(Error::new(format!(
                "the board {board} is {0}×{0} but the goal {1} is {2}×{2}",
                board.width(),
                self.goal,
                self.goal.width()
            )));
        }
        if let Err(why) = solvability(board, &self.goal) {
            return Ok(Outcome::Unsolvable(why));
        }
        let started = Instant::now();
        let state = State::new(board, &self.goal);
        let run = match &self.guide {
            Guide::Manhattan(h) => self.run(&state, h, deadline, progress),
            Guide::LinearConflict(h) => self.run(&state, h, deadline, progress),
            Guide::Patterns(h) => self.run(&state, h, deadline, progress),
        };
        let (path, proven_optimal, lower_bound, fell_back) = match run.search {
            Search::Found(path) => {
                let len = path.len() as u32;
                (path, true, len, false)
            }
            Search::Stopped { lower_bound } => {
                let (path, exact) = fallback(&state);
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

    fn run<H: Heuristic>(
        &self,
        state: &State,
        h: &H,
        deadline: Option<Instant>,
        progress: &mut dyn FnMut(u32, u64),
    ) -> Run {
        ida_star_with_progress(state, &self.geometry, h, deadline, progress)
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
