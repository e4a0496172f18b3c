//! IDA* (Korf 1985): depth-first searches with a growing bound on `g + h`.
//!
//! Each iteration explores every path whose cost so far `g` plus estimate `h` stays within
//! the bound, then raises the bound to the smallest value that was exceeded. With an
//! admissible heuristic the first goal found is at the least depth, so the solution is a
//! shortest one. The only memory is the current path. A slide that undoes the previous one is
//! never tried.
//!
//! A search runs under a [`Budget`]: it charges the nodes it expands ([`IDA_NODES`]) and
//! stops, as at its deadline, when they pass the work limit.

use super::heuristic::Heuristic;
use super::state::{Geometry, State};
use crate::budget::{Budget, Meter, WorkUnit};
use crate::error::Error;
use web_time::Instant;

/// How often (in nodes) the search looks at the clock and charges its budget.
const CLOCK_EVERY: u64 = 1 << 16;

/// The unit of IDA*'s work: the nodes it expands, over all its iterations, 1,000,000,000
/// unless the budget says otherwise: 20 s to 90 s of CPU here (11 million nodes a second with
/// the 6-6-3 pattern databases on Korf's 100 instances, 47 million with the Manhattan
/// distance alone).
pub const IDA_NODES: WorkUnit = WorkUnit {
    name: "nodes",
    default_limit: 1_000_000_000,
};

/// Why a search stopped before it finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Its deadline passed.
    Deadline,
    /// Its nodes passed the budget's work limit; the error says how many, and the limit.
    Budget(Error),
}

/// What an IDA* run ended with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Search {
    /// A shortest solution: the cells whose tiles slid into the gap, in order.
    Found(Vec<u8>),
    /// The deadline passed or the budget ran out; the last bound that was being searched (all
    /// shorter solutions were ruled out).
    Stopped {
        /// The bound of the unfinished iteration: every solution has at least this length.
        lower_bound: u32,
        /// Why it stopped.
        why: Stop,
    },
}

/// What a depth-first search watches as it goes (this one and the plain one of
/// [`exhaustive`](super::exhaustive)): every [`CLOCK_EVERY`] nodes it tells `progress`,
/// reads the clock and charges its meter, and it stops at the deadline or at the node past
/// the work limit.
pub(super) struct Watch<'a> {
    meter: Meter,
    deadline: Option<Instant>,
    progress: &'a mut dyn FnMut(u32, u64),
    /// Nodes expanded so far.
    pub(super) nodes: u64,
    charged: u64,
    next_check: u64,
    /// Why the search must stop, once it must.
    pub(super) stopped: Option<Stop>,
}

impl<'a> Watch<'a> {
    /// A watch over a search named `what`, counting in `unit`.
    pub(super) fn new(
        budget: &Budget,
        what: &str,
        unit: WorkUnit,
        deadline: Option<Instant>,
        progress: &'a mut dyn FnMut(u32, u64),
    ) -> Watch<'a> {
        let meter = budget.meter(what, unit);
        let next_check = CLOCK_EVERY.min(meter.work_limit().saturating_add(1));
        Watch {
            meter,
            deadline,
            progress,
            nodes: 0,
            charged: 0,
            next_check,
            stopped: None,
        }
    }

    /// Counts a node of the iteration with `bound`; true when the search must stop (and
    /// then the node is not counted: the search returns without expanding it).
    #[inline]
    pub(super) fn tick(&mut self, bound: u32) -> bool {
        if self.stopped.is_some() {
            return true;
        }
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.check(bound);
        }
        self.stopped.is_some()
    }

    #[cold]
    fn check(&mut self, bound: u32) {
        (self.progress)(bound, self.nodes);
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.stopped = Some(Stop::Deadline);
        }
        if let Err(spent) = self.meter.charge(self.nodes - self.charged) {
            self.stopped = Some(Stop::Budget(spent));
        }
        self.charged = self.nodes;
        let limit = self.meter.work_limit().saturating_add(1);
        self.next_check = self.nodes.saturating_add(CLOCK_EVERY).min(limit);
    }

    /// Charges the nodes expanded since the last check: the search is over.
    pub(super) fn finish(&mut self) -> Result<(), Error> {
        let rest = self.nodes - self.charged;
        self.charged = self.nodes;
        match rest {
            0 => Ok(()),
            rest => self.meter.charge(rest),
        }
    }
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
    watch: Watch<'a>,
    bound: u32,
    geometry: &'a Geometry,
    heuristic: &'a H,
    state: State,
    path: Vec<u8>,
}

