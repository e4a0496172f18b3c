//! The reports of the rule-set commands, as every front end shows them: `unhop rules …
//! --json` and the Python module's `Rules` methods serialise these types.

use super::engine::{Engine, WordSolver, count_by};
use super::language::{default_language_bound, learn_language, proved_language_if_any};
use super::relation::{default_relation_bound, learn_relation, prove_automaton};
use super::ruleset::RuleSet;
use super::target::Target;
use crate::automata::relation::{Move, Step};
use crate::automata::{Dfa, Integer};
use crate::budget::Budget;
use crate::error::Error;
use crate::games::Convention;
use crate::method::Method;
use crate::progress::{Progress, Quiet};
use crate::solitaire::Board;
use serde::Serialize;
use std::collections::BTreeMap;

/// A built-in rule set in the list: `unhop rules list --json`.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct RuleSetEntry {
    /// Its name.
    pub name: String,
    /// What it is.
    pub description: String,
    /// Its letters, in order.
    pub letters: String,
    /// Its number of rules.
    pub rules: usize,
}

/// A rule set in full: `unhop rules show --json`.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct RuleSetReport {
    /// Its name.
    pub name: String,
    /// What it is.
    pub description: String,
    /// Its letters, in order.
    pub letters: String,
    /// The blank letter (what surrounds a word on the infinite board).
    pub blank: String,
    /// The weight of each letter, in the order of `letters`.
    pub weights: Vec<u32>,
    /// The rows of a board of rows, if it is one.
    pub rows: Option<usize>,
    /// The rules, as text such as `110>001`.
    pub rules: Vec<String>,
    /// The named targets and their regular expressions.
    pub targets: BTreeMap<String, String>,
}

impl RuleSet {
    /// The rule set's line in the list ([`RuleSetEntry`]).
    ///
    /// # Complexity
    ///
    /// O(letters).
    ///
    /// # Examples
    ///
    /// ```
    /// let entry = unhop::rules::RuleSet::builtin("kayles").unwrap().entry();
    /// assert_eq!((entry.name.as_str(), entry.rules), ("kayles", 2));
    /// ```
    pub fn entry(&self) -> RuleSetEntry {
        RuleSetEntry {
            name: self.name().to_string(),
            description: self.description().to_string(),
            letters: self.chars().iter().collect(),
            rules: self.rules().len(),
        }
    }

    /// The rule set in full ([`RuleSetReport`]).
    ///
    /// # Complexity
    ///
    /// O(size of the rules).
    ///
    /// # Examples
    ///
    /// ```
    /// let report = unhop::rules::RuleSet::builtin("solitaire").unwrap().report();
    /// assert_eq!(report.rules, ["011>100", "110>001"]);
    /// ```
    pub fn report(&self) -> RuleSetReport {
        RuleSetReport {
            name: self.name().to_string(),
            description: self.description().to_string(),
            letters: self.chars().iter().collect(),
            blank: self.chars()[self.blank() as usize].to_string(),
            weights: self.weights().to_vec(),
            rows: self.rows(),
            rules: self.rules().iter().map(|r| self.show_rule(r)).collect(),
            targets: self.targets().iter().cloned().collect(),
        }
    }
}

/// The number of words of one length that reduce to a target: `unhop rules count --json`.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct RulesCountReport {
    /// The rule set's name.
    pub rules: String,
    /// The length of the words counted.
    pub length: u64,
    /// The target: a name from the rule file, `one` or `weight=K`.
    pub target: String,
    /// The board.
    pub board: Board,
    /// The number of words (of any size).
    pub count: Integer,
    /// The engine that counted them.
    pub engine: Engine,
}

/// Counts the words of length `length` that reduce to `target` ([`count_by`]) and reports
/// them.
///
/// # Complexity
///
/// That of [`count_by`]: the proved automaton's transfer matrix, or a search.
///
/// # Examples
///
/// ```
/// use unhop::{Method, Quiet, budget::Budget, rules::{RuleSet, Target, count_report}, solitaire::Board};
/// let rules = RuleSet::builtin("solitaire").unwrap();
/// let target = Target::named(&rules, "one").unwrap();
/// let report = count_report(&rules, 20, &target, Board::Finite, Method::Fast, &Budget::default(), &Quiet).unwrap();
/// assert_eq!(report.count.to_string(), "2157");
/// ```
pub fn count_report(
    rules: &RuleSet,
    length: u64,
    target: &Target,
    board: Board,
    method: Method,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<RulesCountReport, Error> {
    let counted = count_by(rules, length, target, board, method, budget, progress)?;
    Ok(RulesCountReport {
        rules: rules.name().to_string(),
        length,
        target: target.name(),
        board,
        count: Integer::from(&counted.count),
        engine: counted.engine,
    })
}

/// One rule application of a solution: the rule and the cell of its window's first letter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct RuleStep {
    /// The cell of the window's first letter, in the start word's coordinates (from 0).
    pub at: i64,
    /// The rule, as text such as `110>001`.
    pub rule: String,
}

