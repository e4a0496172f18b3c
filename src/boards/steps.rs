//! The unit of work shared by the board solver and the linear programs of its pagoda
//! functions.

use crate::budget::WorkUnit;

/// The unit of the solver's work (and of its linear programs, [`super::Pagoda::lp_cost`]): a step is
/// one jump tested, one symmetry image or one pagoda value taken of a position, each a few
/// nanoseconds; 5,000,000,000 unless the budget says otherwise (about 30 s on one core: the
/// French single-vacancy table, `board starts --board french`, takes 2.1 billion).
pub const SOLVER_STEPS: WorkUnit = WorkUnit {
    name: "steps",
    default_limit: 5_000_000_000,
};
