//! The slow twins the fast solver is tested against, written on [`Board`] alone.
//!
//! * [`distance_table`]: breadth-first search from the goal over every reachable board; for the
//!   8-puzzle that is all 181,440 of them, each with its exact distance.
//! * [`plain_ida_star`]: the textbook IDA* with the Manhattan distance computed from scratch
//!   at every node, on boards as typed (no labels, no incremental updates, no tables).

use super::Board;
use rustc_hash::FxHashMap;
use std::collections::VecDeque;

/// Every board that can reach `goal`, with its exact number of slides, by breadth-first
/// search from `goal`. O(states · n²): fine for the 8-puzzle (181,440 boards, well under a
/// second), hopeless for the 15-puzzle (10¹³ boards); `limit` stops it after that many
/// boards, so the table may then be partial.
///
/// ```
/// use unhop::sliding::{Board, reference::distance_table};
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
/// use unhop::sliding::{Board, reference::plain_ida_star};
/// let board: Board = "5 1 2 4 9 6 3 8 13 10 7 11 0 14 15 12".parse().unwrap();
/// let tiles = plain_ida_star(&board, &Board::solved(4, false), 20).unwrap();
/// assert_eq!(tiles, [13, 9, 5, 1, 2, 3, 7, 11, 12]);
/// ```
pub fn plain_ida_star(board: &Board, goal: &Board, max_len: u32) -> Option<Vec<u8>> {
    let mut bound = manhattan_distance(board, goal);
    let mut path = Vec::new();
    while bound <= max_len {
        match search(*board, goal, 0, bound, 0, &mut path) {
            Ok(()) => return Some(path),
            Err(next) => bound = next,
        }
    }
    None
}

/// Depth-first search within `bound`: `Ok` with `path` filled, or the least `f` above it.
fn search(
    board: Board,
    goal: &Board,
    g: u32,
    bound: u32,
    last: u8,
    path: &mut Vec<u8>,
) -> Result<(), u32> {
    let f = g + manhattan_distance(&board, goal);
    if f > bound {
        return Err(f);
    }
    if board == *goal {
        return Ok(());
    }
    let mut least = u32::MAX;
    for tile in board.movable_tiles() {
        if tile == last {
            continue;
        }
        let mut next = board;
        next.slide(tile).expect("a movable tile slides");
        path.push(tile);
        match search(next, goal, g + 1, bound, tile, path) {
            Ok(()) => return Ok(()),
            Err(t) => least = least.min(t),
        }
        path.pop();
    }
    Err(least)
}
