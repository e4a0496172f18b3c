//! What the automata engines count their work in ([`WorkUnit`]s, with their default limits),
//! and the estimates of their costs in those units.
//!
//! Every operation that can cost more than its input (a product, a determinisation, a
//! minimisation, an equivalence check, a count, learning) runs under a
//! [`Budget`](crate::budget::Budget) its caller passes: before it starts it is admitted by an
//! estimate of its work and of the memory it will allocate ([`Cost`]), or, where no estimate
//! can be made in advance (the subset construction can take 2^states subsets), it is stopped
//! by its limits as it runs.

use crate::budget::{Budget, Meter, WorkUnit};
use crate::error::Error;

/// The work of the table algorithms: one unit per transition built (a product's, a
/// determinised or completed automaton's, an expression's exported table) or followed
/// (minimisation, equivalence, reversal). 2^28 of them unless the budget says otherwise:
/// about a minute on one core for the slowest of them (products and determinisation, which
/// hash every state they meet).
pub const TRANSITIONS: WorkUnit = WorkUnit {
    name: "transitions",
    default_limit: 1 << 28,
};

/// The work of a count or a generating function ([`crate::automata::Dfa::count_cost`]):
/// big-integer word operations, 2^32 of them (about half a minute) unless the budget says
/// otherwise.
pub const COUNT_WORK: WorkUnit = WorkUnit {
    name: "big-integer word operations",
    default_limit: 1 << 32,
};

/// The work of learning ([`crate::automata::learn`]): the words put to the membership oracle,
/// 2^26 of them unless the budget says otherwise.
pub const WORDS_ASKED: WorkUnit = WorkUnit {
    name: "words asked",
    default_limit: 1 << 26,
};

/// What an operation allocates besides its tables, at most: its messages, the budget's
/// reading of the process's memory limits (a few files of `/proc`), its account (32 KiB).
pub(crate) const FIXED_BYTES: u128 = 32 << 10;

/// An upper bound of what a step of an automata operation costs: its work, in the unit of
/// the operation, and the most bytes it allocates at once (what it keeps included).
///
/// Steps run one after another add up: the work adds, and so do the bytes, since what one
/// step returns may be kept while the next runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Cost {
    /// Work, in the operation's unit.
    pub work: u128,
    /// Bytes allocated at once, at most.
    pub bytes: u128,
}

impl Cost {
    /// This step followed by `next`.
    pub fn then(self, next: Cost) -> Cost {
        Cost {
            work: self.work.saturating_add(next.work),
            bytes: self.bytes.saturating_add(next.bytes),
        }
    }

    /// A meter for `what`, admitted by `budget` with this cost in `unit` (and
    /// [`FIXED_BYTES`] more memory).
    pub(crate) fn admit(
        self,
        budget: &Budget,
        what: impl Into<String>,
        unit: WorkUnit,
    ) -> Result<Meter, Error> {
        budget.admit(
            what,
            unit,
            self.work,
            self.bytes.saturating_add(FIXED_BYTES),
        )
    }
}

/// ⌈log₂ x⌉ (0 for x ≤ 1).
pub(crate) fn log2_ceil(x: u128) -> u128 {
    if x <= 1 {
        0
    } else {
        u128::from(128 - (x - 1).leading_zeros())
    }
}
