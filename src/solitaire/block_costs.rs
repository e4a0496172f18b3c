//! The forward sweep of the linear-time solver: the fewest blocks covering each prefix.
//!
//! For a DFA of the block language M and a word, `done[i]` is the fewest words of M whose
//! concatenation is the first i cells. The sweep keeps a cost per DFA state ("a block is open
//! and its part read so far leads to this state; this many blocks were finished before it")
//! plus the cost of opening a block here; a cell's letter maps these costs to the next ones by
//! min-plus arithmetic (`Steps::step`).
//!
//! Two ways to run it, with the same results:
//!
//! * [`fewest_blocks_exact`]: the step on absolute `u32` costs for every cell.
//! * [`fewest_blocks`]: a lazy DFA over *normalised* cost vectors (each lane minus the
//!   smallest, in a byte), built as the word is read: after a short warm-up every cell is one
//!   table load. On words whose vectors keep spreading (such as `(10)^k`), when the table
//!   reaches [`MAX_VECTORS`] or a spread passes 254, it finishes with the exact step.

use crate::automata::{Dfa, StateId};
use crate::word::Word;
use rustc_hash::FxHashMap;
use std::cell::RefCell;

/// Unreachable (no factorisation), in costs and in `done`.
pub const INFINITY: u32 = u32::MAX / 2;

/// Lanes of a cost vector: one per live DFA state, an idle lane that is always INFINITY, and
/// a last lane, FRESH, with the cost of opening a block at this cell.
const LANES: usize = 16;
const IDLE: usize = LANES - 2;
const FRESH: usize = LANES - 1;
/// The most lanes stepping into one lane on one letter.
const FAN_IN: usize = 4;

/// The lazy table stops growing at this many normalised vectors (a few MB at most).
pub const MAX_VECTORS: usize = 1 << 16;

type Costs = [u32; LANES];

/// The min-plus step of one DFA, by lanes.
struct Steps {
    /// `sources[letter][t]`: the lanes stepping into lane t, padded with IDLE.
    sources: [[[u8; FAN_IN]; LANES]; 2],
    /// 1 for accepting lanes, INFINITY otherwise.
    finish_cost: Costs,
}

impl Steps {
    /// Panics if the DFA has more than 14 live states or a state with more than four
    /// predecessors on a letter; the one-peg language's DFA has neither (tested).
    fn new(dfa: &Dfa) -> Steps {
        let live = dfa.live_states();
        let live_states: Vec<usize> = (0..dfa.states()).filter(|&q| live[q]).collect();
        assert!(
            live_states.len() <= IDLE,
            "the DFA has more live states than lanes"
        );
        let mut lane = vec![IDLE; dfa.states()];
        for (k, &q) in live_states.iter().enumerate() {
            lane[q] = k;
        }
        let mut sources = [[[IDLE as u8; FAN_IN]; LANES]; 2];
        let mut fan_in = [[0usize; LANES]; 2];
        let mut add_source = |letter: usize, t: usize, source: usize| {
            if t != IDLE {
                assert!(
                    fan_in[letter][t] < FAN_IN,
                    "a DFA state has too many predecessors"
                );
                sources[letter][t][fan_in[letter][t]] = source as u8;
                fan_in[letter][t] += 1;
            }
        };
        for &q in &live_states {
            for letter in 0..2 {
                add_source(
                    letter,
                    lane[dfa.next(q as StateId, letter as u8) as usize],
                    lane[q],
                );
            }
        }
        for letter in 0..2 {
            add_source(
                letter,
                lane[dfa.next(dfa.start(), letter as u8) as usize],
                FRESH,
            );
        }
        let mut finish_cost = [INFINITY; LANES];
        for &q in &live_states {
            if dfa.is_accepting(q as StateId) {
                finish_cost[lane[q]] = 1;
            }
        }
        Steps {
            sources,
            finish_cost,
        }
    }

    /// The costs before the first cell: nothing open, a block may open at cost 0.
    fn initial() -> Costs {
        let mut costs = [INFINITY; LANES];
        costs[FRESH] = 0;
        costs
    }

