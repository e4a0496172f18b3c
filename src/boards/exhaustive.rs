//! The slow twins of the solver and the counts: plain recursive enumeration of raw positions,
//! with symmetries applied hole by hole. Only for small boards (the triangle, small pictures).
//! Each runs under a [`Budget`]: its work is the positions it visits ([`POSITIONS_VISITED`]),
//! and its sets are held against the memory limit.

use super::board::Board;
use super::count::{CountReport, Level, counted_levels};
use super::geometry::{Jump, Position};
use super::moves::MinMoves;
use super::position::Goal;
use super::replay::replay;
use super::solve::Outcome;
use crate::budget::{Budget, Meter, WorkUnit};
use crate::error::Figures;
use crate::{Error, Method};
use std::collections::{BTreeMap, BTreeSet};

/// The most holes the exhaustive twins accept: they visit every raw position.
pub const MAX_HOLES: usize = 20;

/// The unit of the exhaustive twins' work: a position visited (entered by the recursion,
/// examined in a round of [`finishing`], reached by a sequence of [`sequences`] or by a chain
/// of [`min_moves`]), each with its jumps tested; 200,000,000 unless the budget says
/// otherwise (about a minute: a visit takes 0.1 to 0.3 µs on the boards they accept).
pub const POSITIONS_VISITED: WorkUnit = WorkUnit {
    name: "positions visited",
    default_limit: 200_000_000,
};

/// The bytes a set of positions takes per position, at most: a B-tree leaf of 11 keys (104
/// bytes) holds at least 5 of them, and the internal nodes add less than a third of that.
const SET_BYTES: u64 = 32;

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

/// A meter of the twins' work for `what` on `board`.
fn meter(budget: &Budget, what: &str, board: &Board) -> Meter {
    budget.meter(
        format!("{what} on {} by plain recursion", board.name()),
        POSITIONS_VISITED,
    )
}

/// The counts of [`count`](super::count) by plain recursion over raw positions: every
/// reachable position ([`reachable`]), those that can finish ([`finishing`]), their classes
/// under the symmetries fixing start and goal, hole by hole (`level_counts_metered`), and the
/// sequences by recursion over every sequence ([`sequences`]). Refuses boards of more than
/// [`MAX_HOLES`] holes; charges `budget` every position visited ([`POSITIONS_VISITED`]) and
/// holds its sets against the memory limit.
///
/// # Complexity
/// Exponential: O(r · j) for r raw reachable positions and j jumps to find them, then
/// O(r² · j) at worst for the finishing ones and one call per solution sequence.
///
/// # Examples
///
/// ```
/// use unhop::boards::{Board, Goal, exhaustive};
/// use unhop::budget::Budget;
/// let triangle = Board::named("triangle").unwrap();
/// let budget = Budget::default();
/// let report = exhaustive::count(&triangle, triangle.default_start(), Goal::OnePeg, &budget).unwrap();
/// assert_eq!(report.sequences, 29_760u32.into());
/// let tight = Budget::default().with_max_work(1000);
/// let err = exhaustive::count(&triangle, triangle.default_start(), Goal::OnePeg, &tight).unwrap_err();
/// assert_eq!(err.figures().unwrap().unit, "positions visited");
/// ```
pub fn count(
    board: &Board,
    start: Position,
    goal: Goal,
    budget: &Budget,
) -> Result<CountReport, Error> {
    check_holes(board)?;
    let meter = meter(budget, "counting the positions", board);
    let mut fixed = goal.fixed_positions();
    fixed.push(start);
    let group = board.symmetries().stabilizer(&fixed);
    meter.hold(group.table_bytes())?;
    let all = reachable_metered(board, start, &meter)?;
    let can_finish = finishing_metered(board, &all, goal, &meter)?;
    let counts = level_counts_metered(&all, group.permutations(), &meter)?;
    let finishing_counts = level_counts_metered(&can_finish, group.permutations(), &meter)?;
    let levels = counted_levels(start.count_ones())
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
        sequences: sequences_metered(board, start, goal, &can_finish, &meter)?.into(),
    })
}

