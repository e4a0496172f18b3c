//! The slow twins the fast solver is tested against, written on [`Board`] alone: what
//! `--method exhaustive` runs.
//!
//! * [`distance_table`]: breadth-first search from the goal over every reachable board; for the
//!   8-puzzle that is all 181,440 of them, each with its exact distance.
//! * [`reachable`]: whether a board reaches the goal, by that search (the twin of the parity
//!   test [`solvability`](super::solvability); 8-puzzle only).
//! * [`plain_ida_star`], [`plain_ida_star_until`]: the textbook IDA* with the Manhattan
//!   distance computed from scratch at every node, on boards as typed (no labels, no
//!   incremental updates, no tables).
//!
//! Each runs under a [`Budget`]: the breadth-first searches admit their boards and memory
//! before they start ([`distance_estimate`]), the plain IDA* charges the boards it visits.

use super::Board;
use super::ida::{Stop, Watch};
use super::solvability::{Solvability, Unsolvable};
use crate::budget::{Budget, Estimate, WorkUnit};
use crate::error::Error;
use rustc_hash::FxHashMap;
use std::collections::VecDeque;
use web_time::Instant;

/// The unit of the breadth-first searches' work: the boards they take from their queues,
/// 100,000,000 unless the budget says otherwise. All 181,440 boards of the 8-puzzle take a
/// tenth of a second; the 15-puzzle's 10¹³ are refused.
pub const BFS_BOARDS: WorkUnit = WorkUnit {
    name: "boards",
    default_limit: 100_000_000,
};

/// The unit of the plain IDA*'s work: the boards it visits over all its iterations,
/// 200,000,000 unless the budget says otherwise (a minute or so: it recomputes the Manhattan
/// distance and lists the movable tiles afresh at every board).
pub const PLAIN_IDA_NODES: WorkUnit = WorkUnit {
    name: "nodes",
    default_limit: 200_000_000,
};

/// The bytes a breadth-first search allocates for each board it may reach: its entry in the
/// table (an 18-byte entry and a control byte, in a table of at most 16/7 times as many
/// slots as boards) and its place in the queue (17 bytes), rounded up.
const BYTES_PER_BOARD: u128 = 64;

/// Bytes a search allocates besides its tables (the tiles movable from one board).
const SMALL_BYTES: u128 = 4 << 10;

/// The number of boards reachable from any board of width `width`: half of the (width²)!
/// arrangements (those of the board's parity).
fn reachable_boards(width: usize) -> u128 {
    (3..=(width * width) as u128).product()
}

/// What [`distance_table`] from a board of width `width` needs: every board reachable from
/// it, taken once from the queue, and the table and queue for all of them. `what` names the
/// search in messages. O(1).
///
/// # Complexity
/// O(1).
///
/// # Examples
///
/// ```
/// use unhop::sliding::exhaustive::distance_estimate;
/// assert_eq!(distance_estimate(3, "a search").work, 181_440);
/// assert_eq!(distance_estimate(4, "a search").work, 10_461_394_944_000);
/// ```
pub fn distance_estimate(width: usize, what: &str) -> Estimate {
    let boards = reachable_boards(width);
    Estimate {
        what: what.into(),
        unit: BFS_BOARDS,
        work: boards,
        bytes: boards * BYTES_PER_BOARD + SMALL_BYTES,
    }
}

/// Every board that can reach `goal`, with its exact number of slides, by breadth-first
/// search from `goal`, under `budget` ([`distance_estimate`] is admitted first, so the
/// 15-puzzle's 10¹³ boards are refused with their figures).
///
/// # Complexity
/// O(states · n²) time: the 8-puzzle's 181,440 boards in a tenth of a second; 12 MB.
///
/// ```
/// use unhop::{ErrorKind, budget::Budget, sliding::{Board, exhaustive::distance_table}};
/// let table = distance_table(&Board::solved(3, false), &Budget::default()).unwrap();
/// assert_eq!(table.len(), 181_440);
/// assert_eq!(table.values().max(), Some(&31));
/// let err = distance_table(&Board::solved(4, false), &Budget::default()).unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::Refused);
/// ```
pub fn distance_table(goal: &Board, budget: &Budget) -> Result<FxHashMap<Board, u8>, Error> {
    let what = format!("a breadth-first search of every board from {goal}");
    breadth_first(goal, &distance_estimate(goal.width(), &what), budget)
}

