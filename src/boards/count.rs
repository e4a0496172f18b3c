//! Counting: every position reachable from a start, level by level (one level per number of
//! pegs), raw and up to symmetry; those that can still reach the goal; and the number of
//! jump sequences that solve the game.

use super::board::Board;
use super::geometry::{Jump, Position};
use super::held;
use super::position::Goal;
use super::replay::replay;
use super::symmetry::SymmetryGroup;
use crate::budget::{Budget, Meter, WorkUnit};
use crate::error::Figures;
use crate::{Error, Method, Progress};
use num_bigint::BigUint;
use num_traits::{CheckedAdd, One, Zero};
use rayon::prelude::*;

/// The unit of the level sweep's work (and of [`min_moves`](super::min_moves)'s search): a
/// step is one jump tested in a position or one symmetry image taken of a position, each a
/// few nanoseconds. Each level is made by testing every jump of the board in every position
/// of the level above and taking the canonical form (one image per symmetry) of every
/// successor found; the backward pass does both again in the levels above the goal's. So a
/// level of n positions with s successors, on a board of j jumps and g symmetries, costs
/// (n · j + s · g) steps once or twice, s estimated from a sample (of at most 2^24 jump
/// tests, also counted) before the level starts. The English count takes 6.0 to 7.0 billion
/// steps (about 20 s on two cores); the complete graph on 20 vertices (whose successors are
/// hundreds per position, each taken through 120 symmetries) is refused before its work
/// outgrows the English count's.
pub const SWEEP_STEPS: WorkUnit = WorkUnit {
    name: "steps",
    default_limit: 8_000_000_000,
};

/// The most positions (up to symmetry, over all levels) a sweep keeps unless the budget says
/// otherwise ([`Budget::with_max_positions`]): 8 bytes each, so about 2 GB.
pub const DEFAULT_MAX_POSITIONS: u64 = 250_000_000;

/// The number of successors (candidates for the next level, before repeats are removed) a
/// sweep holds at once at least: 8 bytes each, so 64 MiB.
const SLICE_CANDIDATES: usize = 1 << 23;

/// The jump tests spent on a sample of a level to estimate how many successors it has.
const SAMPLE_TESTS: u64 = 1 << 24;

/// The limits of one sweep besides its meter's: the positions it may keep, and the size of
/// the slices a level is made in.
#[derive(Clone, Copy, Debug)]
struct SweepLimits {
    /// The most positions (up to symmetry) kept over all levels, 8 bytes each.
    max_positions: u64,
    /// How many successors a level is generated in: the level above is cut into slices of
    /// about this many successors (or a quarter of the level made so far, when that is
    /// larger), each sorted, cleared of repeats and merged into the level. Bounds the memory
    /// of candidates.
    slice_candidates: usize,
}

impl SweepLimits {
    /// The limits `budget` sets.
    fn of(budget: &Budget) -> SweepLimits {
        SweepLimits {
            max_positions: budget.position_limit(DEFAULT_MAX_POSITIONS),
            slice_candidates: SLICE_CANDIDATES,
        }
    }
}

/// The counts of one level: the positions with `pegs` pegs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
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

/// The counts of a game, by either method: every level from the start's down to one peg
/// (the start's alone when it has no peg), and the number of solution sequences.
/// `boards::count` returns it for [`Method::Fast`] (from a [`Sweep`]) and
/// [`Method::Exhaustive`] (plain recursion, `boards::exhaustive::count`); the two must be
/// equal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountReport {
    /// The method that made the counts.
    pub method: Method,
    /// The number of symmetries "up to symmetry" refers to (those fixing start and goal).
    pub symmetries: usize,
    /// The counts, from the start's level down to one peg.
    pub levels: Vec<Level>,
    /// The number of jump sequences from the start to the goal (1 when the start is the goal:
    /// the empty sequence).
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

