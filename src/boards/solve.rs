//! The solver: depth-first search with a table of dead positions, reduced by symmetry, ruled
//! out early by position class or a pagoda function, and pruned by pagoda functions.

use super::board::Board;
use super::classes::{ClassProof, PositionClasses};
use super::geometry::{Jump, Position};
use super::pagoda::{MAX_LP_JUMPS, PAGODA_BYTES, Pagoda, PagodaProof};
use super::position::Goal;
use super::replay::replay;
use super::steps::SOLVER_STEPS;
use super::symmetry::SymmetryGroup;
use crate::budget::{Budget, Meter};
use crate::{Error, Progress, Quiet};
use rustc_hash::FxHashSet;

/// The answer of [`solve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A solution, already replayed by the independent checker.
    Solved(Vec<Jump>),
    /// No solution: the start and goal differ in position class.
    ClassMismatch(ClassProof),
    /// No solution: a pagoda function gives the start less value than the goal.
    PagodaBound(PagodaProof),
    /// No solution: the search tried every position reachable from the start (up to the
    /// symmetries that fix the goal) and none reaches the goal; positions whose value under
    /// one of `pagodas` fell below the goal's were cut off unsearched (for "one peg
    /// anywhere": below every possible finish's, each under a function of its own).
    Exhausted {
        /// The number of positions (up to symmetry) found dead.
        positions: usize,
        /// The pagoda functions used to cut off positions.
        pagodas: Vec<Pagoda>,
    },
    /// The search stopped after `limit` dead positions without an answer.
    GaveUp {
        /// The limit reached.
        limit: usize,
    },
}

/// The verdict of a search in one word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// A solution, replayed.
    Solved,
    /// A proof that there is no solution.
    Impossible,
    /// The search gave up: no answer.
    Undecided,
}

impl Verdict {
    /// `solved`, `impossible` or `undecided`, as the reports write it.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Solved => "solved",
            Verdict::Impossible => "impossible",
            Verdict::Undecided => "undecided",
        }
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl Outcome {
    /// The verdict: [`Verdict::Solved`], [`Verdict::Impossible`] (a proof that there is no
    /// solution) or [`Verdict::Undecided`] (the search gave up).
    pub fn verdict(&self) -> Verdict {
        match self {
            Outcome::Solved(_) => Verdict::Solved,
            Outcome::ClassMismatch(_) | Outcome::PagodaBound(_) | Outcome::Exhausted { .. } => {
                Verdict::Impossible
            }
            Outcome::GaveUp { .. } => Verdict::Undecided,
        }
    }

    /// The answer in words with the board's hole names: the jumps of a solution, or why
    /// there is none (the position class, the pagoda function's weights and values, the
    /// exhausted search) or why the search stopped. O(h + jumps of the solution).
    ///
    /// # Complexity
    /// O(h + jumps of a solution).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::{Board, Goal, Verdict, solve};
    /// use unhop::budget::Budget;
    /// let english = Board::named("english").unwrap();
    /// let corner = Goal::PegAt(english.hole_named("c1").unwrap());
    /// let outcome = solve(&english, english.default_start(), corner, 1_000, &Budget::default()).unwrap();
    /// assert_eq!(outcome.verdict(), Verdict::Impossible);
    /// assert!(outcome.describe(&english).starts_with("position classes"));
    /// ```
    pub fn describe(&self, board: &Board) -> String {
        match self {
            Outcome::Solved(jumps) => jumps
                .iter()
                .map(|&j| board.jump_name(j))
                .collect::<Vec<_>>()
                .join(" "),
            Outcome::ClassMismatch(proof) => {
                let (target, holes) = proof.separators[0];
                format!(
                    "position classes: every jump touches an even number of the holes {{{}}}, so the parity of their pegs never changes; it is {} at the start but {} at the goal{}",
                    board.hole_names_in(holes).join(" "),
                    ((holes & target).count_ones() % 2) ^ 1,
                    (holes & target).count_ones() % 2,
                    if proof.separators.len() > 1 {
                        " (and likewise for every other one-peg finish)"
                    } else {
                        ""
                    }
                )
            }
            Outcome::PagodaBound(proof) => format!(
                "pagoda function: with the weights {{{}}} (0 elsewhere) no jump raises the total weight of the pegs, and the start is worth {} but the goal {}",
                proof.pagoda.describe(board),
                proof.start_value,
                proof.goal_value
            ),
            Outcome::Exhausted { positions, pagodas } => {
                let cut = if pagodas.is_empty() {
                    String::new()
                } else {
                    format!(
                        " (positions worth less than the goal under one of {} pagoda functions cut off, each itself a proof)",
                        pagodas.len()
                    )
                };
                format!(
                    "exhaustive search: all {positions} positions reachable from the start (up to symmetry) are dead ends{cut}"
                )
            }
            Outcome::GaveUp { limit } => {
                format!("no answer within {limit} dead positions")
            }
        }
    }
}

