//! Learning R, the finite-board reachability relation, from the exhaustive pair oracle.

use super::exhaustive::ReachTable;
use crate::automata::relation::PAIR_LETTERS;
use crate::automata::{Learned, learn};
use crate::error::Error;

/// The longest bound [`learn_reach`] accepts: the learner asks every pair word up to it
/// (4¹² ≈ 1.7·10⁷ words at 12, about a second).
pub const MAX_LEARN_LEN: usize = 12;

/// The minimal DFA over the pair alphabet that agrees with exhaustive finite-board
/// reachability on every pair of total length ≤ `max_len` (cells, one letter a cell), by the
/// crate's Myhill–Nerode table learner ([`crate::automata::learn`]) with [`ReachTable`] as the
/// oracle. O(4^max_len) time and bytes; errors outside 2..=[`MAX_LEARN_LEN`], or when the
/// bound is too small for the table to close.
///
/// Agreement up to a bound is not a proof; [`super::prove`] is.
///
/// ```
/// let learned = unhop::solitaire::finite::learn_reach(10).unwrap();
/// assert_eq!(learned.dfa.states(), 16);
/// ```
pub fn learn_reach(max_len: usize) -> Result<Learned, Error> {
    if !(2..=MAX_LEARN_LEN).contains(&max_len) {
        return Err(Error::new(format!(
            "learning R takes a bound from 2 to {MAX_LEARN_LEN} (4^N pair words), not {max_len}"
        )));
    }
    let table = ReachTable::new(max_len)?;
    learn(PAIR_LETTERS, max_len, &mut |letters| {
        table.contains(letters)
    })
}
