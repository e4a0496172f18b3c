//! The reports of the automata commands (`unhop dfa …`), as every front end shows them: an
//! automaton as JSON, a verdict of equivalence, a word run through an automaton, a count.

use super::Integer;
use super::dfa::StateId;
use super::named::{Difference, NamedDfa};
use crate::budget::Budget;
use crate::error::Error;
use crate::method::Method;
use crate::progress::Progress;
use serde::Serialize;

/// An automaton as JSON, in the schema [`super::read_json`] reads back: `unhop dfa show
/// --json` (and `minimize`, `ops …`). The keys are in alphabetical order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct DfaReport {
    /// The accepting states, in increasing order.
    pub accepting: Vec<StateId>,
    /// The symbols' names, in letter order.
    pub alphabet: Vec<String>,
    /// The start state.
    pub start: StateId,
    /// The number of states, numbered from 0 (a dead state counts).
    pub states: usize,
    /// Every transition as `[from, symbol, to]`, by state then letter.
    pub transitions: Vec<(StateId, String, StateId)>,
    /// With `--dot`: the automaton in Graphviz DOT.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dot: Option<String>,
}

impl NamedDfa {
    /// The automaton as a report ([`DfaReport`]), with its drawing titled `title` when
    /// given.
    ///
    /// # Complexity
    ///
    /// O(states × alphabet) time and space.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::NamedDfa;
    /// use unhop::budget::Budget;
    /// let dfa = NamedDfa::from_regex("ab", None, &Budget::default()).unwrap();
    /// let report = dfa.report(Some("ab"));
    /// assert_eq!(report.alphabet, ["a", "b"]);
    /// assert!(report.dot.unwrap().starts_with("digraph \"ab\""));
    /// ```
    pub fn report(&self, title: Option<&str>) -> DfaReport {
        let dfa = self.dfa();
        let states = dfa.states() as StateId;
        DfaReport {
            accepting: (0..states).filter(|&s| dfa.is_accepting(s)).collect(),
            alphabet: self.alphabet().names().to_vec(),
            start: dfa.start(),
            states: dfa.states(),
            transitions: (0..states)
                .flat_map(|s| (0..dfa.alphabet() as u8).map(move |l| (s, l)))
                .map(|(s, l)| (s, self.alphabet().name(l).to_string(), dfa.next(s, l)))
                .collect(),
            dot: title.map(|title| self.to_dot(title)),
        }
    }

    /// The minimal DFA by `method`: Hopcroft's algorithm ([`NamedDfa::minimized`]) or its
    /// slow twin, Moore's refinement in rounds ([`super::Dfa::minimized_by_moore`]); the same
    /// automaton.
    ///
    /// # Complexity
    ///
    /// O(n k log n) fast, O(n² k) exhaustive, for n states and k letters.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Method, automata::NamedDfa, budget::Budget};
    /// let budget = Budget::default();
    /// let dfa = NamedDfa::from_regex("(a|b)*abb", None, &budget).unwrap();
    /// let fast = dfa.minimized_with(Method::Fast, &budget).unwrap();
    /// assert_eq!(fast, dfa.minimized_with(Method::Exhaustive, &budget).unwrap());
    /// assert_eq!(fast.dfa().states(), 4);
    /// ```
    pub fn minimized_with(&self, method: Method, budget: &Budget) -> Result<NamedDfa, Error> {
        match method {
            Method::Fast => self.minimized(budget),
            Method::Exhaustive => NamedDfa::new(
                self.dfa().minimized_by_moore(budget)?,
                self.alphabet().clone(),
            ),
        }
    }

    /// Whether two automata accept the same words, or a shortest word on which they differ
    /// ([`NamedDfa::shortest_difference`]), as a report.
    ///
    /// # Complexity
    ///
    /// That of [`NamedDfa::shortest_difference`]: a breadth-first search of the product.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::NamedDfa;
    /// use unhop::budget::Budget;
    /// let budget = Budget::default();
    /// let a = NamedDfa::from_regex("(a|b)*abb", None, &budget).unwrap();
    /// let b = NamedDfa::from_regex("(a|b)*bb", None, &budget).unwrap();
    /// let report = a.equivalence(&b, &budget).unwrap();
    /// assert_eq!(report.word.as_deref(), Some("bb"));
    /// assert!(!report.equivalent);
    /// ```
    pub fn equivalence(
        &self,
        other: &NamedDfa,
        budget: &Budget,
    ) -> Result<EquivalenceReport, Error> {
        let difference = self.shortest_difference(other, budget)?;
        Ok(EquivalenceReport::from(difference.as_ref()))
    }