/// The default limit on dead positions kept by [`solve`] (about 1.3 GB of table at most).
pub const DEFAULT_LIMIT: usize = 50_000_000;

/// Looks for jumps from `start` to `goal`, giving up after `limit` dead positions (or the
/// budget's position limit, if less), under `budget`: its work in [`SOLVER_STEPS`] (the
/// search and its linear programs), its table of dead positions held against the memory
/// limit.
///
/// First the position classes: when start and goal differ in class no search is made. Then,
/// for a goal with one goal position, a pagoda function that separates start and goal
/// ([`Pagoda::separating`], one small linear program). Then a depth-first search over jumps
/// in the board's order; every position found not to lead to the goal is stored in its
/// canonical form under the symmetries that fix the goal, so no position is searched twice in
/// any of its symmetric forms. Once 10,000 positions are dead, the family of
/// [`Pagoda::pruning_family`] (h + 1 linear programs for h holes) cuts off every position
/// worth less than the goal under one of them (for "one peg anywhere": a family for every
/// hole of the start's class, and a position is cut off when each family cuts it off).
///
/// # Complexity
/// O(r · (j + s + f)) for r positions reachable up to symmetry, j jumps of the board, s
/// symmetries and f pagoda functions in the worst case, and 16–32 bytes a dead position.
///
/// # Errors
/// The search giving up at `limit` dead positions is an answer, [`Outcome::GaveUp`]; past
/// the budget's work or memory limit it is an error
/// ([`ErrorKind::GaveUp`](crate::ErrorKind::GaveUp)) with the figures.
///
/// ```
/// use unhop::boards::{Board, Outcome, solve, DEFAULT_LIMIT};
/// use unhop::budget::Budget;
/// let english = Board::named("english").unwrap();
/// let budget = Budget::default();
/// let Outcome::Solved(jumps) = solve(&english, english.default_start(), english.default_goal(), DEFAULT_LIMIT, &budget).unwrap()
/// else { panic!("the central game has a solution") };
/// assert_eq!(jumps.len(), 31);
/// let tight = Budget::default().with_max_work(1000);
/// let err = solve(&english, english.default_start(), english.default_goal(), DEFAULT_LIMIT, &tight).unwrap_err();
/// assert_eq!(err.figures().unwrap().limit, 1000);
/// ```
pub fn solve(
    board: &Board,
    start: Position,
    goal: Goal,
    limit: usize,
    budget: &Budget,
) -> Result<Outcome, Error> {
    solve_with(board, start, goal, limit, budget, &Quiet)
}