/// The levels a count reports, from the start's `top` number of pegs down: to one peg (no
/// jump leaves a board without pegs), or the start's level alone when it has no peg.
pub(crate) fn counted_levels(top: u32) -> std::ops::RangeInclusive<u32> {
    top.min(1)..=top
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
/// from the goal, those that can still reach `goal` and the number of jump sequences, under
/// `budget`.
///
/// Each level is a sorted vector of canonical positions (least image under the symmetries
/// that fix start and goal). The next level is made by applying every legal jump to every
/// position and taking canonical forms, a slice of the level at a time (in parallel with
/// rayon); each slice's successors are sorted, cleared of repeats and merged into the level.
/// The backward pass gives each position of a level the number of sequences from it to the
/// goal, the sum over its jumps of the numbers of the positions they lead to (looked up by
/// binary search in the level below); a position can still finish when that number is not
/// zero. Symmetric positions have equal numbers because the symmetries fix the goal. A start
/// without pegs is its own level: reachable, and one sequence (the empty one) when it is the
/// goal.
///
/// # Complexity
/// O(r · j + c · s) for r positions up to symmetry, j jumps, c successors and s symmetries,
/// plus the sorts; memory 8 bytes per position up to symmetry, plus about twice
/// max(2^23, a quarter of the level being made) successors while a slice is collected and
/// merged. `progress` sees one stage per level and one for the backward pass, each with its
/// work in [`SWEEP_STEPS`].
///
/// # Limits
/// Before each level is started, the work of the levels so far and the estimated work of the
/// next one (in [`SWEEP_STEPS`], with the backward pass over the level above) are held
/// against the budget's work limit: over it, the count is refused
/// ([`ErrorKind::Refused`](crate::ErrorKind::Refused)) with the estimate, the limit and the
/// level. As it runs it charges its work and holds its tables against the memory limit, and
/// it gives up ([`ErrorKind::GaveUp`](crate::ErrorKind::GaveUp)) as soon as it would keep
/// more positions than the budget's position limit ([`DEFAULT_MAX_POSITIONS`] by default).
///
/// # Examples
///
/// ```
/// use unhop::boards::{Board, Goal, sweep};
/// use unhop::{ErrorKind, Quiet, budget::Budget};
/// let triangle = Board::named("triangle").unwrap();
/// let start = triangle.default_start();
/// let result = sweep(&triangle, start, Goal::OnePeg, &Budget::default(), &Quiet).unwrap();
/// assert_eq!(result.sequences, 29_760u32.into());
/// let tight = Budget::default().with_max_work(1_000);
/// let refusal = sweep(&triangle, start, Goal::OnePeg, &tight, &Quiet).unwrap_err();
/// assert_eq!(refusal.kind(), ErrorKind::Refused);
/// assert!(refusal.to_string().contains("the work limit of 1000 steps"));
/// ```
pub fn sweep(
    board: &Board,
    start: Position,
    goal: Goal,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<Sweep, Error> {
    let meter = budget.meter(
        format!("counting the positions of {}", board.name()),
        SWEEP_STEPS,
    );
    let limits = SweepLimits::of(budget);
    sweep_metered(board, start, goal, &limits, &meter, progress)
}

/// The work, in [`SWEEP_STEPS`], of making the level below `above` (with `successors`
/// successors before repeats are removed) in `passes` passes.
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

/// [`sweep`] with a meter of the caller's (a `board moves`, a `board starts` run) and the
/// position limit `max_positions`.
pub(crate) fn sweep_with_meter(
    board: &Board,
    start: Position,
    goal: Goal,
    max_positions: u64,
    meter: &Meter,
    progress: &dyn Progress,
) -> Result<Sweep, Error> {
    let limits = SweepLimits {
        max_positions,
        slice_candidates: SLICE_CANDIDATES,
    };
    sweep_metered(board, start, goal, &limits, meter, progress)
}

/// [`sweep`] within `limits`, charging `meter`.
fn sweep_metered(
    board: &Board,
    start: Position,
    goal: Goal,
    limits: &SweepLimits,
    meter: &Meter,
    progress: &dyn Progress,
) -> Result<Sweep, Error> {
    let mut fixed = goal.fixed_positions();
    fixed.push(start);
    let group = board.symmetries().stabilizer(&fixed);
    meter.hold(group.table_bytes())?;
    let top = start.count_ones() as usize;
    let what = "the levels of the count";
    let mut reachable: Vec<Vec<Position>> = Vec::new();
    held::reserve_exact(meter, &mut reachable, top + 1, what)?;
    reachable.resize_with(top + 1, Vec::new);
    held::push(meter, &mut reachable[top], group.canonical(start), what)?;
    let goal_pegs = goal.pegs() as usize;
    let levels = counted_levels(top as u32);
    let goal_counted = levels.contains(&(goal_pegs as u32));
    let jumps = board.jumps().len();
    let mut planned = 0u64;
    for pegs in (1..top).rev() {
        let above = &reachable[pegs + 1];
        // Every jump is tested in every position above going down, and again coming back up
        // for the sequences when the level above is above the goal's.
        let backward = goal_counted && pegs + 1 > goal_pegs;
        let passes = if backward { 2 } else { 1 };
        let (estimate, sample) = estimated_successors(board, above);
        let tests = level_work(above.len(), jumps, estimate, group.order(), passes);
        planned = planned.saturating_add(sample).saturating_add(tests);
        if planned > meter.work_limit() {
            return Err(Error::refused_with(
                Figures::new(planned.into(), meter.work_limit().into(), SWEEP_STEPS.name),
                format!(
                    "the count was refused before the level with {pegs} pegs: that level would \
                     take about {tests} steps ({} positions with {} pegs × {jumps} jumps tested, \
                     plus about {estimate} successors by a sample × {} symmetry images, × \
                     {passes} passes), an estimated {planned} steps in all with the samples, \
                     more than the work limit of {} steps (--max-work)",
                    above.len(),
                    pegs + 1,
                    group.order(),
                    meter.work_limit()
                ),
            ));
        }
        meter.charge(sample)?;
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
            limits,
            kept as u64,
            estimate,
            meter,
            progress,
        )?;
        reachable[pegs] = next;
    }
    let backward_work: u64 = (goal_pegs + 1..=top)
        .map(|pegs| reachable.get(pegs).map_or(0, Vec::len) as u64)
        .sum();
    progress.start("counting: the solution sequences", Some(backward_work));
    let walk = Backward {
        board,
        group: &group,
        reachable: &reachable,
        start,
        goal,
        meter,
        progress,
    };
    let (finishing, sequences) = match walk.pass::<u128>()? {
        Some((finishing, sequences)) => (finishing, BigUint::from(sequences)),
        None => {
            progress.start(
                "counting: the solution sequences (in big integers)",
                Some(backward_work),
            );
            walk.pass::<BigUint>()?
                .ok_or_else(|| Error::internal("a big integer overflowed"))?
        }
    };
    let orbits =
        |level: &[Position]| -> u64 { level.par_iter().map(|&p| group.orbit_size(p) as u64).sum() };
    let levels = levels
        .rev()
        .map(|pegs| {
            let pegs_index = pegs as usize;
            Level {
                pegs,
                raw: orbits(&reachable[pegs_index]),
                up_to_symmetry: reachable[pegs_index].len() as u64,
                finishing_raw: orbits(&finishing[pegs_index]),
                finishing_up_to_symmetry: finishing[pegs_index].len() as u64,
            }
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
/// once (the quarter keeps the merges' cost linear). Gives up when `kept` positions and the
/// new level would exceed `limits.max_positions`. Charges `meter` the work of every chunk of
/// positions and reports it to `progress` as it is done.
#[allow(clippy::too_many_arguments)]
fn next_level(
    board: &Board,
    group: &SymmetryGroup,
    level: &[Position],
    pegs: u32,
    limits: &SweepLimits,
    kept: u64,
    estimate: u64,
    meter: &Meter,
    progress: &dyn Progress,
) -> Result<Vec<Position>, Error> {
    let mut per_position = estimate as f64 / level.len() as f64;
    let mut next: Vec<Position> = Vec::new();
    let (mut done, mut made) = (0, 0u64);
    while done < level.len() {
        let budget = limits.slice_candidates.max(next.len() / 4) as f64;
        let take = ((budget / per_position.max(1.0)) as usize).clamp(1, level.len() - done);
        let (slice, slice_made) =
            successors(board, group, &level[done..done + take], meter, progress)?;
        held::reserve_exact(meter, &mut next, slice.len(), "a level of the count")?;
        merge_into(&mut next, &slice);
        held::release(meter, slice);
        let keeping = kept.saturating_add(next.len() as u64);
        if keeping > limits.max_positions {
            return Err(Error::out_of_budget(
                format!("the count, making the level with {pegs} pegs,"),
                Figures::new(keeping.into(), limits.max_positions.into(), "positions"),
            )
            .with_note(format!(
                "{kept} positions up to symmetry before this level and {} of it after {} of \
                 the {} positions above, 8 bytes each; raise --max-positions",
                next.len(),
                done + take,
                level.len()
            )));
        }
        done += take;
        made += slice_made;
        per_position = made as f64 / done as f64;
    }
    Ok(next)
}

/// The successors (before repeats are removed) of `level`, counted exactly when that takes
/// at most [`SAMPLE_TESTS`] jump tests, otherwise estimated from evenly spaced positions;
/// with the jump tests spent (for the caller to charge). Costs O(min(n · j, SAMPLE_TESTS)).
fn estimated_successors(board: &Board, level: &[Position]) -> (u64, u64) {
    let jumps = board.jumps();
    let sample = ((SAMPLE_TESTS / jumps.len().max(1) as u64) as usize).clamp(1, level.len().max(1));
    let step = (level.len() / sample).max(1);
    let (tested, legal) = level
        .par_iter()
        .step_by(step)
        .map(|&p| (1u64, jumps.iter().filter(|j| j.is_legal(p)).count() as u64))
        .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    let spent = tested * jumps.len() as u64;
    if tested == 0 {
        return (0, spent);
    }
    let estimate = (legal as f64 * level.len() as f64 / tested as f64).round() as u64;
    (estimate, spent)
}

/// The canonical successors of `slice`, sorted, no repeats, and how many there were before
/// repeats were removed; each chunk's work ([`level_work`]) is charged to `meter` and told
/// to `progress` when done, and the candidates are held on `meter` until they are merged.
fn successors(
    board: &Board,
    group: &SymmetryGroup,
    slice: &[Position],
    meter: &Meter,
    progress: &dyn Progress,
) -> Result<(Vec<Position>, u64), Error> {
    let chunk = (slice.len() / (4 * rayon::current_num_threads())).clamp(1, 1 << 14);
    let chunks: Vec<(Vec<Position>, u64)> = slice
        .par_chunks(chunk)
        .map(|chunk| {
            let mut out = Vec::new();
            for &p in chunk {
                for &jump in board.jumps() {
                    if jump.is_legal(p) {
                        out.push(group.canonical(jump.apply(p)));
                    }
                }
            }
            let mut out = held::held(meter, out)?;
            let work = level_work(
                chunk.len(),
                board.jumps().len(),
                out.len() as u64,
                group.order(),
                1,
            );
            meter.charge(work)?;
            progress.advance(work);
            let made = out.len() as u64;
            out.sort_unstable();
            out.dedup();
            Ok((out, made))
        })
        .collect::<Result<_, Error>>()?;
    let chunks = held::held(meter, chunks)?;
    let total: usize = chunks.iter().map(|(out, _)| out.len()).sum();
    let made = chunks.iter().map(|(_, made)| made).sum();
    let mut next: Vec<Position> = Vec::new();
    held::reserve_exact(meter, &mut next, total, "the successors of a slice")?;
    let mut chunks = chunks;
    for (out, _) in chunks.drain(..) {
        next.extend_from_slice(&out);
        held::release(meter, out);
    }
    held::release(meter, chunks);
    next.par_sort_unstable();
    next.dedup();
    Ok((next, made))
}

/// Merges the sorted, repeat-free `b` into the sorted, repeat-free `a`, keeping `a` sorted
/// and repeat-free; `a` must have room for `b` already. Works in place from the back, so only
/// `b`'s length is added to `a`'s memory (the allocator grows a large vector by moving its
/// pages, not copying them). Costs O(|a| + |b|).
fn merge_into(a: &mut Vec<Position>, b: &[Position]) {
    let (n, m) = (a.len(), b.len());
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

/// What the backward pass finds: for every level the positions that can still finish, and the
/// number of solution sequences.
type Finishing<T> = (Vec<Vec<Position>>, T);

/// The backward pass of a sweep from the goal, over the levels it made.
struct Backward<'a> {
    board: &'a Board,
    group: &'a SymmetryGroup,
    reachable: &'a [Vec<Position>],
    start: Position,
    goal: Goal,
    meter: &'a Meter,
    progress: &'a dyn Progress,
}

impl Backward<'_> {
    /// The pass with numbers of type `T`: for every level the reachable positions that can
    /// still finish, and the number of jump sequences from the start to the goal; `None`
    /// when a number does not fit in `T`. Symmetric positions have equal numbers because the
    /// symmetries fix the goal. Charges each level's jump tests and images to the meter and
    /// holds its tables.
    fn pass<T>(&self) -> Result<Option<Finishing<T>>, Error>
    where
        T: Clone + Zero + One + CheckedAdd + Send + Sync + HeapBytes,
    {
        let (board, group, meter) = (self.board, self.group, self.meter);
        let reachable = self.reachable;
        let top = reachable.len() - 1;
        let goal_pegs = self.goal.pegs() as usize;
        let what = "the backward pass of the count";
        let mut finishing: Vec<Vec<Position>> = Vec::new();
        held::reserve_exact(meter, &mut finishing, top + 1, what)?;
        finishing.resize_with(top + 1, Vec::new);
        if !counted_levels(top as u32).contains(&(goal_pegs as u32)) {
            return Ok(Some((finishing, T::zero())));
        }
        let goal = self.goal;
        let at_goal: Vec<Position> = reachable[goal_pegs]
            .iter()
            .copied()
            .filter(|&p| goal.is_reached(p))
            .collect();
        finishing[goal_pegs] = held::held(meter, at_goal)?;
        let mut numbers_below: Vec<T> = Vec::new();
        held::reserve_exact(meter, &mut numbers_below, finishing[goal_pegs].len(), what)?;
        numbers_below.resize(finishing[goal_pegs].len(), T::one());
        for pegs in goal_pegs + 1..=top {
            let below = &finishing[pegs - 1];
            meter.hold(held::bytes_of::<(Option<T>, u64)>(reachable[pegs].len()))?;
            let numbers: Vec<(Option<T>, u64)> = reachable[pegs]
                .par_iter()
                .map(|&p| sequences_from(board, group, p, below, &numbers_below))
                .collect();
            let work: u64 = numbers.iter().map(|(_, work)| work).sum();
            meter.charge(work)?;
            if numbers.iter().any(|(number, _)| number.is_none()) {
                // The numbers outgrow `T`: give back what this pass holds; it is made again
                // in a larger type.
                meter.release(held::bytes_of::<(Option<T>, u64)>(numbers.capacity()));
                let heap: u64 = numbers_below.iter().map(HeapBytes::heap_bytes).sum();
                meter.release(heap);
                held::release(meter, numbers_below);
                for level in finishing.drain(..) {
                    held::release(meter, level);
                }
                held::release(meter, finishing);
                return Ok(None);
            }
            let finishers = numbers
                .iter()
                .filter(|(number, _)| number.as_ref().is_some_and(|n| !n.is_zero()))
                .count();
            let mut positions = Vec::new();
            held::reserve_exact(meter, &mut positions, finishers, what)?;
            let mut counts: Vec<T> = Vec::new();
            held::reserve_exact(meter, &mut counts, finishers, what)?;
            for (&p, (number, _)) in reachable[pegs].iter().zip(numbers) {
                if let Some(number) = number.filter(|n| !n.is_zero()) {
                    meter.hold(number.heap_bytes())?;
                    positions.push(p);
                    counts.push(number);
                }
            }
            meter.release(held::bytes_of::<(Option<T>, u64)>(reachable[pegs].len()));
            finishing[pegs] = positions;
            let heap: u64 = numbers_below.iter().map(HeapBytes::heap_bytes).sum();
            meter.release(heap);
            held::release(meter, std::mem::replace(&mut numbers_below, counts));
            // The positions of the levels above the goal's: each costs about the same.
            self.progress.advance(reachable[pegs].len() as u64);
        }
        let sequences = if goal_pegs == top {
            if goal.is_reached(self.start) {
                T::one()
            } else {
                T::zero()
            }
        } else {
            numbers_below.first().cloned().unwrap_or_else(T::zero)
        };
        Ok(Some((finishing, sequences)))
    }
}

/// The bytes a number of the backward pass holds outside itself.
trait HeapBytes {
    fn heap_bytes(&self) -> u64;
}

impl HeapBytes for u128 {
    fn heap_bytes(&self) -> u64 {
        0
    }
}

impl HeapBytes for u16 {
    fn heap_bytes(&self) -> u64 {
        0
    }
}

impl HeapBytes for u8 {
    fn heap_bytes(&self) -> u64 {
        0
    }
}

impl HeapBytes for BigUint {
    /// Its digits, 8 bytes each, and as many again for the room a sum may leave.
    fn heap_bytes(&self) -> u64 {
        2 * 8 * self.bits().div_ceil(64)
    }
}

/// The number of jump sequences from `p` to the goal, given the finishing positions one level
/// below and their numbers (`None` on overflow), and the steps it took: a jump test per jump,
/// an image per symmetry per legal jump.
fn sequences_from<T: Zero + CheckedAdd>(
    board: &Board,
    group: &SymmetryGroup,
    p: Position,
    below: &[Position],
    numbers: &[T],
) -> (Option<T>, u64) {
    let mut total = T::zero();
    let mut legal = 0;
    for &jump in board.jumps() {
        if jump.is_legal(p) {
            legal += 1;
            if let Ok(i) = below.binary_search(&group.canonical(jump.apply(p))) {
                match total.checked_add(&numbers[i]) {
                    Some(sum) => total = sum,
                    None => return (None, 0),
                }
            }
        }
    }
    let work = level_work(1, board.jumps().len(), legal, group.order(), 1);
    (Some(total), work)
}

impl Sweep {
    /// A solution read back from the sweep: from the start, each time a jump into a position
    /// that can still finish, until the goal; replayed before it is returned. `None` when the
    /// start cannot finish — then the sweep itself, having visited every reachable position,
    /// is the proof. Costs O(pegs · j · s) after the sweep.
    ///
    /// # Complexity
    /// O(pegs · j · s) after the sweep, for j jumps and s symmetries.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::{Board, Goal, sweep};
    /// use unhop::{Quiet, budget::Budget};
    /// let triangle = Board::named("triangle").unwrap();
    /// let start = triangle.default_start();
    /// let s = sweep(&triangle, start, Goal::PegAt(0), &Budget::default(), &Quiet).unwrap();
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
    use super::super::exhaustive;
    use super::*;
    use crate::Quiet;
    use std::collections::BTreeSet;
    use std::sync::Mutex;

    fn unlimited() -> SweepLimits {
        SweepLimits {
            max_positions: u64::MAX,
            slice_candidates: SLICE_CANDIDATES,
        }
    }

    /// A sweep within `limits` and no work limit.
    fn sweep_within(
        board: &Board,
        start: Position,
        goal: Goal,
        limits: SweepLimits,
        progress: &dyn Progress,
    ) -> Sweep {
        let budget = Budget::unlimited();
        let meter = budget.meter("a test", SWEEP_STEPS);
        sweep_metered(board, start, goal, &limits, &meter, progress).unwrap()
    }

    /// The backward pass detects overflow in any number type, so the sweep's fallback from
    /// `u128` to big integers is taken exactly when needed; and it gives back what it held
    /// when it overflows.
    #[test]
    fn the_backward_pass_reports_overflow_and_agrees_across_number_types() {
        let triangle = Board::named("triangle").unwrap();
        let (start, goal) = (triangle.default_start(), Goal::OnePeg);
        let sweep = sweep_within(&triangle, start, goal, unlimited(), &Quiet);
        let budget = Budget::unlimited();
        let meter = budget.meter("a test", SWEEP_STEPS);
        let walk = Backward {
            board: &triangle,
            group: &sweep.group,
            reachable: &sweep.reachable,
            start,
            goal,
            meter: &meter,
            progress: &Quiet,
        };
        assert!(
            walk.pass::<u8>().unwrap().is_none(),
            "29,760 sequences do not fit in a u8"
        );
        assert_eq!(meter.held(), 0);
        let (finishing, medium) = walk.pass::<u16>().unwrap().unwrap();
        assert_eq!(medium, 29_760);
        assert_eq!(finishing, sweep.finishing);
        let (_, big) = walk.pass::<BigUint>().unwrap().unwrap();
        assert_eq!(big, BigUint::from(29_760u32));
    }

    /// Starts on the small picture boards: every single vacancy and some patterns from a
    /// fixed-seed generator (xorshift), so that levels are made of many one-position slices.
    fn starts(board: &Board) -> Vec<Position> {
        let full = board.full();
        let mut starts: Vec<Position> = (0..board.holes()).map(|h| full & !(1 << h)).collect();
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..6 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            starts.push(full & (state | state >> 17));
        }
        starts
    }

    #[test]
    fn counts_in_the_smallest_slices_agree_with_plain_recursion() {
        let pictures = [
            ("4x4", "oooo\noooo\noooo\noooo"),
            ("3x5", "ooooo\nooooo\nooooo"),
        ];
        let mut boards: Vec<Board> = pictures
            .iter()
            .map(|(name, picture)| Board::from_picture(name, picture).unwrap())
            .collect();
        boards.extend(["triangle", "complete:6", "petersen"].map(|n| Board::named(n).unwrap()));
        let one_at_a_time = SweepLimits {
            slice_candidates: 1,
            ..unlimited()
        };
        for board in &boards {
            for start in starts(board) {
                let goal = Goal::OnePeg;
                let fast = sweep_within(board, start, goal, one_at_a_time, &Quiet);
                let canonical = |set: &BTreeSet<Position>| -> BTreeSet<Position> {
                    set.iter().map(|&p| fast.group.canonical(p)).collect()
                };
                let budget = Budget::unlimited();
                let all = exhaustive::reachable(board, start, &budget).unwrap();
                let finishing = exhaustive::finishing(board, &all, goal, &budget).unwrap();
                let swept: BTreeSet<Position> = fast.reachable.iter().flatten().copied().collect();
                let swept_finishing: BTreeSet<Position> =
                    fast.finishing.iter().flatten().copied().collect();
                let name = board.name();
                assert_eq!(swept, canonical(&all), "{name} {start:b}");
                assert_eq!(swept_finishing, canonical(&finishing), "{name} {start:b}");
                assert_eq!(
                    fast.sequences,
                    exhaustive::sequences(board, start, goal, &finishing, &budget)
                        .unwrap()
                        .into(),
                    "{name} {start:b}"
                );
                assert!(fast.reachable.iter().all(|l| l.is_sorted()));
            }
        }
    }

    /// One stage: what it does, its declared total, the work advanced in it, and how often.
    type Stage = (String, Option<u64>, u64, usize);

    /// Records every stage a sweep starts, with its declared total and the work advanced in
    /// it.
    #[derive(Default)]
    struct Recorder(Mutex<Vec<Stage>>);

    impl Progress for Recorder {
        fn start(&self, what: &str, total: Option<u64>) {
            self.0.lock().unwrap().push((what.to_string(), total, 0, 0));
        }
        fn advance(&self, work: u64) {
            let mut stages = self.0.lock().unwrap();
            let last = stages.last_mut().expect("advance after start");
            last.2 += work;
            last.3 += 1;
        }
    }

    #[test]
    fn progress_is_weighted_by_work_and_covers_every_level() {
        let triangle = Board::named("triangle").unwrap();
        let limits = SweepLimits {
            slice_candidates: 16,
            ..unlimited()
        };
        let recorder = Recorder::default();
        let s = sweep_within(
            &triangle,
            triangle.default_start(),
            Goal::OnePeg,
            limits,
            &recorder,
        );
        let stages = recorder.0.into_inner().unwrap();
        // One stage per level made (14 pegs down to 1) and one for the backward pass.
        assert_eq!(stages.len(), s.levels.len());
        for (what, total, done, _) in &stages {
            // The estimate is exact on the triangle, so the work advanced is the declared
            // total.
            assert_eq!(Some(*done), *total, "{what}");
        }
        // Each level stage's total is its real work: positions above × jumps + successors ×
        // symmetries, not one tick per level.
        let jumps = triangle.jumps();
        for (stage, level) in stages.iter().zip(&s.levels[1..]) {
            let above = &s.reachable[level.pegs as usize + 1];
            let successors: u64 = above
                .iter()
                .map(|&p| jumps.iter().filter(|j| j.is_legal(p)).count() as u64)
                .sum();
            let work =
                above.len() as u64 * jumps.len() as u64 + successors * s.group.order() as u64;
            assert_eq!(stage.1, Some(work), "{}", stage.0);
        }
        let slices: usize = stages.iter().map(|stage| stage.3).sum();
        assert!(slices > s.levels.len(), "16-successor slices cut levels up");
    }
}
