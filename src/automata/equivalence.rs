//! Language equivalence of two DFAs, with a shortest word on which they differ.

use super::boolean::reachable_pairs;
use super::dfa::{Dfa, StateId};
use crate::error::Error;

impl Dfa {
    /// A shortest word (the least in length-then-letter order) that one DFA accepts and the
    /// other rejects, or `None` when they accept the same language. Breadth-first search of the
    /// product: O(s₁ × s₂ × alphabet).
    ///
    /// ```
    /// use unhop::automata::compile_dfa;
    /// let a = compile_dfa("(0|1)*1", b"01").unwrap();
    /// let b = compile_dfa("(0|1)*11|1", b"01").unwrap();
    /// assert_eq!(a.shortest_difference(&b).unwrap(), Some(vec![0, 1]));
    /// assert_eq!(a.shortest_difference(&a.minimized()).unwrap(), None);
    /// ```
    pub fn shortest_difference(&self, other: &Dfa) -> Result<Option<Vec<u8>>, Error> {
        if self.alphabet() != other.alphabet() {
            return Err(Error::new(format!(
                "comparing automata over {} and {} letters",
                self.alphabet(),
                other.alphabet()
            )));
        }
        // Breadth-first order with letters in increasing order: the first differing pair
        // found has the least word leading to it.
        let (pairs, next) = reachable_pairs(self, other);
        let alphabet = self.alphabet();
        let mut parent: Vec<Option<(StateId, u8)>> = vec![None; pairs.len()];
        let mut reached = vec![false; pairs.len()];
        reached[0] = true;
        let mut queue = vec![0 as StateId];
        let mut head = 0;
        while head < queue.len() {
            let pair = queue[head];
            head += 1;
            let (a, b) = pairs[pair as usize];
            if self.is_accepting(a) != other.is_accepting(b) {
                let mut word = Vec::new();
                let mut at = pair;
                while let Some((from, letter)) = parent[at as usize] {
                    word.push(letter);
                    at = from;
                }
                word.reverse();
                return Ok(Some(word));
            }
            for letter in 0..alphabet as u8 {
                let target = next[pair as usize * alphabet + letter as usize];
                if !reached[target as usize] {
                    reached[target as usize] = true;
                    parent[target as usize] = Some((pair, letter));
                    queue.push(target);
                }
            }
        }
        Ok(None)
    }

    /// Whether the two DFAs accept the same language.
    pub fn equivalent(&self, other: &Dfa) -> Result<bool, Error> {
        Ok(self.shortest_difference(other)?.is_none())
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
            proptest::prop_assert_eq!(a.shortest_difference(&b).unwrap(), first);
        }
    }
}
