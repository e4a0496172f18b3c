//! IDA* (Korf 1985): depth-first searches with a growing bound on `g + h`.
//!
//! Each iteration explores every path whose cost so far `g` plus estimate `h` stays within
//! the bound, then raises the bound to the smallest value that was exceeded. With an
//! admissible heuristic the first goal found is at the least depth, so the solution is a
//! shortest one. The only memory is the current path. A slide that undoes the previous one is
//! never tried.

use super::heuristic::Heuristic;
use super::state::{Geometry, State};
use web_time::Instant;

/// How often (in nodes) the search looks at the clock.
const CLOCK_EVERY: u64 = 1 << 16;

/// What an IDA* run ended with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Search {
    /// A shortest solution: the cells whose tiles slid into the gap, in order.
    Found(Vec<u8>),
    /// The deadline passed; the last bound that was being searched (all shorter solutions
    /// were ruled out).
    Stopped {
        /// The bound of the unfinished iteration: every solution has at least this length.
        lower_bound: u32,
    },
}

/// The result of [`ida_star`] with its effort.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// Found or stopped.
    pub search: Search,
    /// Nodes expanded over all iterations (the start counts in each).
    pub nodes: u64,
}

struct Searcher<'a, H: Heuristic> {
    progress: &'a mut dyn FnMut(u32, u64),
    bound: u32,
    geometry: &'a Geometry,
    heuristic: &'a H,
    state: State,
    path: Vec<u8>,
    nodes: u64,
    deadline: Option<Instant>,
    stopped: bool,
}

/// Returned by `dfs` when the goal is reached.
const FOUND: u32 = u32::MAX;

impl<H: Heuristic> Searcher<'_, H> {
    /// Searches below the current state; returns [`FOUND`], or the least `f` above `bound`.
    fn dfs(&mut self, g: u32, bound: u32, h: u32, memo: H::Memo, came_from: u8) -> u32 {
        self.nodes += 1;
        if self.nodes % CLOCK_EVERY == 0 {
            (self.progress)(self.bound, self.nodes);
            if let Some(deadline) = self.deadline
                && Instant::now() >= deadline
            {
                self.stopped = true;
            }
        }
        if self.stopped {
            return u32::MAX - 1;
        }
        let f = g + h;
        if f > bound {
            return f;
        }
        if h == 0 && self.state.is_goal() {
            return FOUND;
        }
        let gap = self.state.gap();
        let mut least = u32::MAX - 1;
        for k in 0..self.geometry.degree[gap as usize] {
            let next = self.geometry.neighbours[gap as usize][k as usize];
            if next == came_from {
                continue;
            }
            let label = self.state.slide_from(next);
            let (h2, memo2) = self.heuristic.update(&self.state, memo, label, next, gap);
            self.path.push(next);
            let t = self.dfs(g + 1, bound, h2, memo2, gap);
            if t == FOUND {
                return FOUND;
            }
            self.path.pop();
            self.state.slide_from(gap);
            least = least.min(t);
        }
        least
    }
}

/// Runs IDA* from `start` to its goal with `heuristic`, until a solution or `deadline`.
///
/// Time: exponential in the solution length, divided by how much the heuristic prunes; the
/// benchmarks give the figures. Memory: the path only. `start` must be solvable (see
/// [`solvability`](super::solvability)), or the search never ends before the deadline.
///
/// ```
/// use unhop::sliding::{Board, Geometry, LinearConflict, Search, State, ida_star};
/// let board: Board = "8 6 7 2 5 4 3 0 1".parse().unwrap();
/// let state = State::new(&board, &Board::solved(3, false));
/// let run = ida_star(&state, &Geometry::new(3), &LinearConflict::new(3), None);
/// let Search::Found(path) = run.search else { panic!() };
/// assert_eq!(path.len(), 31);
/// ```
pub fn ida_star<H: Heuristic>(
    start: &State,
    geometry: &Geometry,
    heuristic: &H,
    deadline: Option<Instant>,
) -> Run {
    ida_star_with_progress(start, geometry, heuristic, deadline, &mut |_, _| {})
}

/// [`ida_star`], calling `progress(bound, nodes)` every 65,536 nodes.
pub fn ida_star_with_progress<H: Heuristic>(
    start: &State,
    geometry: &Geometry,
    heuristic: &H,
    deadline: Option<Instant>,
    progress: &mut dyn FnMut(u32, u64),
) -> Run {
    let (h, memo) = heuristic.evaluate(start);
    let mut searcher = Searcher {
        progress,
        bound: h,
        geometry,
        heuristic,
        state: *start,
        path: Vec::new(),
        nodes: 0,
        deadline,
        stopped: false,
    };
    let mut bound = h;
    loop {
        searcher.bound = bound;
        let t = searcher.dfs(0, bound, h, memo, u8::MAX);
        if t == FOUND {
            return Run {
                search: Search::Found(searcher.path),
                nodes: searcher.nodes,
            };
        }
        if searcher.stopped {
            return Run {
                search: Search::Stopped { lower_bound: bound },
                nodes: searcher.nodes,
            };
        }
        bound = t;
    }
}