/// A word reduced to its least weight: `unhop rules solve --json`.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct RulesSolveReport {
    /// The word solved, as given.
    pub word: String,
    /// The board.
    pub board: Board,
    /// The least total weight the word reaches.
    pub weight: u64,
    /// The final configuration.
    #[serde(rename = "final")]
    pub final_word: String,
    /// The cell of the start word where `final` starts.
    pub final_offset: i64,
    /// The rule applications, replayed before they were returned.
    pub steps: Vec<RuleStep>,
    /// The engine that found them.
    pub engine: Engine,
}

impl WordSolver<'_> {
    /// Solves `word` (given as `text`, its letters `word`) on `board` ([`WordSolver::solve`])
    /// and reports it.
    ///
    /// # Complexity
    ///
    /// That of [`WordSolver::solve`].
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Method, Quiet, budget::Budget, rules::{RuleSet, WordSolver}, solitaire::Board};
    /// let rules = RuleSet::builtin("solitaire").unwrap();
    /// let budget = Budget::default();
    /// let solver = WordSolver::new(&rules, Method::Fast, &budget, &Quiet).unwrap();
    /// let report = solver.report("0110", &rules.parse_word("0110").unwrap(), Board::Infinite, &budget).unwrap();
    /// assert_eq!((report.weight, report.steps.len()), (1, 1));
    /// ```
    pub fn report(
        &self,
        text: &str,
        word: &[u8],
        board: Board,
        budget: &Budget,
    ) -> Result<RulesSolveReport, Error> {
        let rules = self.rules();
        let s = self.solve(word, board, budget)?;
        Ok(RulesSolveReport {
            word: text.to_string(),
            board,
            weight: s.weight,
            final_word: rules.show_word(&s.final_word),
            final_offset: s.final_offset,
            steps: s
                .steps
                .iter()
                .map(|st| RuleStep {
                    at: st.at,
                    rule: rules.show_rule(&rules.rules()[st.rule]),
                })
                .collect(),
            engine: self.engine(),
        })
    }
}

/// A word's Grundy value in the rewrite game: `unhop rules grundy --json`.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct RulesGrundyReport {
    /// The word, as given.
    pub word: String,
    /// The board.
    pub board: Board,
    /// The play rule.
    pub rule: Convention,
    /// The Grundy value (under misère play the misère value: 0 exactly when the player to
    /// move loses).
    pub value: u32,
}

/// What `unhop rules learn` learns: the words that reduce to a target on a board, or R.
#[derive(Clone, Copy, Debug)]
pub enum Learnable<'a> {
    /// The words that reduce to the target on the board.
    Language(&'a Target, Board),
    /// R, the pairs (w, f) of equal-length words with w →* f on the finite board.
    Relation,
}

/// An automaton learned from exhaustive data: `unhop rules learn --json`.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct RulesLearnReport {
    /// The rule set's name.
    pub rules: String,
    /// What was learned: a target's name, or `R` for the relation.
    pub learned: String,
    /// The board of a language; `null` for R (always on the finite board).
    pub board: Option<Board>,
    /// The bound: every word (or pair) up to this length was asked.
    pub max_len: usize,
    /// The words (or pair words) asked.
    pub queries: u64,
    /// The learned automaton's number of states.
    pub states: usize,
    /// Whether it is the automaton derived from a proved R; `null` when there is no proved R
    /// (or for R itself).
    pub same_as_proved: Option<bool>,
    /// With `--dot`: the automaton in Graphviz DOT.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dot: Option<String>,
}

