//! The minimum number of moves, a move being one or more jumps by the same peg, with the
//! breadth-first search that proves no shorter solution exists.

use super::board::Board;
use super::count::{SWEEP_STEPS, Sweep};
use super::geometry::{Jump, Position};
use super::held;
use super::position::Goal;
use super::replay::replay;
use crate::Error;
use crate::budget::{Budget, Meter};
use std::cell::Cell;

/// A shortest solution in moves and the proof of its length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MinMoves {
    /// The moves, each a chain of jumps by one peg; already replayed.
    pub moves: Vec<Vec<Jump>>,
    /// `first_reached[m]`: the number of positions (up to symmetry) that can still finish and
    /// are first reached after m moves. The goal is first reached after `moves.len()` moves,
    /// so every position reachable in fewer moves, all counted here, is not a goal.
    pub first_reached: Vec<u64>,
}

impl Board {
    /// A move written as the holes its peg visits: `d2-d4-f4` for a peg jumping from d2 to
    /// d4 and then to f4. O(jumps of the move).
    ///
    /// # Complexity
    /// O(jumps of the move).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::{Board, Jump};
    /// let english = Board::named("english").unwrap();
    /// let hole = |name| english.hole_named(name).unwrap() as u8;
    /// let chain = [Jump { from: hole("d2"), over: hole("d3"), to: hole("d4") }];
    /// assert_eq!(english.move_name(&chain), "d2-d4");
    /// ```
    pub fn move_name(&self, chain: &[Jump]) -> String {
        let mut text = chain.first().map_or(String::new(), |j| {
            self.hole_name(j.from as usize).to_string()
        });
        for j in chain {
            text += "-";
            text += self.hole_name(j.to as usize);
        }
        text
    }
}

const UNSEEN: u8 = u8::MAX;

/// The minimum number of moves from the sweep's start to `goal`, `None` when the goal cannot
/// be reached, under `budget` (its work in [`SWEEP_STEPS`], its tables held against the
/// memory limit).
///
/// Breadth-first search by moves over the positions of `sweep` that can still finish (a
/// shortest solution passes only through such positions, so nothing else is needed): after
/// round m every such position reachable in m moves has its distance. A move is found by
/// following chains of jumps of one peg; chains are cut as soon as they leave the finishing
/// positions. The solution is rebuilt backwards by chains of reverse jumps, mapped by a
/// symmetry onto the real start, and replayed.
///
/// # Complexity
/// O(f · c · (j + s)) for f finishing positions up to symmetry, c chain endings per position,
/// j jumps and s symmetries; 1 byte per finishing position and 8 per position of a round.
///
/// # Examples
///
/// ```
/// use unhop::boards::{Board, Goal, min_moves, sweep};
/// use unhop::{Quiet, budget::Budget};
/// let triangle = Board::named("triangle").unwrap();
/// let start = triangle.default_start();
/// let s = sweep(&triangle, start, Goal::OnePeg, &Budget::default(), &Quiet).unwrap();
/// let best = min_moves(&triangle, start, Goal::OnePeg, &s, &Budget::default()).unwrap().unwrap();
/// assert_eq!(best.moves.len(), 10);
/// ```
pub fn min_moves(
    board: &Board,
    start: Position,
    goal: Goal,
    sweep: &Sweep,
    budget: &Budget,
) -> Result<Option<MinMoves>, Error> {
    let meter = budget.meter(
        format!("the shortest solution in moves on {}", board.name()),
        SWEEP_STEPS,
    );
    min_moves_with_meter(board, start, goal, sweep, &meter)
}

