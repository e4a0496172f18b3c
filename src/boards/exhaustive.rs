//! The slow twins of the counts: plain recursive enumeration of raw positions, with
//! symmetries applied hole by hole. Only for small boards (the triangle, small pictures).

use super::board::{Board, Position};
use super::position::Goal;
use std::collections::{BTreeMap, BTreeSet};

/// Every position reachable from `start` (itself included), found by plain depth-first
/// recursion over raw positions. Exponential; meant for boards of up to about 20 holes.
///
/// ```
/// use unhop::boards::{Board, exhaustive};
/// let triangle = Board::named("triangle").unwrap();
/// let all = exhaustive::reachable(&triangle, triangle.default_start());
/// assert!(all.contains(&triangle.default_start()));
/// ```
pub fn reachable(board: &Board, start: Position) -> BTreeSet<Position> {
    fn visit(board: &Board, p: Position, seen: &mut BTreeSet<Position>) {
        if !seen.insert(p) {
            return;
        }
        for &jump in board.jumps() {
            if jump.is_legal(p) {
                visit(board, jump.apply(p), seen);
            }
        }
    }
    let mut seen = BTreeSet::new();
    visit(board, start, &mut seen);
    seen
}

/// The positions of `reachable` (a set closed under jumps, such as [`reachable`] gives) from
/// which `goal` can be reached: the goal positions, then again and again every position with a
/// jump into the set found so far, until nothing changes.
pub fn finishing(board: &Board, reachable: &BTreeSet<Position>, goal: Goal) -> BTreeSet<Position> {
    let mut found: BTreeSet<Position> = reachable
        .iter()
        .copied()
        .filter(|&p| goal.is_reached(p))
        .collect();
    loop {
        let more: Vec<Position> = reachable
            .iter()
            .copied()
            .filter(|p| !found.contains(p))
            .filter(|&p| {
                board
                    .jumps()
                    .iter()
                    .any(|j| j.is_legal(p) && found.contains(&j.apply(p)))
            })
            .collect();
        if more.is_empty() {
            return found;
        }
        found.extend(more);
    }
}

/// The number of jump sequences from `p` that end in `goal`, by plain recursion over every
/// sequence, entering only positions of `finishing` (no other position leads to the goal).
pub fn sequences(board: &Board, p: Position, goal: Goal, finishing: &BTreeSet<Position>) -> u128 {
    if goal.is_reached(p) {
        return 1;
    }
    board
        .jumps()
        .iter()
        .filter(|j| j.is_legal(p) && finishing.contains(&j.apply(p)))
        .map(|j| sequences(board, j.apply(p), goal, finishing))
        .sum()
}

/// The image of `p` under the permutation `perm`, hole by hole.
pub fn permute(perm: &[u8], p: Position) -> Position {
    (0..perm.len())
        .filter(|&h| p >> h & 1 == 1)
        .fold(0, |image, h| image | 1 << perm[h])
}

/// Per number of pegs: (raw positions, classes of positions under `perms`) of `positions`.
pub fn level_counts(
    positions: &BTreeSet<Position>,
    perms: &[Vec<u8>],
) -> BTreeMap<u32, (u64, u64)> {
    let mut counts: BTreeMap<u32, (u64, BTreeSet<Position>)> = BTreeMap::new();
    for &p in positions {
        let least = perms.iter().map(|perm| permute(perm, p)).min().unwrap_or(p);
        let entry = counts.entry(p.count_ones()).or_default();
        entry.0 += 1;
        entry.1.insert(least);
    }
    counts
        .into_iter()
        .map(|(k, (raw, classes))| (k, (raw, classes.len() as u64)))
        .collect()
}

/// The minimum number of moves (a move: one or more jumps by the same peg) from `start` to
/// `goal` by plain breadth-first search over raw positions, `None` when unreachable.
pub fn min_moves(board: &Board, start: Position, goal: Goal) -> Option<usize> {
    fn chain_ends(board: &Board, p: Position, peg: Option<u8>, out: &mut Vec<Position>) {
        for &jump in board.jumps() {
            if peg.is_none_or(|h| h == jump.from) && jump.is_legal(p) {
                let q = jump.apply(p);
                out.push(q);
                chain_ends(board, q, Some(jump.to), out);
            }
        }
    }
    let mut seen = BTreeSet::from([start]);
    let mut frontier = vec![start];
    for moves in 0.. {
        if frontier.iter().any(|&p| goal.is_reached(p)) {
            return Some(moves);
        }
        if frontier.is_empty() {
            return None;
        }
        let mut next = Vec::new();
        for &p in &frontier {
            let mut ends = Vec::new();
            chain_ends(board, p, None, &mut ends);
            next.extend(ends.into_iter().filter(|&q| seen.insert(q)));
        }
        frontier = next;
    }
    None
}
