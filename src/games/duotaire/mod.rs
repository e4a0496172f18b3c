//! Duotaire: peg solitaire on a row as a two-player impartial game, under the single-hop or
//! the chain-of-hops rule, on either board.
//!
//! * [`Duotaire`], [`MoveRule`], [`Row`]: the game for the engine's [`Solver`](crate::games::Solver)
//!   (memoised values over canonical positions, sums split at gaps of three holes).
//! * [`FiniteTable`], [`InfiniteTable`]: the values of every word up to a length on each
//!   board, in dense arrays filled in parallel; [`length_stats`]: P-positions and the largest
//!   value per length; [`dense_values`], [`p_position_answers`]: the tables as lookups.
//!
//! Both the solver and the tables make their moves with one generator (`moves.rs`), over the
//! bits of a `u128` (positions with their hops) or of a `u64` (the tables' rows).

mod dense;
mod finite_table;
mod game;
mod infinite_table;
mod moves;
mod p_positions;
mod stats;

pub use finite_table::{FiniteTable, MAX_TABLE_LEN};
pub use game::{Duotaire, Row};
pub use infinite_table::{InfiniteTable, MAX_INFINITE_TABLE_LEN};
pub use moves::MoveRule;
pub use p_positions::{ValueLookup, dense_values, p_position_answers};
pub use stats::{LengthStats, length_stats, table_words};
