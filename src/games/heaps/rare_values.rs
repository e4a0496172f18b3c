//! Grundy sequences of octal games by the rare-value (sparse-space) method.
//!
//! Split the values into *common* ones, a set C in which no two values XOR to a third
//! (c₁ ⊕ c₂ ∉ C), and *rare* ones, everything else. A heap is rare when its value is. For a
//! heap of n, a split into two common heaps can then never produce a common value, so:
//!
//! 1. every option from a move that leaves at most one heap, and every split with a rare
//!    heap, is marked: O(R) work for R rare heaps;
//! 2. the least unmarked common value m is now certain to be missing from the options;
//! 3. the only values still in doubt are the rare values below m. The splits are taken in
//!    blocks, smallest heap first: while many values are in doubt, a block's options are
//!    marked one by one; once few are left, each is looked for in the block by a vectorised
//!    comparison (many options a cycle instead of one). The search stops when every doubtful
//!    value has been seen; one never seen is the mex (G(n) is rare: seldom in games with a
//!    sparse space).
//!
//! The result is exact for every choice of C; the choice only decides the speed. C is chosen
//! greedily from the most frequent values, and chosen again each time n doubles. While more
//! than one heap in [`RARE_SHARE`] is rare, every split is marked instead. When no move takes
//! fewer than two stones (Treblecross `0.007` takes three), heaps n and n + 1 do not depend on
//! each other and are computed on two threads.
//!
//! In Kayles (values 1, 2, 4, 7, 8 after heap 70, C = {1, 2, 4, 7, 8}) step 3 is short, so the
//! method is near-linear; in Treblecross, whose values keep growing, a fifth to a half of the
//! splits are still looked at.

use super::Octal;
use super::octal::MEX_OPTIONS;
use super::periodicity::{Period, checked_period};
use crate::budget::{Budget, Estimate, Meter, WorkUnit};
use crate::error::{Error, Figures};
use std::ops::BitXor;

/// The unit of the rare-value method's work: its steps (digits looked at, splits marked, an
/// eighth of the (split, value) comparisons, which are vectorised), 6 × 10^9 unless the budget
/// says otherwise: about 7 s of marking splits on one core (0.<4096 sevens> to heap 100,000
/// gives up at heap 4,157; Treblecross 0.007 gets to about heap 150,000).
pub const OCTAL_STEPS: WorkUnit = WorkUnit {
    name: "steps",
    default_limit: 6_000_000_000,
};

/// What [`rare_value_sequence`] did, for reports and benchmarks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RareValueStats {
    /// The number of common values at the end.
    pub common_values: usize,
    /// How many heaps had a rare value under the final choice.
    pub rare_heaps: usize,
    /// How many splits were marked one by one, in all.
    pub pairs_scanned: u64,
    /// How many (split, doubtful value) comparisons the vectorised search made.
    pub pairs_compared: u64,
    /// How many heaps, while the sparse space was in use, had a rare value (so every split
    /// was searched).
    pub full_scans: usize,
    /// The period proved by the Guy–Smith criterion while computing, when one was: the values
    /// from heap `computed` on were filled in by it instead of being computed.
    pub period: Option<Period>,
    /// How many values were computed directly (all of them when no period was proved).
    pub computed: usize,
}

impl RareValueStats {
    fn add(&mut self, other: &RareValueStats) {
        self.pairs_scanned += other.pairs_scanned;
        self.pairs_compared += other.pairs_compared;
        self.full_scans += other.full_scans;
    }
}

/// Settings of the rare-value method that decide its speed, never its result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RareValueTuning {
    /// The sparse space is used while fewer than one heap in this many is rare (1: from heap
    /// 64 on, whatever the share); before, every split is marked.
    pub rare_share: usize,
    /// While more values than this are in doubt, a block of splits is marked one by one;
    /// with this many or fewer, each is looked for by comparison.
    pub few_doubts: usize,
    /// Work in 16-bit lanes while every value fits (else in 32-bit lanes throughout).
    pub narrow_lanes: bool,
    /// Compute heaps n and n + 1 on two threads when they do not depend on each other.
    pub two_heaps: bool,
    /// Look for a period now and then (every eighth more heaps) and, once the Guy–Smith
    /// criterion proves one, fill in the rest of the sequence by it (never for Grundy's game,
    /// to which the criterion does not apply).
    pub fill_by_period: bool,
}

