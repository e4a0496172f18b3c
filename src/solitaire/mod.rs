//! One-dimensional peg solitaire.
//!
//! * [`Board`], [`Hop`], [`replay`]: the rules and the independent checker of hop lists.
//! * [`Language`]: the words reducible to one peg, its regular expression and automata.
//! * [`solve`]: the minimum number of pegs with replayed hops; linear time on the infinite
//!   board ([`reduce`]) and on the finite board ([`crate::finite_reach`]), with the
//!   exhaustive twins in [`exhaustive`].
//! * [`construct`]: the constructive proof that every word of the language reduces to one peg.
//! * [`dag`]: the paper's shortest-path DAG, drawn for teaching.

pub mod block_costs;
mod board;
pub mod construct;
pub mod dag;
pub mod exhaustive;
mod hop;
mod language;
pub mod reduce;
mod replay;
mod solve;

pub use board::Board;
pub use hop::{Direction, Hop};
pub use language::{L_PAPER, Language};
pub use replay::{Replay, replay};
pub use solve::{Solution, solve, solve_with, solve_with_progress};
