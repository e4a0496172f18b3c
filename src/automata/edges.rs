//! An automaton given as a list of transitions, as files give them: possibly partial,
//! nondeterministic, with ε-moves and several start states; made into a complete DFA.

use super::dfa::{Dfa, StateId};
use crate::error::Error;
use crate::error::Figures;
use rustc_hash::FxHashMap;

/// The most transitions (states × letters) a complete DFA built here may have: 2^24, a table
/// of 64 MiB (a product of two 4096-state automata over one symbol).
pub const MAX_TRANSITIONS: u128 = 1 << 24;

/// The unit of the work of building an automaton: its transitions, at most [`MAX_TRANSITIONS`]
/// unless the budget says otherwise.
pub const TRANSITIONS: crate::budget::WorkUnit = crate::budget::WorkUnit {
    name: "transitions",
    default_limit: MAX_TRANSITIONS as u64,
};

/// States `0..states`, letters `0..alphabet`, some start states, accepting flags and the
/// transitions `(from, letter, to)`, where the letter `None` is an ε-move.
///
/// ```
/// use unhop::automata::Edges;
/// // Over {0, 1}: 0 then an optional 1 (partial: the dead state is added).
/// let edges = Edges {
///     states: 2, alphabet: 2, starts: vec![0], accepting: vec![false, true],
///     transitions: vec![(0, Some(0), 1), (1, Some(1), 1)],
/// };
/// let (dfa, how) = edges.to_dfa().unwrap();
/// assert_eq!(how, unhop::automata::Construction::Completed);
/// assert!(dfa.accepts([0, 1, 1]) && !dfa.accepts([1]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edges {
    /// The number of states.
    pub states: usize,
    /// The number of letters.
    pub alphabet: usize,
    /// The start states (usually one).
    pub starts: Vec<StateId>,
    /// Whether each state accepts.
    pub accepting: Vec<bool>,
    /// The transitions: from, letter (`None` for an ε-move), to.
    pub transitions: Vec<(StateId, Option<u8>, StateId)>,
}

/// How [`Edges::to_dfa`] made its DFA.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Construction {
    /// The transitions were already a complete DFA: the same states, in the same numbering.
    Complete,
    /// A partial DFA: the same states in the same numbering, and a dead state added last for
    /// the missing transitions.
    Completed,
    /// Nondeterministic (several start states, several targets, or ε-moves): the subset
    /// construction, one state per reachable set of states (the empty set is the dead state).
    Determinized,
}

impl Edges {
    /// The complete DFA of the same language (see [`Construction`]).
    ///
    /// Deterministic input: O(states × alphabet + transitions). Nondeterministic input: the
    /// subset construction over ε-closures, O(sets × (states + transitions)) in the worst
    /// case; it is refused (nothing returned) as soon as it would pass [`MAX_TRANSITIONS`]
    /// (sets × alphabet), since the number of sets can grow as 2^states.
    pub fn to_dfa(&self) -> Result<(Dfa, Construction), Error> {
        self.check()?;
        let k = self.alphabet;
        let deterministic =
            self.starts.len() == 1 && self.transitions.iter().all(|t| t.1.is_some());
        if deterministic {
            let mut next = vec![StateId::MAX; self.states * k];
            let mut clash = false;
            for &(from, letter, to) in &self.transitions {
                let slot = &mut next[from as usize * k + letter.expect("no ε") as usize];
                clash |= *slot != StateId::MAX && *slot != to;
                *slot = to;
            }
            if !clash {
                let missing = next.contains(&StateId::MAX);
                let mut accepting = self.accepting.clone();
                if missing {
                    let dead = self.states as StateId;
                    estimate_table(self.states as u128 + 1, k)?;
                    next.iter_mut()
                        .filter(|s| **s == StateId::MAX)
                        .for_each(|s| *s = dead);
                    next.extend(std::iter::repeat_n(dead, k));
                    accepting.push(false);
                }
                let dfa = Dfa::new(k, next, accepting, self.starts[0])?;
                let how = if missing {
                    Construction::Completed
                } else {
                    Construction::Complete
                };
                return Ok((dfa, how));
            }
        }
        let dfa = self.subsets(MAX_TRANSITIONS)?;
        Ok((dfa, Construction::Determinized))
    }

    fn check(&self) -> Result<(), Error> {
        if self.alphabet == 0 {
            return Err(Error::new("an automaton needs at least one symbol"));
        }
        if self.accepting.len() != self.states || self.states == 0 {
            return Err(Error::new(format!(
                "{} accepting flags for {} states",
                self.accepting.len(),
                self.states
            )));
        }
        if self.starts.is_empty() {
            return Err(Error::new("an automaton needs a start state"));
        }
        let bad_state = self
            .starts
            .iter()
            .chain(self.transitions.iter().flat_map(|t| [&t.0, &t.2]))
            .any(|&s| s as usize >= self.states);
        let bad_letter = self
            .transitions
            .iter()
            .any(|t| t.1.is_some_and(|l| l as usize >= self.alphabet));
        if bad_state || bad_letter {
            return Err(Error::new(
                "a transition names a state or letter out of range",
            ));
        }
        estimate_table(self.states as u128, self.alphabet)
    }

