//! Finite-board peg solitaire solved exactly in linear time, through R, the relation of the
//! pairs (w, f) of equal-length words with w →* f by hops on the finite board.
//!
//! * [`pair_letter`], [`ReachTable`]: the pair alphabet (a pair of words read as one word of
//!   letter pairs) and the exhaustive pair oracle.
//! * [`learn_reach`]: R learned by the crate's Myhill–Nerode learner: 16 states.
//! * [`reach_automaton`], [`pair_dot`]: that automaton as a table, and its picture.
//! * [`one_hop`], [`identity`], [`lift`], [`project`]: the one-hop transducer and the
//!   relation algebra the proof needs.
//! * [`prove`]: the proof, by automata, that the automaton accepts exactly R.
//! * [`cheapest_final`], [`hops_between`], [`solve_by_automaton`], [`reach`]: the linear-time
//!   minimum on the finite board (a cheapest path), hops following the proof, and the same on
//!   the infinite board with [`PADDING`] holes a side.

mod automaton;
mod cheapest;
mod hops;
mod learn;
mod pairs;
mod proof;
mod solve;
mod tables;
mod transducer;
mod tuples;

pub use automaton::{pair_dot, reach_automaton};
pub use cheapest::cheapest_final;
pub use hops::hops_between;
pub use learn::{MAX_LEARN_LEN, learn_reach};
pub use pairs::{
    PAIR_LETTERS, ReachTable, pair_letter, pair_letters, show_pair, unpair, unpair_letter,
};
pub use proof::{Counterexample, Proof, Step, prove};
pub use solve::{PADDING, reach, solve_by_automaton};
pub use transducer::{identity, one_hop};
pub use tuples::{lift, project};
