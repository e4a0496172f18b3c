//! The solving policy in one place: which estimate guides the search on which board, where
//! the pattern databases come from, how long the optimal search may run before the fast
//! method answers, and which [`Method`] solves. Every shell (the command line, the browser
//! page, the Python module) builds its [`Solver`] here.
//!
//! | estimate | board | before the first solve | search |
//! |---|---|---|---|
//! | [`Estimate::LinearConflict`] (auto on 3×3) | any | nothing | any 8-puzzle in milliseconds |
//! | [`Estimate::Patterns`], [`Split::SixSixThree`] (auto on 4×4) | 4×4 | 11.5 MB of tables: loaded from the cache, or built once (seconds on all cores, 31 MB at the peak) | Korf's 100 in seconds |
//! | [`Estimate::Patterns`], [`Split::SevenEight`] | 4×4 | 577 MB: built once (about 20 CPU minutes by the first builder), 2.9 GB at the peak, 1.6 billion states (beyond the default work limit) | several times fewer nodes |
//! | [`Estimate::Manhattan`] | any | nothing | hours on hard 15-puzzles |
//!
//! [`SolverConfig::cost`] says, before anything is built, which tables are needed, their
//! size, which are already cached, and what building the others needs; building them is
//! admitted by the [`Budget`] the solver is built under.

use super::additive::{AdditivePdbs, Split};
use super::board::Board;
use super::cache::{self, Origin};
use super::heuristic::{LinearConflict, Manhattan};
use super::pdb::placements;
use super::solve::{Guide, Solver};
use crate::budget::{self, Budget};
use crate::error::{Error, quote};
use crate::method::Method;
use crate::progress::Progress;
use std::path::PathBuf;
use std::time::Duration;

/// The time the optimal search is given by default before the fast method answers.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(15);

/// Which lower bound guides IDA*.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Estimate {
    /// Linear conflicts on the 3×3 board, pattern databases on the 4×4 board.
    #[default]
    Auto,
    /// The Manhattan distance alone.
    Manhattan,
    /// The Manhattan distance plus linear conflicts.
    LinearConflict,
    /// Additive pattern databases with the diagonal reflection (4×4 only).
    Patterns,
}

impl Estimate {
    /// Every estimate, in the order of their names.
    pub const ALL: [Estimate; 4] = [
        Estimate::Auto,
        Estimate::Manhattan,
        Estimate::LinearConflict,
        Estimate::Patterns,
    ];

    /// `auto`, `manhattan`, `linear-conflict` or `pdb`.
    pub fn name(self) -> &'static str {
        match self {
            Estimate::Auto => "auto",
            Estimate::Manhattan => "manhattan",
            Estimate::LinearConflict => "linear-conflict",
            Estimate::Patterns => "pdb",
        }
    }
}

impl std::str::FromStr for Estimate {
    type Err = Error;
    fn from_str(text: &str) -> Result<Estimate, Error> {
        Estimate::ALL
            .into_iter()
            .find(|e| e.name() == text)
            .ok_or_else(|| {
                Error::new(format!(
                    "unknown heuristic {} (expected auto, manhattan, linear-conflict or pdb)",
                    quote(text)
                ))
            })
    }
}

impl std::fmt::Display for Estimate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Split {
    type Err = Error;
    fn from_str(text: &str) -> Result<Split, Error> {
        [Split::SixSixThree, Split::SevenEight]
            .into_iter()
            .find(|s| s.name() == text)
            .ok_or_else(|| {
                Error::new(format!(
                    "unknown split {} (expected 6-6-3 or 7-8)",
                    quote(text)
                ))
            })
    }
}

impl std::fmt::Display for Split {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// How to solve: the estimate, the pattern split and its cache folder, the time limit and
/// the method. A builder: start from [`SolverConfig::new`] (auto, 6-6-3, the default cache
/// folder, 15 s, fast), change what differs, then [`SolverConfig::build`] a solver for a
/// goal.
///
/// ```
/// use unhop::{Quiet, budget::Budget, sliding::{Board, Estimate, Outcome, SolverConfig}};
/// let config = SolverConfig::new();
/// // Auto: linear conflicts on the 8-puzzle, so nothing to build.
/// let goal = Board::solved(3, false);
/// assert_eq!(config.estimate_for(3).unwrap(), Estimate::LinearConflict);
/// assert_eq!(config.cost(&goal).unwrap().bytes_to_build(), 0);
/// let budget = Budget::default();
/// let solver = config.build(goal, &budget, &Quiet).unwrap();
/// let board = "8 6 7 2 5 4 3 0 1".parse().unwrap();
/// let Outcome::Solved(s) = solver.run(&board, &budget, &Quiet).unwrap() else { panic!() };
/// assert_eq!((s.tiles.len(), s.proven_optimal, s.fallback), (31, true, false));
/// // The 15-puzzle's databases are 11.5 MB (built once, then cached).
/// let cost = config.cost(&Board::solved(4, false)).unwrap();
/// assert_eq!(cost.bytes(), 5_765_760 + 5_765_760 + 3_360);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolverConfig {
    estimate: Estimate,
    split: Split,
    cache_dir: Option<PathBuf>,
    time_limit: Option<Duration>,
    method: Method,
}

