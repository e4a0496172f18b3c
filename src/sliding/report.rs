//! The reports of the sliding puzzle: what `unhop slide check|solve|shuffle|pdb --json` write,
//! what the Python module returns and what the page receives, one type each, so that their
//! fields cannot drift apart.

use super::additive::{AdditivePdbs, Split};
use super::board::Board;
use super::cache::Origin;
use super::config::{Cost, SolverConfig};
use super::solvability::Solvability;
use super::solve::{Outcome, Solver};
use crate::method::Method;
use serde::Serialize;
use std::path::Path;

/// Whether a board can reach the goal: `slide check`'s report, and `slide solve`'s for a board
/// that cannot.
///
/// # Examples
///
/// ```
/// use unhop::sliding::{Board, SolvabilityReport, solvability};
/// let board: Board = "1 2 3 4 5 6 8 7 _".parse().unwrap();
/// let goal = Board::solved(3, false);
/// let report = SolvabilityReport::new(&board, &goal, &solvability(&board, &goal).unwrap());
/// assert!(!report.solvable);
/// let json = serde_json::to_string(&report).unwrap();
/// assert!(json.starts_with(r#"{"board":"1 2 3 / 4 5 6 / 8 7 _","goal":"1 2 3 / 4 5 6 / 7 8 _","solvable":false,"reason":"unsolvable: "#), "{json}");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct SolvabilityReport {
    /// The board.
    pub board: Board,
    /// The goal.
    pub goal: Board,
    /// Whether some sequence of slides takes the board to the goal.
    pub solvable: bool,
    /// Why it cannot, when it cannot: the parities, or the boards a search reached.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

impl SolvabilityReport {
    /// The report of `answer` ([`solvability`](super::solvability) or its twin) for `board`
    /// and `goal`.
    ///
    /// # Complexity
    /// O(cells).
    pub fn new(board: &Board, goal: &Board, answer: &Solvability) -> SolvabilityReport {
        SolvabilityReport {
            board: *board,
            goal: *goal,
            solvable: answer.is_solvable(),
            reason: answer.unsolvable().map(ToString::to_string),
        }
    }
}

/// A solution of a sliding puzzle, replayed on the board before it was reported: `slide
/// solve`'s report of a board that reaches the goal.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct SolutionReport {
    /// The board.
    pub board: Board,
    /// The goal.
    pub goal: Board,
    /// Always true: the board reaches the goal.
    pub solvable: bool,
    /// The number of slides.
    pub length: usize,
    /// The tiles slid into the gap, in order.
    pub tiles: Vec<u8>,
    /// Whether no shorter solution exists.
    pub proven_optimal: bool,
    /// Every solution has at least this many slides (the length itself when proven).
    pub lower_bound: u32,
    /// Whether the time or the work ran out and the fast, unproven method answered.
    pub fallback: bool,
    /// The nodes IDA* expanded, over all its iterations.
    pub nodes: u64,
    /// The seconds the search took (the databases already loaded).
    pub seconds: f64,
    /// The estimate that guided the search, as `linear-conflict` or `pdb 6-6-3 + reflection`.
    pub heuristic: String,
    /// The method: fast (guided IDA*) or exhaustive (plain IDA* with Manhattan distance).
    pub method: Method,
}

/// What `slide solve` reports of a board: its solution, or why there is none.
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget, sliding::{Board, SolveReport, SolverConfig}};
/// let board: Board = "1 2 3 4 5 6 _ 7 8".parse().unwrap();
/// let goal = Board::solved(3, false);
/// let budget = Budget::default();
/// let solver = SolverConfig::new().build(goal, &budget, &Quiet).unwrap();
/// let outcome = solver.run(&board, &budget, &Quiet).unwrap();
/// let SolveReport::Solved(report) = SolveReport::new(&board, &outcome, &solver) else { panic!() };
/// assert_eq!((report.tiles, report.proven_optimal), (vec![7, 8], true));
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum SolveReport {
    /// The board cannot reach the goal.
    Unsolvable(SolvabilityReport),
    /// A replayed solution.
    Solved(SolutionReport),
}