/// [`solve`], telling `progress` how many dead positions the search has stored (every
/// [`PROGRESS_STEP`]; the search gives up at `limit`), as the command line's spinner shows.
///
/// # Complexity
/// As [`solve`].
///
/// # Examples
///
/// ```
/// use std::sync::atomic::{AtomicU64, Ordering};
/// use unhop::boards::{Board, Outcome, solve_with};
/// use unhop::budget::Budget;
/// struct Tally(AtomicU64);
/// impl unhop::Progress for Tally {
///     fn advance(&self, work: u64) { self.0.fetch_add(work, Ordering::Relaxed); }
/// }
/// let wiegleb = Board::named("wiegleb").unwrap();
/// let tally = Tally(AtomicU64::new(0));
/// let (start, goal) = (wiegleb.default_start(), wiegleb.default_goal());
/// let outcome = solve_with(&wiegleb, start, goal, 20_000, &Budget::default(), &tally).unwrap();
/// assert_eq!(outcome, Outcome::GaveUp { limit: 20_000 });
/// assert_eq!(tally.0.load(Ordering::Relaxed), 16_384); // the 20,000 stored, in steps of 4,096
/// ```
pub fn solve_with(
    board: &Board,
    start: Position,
    goal: Goal,
    limit: usize,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<Outcome, Error> {
    let limit = dead_limit(limit, budget);
    let cost = search_cost(board, start, goal, limit, PRUNE_AFTER);
    let meter = admitted(budget, solver_what(board), cost)?;
    search(board, start, goal, limit, PRUNE_AFTER, &meter, progress)
}

/// What a search on `board` is called in messages.
fn solver_what(board: &Board) -> String {
    format!("the search on {}", board.name())
}

/// The dead positions a search may keep: `limit`, or the budget's position limit if less.
pub(crate) fn dead_limit(limit: usize, budget: &Budget) -> usize {
    let positions = budget.position_limit(u64::MAX);
    limit.min(usize::try_from(positions).unwrap_or(usize::MAX))
}

/// [`solve_with`] charging `meter`, with no progress shown and the pagoda pruning after
/// 10,000 dead positions: one pair of a larger run.
pub(crate) fn solve_with_meter(
    board: &Board,
    start: Position,
    goal: Goal,
    limit: usize,
    meter: &Meter,
) -> Result<Outcome, Error> {
    search(board, start, goal, limit, PRUNE_AFTER, meter, &Quiet)
}

/// Upper bounds of what one search from `start` to `goal` with at most `limit` dead
/// positions costs ([`solve`]): its steps ([`SOLVER_STEPS`]) and the bytes it may allocate.
///
/// A position is expanded (its jumps tested) at most once, unless the search gives up, and
/// only when it is not dead: so at most e = min(`limit`, the positions with more pegs than
/// the goal and no more than the start) + 1 expansions, and 1 + j·e visits, each taking up
/// to s symmetry images and f pagoda values (f ≤ (h + 1) · s functions per possible goal
/// position, computed only after 10,000 dead positions); plus the linear programs
/// ([`Pagoda::lp_cost`] each). The bytes: the table of dead positions while it grows (the
/// old table and the new one of twice the size, [`table_bytes`]), the pagoda functions,
/// one linear program and the symmetry tables. O(h).
pub(crate) fn search_cost(
    board: &Board,
    start: Position,
    goal: Goal,
    limit: usize,
    prune_after: usize,
) -> (u128, u128) {
    let h = board.holes() as u128;
    let j = board.jumps().len() as u128;
    let s = board.symmetries().order() as u128;
    let positions: u128 = (goal.pegs() + 1..=start.count_ones())
        .map(|k| binomial(board.holes() as u32, k))
        .sum();
    let expansions = positions.min(limit as u128) + 1;
    let targets = if goal.position().is_some() { 1 } else { h };
    let (lp_steps, lp_bytes) = if board.jumps().len() > MAX_LP_JUMPS {
        (0, 0)
    } else {
        let (steps, bytes) = Pagoda::lp_cost(board);
        (u128::from(steps), u128::from(bytes))
    };
    let prunes = expansions > prune_after as u128;
    let programs = 1 + if prunes { targets * (h + 1) } else { 0 };
    let functions = if prunes { targets * (h + 1) * s } else { 0 };
    let visits = 1 + j * expansions;
    let steps = lp_steps * programs + visits * (s + functions) + expansions * j;
    let table = |entries: u128| u128::from(table_bytes(entries.min(usize::MAX as u128) as usize));
    let dead = table(expansions.max(4)) + table(2 * expansions.max(4));
    let pagoda = u128::from(PAGODA_BYTES);
    let group = s * (8 * 256 * 8 + h + 24);
    // The functions of the families and the one of a proof.
    let bytes = dead + (functions + 1) * pagoda + lp_bytes + 2 * group + 1024;
    (steps, bytes)
}

/// The binomial coefficient C(n, k) for n ≤ 64, exact in `u128`.
fn binomial(n: u32, k: u32) -> u128 {
    if k > n {
        return 0;
    }
    (0..k.min(n - k)).fold(1u128, |c, i| c * u128::from(n - i) / u128::from(i + 1))
}

/// A meter for `what`, admitted with the estimate `(steps, bytes)` (upper bounds) when the
/// steps are within the budget's work limit: the estimate is recorded, and the request
/// refused when the bytes are over the memory limit. Else a meter with no estimate (a bound
/// over the limit is far above what a search usually takes, so it refuses nothing): the
/// meter stops the work, and the memory held, at the limits as the search runs.
pub(crate) fn admitted(
    budget: &Budget,
    what: String,
    (steps, bytes): (u128, u128),
) -> Result<Meter, Error> {
    if steps <= u128::from(budget.work_limit(SOLVER_STEPS)) {
        return budget.admit(what, SOLVER_STEPS, steps, bytes);
    }
    Ok(budget.meter(what, SOLVER_STEPS))
}

/// How many dead positions [`solve_with`] stores between two reports to its progress.
pub const PROGRESS_STEP: usize = 4096;

/// [`solve`] with the pagoda pruning switched on after `prune_after` dead positions instead
/// of 10,000 (0: from the start; `usize::MAX`: never).
///
/// # Complexity
/// As [`solve`].
///
/// # Examples
///
/// ```
/// use unhop::boards::{Board, Goal, Outcome, solve_pruning_after};
/// use unhop::budget::Budget;
/// let french = Board::named("french").unwrap();
/// let start = french.parse_start("c1").unwrap();
/// let goal = Goal::PegAt(french.hole_named("e7").unwrap());
/// let outcome = solve_pruning_after(&french, start, goal, 50_000_000, 0, &Budget::default()).unwrap();
/// assert!(matches!(outcome, Outcome::Solved(jumps) if jumps.len() == 35));
/// ```
pub fn solve_pruning_after(
    board: &Board,
    start: Position,
    goal: Goal,
    limit: usize,
    prune_after: usize,
    budget: &Budget,
) -> Result<Outcome, Error> {
    let limit = dead_limit(limit, budget);
    let cost = search_cost(board, start, goal, limit, prune_after);
    let meter = admitted(budget, solver_what(board), cost)?;
    search(board, start, goal, limit, prune_after, &meter, &Quiet)
}

/// The search behind [`solve_with`] and [`solve_pruning_after`].
fn search(
    board: &Board,
    start: Position,
    goal: Goal,
    limit: usize,
    prune_after: usize,
    meter: &Meter,
    progress: &dyn Progress,
) -> Result<Outcome, Error> {
    if let Some(proof) = PositionClasses::of(board).rule_out(board, start, goal) {
        return Ok(Outcome::ClassMismatch(proof));
    }
    if let Some(target) = goal.position()
        && let Some(proof) = Pagoda::separating_metered(board, start, target, meter)?
    {
        return Ok(Outcome::PagodaBound(proof));
    }
    let group = board.symmetries().stabilizer(&goal.fixed_positions());
    meter.hold(group.table_bytes())?;
    let mut search = Search {
        board,
        start,
        goal,
        group,
        dead: FxHashSet::default(),
        dead_bytes: 0,
        path: Vec::new(),
        limit,
        gave_up: false,
        pagodas: Vec::new(),
        pruning_ready: false,
        prune_after,
        meter,
        unpaid: 0,
        progress,
    };
    progress.start(
        &format!("searching: dead positions stored (gives up at {limit})"),
        None,
    );
    let found = search.found(start);
    let group_bytes = search.group.table_bytes();
    let finished = search.finish();
    meter.release(group_bytes);
    if found? {
        finished?;
        replay(board, start, &search.path, goal)
            .map_err(|e| Error::internal(format!("the solver's solution fails the replay: {e}")))?;
        return Ok(Outcome::Solved(search.path));
    }
    finished?;
    Ok(if search.gave_up {
        Outcome::GaveUp { limit }
    } else {
        Outcome::Exhausted {
            positions: search.dead.len(),
            pagodas: search
                .pagodas
                .into_iter()
                .flatten()
                .map(|(_, p)| p)
                .collect(),
        }
    })
}

/// The dead positions after which the search computes its pagoda functions for pruning
/// (h + 1 linear programs, tens of milliseconds): small searches end before.
pub(crate) const PRUNE_AFTER: usize = 10_000;

struct Search<'a> {
    board: &'a Board,
    start: Position,
    goal: Goal,
    group: SymmetryGroup,
    dead: FxHashSet<Position>,
    /// The bytes of `dead`'s table held on the meter.
    dead_bytes: u64,
    path: Vec<Jump>,
    limit: usize,
    gave_up: bool,
    /// One family of (goal position's value, pagoda function) per possible goal position (the
    /// goal's, or for "one peg anywhere" every hole of the start's class): a position worth
    /// less than the goal position under a function of its family cannot reach that goal
    /// position, and is cut off when that holds for every family.
    pagodas: Vec<Vec<(i64, Pagoda)>>,
    /// Whether `pagodas` has been computed.
    pruning_ready: bool,
    /// The dead positions after which `pagodas` is computed.
    prune_after: usize,
    /// Charged the steps of the search, every [`CHARGE_STEP`] of them, and holds its tables.
    meter: &'a Meter,
    /// The steps not yet charged.
    unpaid: u64,
    /// Told of every [`PROGRESS_STEP`] dead positions stored.
    progress: &'a dyn Progress,
}