impl Default for RareValueTuning {
    /// The settings behind the figures in BENCHMARKS.md (on the shared machine, rare_share
    /// 8 and 16 measured alike to 2^18; few_doubts 32 was not faster than 16 to 2^20).
    fn default() -> RareValueTuning {
        RareValueTuning {
            rare_share: 16,
            few_doubts: 16,
            narrow_lanes: true,
            two_heaps: true,
            fill_by_period: true,
        }
    }
}

/// Splits are looked at in blocks of this many.
const BLOCK: usize = 1024;
/// How often, in heaps, `progress` is called.
const PROGRESS_EVERY: usize = 1024;

/// The values in the working arrays: 16 bits while every value fits (eight comparisons an
/// instruction on any x86-64), else 32.
trait Lane: Copy + Default + Eq + BitXor<Output = Self> + Send + Sync {
    /// Values are below this bound.
    const LIMIT: u32;
    fn from_value(v: u32) -> Self;
    fn index(self) -> usize;
}

impl Lane for u16 {
    const LIMIT: u32 = 1 << 16;
    fn from_value(v: u32) -> u16 {
        v as u16
    }
    fn index(self) -> usize {
        usize::from(self)
    }
}

impl Lane for u32 {
    const LIMIT: u32 = u32::MAX;
    fn from_value(v: u32) -> u32 {
        v
    }
    fn index(self) -> usize {
        self as usize
    }
}

/// Marks x ⊕ y for the pairs of `left` and `right` in `seen`; returns how many pairs.
/// Kept out of line: inlined into the long caller, its loop lost registers to the stack.
#[inline(never)]
fn mark_xors<T: Lane>(left: &[T], right: &[T], seen: &mut [bool]) -> u64 {
    for (&x, &y) in left.iter().zip(right) {
        seen[(x ^ y).index()] = true;
    }
    left.len().min(right.len()) as u64
}

/// Marks G(r) ⊕ G(rest − r) for the heaps r of `rare` other than `skip`; every r is below
/// `rest`.
#[inline(never)]
fn mark_rare_splits<T: Lane>(
    known: &Known<T>,
    rest: usize,
    rare: &[usize],
    skip: usize,
    seen: &mut [bool],
) {
    let right = &known.reversed[known.max - rest..];
    for &r in rare {
        if r != skip {
            seen[(known.values[r] ^ right[r]).index()] = true;
        }
    }
}

/// Whether `v` is among `options`: a branch-free fold the compiler vectorises.
fn contains<T: Lane>(options: &[T], v: T) -> bool {
    options.iter().fold(false, |hit, &x| hit | (x == v))
}

/// The common values (as a table by value): greedily, from the most frequent down, every
/// value that keeps the set free of c₁ ⊕ c₂ = c₃. O(V²) for V distinct values.
pub(crate) fn choose_common(counts: &[usize]) -> Vec<bool> {
    let mut by_count: Vec<usize> = (1..counts.len()).filter(|&v| counts[v] > 0).collect();
    by_count.sort_by_key(|&v| std::cmp::Reverse(counts[v]));
    let mut common = vec![false; counts.len().next_power_of_two()];
    let mut members: Vec<usize> = Vec::new();
    for v in by_count {
        if members.iter().all(|&c| !common[c ^ v]) {
            common[v] = true;
            members.push(v);
        }
    }
    common
}

/// The moves of a game, as the per-heap search needs them.
struct Rules<'g> {
    game: &'g Octal,
    /// The numbers of stones a splitting move may take.
    splits: Vec<usize>,
    /// Heap n depends only on heaps up to n − window.
    window: usize,
}

impl<'g> Rules<'g> {
    fn new(game: &'g Octal) -> Rules<'g> {
        let takes = (0..=game.max_taken()).filter(|&k| game.digit(k) != 0);
        Rules {
            game,
            splits: takes.clone().filter(|&k| game.digit(k) & 4 != 0).collect(),
            window: takes.map(|k| k.max(1)).min().unwrap_or(1),
        }
    }

    /// The heaps left after a split's stones are taken from a heap of n.
    fn split_rests(&self, n: usize) -> impl Iterator<Item = usize> + '_ {
        self.splits
            .iter()
            .filter(move |&&k| k < n)
            .map(move |&k| n - k)
    }

