//! Learning R, the finite-board reachability relation, from the exhaustive pair oracle.

use super::exhaustive::ReachTable;
use crate::automata::relation::PAIR_LETTERS;
use crate::automata::{Learned, learn};
use crate::budget::Budget;
use crate::error::Error;
use crate::progress::{Progress, Quiet};

/// The longest bound [`learn_reach`] accepts: the learner asks every pair word up to it
/// (4¹² ≈ 1.7·10⁷ words at 12, about a second).
pub const MAX_LEARN_LEN: usize = 12;

/// The minimal DFA over the pair alphabet that agrees with exhaustive finite-board reachability
/// on every pair of total length ≤ `max_len` (cells, one letter a cell), by the crate's
/// Myhill–Nerode table learner ([`crate::automata::learn`]) with [`ReachTable`] as the oracle.
///
/// Agreement up to a bound is not a proof; [`super::prove`] is.
///
/// # Complexity
///
/// O(4^max_len) time and bytes; errors outside 2..=[`MAX_LEARN_LEN`], or when the bound is too
/// small for the table to close.
///
/// # Examples
///
/// ```
/// let learned = unhop::solitaire::finite::learn_reach(10).unwrap();
/// assert_eq!(learned.dfa.states(), 16);
/// ```
pub fn learn_reach(max_len: usize) -> Result<Learned, Error> {
    learn_reach_with_progress(max_len, &Quiet)
}

/// How many pair words [`learn_reach_with_progress`] asks between two reports.
const REPORT_EVERY: u64 = 1 << 14;

/// [`learn_reach`], reporting the pair words asked to `progress` (4^0 + … + 4^max_len in
/// all, each about the same cost).
///
/// # Complexity
///
/// O(4^max_len) time and bytes, as [`learn_reach`].
///
///
/// # Examples
///
/// ```
/// use unhop::{Progress, solitaire::finite::learn_reach_with_progress};
/// struct Total(std::sync::atomic::AtomicU64);
/// impl Progress for Total {
///     fn start(&self, _: &str, total: Option<u64>) {
///         self.0.store(total.unwrap(), std::sync::atomic::Ordering::Relaxed);
///     }
/// }
/// let total = Total(Default::default());
/// let learned = learn_reach_with_progress(9, &total).unwrap();
/// assert_eq!(total.0.into_inner(), learned.queries);
/// ```
pub fn learn_reach_with_progress(
    max_len: usize,
    progress: &dyn Progress,
) -> Result<Learned, Error> {
    if !(2..=MAX_LEARN_LEN).contains(&max_len) {
        return Err(Error::new(format!(
            "learning R takes a bound from 2 to {MAX_LEARN_LEN} (4^N pair words), not {max_len}"
        )));
    }
    let table = ReachTable::new(max_len)?;
    let words: u64 = (0..=max_len as u32).map(|n| 4u64.pow(n)).sum();
    progress.start(
        "asking exhaustive reachability about every pair",
        Some(words),
    );
    let mut asked = 0u64;
    let learned = learn(
        PAIR_LETTERS,
        max_len,
        &mut |letters| {
            asked += 1;
            if asked % REPORT_EVERY == 0 {
                progress.advance(REPORT_EVERY);
            }
            table.contains(letters)
        },
        &Budget::default(),
    );
    progress.advance(asked % REPORT_EVERY);
    learned
}
