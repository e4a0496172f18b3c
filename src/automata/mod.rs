//! Finite automata over small alphabets: tables, minimisation, counting, DOT.
//!
//! * [`Dfa`]: a complete DFA as one flat table; [`Dfa::minimized`], [`Dfa::count_accepted`],
//!   [`Dfa::to_dot`].
//! * [`Nfa`]: an NFA without ε-moves (the kind the paper's shortest-path construction takes);
//!   [`Nfa::determinized`].
//! * [`compile_dfa`], [`compile_nfa`]: a regular expression compiled by `regex-automata` and
//!   exported into those tables.
//! * [`PackedDfa`]: a two-letter DFA that reads a bit-packed [`crate::Word`] a byte at a time.

mod count;
mod dfa;
mod dot;
mod minimize;
mod nfa;
mod packed;
mod regex;

pub use dfa::{Dfa, StateId};
pub use nfa::Nfa;
pub use packed::PackedDfa;
pub use regex::{compile_dfa, compile_nfa};
