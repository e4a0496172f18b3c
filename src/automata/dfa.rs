//! Complete deterministic finite automata over a small alphabet, stored as a flat table.

use crate::budget::Meter;
use crate::error::Error;

/// A state of an automaton: an index into its tables.
pub type StateId = u32;

/// A complete DFA over the letters `0..alphabet`: every state has a transition on every letter.
///
/// The transition table is one flat vector, `next[state * alphabet + letter]`, so a step costs
/// one indexed load. Build one with [`Dfa::new`], from a regular expression with
/// [`crate::automata::compile_dfa`], or minimise one with [`Dfa::minimized`].
///
/// ```
/// use unhop::automata::Dfa;
/// // Words over {0, 1} with an even number of 1s.
/// let even = Dfa::new(2, vec![0, 1, 1, 0], vec![true, false], 0).unwrap();
/// assert!(even.accepts([1, 0, 1]));
/// assert!(!even.accepts([1, 1, 1]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dfa {
    alphabet: usize,
    next: Vec<StateId>,
    accepting: Vec<bool>,
    start: StateId,
}

impl Dfa {
    /// A DFA from its table, checked for shape: `next` has `alphabet` entries per state, each
    /// naming a state, and `start` is a state.
    ///
    /// # Complexity
    ///
    /// O(states × alphabet) to check the table.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::Dfa;
    /// let even = Dfa::new(2, vec![0, 1, 1, 0], vec![true, false], 0).unwrap();
    /// assert!(even.accepts([1, 1]));
    /// assert!(Dfa::new(2, vec![0, 2, 1, 0], vec![true, false], 0).is_err());
    /// ```
    pub fn new(
        alphabet: usize,
        next: Vec<StateId>,
        accepting: Vec<bool>,
        start: StateId,
    ) -> Result<Dfa, Error> {
        let states = accepting.len();
        if alphabet == 0 || next.len() != states * alphabet {
            return Err(Error::new(format!(
                "a DFA table over {alphabet} letters with {states} states needs {} entries, not {}",
                states * alphabet,
                next.len()
            )));
        }
        if let Some(bad) = next.iter().find(|&&s| s as usize >= states) {
            return Err(Error::new(format!(
                "the DFA table names state {bad} of {states}"
            )));
        }
        if start as usize >= states {
            return Err(Error::new(format!(
                "the start state {start} is not one of {states}"
            )));
        }
        Ok(Dfa {
            alphabet,
            next,
            accepting,
            start,
        })
    }

