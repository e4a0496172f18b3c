//! The automaton of R as plain arrays, for the linear-time passes.

use super::automaton::reach_automaton;
use crate::automata::Dfa;
use crate::automata::relation::{PAIR_LETTERS, pair_letter};

/// The most states the passes handle: a state fits in four bits.
pub(crate) const MAX_STATES: usize = 16;

/// A DFA over letter pairs with at most [`MAX_STATES`] states, its table as bytes and its
/// accepting states as a bit mask.
pub(crate) struct Tables {
    pub next: [[u8; PAIR_LETTERS]; MAX_STATES],
    pub accepting: u16,
    pub start: u8,
    pub states: usize,
    /// `predecessors[letter][q]`: the states that go to q on `letter`, as a bit mask.
    predecessors: [[u16; MAX_STATES]; PAIR_LETTERS],
    /// `live_steps[w]`: the transitions (from, final cell, to) on the letters (w, 0) and
    /// (w, 1) between live states (those from which an accepting state can be reached),
    /// padded to [`MAX_LIVE_STEPS`] with steps from and to [`NO_STATE`] (a fixed length lets
    /// the compiler unroll the loop).
    pub live_steps: [[Step; MAX_LIVE_STEPS]; 2],
}

/// The most live transitions on the two letters of one start cell the passes handle.
pub(crate) const MAX_LIVE_STEPS: usize = 24;

/// A state number no automaton here has, for the padding steps.
pub(crate) const NO_STATE: u8 = MAX_STATES as u8;

/// A transition of the cheapest-path pass: from state `from`, final cell `f`, to state `to`.
#[derive(Clone, Copy)]
pub(crate) struct Step {
    pub from: u8,
    pub f: u8,
    pub to: u8,
}

impl Tables {
    /// The tables of `dfa`, which has at most [`MAX_STATES`] states over the pair alphabet.
    pub(crate) fn of(dfa: &Dfa) -> Tables {
        assert!(dfa.states() <= MAX_STATES && dfa.alphabet() == PAIR_LETTERS);
        let mut next = [[0u8; PAIR_LETTERS]; MAX_STATES];
        let mut accepting = 0u16;
        for (s, row) in next.iter_mut().enumerate().take(dfa.states()) {
            for (letter, target) in row.iter_mut().enumerate() {
                *target = dfa.next(s as u32, letter as u8) as u8;
            }
            accepting |= u16::from(dfa.is_accepting(s as u32)) << s;
        }
        let mut predecessors = [[0u16; MAX_STATES]; PAIR_LETTERS];
        for (p, row) in next.iter().enumerate().take(dfa.states()) {
            for (letter, &q) in row.iter().enumerate() {
                predecessors[letter][q as usize] |= 1 << p;
            }
        }
        let live = dfa.live_states();
        let live_steps = [false, true].map(|w| {
            let steps: Vec<Step> = (0..dfa.states())
                .flat_map(|p| [false, true].map(|f| (p, f)))
                .map(|(p, f)| Step {
                    from: p as u8,
                    f: u8::from(f),
                    to: next[p][pair_letter(w, f) as usize],
                })
                .filter(|step| live[step.from as usize] && live[step.to as usize])
                .collect();
            assert!(steps.len() <= MAX_LIVE_STEPS);
            let padding = Step {
                from: NO_STATE,
                f: 0,
                to: NO_STATE,
            };
            std::array::from_fn(|k| steps.get(k).copied().unwrap_or(padding))
        });
        Tables {
            next,
            accepting,
            start: dfa.start() as u8,
            states: dfa.states(),
            predecessors,
            live_steps,
        }
    }

    /// The tables of R's automaton.
    pub fn of_reach() -> &'static Tables {
        static TABLES: std::sync::OnceLock<Tables> = std::sync::OnceLock::new();
        TABLES.get_or_init(|| Tables::of(reach_automaton()))
    }

    /// The states from which `letter` leads into `targets` (a bit mask of states).
    #[inline]
    pub fn before(&self, letter: u8, mut targets: u16) -> u16 {
        let mut mask = 0;
        while targets != 0 {
            mask |= self.predecessors[letter as usize][targets.trailing_zeros() as usize];
            targets &= targets - 1;
        }
        mask
    }
}
