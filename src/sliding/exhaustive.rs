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

use super::Board;
use crate::error::Error;
use crate::error::Figures;
use rustc_hash::FxHashMap;
use std::collections::VecDeque;
use web_time::Instant;

/// The most boards [`reachable`] searches: the boards of the 8-puzzle reachable from one,
/// 9!/2.
pub const MAX_REACHABLE: usize = 181_440;

/// Every board that can reach `goal`, with its exact number of slides, by breadth-first
/// search from `goal`. O(states · n²): fine for the 8-puzzle (181,440 boards, well under a
/// second), hopeless for the 15-puzzle (10¹³ boards); `limit` stops it after that many
/// boards, so the table may then be partial.
///
/// ```
/// use unhop::sliding::{Board, exhaustive::distance_table};
/// let table = distance_table(&Board::solved(3, false), usize::MAX);
/// assert_eq!(table.len(), 181_440);
/// assert_eq!(table.values().max(), Some(&31));
/// ```
pub fn distance_table(goal: &Board, limit: usize) -> FxHashMap<Board, u8> {
    let mut table = FxHashMap::default();
    table.insert(*goal, 0u8);
    let mut queue = VecDeque::from([*goal]);
    while let Some(board) = queue.pop_front() {
        if table.len() >= limit {
            break;
        }
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
    table
}

/// How many boards lie at each distance from `goal`: entry d is the number of boards whose
/// shortest solution has d slides, from [`distance_table`] of every reachable board. The
/// 8-puzzle only: a 4 × 4 goal is refused (10¹³ boards). O(states · n²), 181,440 boards.
///
/// ```
/// use unhop::sliding::{Board, exhaustive::distance_counts};
/// let counts = distance_counts(&Board::solved(3, false)).unwrap();
/// assert_eq!(counts.iter().sum::<u64>(), 181_440);
/// assert_eq!(counts.len(), 32); // the hardest boards need 31 slides
/// assert_eq!((counts[0], counts[1]), (1, 2)); // the goal, and its gap's two neighbours
/// ```
pub fn distance_counts(goal: &Board) -> Result<Vec<u64>, Error> {
    if goal.width() != 3 {
        let cells = goal.width() * goal.width();
        let boards: u128 = (3..=cells as u128).product();
        return Err(Error::refused_with(
            Figures::new(boards, MAX_REACHABLE as u128, "boards"),
            format!(
                "counting the distances of every board of the {0} × {0} puzzle needs all its \
             {boards} reachable boards; the limit is {MAX_REACHABLE} boards (the 8-puzzle)",
                goal.width()
            ),
        ));
    }
    let table = distance_table(goal, usize::MAX);
    let mut counts = vec![0u64; table.values().max().map_or(0, |&d| d as usize + 1)];
    for &d in table.values() {
        counts[d as usize] += 1;
    }
    Ok(counts)
}

/// The Manhattan distance between `board` and `goal`, tile by tile. O(n⁴).
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
/// distance, or `None` if there is none of at most `max_len` slides. Exponential time: for
/// tests on boards a few dozen slides from the goal.
///
/// ```
/// use unhop::sliding::{Board, exhaustive::plain_ida_star};
/// let board: Board = "5 1 2 4 9 6 3 8 13 10 7 11 0 14 15 12".parse().unwrap();
/// let tiles = plain_ida_star(&board, &Board::solved(4, false), 20).unwrap();
/// assert_eq!(tiles, [13, 9, 5, 1, 2, 3, 7, 11, 12]);
/// ```
pub fn plain_ida_star(board: &Board, goal: &Board, max_len: u32) -> Option<Vec<u8>> {
    plain_ida_star_until(board, goal, max_len, None, &mut |_, _| {}).tiles
}

/// What [`plain_ida_star_until`] found, and its effort.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlainRun {
    /// A shortest solution, or `None` if there is none within the length limit or the
    /// deadline passed first.
    pub tiles: Option<Vec<u8>>,
    /// Every solution has at least this many slides (the length itself when found).
    pub lower_bound: u32,
    /// Boards visited, over all iterations.
    pub nodes: u64,
    /// Whether the deadline stopped the search.
    pub stopped: bool,
}