/// [`min_moves`], charging `meter`.
pub(crate) fn min_moves_with_meter(
    board: &Board,
    start: Position,
    goal: Goal,
    sweep: &Sweep,
    meter: &Meter,
) -> Result<Option<MinMoves>, Error> {
    let group = &sweep.group;
    let finishing = &sweep.finishing;
    let what = "the distances of the shortest solution";
    let mut distance: Vec<Vec<u8>> = Vec::new();
    held::reserve_exact(meter, &mut distance, finishing.len(), what)?;
    for level in finishing {
        distance.push(meter.vec(level.len(), UNSEEN)?);
    }
    // Work not yet charged: each look-up costs one image per symmetry, each expansion one
    // test per jump. Charged every few thousand steps.
    let unpaid = Cell::new(0u64);
    let pay = |steps: u64| -> Result<(), Error> {
        unpaid.set(unpaid.get() + steps);
        if unpaid.get() >= 1 << 16 {
            meter.charge(unpaid.replace(0))?;
        }
        Ok(())
    };
    let (jumps, images) = (board.jumps().len() as u64, group.order() as u64);
    let find = |p: Position| -> Option<(usize, usize)> {
        unpaid.set(unpaid.get() + images);
        let level = p.count_ones() as usize;
        let index = finishing
            .get(level)?
            .binary_search(&group.canonical(p))
            .ok()?;
        Some((level, index))
    };
    let Some((l, i)) = find(start) else {
        meter.charge(unpaid.replace(0))?;
        return Ok(None);
    };
    distance[l][i] = 0;
    let mut frontier = Vec::new();
    held::push(meter, &mut frontier, group.canonical(start), what)?;
    let mut first_reached = vec![1];
    let mut reached_goal = goal.is_reached(start).then_some(group.canonical(start));
    while reached_goal.is_none() && !frontier.is_empty() {
        let round = first_reached.len();
        if round >= UNSEEN as usize {
            return Err(Error::internal(
                "more than 254 moves, more than a board of 64 holes has jumps",
            ));
        }
        let mut next = Vec::new();
        let mut grown = Ok(());
        for &p in &frontier {
            pay(0)?;
            for_each_move_end(board, p, None, &find, &mut |q| {
                unpaid.set(unpaid.get() + jumps);
                let Some((l, i)) = find(q) else { return };
                if distance[l][i] == UNSEEN && grown.is_ok() {
                    distance[l][i] = round as u8;
                    let canonical = finishing[l][i];
                    if goal.is_reached(canonical) && reached_goal.is_none() {
                        reached_goal = Some(canonical);
                    }
                    grown = held::push(meter, &mut next, canonical, what);
                }
            });
            unpaid.set(unpaid.get() + jumps);
            grown.clone()?;
        }
        first_reached.push(next.len() as u64);
        held::release(meter, std::mem::replace(&mut frontier, next));
    }
    held::release(meter, frontier);
    meter.charge(unpaid.replace(0))?;
    let Some(end) = reached_goal else {
        return Ok(None);
    };
    // Back from the goal: each step finds a position one move nearer the start.
    let mut moves: Vec<Vec<Jump>> = Vec::new();
    let mut position = end;
    for d in (0..first_reached.len() - 1).rev() {
        let mut chain = Vec::new();
        let previous = back_move(board, position, None, &mut chain, &mut |q| {
            unpaid.set(unpaid.get() + jumps);
            find(q).is_some_and(|(l, i)| distance[l][i] == d as u8)
        })
        .ok_or_else(|| Error::internal("no move back towards the start"))?;
        pay(0)?;
        chain.reverse();
        moves.push(chain);
        position = previous;
    }
    meter.charge(unpaid.replace(0))?;
    moves.reverse();
    // `position` is a symmetric image of the start: map the moves onto the real start.
    let g = (0..group.order())
        .find(|&g| group.apply(g, position) == start)
        .ok_or_else(|| Error::internal("the search did not come back to the start"))?;
    let perm = &group.permutations()[g];
    let moves: Vec<Vec<Jump>> = moves
        .into_iter()
        .map(|chain| {
            chain
                .into_iter()
                .map(|j| Jump {
                    from: perm[j.from as usize],
                    over: perm[j.over as usize],
                    to: perm[j.to as usize],
                })
                .collect()
        })
        .collect();
    let jumps: Vec<Jump> = moves.iter().flatten().copied().collect();
    replay(board, start, &jumps, goal)
        .map_err(|e| Error::internal(format!("the shortest solution fails the replay: {e}")))?;
    Ok(Some(MinMoves {
        moves,
        first_reached,
    }))
}

/// Calls `found` with every position one move after `p` that can still finish (according to
/// `find`): chains of jumps of one peg, the peg in `peg` when the chain has begun.
fn for_each_move_end(
    board: &Board,
    p: Position,
    peg: Option<u8>,
    find: &dyn Fn(Position) -> Option<(usize, usize)>,
    found: &mut dyn FnMut(Position),
) {
    for &jump in board.jumps() {
        if peg.is_none_or(|h| h == jump.from) && jump.is_legal(p) {
            let q = jump.apply(p);
            if find(q).is_some() {
                found(q);
                for_each_move_end(board, q, Some(jump.to), find, found);
            }
        }
    }
}

/// A position one move before `p` that `accept`s, found by chains of reverse jumps ending
/// with the peg in `peg`; the chain's jumps are pushed in reverse order.
fn back_move(
    board: &Board,
    p: Position,
    peg: Option<u8>,
    chain: &mut Vec<Jump>,
    accept: &mut dyn FnMut(Position) -> bool,
) -> Option<Position> {
    for &jump in board.jumps() {
        let reversible = p >> jump.to & 1 == 1 && p & jump.pegs_needed() == 0;
        if peg.is_none_or(|h| h == jump.to) && reversible {
            let q = jump.apply(p);
            chain.push(jump);
            if accept(q) {
                return Some(q);
            }
            if let Some(found) = back_move(board, q, Some(jump.from), chain, accept) {
                return Some(found);
            }
            chain.pop();
        }
    }
    None
}
