//! Nondeterministic finite automata without ε-moves, and the subset construction.

use super::dfa::{Dfa, StateId};
use super::edges::Edges;
use super::held;
use super::work::TRANSITIONS;
use crate::budget::{Budget, Meter};

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
/// let budget = unhop::budget::Budget::default();
/// assert_eq!(nfa.determinized(&budget).unwrap().minimized(&budget).unwrap().states(), 4);
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
    ///
    /// # Complexity
    ///
    /// O(states × alphabet + transitions) to check the table.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::Nfa;
    /// // Words over {0, 1} ending in 1: state 0 loops, and 1 also leads to the accepting state 1.
    /// let nfa = Nfa::new(2, vec![vec![0], vec![0, 1], vec![], vec![]], vec![false, true], 0).unwrap();
    /// assert!(nfa.accepts([0, 1]) && !nfa.accepts([1, 0]));
    /// ```
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

    /// Whether the NFA accepts `letters`, by tracking the set of current states.
    ///
    /// # Complexity
    ///
    /// O(length × transitions).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::solitaire::{Board, Language};
    /// let nfa = Language::of(Board::Finite).nfa();
    /// assert!(nfa.accepts([1, 0, 1, 1]) && !nfa.accepts([1, 1]));
    /// ```
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

    /// The equivalent complete DFA by the subset construction: one state per subset
    /// reachable from `{start}`, numbered breadth first (letters in increasing order); the
    /// empty subset is the dead state.
    ///
    /// # Complexity
    /// O(subsets × (states + transitions)); the subsets can number 2^states, so there is no
    /// estimate in advance: the construction is charged to `budget` as it runs (a
    /// [`TRANSITIONS`](crate::automata::TRANSITIONS) a subset and letter, and each state and
    /// move it looks at) and gives up past its work or memory limit ([`Edges::to_dfa`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::budget::Budget;
    /// use unhop::solitaire::{Board, Language};
    /// let nfa = Language::of(Board::Finite).nfa();
    /// let dfa = nfa.determinized(&Budget::default()).unwrap();
    /// assert!(dfa.accepts([1, 0, 1, 1]) && !dfa.accepts([1, 1]));
    /// ```
    pub fn determinized(&self, budget: &Budget) -> Result<Dfa, crate::Error> {
        let meter = budget.meter(
            format!(
                "determinising an automaton of {} states (its subsets can number 2^{})",
                self.states(),
                self.states()
            ),
            TRANSITIONS,
        );
        self.determinized_in(&meter)
    }

    /// [`Nfa::determinized`] under a meter of the caller's.
    pub(crate) fn determinized_in(&self, meter: &Meter) -> Result<Dfa, crate::Error> {
        let mut transitions = held::with_capacity(self.transitions(), meter)?;
        for s in 0..self.states() as StateId {
            for letter in 0..self.alphabet as u8 {
                transitions.extend(self.next(s, letter).iter().map(|&t| (s, Some(letter), t)));
            }
        }
        let edges = Edges {
            states: self.states(),
            alphabet: self.alphabet,
            starts: vec![self.start],
            accepting: self.accepting.clone(),
            transitions,
        };
        edges.subsets_in(meter)
    }
}

impl Nfa {
    /// The same language without the states that cannot reach an accepting state (the start
    /// state is always kept), renumbered in breadth-first order.
    ///
    /// # Complexity
    ///
    /// O(states × alphabet + transitions).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::Nfa;
    /// // State 2 cannot reach the accepting state 1.
    /// let nfa = Nfa::new(1, vec![vec![1, 2], vec![], vec![2]], vec![false, true, false], 0).unwrap();
    /// assert_eq!(nfa.trimmed().states(), 2);
    /// ```
    pub fn trimmed(&self) -> Nfa {
        let k = self.alphabet();
        // Backwards from the accepting states along the transitions turned around.
        let mut predecessors: Vec<Vec<StateId>> = vec![Vec::new(); self.states()];
        for s in 0..self.states() as StateId {
            for l in 0..k as u8 {
                for &t in self.next(s, l) {
                    predecessors[t as usize].push(s);
                }
            }
        }
        let mut live: Vec<bool> = (0..self.states() as StateId)
            .map(|s| self.is_accepting(s))
            .collect();
        let mut stack: Vec<StateId> = (0..self.states() as StateId)
            .filter(|&s| live[s as usize])
            .collect();
        while let Some(t) = stack.pop() {
            for &s in &predecessors[t as usize] {
                if !live[s as usize] {
                    live[s as usize] = true;
                    stack.push(s);
                }
            }
        }
        let mut ids = vec![StateId::MAX; self.states()];
        let mut order = vec![self.start()];
        ids[self.start() as usize] = 0;
        let mut next = Vec::new();
        let mut head = 0;
        while head < order.len() {
            for l in 0..k as u8 {
                let mut targets = Vec::new();
                for &t in self
                    .next(order[head], l)
                    .iter()
                    .filter(|&&t| live[t as usize])
                {
                    if ids[t as usize] == StateId::MAX {
                        ids[t as usize] = order.len() as StateId;
                        order.push(t);
                    }
                    targets.push(ids[t as usize]);
                }
                targets.sort_unstable();
                next.push(targets);
            }
            head += 1;
        }
        let accepting = order.iter().map(|&s| self.is_accepting(s)).collect();
        Nfa::new(k, next, accepting, 0).expect("trimming keeps a valid table")
    }
}