/// The breadth-first search of [`distance_table`] under `estimate`.
fn breadth_first(
    goal: &Board,
    estimate: &Estimate,
    budget: &Budget,
) -> Result<FxHashMap<Board, u8>, Error> {
    let meter = budget.admit_estimate(estimate)?;
    let boards = estimate.work as usize;
    let bytes = estimate.bytes - SMALL_BYTES;
    meter.hold(bytes as u64)?;
    let failed = |_| crate::memory::allocation_failed(bytes, &estimate.what);
    let mut table = FxHashMap::default();
    table.try_reserve(boards).map_err(failed)?;
    let mut queue = VecDeque::new();
    queue.try_reserve_exact(boards).map_err(failed)?;
    table.insert(*goal, 0u8);
    queue.push_back(*goal);
    let mut taken = 0u64;
    while let Some(board) = queue.pop_front() {
        taken += 1;
        let d = table[&board];
        for tile in board.movable_tiles() {
            let mut next = board;
            next.slide(tile).expect("a movable tile slides");
            table.entry(next).or_insert_with(|| {
                queue.push_back(next);
                d + 1
            });
        }
    }
    meter.charge(taken)?;
    Ok(table)
}

/// How many boards lie at each distance from `goal`: entry d is the number of boards whose
/// shortest solution has d slides, from [`distance_table`] of every reachable board, under
/// `budget` (a 4 × 4 goal is refused: 10¹³ boards).
///
/// # Complexity
/// As [`distance_table`].
///
/// # Examples
///
/// ```
/// use unhop::{budget::Budget, sliding::{Board, exhaustive::distance_counts}};
/// let counts = distance_counts(&Board::solved(3, false), &Budget::default()).unwrap();
/// assert_eq!(counts.iter().sum::<u64>(), 181_440);
/// assert_eq!(counts.len(), 32); // the hardest boards need 31 slides
/// assert_eq!((counts[0], counts[1]), (1, 2)); // the goal, and its gap's two neighbours
/// ```
pub fn distance_counts(goal: &Board, budget: &Budget) -> Result<Vec<u64>, Error> {
    let what = format!(
        "counting the distances of every board of the {0} × {0} puzzle",
        goal.width()
    );
    let table = breadth_first(goal, &distance_estimate(goal.width(), &what), budget)?;
    let mut counts = vec![0u64; table.values().max().map_or(0, |&d| d as usize + 1)];
    for &d in table.values() {
        counts[d as usize] += 1;
    }
    Ok(counts)
}

/// The Manhattan distance between `board` and `goal`, tile by tile. O(n⁴).
///
/// # Complexity
/// O(n⁴) for width n: each tile's cell found by a scan.
///
/// # Examples
///
/// ```
/// use unhop::sliding::{Board, exhaustive::manhattan_distance};
/// let goal = Board::solved(3, false);
/// assert_eq!(manhattan_distance(&"1 2 3 4 5 6 _ 7 8".parse().unwrap(), &goal), 2);
/// ```
pub fn manhattan_distance(board: &Board, goal: &Board) -> u32 {
    let w = board.width();
    (1..board.len() as u8)
        .map(|tile| {
            let (a, b) = (board.position_of(tile), goal.position_of(tile));
            ((a / w).abs_diff(b / w) + (a % w).abs_diff(b % w)) as u32
        })
        .sum()
}

/// A shortest list of tiles that slides `board` into `goal`, by plain IDA* with the Manhattan
/// distance, or `None` if there is none of at most `max_len` slides, under `budget`.
///
/// # Complexity
/// Exponential time: for tests on boards a few dozen slides from the goal. Memory: the path.
///
/// Errors: the work limit reached before an answer ([`PLAIN_IDA_NODES`]).
///
/// # Examples
///
/// ```
/// use unhop::{budget::Budget, sliding::{Board, exhaustive::plain_ida_star}};
/// let board: Board = "5 1 2 4 9 6 3 8 13 10 7 11 0 14 15 12".parse().unwrap();
/// let goal = Board::solved(4, false);
/// let tiles = plain_ida_star(&board, &goal, 20, &Budget::default()).unwrap();
/// assert_eq!(tiles, Some(vec![13, 9, 5, 1, 2, 3, 7, 11, 12]));
/// assert!(plain_ida_star(&board, &goal, 20, &Budget::default().with_max_work(10)).is_err());
/// ```
pub fn plain_ida_star(
    board: &Board,
    goal: &Board,
    max_len: u32,
    budget: &Budget,
) -> Result<Option<Vec<u8>>, Error> {
    let run = plain_ida_star_until(board, goal, max_len, None, budget, &mut |_, _| {});
    match run.stopped {
        Some(Stop::Budget(spent)) => Err(spent),
        Some(Stop::Deadline) | None => Ok(run.tiles),
    }
}

/// What [`plain_ida_star_until`] found, and its effort.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlainRun {
    /// A shortest solution, or `None` if there is none within the length limit or the
    /// search stopped first.
    pub tiles: Option<Vec<u8>>,
    /// Every solution has at least this many slides (the length itself when found).
    pub lower_bound: u32,
    /// Boards visited, over all iterations.
    pub nodes: u64,
    /// Why the search stopped before it finished, if it did: the deadline, or the budget.
    pub stopped: Option<Stop>,
}

