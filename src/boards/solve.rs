//! The solver: depth-first search with a table of dead positions, reduced by symmetry, ruled
//! out early by position class or a pagoda function, and pruned by pagoda functions.

use super::board::Board;
use super::classes::{ClassProof, PositionClasses};
use super::geometry::{Jump, Position};
use super::pagoda::{Pagoda, PagodaProof};
use super::position::Goal;
use super::replay::replay;
use super::symmetry::SymmetryGroup;
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

impl Outcome {
    /// The verdict in one word: `solved`, `impossible` (a proof that there is no solution)
    /// or `undecided` (the search gave up).
    pub fn verdict(&self) -> &'static str {
        match self {
            Outcome::Solved(_) => "solved",
            Outcome::ClassMismatch(_) | Outcome::PagodaBound(_) | Outcome::Exhausted { .. } => {
                "impossible"
            }
            Outcome::GaveUp { .. } => "undecided",
        }
    }

    /// The answer in words with the board's hole names: the jumps of a solution, or why
    /// there is none (the position class, the pagoda function's weights and values, the
    /// exhausted search) or why the search stopped. O(h + jumps of the solution).
    ///
    /// ```
    /// use unhop::boards::{Board, Goal, solve};
    /// let english = Board::named("english").unwrap();
    /// let corner = Goal::PegAt(english.hole_named("c1").unwrap());
    /// let outcome = solve(&english, english.default_start(), corner, 1_000).unwrap();
    /// assert_eq!(outcome.verdict(), "impossible");
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
                format!("no answer within {limit} dead positions (raise --limit)")
            }
        }
    }
}

/// The default limit on dead positions kept by [`solve`] (about 1.3 GB of table at most).
pub const DEFAULT_LIMIT: usize = 50_000_000;

/// Looks for jumps from `start` to `goal`.
///
/// First the position classes: when start and goal differ in class no search is made. Then,
/// for a goal with one goal position, a pagoda function that separates start and goal
/// ([`Pagoda::separating`], one small linear program). Then a depth-first search over jumps in the board's order; every position
/// found not to lead to the goal is stored in its canonical form under the symmetries that
/// fix the goal, so no position is searched twice in any of its symmetric forms. The search
/// gives up after `limit` dead positions. Once 10,000 positions are dead, the family of
/// [`Pagoda::pruning_family`] (h + 1 linear programs for h holes) cuts off every position
/// worth less than the goal under one of them (for "one peg anywhere": a family for every
/// hole of the start's class, and a position is cut off when each family cuts it off). Costs O(r · (j + f)) for r positions reachable up
/// to symmetry, j jumps of the board and f pagoda functions in the worst case, and 16–32
/// bytes a dead position.
///
/// ```
/// use unhop::boards::{Board, Outcome, solve, DEFAULT_LIMIT};
/// let english = Board::named("english").unwrap();
/// let Outcome::Solved(jumps) = solve(&english, english.default_start(), english.default_goal(), DEFAULT_LIMIT).unwrap()
/// else { panic!("the central game has a solution") };
/// assert_eq!(jumps.len(), 31);
/// ```
pub fn solve(board: &Board, start: Position, goal: Goal, limit: usize) -> Result<Outcome, Error> {
    solve_with(board, start, goal, limit, &Quiet)
}

/// [`solve`], telling `progress` how many dead positions the search has stored (every
/// [`PROGRESS_STEP`]; the search gives up at `limit`), as the command line's spinner shows.
///
/// ```
/// use std::sync::atomic::{AtomicU64, Ordering};
/// use unhop::boards::{Board, Outcome, solve_with};
/// struct Tally(AtomicU64);
/// impl unhop::Progress for Tally {
///     fn advance(&self, work: u64) { self.0.fetch_add(work, Ordering::Relaxed); }
/// }
/// let wiegleb = Board::named("wiegleb").unwrap();
/// let tally = Tally(AtomicU64::new(0));
/// let outcome = solve_with(&wiegleb, wiegleb.default_start(), wiegleb.default_goal(), 20_000, &tally).unwrap();
/// assert_eq!(outcome, Outcome::GaveUp { limit: 20_000 });
/// assert_eq!(tally.0.load(Ordering::Relaxed), 16_384); // the 20,000 stored, in steps of 4,096
/// ```
pub fn solve_with(
    board: &Board,
    start: Position,
    goal: Goal,
    limit: usize,
    progress: &dyn Progress,
) -> Result<Outcome, Error> {
    search(board, start, goal, limit, PRUNE_AFTER, progress)
}

/// How many dead positions [`solve_with`] stores between two reports to its progress.
pub const PROGRESS_STEP: usize = 4096;