    /// The largest smaller heap a split of `rest` may leave.
    fn last_split(&self, rest: usize) -> usize {
        match self.game.is_grundy() && rest % 2 == 0 {
            true => (rest / 2).saturating_sub(1),
            false => rest / 2,
        }
    }
}

/// What is known before a heap is computed; shared, read-only, by the two threads.
struct Known<'a, T> {
    /// G(0), G(1), … as far as computed.
    values: &'a [T],
    /// reversed[max − i] = G(i), so that G(rest − a) for a = a₀, a₀ + 1, … is read forwards.
    reversed: &'a [T],
    max: usize,
    /// Every value so far, and so every option, is below this power of two.
    bound: usize,
    /// The common values by value (at least `bound` long) and the rare heaps, when the
    /// sparse space is in use.
    sparse: Option<(&'a [bool], &'a [usize])>,
    few_doubts: usize,
}

impl<T: Lane> Known<'_, T> {
    /// G(a) and G(rest − a) for a in `from..=to`.
    fn split_values(&self, rest: usize, from: usize, to: usize) -> (&[T], &[T]) {
        let right = &self.reversed[self.max - rest + from..=self.max - rest + to];
        (&self.values[from..=to], right)
    }
}

/// The working space of one thread.
#[derive(Default)]
struct Scratch<T> {
    seen: Vec<bool>,
    options: Vec<T>,
    doubts: Vec<usize>,
    stats: RareValueStats,
    /// Every step counted: digits looked at, splits marked or compared, rare splits.
    work: u64,
}

impl<T> Scratch<T> {
    /// The bytes of the working space.
    fn bytes(&self) -> u64 {
        (self.seen.capacity()
            + self.options.capacity() * size_of::<T>()
            + self.doubts.capacity() * size_of::<usize>()) as u64
    }
}

/// G(n) from the values below it.
fn heap_value<T: Lane>(rules: &Rules, known: &Known<T>, n: usize, s: &mut Scratch<T>) -> usize {
    let (game, bound) = (rules.game, known.bound);
    s.seen.clear();
    s.seen.resize(bound + 1, false);
    s.work += (game.max_taken().min(n) + 1) as u64 + bound as u64;
    for k in 0..=game.max_taken().min(n) {
        let (d, rest) = (game.digit(k), n - k);
        if d & 1 != 0 && rest == 0 {
            s.seen[0] = true;
        }
        if d & 2 != 0 && rest >= 1 && k >= 1 {
            s.seen[known.values[rest].index()] = true;
        }
    }
    let Some((common, rare)) = known.sparse else {
        // Without a sparse space: mark every split.
        for rest in rules.split_rests(n) {
            let last = rules.last_split(rest);
            if last >= 1 {
                let (left, right) = known.split_values(rest, 1, last);
                let marked = mark_xors(left, right, &mut s.seen);
                s.stats.pairs_scanned += marked;
                s.work += marked;
            }
        }
        return s.seen.iter().position(|&seen| !seen).unwrap_or(bound);
    };
    // Step 1: the splits with a rare heap (those with two are marked twice, which is harmless).
    for rest in rules.split_rests(n) {
        let rare = &rare[..rare.partition_point(|&r| r < rest)];
        let equal = match game.is_grundy() && rest % 2 == 0 {
            true => rest / 2,
            false => 0,
        };
        mark_rare_splits(known, rest, rare, equal, &mut s.seen);
        s.work += rare.len() as u64 + 1;
    }
    // Step 2: the least common value that is missing.
    let limit = (0..bound)
        .find(|&v| common[v] && !s.seen[v])
        .unwrap_or(bound);
    // Step 3: the values below it still in doubt (every common one is seen), block by block.
    s.doubts.clear();
    s.doubts.extend((0..limit).filter(|&v| !s.seen[v]));
    let mut from = 1;
    while !s.doubts.is_empty() {
        let mut looked = false;
        for rest in rules.split_rests(n) {
            let last = rules.last_split(rest);
            if last < from {
                continue;
            }
            looked = true;
            let (left, right) = known.split_values(rest, from, last.min(from + BLOCK - 1));
            s.work += 1;
            if s.doubts.len() > known.few_doubts {
                let marked = mark_xors(left, right, &mut s.seen);
                s.stats.pairs_scanned += marked;
                s.work += marked;
                let seen = &s.seen;
                s.doubts.retain(|&v| !seen[v]);
            } else {
                s.options.clear();
                s.options
                    .extend(left.iter().zip(right).map(|(&x, &y)| x ^ y));
                s.stats.pairs_compared += (s.options.len() * s.doubts.len()) as u64;
                s.work += (s.options.len() * s.doubts.len()) as u64 / 8;
                let options = &s.options;
                s.doubts
                    .retain(|&v| !contains(options, T::from_value(v as u32)));
            }
        }
        if !looked {
            s.stats.full_scans += 1;
            return s.doubts[0];
        }
        from += BLOCK;
    }
    limit
}

