//! Two-dimensional peg solitaire: boards, graphs, solving, counting and the integer program.
//!
//! * [`Geometry`], [`Jump`], [`Position`]: the leaf the rest is built on.
//! * [`Board`]: the English, French, Wiegleb and triangular boards, boards drawn as ASCII
//!   pictures ([`Board::from_picture`]), graph boards and the one-dimensional row of a word
//!   ([`Board::row`]; [`Board::named`] lists them all), with their [`Jump`]s and symmetries
//!   ([`SymmetryGroup`]); positions are bit-packed `u64`s.
//! * [`Automorphisms`]: a graph's automorphism group by backtracking, with its exact order;
//!   graph boards reduce by it, or by a subgroup of at most [`SYMMETRY_CAP`] elements.
//! * [`Goal`], [`Board::parse_start`], [`Board::parse_position`], [`Board::draw`]: starts,
//!   goals, positions as text and pictures of positions.
//! * [`svg`]: positions drawn as SVG.
//! * [`replay`]: the independent checker every solution passes before it is shown.
//! * [`PositionClasses`]: the parity invariants ("rule of three") that rule goals out.
//! * [`Pagoda`]: pagoda functions (weights no jump can raise), found by linear programming,
//!   as proofs of impossibility and for pruning.
//! * [`solve`]: depth-first search with a dead-position table, symmetry reduction and pagoda
//!   pruning.
//! * [`sweep`]: every reachable position level by level, those that can still finish, and the
//!   number of solution sequences, refused before a level whose work would pass the budget's
//!   limit; it reports its work to a [`Progress`](crate::Progress). [`exhaustive`] holds its
//!   slow twins.
//! * [`count`] and [`moves`]: the counts ([`CountReport`]) and the minimum number of moves
//!   by either [`Method`](crate::Method), fast or exhaustive.
//! * [`single_vacancies`]: every single-vacancy start against every one-peg finish;
//!   [`classify`] and [`classify_graphs`]: solvable and freely solvable graphs.
//! * [`ilp`]: the time-indexed integer program of Jefferson et al. in LP format.
//! * [`min_moves`]: the minimum number of moves, with the search that proves it.
//! * The reports every shell serialises ([`SolveReport`], [`BoardReport`], [`CountSummary`],
//!   …, holes written by name), and what the page shows: [`BoardView`], [`Board::play`],
//!   [`help`] (the solver's help on a position, with the proof when it cannot finish).
//!
//! Every engine runs under a [`Budget`](crate::budget::Budget) its caller passes: its work in
//! a unit of its own ([`SWEEP_STEPS`], [`SOLVER_STEPS`], [`exhaustive::POSITIONS_VISITED`],
//! [`ILP_TEXT`], [`SYMMETRY_CANDIDATES`]), its tables held against the memory limit and
//! allocated fallibly. Names
//! that come from the input (board files, graph vertices) are kept with their control
//! characters escaped, as messages show them, so no output echoes them raw.

mod automorphisms;
mod board;
mod by_method;
mod classes;
mod classify;
mod count;
mod dot;
pub mod exhaustive;
mod geometry;
mod graphs;
mod held;
mod help;
mod ilp;
mod moves;
mod named;
mod pagoda;
mod position;
mod replay;
mod report;
mod solve;
mod steps;
mod svg;
mod symmetry;
mod vacancies;
mod view;

pub use automorphisms::{Automorphisms, SYMMETRY_CANDIDATES, SYMMETRY_CAP};
pub use board::Board;
pub use by_method::{count, moves, solve_by};
pub use classes::{ClassProof, PositionClasses};
pub use classify::{
    Solvability, classify, classify_every_vacancy, classify_graphs, graph_families,
};
pub use count::{CountReport, DEFAULT_MAX_POSITIONS, Level, SWEEP_STEPS, Sweep, sweep};
pub use geometry::{Geometry, Jump, MAX_HOLES, Position};
pub use graphs::GRAPH_NAMES;
pub use help::{FinishPagoda, HelpReport, help};
pub use ilp::{ILP_TEXT, IlpSize, ilp, ilp_bytes, ilp_size};
pub use moves::{MinMoves, min_moves};
pub use named::BOARD_NAMES;
pub use pagoda::{MAX_LP_JUMPS, Pagoda, PagodaProof};
pub use position::Goal;
pub use replay::replay;
pub use report::{
    BoardReport, CountSummary, FinishReport, GraphReport, IlpReport, MovesReport, NamedJump,
    PagodaReport, SolveReport, VacancyReport,
};
pub use solve::{
    DEFAULT_LIMIT, Outcome, PROGRESS_STEP, Verdict, solve, solve_pruning_after, solve_with,
};
pub use steps::SOLVER_STEPS;
pub use svg::svg;
pub use symmetry::SymmetryGroup;
pub use vacancies::{Undecided, VacancyRow, single_vacancies};
pub use view::{BoardView, HoleView, JumpView};
