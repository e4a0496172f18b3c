//! The impartial-game engine, shared by every game: Grundy values by memoised recursion
//! ([`Solver`]), win/loss labelling of a game graph ([`Retrograde`]) and the picture of that
//! graph ([`position_graph_dot`]), each with its exhaustive twin; and how a value is written
//! ([`Notation`]: `3` or `*3`).

mod notation;
mod position_graph;
mod retrograde;
mod solver;

pub use notation::Notation;
pub use position_graph::{MAX_GRAPH_POSITIONS, PositionGraph, position_graph_dot};
pub use retrograde::{
    Convention, MAX_RETROGRADE_MOVES, Outcome, Played, RETROGRADE_MOVES, Retrograde, Rules,
    exhaustive_outcome,
};
pub use solver::{ImpartialGame, SOLVER_MOVES, SOLVER_POSITIONS, Solver, exhaustive_value, mex};
