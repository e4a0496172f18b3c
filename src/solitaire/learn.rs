//! Theorem 1 without the paper: the one-peg language learned from the exhaustive solver alone
//! and compared with the paper's expression.

use super::{Board, Language, exhaustive};
use crate::automata::{Learned, learn};
use crate::budget::Budget;
use crate::error::Error;
use crate::progress::Progress;
use crate::word::Word;

/// The longest bound [`learn_language`] accepts: each length about triples the time (2^19
/// exhaustive searches at 18 take about 10 s).
pub const MAX_LEARN_LEN: usize = 18;

/// The language learned from the exhaustive solver, and how it compares with the expression.
#[derive(Clone, Debug)]
pub struct LearnedLanguage {
    /// The board the solver played on.
    pub board: Board,
    /// The minimal DFA consistent with every answer, and the bounds it was learned at.
    pub learned: Learned,
    /// The number of states of the expression's minimal DFA.
    pub expression_states: usize,
    /// The shortest word (then first in letter order) on which the learned DFA and the
    /// expression differ; `None` when they are equivalent.
    pub counterexample: Option<Word>,
}

impl LearnedLanguage {
    /// Whether the learned DFA accepts exactly the expression's language.
    pub fn equivalent(&self) -> bool {
        self.counterexample.is_none()
    }

    /// The report of what was learned ([`LearnReport`]), with the learned DFA drawn in DOT
    /// when `dot` is set.
    ///
    /// # Complexity
    ///
    /// O(states × 2) time and space.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Quiet, solitaire::{Board, learn_language}};
    /// let report = learn_language(Board::Finite, 14, &Quiet).unwrap().report(true);
    /// assert!(report.equivalent_to_expression && report.dot.is_some());
    /// assert_eq!(report.states, report.expression_states);
    /// ```
    pub fn report(&self, dot: bool) -> LearnReport {
        let learned = &self.learned;
        let title = format!(
            "one-peg language, {} board, learned from every word up to length {}",
            self.board, learned.max_len
        );
        LearnReport {
            language: LearnedName::Solitaire,
            board: self.board,
            max_len: learned.max_len,
            prefix_len: learned.prefix_len,
            suffix_len: learned.suffix_len,
            queries: learned.queries,
            states: learned.dfa.states(),
            expression_states: self.expression_states,
            equivalent_to_expression: self.equivalent(),
            counterexample: self.counterexample.clone(),
            dot: dot.then(|| learned.dfa.to_dot(&title, b"01")),
        }
    }
}

/// The language `unhop learn` learns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum LearnedName {
    /// The words that reduce to one peg.
    Solitaire,
}

/// The one-peg language learned from the exhaustive solver alone and compared with the
/// paper's expression: `unhop learn solitaire --json`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct LearnReport {
    /// The language learned.
    pub language: LearnedName,
    /// The board the solver played on.
    pub board: Board,
    /// The bound: every word up to this length was asked.
    pub max_len: usize,
    /// The prefixes' length bound of the learner's table.
    pub prefix_len: usize,
    /// The suffixes' length bound of the learner's table.
    pub suffix_len: usize,
    /// The words asked.
    pub queries: u64,
    /// The learned DFA's number of states (the fewest any DFA that agrees with every answer
    /// can have).
    pub states: usize,
    /// The number of states of the expression's minimal DFA.
    pub expression_states: usize,
    /// Whether the learned DFA accepts exactly the expression's language.
    pub equivalent_to_expression: bool,
    /// A shortest word on which they differ; `null` when they are equivalent.
    pub counterexample: Option<Word>,
    /// With `--dot`: the learned DFA in Graphviz DOT.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dot: Option<String>,
}

/// Learns the words that reduce to one peg on `board` from the exhaustive solver alone: every
/// word up to length `max_len` is put to [`exhaustive::search`], a Myhill–Nerode table
/// ([`crate::automata::learn`]) gives the minimal DFA consistent with every answer, and a
/// product search compares it with the paper's expression ([`Language::minimal_dfa`]).
///
/// Reports to `progress` the cells of the words asked (a word's search takes time about
/// proportional to its length at these sizes).
///
/// # Complexity
/// 2^(max_len + 1) exhaustive searches: 0.2 s at 14, about 10 s at 18. Errors outside
/// 2..=[`MAX_LEARN_LEN`], or when the bound is too small for the table to close (12 on either
/// board).
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, solitaire::{Board, learn_language}};
/// let result = learn_language(Board::Finite, 14, &Quiet).unwrap();
/// assert!(result.equivalent());
/// assert_eq!(result.learned.dfa.states(), result.expression_states);
/// ```
pub fn learn_language(
    board: Board,
    max_len: usize,
    progress: &dyn Progress,
) -> Result<LearnedLanguage, Error> {
    if !(2..=MAX_LEARN_LEN).contains(&max_len) {
        return Err(Error::new(format!(
            "the bound (--max-len) must be from 2 to {MAX_LEARN_LEN} (2^(N+1) exhaustive \
             searches), not {max_len}"
        )));
    }
    let cells: u64 = (1..=max_len as u64).map(|n| n << n).sum();
    progress.start("asking the exhaustive solver about every word", Some(cells));
    let mut failure = None;
    let learned = learn(
        2,
        max_len,
        &mut |letters| {
            progress.advance(letters.len() as u64);
            let word = Word::from_cells(letters.iter().map(|&l| l == 1));
            match exhaustive::search(&word, board) {
                Ok(outcome) => outcome.min_pegs == 1,
                Err(err) => {
                    failure.get_or_insert(err);
                    false
                }
            }
        },
        &Budget::default(),
    );
    if let Some(err) = failure {
        return Err(err);
    }
    let learned = learned?;
    let expression = Language::of(board).minimal_dfa();
    let counterexample = learned
        .dfa
        .shortest_difference(expression, &Budget::default())?
        .map(|w| Word::from_cells(w.iter().map(|&l| l == 1)));
    Ok(LearnedLanguage {
        board,
        learned,
        expression_states: expression.states(),
        counterexample,
    })
}
