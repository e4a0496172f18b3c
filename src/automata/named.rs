//! A DFA whose letters have names: the automata users bring (from an expression, JSON or
//! AT&T text), combined by symbol name.
//!
//! Why a wrapper rather than a field of [`Dfa`]: a `Dfa` is a bare table over the letters
//! `0..k`, and everything built on it (minimisation, products, counting, learning, the
//! relation proofs) works on letter numbers alone; names matter only where automata meet
//! users and each other. The wrapper keeps the names beside the table, merges two alphabets
//! by name before a product, and leaves every table algorithm unchanged.

use super::alphabet::Alphabet;
use super::dfa::{Dfa, StateId};
use super::edges::{Edges, TRANSITIONS};
use super::generating::GeneratingFunction;
use crate::budget::Budget;
use crate::error::Error;
use crate::progress::Progress;
use num_bigint::BigUint;
use std::fmt::Write;

/// A complete DFA and the names of its letters.
///
/// ```
/// use unhop::automata::NamedDfa;
/// let a = NamedDfa::from_regex("(ab)*", None).unwrap();
/// let b = NamedDfa::from_regex("(ab)*|b", None).unwrap();
/// let d = a.shortest_difference(&b).unwrap().unwrap();
/// assert_eq!((d.text(), d.accepted_by_first), ("b".to_string(), false));
/// assert!(a.accepts_text("abab"));
/// assert_eq!(a.minimized().dfa().states(), 3);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedDfa {
    dfa: Dfa,
    alphabet: Alphabet,
}

/// A word on which two automata differ ([`NamedDfa::shortest_difference`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The word, as letters of `alphabet`.
    pub word: Vec<u8>,
    /// The two automata's symbols, merged by name (the first's first).
    pub alphabet: Alphabet,
    /// Whether the first automaton accepts the word (then the second rejects it), or the
    /// second.
    pub accepted_by_first: bool,
}

impl Difference {
    /// The word as written over the merged alphabet (`<eps>` for the empty word).
    pub fn text(&self) -> String {
        self.alphabet.format_word(&self.word)
    }

    /// The word's symbols by name.
    pub fn symbols(&self) -> Vec<String> {
        self.word
            .iter()
            .map(|&l| self.alphabet.name(l).to_string())
            .collect()
    }
}

impl NamedDfa {
    /// A DFA with these letter names (as many names as letters). O(1).
    pub fn new(dfa: Dfa, alphabet: Alphabet) -> Result<NamedDfa, Error> {
        if dfa.alphabet() != alphabet.len() {
            return Err(Error::new(format!(
                "an automaton over {} letters given {} symbol names",
                dfa.alphabet(),
                alphabet.len()
            )));
        }
        Ok(NamedDfa { dfa, alphabet })
    }

    /// A bare DFA with its letters named `0, 1, …` ([`Alphabet::numbered`]).
    pub fn numbered(dfa: Dfa) -> NamedDfa {
        let alphabet = Alphabet::numbered(dfa.alphabet());
        NamedDfa { dfa, alphabet }
    }

    /// The table.
    pub fn dfa(&self) -> &Dfa {
        &self.dfa
    }

    /// The letter names.
    pub fn alphabet(&self) -> &Alphabet {
        &self.alphabet
    }

    /// The minimal DFA of the same language over the same symbols ([`Dfa::minimized`]).
    pub fn minimized(&self) -> NamedDfa {
        self.with(self.dfa.minimized())
    }

    /// The words over the same symbols that this automaton rejects. O(states × alphabet).
    pub fn complement(&self) -> NamedDfa {
        self.with(self.dfa.complement())
    }

    /// The words both accept, over the union of their symbols; see [`NamedDfa::product`].
    pub fn intersection(&self, other: &NamedDfa) -> Result<NamedDfa, Error> {
        self.product(other, |a, b| a && b)
    }

    /// The words either accepts, over the union of their symbols.
    pub fn union(&self, other: &NamedDfa) -> Result<NamedDfa, Error> {
        self.product(other, |a, b| a || b)
    }

    /// The words this one accepts and `other` rejects, over the union of their symbols.
    pub fn difference(&self, other: &NamedDfa) -> Result<NamedDfa, Error> {
        self.product(other, |a, b| a && !b)
    }