/// The sequence so far and what the method keeps about it.
struct Sequence {
    values: Vec<u32>,
    /// counts[v]: how many heaps have value v.
    counts: Vec<usize>,
    /// By value (at least `bound` long): whether it is common.
    common: Vec<bool>,
    /// The heaps (≥ 1) with a value that is not common, in order.
    rare: Vec<usize>,
    /// The heap at which the common values are chosen again.
    next_choice: usize,
    /// A power of two above every value so far.
    bound: usize,
    stats: RareValueStats,
    /// The work counted so far (see [`Scratch::work`]).
    work: u64,
    /// The heap at which a period is looked for next (`usize::MAX`: never).
    next_period_check: usize,
    /// The most stones a move takes, for the Guy–Smith criterion.
    max_taken: usize,
    /// The period proved, once it is.
    period: Option<Period>,
    /// The work charged to the meter so far.
    charged: u64,
    /// The bytes of the tables that grow as the values do, held on the meter.
    held: u64,
}

impl Sequence {
    fn push(&mut self, value: usize) -> Result<(), Error> {
        let n = self.values.len();
        self.values.push(value as u32);
        if value >= self.counts.len() {
            self.counts.resize(value + 1, 0);
        }
        self.counts[value] += 1;
        while value >= self.bound {
            self.bound *= 2;
        }
        if self.common.len() < self.bound {
            self.common.resize(self.bound, false);
        }
        if n >= 1 && !self.common[value] {
            self.rare
                .try_reserve(1)
                .map_err(|_| crate::memory::out_of_memory("the rare heaps"))?;
            self.rare.push(n);
        }
        Ok(())
    }

    /// Chooses the common values again, holding on `meter` what the choice allocates while it
    /// runs: the values by count and the members, 16 bytes a value, and a new table by value.
    fn choose_common(&mut self, meter: &Meter) -> Result<(), Error> {
        let values = self.counts.len() as u64;
        let choosing = 16 * values + values.next_power_of_two();
        meter.hold(choosing)?;
        let n = self.values.len();
        self.common = choose_common(&self.counts);
        self.common.resize(self.common.len().max(self.bound), false);
        meter.release(choosing);
        let common = &self.common;
        let values = &self.values;
        self.rare.clear();
        self.rare
            .extend((1..n).filter(|&i| !common[values[i] as usize]));
        self.next_choice *= 2;
        Ok(())
    }

    /// Charges the work done since the last call to `meter`.
    fn charge(&mut self, meter: &Meter) -> Result<(), Error> {
        meter.charge(self.work - self.charged)?;
        self.charged = self.work;
        Ok(())
    }

    /// Holds on `meter` the bytes of the tables that grow with the values (the counts by
    /// value, the common values, the rare heaps) and `scratch`, the working space of the
    /// threads: the difference from what was held before.
    fn hold_tables(&mut self, meter: &Meter, scratch: u64) -> Result<(), Error> {
        let bytes = (self.counts.capacity() * size_of::<usize>()
            + self.common.capacity()
            + self.rare.capacity() * size_of::<usize>()) as u64
            + scratch;
        if bytes > self.held {
            meter.hold(bytes - self.held)?;
        } else {
            meter.release(self.held - bytes);
        }
        self.held = bytes;
        Ok(())
    }

