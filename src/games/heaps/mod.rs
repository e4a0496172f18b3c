//! Heap games: Nim, subtraction games and their variants, octal games and Grundy's game, with
//! their value sequences and proved periods.

mod nim;
mod no_repeat;
mod octal;
mod odd_wins;
mod periodicity;
mod rare_values;
mod subtraction;

pub use nim::{Nim, NimMove, nim_sum, nim_winning_moves, nim_wins, parse_heap};
pub use no_repeat::{NoRepeat, NoRepeatPosition};
pub use octal::{MAX_CODE_DIGITS, Octal, OctalMove};
pub use odd_wins::{OddWins, OddWinsPosition};
pub use periodicity::{Period, proved_period};
pub use rare_values::{
    RareValueStats, RareValueTuning, bounded_rare_value_sequence, rare_value_sequence,
    tuned_rare_value_sequence,
};
pub use subtraction::{MAX_SUBTRACTION, Subtraction};
