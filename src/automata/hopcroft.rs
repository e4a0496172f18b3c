//! DFA minimisation by Hopcroft's partition refinement, in O(n k log n).
//!
//! The states start in two blocks, accepting and rejecting. A *splitter* (B, a) splits every
//! block X that has states with a successor on a in B and states without: the first go to a
//! new block. The splitters to try are kept on a worklist: when X splits into X′ and Y, (Y, a)
//! joins the worklist for each letter a where (X, a) is already on it, and otherwise the
//! smaller of X′ and Y does ("process the smaller half"). When the worklist is empty no block
//! splits any more: the blocks are the Myhill–Nerode classes of the reachable states.
//!
//! Cost: a state is in a processed splitter on a letter at most ⌊log₂ n⌋ + 1 times (each
//! splitter that holds it is at most half the one before), and processing a splitter costs its
//! states and their predecessors on the letter, so the whole refinement looks at
//! O(n k log n) transitions. The slow twin is Moore's refinement in rounds
//! ([`Dfa::minimized_by_moore`]), O(n² k).

use super::dfa::{Dfa, StateId};
use super::work::{Cost, TRANSITIONS, log2_ceil};
use crate::budget::{Budget, Meter};
use crate::error::Error;

impl Dfa {
    /// The minimal DFA for the same language, in canonical numbering (see [`Dfa::canonical`]):
    /// states in breadth-first order from the start, letters in increasing order, so two
    /// automata accept the same language exactly when their minimal DFAs are equal. The result
    /// has one state per Myhill–Nerode class of the language, the dead class included.
    ///
    /// Unreachable states are dropped, then the states are split by Hopcroft's partition
    /// refinement (see the module's documentation).
    ///
    /// # Complexity
    /// O(n k log n) time for n states and k letters, about 17 bytes a transition and 33 a
    /// state of memory; admitted by `budget` with the estimate [`Dfa::minimize_cost`] (in
    /// [`TRANSITIONS`]) before it starts, and charged to it as it runs.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::Dfa;
    /// use unhop::budget::Budget;
    /// // Parity of 1s, with the odd class stored twice (states 1 and 2).
    /// let dfa = Dfa::new(2, vec![0, 1, 2, 0, 2, 0], vec![true, false, false], 0).unwrap();
    /// let minimal = dfa.minimized(&Budget::default()).unwrap();
    /// assert_eq!(minimal, Dfa::new(2, vec![0, 1, 1, 0], vec![true, false], 0).unwrap());
    /// ```
    pub fn minimized(&self, budget: &Budget) -> Result<Dfa, Error> {
        let meter = Dfa::minimize_cost(self.states() as u128, self.alphabet() as u128).admit(
            budget,
            format!(
                "minimising an automaton of {} states over {} symbols",
                self.states(),
                self.alphabet()
            ),
            TRANSITIONS,
        )?;
        self.minimized_in(&meter)
    }

    /// An upper bound of what [`Dfa::minimized`] costs on a DFA of `states` states over
    /// `alphabet` letters, in [`TRANSITIONS`] and bytes (the result included).
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::Dfa;
    /// let cost = Dfa::minimize_cost(1000, 2);
    /// assert!(cost.work >= 2000 && cost.bytes >= 8000);
    /// ```
    pub fn minimize_cost(states: u128, alphabet: u128) -> Cost {
        let (n, k) = (states.max(1), alphabet);
        let transitions = n.saturating_mul(k);
        // A unit a transition to renumber, to turn around, to build the quotient and to
        // renumber it; three a transition for each of the ⌊log₂ n⌋ + 1 times its target can be
        // in a processed splitter (the target, the transition, and a move when it splits); a
        // letter a split, at most n splits.
        let work = transitions.saturating_mul(3 * log2_ceil(n) + 8) + n;
        // The renumbered table (4 bytes a transition and 1 a state) kept while the refinement
        // runs: the predecessors and their offsets (8 bytes a transition), the worklist (8)
        // and its flags (1); eight arrays of 4 bytes a state. Afterwards, less: the classes,
        // the quotient and its renumbering.
        let bytes = transitions.saturating_mul(21).saturating_add(n * 33 + 4);
        Cost { work, bytes }
    }

