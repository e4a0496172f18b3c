//! Two-dimensional peg solitaire: boards, graphs, solving, counting and the integer program.
//!
//! * [`Geometry`], [`Jump`], [`Position`]: the leaf the rest is built on.
//! * [`Board`]: the English, French, Wiegleb and triangular boards, boards drawn as ASCII
//!   pictures ([`Board::from_picture`]) and graph boards ([`Board::named`] lists them), with
//!   their [`Jump`]s and symmetries ([`SymmetryGroup`]); positions are bit-packed `u64`s.
//! * [`Automorphisms`]: a graph's automorphism group by backtracking, with its exact order;
//!   graph boards reduce by it, or by a subgroup of at most [`SYMMETRY_CAP`] elements.
//! * [`Goal`], [`Board::parse_start`], [`Board::draw`]: starts, goals and pictures of
//!   positions.
//! * [`svg`]: positions drawn as SVG.
//! * [`replay`]: the independent checker every solution passes before it is shown.
//! * [`PositionClasses`]: the parity invariants ("rule of three") that rule goals out.
//! * [`Pagoda`]: pagoda functions (weights no jump can raise), found by linear programming,
//!   as proofs of impossibility and for pruning.
//! * [`solve`]: depth-first search with a dead-position table, symmetry reduction and pagoda
//!   pruning.
//! * [`sweep`]: every reachable position level by level, those that can still finish, and the
//!   number of solution sequences; [`exhaustive`] holds its slow twins. [`sweep_within`]
//!   takes [`SweepLimits`] on work and memory, refused before a level is started, and
//!   reports its work to a [`Progress`](crate::Progress).
//! * [`count`] and [`moves`]: the counts ([`CountReport`]) and the minimum number of moves
//!   by either [`Method`](crate::Method), fast or exhaustive.
//! * [`single_vacancies`]: every single-vacancy start against every one-peg finish;
//!   [`classify`]: solvable and freely solvable graphs.
//! * [`ilp`]: the seed's time-indexed integer program in LP format.
//! * [`min_moves`]: the minimum number of moves, with the search that proves it.

mod automorphisms;
mod board;
mod by_method;
mod classes;
mod classify;
mod count;
pub mod exhaustive;
mod geometry;
mod graphs;
mod ilp;
mod moves;
mod named;
mod pagoda;
mod position;
mod replay;
mod report;
mod solve;
mod svg;
mod symmetry;
mod vacancies;

pub use automorphisms::{Automorphisms, SYMMETRY_CAP};
pub use board::Board;
pub use by_method::{count, moves};
pub use classes::{ClassProof, PositionClasses};
pub use classify::{Solvability, classify, classify_every_vacancy, graph_families};
pub use count::{CountReport, DEFAULT_MAX_POSITIONS, Level, Sweep, sweep};
pub use count::{DEFAULT_MAX_WORK, DEFAULT_SLICE_CANDIDATES, SweepLimits, sweep_within};
pub use geometry::{Geometry, Jump, MAX_HOLES, Position};
pub use graphs::GRAPH_NAMES;
pub use ilp::{IlpSize, MAX_ILP_BYTES, ilp, ilp_bytes, ilp_size};
pub use moves::{MinMoves, min_moves};
pub use named::BOARD_NAMES;
pub use pagoda::{MAX_LP_JUMPS, Pagoda, PagodaProof};
pub use position::Goal;
pub use replay::replay;
pub use report::solve_report;
pub use solve::{DEFAULT_LIMIT, Outcome, PROGRESS_STEP, solve, solve_pruning_after, solve_with};
pub use svg::svg;
pub use symmetry::SymmetryGroup;
pub use vacancies::{VacancyRow, single_vacancies};