/// Learns `what` from every word (or pair) up to `max_len` (by default the largest the
/// limits allow: [`default_language_bound`], [`default_relation_bound`]); compares a
/// language with the one derived from a proved R when there is one; with `dot`, draws the
/// automaton. Gives the report and the automaton learned.
///
/// # Complexity
///
/// The learner's: O(k^max_len) searches for a language, O(k^(2·max_len)) for R; then a
/// proof of R for the comparison.
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget, rules::{Learnable, RuleSet, Target, learn_report}, solitaire::Board};
/// let rules = RuleSet::builtin("solitaire").unwrap();
/// let target = Target::named(&rules, "one").unwrap();
/// let what = Learnable::Language(&target, Board::Finite);
/// let (report, dfa) = learn_report(&rules, what, Some(14), false, &Budget::default(), &Quiet).unwrap();
/// assert_eq!(report.same_as_proved, Some(true));
/// assert_eq!(report.states, dfa.states());
/// ```
pub fn learn_report(
    rules: &RuleSet,
    what: Learnable<'_>,
    max_len: Option<usize>,
    dot: bool,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<(RulesLearnReport, Dfa), Error> {
    let (learned, name, board, same_as_proved) = match what {
        Learnable::Relation => {
            let bound = max_len.unwrap_or_else(|| default_relation_bound(rules));
            let learned = learn_relation(rules, bound, budget, progress)?;
            (learned, "R".to_string(), None, None)
        }
        Learnable::Language(target, board) => {
            let bound = max_len.unwrap_or_else(|| default_language_bound(rules));
            let learned = learn_language(rules, target, board, bound, budget, progress)?;
            let same = match proved_language_if_any(rules, target, board, budget, &Quiet)? {
                Some(p) => Some(learned.dfa.shortest_difference(&p, budget)?.is_none()),
                None => None,
            };
            (learned, target.name(), Some(board), same)
        }
    };
    let title = format!("{} {name}", rules.name());
    let dot = dot.then(|| match what {
        Learnable::Relation => relation_dot(rules, &learned.dfa, &title),
        Learnable::Language(..) => {
            let names: Vec<String> = rules.chars().iter().map(char::to_string).collect();
            learned.dfa.to_dot_named(&title, &names)
        }
    });
    let report = RulesLearnReport {
        rules: rules.name().to_string(),
        learned: name,
        board,
        max_len: learned.max_len,
        queries: learned.queries,
        states: learned.dfa.states(),
        same_as_proved,
        dot,
    };
    Ok((report, learned.dfa))
}

/// An automaton of R (over the rule set's letter pairs) in Graphviz DOT, arrows labelled
/// `w/f` with the rule set's letters.
fn relation_dot(rules: &RuleSet, dfa: &Dfa, title: &str) -> String {
    if rules.letters() == 2 && rules.chars() == ['0', '1'] {
        return dfa.to_pair_dot(title);
    }
    let chars = rules.chars();
    let k = rules.letters();
    let names: Vec<String> = (0..k * k)
        .map(|p| format!("{}/{}", chars[p / k], chars[p % k]))
        .collect();
    dfa.to_dot_named(title, &names)
}

/// R learned and put to the proof: `unhop rules prove --json`.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct RulesProofReport {
    /// The rule set's name.
    pub rules: String,
    /// The bound: every pair up to this length was asked.
    pub max_len: usize,
    /// The learned automaton's number of states.
    pub states: usize,
    /// The pair words asked.
    pub queries: u64,
    /// The state whose acceptance was flipped before the proof (to make the automaton
    /// deliberately wrong), if any.
    pub flip_state: Option<u32>,
    /// The three steps of the proof, in order (words in the rule set's letters).
    pub steps: Vec<Step<String>>,
    /// Whether every step holds, so that the automaton accepts exactly R.
    pub holds: bool,
    /// With `--dot`: the automaton proved (after any flip) in Graphviz DOT, arrows labelled
    /// `w/f`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dot: Option<String>,
}

/// Learns R from every pair up to `max_len` (by default [`default_relation_bound`]), flips
/// the acceptance of `flip_state` if given, proves it ([`prove_automaton`]) and reports the
/// verdict; with `dot`, draws the automaton proved.
///
/// # Complexity
///
/// The learner's O(k^(2·max_len)), then products of |A|² × |S| states over k³ letters.
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget, rules::{RuleSet, prove_report}};
/// let rules = RuleSet::builtin("solitaire").unwrap();
/// let proof = prove_report(&rules, Some(10), None, false, &Budget::default(), &Quiet).unwrap();
/// assert!(proof.holds && proof.states == 16);
/// let wrong = prove_report(&rules, Some(10), Some(5), false, &Budget::default(), &Quiet).unwrap();
/// assert!(!wrong.holds);
/// ```
pub fn prove_report(
    rules: &RuleSet,
    max_len: Option<usize>,
    flip_state: Option<u32>,
    dot: bool,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<RulesProofReport, Error> {
    let bound = max_len.unwrap_or_else(|| default_relation_bound(rules));
    let mut learned = learn_relation(rules, bound, budget, progress)?;
    if let Some(q) = flip_state {
        learned.dfa = learned
            .dfa
            .with_acceptance_flipped(q)
            .map_err(|e| Error::new(format!("--flip-state {q}: {e}")))?;
    }
    let proof = prove_automaton(rules, learned)?;
    let title = format!("{} R", rules.name());
    Ok(RulesProofReport {
        rules: rules.name().to_string(),
        max_len: proof.learned.max_len,
        states: proof.learned.dfa.states(),
        queries: proof.learned.queries,
        flip_state,
        steps: proof
            .steps
            .iter()
            .map(|s| s.report(Move::Rule, |w| rules.show_word(w)))
            .collect(),
        holds: proof.holds(),
        dot: dot.then(|| relation_dot(rules, &proof.learned.dfa, &title)),
    })
}
