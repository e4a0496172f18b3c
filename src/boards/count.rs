//! Counting: every position reachable from a start, level by level (one level per number of
//! pegs), raw and up to symmetry; those that can still reach the goal; and the number of
//! jump sequences that solve the game.

use super::board::Board;
use super::geometry::{Jump, Position};
use super::position::Goal;
use super::replay::replay;
use super::symmetry::SymmetryGroup;
use crate::error::Figures;
use crate::{Error, Method, Progress, Quiet};
use num_bigint::BigUint;
use num_traits::{CheckedAdd, One, Zero};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};

/// The default limit on positions (up to symmetry) a sweep may hold: 8 bytes each, so about
/// 2 GB.
pub const DEFAULT_MAX_POSITIONS: usize = 250_000_000;

/// The default limit on a sweep's work, in units of one jump tested or one symmetry image
/// taken. Each level is made by testing every jump of the board in every position of the
/// level above and taking the canonical form (one image per symmetry) of every successor
/// found; the backward pass does both again in the levels above the goal's. So a level of n
/// positions with s successors, on a board of j jumps and g symmetries, costs
/// (n · j + s · g) units once or twice, s estimated from a sample before the level starts.
/// The English count takes 6.0 to 7.0 billion units (about 20 s); the complete graph on 20
/// vertices (whose successors are hundreds per position, each taken through 120 symmetries)
/// is refused before its work outgrows the English count's.
pub const DEFAULT_MAX_WORK: u64 = 8_000_000_000;

/// The default number of successors (candidates for the next level, before repeats are
/// removed) a sweep holds at once at least: 8 bytes each, so 64 MiB.
pub const DEFAULT_SLICE_CANDIDATES: usize = 1 << 23;

/// The jump tests spent on a sample of a level to estimate how many successors it has.
const SAMPLE_TESTS: u64 = 1 << 24;

/// The limits a sweep works within; it refuses, with an error naming the limit and the level,
/// rather than exceed them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SweepLimits {
    /// The most positions (up to symmetry) kept over all levels, 8 bytes each.
    pub max_positions: usize,
    /// The most work, in jump tests and symmetry images (for each level: its positions one
    /// level up times the board's jumps, plus its successors, estimated from a sample, times
    /// the symmetries; twice for the levels above the goal's; summed over the levels),
    /// checked before each level is started.
    pub max_work: u64,
    /// How many successors a level is generated in: the level above is cut into slices of
    /// about this many successors (or a quarter of the level made so far, when that is
    /// larger), each sorted, cleared of repeats and merged into the level. Bounds the memory
    /// of candidates.
    pub slice_candidates: usize,
}

impl Default for SweepLimits {
    fn default() -> SweepLimits {
        SweepLimits {
            max_positions: DEFAULT_MAX_POSITIONS,
            max_work: DEFAULT_MAX_WORK,
            slice_candidates: DEFAULT_SLICE_CANDIDATES,
        }
    }
}

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

/// The counts of a game, by either method: every level from the start's down to one peg,
/// and the number of solution sequences. `boards::count` returns it for [`Method::Fast`]
/// (from a [`Sweep`]) and [`Method::Exhaustive`] (plain recursion, `boards::exhaustive::count`);
/// the two must be equal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountReport {
    /// The method that made the counts.
    pub method: Method,
    /// The number of symmetries "up to symmetry" refers to (those fixing start and goal).
    pub symmetries: usize,
    /// The counts, from the start's level down to one peg.
    pub levels: Vec<Level>,
    /// The number of jump sequences from the start to the goal.
    pub sequences: BigUint,
}

impl CountReport {
    /// The report of a fast sweep.
    pub fn from_sweep(sweep: &Sweep) -> CountReport {
        CountReport {
            method: Method::Fast,
            symmetries: sweep.group.order(),
            levels: sweep.levels.clone(),
            sequences: sweep.sequences.clone(),
        }
    }

    /// The total number of reachable positions, raw and up to symmetry.
    pub fn totals(&self) -> (u64, u64) {
        totals(&self.levels)
    }

    /// The total number of reachable positions that can still reach the goal, raw and up to
    /// symmetry.
    pub fn finishing_totals(&self) -> (u64, u64) {
        finishing_totals(&self.levels)
    }
}

