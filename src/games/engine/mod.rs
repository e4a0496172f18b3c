//! The impartial-game engine, shared by every game: Grundy values by memoised recursion
//! ([`Solver`]), win/loss labelling of a game graph ([`Retrograde`]) and the picture of that
//! graph ([`PositionGraph`]), each with its exhaustive twin; and how a value is written
//! ([`Notation`]: `3` or `*3`).

mod convention;
mod graph_report;
mod notation;
mod position_graph;
mod retrograde;
mod solver;

pub use convention::Convention;
pub use graph_report::{GraphMove, GraphOutcome, GraphPosition, GraphReport};
pub use notation::Notation;
pub use position_graph::{MAX_GRAPH_POSITIONS, MAX_PLAY_POSITIONS, PositionGraph};
pub use retrograde::{
    GraphSize, Outcome, Played, RETROGRADE_MOVES, RETROGRADE_POSITIONS, Retrograde, Rules,
    exhaustive_outcome,
};
pub use solver::{
    ImpartialGame, SOLVER_MOVES, SOLVER_POSITIONS, Solver, exhaustive_value, mex,
    try_exhaustive_value, value_of_options,
};
