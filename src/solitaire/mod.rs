//! One-dimensional peg solitaire.
//!
//! * [`Board`], [`Hop`], [`replay`]: the rules and the independent checker of hop lists.
//! * [`Language`]: the words reducible to one peg, its regular expression and automata.
//! * [`solve`], [`check_with`], [`count_with`], [`reach_with`]: the minimum number of pegs
//!   with replayed hops, one-peg membership, the number of one-peg words of a length and
//!   reachability between two words, each by [`crate::Method::Fast`] (linear time on the
//!   infinite board by [`reduce`], on the finite board by [`finite`]) or by its exhaustive
//!   twin ([`exhaustive`], [`finite::exhaustive_reach`]).
//! * [`finite`]: the finite board solved exactly: reachability is a proved 16-state automaton
//!   over letter pairs.
//! * [`learn_language`]: Theorem 1 without the paper, the language learned from the
//!   exhaustive solver.
//! * [`construct`]: the constructive proof that every word of the language reduces to one peg.
//! * [`dag`]: the paper's shortest-path DAG, drawn for teaching.
//! * [`StreamCheck`]: one-peg membership of a word of any length, read in pieces in constant
//!   memory.

pub mod block_costs;
mod board;
mod check;
pub mod construct;
pub mod dag;
pub mod exhaustive;
pub mod finite;
mod hop;
mod language;
mod language_report;
mod learn;
mod reach;
pub mod reduce;
mod replay;
mod report;
mod solve;
mod stream_check;
pub mod three_rows;

pub use board::Board;
pub use check::{MAX_COUNT_LEN, check, check_with, count_with};
pub use hop::{Direction, Hop, HopList};
pub use language::{L_PAPER, Language, LanguageStats};
pub use language_report::{LanguageAutomaton, LanguageDrawing, LanguageExpressions, LanguageRun};
pub use learn::{LearnReport, LearnedLanguage, LearnedName, MAX_LEARN_LEN, learn_language};
pub use reach::{reach, reach_with};
pub use replay::{Replay, replay};
pub use report::{CheckReport, CountReport, LongWord, ReachReport, SolveReport};
pub use solve::{
    SOLVE_CELLS, Solution, solve, solve_estimate, solve_with, solve_with_progress, solve_within,
};
pub use stream_check::{BadCell, StreamCheck};
