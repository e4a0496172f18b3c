//! Boolean operations on DFAs: complement, and intersection, union and difference by the
//! product construction.

use super::dfa::{Dfa, StateId};
use crate::error::Error;
use rustc_hash::FxHashMap;

impl Dfa {
    /// The DFA of the words this one rejects (over the same alphabet). O(states).
    ///
    /// ```
    /// use unhop::automata::compile_dfa;
    /// let ones = compile_dfa("1*", b"01").unwrap();
    /// assert!(ones.complement().accepts([1, 0]));
    /// assert!(!ones.complement().accepts([1, 1]));
    /// ```
    pub fn complement(&self) -> Dfa {
        let next = (0..self.states() as StateId)
            .flat_map(|s| (0..self.alphabet() as u8).map(move |l| (s, l)))
            .map(|(s, l)| self.next(s, l))
            .collect();
        let accepting = (0..self.states() as StateId)
            .map(|s| !self.is_accepting(s))
            .collect();
        Dfa::new(self.alphabet(), next, accepting, self.start()).expect("same shape")
    }

    /// The words both DFAs accept.
    pub fn intersection(&self, other: &Dfa) -> Result<Dfa, Error> {
        self.product(other, |a, b| a && b)
    }

    /// The words either DFA accepts.
    pub fn union(&self, other: &Dfa) -> Result<Dfa, Error> {
        self.product(other, |a, b| a || b)
    }

    /// The words this DFA accepts and `other` rejects.
    pub fn difference(&self, other: &Dfa) -> Result<Dfa, Error> {
        self.product(other, |a, b| a && !b)
    }

    /// The product automaton on the pairs of states reachable from the pair of start states,
    /// a pair accepting when `accept` says so of its two parts. O(s₁ × s₂ × alphabet).
    ///
    /// ```
    /// use unhop::automata::compile_dfa;
    /// let even_length = compile_dfa("((0|1)(0|1))*", b"01").unwrap();
    /// let ends_in_one = compile_dfa("(0|1)*1", b"01").unwrap();
    /// let both = even_length.product(&ends_in_one, |a, b| a && b).unwrap();
    /// assert!(both.accepts([0, 1]));
    /// assert!(!both.accepts([1]));
    /// ```
    pub fn product(&self, other: &Dfa, accept: impl Fn(bool, bool) -> bool) -> Result<Dfa, Error> {
        if self.alphabet() != other.alphabet() {
            return Err(Error::new(format!(
                "the product of automata over {} and {} letters",
                self.alphabet(),
                other.alphabet()
            )));
        }
        let (pairs, next) = reachable_pairs(self, other);
        let accepting = pairs
            .iter()
            .map(|&(a, b)| accept(self.is_accepting(a), other.is_accepting(b)))
            .collect();
        Dfa::new(self.alphabet(), next, accepting, 0)
    }
}

/// The pairs of states reachable from the pair of start states, in breadth-first order, and
/// the transition table between them (`next[pair * alphabet + letter]`). Both DFAs must have
/// the same alphabet.
pub(crate) fn reachable_pairs(a: &Dfa, b: &Dfa) -> (Vec<(StateId, StateId)>, Vec<StateId>) {
    let mut ids: FxHashMap<(StateId, StateId), StateId> = FxHashMap::default();
    let mut pairs = vec![(a.start(), b.start())];
    ids.insert(pairs[0], 0);
    let mut next = Vec::new();
    let mut head = 0;
    while head < pairs.len() {
        let (p, q) = pairs[head];
        for letter in 0..a.alphabet() as u8 {
            let target = (a.next(p, letter), b.next(q, letter));
            let fresh = pairs.len() as StateId;
            let id = *ids.entry(target).or_insert_with(|| {
                pairs.push(target);
                fresh
            });
            next.push(id);
        }
        head += 1;
    }
    (pairs, next)
}

#[cfg(test)]
mod tests {
    use crate::automata::Dfa;

    proptest::proptest! {
        /// Each operation accepts exactly the words its definition says, on every word up to 7.
        #[test]
        fn operations_agree_with_their_definitions_word_by_word(
            a in proptest::collection::vec(0u32..4, 8),
            a_accepting in proptest::collection::vec(proptest::bool::ANY, 4),
            b in proptest::collection::vec(0u32..3, 6),
            b_accepting in proptest::collection::vec(proptest::bool::ANY, 3),
        ) {
            let a = Dfa::new(2, a, a_accepting, 0).unwrap();
            let b = Dfa::new(2, b, b_accepting, 0).unwrap();
            let (and, or, minus, not) =
                (a.intersection(&b).unwrap(), a.union(&b).unwrap(), a.difference(&b).unwrap(), a.complement());
            for len in 0..=7usize {
                for bits in 0..1u32 << len {
                    let w: Vec<u8> = (0..len).map(|i| (bits >> i & 1) as u8).collect();
                    let (x, y) = (a.accepts(w.iter().copied()), b.accepts(w.iter().copied()));
                    proptest::prop_assert_eq!(and.accepts(w.iter().copied()), x && y);
                    proptest::prop_assert_eq!(or.accepts(w.iter().copied()), x || y);
                    proptest::prop_assert_eq!(minus.accepts(w.iter().copied()), x && !y);
                    proptest::prop_assert_eq!(not.accepts(w.iter().copied()), !x);
                }
            }
        }
    }

    #[test]
    fn different_alphabets_are_an_error() {
        let two = Dfa::new(2, vec![0, 0], vec![true], 0).unwrap();
        let three = Dfa::new(3, vec![0, 0, 0], vec![true], 0).unwrap();
        assert!(two.union(&three).is_err());
    }
}