/// Every position reachable from `start` (itself included), found by plain depth-first
/// recursion over raw positions, each visit charged to `budget` ([`POSITIONS_VISITED`]).
/// Exponential; meant for boards of up to about 20 holes.
///
/// # Complexity
/// Exponential: O(r · j) for r raw reachable positions and j jumps; 32 bytes a position.
///
/// # Examples
///
/// ```
/// use unhop::boards::{Board, exhaustive};
/// use unhop::budget::Budget;
/// let triangle = Board::named("triangle").unwrap();
/// let all = exhaustive::reachable(&triangle, triangle.default_start(), &Budget::default()).unwrap();
/// assert!(all.contains(&triangle.default_start()));
/// ```
pub fn reachable(
    board: &Board,
    start: Position,
    budget: &Budget,
) -> Result<BTreeSet<Position>, Error> {
    reachable_metered(
        board,
        start,
        &meter(budget, "the reachable positions", board),
    )
}

fn reachable_metered(
    board: &Board,
    start: Position,
    meter: &Meter,
) -> Result<BTreeSet<Position>, Error> {
    fn visit(
        board: &Board,
        p: Position,
        seen: &mut BTreeSet<Position>,
        meter: &Meter,
    ) -> Result<(), Error> {
        meter.charge(1)?;
        if seen.contains(&p) {
            return Ok(());
        }
        meter.hold(SET_BYTES)?;
        seen.insert(p);
        for &jump in board.jumps() {
            if jump.is_legal(p) {
                visit(board, jump.apply(p), seen, meter)?;
            }
        }
        Ok(())
    }
    let mut seen = BTreeSet::new();
    visit(board, start, &mut seen, meter)?;
    Ok(seen)
}

/// The slow twin of [`solve`](super::solve): plain recursion over raw positions, with no
/// table of dead positions, no symmetry, no position class and no pagoda function. Every
/// position reachable from `start` ([`reachable`]), those of them that can reach `goal`
/// ([`finishing`]), then a solution walked from the start through positions that can still
/// finish, replayed. When the start cannot finish: [`Outcome::Exhausted`] with the number of
/// reachable positions up to the symmetries that fix the goal, and no pagoda function.
/// Refuses boards of more than [`MAX_HOLES`] holes; charges `budget` every position visited.
///
/// # Complexity
/// Exponential: O(r · j) for r raw reachable positions and j jumps, then O(r² · j) at worst
/// for the finishing ones.
///
/// # Examples
///
/// ```
/// use unhop::boards::{Board, Goal, Outcome, exhaustive, solve};
/// use unhop::budget::Budget;
/// let triangle = Board::named("triangle").unwrap();
/// let (start, budget) = (triangle.default_start(), Budget::default());
/// let Outcome::Solved(jumps) = exhaustive::solve(&triangle, start, Goal::OnePeg, &budget).unwrap()
///     else { panic!("the triangle's corner game has a solution") };
/// assert_eq!(jumps.len(), 13);
/// let corner = Goal::PegAt(triangle.hole_named("5").unwrap());
/// let slow = exhaustive::solve(&triangle, start, corner, &budget).unwrap();
/// let fast = solve(&triangle, start, corner, 1_000_000, &budget).unwrap();
/// assert_eq!(slow.verdict(), fast.verdict());
/// ```
pub fn solve(
    board: &Board,
    start: Position,
    goal: Goal,
    budget: &Budget,
) -> Result<Outcome, Error> {
    check_holes(board)?;
    let meter = meter(budget, "the search", board);
    let all = reachable_metered(board, start, &meter)?;
    let can_finish = finishing_metered(board, &all, goal, &meter)?;
    if !can_finish.contains(&start) {
        let group = board.symmetries().stabilizer(&goal.fixed_positions());
        let classes: BTreeSet<Position> = all.iter().map(|&p| group.canonical(p)).collect();
        return Ok(Outcome::Exhausted {
            positions: classes.len(),
            pagodas: Vec::new(),
        });
    }
    let (mut p, mut jumps) = (start, Vec::new());
    while !goal.is_reached(p) {
        let next = board
            .jumps()
            .iter()
            .find(|j| j.is_legal(p) && can_finish.contains(&j.apply(p)))
            .ok_or_else(|| Error::internal("a position that can finish has no jump that can"))?;
        jumps.push(*next);
        p = next.apply(p);
    }
    replay(board, start, &jumps, goal)?;
    Ok(Outcome::Solved(jumps))
}