impl Default for SolverConfig {
    fn default() -> SolverConfig {
        SolverConfig::new()
    }
}

impl SolverConfig {
    /// Auto estimate, 6-6-3 split, the default cache folder ([`cache::cache_dir`]),
    /// [`DEFAULT_TIME_LIMIT`], [`Method::Fast`].
    pub fn new() -> SolverConfig {
        SolverConfig {
            estimate: Estimate::Auto,
            split: Split::SixSixThree,
            cache_dir: None,
            time_limit: Some(DEFAULT_TIME_LIMIT),
            method: Method::Fast,
        }
    }

    /// The estimate that guides the search.
    pub fn estimate(mut self, estimate: Estimate) -> SolverConfig {
        self.estimate = estimate;
        self
    }

    /// The split of the 15-puzzle's pattern databases.
    pub fn split(mut self, split: Split) -> SolverConfig {
        self.split = split;
        self
    }

    /// The folder the databases are cached in (`None`: the default of [`cache::cache_dir`],
    /// which may be none, and then they are built in memory every time).
    pub fn cache_dir(mut self, dir: Option<PathBuf>) -> SolverConfig {
        self.cache_dir = dir;
        self
    }

    /// How long the optimal search may run on one board before the fallback answers (the
    /// exhaustive method gives up instead); `None`: no limit but the budget's work limit.
    pub fn time_limit(mut self, time_limit: Option<Duration>) -> SolverConfig {
        self.time_limit = time_limit;
        self
    }

    /// Fast (guided IDA*, the fallback when the time or the budget runs out) or exhaustive
    /// (plain IDA* with Manhattan distance on boards as typed, no estimate, no databases).
    pub fn method(mut self, method: Method) -> SolverConfig {
        self.method = method;
        self
    }

    /// The cache folder the databases are read from and written to, if any.
    pub fn folder(&self) -> Option<PathBuf> {
        cache::cache_dir(self.cache_dir.as_deref())
    }

    /// The estimate used on a `width × width` board: auto resolved (linear conflicts on 3×3,
    /// pattern databases on 4×4). Errors: pattern databases asked for on the 3×3 board.
    pub fn estimate_for(&self, width: usize) -> Result<Estimate, Error> {
        match (self.method, self.estimate, width) {
            (Method::Exhaustive, _, _) => Ok(Estimate::Manhattan),
            (_, Estimate::Auto, 3) => Ok(Estimate::LinearConflict),
            (_, Estimate::Auto, _) => Ok(Estimate::Patterns),
            (_, Estimate::Patterns, w) if w != 4 => Err(Error::new(
                "pattern databases are for the 15-puzzle; the 8-puzzle uses linear-conflict",
            )),
            (_, e, _) => Ok(e),
        }
    }

    /// Whether solving on a `width × width` board needs pattern databases.
    pub fn uses_databases(&self, width: usize) -> bool {
        self.estimate_for(width) == Ok(Estimate::Patterns)
    }

