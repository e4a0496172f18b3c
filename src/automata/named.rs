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
use super::generating::GeneratingFunction;
use super::pairs::product_cost;
use super::work::{Cost, TRANSITIONS};
use crate::budget::{Budget, Meter};
use crate::error::Error;
use crate::progress::Progress;
use num_bigint::BigUint;
use std::fmt::Write;

/// A complete DFA and the names of its letters.
///
/// ```
/// use unhop::automata::NamedDfa;
/// use unhop::budget::Budget;
/// let budget = Budget::default();
/// let a = NamedDfa::from_regex("(ab)*", None, &budget).unwrap();
/// let b = NamedDfa::from_regex("(ab)*|b", None, &budget).unwrap();
/// let d = a.shortest_difference(&b, &budget).unwrap().unwrap();
/// assert_eq!((d.text(), d.accepted_by_first), ("b".to_string(), false));
/// assert!(a.accepts_text("abab"));
/// assert_eq!(a.minimized(&budget).unwrap().dfa().states(), 3);
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
    /// A DFA with these letter names (as many names as letters).
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::{Alphabet, Dfa, NamedDfa};
    /// let even = Dfa::new(2, vec![0, 1, 1, 0], vec![true, false], 0).unwrap();
    /// let named = NamedDfa::new(even.clone(), Alphabet::new(["off", "on"]).unwrap()).unwrap();
    /// assert!(named.accepts_text("on on"));
    /// assert!(NamedDfa::new(even, Alphabet::new(["x"]).unwrap()).is_err());
    /// ```
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

    /// The minimal DFA of the same language over the same symbols ([`Dfa::minimized`],
    /// admitted by `budget`).
    ///
    /// # Complexity
    ///
    /// O(n k log n) for n states and k letters (Hopcroft), admitted by `budget`.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{automata::NamedDfa, budget::Budget};
    /// let budget = Budget::default();
    /// let dfa = NamedDfa::from_regex("(a|b)*abb", None, &budget).unwrap();
    /// assert_eq!(dfa.minimized(&budget).unwrap().dfa().states(), 4);
    /// ```
    pub fn minimized(&self, budget: &Budget) -> Result<NamedDfa, Error> {
        Ok(self.with(self.dfa.minimized(budget)?))
    }

    /// The words over the same symbols that this automaton rejects.
    ///
    /// # Complexity
    ///
    /// O(states × alphabet).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{automata::NamedDfa, budget::Budget};
    /// let budget = Budget::default();
    /// let dfa = NamedDfa::from_regex("a*", Some("ab"), &budget).unwrap();
    /// assert!(dfa.complement().accepts_text("ab") && !dfa.complement().accepts_text("aa"));
    /// ```
    pub fn complement(&self) -> NamedDfa {
        self.with(self.dfa.complement())
    }

    /// The words both accept, over the union of their symbols; see [`NamedDfa::product`].
    ///
    /// # Complexity
    ///
    /// As [`NamedDfa::product`].
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{automata::NamedDfa, budget::Budget};
    /// let budget = Budget::default();
    /// let a = NamedDfa::from_regex("a*b*", None, &budget).unwrap();
    /// let b = NamedDfa::from_regex("b*a*", None, &budget).unwrap();
    /// let both = a.intersection(&b, &budget).unwrap();
    /// assert!(both.accepts_text("aa") && !both.accepts_text("ab"));
    /// ```
    pub fn intersection(&self, other: &NamedDfa, budget: &Budget) -> Result<NamedDfa, Error> {
        self.product(other, |a, b| a && b, budget)
    }

    /// The words either accepts, over the union of their symbols; see [`NamedDfa::product`].
    ///
    /// # Complexity
    ///
    /// As [`NamedDfa::product`].
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{automata::NamedDfa, budget::Budget};
    /// let budget = Budget::default();
    /// let a = NamedDfa::from_regex("a*", None, &budget).unwrap();
    /// let b = NamedDfa::from_regex("b*", None, &budget).unwrap();
    /// assert!(a.union(&b, &budget).unwrap().accepts_text("bb"));
    /// ```
    pub fn union(&self, other: &NamedDfa, budget: &Budget) -> Result<NamedDfa, Error> {
        self.product(other, |a, b| a || b, budget)
    }

    /// The words this one accepts and `other` rejects, over the union of their symbols; see
    /// [`NamedDfa::product`].
    ///
    /// # Complexity
    ///
    /// As [`NamedDfa::product`].
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{automata::NamedDfa, budget::Budget};
    /// let budget = Budget::default();
    /// let all = NamedDfa::from_regex("(a|b)*", None, &budget).unwrap();
    /// let bs = NamedDfa::from_regex("b*", None, &budget).unwrap();
    /// let rest = all.difference(&bs, &budget).unwrap();
    /// assert!(rest.accepts_text("ba") && !rest.accepts_text("bb"));
    /// ```
    pub fn difference(&self, other: &NamedDfa, budget: &Budget) -> Result<NamedDfa, Error> {
        self.product(other, |a, b| a && !b, budget)
    }

    /// The product automaton over the union of the two alphabets (merged by name: a word with
    /// a symbol that one automaton lacks is rejected by it), not minimised ([`Dfa::product`]).
    ///
    /// # Complexity
    /// O(s₁ × s₂ × symbols) time and memory at most: admitted by `budget` before it starts
    /// with that estimate (in [`TRANSITIONS`] and bytes), charged as it runs.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::NamedDfa;
    /// use unhop::budget::Budget;
    /// let budget = Budget::default();
    /// let a = NamedDfa::from_regex("a*", None, &budget).unwrap();
    /// let b = NamedDfa::from_regex("b*", None, &budget).unwrap();
    /// let either = a.union(&b, &budget).unwrap();
    /// assert_eq!(either.alphabet().names(), ["a", "b"]);
    /// assert!(either.accepts_text("bb") && !either.accepts_text("ab"));
    /// ```
    pub fn product(
        &self,
        other: &NamedDfa,
        accept: impl Fn(bool, bool) -> bool,
        budget: &Budget,
    ) -> Result<NamedDfa, Error> {
        let (x, y, merged, meter) = self.aligned(other, "the product", product_cost, budget)?;
        let dfa = x.product_in(&y, accept, &meter)?;
        NamedDfa::new(dfa, merged)
    }

    /// The minimal DFA of the product of all `automata` (two or more), over the union of their
    /// alphabets: the first two combined by `accept`, the result minimised, then combined with
    /// the third, and so on (`|a, b| a && b` gives the words all accept, `|a, b| a || b` those
    /// some accepts, `|a, b| a && !b` those the first accepts and no other).
    ///
    /// # Complexity
    /// The whole run is admitted by `budget` before it starts: the products of the automata so
    /// far (up to s₁ × s₂ × … states) and the minimisation after each, in [`TRANSITIONS`] and
    /// bytes; it is charged as it runs.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::NamedDfa;
    /// use unhop::budget::Budget;
    /// let budget = Budget::default();
    /// let cycles: Vec<NamedDfa> = ["(a{2})*", "(a{3})*", "(a{5})*"]
    ///     .iter()
    ///     .map(|e| NamedDfa::from_regex(e, None, &budget).unwrap())
    ///     .collect();
    /// let all = NamedDfa::product_of(&cycles, |a, b| a && b, &budget).unwrap();
    /// assert_eq!(all.dfa().states(), 30);
    /// let refused = NamedDfa::product_of(&cycles, |a, b| a && b, &Budget::default().with_max_work(100));
    /// assert_eq!(refused.unwrap_err().kind(), unhop::ErrorKind::Refused);
    /// ```
    pub fn product_of(
        automata: &[NamedDfa],
        accept: impl Fn(bool, bool) -> bool + Copy,
        budget: &Budget,
    ) -> Result<NamedDfa, Error> {
        let Some((first, rest)) = automata.split_first() else {
            return Err(Error::new("a product needs at least one automaton"));
        };
        let merged = Alphabet::merged_all(automata.iter().map(NamedDfa::alphabet))?;
        let k = merged.len() as u128;
        // The states so far: at most the product of the operands' states (each with a dead
        // state for the symbols it lacks).
        let mut states = widened(first, k);
        let mut cost = over_cost(first, k);
        for operand in rest {
            let s = widened(operand, k);
            cost = cost
                .then(over_cost(operand, k))
                .then(product_cost(states, s, k));
            states = states.saturating_mul(s);
            cost = cost.then(Dfa::minimize_cost(states, k));
        }
        let sizes: Vec<String> = automata
            .iter()
            .map(|a| a.dfa.states().to_string())
            .collect();
        let (last, others) = sizes.split_last().expect("at least one automaton");
        let sizes = match others {
            [] => last.clone(),
            _ => format!("{} and {last}", others.join(", ")),
        };
        let meter = cost.admit(
            budget,
            format!("the minimal product of automata of {sizes} states over {k} symbols"),
            TRANSITIONS,
        )?;
        let mut result = first.over(&merged, &meter)?.dfa;
        for operand in rest {
            let operand = operand.over(&merged, &meter)?.dfa;
            let product = result.product_in(&operand, accept, &meter)?;
            result = product.minimized_in(&meter)?;
        }
        NamedDfa::new(result, merged)
    }

    /// A shortest word (then least in letter order of the merged alphabet) that one accepts
    /// and the other rejects, or `None` when they accept the same words
    /// ([`Dfa::shortest_difference`]).
    ///
    /// # Complexity
    /// O(s₁ × s₂ × symbols) time, O(s₁ × s₂) memory at most: admitted by `budget` before it
    /// starts with that estimate, charged as it runs.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{automata::NamedDfa, budget::Budget};
    /// let budget = Budget::default();
    /// let a = NamedDfa::from_regex("(ab)*a", None, &budget).unwrap();
    /// let b = NamedDfa::from_regex("a(ba)*", None, &budget).unwrap();
    /// assert!(a.shortest_difference(&b, &budget).unwrap().is_none());
    /// ```
    pub fn shortest_difference(
        &self,
        other: &NamedDfa,
        budget: &Budget,
    ) -> Result<Option<Difference>, Error> {
        let (a, b, merged, meter) =
            self.aligned(other, "the comparison", Dfa::difference_cost, budget)?;
        Ok(a.shortest_difference_in(&b, &meter)?.map(|word| {
            let accepted_by_first = a.accepts(word.iter().copied());
            Difference {
                word,
                alphabet: merged,
                accepted_by_first,
            }
        }))
    }

    /// The minimal DFA of the reversed words ([`Dfa::reversed`]: the subset construction on
    /// the transitions turned around, charged to `budget` as it runs, then minimised).
    ///
    /// # Complexity
    ///
    /// The subset construction on the reversed transitions: up to 2^states sets, charged to
    /// `budget` as it runs, then O(n k log n) to minimise.
    ///
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::NamedDfa;
    /// use unhop::budget::Budget;
    /// let budget = Budget::default();
    /// let ab = NamedDfa::from_regex("a(a|b)*", None, &budget).unwrap();
    /// let ba = ab.reversed(&budget).unwrap();
    /// assert!(ba.accepts_text("bba") && !ba.accepts_text("ab"));
    /// ```
    pub fn reversed(&self, budget: &Budget) -> Result<NamedDfa, Error> {
        Ok(self.with(self.dfa.reversed(budget)?))
    }

    /// Whether the automaton accepts the word written in `text` over its symbols
    /// ([`Alphabet::parse_word`]); a word with a symbol the automaton lacks is not in its
    /// language (use [`Alphabet::parse_word`] to be told which symbol).
    ///
    /// # Complexity
    ///
    /// O(length).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{automata::NamedDfa, budget::Budget};
    /// let budget = Budget::default();
    /// let dfa = NamedDfa::from_regex("(a|b)*abb", None, &budget).unwrap();
    /// assert!(dfa.accepts_text("babb") && !dfa.accepts_text("abc"));
    /// ```
    pub fn accepts_text(&self, text: &str) -> bool {
        self.alphabet
            .parse_word(text)
            .is_ok_and(|letters| self.dfa.accepts(letters))
    }

    /// The exact number of accepted words of length `len` ([`Dfa::count_accepted`] on the
    /// minimal DFA), each step admitted by `budget` before it starts: the minimisation, then
    /// the count (with writing it in decimal, [`Dfa::count_cost`]). `progress` sees the work
    /// as it is done when the count goes step by step ([`Dfa::count_accepted_reporting`]).
    ///
    /// # Complexity
    ///
    /// The minimisation, O(n k log n), then [`Dfa::count_accepted`]: the recurrence of the
    /// transfer matrix (about log len products of big polynomials) or step by step, whichever its
    /// estimate says is cheaper.
    ///
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::NamedDfa;
    /// use unhop::budget::Budget;
    /// let dfa = NamedDfa::from_regex("(a|b)*", None, &Budget::default()).unwrap();
    /// let count = dfa.count_accepted(64, &unhop::Quiet, &Budget::default()).unwrap();
    /// assert_eq!(count.to_string(), "18446744073709551616");
    /// ```
    pub fn count_accepted(
        &self,
        len: u64,
        progress: &dyn Progress,
        budget: &Budget,
    ) -> Result<BigUint, Error> {
        let minimal = self.dfa.minimized(budget)?;
        minimal.count_accepted_reporting(len, progress, budget)
    }

    /// The generating function of the counts ([`Dfa::generating_function`] on the minimal
    /// DFA), admitted like [`NamedDfa::count_accepted`].
    ///
    /// # Complexity
    ///
    /// The minimisation, then O(s³) big-integer operations for s states ([`Dfa::generating_function`]).
    ///
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::budget::Budget;
    /// let dfa = unhop::automata::NamedDfa::from_regex("(0|10)*1?", None, &Budget::default()).unwrap();
    /// let gf = dfa.generating_function(&unhop::Quiet, &Budget::default()).unwrap();
    /// assert_eq!(gf.to_string(), "(1 + x) / (1 - x - x^2)");
    /// ```
    pub fn generating_function(
        &self,
        progress: &dyn Progress,
        budget: &Budget,
    ) -> Result<GeneratingFunction, Error> {
        let minimal = self.dfa.minimized(budget)?;
        progress.start(&minimal.count_cost(None).what, None);
        minimal.generating_function(budget)
    }

    /// The automaton in Graphviz DOT, transitions labelled with the symbol names.
    ///
    /// # Complexity
    ///
    /// O(states × alphabet) time and space.
    ///
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::budget::Budget;
    /// let dfa = unhop::automata::NamedDfa::from_regex("ab", None, &Budget::default()).unwrap();
    /// assert!(dfa.to_dot("ab").contains("label=\"a\""));
    /// ```
    pub fn to_dot(&self, title: &str) -> String {
        self.dfa.to_dot_named(title, self.alphabet.names())
    }

    /// The transition table as text: a header naming the states, the start and the accepting
    /// states, then one row per state (`>` marks the start, `*` an accepting state).
    ///
    /// # Complexity
    ///
    /// O(states × alphabet).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::budget::Budget;
    /// let budget = Budget::default();
    /// let dfa = unhop::automata::NamedDfa::from_regex("ab", None, &budget).unwrap();
    /// assert!(dfa.minimized(&budget).unwrap().to_table().starts_with("4 states over 2 symbols"));
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
    /// symbols lead to a dead state, added last. O(states × symbols), charged to `meter`.
    fn over(&self, alphabet: &Alphabet, meter: &Meter) -> Result<NamedDfa, Error> {
        let (merged, map) = alphabet.merged(&self.alphabet)?;
        if merged.len() != alphabet.len() {
            return Err(Error::internal(
                "an automaton was widened to an alphabet that lacks some of its symbols",
            ));
        }
        if merged.len() == map.len() && map.iter().enumerate().all(|(i, &l)| i == l as usize) {
            return Ok(self.clone());
        }
        let k = alphabet.len();
        let dead = self.dfa.states() as StateId;
        meter.charge(((dead as usize + 1) * k) as u64)?;
        let mut next = meter.vec((self.dfa.states() + 1) * k, dead)?;
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

    /// Both automata's tables over the union of their alphabets (this one's symbols first),
    /// and a meter admitted by `budget` for `what` (as "comparing") on them: widening both,
    /// then `step`'s cost for DFAs of so many states over so many symbols.
    fn aligned(
        &self,
        other: &NamedDfa,
        what: &str,
        step: fn(u128, u128, u128) -> Cost,
        budget: &Budget,
    ) -> Result<(Dfa, Dfa, Alphabet, Meter), Error> {
        let merged = Alphabet::merged_all([self.alphabet(), other.alphabet()])?;
        let k = merged.len() as u128;
        let cost = over_cost(self, k).then(over_cost(other, k)).then(step(
            widened(self, k),
            widened(other, k),
            k,
        ));
        let meter = cost.admit(
            budget,
            format!(
                "{what} of automata of {} and {} states over {k} symbols",
                self.dfa.states(),
                other.dfa.states()
            ),
            TRANSITIONS,
        )?;
        let (a, b) = (self.over(&merged, &meter)?, other.over(&merged, &meter)?);
        Ok((a.dfa, b.dfa, merged, meter))
    }

    fn with(&self, dfa: Dfa) -> NamedDfa {
        NamedDfa {
            dfa,
            alphabet: self.alphabet.clone(),
        }
    }
}

/// The states of `dfa` once widened to `alphabet` symbols: one more (a dead state) when it
/// lacks some of them.
fn widened(dfa: &NamedDfa, alphabet: u128) -> u128 {
    dfa.dfa.states() as u128 + u128::from(dfa.alphabet.len() as u128 != alphabet)
}

/// An upper bound of widening `dfa` to `alphabet` symbols: its states (and a dead state) ×
/// symbols transitions written, its copy when nothing is added (4 bytes a transition and a
/// byte a state, twice over for a plain copy's own table and flags).
fn over_cost(dfa: &NamedDfa, alphabet: u128) -> Cost {
    let states = widened(dfa, alphabet);
    let transitions = states * alphabet;
    Cost {
        work: transitions,
        bytes: transitions * 4 + states * 2 + 64 * alphabet + 256,
    }
}
