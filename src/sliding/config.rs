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

/// Why the 8-puzzle has no pattern databases.
const NOT_FOR_THE_8_PUZZLE: &str =
    "pattern databases are for the 15-puzzle; the 8-puzzle uses linear-conflict";

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

/// A split serialises as its name, `"6-6-3"` or `"7-8"`.
impl serde::Serialize for Split {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// A split's schema: one of its names.
impl schemars::JsonSchema for Split {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Split".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "The pattern split of the 15-puzzle's databases.",
            "enum": ["6-6-3", "7-8"]
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
    /// The split asked for; `None`: the default, [`Split::SixSixThree`].
    split: Option<Split>,
    cache_dir: Option<PathBuf>,
    time_limit: Option<Duration>,
    method: Method,
}

/// The most seconds a time limit may be (about 32 years).
pub const MAX_TIME_LIMIT: f64 = 1e9;

/// A time limit given in seconds, as the command line's `--budget` and the Python module's
/// `budget` give it: a number from 0 to [`MAX_TIME_LIMIT`].
///
/// # Complexity
/// O(1).
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use unhop::sliding::parse_time_limit;
/// assert_eq!(parse_time_limit(1.5).unwrap(), Duration::from_millis(1500));
/// let err = parse_time_limit(-1.0).unwrap_err();
/// assert!(err.to_string().contains("from 0 to 10^9"), "{err}");
/// assert!(parse_time_limit(f64::NAN).is_err());
/// ```
pub fn parse_time_limit(seconds: f64) -> Result<Duration, Error> {
    if !(seconds.is_finite() && (0.0..=MAX_TIME_LIMIT).contains(&seconds)) {
        return Err(Error::new(format!(
            "the time limit must be a number of seconds from 0 to 10^9, not {seconds}"
        )));
    }
    Ok(Duration::from_secs_f64(seconds))
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
            split: None,
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
        self.split = Some(split);
        self
    }

    /// The split of the 15-puzzle's pattern databases: the one asked for, else
    /// [`Split::SixSixThree`].
    pub fn pattern_split(&self) -> Split {
        self.split.unwrap_or(Split::SixSixThree)
    }

    /// Checks that the options asked for go together, before any board is read: the
    /// pattern-database options (a split, a cache folder) are for the pattern databases, so
    /// not for the manhattan or linear-conflict estimate; the exhaustive method uses no
    /// estimate and no database, so takes neither an estimate nor their options. The message
    /// names the options as the command line spells them.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Method, sliding::{Estimate, SolverConfig, Split}};
    /// assert!(SolverConfig::new().split(Split::SevenEight).validate().is_ok());
    /// let mixed = SolverConfig::new().estimate(Estimate::Manhattan).split(Split::SevenEight);
    /// assert!(mixed.validate().unwrap_err().to_string().starts_with("--split is for --heuristic pdb"));
    /// let plain = SolverConfig::new().method(Method::Exhaustive).estimate(Estimate::Patterns);
    /// assert!(plain.validate().unwrap_err().to_string().starts_with("--heuristic is for --method fast"));
    /// ```
    pub fn validate(&self) -> Result<(), Error> {
        let database_option = self.database_option();
        let fixed = matches!(
            self.estimate,
            Estimate::Manhattan | Estimate::LinearConflict
        );
        if let (Some(option), true) = (database_option, fixed) {
            return Err(Error::new(format!(
                "{option} is for --heuristic pdb (or auto on the 15-puzzle)"
            )));
        }
        if self.method == Method::Exhaustive {
            let option = (self.estimate != Estimate::Auto)
                .then_some("--heuristic")
                .or(database_option);
            if let Some(option) = option {
                return Err(Error::new(format!(
                    "{option} is for --method fast; the exhaustive method uses none"
                )));
            }
        }
        Ok(())
    }

