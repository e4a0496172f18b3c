//! Counting: every position reachable from a start, level by level (one level per number of
//! pegs), raw and up to symmetry; those that can still reach the goal; and the number of
//! jump sequences that solve the game.

use super::board::{Board, Jump, Position};
use super::position::Goal;
use super::replay::replay;
use super::symmetry::SymmetryGroup;
use crate::Error;
use rayon::prelude::*;

/// The default limit on positions (up to symmetry) a sweep may hold: 8 bytes each, so about
/// 2 GB.
pub const DEFAULT_MAX_POSITIONS: usize = 250_000_000;

/// The counts of one level: the positions with `pegs` pegs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// The number of pegs.
    pub pegs: u32,
    /// Reachable positions.
    pub raw: u64,
    /// Reachable positions up to symmetry.
    pub up_to_symmetry: u64,
    /// Reachable positions that can still reach the goal.
    pub finishing_raw: u64,
    /// The same up to symmetry.
    pub finishing_up_to_symmetry: u64,
}

/// The positions reachable from a start, by level, in canonical form under the symmetries
/// that fix both start and goal, with those that can still reach the goal.
#[derive(Clone, Debug)]
pub struct Sweep {
    /// The symmetries used.
    pub group: SymmetryGroup,
    /// `reachable[k]`: the canonical positions with k pegs, sorted.
    pub reachable: Vec<Vec<Position>>,
    /// `finishing[k]`: those of `reachable[k]` that can still reach the goal, sorted.
    pub finishing: Vec<Vec<Position>>,
    /// The counts, from the start's level down to one peg.
    pub levels: Vec<Level>,
    /// The number of jump sequences from the start to the goal.
    pub sequences: u128,
}

/// Counts every position reachable from `start`, level by level, and then, going back up
/// from the goal, those that can still reach `goal` and the number of jump sequences.
///
/// Each level is a sorted vector of canonical positions (least image under the symmetries
/// that fix start and goal); the next level is made by applying every legal jump to every
/// position, taking canonical forms, sorting and removing repeats (in parallel with rayon).
/// The backward pass gives each position of a level the number of sequences from it to the
/// goal, the sum over its jumps of the numbers of the positions they lead to (looked up by
/// binary search in the level below); a position can still finish when that number is not
/// zero. Symmetric positions have equal numbers because the symmetries fix the goal.
///
/// Costs O(r · j · s) for r positions up to symmetry, j jumps and s symmetries, plus the
/// sorts; memory 8 bytes per position up to symmetry (plus the largest level's successors).
/// Refuses with an error when more than `max_positions` positions would be kept.
/// `progress(pegs, positions)` is called after each level.
///
/// ```
/// use unhop::boards::{Board, Goal, sweep, DEFAULT_MAX_POSITIONS};
/// let triangle = Board::named("triangle").unwrap();
/// let result = sweep(&triangle, triangle.default_start(), Goal::OnePeg, DEFAULT_MAX_POSITIONS, &mut |_, _| {}).unwrap();
/// assert_eq!(result.sequences, 29_760);
/// ```
pub fn sweep(
    board: &Board,
    start: Position,
    goal: Goal,
    max_positions: usize,
    progress: &mut dyn FnMut(u32, usize),
) -> Result<Sweep, Error> {
    let mut fixed = goal.fixed_positions();
    fixed.push(start);
    let group = board.symmetries().stabilizer(&fixed);
    let top = start.count_ones() as usize;
    let mut reachable: Vec<Vec<Position>> = vec![Vec::new(); top + 1];
    reachable[top] = vec![group.canonical(start)];
    let mut kept = 1;
    progress(top as u32, 1);
    for pegs in (1..top).rev() {
        let next = next_level(board, &group, &reachable[pegs + 1]);
        kept += next.len();
        if kept > max_positions {
            return Err(Error::new(format!(
                "the count was stopped at {pegs} pegs: it would keep more than {max_positions} positions up to symmetry (8 bytes each); the limit protects the machine's memory"
            )));
        }
        progress(pegs as u32, next.len());
        reachable[pegs] = next;
    }
    let mut finishing: Vec<Vec<Position>> = vec![Vec::new(); top + 1];
    let goal_pegs = goal.pegs() as usize;
    let mut sequences = 0;
    if (1..=top).contains(&goal_pegs) {
        finishing[goal_pegs] = reachable[goal_pegs]
            .iter()
            .copied()
            .filter(|&p| goal.is_reached(p))
            .collect();
        let mut sequences_below: Vec<u128> = vec![1; finishing[goal_pegs].len()];
        for pegs in goal_pegs + 1..=top {
            let below = &finishing[pegs - 1];
            let numbers: Vec<Option<u128>> = reachable[pegs]
                .par_iter()
                .map(|&p| sequences_from(board, &group, p, below, &sequences_below))
                .collect();
            let mut finishers = Vec::new();
            let mut counts = Vec::new();
            for (&p, number) in reachable[pegs].iter().zip(numbers) {
                let number = number.ok_or_else(|| {
                    Error::new("the number of solution sequences exceeds 2^128".to_string())
                })?;
                if number > 0 {
                    finishers.push(p);
                    counts.push(number);
                }
            }
            finishing[pegs] = finishers;
            sequences_below = counts;
        }
        sequences = if goal_pegs == top {
            u128::from(goal.is_reached(start))
        } else {
            sequences_below.first().copied().unwrap_or(0)
        };
    }
    let orbits =
        |level: &[Position]| -> u64 { level.par_iter().map(|&p| group.orbit_size(p) as u64).sum() };
    let levels = (1..=top)
        .rev()
        .map(|pegs| Level {
            pegs: pegs as u32,
            raw: orbits(&reachable[pegs]),
            up_to_symmetry: reachable[pegs].len() as u64,
            finishing_raw: orbits(&finishing[pegs]),
            finishing_up_to_symmetry: finishing[pegs].len() as u64,
        })
        .collect();
    Ok(Sweep {
        group,
        reachable,
        finishing,
        levels,
        sequences,
    })
}

