//! Sliding-tile puzzles: optimal solutions of the 8- and 15-puzzle.
//!
//! * [`Board`]: boards typed row by row (`5 1 2 4 / 9 6 3 8 / …`, `0` or `_` the gap);
//!   [`parse_goal`]: goals named `last`, `first` or typed.
//! * [`solvability`], [`Parity`]: the inversion-parity test, run before any search.
//! * [`State`], [`Geometry`]: the searches' view, tiles renamed after their goal cells.
//! * [`Manhattan`], [`LinearConflict`]: the classic lower bounds.
//! * [`PatternDb`], [`AdditivePdbs`], [`Split`]: additive disjoint pattern databases with the
//!   diagonal reflection; [`cache`] keeps them on disk, written atomically and checked on load.
//! * [`ida_star`]: IDA* with any [`Heuristic`], stopping at a deadline or its budget.
//! * [`fallback`]: row, column, then the last 3×3: fast, not proven shortest.
//! * [`replay`]: the independent checker every solution goes through.
//! * [`Solver`]: all of it together; [`SolverConfig`] holds the policy every shell uses
//!   (which estimate on which board, the databases and their cache, the time limit, the
//!   method) and says what it costs; [`exhaustive`] holds the slow twins (breadth-first search of
//!   the whole 8-puzzle, plain IDA* on boards as typed).
//! * [`Game`]: a game for a person, with hints; [`Session`] plays it [`Action`] by action.
//! * The reports every shell serialises ([`SolveReport`], [`SolvabilityReport`], …) and what
//!   the page draws ([`BoardView`], [`check_cells`]).
//!
//! ```
//! use unhop::{Quiet, budget::Budget, sliding::{Board, Estimate, Outcome, SolverConfig}};
//! let goal = Board::solved(4, false);
//! let config = SolverConfig::new().estimate(Estimate::LinearConflict);
//! let budget = Budget::default();
//! let solver = config.build(goal, &budget, &Quiet).unwrap();
//! let board: Board = "5 1 2 4 9 6 3 8 13 10 7 11 0 14 15 12".parse().unwrap();
//! let Outcome::Solved(solution) = solver.run(&board, &budget, &Quiet).unwrap() else { panic!() };
//! assert_eq!(solution.tiles, [13, 9, 5, 1, 2, 3, 7, 11, 12]);
//! assert!(solution.proven_optimal);
//! ```

mod additive;
mod board;
pub mod cache;
mod config;
pub mod exhaustive;
mod fallback;
mod game;
mod goal;
mod heuristic;
mod ida;
mod pdb;
mod play;
pub mod random;
mod replay;
mod report;
mod solvability;
mod solve;
mod state;
mod view;

pub use additive::{AdditivePdbs, MAX_PATTERNS, Split};
pub use board::{Board, MAX_CELLS, MAX_WIDTH};
pub use config::{
    Cost, DEFAULT_TIME_LIMIT, Estimate, MAX_TIME_LIMIT, SolverConfig, Table, parse_time_limit,
};
pub use fallback::{FALLBACK_STATES, fallback, fallback_estimate};
pub use game::{Direction, Game, Hint};
pub use goal::{check_width, parse_goal};
pub use heuristic::{ConflictMemo, Heuristic, LinearConflict, Manhattan};
pub use ida::{IDA_NODES, Run, Search, Stop, ida_star, ida_star_with_progress};
pub use pdb::{MAX_PATTERN, PDB_STATES, PatternDb, placements};
pub use play::{Action, Event, Plan, Session};
pub use replay::replay;
pub use report::{
    PdbBuildReport, PdbPlanReport, PdbTableOrigin, PdbTablePlan, ShuffledBoard, SolutionReport,
    SolvabilityReport, SolveReport,
};
pub use solvability::{Parity, Solvability, Unsolvable, solvability};
pub use solve::{Guide, Outcome, Solution, Solver};
pub use state::{Geometry, State};
pub use view::{BoardView, CellCheck, CellsCheck, check_cells};
