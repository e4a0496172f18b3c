//! # unhop
//!
//! The mathematics of one-dimensional peg solitaire through formal languages and automata.
//!
//! * [`Word`], [`Pattern`]: configurations such as `0110` and families such as `011(01)^n0`.
//! * [`automata`]: DFA and NFA tables, minimisation, exact counting, DOT output.
//! * [`solitaire`]: hops and their replay, the one-peg language of Moore and Eppstein, the
//!   linear-time minimum on the infinite board and the exhaustive reference searches.
//!
//! ```
//! use unhop::{Word, solitaire::{Board, solve}};
//! let word: Word = "1101101".parse().unwrap();
//! let solution = solve(&word, Board::Infinite).unwrap();
//! assert_eq!(solution.min_pegs, 2);
//! // Every solution has been replayed: its hops really lead to `final_word`.
//! assert_eq!(solution.final_word.pegs(), 2);
//! ```

pub mod automata;
mod error;
pub mod solitaire;
mod word;

pub use error::Error;
pub use word::{MAX_LEN, Pattern, Word};
