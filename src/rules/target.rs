//! Target languages: the final words a question asks about (by default, total weight 1).

use super::ruleset::RuleSet;
use super::step::trim;
use crate::automata::{Dfa, compile_dfa};
use crate::budget::Budget;
use crate::error::Error;
use crate::error::Figures;
use crate::solitaire::Board;

/// The largest weight `weight=K` may ask for (its automaton has K + 2 states).
pub const MAX_TARGET_WEIGHT: u64 = 100_000;

/// A target: the words of one total weight, or a named regular expression of the rule file.
/// On the infinite board a configuration is in the target when its word between the first
/// and last non-blank letters is (so `0*10*` and weight 1 are the same there).
#[derive(Clone, Debug)]
pub enum Target {
    /// The words of exactly this total weight (`one` is weight 1).
    Weight(u64),
    /// A named expression of the rule file, compiled to a DFA over the letters.
    Language {
        /// The expression's name in the rule file.
        name: String,
        /// The expression compiled over the rule file's letters.
        dfa: Dfa,
    },
}

impl Target {
    /// The target called `name`: one of the file's targets, else `one` (total weight 1) or
    /// `weight=K`.
    ///
    /// # Complexity
    ///
    /// O(size of the expression's DFA).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{rules::{RuleSet, Target}, solitaire::Board};
    /// let rules = RuleSet::builtin("kayles").unwrap();
    /// let empty = Target::named(&rules, "empty").unwrap();
    /// assert!(empty.contains(&rules, &[0, 0], Board::Finite));
    /// assert!(Target::named(&rules, "one").unwrap().contains(&rules, &[0, 1], Board::Finite));
    /// assert!(Target::named(&rules, "nothing").is_err());
    /// ```
    pub fn named(rules: &RuleSet, name: &str) -> Result<Target, Error> {
        if let Some(dfa) = rules.target_regex_dfa(name) {
            return Ok(Target::Language {
                name: name.to_string(),
                dfa: dfa?,
            });
        }
        if name == "one" {
            return Ok(Target::Weight(1));
        }
        if let Some(k) = name
            .strip_prefix("weight=")
            .and_then(|k| k.parse::<u64>().ok())
        {
            if k > MAX_TARGET_WEIGHT {
                return Err(Error::refused_with(
                    Figures::new(k.into(), MAX_TARGET_WEIGHT.into(), "units of weight"),
                    format!("the target weight {k} is above the limit {MAX_TARGET_WEIGHT}"),
                ));
            }
            return Ok(Target::Weight(k));
        }
        let mut names: Vec<&str> = rules.targets().iter().map(|(n, _)| n.as_str()).collect();
        names.push("one");
        names.push("weight=K");
        Err(Error::new(format!(
            "{} has no target {}; its targets are {}",
            rules.name(),
            crate::error::quote(name),
            names.join(", ")
        )))
    }

    /// The target's name (`one`, `weight=K` or the file's name).
    pub fn name(&self) -> String {
        match self {
            Target::Weight(1) => "one".to_string(),
            Target::Weight(k) => format!("weight={k}"),
            Target::Language { name, .. } => name.clone(),
        }
    }

    /// Whether the configuration `word` is in the target on `board`.
    ///
    /// # Complexity
    ///
    /// O(length).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{rules::{RuleSet, Target}, solitaire::Board};
    /// let rules = RuleSet::builtin("solitaire").unwrap();
    /// assert!(Target::Weight(1).contains(&rules, &[0, 1, 0], Board::Finite));
    /// ```
    pub fn contains(&self, rules: &RuleSet, word: &[u8], board: Board) -> bool {
        let word = match board {
            Board::Finite => word,
            Board::Infinite => trim(word, rules.blank()).0,
        };
        match self {
            Target::Weight(k) => rules.weight(word) == *k,
            Target::Language { dfa, .. } => dfa.accepts(word.iter().copied()),
        }
    }

    /// The target as a minimal DFA over the letters, for words of the finite board; for the
    /// infinite board, the words with blanks around a target word (blank* T blank*).
    ///
    /// # Complexity
    ///
    /// A weight w over k letters: a table of w + 2 states built in O(w · k), then minimised in
    /// O(w · k · log w) ([`Dfa::minimized`]). A named expression: on the finite board a copy of its
    /// DFA, O(s · k) for s states; on the infinite board the expression with blanks around it
    /// compiled ([`compile_dfa`]) and minimised.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{rules::{RuleSet, Target}, solitaire::Board};
    /// let rules = RuleSet::builtin("solitaire").unwrap();
    /// let one = Target::Weight(1).dfa(&rules, Board::Finite).unwrap();
    /// assert_eq!(one.states(), 3); // no peg yet, one peg, too many
    /// assert!(one.accepts([0, 1, 0]) && !one.accepts([1, 1]));
    /// let kayles = RuleSet::builtin("kayles").unwrap();
    /// let empty = Target::named(&kayles, "empty").unwrap().dfa(&kayles, Board::Infinite).unwrap();
    /// assert!(empty.accepts([0, 0, 0]));
    /// ```
    pub fn dfa(&self, rules: &RuleSet, board: Board) -> Result<Dfa, Error> {
        let k = rules.letters();
        match self {
            Target::Weight(w) => {
                let dead = (*w + 1) as usize;
                let states = dead + 1;
                let mut next = Vec::with_capacity(states * k);
                for s in 0..states {
                    for &lw in rules.weights() {
                        next.push((s + lw as usize).min(dead) as u32);
                    }
                }
                let accepting = (0..states).map(|s| s as u64 == *w).collect();
                Dfa::new(k, next, accepting, 0)?.minimized(&Budget::default())
            }
            Target::Language { name, dfa } => match board {
                Board::Finite => Ok(dfa.clone()),
                Board::Infinite => {
                    let (_, regex) = rules
                        .targets()
                        .iter()
                        .find(|(n, _)| n == name)
                        .ok_or_else(|| Error::internal("a named target without its expression"))?;
                    let b = format!("\\x{{{:x}}}", rules.chars()[rules.blank() as usize] as u32);
                    let symbols: Vec<u8> = rules.chars().iter().map(|&c| c as u8).collect();
                    let budget = Budget::default();
                    compile_dfa(&format!("{b}*(?:{regex}){b}*"), &symbols, &budget)?
                        .minimized(&budget)
                }
            },
        }
    }
}
