//! Peg solitaire on three rows: 3 × n boards as words of n columns.
//!
//! A column is a letter 0..8, top·4 + middle·2 + bottom; a board is written as its three rows
//! separated by `/` (`110/011/000`). A hop goes along one row over three adjacent columns
//! (`110 → 001` or `011 → 100`) or inside one column (top over middle to bottom, or bottom
//! over middle to top). On the finite board hops stay inside the n columns; on the infinite
//! board the rows go on with holes on both sides.
//!
//! * [`Grid`], [`Hop`], [`replay`]: the positions, the moves and the independent checker.
//! * [`Exhaustive`], [`exhaustive_count`], [`search_count`]: the slow twin, a plain search
//!   with a memo, exact on both boards.
//! * [`OnePegSet`], [`count_with`]: the fast count, one bit per grid filled by a backward
//!   sweep from the one-peg grids (finite board).
//! * [`store`]: the bitmaps saved to files with a checksum and read back, so that the learner
//!   can be carried on from saved data.
//! * [`Languages`], [`class_count`], [`learn_from`]: Myhill–Nerode class counts and the
//!   learned minimal DFA of the one-peg language, from the bitmaps.
//! * [`relation`]: the reachability relation R = {(w, f) : w →* f} over pair letters, and its
//!   class counts.
//!
//! Every engine runs under a [`crate::budget::Budget`] given by its caller: the bitmap
//! engines are admitted with an estimate in [`BITMAP_STEPS`] and bytes before they start,
//! and the plain search counts [`SEARCH_STEPS`] and positions as it runs.

mod classes;
mod exhaustive;
mod grid;
mod hop;
pub mod relation;
mod replay;
pub mod store;
mod sweep;

pub use classes::{Languages, class_count, learn_from};
pub use exhaustive::{Exhaustive, SEARCH_POSITIONS, SEARCH_STEPS, exhaustive_count, search_count};
pub use grid::{Grid, MAX_INDEXED_COLUMNS};
pub use hop::Hop;
pub use replay::{Replay, replay};
pub use sweep::{BITMAP_STEPS, MAX_SWEEP_COLUMNS, OnePegSet, count_with};