impl SolveReport {
    /// The report of `solver`'s `outcome` for `board`.
    ///
    /// # Complexity
    ///
    /// O(s) time and memory for a solution of s slides (its tiles are copied), O(1) for a board
    /// that cannot reach the goal beyond its reason's text.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, sliding::{Board, Guide, Manhattan, SolveReport, Solver}};
    /// let goal = Board::solved(3, false);
    /// let solver = Solver::new(goal, Guide::Manhattan(Manhattan::new(3))).unwrap();
    /// let swapped: Board = "2 1 3 4 5 6 7 8 _".parse().unwrap();
    /// let outcome = solver.solve(&swapped, None, &Budget::default()).unwrap();
    /// let SolveReport::Unsolvable(report) = SolveReport::new(&swapped, &outcome, &solver) else {
    ///     panic!("two tiles swapped cannot be put back")
    /// };
    /// assert!(!report.solvable && report.reason.is_some());
    /// ```
    pub fn new(board: &Board, outcome: &Outcome, solver: &Solver) -> SolveReport {
        let goal = solver.goal();
        match outcome {
            Outcome::Unsolvable(why) => SolveReport::Unsolvable(SolvabilityReport::new(
                board,
                goal,
                &Solvability::Unsolvable(why.clone()),
            )),
            Outcome::Solved(s) => SolveReport::Solved(SolutionReport {
                board: *board,
                goal: *goal,
                solvable: true,
                length: s.tiles.len(),
                tiles: s.tiles.clone(),
                proven_optimal: s.proven_optimal,
                lower_bound: s.lower_bound,
                fallback: s.fallback,
                nodes: s.nodes,
                seconds: s.elapsed.as_secs_f64(),
                heuristic: solver.guide().name(),
                method: solver.method(),
            }),
        }
    }
}

/// A random board and the goal it can reach: a line of `slide shuffle --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct ShuffledBoard {
    /// The board, drawn uniformly among those that reach the goal.
    pub board: Board,
    /// The goal.
    pub goal: Board,
}

/// What building the 15-puzzle's pattern databases needs, said before anything is built:
/// `slide pdb --dry-run --json`.
///
/// # Examples
///
/// ```
/// use unhop::{Method, sliding::{Board, PdbPlanReport, SolverConfig}};
/// let config = SolverConfig::new().cache_dir(Some("/nowhere".into()));
/// let goal = Board::solved(4, false);
/// let cost = config.databases_cost(&goal, Method::Fast).unwrap();
/// let report = PdbPlanReport::new(&config, &goal, &cost);
/// assert_eq!((report.tables.len(), report.bytes_to_build), (3, 11_534_880));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct PdbPlanReport {
    /// The pattern split.
    pub split: Split,
    /// The goal, whose gap's cell decides the patterns.
    pub goal: Board,
    /// The builder of the tables to build: fast, or the slow twin (which builds them all).
    pub method: Method,
    /// The cache folder, if there is one.
    pub folder: Option<String>,
    /// The bytes of all the tables.
    pub bytes: usize,
    /// The bytes of the tables that would be built.
    pub bytes_to_build: usize,
    /// The states the builds would reach.
    pub work: u128,
    /// The unit of `work`.
    pub unit: &'static str,
    /// The most bytes allocated at once, loading and building.
    pub peak_bytes: u128,
    /// Each table.
    pub tables: Vec<PdbTablePlan>,
}

/// One table of a [`PdbPlanReport`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct PdbTablePlan {
    /// The goal cells of its tiles (cells count from 0, row by row).
    pub cells: Vec<u8>,
    /// Its size in bytes, one a placement of its tiles.
    pub bytes: usize,
    /// Whether its file is in the cache folder.
    pub cached: bool,
    /// Its file in the cache folder, if there is a folder.
    pub file: Option<String>,
}