/// [`plain_ida_star`] that also stops at `deadline` (the clock is read every 65,536 nodes)
/// and calls `progress(bound, nodes)` as often; the budget's work limit stops it too
/// ([`PLAIN_IDA_NODES`]).
///
/// # Complexity
/// Exponential time; memory: the path.
///
/// # Examples
///
/// ```
/// use unhop::{budget::Budget, sliding::{Board, exhaustive::plain_ida_star_until}};
/// let board: Board = "1 2 3 4 5 6 0 7 8".parse().unwrap();
/// let goal = Board::solved(3, false);
/// let run = plain_ida_star_until(&board, &goal, 31, None, &Budget::default(), &mut |_, _| {});
/// assert_eq!(run.tiles, Some(vec![7, 8]));
/// assert_eq!((run.lower_bound, run.stopped), (2, None));
/// ```
pub fn plain_ida_star_until(
    board: &Board,
    goal: &Board,
    max_len: u32,
    deadline: Option<Instant>,
    budget: &Budget,
    progress: &mut dyn FnMut(u32, u64),
) -> PlainRun {
    let what = format!("the exhaustive search of {board}");
    let mut search = Plain {
        goal,
        path: Vec::new(),
        watch: Watch::new(budget, &what, PLAIN_IDA_NODES, deadline, progress),
        bound: manhattan_distance(board, goal),
    };
    let mut tiles = None;
    while search.bound <= max_len {
        match search.dfs(*board, 0, 0) {
            Ok(()) => {
                tiles = Some(std::mem::take(&mut search.path));
                break;
            }
            Err(_) if search.watch.stopped.is_some() => break,
            Err(next) => search.bound = next,
        }
    }
    let mut stopped = search.watch.stopped.take();
    if let Err(spent) = search.watch.finish() {
        stopped = Some(Stop::Budget(spent));
        tiles = None;
    }
    PlainRun {
        lower_bound: tiles.as_ref().map_or(search.bound, |t| t.len() as u32),
        tiles,
        nodes: search.watch.nodes,
        stopped,
    }
}

/// The state of one plain IDA* run.
struct Plain<'a> {
    goal: &'a Board,
    path: Vec<u8>,
    watch: Watch<'a>,
    bound: u32,
}

impl Plain<'_> {
    /// Depth-first search within the bound: `Ok` with `path` filled, or the least `f` above
    /// it.
    fn dfs(&mut self, board: Board, g: u32, last: u8) -> Result<(), u32> {
        if self.watch.tick(self.bound) {
            return Err(u32::MAX);
        }
        let f = g + manhattan_distance(&board, self.goal);
        if f > self.bound {
            return Err(f);
        }
        if board == *self.goal {
            return Ok(());
        }
        let mut least = u32::MAX;
        for tile in board.movable_tiles() {
            if tile == last {
                continue;
            }
            let mut next = board;
            next.slide(tile).expect("a movable tile slides");
            self.path.push(tile);
            match self.dfs(next, g + 1, tile) {
                Ok(()) => return Ok(()),
                Err(t) => least = least.min(t),
            }
            self.path.pop();
        }
        Err(least)
    }
}

/// Whether `board` can reach `goal`, by breadth-first search over every board reachable
/// from `board`, under `budget`: the slow twin of [`solvability`](super::solvability).
///
/// # Complexity
/// As [`distance_table`]: about 181,440 boards on the 8-puzzle; the 15-puzzle (10¹³ boards)
/// is refused.
///
/// Errors: boards of different sizes; a refusal.
///
/// # Examples
///
/// ```
/// use unhop::{budget::Budget, sliding::{Board, Solvability, exhaustive::reachable}};
/// let (goal, budget) = (Board::solved(3, false), Budget::default());
/// let answer = reachable(&"8 6 7 2 5 4 3 0 1".parse().unwrap(), &goal, &budget).unwrap();
/// assert_eq!(answer, Solvability::Solvable);
/// let answer = reachable(&"2 1 3 4 5 6 7 8 0".parse().unwrap(), &goal, &budget).unwrap();
/// let why = answer.unsolvable().unwrap().to_string();
/// assert!(why.contains("181440 boards"), "{why}");
/// assert!(reachable(&Board::solved(4, true), &Board::solved(4, false), &budget).is_err());
/// ```
pub fn reachable(board: &Board, goal: &Board, budget: &Budget) -> Result<Solvability, Error> {
    if board.width() != goal.width() {
        return Err(Error::new(format!(
            "the board {board} and the goal {goal} differ in size"
        )));
    }
    let what = format!("checking {board} by a breadth-first search of every board from it");
    let table = breadth_first(board, &distance_estimate(board.width(), &what), budget)?;
    Ok(if table.contains_key(goal) {
        Solvability::Solvable
    } else {
        Solvability::Unsolvable(Unsolvable::NotReached {
            boards: table.len(),
        })
    })
}