    /// The costs after reading `letter`: each live lane takes the minimum of its sources,
    /// then FRESH becomes one more than the cheapest accepting lane (a block finishes here).
    #[inline]
    fn step(&self, costs: &Costs, letter: usize) -> Costs {
        let sources = &self.sources[letter];
        let mut following = [INFINITY; LANES];
        for t in 0..IDLE {
            let cost = |k: usize| costs[usize::from(sources[t][k]) % LANES];
            following[t] = cost(0).min(cost(1)).min(cost(2).min(cost(3)));
        }
        following[FRESH] = (0..IDLE)
            .map(|q| following[q] + self.finish_cost[q])
            .min()
            .unwrap_or(INFINITY)
            .min(INFINITY);
        following
    }
}

/// `done[i]` for i = 0..=n by the exact step on every cell: O(n) for a fixed DFA.
///
/// # Panics
///
/// If the DFA has more than 14 live states, or a state with more than four predecessors on
/// one letter (the one-peg languages' DFAs have neither).
///
/// # Complexity
///
/// O(n × s) time for n cells and s live states (at most 14), O(n) space for the result.
///
///
/// # Examples
///
/// ```
/// use unhop::{Word, solitaire::{Board, Language, block_costs}};
/// let dfa = Language::of(Board::Infinite).minimal_dfa();
/// let done = block_costs::fewest_blocks_exact(&"1111".parse::<Word>().unwrap(), dfa);
/// assert_eq!(done, vec![0, 1, 1, 2, 2]);
/// ```
pub fn fewest_blocks_exact(word: &Word, dfa: &Dfa) -> Vec<u32> {
    let steps = Steps::new(dfa);
    let mut done = Vec::with_capacity(word.len() + 1);
    sweep_exact(&steps, Steps::initial(), word, 0, &mut done);
    done
}

/// Pushes `done` for cells `from..` starting from `costs`, the costs before cell `from`.
fn sweep_exact(steps: &Steps, mut costs: Costs, word: &Word, from: usize, done: &mut Vec<u32>) {
    if from == 0 {
        done.push(costs[FRESH]);
    }
    for i in from..word.len() {
        costs = steps.step(&costs, usize::from(word.get(i)));
        done.push(costs[FRESH]);
    }
}

/// Normalised cost vectors: each finite lane minus the smallest, 255 for INFINITY.
type Vector = [u8; LANES];
const INFINITE_BYTE: u8 = u8::MAX;
/// A table entry not computed yet.
const UNKNOWN: u32 = u32::MAX;

/// The vector of `costs` and the amount subtracted, or `None` when a finite lane is more
/// than 254 above the smallest (or none is finite).
fn normalise(costs: &Costs) -> Option<(Vector, u32)> {
    let smallest = *costs.iter().min()?;
    if smallest >= INFINITY {
        return None;
    }
    let mut vector = [INFINITE_BYTE; LANES];
    for (v, &c) in vector.iter_mut().zip(costs) {
        if c < INFINITY {
            *v = u8::try_from(c - smallest)
                .ok()
                .filter(|&b| b != INFINITE_BYTE)?;
        }
    }
    Some((vector, smallest))
}

/// The costs of `vector` above `base`.
fn absolute(vector: &Vector, base: u32) -> Costs {
    vector.map(|b| match b {
        INFINITE_BYTE => INFINITY,
        b => base + u32::from(b),
    })
}

/// The lazily built DFA over normalised vectors.
#[derive(Default)]
struct LazyTable {
    vectors: Vec<Vector>,
    ids: FxHashMap<Vector, u32>,
    /// `next[2 * id + letter]`: the next id << 8 | the amount added to the base; or UNKNOWN.
    next: Vec<u32>,
    /// `fresh[id]`: the FRESH lane of vector `id` (INFINITY for 255).
    fresh: Vec<u32>,
}

impl LazyTable {
    fn intern(&mut self, vector: Vector) -> u32 {
        if let Some(&id) = self.ids.get(&vector) {
            return id;
        }
        let id = self.vectors.len() as u32;
        self.vectors.push(vector);
        self.ids.insert(vector, id);
        self.next.extend([UNKNOWN, UNKNOWN]);
        self.fresh.push(absolute(&vector, 0)[FRESH]);
        id
    }
}

