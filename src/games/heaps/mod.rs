//! Heap games: Nim, subtraction games and their variants, octal games and Grundy's game, with
//! their value sequences and proved periods.

mod bouton;
mod catalogue;
mod choice;
mod heap_sizes;
mod nim;
mod no_repeat;
mod octal;
mod octal_report;
mod odd_wins;
mod periodicity;
mod position_report;
mod rare_values;
mod subtraction;
mod subtraction_report;
mod value_sequence;

pub use bouton::BoutonTable;
pub use catalogue::{
    HeapAnalysis, HeapGame, HeapRule, HeapTable, MAX_HEAP_POSITIONS, MAX_OCTAL_ANALYSIS_HEAP,
    MAX_RETROGRADE_TABLE_HEAP, MAX_TABLE_HEAP, MAX_TABLE_POSITIONS,
};
pub use choice::HeapGameKind;
pub use heap_sizes::{parse_heap, parse_heaps, parse_max_heap, parse_small_heaps};
pub use nim::{
    MAX_NIM_EXHAUSTIVE_POSITIONS, Nim, NimAnalysis, NimMove, nim_analysis, nim_sum,
    nim_winning_moves, nim_wins,
};
pub use no_repeat::{NoRepeat, NoRepeatPosition};
pub use octal::{MAX_CODE_DIGITS, MEX_OPTIONS, Octal, OctalMove};
pub use octal_report::OctalReport;
pub use odd_wins::{OddWins, OddWinsPosition};
pub use periodicity::{Period, proved_period};
pub use position_report::{HeapPositionReport, HeapStep};
pub use rare_values::{
    MAX_EXHAUSTIVE_OCTAL_HEAP, MAX_OCTAL_HEAP, OCTAL_STEPS, RareValueStats, RareValueTuning,
    octal_values, rare_value_sequence, tuned_rare_value_sequence,
};
pub use subtraction::{MAX_SUBTRACTION, Subtraction};
pub use subtraction_report::{HeapMove, SubtractionReport, SubtractionTable};
pub use value_sequence::ValueSequence;
