//! The reversal of a regular language.

use super::dfa::{Dfa, StateId};
use super::edges::Edges;
use super::held;
use super::work::TRANSITIONS;
use crate::budget::{Budget, Meter};
use crate::error::Error;

impl Dfa {
    /// The minimal DFA of the reversed words: the transitions turned around (the accepting
    /// states become the start states, the start state the accepting one), determinised by
    /// the subset construction and minimised ([`Dfa::minimized`]).
    ///
    /// # Complexity
    /// The subsets can number 2^states (the reversal of a DFA of n states can need that
    /// many), so there is no estimate in advance: the whole run is charged to `budget` in
    /// [`TRANSITIONS`] as it goes, and gives up past its work or memory limit. O(states ×
    /// alphabet) for the automata of peg solitaire.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::compile_dfa;
    /// use unhop::budget::Budget;
    /// let budget = Budget::default();
    /// let starts_with_one = compile_dfa("1(0|1)*", b"01", &budget).unwrap();
    /// let ends_with_one = starts_with_one.reversed(&budget).unwrap();
    /// assert!(ends_with_one.accepts([0, 0, 1]));
    /// assert!(!ends_with_one.accepts([1, 0]));
    /// ```
    pub fn reversed(&self, budget: &Budget) -> Result<Dfa, Error> {
        let meter = budget.meter(
            format!(
                "reversing an automaton of {} states (its reversal can need 2^{} states)",
                self.states(),
                self.states()
            ),
            TRANSITIONS,
        );
        self.reversed_in(&meter)
    }

    /// [`Dfa::reversed`] under a meter of the caller's.
    pub(crate) fn reversed_in(&self, meter: &Meter) -> Result<Dfa, Error> {
        let states = self.states() as StateId;
        let mut transitions = held::with_capacity(self.states() * self.alphabet(), meter)?;
        for s in 0..states {
            for l in 0..self.alphabet() as u8 {
                transitions.push((self.next(s, l), Some(l), s));
            }
        }
        let mut starts: Vec<StateId> = (0..states).filter(|&s| self.is_accepting(s)).collect();
        let mut accepting: Vec<bool> = (0..states).map(|s| s == self.start()).collect();
        if starts.is_empty() {
            // The empty language: its reversal is empty too.
            starts.push(0);
            accepting.fill(false);
        }
        let edges = Edges {
            states: self.states(),
            alphabet: self.alphabet(),
            starts,
            accepting,
            transitions,
        };
        let subsets = edges.subsets_in(meter)?;
        subsets.minimized_in(meter)
    }
}

#[cfg(test)]
mod tests {
    use crate::automata::Dfa;

    proptest::proptest! {
        /// The reversal accepts a word exactly when the DFA accepts it read backwards.
        #[test]
        fn reversal_accepts_the_reversed_words(
            table in proptest::collection::vec(0u32..5, 10),
            accepting in proptest::collection::vec(proptest::bool::ANY, 5),
        ) {
            let dfa = Dfa::new(2, table, accepting, 0).unwrap();
            let reversed = dfa.reversed(&crate::budget::Budget::default()).unwrap();
            for len in 0..=8usize {
                for bits in 0..1u32 << len {
                    let w: Vec<u8> = (0..len).map(|i| (bits >> i & 1) as u8).collect();
                    proptest::prop_assert_eq!(
                        reversed.accepts(w.iter().rev().copied()),
                        dfa.accepts(w.iter().copied())
                    );
                }
            }
        }
    }
}