    /// [`Dfa::minimized`] under a meter admitted by the caller (which may be admitting a
    /// larger operation, such as a product and its minimisation).
    pub(crate) fn minimized_in(&self, meter: &Meter) -> Result<Dfa, Error> {
        let dfa = self.canonical_in(meter)?;
        let class = coarsest_partition(&dfa, meter)?;
        let minimal = quotient(&dfa, &class, meter);
        meter.release(super::held::bytes::<StateId>(class.len()));
        dfa.release_from(meter);
        minimal
    }
}

/// The DFA whose states are the classes of `dfa`'s states, `class[s]` being the class of s
/// (numbered from 0, every class used, and respected by the transitions), renumbered
/// canonically. O(states × alphabet).
pub(super) fn quotient(dfa: &Dfa, class: &[StateId], meter: &Meter) -> Result<Dfa, Error> {
    let classes = class.iter().map(|&c| c as usize + 1).max().unwrap_or(0);
    let k = dfa.alphabet();
    let mut next = super::held::with_capacity::<StateId>(classes * k, meter)?;
    next.resize(classes * k, 0);
    let mut accepting = super::held::with_capacity::<bool>(classes, meter)?;
    accepting.resize(classes, false);
    meter.charge((dfa.states() * k) as u64)?;
    for s in 0..dfa.states() as StateId {
        let c = class[s as usize] as usize;
        accepting[c] = dfa.is_accepting(s);
        for l in 0..k {
            next[c * k + l] = class[dfa.next(s, l as u8) as usize];
        }
    }
    let quotient = Dfa::new(k, next, accepting, class[dfa.start() as usize])?;
    let canonical = quotient.canonical_in(meter)?;
    quotient.release_from(meter);
    Ok(canonical)
}

/// The blocks of Hopcroft's refinement: the states grouped by block in one array, each block
/// a range of it with its marked states (those with a successor in the current splitter)
/// moved to the front.
struct Blocks {
    /// The states, block by block.
    elements: Vec<StateId>,
    /// Where each state is in `elements`.
    location: Vec<u32>,
    /// The block of each state.
    block_of: Vec<u32>,
    /// Each block's range in `elements`, and how many of its states are marked.
    start: Vec<u32>,
    end: Vec<u32>,
    marked: Vec<u32>,
}

impl Blocks {
    /// Marks state `s`: moves it to the marked front of its block. Returns whether it was
    /// the block's first mark.
    fn mark(&mut self, s: StateId) -> bool {
        let b = self.block_of[s as usize] as usize;
        let first_unmarked = self.start[b] + self.marked[b];
        let at = self.location[s as usize];
        if at < first_unmarked {
            return false;
        }
        let other = self.elements[first_unmarked as usize];
        self.elements.swap(at as usize, first_unmarked as usize);
        self.location[other as usize] = at;
        self.location[s as usize] = first_unmarked;
        self.marked[b] += 1;
        self.marked[b] == 1
    }
}

