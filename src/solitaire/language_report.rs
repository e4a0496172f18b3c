//! The one-peg language as `unhop lang --json` and the page's automata tab report it: its
//! expressions, or one of its automata drawn in DOT. (Its statistics are
//! [`super::LanguageStats`].)

use super::{Board, Language};
use crate::word::Word;
use serde::Serialize;

/// The expressions of a board's one-peg language: `unhop lang --regex --json`.
///
/// # Examples
///
/// ```
/// use unhop::solitaire::{Board, Language};
/// let report = Language::of(Board::Finite).expressions();
/// assert!(report.expression.starts_with("0*(1 + 011"));
/// assert!(report.regex.starts_with("0*(1|011"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct LanguageExpressions {
    /// The board of the language.
    pub board: Board,
    /// The expression in the paper's notation (`+` for union).
    pub expression: String,
    /// The same expression in regex syntax, as compiled.
    pub regex: String,
}

/// Which automaton of the one-peg language a drawing shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LanguageAutomaton {
    /// The NFA without ε-moves of the shortest-path construction.
    Nfa,
    /// The DFA as regex-automata builds it.
    Dfa,
    /// The minimal DFA.
    MinimalDfa,
}

impl LanguageAutomaton {
    /// Its name in a drawing's title.
    fn title(self) -> &'static str {
        match self {
            LanguageAutomaton::Nfa => "NFA",
            LanguageAutomaton::Dfa => "DFA",
            LanguageAutomaton::MinimalDfa => "minimal DFA",
        }
    }
}

/// One automaton of a board's one-peg language in Graphviz DOT: `unhop lang --dot --json`
/// and the page's automata tab.
///
/// # Examples
///
/// ```
/// use unhop::solitaire::{Board, Language, LanguageAutomaton};
/// let drawing = Language::of(Board::Finite).drawing(LanguageAutomaton::MinimalDfa);
/// assert_eq!(drawing.states, 18);
/// assert!(drawing.dot.starts_with("digraph \"one-peg language, finite board: minimal DFA\""));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct LanguageDrawing {
    /// The board of the language.
    pub board: Board,
    /// The automaton drawn.
    pub automaton: LanguageAutomaton,
    /// Its number of states (the states are `q0, q1, …` in the drawing).
    pub states: usize,
    /// The language's expression in the paper's notation.
    pub expression: String,
    /// The automaton in Graphviz DOT.
    pub dot: String,
}

impl Language {
    /// The language's expressions ([`LanguageExpressions`]).
    ///
    /// # Complexity
    ///
    /// O(1) beyond their text.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::solitaire::{Board, Language};
    /// let report = Language::of(Board::Infinite).expressions();
    /// assert!(report.expression.ends_with("+ 11)0*"));
    /// ```
    pub fn expressions(&self) -> LanguageExpressions {
        LanguageExpressions {
            board: self.board(),
            expression: self.expression(),
            regex: self.regex(),
        }
    }

    /// One of the language's automata drawn in DOT ([`LanguageDrawing`]).
    ///
    /// # Complexity
    ///
    /// O(states × 2) time and space: a few dozen states.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::solitaire::{Board, Language, LanguageAutomaton};
    /// let nfa = Language::of(Board::Finite).drawing(LanguageAutomaton::Nfa);
    /// assert_eq!(nfa.states, Language::of(Board::Finite).nfa().states());
    /// ```
    pub fn drawing(&self, automaton: LanguageAutomaton) -> LanguageDrawing {
        let title = format!(
            "one-peg language, {} board: {}",
            self.board(),
            automaton.title()
        );
        let (states, dot) = match automaton {
            LanguageAutomaton::Nfa => (self.nfa().states(), self.nfa().to_dot(&title, b"01")),
            LanguageAutomaton::Dfa => (self.dfa().states(), self.dfa().to_dot(&title, b"01")),
            LanguageAutomaton::MinimalDfa => (
                self.minimal_dfa().states(),
                self.minimal_dfa().to_dot(&title, b"01"),
            ),
        };
        LanguageDrawing {
            board: self.board(),
            automaton,
            states,
            expression: self.expression(),
            dot,
        }
    }
}

/// A word run through the minimal DFA of its board's one-peg language, beside the solver's
/// report of the word: what the page's automata tab shows.
///
/// # Examples
///
/// ```
/// use unhop::solitaire::{Board, Language, LanguageRun, solve};
/// let word = "0110".parse().unwrap();
/// let solution = solve(&word, Board::Finite).unwrap();
/// let run = LanguageRun::new(&word, Board::Finite, &solution);
/// assert!(run.accepted && run.path.len() == 5);
/// let json = serde_json::to_value(&run).unwrap();
/// assert_eq!((json["min_pegs"].as_u64(), json["accepted"].as_bool()), (Some(1), Some(true)));
/// ```
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct LanguageRun<'a> {
    /// The solver's report of the word (its fields, as `unhop solve --json` writes them).
    #[serde(flatten)]
    pub solve: super::SolveReport<'a>,
    /// The states the word visits, from the start state: one more than its letters.
    pub path: Vec<crate::automata::StateId>,
    /// Whether the minimal DFA accepts the word (it reduces to one peg).
    pub accepted: bool,
}

impl<'a> LanguageRun<'a> {
    /// `word` run through the minimal DFA of `board`'s language, beside the report of
    /// `solution` (found by the fast method).
    ///
    /// # Complexity
    ///
    /// O(n) time and space for a word of n cells.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::solitaire::{Board, LanguageRun, solve};
    /// let word = "11".parse().unwrap();
    /// let solution = solve(&word, Board::Finite).unwrap();
    /// assert!(!LanguageRun::new(&word, Board::Finite, &solution).accepted);
    /// ```
    pub fn new(word: &'a Word, board: Board, solution: &'a super::Solution) -> LanguageRun<'a> {
        let dfa = Language::of(board).minimal_dfa();
        let mut state = dfa.start();
        let mut path = Vec::with_capacity(word.len() + 1);
        path.push(state);
        for peg in word.iter() {
            state = dfa.next(state, u8::from(peg));
            path.push(state);
        }
        LanguageRun {
            solve: super::SolveReport::new(word, board, crate::method::Method::Fast, solution),
            path,
            accepted: dfa.is_accepting(state),
        }
    }
}
