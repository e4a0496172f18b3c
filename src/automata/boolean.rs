//! Boolean operations on DFAs: complement, and intersection, union and difference by the
//! product construction.

use super::dfa::{Dfa, StateId};
use super::held;
use super::pairs::{Pairs, product_cost};
use super::work::TRANSITIONS;
use crate::budget::{Budget, Meter};
use crate::error::Error;

impl Dfa {
    /// The DFA of the words this one rejects (over the same alphabet).
    ///
    /// # Complexity
    ///
    /// O(states × alphabet).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::compile_dfa;
    /// use unhop::budget::Budget;
    /// let ones = compile_dfa("1*", b"01", &Budget::default()).unwrap();
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

    /// The words both DFAs accept ([`Dfa::product`]).
    ///
    /// # Complexity
    ///
    /// O(s₁ × s₂ × alphabet) time and memory at most, admitted by `budget` ([`Dfa::product`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{automata::compile_dfa, budget::Budget};
    /// let budget = Budget::default();
    /// let a = compile_dfa("(0|1)*0", b"01", &budget).unwrap();
    /// let b = compile_dfa("0(0|1)*", b"01", &budget).unwrap();
    /// let both = a.intersection(&b, &budget).unwrap();
    /// assert!(both.accepts([0, 1, 0]) && !both.accepts([1, 0]));
    /// ```
    pub fn intersection(&self, other: &Dfa, budget: &Budget) -> Result<Dfa, Error> {
        self.product(other, |a, b| a && b, budget)
    }

    /// The words either DFA accepts ([`Dfa::product`]).
    ///
    /// # Complexity
    ///
    /// O(s₁ × s₂ × alphabet) time and memory at most, admitted by `budget` ([`Dfa::product`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{automata::compile_dfa, budget::Budget};
    /// let budget = Budget::default();
    /// let a = compile_dfa("0*", b"01", &budget).unwrap();
    /// let b = compile_dfa("1*", b"01", &budget).unwrap();
    /// let either = a.union(&b, &budget).unwrap();
    /// assert!(either.accepts([1, 1]) && !either.accepts([0, 1]));
    /// ```
    pub fn union(&self, other: &Dfa, budget: &Budget) -> Result<Dfa, Error> {
        self.product(other, |a, b| a || b, budget)
    }

    /// The words this DFA accepts and `other` rejects ([`Dfa::product`]).
    ///
    /// # Complexity
    ///
    /// O(s₁ × s₂ × alphabet) time and memory at most, admitted by `budget` ([`Dfa::product`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{automata::compile_dfa, budget::Budget};
    /// let budget = Budget::default();
    /// let all = compile_dfa("(0|1)*", b"01", &budget).unwrap();
    /// let ones = compile_dfa("1*", b"01", &budget).unwrap();
    /// let rest = all.difference(&ones, &budget).unwrap();
    /// assert!(rest.accepts([1, 0]) && !rest.accepts([1, 1]));
    /// ```
    pub fn difference(&self, other: &Dfa, budget: &Budget) -> Result<Dfa, Error> {
        self.product(other, |a, b| a && !b, budget)
    }

    /// The product automaton on the pairs of states reachable from the pair of start states
    /// (numbered breadth first), a pair accepting when `accept` says so of its two parts.
    ///
    /// # Complexity
    /// O(s₁ × s₂ × alphabet) time and memory at most (only the pairs reached are built):
    /// admitted by `budget` before it starts with that estimate, in [`TRANSITIONS`] and
    /// bytes, and charged a transition a pair as it runs.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::compile_dfa;
    /// use unhop::budget::Budget;
    /// let budget = Budget::default();
    /// let even_length = compile_dfa("((0|1)(0|1))*", b"01", &budget).unwrap();
    /// let ends_in_one = compile_dfa("(0|1)*1", b"01", &budget).unwrap();
    /// let both = even_length.product(&ends_in_one, |a, b| a && b, &budget).unwrap();
    /// assert!(both.accepts([0, 1]));
    /// assert!(!both.accepts([1]));
    /// ```
    pub fn product(
        &self,
        other: &Dfa,
        accept: impl Fn(bool, bool) -> bool,
        budget: &Budget,
    ) -> Result<Dfa, Error> {
        same_alphabet(self, other)?;
        let (a, b) = (self.states() as u128, other.states() as u128);
        let meter = product_cost(a, b, self.alphabet() as u128).admit(
            budget,
            format!(
                "the product of automata of {a} and {b} states over {} symbols",
                self.alphabet()
            ),
            TRANSITIONS,
        )?;
        self.product_in(other, accept, &meter)
    }

    /// [`Dfa::product`] under a meter admitted by the caller.
    pub(crate) fn product_in(
        &self,
        other: &Dfa,
        accept: impl Fn(bool, bool) -> bool,
        meter: &Meter,
    ) -> Result<Dfa, Error> {
        same_alphabet(self, other)?;
        let k = self.alphabet();
        let mut pairs = Pairs::new(self, other, meter)?;
        let mut next = Vec::new();
        let mut head = 0;
        while head < pairs.pairs.len() {
            meter.charge(k as u64)?;
            let (p, q) = pairs.pairs[head];
            for letter in 0..k as u8 {
                let (id, _) = pairs.number((self.next(p, letter), other.next(q, letter)), meter)?;
                held::push(&mut next, id, meter)?;
            }
            head += 1;
        }
        let accepting = pairs
            .pairs
            .iter()
            .map(|&(a, b)| accept(self.is_accepting(a), other.is_accepting(b)))
            .collect();
        Dfa::new(k, next, accepting, 0)
    }
}

/// An input error unless the two DFAs have the same number of letters.
pub(crate) fn same_alphabet(a: &Dfa, b: &Dfa) -> Result<(), Error> {
    if a.alphabet() != b.alphabet() {
        return Err(Error::new(format!(
            "automata over {} and {} letters cannot be combined: give both the same letters",
            a.alphabet(),
            b.alphabet()
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::automata::Dfa;
    use crate::budget::Budget;

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
            let budget = Budget::default();
            let (and, or, minus, not) = (
                a.intersection(&b, &budget).unwrap(),
                a.union(&b, &budget).unwrap(),
                a.difference(&b, &budget).unwrap(),
                a.complement(),
            );
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
        assert!(two.union(&three, &Budget::default()).is_err());
    }
}