    /// What [`SolverConfig::build`] needs for `goal` before it can solve: the estimate and
    /// the databases, each with its size and whether a file for it is cached (its checks are
    /// made on loading), and what loading and building them needs ([`cache::plan`]).
    ///
    /// # Complexity
    /// No file is read; O(2^(width²)·width²) for each table to build.
    ///
    /// ```
    /// use unhop::sliding::{Board, SolverConfig, Split};
    /// let config = SolverConfig::new().split(Split::SevenEight).cache_dir(Some("/nowhere".into()));
    /// let cost = config.cost(&Board::solved(4, false)).unwrap();
    /// assert_eq!(cost.bytes_to_build(), 576_576_000);
    /// assert_eq!(cost.build.work, 139_849_920 + 1_425_191_040);
    /// assert!(cost.build.bytes > 2_800_000_000);
    /// ```
    pub fn cost(&self, goal: &Board) -> Result<Cost, Error> {
        let estimate = self.estimate_for(goal.width())?;
        let folder = self.folder();
        let tables: Vec<Table> = match estimate {
            Estimate::Patterns => self
                .split
                .patterns(goal.gap() as u8)
                .into_iter()
                .map(|cells| {
                    let file = folder
                        .as_ref()
                        .map(|d| d.join(cache::file_name(goal.width(), goal.gap() as u8, &cells)));
                    Table {
                        bytes: placements(goal.len(), cells.len()),
                        cached: file.as_ref().is_some_and(|f| f.is_file()),
                        file,
                        cells,
                    }
                })
                .collect(),
            _ => Vec::new(),
        };
        let patterns: Vec<Vec<u8>> = tables.iter().map(|t| t.cells.clone()).collect();
        let cached: Vec<bool> = tables.iter().map(|t| t.cached).collect();
        let build = cache::plan(
            goal.width(),
            goal.gap() as u8,
            &patterns,
            &cached,
            &self.databases_name(),
        )?;
        Ok(Cost {
            estimate,
            tables,
            build,
        })
    }

    /// A solver for `goal`: the databases loaded from the cache or built (and cached) under
    /// `budget`, with notes and progress through `progress` (see
    /// [`cache::load_or_build_all`]).
    ///
    /// # Complexity
    /// Nothing without databases; else reading the files, or building the missing tables
    /// (see [`SolverConfig::cost`]).
    ///
    /// Errors: pattern databases on the 3×3 board; a build refused by the budget.
    pub fn build(
        &self,
        goal: Board,
        budget: &Budget,
        progress: &dyn Progress,
    ) -> Result<Solver, Error> {
        let w = goal.width();
        let guide = match self.estimate_for(w)? {
            Estimate::Manhattan => Guide::Manhattan(Manhattan::new(w)),
            Estimate::Patterns => Guide::Patterns(self.databases(&goal, budget, progress)?.0),
            Estimate::LinearConflict | Estimate::Auto => {
                Guide::LinearConflict(LinearConflict::new(w))
            }
        };
        Ok(Solver::new(goal, guide)?
            .with_time_limit(self.time_limit)
            .with_method(self.method))
    }

    /// The name of the split's databases in messages: `the 6-6-3 pattern databases of the
    /// 15-puzzle`.
    fn databases_name(&self) -> String {
        format!("the {} pattern databases of the 15-puzzle", self.split)
    }

    /// The pattern databases of the split for `goal` (a 4×4 board), loaded or built under
    /// `budget` as [`SolverConfig::build`] does, with where each came from.
    ///
    /// # Complexity
    /// As [`SolverConfig::build`].
    pub fn databases(
        &self,
        goal: &Board,
        budget: &Budget,
        progress: &dyn Progress,
    ) -> Result<(AdditivePdbs, Vec<Origin>), Error> {
        if goal.width() != 4 {
            return Err(Error::new(
                "pattern databases are for the 15-puzzle; the 8-puzzle uses linear-conflict",
            ));
        }
        let folder = self.folder();
        let built = cache::load_or_build_all(
            folder.as_deref(),
            4,
            goal.gap() as u8,
            &self.split.patterns(goal.gap() as u8),
            &self.databases_name(),
            budget,
            progress,
        )?;
        let (dbs, origins) = built.into_iter().unzip();
        Ok((AdditivePdbs::new(dbs)?, origins))
    }
}

/// What a solver needs before its first search (from [`SolverConfig::cost`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cost {
    /// The estimate, auto resolved.
    pub estimate: Estimate,
    /// The pattern databases, none for the other estimates.
    pub tables: Vec<Table>,
    /// What loading the cached tables and building the others needs: the states the builds
    /// reach and the most bytes allocated at once ([`cache::plan`]).
    pub build: budget::Estimate,
}

/// One pattern database a solver needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The goal cells of its tiles.
    pub cells: Vec<u8>,
    /// Its size in bytes (one a placement of its tiles).
    pub bytes: usize,
    /// Its file in the cache folder, if there is a folder.
    pub file: Option<PathBuf>,
    /// Whether that file exists (it is checked when loaded, and rebuilt if it fails).
    pub cached: bool,
}

impl Cost {
    /// The bytes of all the tables.
    pub fn bytes(&self) -> usize {
        self.tables.iter().map(|t| t.bytes).sum()
    }

    /// The bytes of the tables that are not cached, so would be built.
    pub fn bytes_to_build(&self) -> usize {
        self.tables
            .iter()
            .filter(|t| !t.cached)
            .map(|t| t.bytes)
            .sum()
    }
}
