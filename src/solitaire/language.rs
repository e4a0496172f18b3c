//! The one-peg language: the words that hops can reduce to a single peg.
//!
//! Moore and Eppstein (Theorem 1) describe it by a regular expression `L`; the form used here is
//! checked against exhaustive computation by the tests. On the finite board the solvable words are
//! `0*L0*`; on the infinite board `0*(L + 11)0*`. Both are closed under reversal (the rules
//! are mirror-symmetric), which the linear-time solver relies on and the tests confirm.

use super::Board;
use crate::automata::{Dfa, GeneratingFunction, Nfa, PackedDfa, compile_dfa, compile_nfa};
use crate::budget::Budget;
use crate::word::Word;
use num_bigint::BigUint;
use std::sync::OnceLock;

/// L in the paper's notation (`+` is union).
pub const L_PAPER: &str = "1 + 011 + 110 + 11(01)*(11)*[01 + 00(10)*11 + 1011(10)*11] \
                           + [10 + 11(01)*00 + 11(01)*1101](11)*(10)*11";

/// L in `regex` syntax.
const L_REGEX: &str = "1|011|110|11(01)*(11)*(01|00(10)*11|1011(10)*11)\
                       |(10|11(01)*00|11(01)*1101)(11)*(10)*11";

/// The words of one board that reduce to a single peg, with their automata.
///
/// ```
/// use unhop::{Word, solitaire::{Board, Language}};
/// let finite = Language::of(Board::Finite);
/// assert!(finite.contains(&"1011".parse::<Word>().unwrap()));
/// assert!(!finite.contains(&"11".parse::<Word>().unwrap()));
/// assert!(Language::of(Board::Infinite).contains(&"11".parse::<Word>().unwrap()));
/// assert_eq!(finite.count(20).to_string(), "2157");
/// ```
#[derive(Debug)]
pub struct Language {
    board: Board,
    dfa: Dfa,
    minimal: Dfa,
    packed: PackedDfa,
    nfa: Nfa,
}