    /// Checks that the options asked for suit a `width × width` board: a pattern-database
    /// option given for a board that is solved without databases (the 8-puzzle) is refused.
    /// A batch that mixes sizes is not checked board by board: there the options apply to the
    /// boards that use databases.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::sliding::{SolverConfig, Split};
    /// let config = SolverConfig::new().split(Split::SevenEight);
    /// assert!(config.validate_for(4).is_ok());
    /// assert!(config.validate_for(3).unwrap_err().to_string().contains("the 8-puzzle"));
    /// ```
    pub fn validate_for(&self, width: usize) -> Result<(), Error> {
        match self.database_option() {
            Some(option) if !self.uses_databases(width) => Err(Error::new(format!(
                "{option} is for the 15-puzzle's pattern databases; the 8-puzzle is solved \
                 with linear-conflict"
            ))),
            _ => Ok(()),
        }
    }

    /// The first pattern-database option asked for, as the command line spells it.
    fn database_option(&self) -> Option<&'static str> {
        match (self.split, &self.cache_dir) {
            (Some(_), _) => Some("--split"),
            (None, Some(_)) => Some("--pdb-dir"),
            (None, None) => None,
        }
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
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Method, sliding::{Estimate, SolverConfig}};
    /// assert_eq!(SolverConfig::new().estimate_for(4).unwrap(), Estimate::Patterns);
    /// let plain = SolverConfig::new().method(Method::Exhaustive);
    /// assert_eq!(plain.estimate_for(4).unwrap(), Estimate::Manhattan);
    /// assert!(SolverConfig::new().estimate(Estimate::Patterns).estimate_for(3).is_err());
    /// ```
    pub fn estimate_for(&self, width: usize) -> Result<Estimate, Error> {
        match (self.method, self.estimate, width) {
            (Method::Exhaustive, _, _) => Ok(Estimate::Manhattan),
            (_, Estimate::Auto, 3) => Ok(Estimate::LinearConflict),
            (_, Estimate::Auto, _) => Ok(Estimate::Patterns),
            (_, Estimate::Patterns, w) if w != 4 => Err(Error::new(NOT_FOR_THE_8_PUZZLE)),
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
    /// # Examples
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
        match self.estimate_for(goal.width())? {
            Estimate::Patterns => self.databases_cost(goal, Method::Fast),
            estimate => Ok(Cost {
                estimate,
                method: Method::Fast,
                tables: Vec::new(),
                build: cache::plan(goal.width(), goal.gap() as u8, &[], &[], "nothing")?,
            }),
        }
    }

    /// What [`SolverConfig::databases_by`] needs for `goal` (a 4×4 board) by `method`: the
    /// split's tables, each with its size and whether a file for it is cached, and what
    /// loading and building them needs. By [`Method::Exhaustive`] every table is built,
    /// cached or not.
    ///
    /// # Complexity
    /// As [`SolverConfig::cost`].
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Method, sliding::{Board, SolverConfig}};
    /// let config = SolverConfig::new().cache_dir(Some("/nowhere".into()));
    /// let goal = Board::solved(4, false);
    /// let fast = config.databases_cost(&goal, Method::Fast).unwrap();
    /// let slow = config.databases_cost(&goal, Method::Exhaustive).unwrap();
    /// assert_eq!((fast.bytes_to_build(), slow.bytes_to_build()), (11_534_880, 11_534_880));
    /// assert_eq!(fast.build.work, slow.build.work);
    /// assert!(config.databases_cost(&Board::solved(3, false), Method::Fast).is_err());
    /// ```
    pub fn databases_cost(&self, goal: &Board, method: Method) -> Result<Cost, Error> {
        if goal.width() != 4 {
            return Err(Error::new(NOT_FOR_THE_8_PUZZLE));
        }
        let folder = self.folder();
        let tables: Vec<Table> = self
            .pattern_split()
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
            .collect();
        let patterns: Vec<Vec<u8>> = tables.iter().map(|t| t.cells.clone()).collect();
        let loaded: Vec<bool> = tables
            .iter()
            .map(|t| t.cached && method == Method::Fast)
            .collect();
        let build = cache::plan_by(
            goal.width(),
            goal.gap() as u8,
            &patterns,
            &loaded,
            &self.databases_name(method),
            method,
        )?;
        Ok(Cost {
            estimate: Estimate::Patterns,
            method,
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
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Quiet, budget::Budget, sliding::{Board, Estimate, SolverConfig}};
    /// let config = SolverConfig::new().estimate(Estimate::Manhattan);
    /// let solver = config.build(Board::solved(4, false), &Budget::default(), &Quiet).unwrap();
    /// assert_eq!(solver.guide().name(), "manhattan");
    /// ```
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
    /// 15-puzzle`, and ` by the slow twin` when they are built by `method` exhaustive.
    fn databases_name(&self, method: Method) -> String {
        let by = match method {
            Method::Fast => "",
            Method::Exhaustive => " by the slow twin",
        };
        format!(
            "the {} pattern databases of the 15-puzzle{by}",
            self.pattern_split()
        )
    }

    /// The pattern databases of the split for `goal` (a 4×4 board), loaded or built under
    /// `budget` as [`SolverConfig::build`] does, with where each came from.
    ///
    /// # Complexity
    /// As [`SolverConfig::build`].
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Quiet, budget::Budget, sliding::{Board, SolverConfig}};
    /// let dir = tempfile::tempdir().unwrap();
    /// let config = SolverConfig::new().cache_dir(Some(dir.path().into()));
    /// let (pdbs, origins) = config.databases(&Board::solved(4, false), &Budget::default(), &Quiet).unwrap();
    /// assert_eq!((pdbs.databases().len(), origins.len()), (3, 3));
    /// assert!(pdbs.reflects());
    /// ```
    pub fn databases(
        &self,
        goal: &Board,
        budget: &Budget,
        progress: &dyn Progress,
    ) -> Result<(AdditivePdbs, Vec<Origin>), Error> {
        self.databases_by(goal, Method::Fast, budget, progress)
    }

    /// [`SolverConfig::databases`] built by `method`: [`Method::Fast`] loads what the cache
    /// holds and builds the rest by the fast builder; [`Method::Exhaustive`] builds every
    /// table by the slow twin and stores it ([`cache::load_or_build_all_by`]). The databases
    /// are the same either way.
    ///
    /// # Complexity
    /// As [`SolverConfig::build`], by `method`'s builder.
    ///
    /// # Examples
    ///
    /// ```no_run
    /// use unhop::{Method, Quiet, budget::Budget, sliding::{Board, SolverConfig}};
    /// let config = SolverConfig::new().cache_dir(Some("/tmp/tables".into()));
    /// let goal = Board::solved(4, false);
    /// let budget = Budget::default();
    /// let (fast, _) = config.databases_by(&goal, Method::Fast, &budget, &Quiet).unwrap();
    /// let (slow, _) = config.databases_by(&goal, Method::Exhaustive, &budget, &Quiet).unwrap();
    /// assert_eq!(fast.databases(), slow.databases());
    /// ```
    pub fn databases_by(
        &self,
        goal: &Board,
        method: Method,
        budget: &Budget,
        progress: &dyn Progress,
    ) -> Result<(AdditivePdbs, Vec<Origin>), Error> {
        if goal.width() != 4 {
            return Err(Error::new(NOT_FOR_THE_8_PUZZLE));
        }
        let folder = self.folder();
        let patterns = self.pattern_split().patterns(goal.gap() as u8);
        let what = self.databases_name(method);
        let set = cache::Tables {
            width: 4,
            gap_goal: goal.gap() as u8,
            patterns: &patterns,
            what: &what,
        };
        let built = cache::load_or_build_all_by(folder.as_deref(), &set, method, budget, progress)?;
        let (dbs, origins) = built.into_iter().unzip();
        Ok((AdditivePdbs::new(dbs)?, origins))
    }
}

/// What a solver needs before its first search (from [`SolverConfig::cost`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cost {
    /// The estimate, auto resolved.
    pub estimate: Estimate,
    /// The builder of the tables to build: fast, or the slow twin (which builds them all).
    pub method: Method,
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

    /// The bytes of the tables that would be built: those not cached, or all of them by the
    /// slow twin.
    pub fn bytes_to_build(&self) -> usize {
        self.tables
            .iter()
            .filter(|t| !t.cached || self.method == Method::Exhaustive)
            .map(|t| t.bytes)
            .sum()
    }
}
