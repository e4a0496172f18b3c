//! Every engine's up-front estimate held against what it really spends: the work it charges
//! to its budget ([`unhop::budget::Budget::accounts`]) and the peak of the memory it
//! allocates, measured by a counting allocator ([`counting`]). An estimate is an upper bound
//! of both, on every small input and on random larger ones.
//!
//! This is a test binary of its own because the allocator counts every allocation of the
//! process: the tests here run one at a time ([`counting::measure`] holds a lock), so what one
//! test measures is its own (the engines' rayon threads included).

mod automata;
mod boards;
mod counting;
mod games;
mod rules;
mod sliding;
mod solitaire;
mod solver;