impl Language {
    /// The language of `board`, compiled once per process (a few milliseconds).
    ///
    /// # Complexity
    ///
    /// A few milliseconds the first time (compiling the expression, minimising its DFA), O(1)
    /// after; the automata take a few kilobytes.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::solitaire::{Board, Language};
    /// let finite = Language::of(Board::Finite);
    /// assert!(std::ptr::eq(finite, Language::of(Board::Finite)));
    /// assert_eq!(finite.minimal_dfa().states(), 18);
    /// ```
    pub fn of(board: Board) -> &'static Language {
        static FINITE: OnceLock<Language> = OnceLock::new();
        static INFINITE: OnceLock<Language> = OnceLock::new();
        let cell = match board {
            Board::Finite => &FINITE,
            Board::Infinite => &INFINITE,
        };
        cell.get_or_init(|| Language::compile(board))
    }

    fn compile(board: Board) -> Language {
        let regex = Language::regex_for(board);
        // Automata of a few dozen states: far within any budget, whatever the process's
        // limits leave (the expression's a-priori bound is 64 MiB).
        let budget = Budget::default().without_process_limits();
        let dfa = compile_dfa(&regex, b"01", &budget).expect("the one-peg expression compiles");
        let nfa = compile_nfa(&regex, b"01", &budget).expect("the one-peg expression compiles");
        let minimal = dfa
            .minimized(&budget)
            .expect("a DFA of 33 states is minimised");
        let packed = PackedDfa::new(&minimal);
        Language {
            board,
            dfa,
            minimal,
            packed,
            nfa,
        }
    }

    fn regex_for(board: Board) -> String {
        match board {
            Board::Finite => format!("0*({L_REGEX})0*"),
            Board::Infinite => format!("0*({L_REGEX}|11)0*"),
        }
    }

    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The expression in the paper's notation: `0*L0*` or `0*(L + 11)0*` with L spelled out.
    pub fn expression(&self) -> String {
        match self.board {
            Board::Finite => format!("0*({L_PAPER})0*"),
            Board::Infinite => format!("0*({L_PAPER} + 11)0*"),
        }
    }

    /// The expression in `regex` syntax, as compiled.
    pub fn regex(&self) -> String {
        Language::regex_for(self.board)
    }

    /// The DFA as `regex-automata` built it (complete, not minimised).
    pub fn dfa(&self) -> &Dfa {
        &self.dfa
    }

    /// The minimal complete DFA (its dead state included), in canonical numbering.
    pub fn minimal_dfa(&self) -> &Dfa {
        &self.minimal
    }

    /// The minimal DFA with its table of whole bytes, eight cells a step.
    pub fn packed_dfa(&self) -> &PackedDfa {
        &self.packed
    }

    /// The NFA without ε-moves that the paper's shortest-path construction uses.
    pub fn nfa(&self) -> &Nfa {
        &self.nfa
    }

    /// Whether `word` reduces to one peg on this board: O(n / 8) table steps.
    ///
    /// # Complexity
    ///
    /// O(n / 8) table steps for n cells (eight cells a step); no allocation.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::solitaire::{Board, Language};
    /// assert!(Language::of(Board::Finite).contains(&"1011".parse().unwrap()));
    /// assert!(!Language::of(Board::Finite).contains(&"1111".parse().unwrap()));
    /// ```
    pub fn contains(&self, word: &Word) -> bool {
        self.packed.accepts(word)
    }

    /// The exact number of words of length `len` that reduce to one peg (transfer matrix).
    /// The counts grow polynomially (a few hundred bits for any `len` below 2^64), so every
    /// length is within the default budget.
    ///
    /// # Complexity
    ///
    /// O(s³ log len) big-integer products for the s states of the minimal DFA (at most 18); the
    /// count has a few hundred bits.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::solitaire::{Board, Language};
    /// assert_eq!(Language::of(Board::Finite).count(20).to_string(), "2157");
    /// ```
    pub fn count(&self, len: u64) -> BigUint {
        self.minimal
            .count_accepted(len, &Budget::default())
            .expect("the one-peg counts grow polynomially")
    }

    /// The sizes of the language's automata and the generating function of its word counts.
    ///
    /// # Complexity
    /// O(s³) for the generating function (s states of the minimal DFA, at most 18).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::solitaire::{Board, Language};
    /// let stats = Language::of(Board::Finite).stats();
    /// assert_eq!(stats.minimal_dfa_states, 18);
    /// assert!(stats.minimal_dfa_accepting >= 1);
    /// ```
    pub fn stats(&self) -> LanguageStats {
        let live = self.minimal.live_states();
        LanguageStats {
            board: self.board,
            dfa_states: self.dfa.states(),
            minimal_dfa_states: self.minimal.states(),
            minimal_dfa_accepting: (0..self.minimal.states() as u32)
                .filter(|&s| self.minimal.is_accepting(s))
                .count(),
            minimal_dfa_dead: live.iter().filter(|&&l| !l).count(),
            nfa_states: self.nfa.states(),
            nfa_transitions: self.nfa.transitions(),
            generating_function: self
                .minimal
                .generating_function(&Budget::default())
                .expect("a generating function of at most 18 states"),
        }
    }
}

/// The sizes of a [`Language`]'s automata and the generating function of its counts:
/// `unhop lang --stats --json`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct LanguageStats {
    /// The board of the language.
    pub board: Board,
    /// States of the DFA as `regex-automata` builds it.
    pub dfa_states: usize,
    /// States of the minimal DFA.
    pub minimal_dfa_states: usize,
    /// Accepting states of the minimal DFA.
    pub minimal_dfa_accepting: usize,
    /// Dead states of the minimal DFA (none accepting is reachable from them).
    pub minimal_dfa_dead: usize,
    /// States of the NFA without ε-moves.
    pub nfa_states: usize,
    /// Transitions of the NFA without ε-moves.
    pub nfa_transitions: usize,
    /// Σ (words of length n) xⁿ as a ratio of polynomials in lowest terms, as text such as
    /// `(1 + x) / (1 - x - x^2)`.
    #[serde(serialize_with = "crate::automata::as_text")]
    #[schemars(with = "String")]
    pub generating_function: GeneratingFunction,
}