/// [`solve`] with the pagoda pruning switched on after `prune_after` dead positions instead
/// of 10,000 (0: from the start; `usize::MAX`: never).
///
/// ```
/// use unhop::boards::{Board, Goal, Outcome, solve_pruning_after};
/// let french = Board::named("french").unwrap();
/// let start = french.parse_start("c1").unwrap();
/// let goal = Goal::PegAt(french.hole_named("e7").unwrap());
/// let outcome = solve_pruning_after(&french, start, goal, 50_000_000, 0).unwrap();
/// assert!(matches!(outcome, Outcome::Solved(jumps) if jumps.len() == 35));
/// ```
pub fn solve_pruning_after(
    board: &Board,
    start: Position,
    goal: Goal,
    limit: usize,
    prune_after: usize,
) -> Result<Outcome, Error> {
    search(board, start, goal, limit, prune_after, &Quiet)
}

/// The search behind [`solve_with`] and [`solve_pruning_after`].
fn search(
    board: &Board,
    start: Position,
    goal: Goal,
    limit: usize,
    prune_after: usize,
    progress: &dyn Progress,
) -> Result<Outcome, Error> {
    if let Some(proof) = PositionClasses::of(board).rule_out(board, start, goal) {
        return Ok(Outcome::ClassMismatch(proof));
    }
    if let Some(target) = goal.position()
        && let Some(proof) = Pagoda::separating(board, start, target)
    {
        return Ok(Outcome::PagodaBound(proof));
    }
    let mut search = Search {
        board,
        start,
        goal,
        group: board.symmetries().stabilizer(&goal.fixed_positions()),
        dead: FxHashSet::default(),
        path: Vec::new(),
        limit,
        gave_up: false,
        pagodas: Vec::new(),
        pruning_ready: false,
        prune_after,
        progress,
    };
    progress.start(
        &format!("searching: dead positions stored (gives up at {limit})"),
        None,
    );
    if search.found(start) {
        replay(board, start, &search.path, goal)
            .map_err(|e| Error::internal(format!("the solver's solution fails the replay: {e}")))?;
        return Ok(Outcome::Solved(search.path));
    }
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
const PRUNE_AFTER: usize = 10_000;

struct Search<'a> {
    board: &'a Board,
    start: Position,
    goal: Goal,
    group: SymmetryGroup,
    dead: FxHashSet<Position>,
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
    /// Told of every [`PROGRESS_STEP`] dead positions stored.
    progress: &'a dyn Progress,
}

impl Search<'_> {
    /// The families of [`Search::pagodas`]; none when some goal position has no function.
    fn pruning_families(&self) -> Vec<Vec<(i64, Pagoda)>> {
        let targets: Vec<Position> = match self.goal.position() {
            Some(target) => vec![target],
            None => PositionClasses::of(self.board)
                .possible_finishes(self.board, self.start)
                .into_iter()
                .map(|h| 1 << h)
                .collect(),
        };
        let families: Vec<Vec<(i64, Pagoda)>> = targets
            .into_iter()
            .map(|target| {
                Pagoda::pruning_family(self.board, self.start, target)
                    .into_iter()
                    .map(|p| (p.value(target), p))
                    .collect()
            })
            .collect();
        if families.iter().any(Vec::is_empty) {
            return Vec::new();
        }
        families
    }

    /// Whether the goal can be reached from `position`; on success `path` holds the jumps.
    fn found(&mut self, position: Position) -> bool {
        if self.goal.is_reached(position) {
            return true;
        }
        if position.count_ones() <= self.goal.pegs() || self.gave_up {
            return false;
        }
        if !self.pruning_ready && self.dead.len() >= self.prune_after {
            self.pruning_ready = true;
            self.pagodas = self.pruning_families();
        }
        let cut_off =
            |family: &Vec<(i64, Pagoda)>| family.iter().any(|(goal, p)| p.value(position) < *goal);
        if !self.pagodas.is_empty() && self.pagodas.iter().all(cut_off) {
            return false;
        }
        let key = self.group.canonical(position);
        if self.dead.contains(&key) {
            return false;
        }
        for &jump in self.board.jumps() {
            if jump.is_legal(position) {
                self.path.push(jump);
                if self.found(jump.apply(position)) {
                    return true;
                }
                self.path.pop();
            }
        }
        if self.dead.len() >= self.limit {
            self.gave_up = true;
        } else {
            self.dead.insert(key);
            if self.dead.len() % PROGRESS_STEP == 0 {
                self.progress.advance(PROGRESS_STEP as u64);
            }
        }
        false
    }
}
