//! DFA minimisation by Moore's partition refinement.

use super::dfa::{Dfa, StateId};
use rustc_hash::FxHashMap;

impl Dfa {
    /// The minimal DFA for the same language, in canonical numbering (see [`Dfa::canonical`]).
    ///
    /// Unreachable states are dropped, then states are split by acceptance and refined by the
    /// classes of their successors until nothing splits (Moore's algorithm): O(n² k) time for n
    /// states and k letters in the worst case, a few rounds in practice. The result has one
    /// state per Myhill–Nerode class of the language, the dead class included.
    ///
    /// ```
    /// use unhop::automata::Dfa;
    /// // Parity of 1s, with the odd class stored twice (states 1 and 2).
    /// let dfa = Dfa::new(2, vec![0, 1, 2, 0, 2, 0], vec![true, false, false], 0).unwrap();
    /// assert_eq!(dfa.minimized().states(), 2);
    /// ```
    pub fn minimized(&self) -> Dfa {
        let dfa = self.canonical();
        let n = dfa.states();
        let k = dfa.alphabet();
        let mut class: Vec<StateId> = (0..n as StateId)
            .map(|s| StateId::from(dfa.is_accepting(s)))
            .collect();
        let mut classes = class.iter().collect::<rustc_hash::FxHashSet<_>>().len();
        loop {
            let mut ids: FxHashMap<Vec<StateId>, StateId> = FxHashMap::default();
            let refined: Vec<StateId> = (0..n as StateId)
                .map(|s| {
                    let signature: Vec<StateId> = std::iter::once(class[s as usize])
                        .chain((0..k).map(|l| class[dfa.next(s, l as u8) as usize]))
                        .collect();
                    let fresh = ids.len() as StateId;
                    *ids.entry(signature).or_insert(fresh)
                })
                .collect();
            let count = ids.len();
            class = refined;
            if count == classes {
                break;
            }
            classes = count;
        }
        let mut next = vec![0; classes * k];
        let mut accepting = vec![false; classes];
        for s in 0..n as StateId {
            let c = class[s as usize] as usize;
            accepting[c] = dfa.is_accepting(s);
            for l in 0..k {
                next[c * k + l] = class[dfa.next(s, l as u8) as usize];
            }
        }
        Dfa::new(k, next, accepting, class[dfa.start() as usize])
            .expect("a quotient of a valid DFA is valid")
            .canonical()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether two DFAs over the same alphabet agree on every word up to `len` letters.
    fn agree_up_to(a: &Dfa, b: &Dfa, len: u32) -> bool {
        (0..=len).all(|n| {
            (0..1u32 << n).all(|bits| {
                let word = (0..n).map(|i| (bits >> i & 1) as u8);
                a.accepts(word.clone()) == b.accepts(word)
            })
        })
    }

    #[test]
    fn redundant_states_merge() {
        // Parity of 1s with the odd class split in two (states 1 and 2) and an unreachable 3.
        let dfa = Dfa::new(
            2,
            vec![0, 1, 2, 0, 2, 0, 3, 3],
            vec![true, false, false, true],
            0,
        )
        .unwrap();
        let min = dfa.minimized();
        assert_eq!(min.states(), 2);
        assert!(agree_up_to(&dfa, &min, 10));
    }

    proptest::proptest! {
        #[test]
        fn minimising_keeps_the_language_and_is_idempotent(
            table in proptest::collection::vec(0u32..6, 12),
            accepting in proptest::collection::vec(proptest::bool::ANY, 6),
        ) {
            let dfa = Dfa::new(2, table, accepting, 0).unwrap();
            let min = dfa.minimized();
            proptest::prop_assert!(min.states() <= dfa.states());
            proptest::prop_assert!(agree_up_to(&dfa, &min, 9));
            proptest::prop_assert_eq!(min.minimized(), min);
        }
    }
}