/// The bytes held for `families` of pagoda functions: each function and its room in the
/// family's vector.
fn families_bytes(families: &[Vec<(i64, Pagoda)>]) -> u64 {
    families
        .iter()
        .map(|family| family.len() as u64 * PAGODA_BYTES)
        .sum()
}

/// The steps the search makes between two charges to its meter.
const CHARGE_STEP: u64 = 1 << 16;

/// The bytes of a hash table of `capacity` positions (as [`FxHashSet::capacity`] reports
/// it), at most: a table of b buckets holds 7/8 b positions and takes 9 bytes a bucket (the
/// position and a control byte) and a group of 16 control bytes more.
fn table_bytes(capacity: usize) -> u64 {
    let buckets = if capacity < 8 {
        capacity as u64 + 1
    } else {
        capacity as u64 / 7 * 8
    };
    buckets * (size_of::<Position>() as u64 + 1) + 32
}

impl Search<'_> {
    /// The families of [`Search::pagodas`]; none when some goal position has no function.
    fn pruning_families(&self) -> Result<Vec<Vec<(i64, Pagoda)>>, Error> {
        let targets: Vec<Position> = match self.goal.position() {
            Some(target) => vec![target],
            None => PositionClasses::of(self.board)
                .possible_finishes(self.board, self.start)
                .into_iter()
                .map(|h| 1 << h)
                .collect(),
        };
        let mut families: Vec<Vec<(i64, Pagoda)>> = Vec::new();
        for target in targets {
            let family =
                Pagoda::pruning_family_metered(self.board, self.start, target, self.meter)?;
            families.push(family.into_iter().map(|p| (p.value(target), p)).collect());
        }
        if families.iter().any(Vec::is_empty) {
            self.meter.release(families_bytes(&families));
            return Ok(Vec::new());
        }
        Ok(families)
    }

    /// Adds `steps` to the work, charging the meter every [`CHARGE_STEP`].
    fn pay(&mut self, steps: u64) -> Result<(), Error> {
        self.unpaid += steps;
        if self.unpaid >= CHARGE_STEP {
            self.meter.charge(std::mem::take(&mut self.unpaid))?;
        }
        Ok(())
    }

    /// Charges the steps not yet charged and gives back the memory of the dead positions and
    /// of the pagoda functions.
    fn finish(&mut self) -> Result<(), Error> {
        self.meter
            .release(self.dead_bytes + families_bytes(&self.pagodas));
        self.dead_bytes = 0;
        self.meter.charge(std::mem::take(&mut self.unpaid))
    }

    /// Stores `key` as dead, growing the table (its new bytes held first, the old ones given
    /// back after) when it is full.
    fn store_dead(&mut self, key: Position) -> Result<(), Error> {
        if self.dead.len() == self.dead.capacity() {
            let grown = table_bytes((2 * self.dead.capacity()).max(3));
            self.meter.hold(grown)?;
            self.dead.try_reserve(1).map_err(|_| {
                crate::memory::allocation_failed(grown.into(), "the dead positions of the search")
            })?;
            let now = table_bytes(self.dead.capacity());
            self.meter
                .release(self.dead_bytes + grown.saturating_sub(now));
            if now > grown {
                self.meter.hold(now - grown)?;
            }
            self.dead_bytes = now;
        }
        self.dead.insert(key);
        Ok(())
    }

    /// Whether the goal can be reached from `position`; on success `path` holds the jumps.
    fn found(&mut self, position: Position) -> Result<bool, Error> {
        if self.goal.is_reached(position) {
            return Ok(true);
        }
        if position.count_ones() <= self.goal.pegs() || self.gave_up {
            return Ok(false);
        }
        if !self.pruning_ready && self.dead.len() >= self.prune_after {
            self.pruning_ready = true;
            self.pagodas = self.pruning_families()?;
        }
        let mut evaluated = 0;
        let mut cut_off = |family: &Vec<(i64, Pagoda)>| {
            family.iter().any(|(goal, p)| {
                evaluated += 1;
                p.value(position) < *goal
            })
        };
        let pruned = !self.pagodas.is_empty() && self.pagodas.iter().all(&mut cut_off);
        self.pay(evaluated + self.group.order() as u64)?;
        if pruned {
            return Ok(false);
        }
        let key = self.group.canonical(position);
        if self.dead.contains(&key) {
            return Ok(false);
        }
        self.pay(self.board.jumps().len() as u64)?;
        for &jump in self.board.jumps() {
            if jump.is_legal(position) {
                self.path.push(jump);
                if self.found(jump.apply(position))? {
                    return Ok(true);
                }
                self.path.pop();
            }
        }
        if self.dead.len() >= self.limit {
            self.gave_up = true;
        } else {
            self.store_dead(key)?;
            if self.dead.len() % PROGRESS_STEP == 0 {
                self.progress.advance(PROGRESS_STEP as u64);
            }
        }
        Ok(false)
    }
}
