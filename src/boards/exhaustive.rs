//! The slow twins of the counts: plain recursive enumeration of raw positions, with
//! symmetries applied hole by hole. Only for small boards (the triangle, small pictures).

use super::board::Board;
use super::count::{CountReport, Level};
use super::geometry::{Jump, Position};
use super::moves::MinMoves;
use super::position::Goal;
use super::replay::replay;
use crate::error::Figures;
use crate::{Error, Method};
use std::collections::{BTreeMap, BTreeSet};

/// The most holes the exhaustive twins accept: they visit every raw position.
pub const MAX_HOLES: usize = 20;

fn check_holes(board: &Board) -> Result<(), Error> {
    if board.holes() > MAX_HOLES {
        return Err(Error::refused_with(
            Figures::new(board.holes() as u128, MAX_HOLES as u128, "holes"),
            format!(
                "--method exhaustive takes boards of at most {MAX_HOLES} holes ({} has {}): plain \
             recursion visits every one of up to 2^{} raw positions",
                board.name(),
                board.holes(),
                board.holes()
            ),
        ));
    }
    Ok(())
}

/// The counts of [`count`](super::count) by plain recursion over raw positions: every
/// reachable position ([`reachable`]), those that can finish ([`finishing`]), their classes
/// under the symmetries fixing start and goal, hole by hole ([`level_counts`]), and the
/// sequences by recursion over every sequence ([`sequences`]). Refuses boards of more than
/// [`MAX_HOLES`] holes.
///
/// # Complexity
/// Exponential: O(r · j) for r raw reachable positions and j jumps to find them, then
/// O(r² · j) at worst for the finishing ones and one call per solution sequence.
///
/// ```
/// use unhop::boards::{Board, Goal, exhaustive};
/// let triangle = Board::named("triangle").unwrap();
/// let report = exhaustive::count(&triangle, triangle.default_start(), Goal::OnePeg).unwrap();
/// assert_eq!(report.sequences, 29_760u32.into());
/// ```
pub fn count(board: &Board, start: Position, goal: Goal) -> Result<CountReport, Error> {
    check_holes(board)?;
    let mut fixed = goal.fixed_positions();
    fixed.push(start);
    let group = board.symmetries().stabilizer(&fixed);
    let all = reachable(board, start);
    let can_finish = finishing(board, &all, goal);
    let counts = level_counts(&all, group.permutations());
    let finishing_counts = level_counts(&can_finish, group.permutations());
    let top = start.count_ones();
    let levels = (1..=top)
        .rev()
        .map(|pegs| {
            let (raw, up_to_symmetry) = counts.get(&pegs).copied().unwrap_or((0, 0));
            let (finishing_raw, finishing_up_to_symmetry) =
                finishing_counts.get(&pegs).copied().unwrap_or((0, 0));
            Level {
                pegs,
                raw,
                up_to_symmetry,
                finishing_raw,
                finishing_up_to_symmetry,
            }
        })
        .collect();
    Ok(CountReport {
        method: Method::Exhaustive,
        symmetries: group.order(),
        levels,
        sequences: sequences(board, start, goal, &can_finish).into(),
    })
}

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
/// `goal`, the twin of [`min_moves`](super::min_moves): plain breadth-first search by moves
/// over the raw positions that can still finish ([`finishing`]), every chain of jumps of one
/// peg followed to its end, each position's move from its parent kept; `first_reached[m]`
/// counts the classes, under the symmetries fixing start and goal, of the positions first
/// reached after m moves. `None` when the goal cannot be reached. Refuses boards of more
/// than [`MAX_HOLES`] holes.
///
/// # Complexity
/// Exponential: every raw reachable position, each with all its chains of jumps.
///
/// ```
/// use unhop::boards::{Board, Goal, exhaustive};
/// let triangle = Board::named("triangle").unwrap();
/// let best = exhaustive::min_moves(&triangle, triangle.default_start(), Goal::OnePeg).unwrap().unwrap();
/// assert_eq!(best.moves.len(), 10);
/// ```
pub fn min_moves(board: &Board, start: Position, goal: Goal) -> Result<Option<MinMoves>, Error> {
    fn chain_ends(
        board: &Board,
        p: Position,
        chain: &mut Vec<Jump>,
        out: &mut Vec<(Position, Vec<Jump>)>,
    ) {
        for &jump in board.jumps() {
            if chain.last().is_none_or(|last| last.to == jump.from) && jump.is_legal(p) {
                let q = jump.apply(p);
                chain.push(jump);
                out.push((q, chain.clone()));
                chain_ends(board, q, chain, out);
                chain.pop();
            }
        }
    }
    check_holes(board)?;
    let mut fixed = goal.fixed_positions();
    fixed.push(start);
    let perms = board
        .symmetries()
        .stabilizer(&fixed)
        .permutations()
        .to_vec();
    let classes = |positions: &[Position]| -> u64 {
        let least: BTreeSet<Position> = positions
            .iter()
            .map(|&p| perms.iter().map(|perm| permute(perm, p)).min().unwrap_or(p))
            .collect();
        least.len() as u64
    };
    let can_finish = finishing(board, &reachable(board, start), goal);
    if !can_finish.contains(&start) {
        return Ok(None);
    }
    // Each position seen, with the position and the move it was first reached by.
    let mut parent: BTreeMap<Position, Option<(Position, Vec<Jump>)>> =
        BTreeMap::from([(start, None)]);
    let mut frontier = vec![start];
    let mut first_reached = vec![1];
    let mut end = goal.is_reached(start).then_some(start);
    while end.is_none() && !frontier.is_empty() {
        let mut next = Vec::new();
        for &p in &frontier {
            let mut ends = Vec::new();
            chain_ends(board, p, &mut Vec::new(), &mut ends);
            for (q, chain) in ends {
                if can_finish.contains(&q) && !parent.contains_key(&q) {
                    parent.insert(q, Some((p, chain)));
                    next.push(q);
                }
            }
        }
        first_reached.push(classes(&next));
        end = next.iter().copied().find(|&q| goal.is_reached(q));
        frontier = next;
    }
    let Some(end) = end else {
        return Ok(None);
    };
    let mut moves = Vec::new();
    let mut position = end;
    while let Some(Some((previous, chain))) = parent.get(&position) {
        moves.push(chain.clone());
        position = *previous;
    }
    moves.reverse();
    let jumps: Vec<Jump> = moves.iter().flatten().copied().collect();
    replay(board, start, &jumps, goal).map_err(|e| {
        Error::internal(format!(
            "the exhaustive shortest solution fails the replay: {e}"
        ))
    })?;
    Ok(Some(MinMoves {
        moves,
        first_reached,
    }))
}
