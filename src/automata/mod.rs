//! Finite automata over small alphabets: tables, minimisation, counting, DOT.
//!
//! * [`Dfa`]: a complete DFA as one flat table; [`Dfa::minimized`] (Hopcroft's algorithm,
//!   with Moore's as its slow twin, [`Dfa::minimized_by_moore`]), [`Dfa::count_accepted`],
//!   [`Dfa::to_dot`]; [`Dfa::complement`], [`Dfa::intersection`], [`Dfa::union`],
//!   [`Dfa::difference`] (the product construction), [`Dfa::reversed`];
//!   [`Dfa::shortest_difference`] (equivalence with a shortest counterexample);
//!   [`Dfa::generating_function`] (the rational generating function of the counts);
//!   [`LinearRecurrence`]: the n-th term of a recurrence for n in the millions (Kitamasa with
//!   FFT products), behind [`Dfa::count_accepted`]; [`decimal`]: big counts in decimal.
//! * Budgets: every operation whose cost can pass its input's runs under a
//!   [`Budget`](crate::budget::Budget) its caller passes, admitted by an up-front estimate
//!   ([`Cost`]) or, where none can be made (the subset construction), stopped by its limits as
//!   it runs. The work is counted in [`TRANSITIONS`] (tables built and followed),
//!   [`COUNT_WORK`] (counts) or [`WORDS_ASKED`] (learning).
//! * [`learn`]: the minimal DFA consistent with a membership oracle on every word up to a
//!   bound, by a Myhill–Nerode table; [`nerode_classes`]: how many classes a bound tells
//!   apart (the non-regularity probe); [`Answers`]: the oracle's answers, asked once;
//!   [`pumping`]: the context-free pumping lemma on one word; [`period_break`]: a witness
//!   that a set of numbers does not repeat with a period.
//! * [`Nfa`]: an NFA without ε-moves (the kind the paper's shortest-path construction takes);
//!   [`Nfa::determinized`].
//! * [`compile_dfa`], [`compile_nfa`]: a regular expression compiled by `regex-automata` and
//!   exported into those tables.
//! * [`PackedDfa`]: a two-letter DFA that reads a bit-packed [`crate::Word`] a byte at a time.
//! * [`NamedDfa`]: a DFA whose letters have names ([`Alphabet`]), the automata users bring:
//!   from an expression ([`NamedDfa::from_regex`]), JSON ([`read_json`]) or AT&T text
//!   ([`read_att`]), partial or nondeterministic ones completed or determinised
//!   ([`Edges`]); combined by symbol name, written as JSON, AT&T text, DOT or a table.
//! * [`relation`]: relations between words as automata over letter pairs (synchronous
//!   transducers), lifted to tuples and projected, for proofs by automata.

mod alphabet;
mod answers;
mod att;
mod boolean;
mod count;
mod decimal;
mod dfa;
pub mod dot;
mod drawing;
mod edges;
mod equivalence;
mod generating;
mod held;
mod hopcroft;
mod json;
mod learn;
mod linear_recurrence;
mod load;
mod moore;
mod named;
mod nerode;
mod nfa;
mod packed;
mod pairs;
mod periodicity;
mod pumping;
mod regex;
pub mod relation;
mod report;
mod reverse;
mod text_format;
mod work;

pub use alphabet::{Alphabet, EPSILON, MAX_SYMBOLS, MAX_WORD_BYTES};
pub use answers::{Answers, words_up_to};
pub use att::read_att;
pub use decimal::{Integer, decimal};
pub use dfa::{Dfa, StateId};
pub use edges::{Construction, Edges};
pub(crate) use generating::as_text;
pub use generating::{GeneratingFunction, GeneratingFunctionReport};
pub use json::read_json;
pub use learn::{Learned, learn, learn_cost};
pub use linear_recurrence::LinearRecurrence;
pub use load::load_automaton;
pub use named::{Difference, NamedDfa};
pub use nerode::nerode_classes;
pub use nfa::Nfa;
pub use packed::PackedDfa;
pub use periodicity::{fibbinary, fibbinary_period_break, next_fibbinary, period_break};
pub use pumping::{PumpingReport, pumping};
pub use regex::{compile_dfa, compile_nfa};
pub use report::{AcceptsReport, DfaCountReport, DfaReport, EquivalenceReport, Side};
pub use text_format::{MAX_AUTOMATON_BYTES, TextFormat};
pub use work::{COUNT_WORK, Cost, TRANSITIONS, WORDS_ASKED};
