//! Nondeterministic finite automata without ε-moves, and the subset construction.

use super::dfa::{Dfa, StateId};
use rustc_hash::FxHashMap;

/// An NFA without ε-moves over the letters `0..alphabet`, with one start state.
///
/// This is the kind of automaton Moore and Eppstein's shortest-path construction takes
/// (Theorem 2 of "One-dimensional peg solitaire, and Duotaire"). Make one from a regular
/// expression with [`crate::automata::compile_nfa`].
///
/// ```
/// use unhop::automata::Nfa;
/// // Words over {0, 1} whose second-to-last letter is 1.
/// let nfa = Nfa::new(2, vec![vec![0], vec![0, 1], vec![2], vec![2], vec![], vec![]],
///                    vec![false, false, true], 0).unwrap();
/// assert!(nfa.accepts([0, 1, 0]));
/// assert!(!nfa.accepts([1, 0, 0]));
/// assert_eq!(nfa.determinized().minimized().states(), 4);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nfa {
    alphabet: usize,
    next: Vec<Vec<StateId>>,
    accepting: Vec<bool>,
    start: StateId,
}

impl Nfa {
    /// An NFA from its table: `next[state * alphabet + letter]` lists the successors.
    pub fn new(
        alphabet: usize,
        next: Vec<Vec<StateId>>,
        accepting: Vec<bool>,
        start: StateId,
    ) -> Result<Nfa, crate::Error> {
        let states = accepting.len();
        let in_range = next.iter().flatten().all(|&s| (s as usize) < states);
        if alphabet == 0 || next.len() != states * alphabet || !in_range || start as usize >= states
        {
            return Err(crate::Error::new(format!(
                "malformed NFA table: {states} states, {alphabet} letters, {} entries",
                next.len()
            )));
        }
        Ok(Nfa {
            alphabet,
            next,
            accepting,
            start,
        })
    }

    /// The number of letters.
    pub fn alphabet(&self) -> usize {
        self.alphabet
    }

    /// The number of states.
    pub fn states(&self) -> usize {
        self.accepting.len()
    }

    /// The start state.
    pub fn start(&self) -> StateId {
        self.start
    }

    /// The successors of `state` on `letter`.
    pub fn next(&self, state: StateId, letter: u8) -> &[StateId] {
        &self.next[state as usize * self.alphabet + letter as usize]
    }

    /// Whether `state` is accepting.
    pub fn is_accepting(&self, state: StateId) -> bool {
        self.accepting[state as usize]
    }

    /// The number of transitions.
    pub fn transitions(&self) -> usize {
        self.next.iter().map(Vec::len).sum()
    }

    /// Whether the NFA accepts `letters`, by tracking the set of current states:
    /// O(length × transitions).
    pub fn accepts(&self, letters: impl IntoIterator<Item = u8>) -> bool {
        let mut current = vec![self.start];
        for letter in letters {
            let mut following: Vec<StateId> = current
                .iter()
                .flat_map(|&s| self.next(s, letter).iter().copied())
                .collect();
            following.sort_unstable();
            following.dedup();
            current = following;
        }
        current.iter().any(|&s| self.is_accepting(s))
    }

    /// The equivalent complete DFA by the subset construction (reachable subsets only; the
    /// empty subset is the dead state). Exponential in the worst case, small for the NFAs here.
    pub fn determinized(&self) -> Dfa {
        let mut ids: FxHashMap<Vec<StateId>, StateId> = FxHashMap::default();
        let mut subsets = vec![vec![self.start]];
        ids.insert(vec![self.start], 0);
        let mut next = Vec::new();
        let mut head = 0;
        while head < subsets.len() {
            for letter in 0..self.alphabet as u8 {
                let mut target: Vec<StateId> = subsets[head]
                    .iter()
                    .flat_map(|&s| self.next(s, letter).iter().copied())
                    .collect();
                target.sort_unstable();
                target.dedup();
                let fresh = subsets.len() as StateId;
                let id = *ids.entry(target.clone()).or_insert_with(|| {
                    subsets.push(target);
                    fresh
                });
                next.push(id);
            }
            head += 1;
        }
        let accepting = subsets
            .iter()
            .map(|set| set.iter().any(|&s| self.is_accepting(s)))
            .collect();
        Dfa::new(self.alphabet, next, accepting, 0).expect("the subset construction is complete")
    }
}