    /// The subset construction over ε-closures, refused when the table (sets × letters) or
    /// the sets themselves (their members in all) would pass `limit`.
    fn subsets(&self, limit: u128) -> Result<Dfa, Error> {
        let k = self.alphabet;
        let mut moves: Vec<Vec<StateId>> = vec![Vec::new(); self.states * k];
        let mut epsilon: Vec<Vec<StateId>> = vec![Vec::new(); self.states];
        for &(from, letter, to) in &self.transitions {
            match letter {
                Some(l) => moves[from as usize * k + l as usize].push(to),
                None => epsilon[from as usize].push(to),
            }
        }
        let mut mark = vec![false; self.states];
        let mut closure = |seeds: &mut dyn Iterator<Item = StateId>| -> Vec<StateId> {
            let mut set: Vec<StateId> = Vec::new();
            let mut stack: Vec<StateId> = Vec::new();
            for s in seeds {
                if !mark[s as usize] {
                    mark[s as usize] = true;
                    stack.push(s);
                }
            }
            while let Some(s) = stack.pop() {
                set.push(s);
                for &t in &epsilon[s as usize] {
                    if !mark[t as usize] {
                        mark[t as usize] = true;
                        stack.push(t);
                    }
                }
            }
            for &s in &set {
                mark[s as usize] = false;
            }
            set.sort_unstable();
            set
        };
        let first = closure(&mut self.starts.iter().copied());
        let mut ids: FxHashMap<Vec<StateId>, StateId> = FxHashMap::default();
        ids.insert(first.clone(), 0);
        let mut sets = vec![first];
        let mut next: Vec<StateId> = Vec::new();
        let max_sets = (limit / k as u128) as usize;
        let mut members = sets[0].len() as u128;
        let mut head = 0;
        while head < sets.len() {
            for letter in 0..k {
                let mut targets = sets[head]
                    .iter()
                    .flat_map(|&s| moves[s as usize * k + letter].iter().copied());
                let target = closure(&mut targets);
                let fresh = sets.len() as StateId;
                let id = match ids.get(&target) {
                    Some(&id) => id,
                    None => {
                        members += target.len() as u128;
                        if sets.len() >= max_sets || members > limit {
                            return Err(Error::refused_with(
                                if sets.len() >= max_sets {
                                    Figures::new(sets.len() as u128, max_sets as u128, "subsets")
                                } else {
                                    Figures::new(members, limit, "stored subset states")
                                },
                                format!(
                                    "determinising an automaton of {} states needs more than {} \
                                 subsets ({} transitions, {members} stored states so far); the \
                                 limit is {limit} of either (the subsets can number 2^{})",
                                    self.states,
                                    sets.len(),
                                    sets.len() as u128 * k as u128,
                                    self.states
                                ),
                            ));
                        }
                        ids.insert(target.clone(), fresh);
                        sets.push(target);
                        fresh
                    }
                };
                next.push(id);
            }
            head += 1;
        }
        let accepting = sets
            .iter()
            .map(|set| set.iter().any(|&s| self.accepting[s as usize]))
            .collect();
        Dfa::new(k, next, accepting, 0)
    }
}

/// Refuses a table of `states` × `alphabet` transitions above [`MAX_TRANSITIONS`] or the
/// memory this process may take.
pub(crate) fn estimate_table(states: u128, alphabet: usize) -> Result<(), Error> {
    let transitions = states * alphabet as u128;
    crate::budget::Budget::default()
        .admit(
            format!("an automaton of {states} states over {alphabet} symbols"),
            TRANSITIONS,
            transitions,
            transitions * 4 + states * 8,
        )
        .map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epsilon_moves_and_several_starts_are_determinised() {
        // (0 | ε 1): start 0, ε to 1; 0 --0--> 2; 1 --1--> 2; and a second start 3 --0 0--> 2.
        let edges = Edges {
            states: 5,
            alphabet: 2,
            starts: vec![0, 3],
            accepting: vec![false, false, true, false, false],
            transitions: vec![
                (0, Some(0), 2),
                (0, None, 1),
                (1, Some(1), 2),
                (3, Some(0), 4),
                (4, Some(0), 2),
            ],
        };
        let (dfa, how) = edges.to_dfa().unwrap();
        assert_eq!(how, Construction::Determinized);
        let accepted: Vec<Vec<u8>> = crate::automata::words_up_to(2, 4)
            .filter(|w| dfa.accepts(w.iter().copied()))
            .collect();
        assert_eq!(accepted, [vec![0], vec![1], vec![0, 0]]);
    }

    #[test]
    fn the_blow_up_is_refused() {
        // (0|1)* 1 (0|1)^24: the DFA needs 2^25 states; refused at 2^15.
        let n = 26;
        let mut transitions = vec![(0, Some(0), 0), (0, Some(1), 0), (0, Some(1), 1)];
        for s in 1..n - 1 {
            transitions.push((s, Some(0), s + 1));
            transitions.push((s, Some(1), s + 1));
        }
        let mut accepting = vec![false; n as usize];
        accepting[n as usize - 1] = true;
        let edges = Edges {
            states: n as usize,
            alphabet: 2,
            starts: vec![0],
            accepting,
            transitions,
        };
        let err = edges.subsets(1 << 16).unwrap_err();
        assert_eq!(err.kind(), crate::ErrorKind::Refused);
        assert!(err.to_string().contains("the limit is 65536"), "{err}");
    }
}