/// The class of each state of `dfa` (all of whose states are reachable) in the coarsest
/// partition that separates accepting from rejecting states and that the transitions
/// respect: its Myhill–Nerode classes. Hopcroft's refinement (see the module).
fn coarsest_partition(dfa: &Dfa, meter: &Meter) -> Result<Vec<StateId>, Error> {
    let (n, k) = (dfa.states(), dfa.alphabet());
    let transitions = n * k;
    if u32::try_from(transitions).is_err() {
        return Err(Error::refused_with(
            crate::Figures::new(transitions as u128, u32::MAX.into(), "transitions"),
            format!(
                "minimising an automaton of {transitions} transitions: the limit is {} \
                 transitions",
                u32::MAX
            ),
        ));
    }
    // The predecessors on letter a of state q: sources[offsets[a n + q]..offsets[a n + q + 1]].
    let mut offsets = meter.vec(transitions + 1, 0u32)?;
    let mut sources = meter.vec(transitions, 0 as StateId)?;
    meter.charge(transitions as u64)?;
    for s in 0..n as StateId {
        for a in 0..k {
            offsets[a * n + dfa.next(s, a as u8) as usize] += 1;
        }
    }
    let mut total = 0;
    for offset in offsets.iter_mut() {
        total += *offset;
        *offset = total;
    }
    for s in (0..n as StateId).rev() {
        for a in 0..k {
            let slot = &mut offsets[a * n + dfa.next(s, a as u8) as usize];
            *slot -= 1;
            sources[*slot as usize] = s;
        }
    }
    // Two blocks: accepting states, then the others (one block if either is empty).
    let mut elements = meter.vec(n, 0 as StateId)?;
    let accepting = (0..n as StateId).filter(|&s| dfa.is_accepting(s)).count();
    let (mut yes, mut no) = (0, accepting);
    let mut block_of = meter.vec(n, 0u32)?;
    for s in 0..n as StateId {
        if dfa.is_accepting(s) {
            elements[yes] = s;
            yes += 1;
        } else {
            elements[no] = s;
            block_of[s as usize] = u32::from(accepting > 0);
            no += 1;
        }
    }
    let mut location = meter.vec(n, 0u32)?;
    for (i, &s) in elements.iter().enumerate() {
        location[s as usize] = i as u32;
    }
    let mut blocks = Blocks {
        elements,
        location,
        block_of,
        start: super::held::with_capacity(n, meter)?,
        end: super::held::with_capacity(n, meter)?,
        marked: super::held::with_capacity(n, meter)?,
    };
    let mut worklist: Vec<(u32, u32)> = super::held::with_capacity(transitions, meter)?;
    let mut waiting = meter.vec(transitions, false)?;
    if accepting > 0 && accepting < n {
        blocks.start.extend([0, accepting as u32]);
        blocks.end.extend([accepting as u32, n as u32]);
        blocks.marked.extend([0, 0]);
        let smaller = u32::from(n - accepting < accepting);
        for a in 0..k as u32 {
            worklist.push((smaller, a));
            waiting[smaller as usize * k + a as usize] = true;
        }
    } else {
        blocks.start.push(0);
        blocks.end.push(n as u32);
        blocks.marked.push(0);
    }
    let mut predecessors: Vec<StateId> = super::held::with_capacity(n, meter)?;
    let mut touched: Vec<u32> = super::held::with_capacity(n, meter)?;
    while let Some((splitter, a)) = worklist.pop() {
        let (splitter, a) = (splitter as usize, a as usize);
        waiting[splitter * k + a] = false;
        // Every state with a successor on a in the splitter (each at most once: a state has
        // one successor on a).
        predecessors.clear();
        for i in blocks.start[splitter]..blocks.end[splitter] {
            let q = blocks.elements[i as usize] as usize;
            let range = offsets[a * n + q] as usize..offsets[a * n + q + 1] as usize;
            predecessors.extend_from_slice(&sources[range]);
        }
        let size = blocks.end[splitter] - blocks.start[splitter];
        meter.charge(u64::from(size) + predecessors.len() as u64)?;
        for &p in &predecessors {
            if blocks.mark(p) {
                touched.push(blocks.block_of[p as usize]);
            }
        }
        // Split each block with marked and unmarked states: the marked ones become a block.
        for &x in &touched {
            let x = x as usize;
            let marked = std::mem::take(&mut blocks.marked[x]);
            let size = blocks.end[x] - blocks.start[x];
            if marked == size {
                continue;
            }
            let y = blocks.start.len();
            blocks.start.push(blocks.start[x]);
            blocks.end.push(blocks.start[x] + marked);
            blocks.marked.push(0);
            blocks.start[x] += marked;
            for i in blocks.start[y]..blocks.end[y] {
                blocks.block_of[blocks.elements[i as usize] as usize] = y as u32;
            }
            meter.charge(u64::from(marked) + k as u64)?;
            let smaller = if marked <= size - marked { y } else { x };
            for c in 0..k {
                let add = if waiting[x * k + c] { y } else { smaller };
                if !waiting[add * k + c] {
                    waiting[add * k + c] = true;
                    worklist.push((add as u32, c as u32));
                }
            }
        }
        touched.clear();
    }
    let class = blocks.block_of;
    // Everything but the classes is dropped.
    for (bytes, len) in [
        (4, transitions + 1),
        (4, transitions),
        (8, transitions),
        (1, transitions),
        (4, 7 * n),
    ] {
        meter.release(bytes * len as u64);
    }
    Ok(class)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hopcroft's minimal DFA is Moore's, state for state, on every DFA of up to 4 states over
    /// 1 or 2 letters and of up to 3 states over 3 letters.
    #[test]
    fn hopcroft_agrees_with_moore_on_every_small_dfa() {
        // One meter for the million automata: admitting each would read the process's
        // memory limits a million times.
        let meter = Budget::unlimited().meter("minimising small automata", TRANSITIONS);
        for (states, alphabet) in [(1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (1, 2), (2, 2)]
            .into_iter()
            .chain([(3, 2), (4, 2), (1, 3), (2, 3), (3, 3)])
        {
            for dfa in Dfa::every(states, alphabet) {
                let fast = dfa.minimized_in(&meter).unwrap();
                let slow = dfa.minimized_by_moore_in(&meter).unwrap();
                assert_eq!(fast, slow, "{dfa:?}");
                fast.release_from(&meter);
                slow.release_from(&meter);
            }
        }
    }

    proptest::proptest! {
        /// On random DFAs of up to 300 states over up to 4 letters (random tables, and
        /// cycles with a few chords, whose classes split slowly), Hopcroft's minimal DFA is
        /// Moore's, and minimising it again changes nothing.
        #[test]
        fn hopcroft_agrees_with_moore_on_random_dfas(
            states in 1usize..300,
            alphabet in 1usize..5,
            seed in proptest::collection::vec(proptest::num::u32::ANY, 1..1200),
            accepting in proptest::collection::vec(proptest::bool::ANY, 300),
            cycle in proptest::bool::ANY,
        ) {
            let next: Vec<StateId> = (0..states * alphabet)
                .map(|i| {
                    let r = seed[i % seed.len()].wrapping_mul(i as u32 + 1);
                    if cycle && (i % alphabet == 0 || r % 7 != 0) {
                        ((i / alphabet + 1) % states) as StateId
                    } else {
                        r % states as u32
                    }
                })
                .collect();
            let dfa = Dfa::new(alphabet, next, accepting[..states].to_vec(), 0).unwrap();
            let budget = Budget::unlimited();
            let fast = dfa.minimized(&budget).unwrap();
            proptest::prop_assert_eq!(&fast, &dfa.minimized_by_moore(&budget).unwrap());
            proptest::prop_assert_eq!(&fast.minimized(&budget).unwrap(), &fast);
        }
    }

    /// A cycle of 30,030 states, one accepting (the expression (a{30030})*): every state is
    /// its own class, found in O(n log n).
    #[test]
    fn a_long_cycle_stays_whole() {
        let n = 30_030;
        let next = (1..=n).map(|s| (s % n) as StateId).collect();
        let accepting = (0..n).map(|s| s == 0).collect();
        let dfa = Dfa::new(1, next, accepting, 0).unwrap();
        assert_eq!(dfa.minimized(&Budget::default()).unwrap(), dfa);
    }
}