/// Returned by `dfs` when the goal is reached.
const FOUND: u32 = u32::MAX;

impl<H: Heuristic> Searcher<'_, H> {
    /// Searches below the current state; returns [`FOUND`], or the least `f` above `bound`.
    fn dfs(&mut self, g: u32, bound: u32, h: u32, memo: H::Memo, came_from: u8) -> u32 {
        if self.watch.tick(self.bound) {
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

/// Runs IDA* from `start` to its goal with `heuristic`, until a solution, `deadline`, or the
/// work limit of `budget` ([`IDA_NODES`]).
///
/// # Complexity
/// Time: exponential in the solution length, divided by how much the heuristic prunes; the
/// benchmarks give the figures. Memory: the path only. `start` must be solvable (see
/// [`solvability`](super::solvability)), or the search never ends before the deadline or the
/// budget.
///
/// ```
/// use unhop::budget::Budget;
/// use unhop::sliding::{Board, Geometry, LinearConflict, Search, State, Stop, ida_star};
/// let board: Board = "8 6 7 2 5 4 3 0 1".parse().unwrap();
/// let state = State::new(&board, &Board::solved(3, false));
/// let (geometry, h) = (Geometry::new(3), LinearConflict::new(3));
/// let run = ida_star(&state, &geometry, &h, None, &Budget::default());
/// let Search::Found(path) = run.search else { panic!() };
/// assert_eq!(path.len(), 31);
/// // 1,000 nodes are not enough.
/// let run = ida_star(&state, &geometry, &h, None, &Budget::default().with_max_work(1000));
/// assert!(matches!(run.search, Search::Stopped { why: Stop::Budget(_), .. }));
/// assert_eq!(run.nodes, 1001);
/// ```
pub fn ida_star<H: Heuristic>(
    start: &State,
    geometry: &Geometry,
    heuristic: &H,
    deadline: Option<Instant>,
    budget: &Budget,
) -> Run {
    ida_star_with_progress(start, geometry, heuristic, deadline, budget, &mut |_, _| {})
}

/// [`ida_star`], calling `progress(bound, nodes)` every 65,536 nodes.
///
/// # Complexity
/// As [`ida_star`].
///
/// # Examples
///
/// ```
/// use unhop::budget::Budget;
/// use unhop::sliding::{Board, Geometry, LinearConflict, Search, State, ida_star_with_progress};
/// let goal = Board::solved(3, false);
/// let start = State::new(&"8 6 7 2 5 4 3 0 1".parse().unwrap(), &goal);
/// let mut calls = 0;
/// let run = ida_star_with_progress(&start, &Geometry::new(3), &LinearConflict::new(3), None,
///     &Budget::default(), &mut |_, _| calls += 1);
/// assert!(matches!(run.search, Search::Found(ref path) if path.len() == 31));
/// assert_eq!(calls as u64, run.nodes / 65_536);
/// ```
pub fn ida_star_with_progress<H: Heuristic>(
    start: &State,
    geometry: &Geometry,
    heuristic: &H,
    deadline: Option<Instant>,
    budget: &Budget,
    progress: &mut dyn FnMut(u32, u64),
) -> Run {
    let (h, memo) = heuristic.evaluate(start);
    let mut searcher = Searcher {
        watch: Watch::new(
            budget,
            "the search for a shortest solution",
            IDA_NODES,
            deadline,
            progress,
        ),
        bound: h,
        geometry,
        heuristic,
        state: *start,
        path: Vec::new(),
    };
    let mut bound = h;
    let search = loop {
        searcher.bound = bound;
        let t = searcher.dfs(0, bound, h, memo, u8::MAX);
        if t == FOUND {
            break Search::Found(std::mem::take(&mut searcher.path));
        }
        if let Some(why) = searcher.watch.stopped.take() {
            break Search::Stopped {
                lower_bound: bound,
                why,
            };
        }
        bound = t;
    };
    let search = match (search, searcher.watch.finish()) {
        (found, Ok(())) => found,
        (_, Err(spent)) => Search::Stopped {
            lower_bound: bound,
            why: Stop::Budget(spent),
        },
    };
    Run {
        search,
        nodes: searcher.watch.nodes,
    }
}