    /// Extends the sequence up to G(max), in lanes of type T while the values fit, charging
    /// its work and holding its memory on `meter`.
    fn extend<T: Lane>(
        &mut self,
        rules: &Rules,
        max: usize,
        tuning: RareValueTuning,
        meter: &Meter,
        progress: &mut impl FnMut(usize),
    ) -> Result<(), Error> {
        if self.values.len() > max || self.bound >= T::LIMIT as usize || self.period.is_some() {
            return Ok(());
        }
        // The two lanes of values: already held by `run`, for the widest lanes.
        let mut values: Vec<T> = Vec::new();
        values
            .try_reserve_exact(max + 1)
            .map_err(|_| crate::memory::out_of_memory("the values"))?;
        values.extend(self.values.iter().map(|&v| T::from_value(v)));
        let mut reversed: Vec<T> = crate::memory::try_vec(max + 1, T::default(), "the values")?;
        for (i, &v) in values.iter().enumerate() {
            reversed[max - i] = v;
        }
        let mut scratch: [Scratch<T>; 2] = Default::default();
        while self.values.len() <= max && self.bound < T::LIMIT as usize {
            let n = self.values.len();
            if n >= self.next_period_check {
                self.next_period_check = n + (n / 8).max(64);
                self.period = checked_period(&self.values, self.max_taken, &mut self.work);
                if self.period.is_some() {
                    break;
                }
            }
            if n == self.next_choice {
                self.choose_common(meter)?;
            }
            if n % PROGRESS_EVERY == 0 {
                progress(n);
            }
            self.work += scratch
                .iter_mut()
                .map(|s| std::mem::take(&mut s.work))
                .sum::<u64>();
            self.charge(meter)?;
            let working: u64 = scratch.iter().map(Scratch::bytes).sum();
            self.hold_tables(meter, working)?;
            let known = Known {
                values: &values,
                reversed: &reversed,
                max,
                bound: self.bound,
                sparse: (self.rare.len().saturating_mul(tuning.rare_share) < n)
                    .then_some((&self.common, &self.rare)),
                few_doubts: tuning.few_doubts,
            };
            let pair =
                tuning.two_heaps && rules.window >= 2 && n < max && n + 1 != self.next_choice;
            let [first, second] = &mut scratch;
            let (g, next) = match pair {
                true => rayon::join(
                    || heap_value(rules, &known, n, first),
                    || Some(heap_value(rules, &known, n + 1, second)),
                ),
                false => (heap_value(rules, &known, n, first), None),
            };
            for (i, g) in [Some(g), next].into_iter().flatten().enumerate() {
                self.push(g)?;
                values.push(T::from_value(g as u32));
                reversed[max - n - i] = T::from_value(g as u32);
            }
        }
        for s in &scratch {
            self.stats.add(&s.stats);
            self.work += s.work;
        }
        self.charge(meter)?;
        let working: u64 = scratch.iter().map(Scratch::bytes).sum();
        self.hold_tables(meter, working)
    }
}

/// The values G(0..=max) of `game` by the rare-value method, with statistics; `progress` is
/// called now and then with the number of values done.
///
/// # Complexity
///
/// Close to linear time when few heaps are rare, O(max²) at worst, like the plain loop; 8 to 12 bytes a heap plus the rare heaps' indices.
///
/// # Examples
///
/// ```
/// use unhop::games::{rare_value_sequence, Octal};
/// let treblecross: Octal = "0.007".parse().unwrap();
/// let (fast, _) = rare_value_sequence(&treblecross, 300, |_| {});
/// assert_eq!(fast, treblecross.exhaustive_values(300));
/// ```
pub fn rare_value_sequence(
    game: &Octal,
    max: usize,
    progress: impl FnMut(usize) + Send,
) -> (Vec<u32>, RareValueStats) {
    tuned_rare_value_sequence(game, max, RareValueTuning::default(), progress)
}