/// The canonical positions one jump away from the positions of `level`, sorted, no repeats.
fn next_level(board: &Board, group: &SymmetryGroup, level: &[Position]) -> Vec<Position> {
    let mut next: Vec<Position> = level
        .par_chunks(1 << 14)
        .flat_map_iter(|chunk| {
            let mut out = Vec::with_capacity(chunk.len() * 8);
            for &p in chunk {
                for &jump in board.jumps() {
                    if jump.is_legal(p) {
                        out.push(group.canonical(jump.apply(p)));
                    }
                }
            }
            out.sort_unstable();
            out.dedup();
            out
        })
        .collect();
    next.par_sort_unstable();
    next.dedup();
    next
}

/// The number of jump sequences from `p` to the goal, given the finishing positions one level
/// below and their numbers; `None` on overflow.
fn sequences_from(
    board: &Board,
    group: &SymmetryGroup,
    p: Position,
    below: &[Position],
    numbers: &[u128],
) -> Option<u128> {
    let mut total: u128 = 0;
    for &jump in board.jumps() {
        if jump.is_legal(p)
            && let Ok(i) = below.binary_search(&group.canonical(jump.apply(p)))
        {
            total = total.checked_add(numbers[i])?;
        }
    }
    Some(total)
}

impl Sweep {
    /// A solution read back from the sweep: from the start, each time a jump into a position
    /// that can still finish, until the goal; replayed before it is returned. `None` when the
    /// start cannot finish — then the sweep itself, having visited every reachable position,
    /// is the proof. Costs O(pegs · j · s) after the sweep.
    ///
    /// ```
    /// use unhop::boards::{Board, Goal, sweep, DEFAULT_MAX_POSITIONS};
    /// let triangle = Board::named("triangle").unwrap();
    /// let start = triangle.default_start();
    /// let s = sweep(&triangle, start, Goal::PegAt(0), DEFAULT_MAX_POSITIONS, &mut |_, _| {}).unwrap();
    /// assert_eq!(s.solution(&triangle, start, Goal::PegAt(0)).unwrap().unwrap().len(), 13);
    /// ```
    pub fn solution(
        &self,
        board: &Board,
        start: Position,
        goal: Goal,
    ) -> Result<Option<Vec<Jump>>, Error> {
        let can_finish = |p: Position| {
            self.finishing
                .get(p.count_ones() as usize)
                .is_some_and(|level| level.binary_search(&self.group.canonical(p)).is_ok())
        };
        if !can_finish(start) {
            return Ok(None);
        }
        let mut jumps = Vec::new();
        let mut position = start;
        while !goal.is_reached(position) {
            let Some(&jump) = board
                .jumps()
                .iter()
                .find(|j| j.is_legal(position) && can_finish(j.apply(position)))
            else {
                return Err(Error::new(
                    "internal error: the sweep's finishing positions lead nowhere",
                ));
            };
            jumps.push(jump);
            position = jump.apply(position);
        }
        replay(board, start, &jumps, goal).map_err(|e| {
            Error::new(format!(
                "internal error: the sweep's solution fails the replay: {e}"
            ))
        })?;
        Ok(Some(jumps))
    }

    /// The total number of reachable positions, raw and up to symmetry.
    pub fn totals(&self) -> (u64, u64) {
        self.levels
            .iter()
            .fold((0, 0), |(r, s), l| (r + l.raw, s + l.up_to_symmetry))
    }

    /// The total number of reachable positions that can still reach the goal, raw and up to
    /// symmetry.
    pub fn finishing_totals(&self) -> (u64, u64) {
        self.levels.iter().fold((0, 0), |(r, s), l| {
            (r + l.finishing_raw, s + l.finishing_up_to_symmetry)
        })
    }
}
