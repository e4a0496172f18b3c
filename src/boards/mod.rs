//! Two-dimensional peg solitaire: boards, graphs, solving, counting and the integer program.
//!
//! * [`Board`]: the English, French, Wiegleb and triangular boards, boards drawn as ASCII
//!   pictures ([`Board::from_picture`]) and graph boards ([`Board::named`] lists them), with
//!   their [`Jump`]s and symmetries ([`SymmetryGroup`]); positions are bit-packed `u64`s.
//! * [`Goal`], [`Board::parse_start`], [`Board::draw`]: starts, goals and pictures of
//!   positions.
//! * [`svg`]: positions drawn as SVG.
//! * [`replay`]: the independent checker every solution passes before it is shown.
//! * [`PositionClasses`]: the parity invariants ("rule of three") that rule goals out.
//! * [`solve`]: depth-first search with a dead-position table and symmetry reduction.
//! * [`sweep`]: every reachable position level by level, those that can still finish, and the
//!   number of solution sequences; [`exhaustive`] holds its slow twins. [`sweep_within`]
//!   takes [`SweepLimits`] on work and memory, refused before a level is started, and
//!   reports [`SweepProgress`] within each level.
//! * [`single_vacancies`]: every single-vacancy start against every one-peg finish;
//!   [`classify`]: solvable and freely solvable graphs.
//! * [`ilp`]: the seed's time-indexed integer program in LP format.
//! * [`min_moves`]: the minimum number of moves, with the search that proves it.

mod board;
mod classes;
mod classify;
mod count;
pub mod exhaustive;
mod graphs;
mod ilp;
mod moves;
mod named;
mod position;
mod replay;
mod solve;
mod svg;
mod symmetry;
mod vacancies;

pub use board::{Board, Geometry, Jump, MAX_HOLES, Position};
pub use classes::{ClassProof, PositionClasses};
pub use classify::{Solvability, classify};
pub use count::{DEFAULT_MAX_POSITIONS, Level, Sweep, sweep};
pub use count::{
    DEFAULT_MAX_WORK, DEFAULT_SLICE_CANDIDATES, SweepLimits, SweepProgress, sweep_within,
};
pub use graphs::GRAPH_NAMES;
pub use ilp::ilp;
pub use moves::{MinMoves, min_moves};
pub use named::BOARD_NAMES;
pub use position::Goal;
pub use replay::replay;
pub use solve::{DEFAULT_LIMIT, Outcome, solve};
pub use svg::svg;
pub use symmetry::SymmetryGroup;
pub use vacancies::{VacancyRow, single_vacancies};