fn totals(levels: &[Level]) -> (u64, u64) {
    levels
        .iter()
        .fold((0, 0), |(r, s), l| (r + l.raw, s + l.up_to_symmetry))
}

fn finishing_totals(levels: &[Level]) -> (u64, u64) {
    levels.iter().fold((0, 0), |(r, s), l| {
        (r + l.finishing_raw, s + l.finishing_up_to_symmetry)
    })
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
    /// The number of jump sequences from the start to the goal (counted in `u128` and again
    /// in big integers when that overflows).
    pub sequences: BigUint,
}

/// Counts every position reachable from `start`, level by level, and then, going back up
/// from the goal, those that can still reach `goal` and the number of jump sequences: as
/// [`sweep_within`] with the default work and slice limits, telling `on_level(pegs,
/// positions)` each level as it is completed.
///
/// ```
/// use unhop::boards::{Board, Goal, sweep, DEFAULT_MAX_POSITIONS};
/// let triangle = Board::named("triangle").unwrap();
/// let result = sweep(&triangle, triangle.default_start(), Goal::OnePeg, DEFAULT_MAX_POSITIONS, &mut |_, _| {}).unwrap();
/// assert_eq!(result.sequences, 29_760u32.into());
/// ```
pub fn sweep(
    board: &Board,
    start: Position,
    goal: Goal,
    max_positions: usize,
    on_level: &mut dyn FnMut(u32, usize),
) -> Result<Sweep, Error> {
    let limits = SweepLimits {
        max_positions,
        ..SweepLimits::default()
    };
    sweep_reporting(board, start, goal, limits, &Quiet, on_level)
}

/// Counts every position reachable from `start`, level by level, and then, going back up
/// from the goal, those that can still reach `goal` and the number of jump sequences.
///
/// Each level is a sorted vector of canonical positions (least image under the symmetries
/// that fix start and goal). The next level is made by applying every legal jump to every
/// position and taking canonical forms, a slice of the level at a time (in parallel with
/// rayon); each slice's successors are sorted, cleared of repeats and merged into the level.
/// The backward pass gives each position of a level the number of sequences from it to the
/// goal, the sum over its jumps of the numbers of the positions they lead to (looked up by
/// binary search in the level below); a position can still finish when that number is not
/// zero. Symmetric positions have equal numbers because the symmetries fix the goal.
///
/// Costs O(r · j + c · s) for r positions up to symmetry, j jumps, c successors and s
/// symmetries, plus the sorts; memory 8 bytes per position up to symmetry, plus about twice
/// max(`slice_candidates`, a quarter of the level being made) successors while a slice is
/// collected and merged. `progress` sees one stage per level and one for the backward pass,
/// each with its work in the units of [`SweepLimits::max_work`].
///
/// Refuses ([`ErrorKind::Refused`](crate::ErrorKind::Refused)) with an error naming the
/// estimate, the limit and the level, before the level is started, when the work of the
/// levels so far and the estimated work of the next one would exceed `limits.max_work`; and
/// as soon as more than `limits.max_positions` positions would be kept.
///
/// ```
/// use unhop::boards::{Board, Goal, SweepLimits, sweep_within};
/// use unhop::{ErrorKind, Quiet};
/// let triangle = Board::named("triangle").unwrap();
/// let start = triangle.default_start();
/// let result = sweep_within(&triangle, start, Goal::OnePeg, SweepLimits::default(), &Quiet).unwrap();
/// assert_eq!(result.sequences, 29_760u32.into());
/// let tight = SweepLimits { max_work: 1_000, ..SweepLimits::default() };
/// let refusal = sweep_within(&triangle, start, Goal::OnePeg, tight, &Quiet).unwrap_err();
/// assert_eq!(refusal.kind(), ErrorKind::Refused);
/// assert!(refusal.to_string().contains("work limit of 1000"));
/// ```
pub fn sweep_within(
    board: &Board,
    start: Position,
    goal: Goal,
    limits: SweepLimits,
    progress: &dyn Progress,
) -> Result<Sweep, Error> {
    sweep_reporting(board, start, goal, limits, progress, &mut |_, _| {})
}

/// The work, in the units of [`SweepLimits::max_work`], of making the level below `above`
/// (with `successors` successors before repeats are removed) in `passes` passes.
pub(crate) fn level_work(
    above: usize,
    jumps: usize,
    successors: u64,
    symmetries: usize,
    passes: u64,
) -> u64 {
    (above as u64)
        .saturating_mul(jumps as u64)
        .saturating_add(successors.saturating_mul(symmetries as u64))
        .saturating_mul(passes)
}