/// The table is kept per thread for the last DFA used, so later words skip the warm-up.
///
/// # Complexity
///
/// `done[i]` for i = 0..=n, equal to [`fewest_blocks_exact`], through a lazily built DFA over
/// normalised cost vectors: O(n) table loads after a warm-up of at most [`MAX_VECTORS`] exact
/// steps, with the exact step as the fallback.
///
/// # Panics
///
/// As [`fewest_blocks_exact`].
///
/// # Examples
///
/// ```
/// use unhop::{Word, solitaire::{Board, Language, block_costs}};
/// let dfa = Language::of(Board::Infinite).minimal_dfa();
/// let word: Word = "1101011100101".parse().unwrap();
/// assert_eq!(block_costs::fewest_blocks(&word, dfa), block_costs::fewest_blocks_exact(&word, dfa));
/// ```
pub fn fewest_blocks(word: &Word, dfa: &Dfa) -> Vec<u32> {
    let mut done = Vec::new();
    fewest_blocks_into(word, dfa, &mut done);
    done
}

/// [`fewest_blocks`] into a buffer the caller keeps (its old contents are dropped), so that
/// repeated calls reuse its memory instead of mapping fresh pages.
///
/// # Complexity
///
/// As [`fewest_blocks`]: O(n) table loads after the warm-up; no allocation once `done` is
/// large enough.
///
/// # Examples
///
/// ```
/// use unhop::{Word, solitaire::{Board, Language, block_costs}};
/// let dfa = Language::of(Board::Infinite).minimal_dfa();
/// let mut done = Vec::new();
/// block_costs::fewest_blocks_into(&"1111".parse::<Word>().unwrap(), dfa, &mut done);
/// assert_eq!(done, vec![0, 1, 1, 2, 2]);
/// ```
pub fn fewest_blocks_into(word: &Word, dfa: &Dfa, done: &mut Vec<u32>) {
    thread_local! {
        static TABLES: RefCell<Option<(Dfa, Steps, LazyTable)>> = const { RefCell::new(None) };
    }
    done.clear();
    done.reserve_exact(word.len() + 1);
    TABLES.with(|tables| {
        let mut tables = tables.borrow_mut();
        if tables.as_ref().is_none_or(|(cached, ..)| cached != dfa) {
            *tables = Some((dfa.clone(), Steps::new(dfa), LazyTable::default()));
        }
        let (_, steps, lazy) = tables.as_mut().expect("just filled");
        sweep_lazy(steps, lazy, word, done);
    })
}

fn sweep_lazy(steps: &Steps, lazy: &mut LazyTable, word: &Word, done: &mut Vec<u32>) {
    let (first, mut base) = normalise(&Steps::initial()).expect("the initial costs are small");
    let mut id = lazy.intern(first);
    done.push(Steps::initial()[FRESH]);
    for (i, peg) in word.iter().enumerate() {
        let slot = 2 * id as usize + usize::from(peg);
        if lazy.next[slot] == UNKNOWN {
            let following = steps.step(&absolute(&lazy.vectors[id as usize], 0), usize::from(peg));
            match normalise(&following) {
                Some((vector, shift))
                    if lazy.vectors.len() < MAX_VECTORS || lazy.ids.contains_key(&vector) =>
                {
                    lazy.next[slot] = lazy.intern(vector) << 8 | shift;
                }
                _ => {
                    // Too spread out, or the table is full: finish with the exact step.
                    let costs = absolute(&lazy.vectors[id as usize], base);
                    sweep_exact(steps, costs, word, i, done);
                    return;
                }
            }
        }
        let entry = lazy.next[slot];
        id = entry >> 8;
        base += entry & 0xff;
        done.push((base + lazy.fresh[id as usize]).min(INFINITY));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solitaire::{Board, Language};

    fn dfa() -> &'static Dfa {
        Language::of(Board::Infinite).minimal_dfa()
    }

    #[test]
    fn the_language_fits_the_lanes() {
        let _ = Steps::new(dfa());
    }

    #[test]
    fn spreading_words_fall_back_to_the_exact_step() {
        // (10)^k 11: the open block stays cheap while the finished cost climbs past 254.
        let mut text = "10".repeat(600);
        text.push_str("11");
        let word = Word::parse(&text).unwrap();
        let done = fewest_blocks(&word, dfa());
        assert_eq!(done, fewest_blocks_exact(&word, dfa()));
        assert_eq!(done[word.len()], 1);
    }

    proptest::proptest! {
        #[test]
        fn lazy_and_exact_sweeps_agree(text in "(0|1|10|110|1010|0110){1,400}") {
            let word = Word::parse(&text).unwrap();
            proptest::prop_assert_eq!(fewest_blocks(&word, dfa()), fewest_blocks_exact(&word, dfa()));
        }
    }
}