    /// The product automaton over the union of the two alphabets (merged by name: a word with
    /// a symbol that one automaton lacks is rejected by it). Refused before any work when
    /// s₁ × s₂ × symbols passes [`MAX_TRANSITIONS`] or the memory limit; otherwise
    /// O(s₁ × s₂ × symbols) ([`Dfa::product`]).
    ///
    /// ```
    /// use unhop::automata::NamedDfa;
    /// let a = NamedDfa::from_regex("a*", None).unwrap();
    /// let b = NamedDfa::from_regex("b*", None).unwrap();
    /// let either = a.union(&b).unwrap();
    /// assert_eq!(either.alphabet().names(), ["a", "b"]);
    /// assert!(either.accepts_text("bb") && !either.accepts_text("ab"));
    /// ```
    pub fn product(
        &self,
        other: &NamedDfa,
        accept: impl Fn(bool, bool) -> bool,
    ) -> Result<NamedDfa, Error> {
        let (a, b) = self.aligned(other)?;
        let dfa = a.dfa.product(&b.dfa, accept)?;
        Ok(a.with(dfa))
    }

    /// A shortest word (then least in letter order of the merged alphabet) that one accepts
    /// and the other rejects, or `None` when they accept the same words. Refused like
    /// [`NamedDfa::product`]; O(s₁ × s₂ × symbols) ([`Dfa::shortest_difference`]).
    pub fn shortest_difference(&self, other: &NamedDfa) -> Result<Option<Difference>, Error> {
        let (a, b) = self.aligned(other)?;
        Ok(a.dfa.shortest_difference(&b.dfa)?.map(|word| {
            let accepted_by_first = a.dfa.accepts(word.iter().copied());
            Difference {
                word,
                alphabet: a.alphabet.clone(),
                accepted_by_first,
            }
        }))
    }

    /// The minimal DFA of the reversed words: the transitions turned around (the accepting
    /// states become the start states), determinised and minimised. Refused when the subset
    /// construction passes [`MAX_TRANSITIONS`] (it can take 2^states subsets).
    ///
    /// ```
    /// use unhop::automata::NamedDfa;
    /// let ab = NamedDfa::from_regex("a(a|b)*", None).unwrap().reversed().unwrap();
    /// assert!(ab.accepts_text("bba") && !ab.accepts_text("ab"));
    /// ```
    pub fn reversed(&self) -> Result<NamedDfa, Error> {
        let dfa = &self.dfa;
        let states = dfa.states() as StateId;
        let mut transitions = Vec::with_capacity(dfa.states() * dfa.alphabet());
        for s in 0..states {
            for l in 0..dfa.alphabet() as u8 {
                transitions.push((dfa.next(s, l), Some(l), s));
            }
        }
        let mut starts: Vec<StateId> = (0..states).filter(|&s| dfa.is_accepting(s)).collect();
        let mut accepting: Vec<bool> = (0..states).map(|s| s == dfa.start()).collect();
        if starts.is_empty() {
            // The empty language: its reversal is empty too.
            starts.push(0);
            accepting = vec![false; dfa.states()];
        }
        let edges = Edges {
            states: dfa.states(),
            alphabet: dfa.alphabet(),
            starts,
            accepting,
            transitions,
        };
        let (reversed, _) = edges.to_dfa()?;
        Ok(self.with(reversed.minimized()))
    }

    /// Whether the automaton accepts the word written in `text` over its symbols
    /// ([`Alphabet::parse_word`]); a word with a symbol the automaton lacks is not in its
    /// language (use [`Alphabet::parse_word`] to be told which symbol). O(length).
    pub fn accepts_text(&self, text: &str) -> bool {
        self.alphabet
            .parse_word(text)
            .is_ok_and(|letters| self.dfa.accepts(letters))
    }

    /// The exact number of accepted words of length `len` ([`Dfa::count_accepted`] on the
    /// minimal DFA), refused before any work when [`Dfa::count_cost`] passes
    /// [`super::COUNT_WORK`] or the memory limit. `progress` sees the work as it is done when
    /// the count goes step by step ([`Dfa::count_accepted_reporting`]).
    ///
    /// ```
    /// use unhop::automata::NamedDfa;
    /// let dfa = NamedDfa::from_regex("(a|b)*", None).unwrap();
    /// let count = dfa.count_accepted(64, &unhop::Quiet).unwrap();
    /// assert_eq!(count.to_string(), "18446744073709551616");
    /// ```
    pub fn count_accepted(&self, len: u64, progress: &dyn Progress) -> Result<BigUint, Error> {
        let minimal = self.dfa.minimized();
        let cost = minimal.count_cost(Some(len));
        Budget::default().admit_estimate(&cost)?;
        Ok(minimal.count_accepted_reporting(len, progress))
    }

    /// The generating function of the counts ([`Dfa::generating_function`] on the minimal
    /// DFA), refused like [`NamedDfa::count_accepted`].
    ///
    /// ```
    /// let dfa = unhop::automata::NamedDfa::from_regex("(0|10)*1?", None).unwrap();
    /// let gf = dfa.generating_function(&unhop::Quiet).unwrap();
    /// assert_eq!(gf.to_string(), "(1 + x) / (1 - x - x^2)");
    /// ```
    pub fn generating_function(
        &self,
        progress: &dyn Progress,
    ) -> Result<GeneratingFunction, Error> {
        let minimal = self.dfa.minimized();
        let cost = minimal.count_cost(None);
        Budget::default().admit_estimate(&cost)?;
        progress.start(&cost.what, None);
        Ok(minimal.generating_function())
    }

