//! Impartial games: the Sprague–Grundy engine and the games built on it.
//!
//! * [`ImpartialGame`], [`Solver`], [`mex`], [`exhaustive_value`]: values by memoised
//!   recursion over canonical positions split into sums, and the plain recursion they are
//!   tested against.
//! * [`Duotaire`]: peg solitaire on a row as a two-player game, under the single-hop or the
//!   chain-of-hops rule, on either board.
//! * [`FiniteTable`], [`InfiniteTable`]: the values of every word up to a length on each
//!   board, in dense arrays;
//!   [`length_stats`]: P-positions and the largest value per length.
//! * [`Nim`] with Bouton's rule on heaps of any size ([`nim_winning_moves`]), normal and
//!   misère; [`Subtraction`] games; [`Octal`] games in code notation and Grundy's game, their
//!   sequences by the plain mex loop and by the [`rare_value_sequence`] method, and
//!   [`proved_period`] by the Guy–Smith criterion.
//! * [`Retrograde`]: win/loss labelling of a game graph from its end positions, for rules
//!   with their own end labels ([`Played`] under misère play, [`OddWins`]) or extra state
//!   ([`NoRepeat`]); [`exhaustive_outcome`] is its plain recursive twin;
//!   [`PositionGraph`] writes the graph as text, JSON or DOT.
//! * [`Match`]: a game in progress against a perfect opponent, Duotaire or a heap game: the
//!   moves, the hint, whose turn it is and who has won.

pub mod duotaire;
mod engine;
mod heaps;
mod match_report;
mod play;

pub use engine::*;
pub use heaps::*;
pub use match_report::{MatchReport, Player};
pub use play::{Match, Side};

pub use duotaire::*;