/// The positions of `reachable` (a set closed under jumps, such as [`reachable`] gives) from
/// which `goal` can be reached: the goal positions, then again and again every position with a
/// jump into the set found so far, until nothing changes. Each position examined is charged to
/// `budget`.
///
/// # Complexity
/// O(r² · j) at worst for r positions of `reachable` and j jumps (one round per level of
/// distance to the goal); 32 bytes a position found.
///
/// # Examples
///
/// ```
/// use unhop::boards::{Board, Goal, exhaustive};
/// use unhop::budget::Budget;
/// let (triangle, budget) = (Board::named("triangle").unwrap(), Budget::default());
/// let all = exhaustive::reachable(&triangle, triangle.default_start(), &budget).unwrap();
/// let finishing = exhaustive::finishing(&triangle, &all, Goal::OnePeg, &budget).unwrap();
/// assert!(finishing.contains(&triangle.default_start()));
/// assert!(finishing.len() < all.len());
/// ```
pub fn finishing(
    board: &Board,
    reachable: &BTreeSet<Position>,
    goal: Goal,
    budget: &Budget,
) -> Result<BTreeSet<Position>, Error> {
    finishing_metered(
        board,
        reachable,
        goal,
        &meter(budget, "the positions that can finish", board),
    )
}

fn finishing_metered(
    board: &Board,
    reachable: &BTreeSet<Position>,
    goal: Goal,
    meter: &Meter,
) -> Result<BTreeSet<Position>, Error> {
    let mut found: BTreeSet<Position> = reachable
        .iter()
        .copied()
        .filter(|&p| goal.is_reached(p))
        .collect();
    meter.hold(found.len() as u64 * SET_BYTES)?;
    loop {
        meter.charge(reachable.len() as u64)?;
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
            return Ok(found);
        }
        meter.hold(more.len() as u64 * SET_BYTES)?;
        found.extend(more);
    }
}

/// The number of jump sequences from `p` that end in `goal`, by plain recursion over every
/// sequence, entering only positions of `finishing` (no other position leads to the goal);
/// each position a sequence reaches is charged to `budget`.
///
/// # Complexity
/// Exponential: one call per position of every solution sequence.
///
/// # Examples
///
/// ```
/// use unhop::boards::{Board, Goal, exhaustive};
/// use unhop::budget::Budget;
/// let (triangle, budget) = (Board::named("triangle").unwrap(), Budget::default());
/// let start = triangle.default_start();
/// let all = exhaustive::reachable(&triangle, start, &budget).unwrap();
/// let finishing = exhaustive::finishing(&triangle, &all, Goal::OnePeg, &budget).unwrap();
/// let count = exhaustive::sequences(&triangle, start, Goal::OnePeg, &finishing, &budget).unwrap();
/// assert_eq!(count, 29_760);
/// ```
pub fn sequences(
    board: &Board,
    p: Position,
    goal: Goal,
    finishing: &BTreeSet<Position>,
    budget: &Budget,
) -> Result<u128, Error> {
    sequences_metered(
        board,
        p,
        goal,
        finishing,
        &meter(budget, "the solution sequences", board),
    )
}

fn sequences_metered(
    board: &Board,
    p: Position,
    goal: Goal,
    finishing: &BTreeSet<Position>,
    meter: &Meter,
) -> Result<u128, Error> {
    meter.charge(1)?;
    if goal.is_reached(p) {
        return Ok(1);
    }
    let mut total = 0u128;
    for j in board.jumps() {
        if j.is_legal(p) && finishing.contains(&j.apply(p)) {
            total += sequences_metered(board, j.apply(p), goal, finishing, meter)?;
        }
    }
    Ok(total)
}

/// The image of `p` under the permutation `perm`, hole by hole.
pub fn permute(perm: &[u8], p: Position) -> Position {
    (0..perm.len())
        .filter(|&h| p >> h & 1 == 1)
        .fold(0, |image, h| image | 1 << perm[h])
}

/// Per number of pegs: (raw positions, classes of positions under `perms`) of `positions`,
/// each position charged to `meter` and its class held.
fn level_counts_metered(
    positions: &BTreeSet<Position>,
    perms: &[Vec<u8>],
    meter: &Meter,
) -> Result<BTreeMap<u32, (u64, u64)>, Error> {
    let mut counts: BTreeMap<u32, (u64, BTreeSet<Position>)> = BTreeMap::new();
    for &p in positions {
        meter.charge(1)?;
        meter.hold(SET_BYTES)?;
        let least = perms.iter().map(|perm| permute(perm, p)).min().unwrap_or(p);
        let entry = counts.entry(p.count_ones()).or_default();
        entry.0 += 1;
        entry.1.insert(least);
    }
    let counts = counts
        .into_iter()
        .map(|(k, (raw, classes))| (k, (raw, classes.len() as u64)))
        .collect();
    meter.release(positions.len() as u64 * SET_BYTES);
    Ok(counts)
}