    /// Every complete DFA with `states` states (at least 1) over `alphabet` letters whose start
    /// is state 0: every table and every set of accepting states, states^(states × alphabet) ×
    /// 2^states of them, for checks on every small case.
    ///
    /// # Complexity
    ///
    /// O(1) each.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::Dfa;
    /// assert_eq!(Dfa::every(2, 1).count(), 16);
    /// assert!(Dfa::every(2, 2).all(|dfa| dfa.states() == 2 && dfa.start() == 0));
    /// ```
    pub fn every(states: usize, alphabet: usize) -> impl Iterator<Item = Dfa> {
        let transitions = states * alphabet;
        let tables = (states as u64).pow(transitions as u32);
        (0..tables).flat_map(move |code| {
            let next: Vec<StateId> = (0..transitions)
                .scan(code, |rest, _| {
                    let t = *rest % states as u64;
                    *rest /= states as u64;
                    Some(t as StateId)
                })
                .collect();
            (0..1u64 << states).map(move |accepting| Dfa {
                alphabet,
                next: next.clone(),
                accepting: (0..states).map(|s| accepting >> s & 1 == 1).collect(),
                start: 0,
            })
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

    /// The state reached from `state` on `letter`.
    #[inline]
    pub fn next(&self, state: StateId, letter: u8) -> StateId {
        self.next[state as usize * self.alphabet + letter as usize]
    }

    /// Whether `state` is accepting.
    #[inline]
    pub fn is_accepting(&self, state: StateId) -> bool {
        self.accepting[state as usize]
    }

    /// The state reached from `state` after reading `letters`.
    pub fn run_from(&self, state: StateId, letters: impl IntoIterator<Item = u8>) -> StateId {
        letters.into_iter().fold(state, |s, l| self.next(s, l))
    }

    /// Whether the DFA accepts `letters`, in O(length) time.
    ///
    /// # Complexity
    ///
    /// O(length) table steps.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::Dfa;
    /// let even = Dfa::new(2, vec![0, 1, 1, 0], vec![true, false], 0).unwrap();
    /// assert!(even.accepts([0, 1, 1]) && !even.accepts([1]));
    /// ```
    pub fn accepts(&self, letters: impl IntoIterator<Item = u8>) -> bool {
        self.is_accepting(self.run_from(self.start, letters))
    }

    /// The states from which some accepting state can be reached (the others are dead).
    ///
    /// # Complexity
    ///
    /// O(states × alphabet) by a backward search from the accepting states.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::Dfa;
    /// // State 1 is a trap: nothing accepting is reachable from it.
    /// let dfa = Dfa::new(2, vec![0, 1, 1, 1], vec![true, false], 0).unwrap();
    /// assert_eq!(dfa.live_states(), vec![true, false]);
    /// ```
    pub fn live_states(&self) -> Vec<bool> {
        let mut predecessors = vec![Vec::new(); self.states()];
        for (i, &target) in self.next.iter().enumerate() {
            predecessors[target as usize].push((i / self.alphabet) as StateId);
        }
        let mut live = self.accepting.clone();
        let mut stack: Vec<StateId> = (0..self.states() as StateId)
            .filter(|&s| live[s as usize])
            .collect();
        while let Some(s) = stack.pop() {
            for &p in &predecessors[s as usize] {
                if !live[p as usize] {
                    live[p as usize] = true;
                    stack.push(p);
                }
            }
        }
        live
    }

    /// The same language with the states renumbered in breadth-first order from the start
    /// (letters in increasing order) and unreachable states dropped.
    ///
    /// Two minimal DFAs accept the same language exactly when their canonical forms are equal.
    ///
    /// # Complexity
    /// O(states × alphabet) time; it allocates the new table and 8 bytes a state besides
    /// (`Dfa::canonical_bytes`).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::Dfa;
    /// // State 1 is unreachable; states 0 and 2 swap places.
    /// let dfa = Dfa::new(1, vec![2, 1, 0], vec![true, false, false], 2).unwrap();
    /// assert_eq!(dfa.canonical(), Dfa::new(1, vec![1, 0], vec![false, true], 0).unwrap());
    /// ```
    pub fn canonical(&self) -> Dfa {
        let mut order = vec![StateId::MAX; self.states()];
        let mut queue = Vec::with_capacity(self.states());
        queue.push(self.start);
        order[self.start as usize] = 0;
        let mut head = 0;
        while head < queue.len() {
            let s = queue[head];
            head += 1;
            for letter in 0..self.alphabet {
                let t = self.next(s, letter as u8);
                if order[t as usize] == StateId::MAX {
                    order[t as usize] = queue.len() as StateId;
                    queue.push(t);
                }
            }
        }
        let mut next = Vec::with_capacity(queue.len() * self.alphabet);
        for &s in &queue {
            for letter in 0..self.alphabet {
                next.push(order[self.next(s, letter as u8) as usize]);
            }
        }
        let accepting = queue.iter().map(|&s| self.is_accepting(s)).collect();
        Dfa {
            alphabet: self.alphabet,
            next,
            accepting,
            start: 0,
        }
    }

    /// The most bytes [`Dfa::canonical`] allocates at once for a DFA of `states` states over
    /// `alphabet` letters: the new table (4 bytes a transition, 1 a state) and two arrays of 4
    /// bytes a state.
    pub(crate) fn canonical_bytes(states: u128, alphabet: u128) -> u128 {
        states * alphabet * 4 + states * 9
    }

    /// [`Dfa::canonical`] charged to `meter`: a unit a transition, its bytes held while it
    /// runs and the new table's kept held (released when it is dropped:
    /// [`Dfa::release_from`]).
    pub(crate) fn canonical_in(&self, meter: &Meter) -> Result<Dfa, Error> {
        let (n, k) = (self.states() as u128, self.alphabet as u128);
        let bytes = Dfa::canonical_bytes(n, k);
        meter.hold(u64::try_from(bytes).unwrap_or(u64::MAX))?;
        meter.charge(u64::try_from(n * k).unwrap_or(u64::MAX))?;
        let canonical = self.canonical();
        meter.release(u64::try_from(bytes).unwrap_or(u64::MAX));
        meter.hold(canonical.table_bytes())?;
        Ok(canonical)
    }

    /// The bytes of this DFA's tables (4 a transition, 1 a state).
    pub(crate) fn table_bytes(&self) -> u64 {
        (self.next.len() as u64) * 4 + self.accepting.len() as u64
    }

    /// Gives back to `meter` the bytes of this DFA's tables, held before (the DFA is dropped).
    pub(crate) fn release_from(self, meter: &Meter) {
        meter.release(self.table_bytes());
    }

    /// The same table with state `state`'s acceptance flipped: a deliberately wrong automaton,
    /// to check that a proof or a test notices.
    ///
    /// # Complexity
    ///
    /// O(states × alphabet).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::Dfa;
    /// let even = Dfa::new(2, vec![0, 1, 1, 0], vec![true, false], 0).unwrap();
    /// let odd = even.with_acceptance_flipped(0).unwrap().with_acceptance_flipped(1).unwrap();
    /// assert!(odd.accepts([1]) && !odd.accepts([1, 1]));
    /// assert!(even.with_acceptance_flipped(2).is_err());
    /// ```
    pub fn with_acceptance_flipped(&self, state: StateId) -> Result<Dfa, Error> {
        if state as usize >= self.states() {
            return Err(Error::new(format!(
                "the automaton has states 0 to {}, not {state}",
                self.states() - 1
            )));
        }
        let mut flipped = self.clone();
        flipped.accepting[state as usize] ^= true;
        Ok(flipped)
    }
}