/// [`plain_ida_star`] that also stops at `deadline` (the clock is read every 65,536 nodes)
/// and calls `progress(bound, nodes)` as often. Exponential time.
///
/// ```
/// use unhop::sliding::{Board, exhaustive::plain_ida_star_until};
/// let board: Board = "1 2 3 4 5 6 0 7 8".parse().unwrap();
/// let run = plain_ida_star_until(&board, &Board::solved(3, false), 31, None, &mut |_, _| {});
/// assert_eq!(run.tiles, Some(vec![7, 8]));
/// assert_eq!((run.lower_bound, run.stopped), (2, false));
/// ```
pub fn plain_ida_star_until(
    board: &Board,
    goal: &Board,
    max_len: u32,
    deadline: Option<Instant>,
    progress: &mut dyn FnMut(u32, u64),
) -> PlainRun {
    let mut search = Plain {
        goal,
        path: Vec::new(),
        nodes: 0,
        deadline,
        stopped: false,
        bound: manhattan_distance(board, goal),
        progress,
    };
    while search.bound <= max_len {
        match search.dfs(*board, 0, 0) {
            Ok(()) => {
                return PlainRun {
                    lower_bound: search.path.len() as u32,
                    tiles: Some(search.path),
                    nodes: search.nodes,
                    stopped: false,
                };
            }
            Err(_) if search.stopped => break,
            Err(next) => search.bound = next,
        }
    }
    PlainRun {
        tiles: None,
        lower_bound: search.bound,
        nodes: search.nodes,
        stopped: search.stopped,
    }
}

/// The state of one plain IDA* run.
struct Plain<'a> {
    goal: &'a Board,
    path: Vec<u8>,
    nodes: u64,
    deadline: Option<Instant>,
    stopped: bool,
    bound: u32,
    progress: &'a mut dyn FnMut(u32, u64),
}

impl Plain<'_> {
    /// Depth-first search within the bound: `Ok` with `path` filled, or the least `f` above
    /// it.
    fn dfs(&mut self, board: Board, g: u32, last: u8) -> Result<(), u32> {
        self.nodes += 1;
        if self.nodes % (1 << 16) == 0 {
            (self.progress)(self.bound, self.nodes);
            self.stopped |= self.deadline.is_some_and(|d| Instant::now() >= d);
        }
        if self.stopped {
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
/// from `board`: `Err` with the reason when it cannot. The slow twin of
/// [`solvability`](super::solvability), for the 8-puzzle only: O(9!/2 · n²), about
/// 181,440 boards; the 15-puzzle (10¹³ boards) is refused.
///
/// ```
/// use unhop::sliding::{Board, exhaustive::reachable};
/// let goal = Board::solved(3, false);
/// assert!(reachable(&"8 6 7 2 5 4 3 0 1".parse().unwrap(), &goal).unwrap().is_ok());
/// let why = reachable(&"2 1 3 4 5 6 7 8 0".parse().unwrap(), &goal).unwrap().unwrap_err();
/// assert!(why.contains("181440 boards"), "{why}");
/// assert!(reachable(&Board::solved(4, true), &Board::solved(4, false)).is_err());
/// ```
pub fn reachable(board: &Board, goal: &Board) -> Result<Result<(), String>, Error> {
    if board.width() != goal.width() {
        return Err(Error::new(format!(
            "the board {board} and the goal {goal} differ in size"
        )));
    }
    if board.width() > 3 {
        return Err(Error::refused_with(
            Figures::new(
                ((1..=board.len() as u64).product::<u64>() / 2).into(),
                MAX_REACHABLE as u128,
                "boards",
            ),
            format!(
                "an exhaustive search of the {0}×{0} board would visit up to {1} boards; the limit \
             is {MAX_REACHABLE} (the 8-puzzle)",
                board.width(),
                (1..=board.len() as u64).product::<u64>() / 2
            ),
        ));
    }
    let table = distance_table(board, usize::MAX);
    Ok(match table.get(goal) {
        Some(_) => Ok(()),
        None => Err(format!(
            "unsolvable: a breadth-first search visited all {} boards reachable from it, and \
             the goal is not among them",
            table.len()
        )),
    })
}