/// The bytes a position takes in the breadth-first search of [`min_moves`] with its move
/// from its parent, besides the move's jumps: a B-tree leaf of 11 (key, value) pairs (456
/// bytes) holds at least 5, and the internal nodes add less than a fifth of that.
const PARENT_BYTES: u64 = 128;

/// The minimum number of moves (a move: one or more jumps by the same peg) from `start` to
/// `goal`, the twin of [`min_moves`](super::min_moves): plain breadth-first search by moves
/// over the raw positions that can still finish ([`finishing`]), every chain of jumps of one
/// peg followed to its end, each position's move from its parent kept; `first_reached[m]`
/// counts the classes, under the symmetries fixing start and goal, of the positions first
/// reached after m moves. `None` when the goal cannot be reached. Refuses boards of more
/// than [`MAX_HOLES`] holes; charges `budget` every position visited (every chain end
/// followed) and holds its tables against the memory limit.
///
/// # Complexity
/// Exponential: every raw reachable position, each with all its chains of jumps.
///
/// # Examples
///
/// ```
/// use unhop::boards::{Board, Goal, exhaustive};
/// use unhop::budget::Budget;
/// let triangle = Board::named("triangle").unwrap();
/// let best = exhaustive::min_moves(&triangle, triangle.default_start(), Goal::OnePeg, &Budget::default())
///     .unwrap()
///     .unwrap();
/// assert_eq!(best.moves.len(), 10);
/// ```
pub fn min_moves(
    board: &Board,
    start: Position,
    goal: Goal,
    budget: &Budget,
) -> Result<Option<MinMoves>, Error> {
    /// Every chain of jumps of one peg from `p`, with the position it ends in.
    fn chain_ends(
        board: &Board,
        p: Position,
        chain: &mut Vec<Jump>,
        out: &mut Vec<(Position, Vec<Jump>)>,
        meter: &Meter,
    ) -> Result<(), Error> {
        for &jump in board.jumps() {
            if chain.last().is_none_or(|last| last.to == jump.from) && jump.is_legal(p) {
                meter.charge(1)?;
                let q = jump.apply(p);
                chain.push(jump);
                meter.hold(chain_bytes(chain))?;
                out.push((q, chain.clone()));
                chain_ends(board, q, chain, out, meter)?;
                chain.pop();
            }
        }
        Ok(())
    }
    /// The bytes of a chain kept in the search.
    fn chain_bytes(chain: &[Jump]) -> u64 {
        (size_of::<(Position, Vec<Jump>)>() + size_of_val(chain)) as u64
    }
    check_holes(board)?;
    let meter = meter(budget, "the shortest solution in moves", board);
    let mut fixed = goal.fixed_positions();
    fixed.push(start);
    let group = board.symmetries().stabilizer(&fixed);
    meter.hold(group.table_bytes())?;
    let perms = group.permutations();
    let classes = |positions: &[Position]| -> Result<u64, Error> {
        meter.charge(positions.len() as u64)?;
        meter.hold(positions.len() as u64 * SET_BYTES)?;
        let least: BTreeSet<Position> = positions
            .iter()
            .map(|&p| perms.iter().map(|perm| permute(perm, p)).min().unwrap_or(p))
            .collect();
        meter.release(positions.len() as u64 * SET_BYTES);
        Ok(least.len() as u64)
    };
    let all = reachable_metered(board, start, &meter)?;
    let can_finish = finishing_metered(board, &all, goal, &meter)?;
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
            chain_ends(board, p, &mut Vec::new(), &mut ends, &meter)?;
            for (q, chain) in ends {
                let bytes = chain_bytes(&chain);
                if can_finish.contains(&q) && !parent.contains_key(&q) {
                    meter.hold(PARENT_BYTES + size_of::<Position>() as u64)?;
                    parent.insert(q, Some((p, chain)));
                    next.push(q);
                } else {
                    meter.release(bytes);
                }
            }
        }
        first_reached.push(classes(&next)?);
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