    /// The automaton in Graphviz DOT, transitions labelled with the symbol names.
    ///
    /// ```
    /// let dfa = unhop::automata::NamedDfa::from_regex("ab", None).unwrap().minimized();
    /// assert!(dfa.to_dot("ab").contains("label=\"a\""));
    /// ```
    pub fn to_dot(&self, title: &str) -> String {
        self.dfa.to_dot_named(title, self.alphabet.names())
    }

    /// The transition table as text: a header naming the states, the start and the accepting
    /// states, then one row per state (`>` marks the start, `*` an accepting state).
    /// O(states × alphabet).
    ///
    /// ```
    /// let dfa = unhop::automata::NamedDfa::from_regex("ab", None).unwrap().minimized();
    /// assert!(dfa.to_table().starts_with("4 states over 2 symbols"));
    /// ```
    pub fn to_table(&self) -> String {
        let dfa = &self.dfa;
        let states = dfa.states() as StateId;
        let accepting: Vec<String> = (0..states)
            .filter(|&s| dfa.is_accepting(s))
            .map(|s| s.to_string())
            .collect();
        let mut out = format!(
            "{} states over {} symbols, start {}, accepting {{{}}}\n",
            dfa.states(),
            dfa.alphabet(),
            dfa.start(),
            accepting.join(", ")
        );
        let width = self
            .alphabet
            .names()
            .iter()
            .map(|n| n.chars().count())
            .chain([states.to_string().len()])
            .max()
            .unwrap_or(1);
        let _ = write!(out, "{:>w$}", "state", w = width.max(5) + 2);
        for name in self.alphabet.names() {
            let _ = write!(out, " {name:>width$}");
        }
        out.push('\n');
        for s in 0..states {
            let mark = format!(
                "{}{}",
                if s == dfa.start() { ">" } else { " " },
                if dfa.is_accepting(s) { "*" } else { " " }
            );
            let _ = write!(out, "{mark}{s:>w$}", w = width.max(5));
            for l in 0..dfa.alphabet() as u8 {
                let _ = write!(out, " {:>width$}", dfa.next(s, l));
            }
            out.push('\n');
        }
        out
    }

    /// The same language over a larger alphabet that holds every symbol of this one: the new
    /// symbols lead to a dead state. O(states × symbols).
    pub fn over(&self, alphabet: &Alphabet) -> Result<NamedDfa, Error> {
        let (merged, map) = alphabet.merged(&self.alphabet)?;
        if merged.len() != alphabet.len() {
            return Err(Error::new(
                "the alphabet lacks some of the automaton's symbols",
            ));
        }
        if map.iter().enumerate().all(|(i, &l)| i == l as usize) && merged.len() == map.len() {
            return Ok(self.clone());
        }
        let k = alphabet.len();
        let dead = self.dfa.states() as StateId;
        super::edges::estimate_table(dead as u128 + 1, k)?;
        let mut next = vec![dead; (self.dfa.states() + 1) * k];
        for s in 0..dead {
            for (old, &new) in map.iter().enumerate() {
                next[s as usize * k + new as usize] = self.dfa.next(s, old as u8);
            }
        }
        let mut accepting: Vec<bool> = (0..dead).map(|s| self.dfa.is_accepting(s)).collect();
        accepting.push(false);
        let dfa = Dfa::new(k, next, accepting, self.dfa.start())?;
        NamedDfa::new(dfa, alphabet.clone())
    }

    /// Both automata over the union of their alphabets (this one's symbols first), refused
    /// when their product would pass [`MAX_TRANSITIONS`] or the memory limit.
    fn aligned(&self, other: &NamedDfa) -> Result<(NamedDfa, NamedDfa), Error> {
        let (merged, _) = self.alphabet.merged(&other.alphabet)?;
        let pairs = (self.dfa.states() as u128 + 1) * (other.dfa.states() as u128 + 1);
        let transitions = pairs * merged.len() as u128;
        Budget::default().admit(
            format!(
                "the product of automata of {} and {} states over {} symbols",
                self.dfa.states(),
                other.dfa.states(),
                merged.len()
            ),
            TRANSITIONS,
            transitions,
            transitions * 4 + pairs * 24,
        )?;
        Ok((self.over(&merged)?, other.over(&merged)?))
    }

    fn with(&self, dfa: Dfa) -> NamedDfa {
        NamedDfa {
            dfa,
            alphabet: self.alphabet.clone(),
        }
    }
}
