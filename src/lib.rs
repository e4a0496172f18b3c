//! # unhop
//!
//! The mathematics of one-dimensional peg solitaire through formal languages and automata,
//! after Moore and Eppstein, *One-dimensional peg solitaire, and Duotaire*.
//!
//! ## What is where
//!
//! * [`Word`], [`Pattern`]: configurations such as `0110` (bit-packed, parsed eight characters
//!   at a time) and families such as `011(01)^n0`.
//! * [`automata`]: complete DFAs and ε-free NFAs over small alphabets as flat tables;
//!   expressions compiled by `regex-automata` and exported into them; minimisation, the subset
//!   construction, exact counting by transfer matrix, DOT, and a byte-table runner for
//!   bit-packed words.
//! * [`solitaire`]: the rules ([`solitaire::Board`], [`solitaire::Hop`]) and the independent
//!   checker [`solitaire::replay`]; the one-peg language [`solitaire::Language`]; the
//!   constructive proof of Theorem 1 ([`solitaire::construct`]); the linear-time minimum of
//!   Theorem 2 ([`solitaire::reduce`], [`solitaire::block_costs`]) and the paper's DAG drawn
//!   with petgraph ([`solitaire::dag`]); the exhaustive searches every fast method is tested
//!   against ([`solitaire::exhaustive`]); and [`solitaire::solve`], which replays every hop
//!   list before returning it.
//! * [`solitaire::finite`]: the finite board solved exactly: the relation "w reaches f by
//!   hops" on word pairs is a 16-state automaton, learned, proved by automata (identity,
//!   closure under a hop, a first hop, over [`automata::relation`]), and used for the
//!   linear-time minimum and [`solitaire::reach_with`].
//! * [`sliding`]: the 8- and 15-puzzle: the parity test, IDA* with Manhattan distance, linear
//!   conflicts or additive pattern databases (cached on disk), a fast fallback, and the
//!   independent checker every solution is replayed by; [`sliding::SolverConfig`] chooses
//!   the heuristic and says what it costs.
//! * [`games`]: impartial games in three parts: the engine (memoised Sprague–Grundy values,
//!   sums, retrograde win/loss analysis, position graphs); Duotaire, the two-player game on a
//!   row ([`games::duotaire`]: one move generator, dense tables, statistics, the
//!   non-regularity probes); and heap games: Nim (Bouton's rule on big heaps, misère play),
//!   subtraction games with their "no repeat" and "odd wins" variants, octal games and
//!   Grundy's game (the rare-value method; periods proved by the Guy–Smith criterion and used
//!   to extend the sequence), all in one catalogue, [`games::HeapGame`].
//! * [`boards`]: two-dimensional peg solitaire on the English, French, Wiegleb and triangular
//!   boards, ASCII pictures and graphs: symmetries (on graphs the automorphism group, found by
//!   backtracking, with its exact order), position classes, pagoda functions (by linear
//!   programming), the solver with its independent replay checker, level-by-level counting of
//!   reachable positions and solution sequences, minimum moves, and the time-indexed integer
//!   program in LP format.
//! * [`plot`]: line charts and heat maps as SVG or PNG with a bundled font.
//! * [`reproduce`]: every result of the paper as an experiment whose verdicts say what kind
//!   of evidence they are (proved, checked exhaustively to a bound, evidence, measured), with
//!   artifacts (`unhop reproduce`).
//!
//! Shared by all of them: [`Method`] (a fast method or its exhaustive twin, which must agree),
//! [`Error`] with its [`ErrorKind`] (bad input, a refused request, a search that gave up, or a
//! bug), and [`Progress`], through which long computations report how far they have got.
//!
//! ## Costs
//!
//! | operation | time | memory |
//! |---|---|---|
//! | [`Word::parse`] | O(n), 8 cells a step | n / 8 bytes |
//! | [`solitaire::Language::contains`] | O(n), 8 cells a table load | none |
//! | [`solitaire::solve`], infinite board | O(n) | about 14 bytes a cell |
//! | [`solitaire::solve`], finite board | O(n) ([`solitaire::finite`]) | about 15 bytes a cell |
//! | [`solitaire::Language::count`] | O(s³ log N) big-integer products | O(s²) numbers |
//!
//! ## Example
//!
//! ```
//! use unhop::{Word, solitaire::{Board, Language, solve}};
//! let word: Word = "1101101".parse().unwrap();
//! let solution = solve(&word, Board::Infinite).unwrap();
//! assert_eq!(solution.min_pegs, 2);
//! // Every solution has been replayed: its hops really lead to `final_word`.
//! assert_eq!(solution.final_word.pegs(), 2);
//! // The finite board is stricter: `01111` gets to two pegs, `1111` cannot move.
//! assert_eq!(solve(&"1111".parse().unwrap(), Board::Finite).unwrap().min_pegs, 4);
//! assert_eq!(Language::of(Board::Finite).count(20).to_string(), "2157");
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod automata;
pub mod batch_lines;
pub mod boards;
pub mod budget;
mod error;
pub mod files;
pub mod games;
pub mod memory;
mod method;
// Charts and the paper's experiments read fonts, files and CPU time: not in the browser.
#[cfg(not(target_arch = "wasm32"))]
pub mod plot;
mod progress;
#[cfg(not(target_arch = "wasm32"))]
pub mod reproduce;
pub mod rules;
pub mod schema;
pub mod sliding;
pub mod solitaire;
mod word;

pub use error::{Error, ErrorKind, Figures, quote};
pub use method::Method;
pub use progress::{Progress, Quiet};
pub use word::{MAX_LEN, Pattern, Word};
