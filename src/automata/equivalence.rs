//! Language equivalence of two DFAs, with a shortest word on which they differ.

use super::boolean::same_alphabet;
use super::dfa::{Dfa, StateId};
use super::held;
use super::pairs::Pairs;
use super::work::{Cost, TRANSITIONS};
use crate::budget::{Budget, Meter};
use crate::error::Error;

impl Dfa {
    /// A shortest word (the least in length-then-letter order) that one DFA accepts and the
    /// other rejects, or `None` when they accept the same language.
    ///
    /// A breadth-first search of the pairs of states reachable from the pair of start states,
    /// letters in increasing order, that stops at the first pair where the two disagree: the
    /// word that led to it first is the least such word.
    ///
    /// # Complexity
    /// O(s₁ × s₂ × alphabet) time and O(s₁ × s₂) memory at most (only the pairs reached are
    /// visited): admitted by `budget` before it starts with the estimate
    /// [`Dfa::difference_cost`], in [`TRANSITIONS`] and bytes, and charged as it runs.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::compile_dfa;
    /// use unhop::budget::Budget;
    /// let budget = Budget::default();
    /// let a = compile_dfa("(0|1)*1", b"01", &budget).unwrap();
    /// let b = compile_dfa("(0|1)*11|1", b"01", &budget).unwrap();
    /// assert_eq!(a.shortest_difference(&b, &budget).unwrap(), Some(vec![0, 1]));
    /// let minimal = a.minimized(&budget).unwrap();
    /// assert_eq!(a.shortest_difference(&minimal, &budget).unwrap(), None);
    /// ```
    pub fn shortest_difference(
        &self,
        other: &Dfa,
        budget: &Budget,
    ) -> Result<Option<Vec<u8>>, Error> {
        same_alphabet(self, other)?;
        let (a, b) = (self.states() as u128, other.states() as u128);
        let meter = Dfa::difference_cost(a, b, self.alphabet() as u128).admit(
            budget,
            format!(
                "comparing automata of {a} and {b} states over {} symbols",
                self.alphabet()
            ),
            TRANSITIONS,
        )?;
        self.shortest_difference_in(other, &meter)
    }

    /// An upper bound of what [`Dfa::shortest_difference`] costs on DFAs of `a` and `b` states
    /// over `alphabet` letters: a transition followed from each pair reached (at most a × b
    /// pairs), the pairs and how each was reached.
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::Dfa;
    /// let cost = Dfa::difference_cost(10, 20, 2);
    /// assert!(cost.work >= 10 * 20);
    /// ```
    pub fn difference_cost(a: u128, b: u128, alphabet: u128) -> Cost {
        let pairs = a.saturating_mul(b);
        Cost {
            work: pairs.saturating_mul(alphabet),
            bytes: Pairs::bytes(pairs).saturating_add(pairs.saturating_mul(24) + 64),
        }
    }

    /// [`Dfa::shortest_difference`] under a meter admitted by the caller.
    pub(crate) fn shortest_difference_in(
        &self,
        other: &Dfa,
        meter: &Meter,
    ) -> Result<Option<Vec<u8>>, Error> {
        same_alphabet(self, other)?;
        let mut pairs = Pairs::new(self, other, meter)?;
        // How each pair was first reached: the pair before and the letter.
        let mut parent: Vec<(StateId, u8)> = Vec::new();
        held::push(&mut parent, (0, 0), meter)?;
        let mut differing = None;
        let mut head = 0;
        'search: while head < pairs.pairs.len() {
            let (p, q) = pairs.pairs[head];
            if head == 0 && self.is_accepting(p) != other.is_accepting(q) {
                differing = Some(0);
                break;
            }
            meter.charge(self.alphabet() as u64)?;
            for letter in 0..self.alphabet() as u8 {
                let (a, b) = (self.next(p, letter), other.next(q, letter));
                let (id, fresh) = pairs.number((a, b), meter)?;
                if fresh {
                    held::push(&mut parent, (head as StateId, letter), meter)?;
                    if self.is_accepting(a) != other.is_accepting(b) {
                        differing = Some(id);
                        break 'search;
                    }
                }
            }
            head += 1;
        }
        Ok(differing.map(|mut at| {
            let mut word = Vec::new();
            while at != 0 {
                let (from, letter) = parent[at as usize];
                word.push(letter);
                at = from;
            }
            word.reverse();
            word
        }))
    }

    /// Whether the two DFAs accept the same language ([`Dfa::shortest_difference`]).
    pub fn equivalent(&self, other: &Dfa, budget: &Budget) -> Result<bool, Error> {
        Ok(self.shortest_difference(other, budget)?.is_none())
    }
}

#[cfg(test)]
mod tests {
    use crate::automata::Dfa;

    /// Every word up to length 8, in length-then-letter order.
    fn words() -> impl Iterator<Item = Vec<u8>> {
        (0..=8usize).flat_map(|len| {
            (0..1u32 << len).map(move |bits| {
                (0..len)
                    .map(|i| (bits >> (len - 1 - i) & 1) as u8)
                    .collect()
            })
        })
    }

    proptest::proptest! {
        /// The difference found is the first word, by brute force, on which they differ.
        #[test]
        fn shortest_difference_is_the_first_differing_word(
            a in proptest::collection::vec(0u32..4, 8),
            a_accepting in proptest::collection::vec(proptest::bool::ANY, 4),
            b in proptest::collection::vec(0u32..3, 6),
            b_accepting in proptest::collection::vec(proptest::bool::ANY, 3),
        ) {
            let a = Dfa::new(2, a, a_accepting, 0).unwrap();
            let b = Dfa::new(2, b, b_accepting, 0).unwrap();
            // Distinct languages of DFAs with 4 and 3 states differ on a word shorter than 7.
            let first = words().find(|w| a.accepts(w.iter().copied()) != b.accepts(w.iter().copied()));
            let found = a.shortest_difference(&b, &crate::budget::Budget::default()).unwrap();
            proptest::prop_assert_eq!(found, first);
        }
    }
}
