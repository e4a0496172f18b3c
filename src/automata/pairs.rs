//! The pairs of states of two DFAs reachable from their pair of start states, met breadth
//! first (letters in increasing order) and numbered in that order: the states of a product
//! automaton, and what an equivalence check searches.

use super::dfa::{Dfa, StateId};
use super::held;
use super::work::Cost;
use crate::budget::Meter;
use crate::error::Error;
use rustc_hash::FxHashMap;

/// The pairs met so far, in the order they were met, and the number of each.
pub(crate) struct Pairs {
    /// The pairs, by number.
    pub pairs: Vec<(StateId, StateId)>,
    ids: FxHashMap<(StateId, StateId), StateId>,
}

/// The bytes of one slot of [`Pairs`]'s hash table: the key, the number and a control byte.
const SLOT: u128 = 13;

impl Pairs {
    /// The pair of start states, numbered 0. Both DFAs must have the same alphabet.
    pub fn new(a: &Dfa, b: &Dfa, meter: &Meter) -> Result<Pairs, Error> {
        let mut pairs = Pairs {
            pairs: Vec::new(),
            ids: FxHashMap::default(),
        };
        pairs.number((a.start(), b.start()), meter)?;
        Ok(pairs)
    }

    /// The number of `pair`, and whether it is met for the first time (then it is numbered
    /// next). Amortised O(1); the tables grow under `meter`.
    pub(crate) fn number(
        &mut self,
        pair: (StateId, StateId),
        meter: &Meter,
    ) -> Result<(StateId, bool), Error> {
        if let Some(&id) = self.ids.get(&pair) {
            return Ok((id, false));
        }
        if self.ids.len() == self.ids.capacity() {
            let more = self.ids.capacity().max(8);
            // The table about doubles: slots for 8/7 of its capacity, a power of two.
            meter.hold(u64::try_from(SLOT * 16 * more as u128 / 7 + 16).unwrap_or(u64::MAX))?;
            self.ids.try_reserve(more).map_err(|_| {
                crate::memory::allocation_failed(SLOT * 16 * more as u128 / 7, "a product")
            })?;
        }
        let id = self.pairs.len() as StateId;
        held::push(&mut self.pairs, pair, meter)?;
        self.ids.insert(pair, id);
        Ok((id, true))
    }

    /// The bytes a search of at most `pairs` pairs allocates at most: the pairs (8 bytes each,
    /// capacity up to twice that, and the old capacity during a growth) and the hash table
    /// (up to 16/7 slots a pair, the old table besides during a growth).
    pub fn bytes(pairs: u128) -> u128 {
        pairs
            .saturating_mul(8 * 3)
            .saturating_add(pairs.saturating_mul(SLOT * 16 * 3) / (7 * 2))
            .saturating_add(SLOT * 64)
    }
}

/// An upper bound of building the product of DFAs of `a` and `b` states over `alphabet`
/// letters ([`Dfa::product`]): a transition a pair reached, at most `a × b` pairs; the pairs,
/// the table (4 bytes a transition, up to twice that with its growth, the old capacity
/// during a growth) and the acceptance flags.
pub(crate) fn product_cost(a: u128, b: u128, alphabet: u128) -> Cost {
    let pairs = a.saturating_mul(b);
    let transitions = pairs.saturating_mul(alphabet);
    Cost {
        work: transitions,
        bytes: Pairs::bytes(pairs)
            .saturating_add(transitions.saturating_mul(12))
            .saturating_add(pairs)
            .saturating_add(64),
    }
}
