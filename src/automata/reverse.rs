//! The reversal of a regular language.

use super::dfa::{Dfa, StateId};
use super::nfa::Nfa;

impl Dfa {
    /// The minimal DFA of the reversed words: the transitions turned around as an NFA (a fresh
    /// start state stands for all accepting states), then the subset construction and
    /// minimisation. Exponential in the worst case, O(states × alphabet) for the automata here.
    ///
    /// ```
    /// use unhop::automata::compile_dfa;
    /// let starts_with_one = compile_dfa("1(0|1)*", b"01").unwrap();
    /// let ends_with_one = starts_with_one.reversed();
    /// assert!(ends_with_one.accepts([0, 0, 1]));
    /// assert!(!ends_with_one.accepts([1, 0]));
    /// ```
    pub fn reversed(&self) -> Dfa {
        let (states, alphabet) = (self.states(), self.alphabet());
        let fresh = states as StateId;
        let mut next = vec![Vec::new(); (states + 1) * alphabet];
        for s in 0..fresh {
            for letter in 0..alphabet as u8 {
                let t = self.next(s, letter);
                next[t as usize * alphabet + letter as usize].push(s);
                if self.is_accepting(t) {
                    next[fresh as usize * alphabet + letter as usize].push(s);
                }
            }
        }
        let mut accepting: Vec<bool> = (0..fresh).map(|s| s == self.start()).collect();
        accepting.push(self.is_accepting(self.start()));
        Nfa::new(alphabet, next, accepting, fresh)
            .expect("the reversed table has the same shape")
            .determinized()
            .minimized()
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
            let reversed = dfa.reversed();
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
