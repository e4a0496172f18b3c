//! Impartial games: the Sprague–Grundy engine and the games built on it.
//!
//! * [`ImpartialGame`], [`Solver`], [`mex`], [`naive_value`]: values by memoised recursion
//!   over canonical positions split into sums, and the plain recursion they are tested
//!   against.
//! * [`Duotaire`]: peg solitaire on a row as a two-player game, under the single-hop or the
//!   chain-of-hops rule, on either board.
//! * [`FiniteTable`], [`InfiniteTable`]: the values of every word up to a length on each
//!   board, in dense arrays;
//!   [`length_stats`]: P-positions and the largest value per length.

mod bitrow;
mod duotaire;
mod engine;
mod finite_table;
mod infinite_table;
mod p_positions;
mod stats;

pub use duotaire::{Duotaire, MoveRule, Row};
pub use engine::{ImpartialGame, Solver, mex, naive_value};

/// The memo limit the command-line tool gives its solvers: about 600 MB and 25 seconds
/// before a request is refused (a full infinite-board table to length 22 needs less).
pub const MAX_SOLVER_POSITIONS: usize = 5_000_000;
pub use finite_table::{FiniteTable, MAX_TABLE_LEN};
pub use infinite_table::{InfiniteTable, MAX_INFINITE_TABLE_LEN};
pub use p_positions::p_position_answers;
pub use stats::{LengthStats, length_stats, table_words};
