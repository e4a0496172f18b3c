//! An automaton given as a list of transitions, as files give them: possibly partial,
//! nondeterministic, with ε-moves and several start states; made into a complete DFA.

use super::dfa::{Dfa, StateId};
use super::held;
use super::work::{Cost, TRANSITIONS};
use crate::budget::{Budget, Meter};
use crate::error::Error;
use rustc_hash::FxHashMap;

/// States `0..states`, letters `0..alphabet`, some start states, accepting flags and the
/// transitions `(from, letter, to)`, where the letter `None` is an ε-move.
///
/// ```
/// use unhop::automata::Edges;
/// use unhop::budget::Budget;
/// // Over {0, 1}: 0 then an optional 1 (partial: the dead state is added).
/// let edges = Edges {
///     states: 2, alphabet: 2, starts: vec![0], accepting: vec![false, true],
///     transitions: vec![(0, Some(0), 1), (1, Some(1), 1)],
/// };
/// let (dfa, how) = edges.to_dfa(&Budget::default()).unwrap();
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
    /// # Complexity
    /// Deterministic input: O(states × alphabet + transitions), admitted by `budget` before
    /// it starts ([`Edges::table_cost`]). Nondeterministic input: the subset construction over
    /// ε-closures, O(sets × (states + transitions)); the number of sets can grow as
    /// 2^states, so it has no estimate in advance: it is charged a transition a set and
    /// letter, and the states it looks at, and gives up when it passes the budget's work
    /// limit ([`TRANSITIONS`]) or its memory limit.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::read_att;
    /// use unhop::budget::Budget;
    /// // Two transitions on `a` from state 0: read as nondeterministic and determinised.
    /// let (dfa, _) = read_att("0 1 a\n0 2 a\n1\n2 2 b\n2\n", "nfa.att", &Budget::default()).unwrap();
    /// assert!(dfa.accepts_text("abb") && !dfa.accepts_text("b"));
    /// ```
    pub fn to_dfa(&self, budget: &Budget) -> Result<(Dfa, Construction), Error> {
        self.check()?;
        let what = format!(
            "building an automaton of {} states over {} symbols",
            self.states, self.alphabet
        );
        if self.is_deterministic() {
            // The table, with room for a dead state, and a unit a transition given.
            let given = Cost {
                work: self.transitions.len() as u128,
                bytes: 0,
            };
            let meter = Edges::table_cost(self.states as u128 + 1, self.alphabet as u128)
                .then(given)
                .admit(budget, what, TRANSITIONS)?;
            if let Some(built) = self.completed(&meter)? {
                return Ok(built);
            }
        }
        let meter = budget.meter(
            format!(
                "determinising an automaton of {} states (its subsets can number 2^{})",
                self.states, self.states
            ),
            TRANSITIONS,
        );
        Ok((self.subsets_in(&meter)?, Construction::Determinized))
    }

    /// An upper bound of the cost of building a complete table of `states` states over
    /// `alphabet` letters: a unit a transition, 4 bytes a transition and 1 a state.
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::Edges;
    /// let cost = Edges::table_cost(10, 2);
    /// assert!(cost.work >= 20);
    /// ```
    pub fn table_cost(states: u128, alphabet: u128) -> Cost {
        let transitions = states.saturating_mul(alphabet);
        Cost {
            work: transitions,
            bytes: transitions.saturating_mul(4).saturating_add(states),
        }
    }

    /// One start state and no ε-move (then the transitions may still name two targets).
    fn is_deterministic(&self) -> bool {
        self.starts.len() == 1 && self.transitions.iter().all(|t| t.1.is_some())
    }

    /// The transitions as a table, completed by a dead state where some are missing, or
    /// `None` when a state has two targets on a letter.
    fn completed(&self, meter: &Meter) -> Result<Option<(Dfa, Construction)>, Error> {
        let k = self.alphabet;
        meter.charge((self.states * k + self.transitions.len()) as u64)?;
        // Room for a dead state's row, so that adding it does not grow the table.
        let mut next = held::with_capacity((self.states + 1) * k, meter)?;
        next.resize(self.states * k, StateId::MAX);
        for &(from, letter, to) in &self.transitions {
            let slot = &mut next[from as usize * k + letter.expect("no ε") as usize];
            if *slot != StateId::MAX && *slot != to {
                return Ok(None);
            }
            *slot = to;
        }
        let missing = next.contains(&StateId::MAX);
        let mut accepting = held::with_capacity(self.states + 1, meter)?;
        accepting.extend_from_slice(&self.accepting);
        if missing {
            let dead = self.states as StateId;
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
        Ok(Some((dfa, how)))
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
        Ok(())
    }

    /// The subset construction over ε-closures, numbered breadth first from the closure of
    /// the start states (letters in increasing order), under `meter`: a transition charged a
    /// set and letter, and every state and move looked at; the sets, the table and the moves
    /// held as they grow.
    pub(crate) fn subsets_in(&self, meter: &Meter) -> Result<Dfa, Error> {
        self.check()?;
        let k = self.alphabet;
        let n = self.states;
        let mut moves: Vec<Vec<StateId>> = held::with_capacity(n * k, meter)?;
        moves.resize(n * k, Vec::new());
        let mut epsilon: Vec<Vec<StateId>> = held::with_capacity(n, meter)?;
        epsilon.resize(n, Vec::new());
        meter.charge(self.transitions.len() as u64)?;
        meter.hold(held::bytes::<StateId>(self.transitions.len()).saturating_mul(2))?;
        for &(from, letter, to) in &self.transitions {
            match letter {
                Some(l) => moves[from as usize * k + l as usize].push(to),
                None => epsilon[from as usize].push(to),
            }
        }
        let mut mark = meter.vec(n, false)?;
        let mut closure =
            |seeds: &mut dyn Iterator<Item = StateId>| -> Result<Vec<StateId>, Error> {
                let mut set: Vec<StateId> = Vec::new();
                let mut stack: Vec<StateId> = Vec::new();
                let mut looked = 0u64;
                for s in seeds {
                    looked += 1;
                    if !mark[s as usize] {
                        mark[s as usize] = true;
                        stack.push(s);
                    }
                }
                while let Some(s) = stack.pop() {
                    set.push(s);
                    looked += 1 + epsilon[s as usize].len() as u64;
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
                meter.charge(looked)?;
                set.sort_unstable();
                set.shrink_to_fit();
                Ok(set)
            };
        let first = closure(&mut self.starts.iter().copied())?;
        let mut ids: FxHashMap<Vec<StateId>, StateId> = FxHashMap::default();
        let mut sets: Vec<Vec<StateId>> = Vec::new();
        let mut next: Vec<StateId> = Vec::new();
        let remember = |set: Vec<StateId>,
                        ids: &mut FxHashMap<Vec<StateId>, StateId>,
                        sets: &mut Vec<Vec<StateId>>|
         -> Result<StateId, Error> {
            // The set twice (the key and the queue), and its share of the hash table.
            meter.hold(held::bytes::<StateId>(set.len()).saturating_mul(2) + 96)?;
            let id = sets.len() as StateId;
            ids.insert(set.clone(), id);
            held::push(sets, set, meter)?;
            Ok(id)
        };
        remember(first, &mut ids, &mut sets)?;
        let mut head = 0;
        while head < sets.len() {
            meter.charge(k as u64)?;
            for letter in 0..k {
                let mut targets = sets[head]
                    .iter()
                    .flat_map(|&s| moves[s as usize * k + letter].iter().copied());
                let target = closure(&mut targets)?;
                let id = match ids.get(&target) {
                    Some(&id) => id,
                    None => remember(target, &mut ids, &mut sets)?,
                };
                held::push(&mut next, id, meter)?;
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

/// Refuses, through `budget`, a complete table of `states` × `alphabet` transitions beyond
/// its work limit ([`TRANSITIONS`]) or its memory limit, before anything is built.
pub(crate) fn check_table(states: u128, alphabet: usize, budget: &Budget) -> Result<(), Error> {
    Edges::table_cost(states, alphabet as u128)
        .admit(
            budget,
            format!("an automaton of {states} states over {alphabet} symbols"),
            TRANSITIONS,
        )
        .map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Budget;

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
        let (dfa, how) = edges.to_dfa(&Budget::default()).unwrap();
        assert_eq!(how, Construction::Determinized);
        let accepted: Vec<Vec<u8>> = crate::automata::words_up_to(2, 4)
            .filter(|w| dfa.accepts(w.iter().copied()))
            .collect();
        assert_eq!(accepted, [vec![0], vec![1], vec![0, 0]]);
    }

    #[test]
    fn the_blow_up_gives_up_at_the_work_limit() {
        // (0|1)* 1 (0|1)^24: the DFA needs 2^25 states; stopped at 2^16 transitions.
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
        let err = edges
            .to_dfa(&Budget::default().with_max_work(1 << 16))
            .unwrap_err();
        assert_eq!(err.kind(), crate::ErrorKind::GaveUp);
        assert_eq!(err.figures().unwrap().limit, 1 << 16);
        assert!(err.to_string().contains("2^26"), "{err}");
    }
}