    /// The word written in `text` over the automaton's symbols run through it, as a report:
    /// a word with a symbol the automaton lacks is rejected, with the reason.
    ///
    /// # Complexity
    ///
    /// O(length of the text).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::NamedDfa;
    /// let dfa = NamedDfa::from_regex("(a|b)*abb", None, &unhop::budget::Budget::default()).unwrap();
    /// assert!(dfa.run_text("aabb").accepted);
    /// let odd = dfa.run_text("abc");
    /// assert!(!odd.accepted && odd.reason.is_some());
    /// ```
    pub fn run_text(&self, text: &str) -> AcceptsReport {
        match self.alphabet().parse_word(text) {
            Ok(letters) => AcceptsReport {
                word: self.alphabet().format_word(&letters),
                accepted: self.dfa().accepts(letters.iter().copied()),
                reason: None,
            },
            Err(e) => AcceptsReport {
                word: text.trim().to_string(),
                accepted: false,
                reason: Some(e.to_string()),
            },
        }
    }

    /// The number of accepted words of length `length` by `method`, as a report: the
    /// recurrence of the transfer matrix or step by step, whichever is cheaper
    /// ([`NamedDfa::count_accepted`]), or its slow twin, step by step through every letter
    /// ([`super::Dfa::count_accepted_stepwise`]).
    ///
    /// # Complexity
    ///
    /// That of [`NamedDfa::count_accepted`] (fast), or O(length × states × letters)
    /// big-integer additions (exhaustive); each admitted by `budget` before it starts.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Method, Quiet, automata::NamedDfa, budget::Budget};
    /// let budget = Budget::default();
    /// let dfa = NamedDfa::from_regex("(0|10)*1?", None, &budget).unwrap();
    /// let report = dfa.count_report(10, Method::Fast, &Quiet, &budget).unwrap();
    /// assert_eq!(serde_json::to_string(&report).unwrap(), r#"{"length":10,"count":144}"#);
    /// assert_eq!(dfa.count_report(10, Method::Exhaustive, &Quiet, &budget).unwrap().count, report.count);
    /// ```
    pub fn count_report(
        &self,
        length: u64,
        method: Method,
        progress: &dyn Progress,
        budget: &Budget,
    ) -> Result<DfaCountReport, Error> {
        let count = match method {
            Method::Fast => self.count_accepted(length, progress, budget)?,
            Method::Exhaustive => self
                .dfa()
                .minimized(budget)?
                .count_accepted_stepwise(length, budget)?,
        };
        Ok(DfaCountReport {
            length,
            count: Integer::from(&count),
        })
    }
}

/// Which automaton of two accepts a word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The first automaton given.
    First,
    /// The second automaton given.
    Second,
}

/// Whether two automata accept the same words: `unhop dfa equiv --json`. When they do not,
/// a shortest word on which they differ (then first in letter order) and which accepts it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct EquivalenceReport {
    /// Whether both accept the same words.
    pub equivalent: bool,
    /// A shortest word on which they differ, written over the merged symbols (`<eps>` for
    /// the empty word).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub word: Option<String>,
    /// Its symbols, by name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub symbols: Option<Vec<String>>,
    /// Its length.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub length: Option<usize>,
    /// The automaton that accepts it (the other rejects it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub accepted_by: Option<Side>,
}

impl From<Option<&Difference>> for EquivalenceReport {
    fn from(difference: Option<&Difference>) -> EquivalenceReport {
        EquivalenceReport {
            equivalent: difference.is_none(),
            word: difference.map(Difference::text),
            symbols: difference.map(Difference::symbols),
            length: difference.map(|d| d.word.len()),
            accepted_by: difference.map(|d| match d.accepted_by_first {
                true => Side::First,
                false => Side::Second,
            }),
        }
    }
}

/// A word run through an automaton: `unhop dfa accepts --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct AcceptsReport {
    /// The word, written over the automaton's symbols (as given when it has a symbol the
    /// automaton lacks).
    pub word: String,
    /// Whether the automaton accepts it.
    pub accepted: bool,
    /// Why a word with a symbol the automaton lacks is rejected.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// The number of words of one length an automaton accepts: `unhop dfa count --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct DfaCountReport {
    /// The length of the words counted.
    pub length: u64,
    /// The number of accepted words of that length (of any size).
    pub count: Integer,
}