impl PdbPlanReport {
    /// The report of `cost` ([`SolverConfig::databases_cost`]) for `goal`.
    ///
    /// # Complexity
    ///
    /// O(t · (c + p)) time and memory for t tables (at most [`MAX_PATTERNS`](super::MAX_PATTERNS))
    /// of at most c cells and their file names of p bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Method, sliding::{Board, PdbPlanReport, SolverConfig}};
    /// let folder = std::env::temp_dir().join(format!("unhop-doc-pdb-plan-{}", std::process::id()));
    /// let config = SolverConfig::new().cache_dir(Some(folder.clone())); // never created
    /// let goal = Board::solved(4, false);
    /// let report = PdbPlanReport::new(&config, &goal, &config.databases_cost(&goal, Method::Fast).unwrap());
    /// assert_eq!(report.tables.iter().map(|t| t.bytes).collect::<Vec<_>>(), [5_765_760, 5_765_760, 3_360]);
    /// assert!(report.tables.iter().all(|t| !t.cached));
    /// assert_eq!(report.folder, Some(folder.display().to_string()));
    /// assert!(!folder.exists());
    /// ```
    pub fn new(config: &SolverConfig, goal: &Board, cost: &Cost) -> PdbPlanReport {
        PdbPlanReport {
            split: config.pattern_split(),
            goal: *goal,
            method: cost.method,
            folder: config.folder().as_deref().map(shown),
            bytes: cost.bytes(),
            bytes_to_build: cost.bytes_to_build(),
            work: cost.build.work,
            unit: cost.build.unit.name,
            peak_bytes: cost.build.bytes,
            tables: cost
                .tables
                .iter()
                .map(|t| PdbTablePlan {
                    cells: t.cells.clone(),
                    bytes: t.bytes,
                    cached: t.cached,
                    file: t.file.as_deref().map(shown),
                })
                .collect(),
        }
    }
}

/// The 15-puzzle's pattern databases, loaded or built: `slide pdb --json`.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct PdbBuildReport {
    /// The pattern split.
    pub split: Split,
    /// The goal, whose gap's cell decides the patterns.
    pub goal: Board,
    /// The builder of the tables built: fast, or the slow twin (which builds them all).
    pub method: Method,
    /// The entries of each table.
    pub entries: Vec<usize>,
    /// Whether the lookups are also made on the board reflected in its diagonal.
    pub reflected: bool,
    /// The seconds loading and building took.
    pub seconds: f64,
    /// The cache folder, if there is one.
    pub folder: Option<String>,
    /// Where each table came from.
    pub tables: Vec<PdbTableOrigin>,
}

/// Where a table of a [`PdbBuildReport`] came from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct PdbTableOrigin {
    /// Its file: read, or written once built; none when it was built and could not be
    /// stored.
    pub file: Option<String>,
    /// Whether it was built now (else read from its file).
    pub built: bool,
}

impl PdbBuildReport {
    /// The report of the databases `pdbs` for `goal`, loaded or built as `origins` say
    /// ([`SolverConfig::databases_by`] by `method`), in `seconds`.
    ///
    /// # Complexity
    ///
    /// O(t · p) time and memory for t tables (at most [`MAX_PATTERNS`](super::MAX_PATTERNS)) and
    /// their file names of p bytes; the tables themselves are not read.
    ///
    /// # Examples
    ///
    /// Builds the three tables of the 6-6-3 split (a few seconds, 11 MiB) into a folder of its
    /// own, then removes it:
    ///
    /// ```
    /// use unhop::{Method, Quiet, budget::Budget, sliding::{Board, PdbBuildReport, SolverConfig}};
    /// let folder = std::env::temp_dir().join(format!("unhop-doc-pdb-build-{}", std::process::id()));
    /// let config = SolverConfig::new().cache_dir(Some(folder.clone()));
    /// let goal = Board::solved(4, false);
    /// let built = config.databases(&goal, &Budget::default(), &Quiet).unwrap();
    /// let report = PdbBuildReport::new(&config, &goal, Method::Fast, (&built.0, &built.1), 0.0);
    /// std::fs::remove_dir_all(&folder).unwrap();
    /// assert_eq!(report.entries, [5_765_760, 5_765_760, 3_360]);
    /// assert!(report.reflected);
    /// assert!(report.tables.iter().all(|t| t.built && t.file.is_some()));
    /// ```
    pub fn new(
        config: &SolverConfig,
        goal: &Board,
        method: Method,
        (pdbs, origins): (&AdditivePdbs, &[Origin]),
        seconds: f64,
    ) -> PdbBuildReport {
        PdbBuildReport {
            split: config.pattern_split(),
            goal: *goal,
            method,
            entries: pdbs.databases().iter().map(|d| d.len()).collect(),
            reflected: pdbs.reflects(),
            seconds,
            folder: config.folder().as_deref().map(shown),
            tables: origins
                .iter()
                .map(|o| match o {
                    Origin::Loaded(path) => PdbTableOrigin {
                        file: Some(shown(path)),
                        built: false,
                    },
                    Origin::Built { saved, .. } => PdbTableOrigin {
                        file: saved.as_deref().ok().map(shown),
                        built: true,
                    },
                })
                .collect(),
        }
    }
}

/// A path as the reports write it.
fn shown(path: &Path) -> String {
    path.display().to_string()
}