/// [`rare_value_sequence`] with other settings: the same values, at another speed.
///
/// # Complexity
///
/// As [`rare_value_sequence`].
///
/// # Examples
///
/// ```
/// use unhop::games::{tuned_rare_value_sequence, Octal, RareValueTuning};
/// let treblecross: Octal = "0.007".parse().unwrap();
/// let sparse = RareValueTuning { rare_share: 1, ..RareValueTuning::default() };
/// let (values, stats) = tuned_rare_value_sequence(&treblecross, 300, sparse, |_| {});
/// assert_eq!(values, treblecross.exhaustive_values(300));
/// assert!(stats.pairs_compared > 0);
/// ```
///
/// # Panics
///
/// With no limit but the process's memory, when that runs out (callers that take their
/// inputs from users call [`octal_values`], which runs under a budget).
pub fn tuned_rare_value_sequence(
    game: &Octal,
    max: usize,
    tuning: RareValueTuning,
    progress: impl FnMut(usize) + Send,
) -> (Vec<u32>, RareValueStats) {
    let meter = Budget::unlimited().meter("the rare-value method", OCTAL_STEPS);
    run(game, max, tuning, &meter, progress)
        .expect("the rare-value method has no limit but the process's memory")
}

/// The bytes of the arrays the rare-value method allocates for the values to heap `max`: the
/// values and their two lanes (the plain and the reversed order), 12 bytes a heap; the
/// tables that grow with the values are held as they grow.
fn rare_value_bytes(max: usize) -> u128 {
    12 * (max as u128 + 1)
}

/// [`rare_value_sequence`] under `budget`: refused when its arrays ([`rare_value_bytes`]) are
/// beyond the memory limit; gives up past the work limit ([`OCTAL_STEPS`], checked after
/// every heap) or when the tables that grow with the values pass the memory limit.
pub(crate) fn budgeted_rare_value_sequence(
    game: &Octal,
    max: usize,
    budget: &Budget,
    progress: impl FnMut(usize) + Send,
) -> Result<(Vec<u32>, RareValueStats), Error> {
    let what = format!("the values of {} to heap {max}", game.short_name());
    let meter = budget.reserve(&Estimate {
        what,
        unit: OCTAL_STEPS,
        work: 0,
        bytes: rare_value_bytes(max),
    })?;
    run(game, max, RareValueTuning::default(), &meter, progress)
}

fn run(
    game: &Octal,
    max: usize,
    tuning: RareValueTuning,
    meter: &Meter,
    mut progress: impl FnMut(usize) + Send,
) -> Result<(Vec<u32>, RareValueStats), Error> {
    let rules = Rules::new(game);
    let mut values = Vec::new();
    values
        .try_reserve_exact(max + 1)
        .map_err(|_| crate::memory::out_of_memory("the values"))?;
    let mut sequence = Sequence {
        values,
        counts: Vec::new(),
        common: vec![false; 1],
        rare: Vec::new(),
        next_choice: 64,
        bound: 1,
        stats: RareValueStats::default(),
        work: 0,
        next_period_check: match tuning.fill_by_period && !game.is_grundy() {
            true => 64,
            false => usize::MAX,
        },
        max_taken: game.max_taken(),
        period: None,
        charged: 0,
        held: 0,
    };
    // On a worker of rayon's pool, where `rayon::join` costs little.
    rayon::scope(|_| {
        if tuning.narrow_lanes {
            sequence.extend::<u16>(&rules, max, tuning, meter, &mut progress)?;
        }
        sequence.extend::<u32>(&rules, max, tuning, meter, &mut progress)
    })?;
    let computed = sequence.values.len();
    if let Some(period) = sequence.period {
        let values = &mut sequence.values;
        for n in computed..=max {
            let g = period.value_at(values, n as u64);
            values.push(g);
        }
    }
    progress(max + 1);
    let mut stats = sequence.stats;
    stats.period = sequence.period;
    stats.computed = computed;
    stats.common_values = sequence.common.iter().filter(|&&c| c).count();
    stats.rare_heaps = sequence.rare.len();
    Ok((sequence.values, stats))
}

/// The largest heap [`octal_values`] computes by the fast method: 12 bytes a heap, 768 MiB
/// at most.
pub const MAX_OCTAL_HEAP: usize = 1 << 26;
/// The largest heap [`octal_values`] computes by the exhaustive method (the plain O(n²) mex
/// loop, about half a minute).
pub const MAX_EXHAUSTIVE_OCTAL_HEAP: usize = 1 << 18;

