//! DFA minimisation by Moore's refinement in rounds: the obviously correct slow twin of
//! Hopcroft's algorithm ([`Dfa::minimized`]).

use super::dfa::{Dfa, StateId};
use super::hopcroft::quotient;
use super::work::{Cost, TRANSITIONS};
use crate::budget::{Budget, Meter};
use crate::error::Error;
use rustc_hash::{FxHashMap, FxHashSet};

impl Dfa {
    /// The minimal DFA by Moore's algorithm, equal to [`Dfa::minimized`]: unreachable states
    /// dropped, the states split by acceptance, then, round after round, two states kept
    /// together only while they are together and so are their successors on every letter,
    /// until a round splits nothing.
    ///
    /// # Complexity
    /// At most n rounds of O(n k) for n states and k letters: O(n² k) time, O(n k) memory;
    /// admitted by `budget` with the estimate [`Dfa::minimize_by_moore_cost`].
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::Dfa;
    /// use unhop::budget::Budget;
    /// let dfa = Dfa::new(2, vec![0, 1, 2, 0, 2, 0], vec![true, false, false], 0).unwrap();
    /// let budget = Budget::default();
    /// assert_eq!(dfa.minimized_by_moore(&budget).unwrap(), dfa.minimized(&budget).unwrap());
    /// ```
    pub fn minimized_by_moore(&self, budget: &Budget) -> Result<Dfa, Error> {
        let meter = Dfa::minimize_by_moore_cost(self.states() as u128, self.alphabet() as u128)
            .admit(
                budget,
                format!(
                    "minimising an automaton of {} states over {} symbols by Moore's algorithm",
                    self.states(),
                    self.alphabet()
                ),
                TRANSITIONS,
            )?;
        self.minimized_by_moore_in(&meter)
    }

    /// An upper bound of what [`Dfa::minimized_by_moore`] costs on a DFA of `states` states
    /// over `alphabet` letters, in [`TRANSITIONS`] and bytes.
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::Dfa;
    /// assert!(Dfa::minimize_by_moore_cost(100, 2).work >= 200);
    /// ```
    pub fn minimize_by_moore_cost(states: u128, alphabet: u128) -> Cost {
        let (n, k) = (states.max(1), alphabet);
        // Renumbering, the quotient and its renumbering, and up to n + 1 rounds of a unit a
        // state and letter (and one for its class).
        let work = (n * k)
            .saturating_mul(3)
            .saturating_add((n + 1).saturating_mul(n).saturating_mul(k + 1));
        // The renumbered table, the classes and the next round's, and a round's signatures
        // (k + 1 classes of 4 bytes a state) and their hash table (33 bytes a slot, up to
        // 16/7 slots a state, half as many again while it grows); then the quotient.
        let round = n * (4 * (k + 1) + 8) + 33 * (16 * n / 7 + 16) * 3 / 2;
        let bytes = Dfa::canonical_bytes(n, k)
            .saturating_add(round.max(2 * Dfa::canonical_bytes(n, k)))
            .saturating_add(n * 4);
        Cost { work, bytes }
    }

    /// [`Dfa::minimized_by_moore`] under a meter admitted by the caller.
    pub(crate) fn minimized_by_moore_in(&self, meter: &Meter) -> Result<Dfa, Error> {
        let dfa = self.canonical_in(meter)?;
        let n = dfa.states();
        let k = dfa.alphabet();
        let mut class: Vec<StateId> = (0..n as StateId)
            .map(|s| StateId::from(dfa.is_accepting(s)))
            .collect();
        let mut classes = class.iter().collect::<FxHashSet<_>>().len();
        loop {
            meter.charge((n * (k + 1)) as u64)?;
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
        let minimal = quotient(&dfa, &class, meter);
        dfa.release_from(meter);
        minimal
    }
}
