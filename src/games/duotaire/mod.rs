//! Duotaire: peg solitaire on a row as a two-player impartial game, under the single-hop or
//! the chain-of-hops rule, on either board.
//!
//! * [`Duotaire`], [`MoveRule`], [`Row`]: the game for the engine's [`Solver`](crate::games::Solver)
//!   (memoised values over canonical positions, sums split at gaps of three holes).
//! * [`FiniteTable`], [`InfiniteTable`]: the values of every word up to a length on each
//!   board, in dense arrays filled in parallel; [`length_stats`]: P-positions and the largest
//!   value per length; [`dense_values`], [`p_position_answers`]: the tables as lookups.
//! * [`CompactTable`]: the finite-board values of the words that are not sums only
//!   ([`CanonicalWords`], ranked), every other word's the XOR of its blocks';
//!   [`LengthCounter`], [`length_counts`]: the value distribution of every length counted
//!   from them, length by length; [`SavedLengths`]: its lengths kept in a folder, to resume.
//! * [`CoreTable`]: the same on the infinite board, the values of its cores only (words from
//!   peg to peg with no gap of three holes), every other word's the XOR of its cores'.
//! * [`BatchValues`]: the values of a stream of words, by recursion or from a table built when
//!   the words asked so far say it pays.
//!
//! * [`check_xor_family`]: the identity g(X_i 0 X_j 0 X_k) = i ⊕ j ⊕ k behind the proof that
//!   the P-positions are not regular; [`pumping_probe`] and [`parikh_probe`]: the two ways the
//!   paper shows the transduced language P' is not even context-free; [`class_table`]:
//!   Myhill–Nerode class counts of the P-positions beside the one-peg language.
//!
//! Both the solver and the tables make their moves with one generator (`moves.rs`), over the
//! bits of a `u128` (positions with their hops) or of a `u64` (the tables' rows).

mod analysis;
mod arrays;
mod batch;
mod block_counts;
mod canonical;
mod class_tables;
mod compact_table;
mod core_table;
mod dense;
mod exhaustive_table;
mod family;
mod finite_table;
mod game;
mod infinite_table;
mod moves;
mod nibble_values;
mod p_positions;
mod report;
mod saved_lengths;
mod saved_table;
mod stats;
mod xor_family;
mod xor_language;

pub use analysis::{Analysis, FAMILY_MEMBERS, WordOption};
pub use arrays::{table_arrays, table_index};
pub use batch::BatchValues;
pub use block_counts::{CoreLengthCounter, LengthCounter, LengthCounts, length_counts};
pub use canonical::{CanonicalWords, blocks_of};
pub use class_tables::{
    CLASS_LOOKUPS, ClassCell, ClassSet, ClassTable, class_table, class_table_estimate,
};
pub use compact_table::{COMPACT_TABLE_BLOCKS, CompactTable, MAX_COMPACT_LEN};
pub use core_table::{CORE_TABLE_CORES, CoreTable, MAX_CORE_TABLE_LEN};
pub use dense::table_words;
pub use family::{FamilyMember, FamilyRange};
pub use finite_table::{FINITE_TABLE_WORDS, FiniteTable, LengthDone, MAX_TABLE_LEN};
pub use game::{Duotaire, Row};
pub use infinite_table::{INFINITE_TABLE_WORDS, InfiniteTable, MAX_INFINITE_TABLE_LEN};
pub use moves::MoveRule;
pub use p_positions::{
    ValueLookup, dense_estimate, dense_values, p_position_answers, p_position_estimate,
};
pub use report::GrundyReport;
pub use saved_lengths::SavedLengths;
pub use saved_table::SavedTable;
pub use stats::{
    LISTED_WORDS, LengthStats, TableLength, TableRow, each_length_stats, each_table_length,
    each_table_row, length_stats, listing_estimate,
};
pub use xor_family::{
    XOR_FAMILY_TRIPLES, XorFamilyCheck, XorFamilyValue, check_xor_family, xor_family_member,
    xor_family_word,
};
pub use xor_language::{
    MAX_PARIKH_PREPERIOD, PARIKH_PERIODS, PUMPING_LETTERS, ParikhProbe, ParikhWitness,
    PumpingProbe, in_parikh_set, in_xor_language, letter_runs, parikh_probe, pumping_estimate,
    pumping_probe, spell_runs,
};