/// The values G(0..=max) of `game` by `method`, under `budget`: [`Method::Fast`] is the
/// rare-value method with the rest filled by a period once one is proved (refused beyond
/// [`MAX_OCTAL_HEAP`] or when its arrays are beyond the memory limit; gives up past the
/// budget's work in [`OCTAL_STEPS`]); [`Method::Exhaustive`] the plain O(max²) mex loop
/// (refused beyond [`MAX_EXHAUSTIVE_OCTAL_HEAP`], or when its options
/// ([`Octal::exhaustive_work`], in [`MEX_OPTIONS`]) or its memory are beyond the budget's
/// limits). Reports to `progress` in units of heaps weighted by their size (heap n counts n:
/// the work a heap takes grows about linearly with n in both methods, as the rare heaps and
/// the splits do), so the bar and its time left follow the time; the statistics are the fast
/// method's.
///
/// # Complexity
///
/// Fast: close to linear when few heaps are rare, O(max²) at worst; 12 bytes a heap and the
/// rare heaps. Exhaustive: O(max²) options, 4 bytes a heap.
///
/// [`Method::Fast`]: crate::Method::Fast
/// [`Method::Exhaustive`]: crate::Method::Exhaustive
///
/// # Examples
///
/// ```
/// use unhop::{Method, Quiet, budget::Budget, games::{octal_values, Octal}};
/// let dawson: Octal = "0.07".parse().unwrap();
/// let budget = Budget::default();
/// let (fast, stats) = octal_values(&dawson, 3000, Method::Fast, &budget, &Quiet).unwrap();
/// let (slow, _) = octal_values(&dawson, 3000, Method::Exhaustive, &budget, &Quiet).unwrap();
/// assert_eq!(fast, slow);
/// assert_eq!(stats.unwrap().period.map(|p| p.period), Some(34));
/// let kayles: Octal = "0.77".parse().unwrap();
/// let tight = Budget::default().with_max_work(1000);
/// let err = octal_values(&kayles, 50_000, Method::Fast, &tight, &Quiet).unwrap_err();
/// assert_eq!(err.figures().unwrap().unit, "steps");
/// ```
pub fn octal_values(
    game: &Octal,
    max: usize,
    method: crate::method::Method,
    budget: &Budget,
    progress: &dyn crate::progress::Progress,
) -> Result<(Vec<u32>, Option<RareValueStats>), Error> {
    let limit = match method {
        crate::method::Method::Fast => MAX_OCTAL_HEAP,
        crate::method::Method::Exhaustive => MAX_EXHAUSTIVE_OCTAL_HEAP,
    };
    if max > limit {
        return Err(Error::refused_with(
            Figures::new(max as u128, limit as u128, "stones in the largest heap"),
            format!(
                "the values to heap {max} are above the limit of heap {limit} for the {method} \
                 method (memory and time)"
            ),
        ));
    }
    // Heap n weighs n: the heaps below `done` weigh done·(done − 1)/2.
    let weight = |done: usize| (done as u64) * (done as u64).saturating_sub(1) / 2;
    if method == crate::method::Method::Exhaustive {
        let what = format!("the plain mex loop for {} to heap {max}", game.short_name());
        let estimate = Estimate {
            what,
            unit: MEX_OPTIONS,
            work: game.exhaustive_work(max),
            bytes: game.exhaustive_bytes(max),
        };
        let meter = budget
            .admit_estimate(&estimate)
            .map_err(|e| e.with_note("use the fast method or a smaller heap"))?;
        progress.start(&format!("{game}: values"), Some(weight(max + 1)));
        let values = game.metered_values(max, &meter)?;
        progress.advance(weight(max + 1));
        return Ok((values, None));
    }
    progress.start(&format!("{game}: values"), Some(weight(max + 1)));
    let mut reported = 0;
    let (values, stats) = budgeted_rare_value_sequence(game, max, budget, |done| {
        progress.advance(weight(done) - weight(reported));
        reported = done;
    })?;
    Ok((values, Some(stats)))
}
