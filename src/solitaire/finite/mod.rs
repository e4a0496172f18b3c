//! The finite board solved exactly in linear time, through R, the relation of the pairs
//! (w, f) of equal-length words with w →* f by hops on the finite board.
//!
//! A pair of words is read as one word of letter pairs ([`crate::automata::relation`]), so R
//! is a language over four letters, and it is regular:
//!
//! * [`ReachTable`], [`exhaustive_reach`]: the exhaustive twins (every pair up to a length;
//!   one pair by searching every reachable position).
//! * [`learn_reach`]: R learned by the crate's Myhill–Nerode learner: 16 states.
//! * [`reach_automaton`]: that automaton as a table.
//! * [`one_hop`]: the one-hop transducer the proof needs.
//! * [`prove`]: the proof, by automata, that the automaton accepts exactly R;
//!   [`prove_finite_reach`]: the theorem learned, proved and reported.
//! * [`cheapest_final`], [`hops_between`], [`solve_by_automaton`], [`reach`]: the linear-time
//!   minimum on the finite board (a cheapest path), hops following the proof, and the same on
//!   the infinite board with [`PADDING`] holes a side.

mod automaton;
mod cheapest;
mod exhaustive;
mod hops;
mod learn;
mod proof;
mod solve;
mod tables;
mod transducer;

pub use automaton::reach_automaton;
pub use cheapest::cheapest_final;
pub use exhaustive::{MAX_REACH_CELLS, MAX_REACH_POSITIONS, ReachTable, exhaustive_reach};
pub use hops::hops_between;
pub use learn::{MAX_LEARN_LEN, learn_reach, learn_reach_with_progress};
pub use proof::{
    Counterexample, FiniteReachProof, Proof, STATEMENT, Step, Theorem, prove, prove_finite_reach,
};
pub use solve::{PADDING, reach, solve_by_automaton};
pub use transducer::one_hop;

use crate::error::Error;
use crate::word::Word;

/// An input error unless `w` and `f` have the same length.
fn same_length(w: &Word, f: &Word) -> Result<(), Error> {
    if w.len() != f.len() {
        return Err(Error::new(format!(
            "the start word has {} cells and the final word {}; give two words of one length",
            w.len(),
            f.len()
        )));
    }
    Ok(())
}