/// [`sweep_within`], also telling `on_level` each completed level.
fn sweep_reporting(
    board: &Board,
    start: Position,
    goal: Goal,
    limits: SweepLimits,
    progress: &dyn Progress,
    on_level: &mut dyn FnMut(u32, usize),
) -> Result<Sweep, Error> {
    let mut fixed = goal.fixed_positions();
    fixed.push(start);
    let group = board.symmetries().stabilizer(&fixed);
    let top = start.count_ones() as usize;
    let mut reachable: Vec<Vec<Position>> = vec![Vec::new(); top + 1];
    reachable[top] = vec![group.canonical(start)];
    on_level(top as u32, 1);
    let goal_pegs = goal.pegs() as usize;
    let jumps = board.jumps().len();
    let mut work = 0u64;
    for pegs in (1..top).rev() {
        let above = &reachable[pegs + 1];
        // Every jump is tested in every position above going down, and again coming back up
        // for the sequences when the level above is above the goal's.
        let backward = (1..=top).contains(&goal_pegs) && pegs + 1 > goal_pegs;
        let passes = if backward { 2 } else { 1 };
        let estimate = estimated_successors(board, above);
        let tests = level_work(above.len(), jumps, estimate, group.order(), passes);
        work = work.saturating_add(tests);
        if work > limits.max_work {
            return Err(Error::refused_with(
                Figures::new(work.into(), limits.max_work.into(), "units of work"),
                format!(
                    "the count was refused before the level with {pegs} pegs: that level would take \
                 about {tests} units of work ({} positions with {} pegs × {jumps} jumps tested, \
                 plus about {estimate} successors by a sample × {} symmetry images, × {passes} \
                 passes), an estimated {work} in all, more than the work limit of {} (--max-work)",
                    above.len(),
                    pegs + 1,
                    group.order(),
                    limits.max_work
                ),
            ));
        }
        let kept: usize = reachable[pegs + 1..].iter().map(Vec::len).sum();
        progress.start(
            &format!("counting: the level with {pegs} pegs ({kept} positions kept)"),
            Some(tests / passes),
        );
        let next = next_level(
            board,
            &group,
            above,
            pegs as u32,
            &limits,
            kept,
            estimate,
            progress,
        )?;
        on_level(pegs as u32, next.len());
        reachable[pegs] = next;
    }
    let backward_work: u64 = (goal_pegs + 1..=top)
        .map(|pegs| reachable.get(pegs).map_or(0, Vec::len) as u64)
        .sum();
    progress.start("counting: the solution sequences", Some(backward_work));
    let (finishing, sequences) =
        match backward_pass::<u128>(board, &group, &reachable, start, goal, progress) {
            Some((finishing, sequences)) => (finishing, BigUint::from(sequences)),
            None => {
                progress.start(
                    "counting: the solution sequences (in big integers)",
                    Some(backward_work),
                );
                backward_pass::<BigUint>(board, &group, &reachable, start, goal, progress)
                    .ok_or_else(|| Error::internal("a big integer overflowed".to_string()))?
            }
        };
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

/// The canonical positions one jump away from the positions of `level` (the level with
/// `pegs + 1` pegs), sorted, no repeats; made a slice at a time so that about
/// max(`limits.slice_candidates`, a quarter of the level made so far) successors are held at
/// once (the quarter keeps the merges' cost linear). Refuses when `kept` positions and the
/// new level would exceed `limits.max_positions`. Reports the work of every chunk of
/// positions to `progress` as it is done.
#[allow(clippy::too_many_arguments)]
fn next_level(
    board: &Board,
    group: &SymmetryGroup,
    level: &[Position],
    pegs: u32,
    limits: &SweepLimits,
    kept: usize,
    estimate: u64,
    progress: &dyn Progress,
) -> Result<Vec<Position>, Error> {
    let mut per_position = estimate as f64 / level.len() as f64;
    let mut next: Vec<Position> = Vec::new();
    let (mut done, mut made) = (0, 0u64);
    while done < level.len() {
        let budget = limits.slice_candidates.max(next.len() / 4) as f64;
        let take = ((budget / per_position.max(1.0)) as usize).clamp(1, level.len() - done);
        let (slice, slice_made) = successors(board, group, &level[done..done + take], progress);
        merge_into(&mut next, &slice);
        drop(slice);
        if kept + next.len() > limits.max_positions {
            return Err(Error::refused_with(
                Figures::new(
                    (kept + next.len()) as u128,
                    limits.max_positions as u128,
                    "positions",
                ),
                format!(
                    "the count was stopped while making the level with {pegs} pegs: it would keep more than {} positions up to symmetry (8 bytes each; --max-positions), {} before this level and {} of it after {done_now} of the {} positions above; the limit protects the machine's memory",
                    limits.max_positions,
                    kept,
                    next.len(),
                    level.len(),
                    done_now = done + take,
                ),
            ));
        }
        done += take;
        made += slice_made;
        per_position = made as f64 / done as f64;
    }
    Ok(next)
}

/// The successors (before repeats are removed) of `level`: counted exactly when that takes
/// at most [`SAMPLE_TESTS`] jump tests, otherwise estimated from evenly spaced positions.
/// Costs O(min(n · j, SAMPLE_TESTS)).
fn estimated_successors(board: &Board, level: &[Position]) -> u64 {
    let jumps = board.jumps();
    let sample = ((SAMPLE_TESTS / jumps.len().max(1) as u64) as usize).clamp(1, level.len().max(1));
    let step = (level.len() / sample).max(1);
    let (tested, legal) = level
        .par_iter()
        .step_by(step)
        .map(|&p| (1u64, jumps.iter().filter(|j| j.is_legal(p)).count() as u64))
        .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    if tested == 0 {
        return 0;
    }
    (legal as f64 * level.len() as f64 / tested as f64).round() as u64
}

/// The canonical successors of `slice`, sorted, no repeats, and how many there were before
/// repeats were removed; each chunk's work ([`level_work`]) is told to `progress` when done.
fn successors(
    board: &Board,
    group: &SymmetryGroup,
    slice: &[Position],
    progress: &dyn Progress,
) -> (Vec<Position>, u64) {
    let chunk = (slice.len() / (4 * rayon::current_num_threads())).clamp(1, 1 << 14);
    let made = AtomicU64::new(0);
    let mut next: Vec<Position> = slice
        .par_chunks(chunk)
        .flat_map_iter(|chunk| {
            let mut out = Vec::with_capacity(chunk.len() * 8);
            for &p in chunk {
                for &jump in board.jumps() {
                    if jump.is_legal(p) {
                        out.push(group.canonical(jump.apply(p)));
                    }
                }
            }
            made.fetch_add(out.len() as u64, Ordering::Relaxed);
            progress.advance(level_work(
                chunk.len(),
                board.jumps().len(),
                out.len() as u64,
                group.order(),
                1,
            ));
            out.sort_unstable();
            out.dedup();
            out
        })
        .collect();
    next.par_sort_unstable();
    next.dedup();
    (next, made.into_inner())
}

/// Merges the sorted, repeat-free `b` into the sorted, repeat-free `a`, keeping `a` sorted
/// and repeat-free. Works in place from the back, so only `b`'s length is added to `a`'s
/// memory (the allocator grows a large vector by moving its pages, not copying them). Costs
/// O(|a| + |b|).
fn merge_into(a: &mut Vec<Position>, b: &[Position]) {
    let (n, m) = (a.len(), b.len());
    a.reserve_exact(m);
    a.resize(n + m, 0);
    // a[..i] and b[..j] are still to merge; a[k..] is the merged tail. k − i is j plus the
    // repeats skipped so far, so writing a[k − 1] never overwrites a[..i].
    let (mut i, mut j, mut k) = (n, m, n + m);
    while j > 0 {
        k -= 1;
        if i > 0 && a[i - 1] >= b[j - 1] {
            if a[i - 1] == b[j - 1] {
                j -= 1;
            }
            i -= 1;
            a[k] = a[i];
        } else {
            j -= 1;
            a[k] = b[j];
        }
    }
    a.copy_within(k.., i);
    a.truncate(i + n + m - k);
}

/// The backward pass from the goal, with numbers of type `T`: for every level the reachable
/// positions that can still finish, and the number of jump sequences from the start to the
/// goal; `None` when a number does not fit in `T`. Symmetric positions have equal numbers
/// because the symmetries fix the goal.
fn backward_pass<T>(
    board: &Board,
    group: &SymmetryGroup,
    reachable: &[Vec<Position>],
    start: Position,
    goal: Goal,
    progress: &dyn Progress,
) -> Option<(Vec<Vec<Position>>, T)>
where
    T: Clone + Zero + One + CheckedAdd + Send + Sync,
{
    let top = reachable.len() - 1;
    let goal_pegs = goal.pegs() as usize;
    let mut finishing: Vec<Vec<Position>> = vec![Vec::new(); top + 1];
    if !(1..=top).contains(&goal_pegs) {
        return Some((finishing, T::zero()));
    }
    finishing[goal_pegs] = reachable[goal_pegs]
        .iter()
        .copied()
        .filter(|&p| goal.is_reached(p))
        .collect();
    let mut numbers_below: Vec<T> = vec![T::one(); finishing[goal_pegs].len()];
    for pegs in goal_pegs + 1..=top {
        let below = &finishing[pegs - 1];
        let numbers: Vec<Option<T>> = reachable[pegs]
            .par_iter()
            .map(|&p| sequences_from(board, group, p, below, &numbers_below))
            .collect();
        let mut finishers = Vec::new();
        let mut counts = Vec::new();
        for (&p, number) in reachable[pegs].iter().zip(numbers) {
            let number = number?;
            if !number.is_zero() {
                finishers.push(p);
                counts.push(number);
            }
        }
        finishing[pegs] = finishers;
        numbers_below = counts;
        // The positions of the levels above the goal's: each costs about the same.
        progress.advance(reachable[pegs].len() as u64);
    }
    let sequences = if goal_pegs == top {
        if goal.is_reached(start) {
            T::one()
        } else {
            T::zero()
        }
    } else {
        numbers_below.first().cloned().unwrap_or_else(T::zero)
    };
    Some((finishing, sequences))
}

/// The number of jump sequences from `p` to the goal, given the finishing positions one level
/// below and their numbers; `None` on overflow.
fn sequences_from<T: Zero + CheckedAdd>(
    board: &Board,
    group: &SymmetryGroup,
    p: Position,
    below: &[Position],
    numbers: &[T],
) -> Option<T> {
    let mut total = T::zero();
    for &jump in board.jumps() {
        if jump.is_legal(p)
            && let Ok(i) = below.binary_search(&group.canonical(jump.apply(p)))
        {
            total = total.checked_add(&numbers[i])?;
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
                return Err(Error::internal(
                    "the sweep's finishing positions lead nowhere",
                ));
            };
            jumps.push(jump);
            position = jump.apply(position);
        }
        replay(board, start, &jumps, goal)
            .map_err(|e| Error::internal(format!("the sweep's solution fails the replay: {e}")))?;
        Ok(Some(jumps))
    }

    /// The total number of reachable positions, raw and up to symmetry.
    pub fn totals(&self) -> (u64, u64) {
        totals(&self.levels)
    }

    /// The total number of reachable positions that can still reach the goal, raw and up to
    /// symmetry.
    pub fn finishing_totals(&self) -> (u64, u64) {
        finishing_totals(&self.levels)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The backward pass detects overflow in any number type, so the sweep's fallback from
    /// `u128` to big integers is taken exactly when needed.
    #[test]
    fn the_backward_pass_reports_overflow_and_agrees_across_number_types() {
        let triangle = Board::named("triangle").unwrap();
        let (start, goal) = (triangle.default_start(), Goal::OnePeg);
        let limits = SweepLimits::default();
        let sweep = sweep_within(&triangle, start, goal, limits, &Quiet).unwrap();
        let (group, reachable) = (&sweep.group, &sweep.reachable);
        let none = &Quiet;
        let small = backward_pass::<u8>(&triangle, group, reachable, start, goal, none);
        assert!(small.is_none(), "29,760 sequences do not fit in a u8");
        let (finishing, medium) =
            backward_pass::<u16>(&triangle, group, reachable, start, goal, none).unwrap();
        assert_eq!(medium, 29_760);
        assert_eq!(finishing, sweep.finishing);
        let (_, big) =
            backward_pass::<BigUint>(&triangle, group, reachable, start, goal, none).unwrap();
        assert_eq!(big, BigUint::from(29_760u32));
    }
}
