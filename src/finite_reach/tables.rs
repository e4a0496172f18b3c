//! The automaton of R as plain arrays, for the linear-time passes.

use super::automaton::reach_automaton;
use super::pairs::PAIR_LETTERS;
use crate::automata::Dfa;

/// The most states the passes handle: a state fits in four bits.
pub(crate) const MAX_STATES: usize = 16;

/// A DFA over letter pairs with at most [`MAX_STATES`] states, its table as bytes and its
/// accepting states as a bit mask.
pub(crate) struct Tables {
    pub next: [[u8; PAIR_LETTERS]; MAX_STATES],
    pub accepting: u16,
    pub start: u8,
    pub states: usize,
}

impl Tables {
    /// The tables of `dfa`, which has at most [`MAX_STATES`] states over the pair alphabet.
    pub fn of(dfa: &Dfa) -> Tables {
        assert!(dfa.states() <= MAX_STATES && dfa.alphabet() == PAIR_LETTERS);
        let mut next = [[0u8; PAIR_LETTERS]; MAX_STATES];
        let mut accepting = 0u16;
        for (s, row) in next.iter_mut().enumerate().take(dfa.states()) {
            for (letter, target) in row.iter_mut().enumerate() {
                *target = dfa.next(s as u32, letter as u8) as u8;
            }
            accepting |= u16::from(dfa.is_accepting(s as u32)) << s;
        }
        Tables {
            next,
            accepting,
            start: dfa.start() as u8,
            states: dfa.states(),
        }
    }

    /// The tables of R's automaton.
    pub fn of_reach() -> &'static Tables {
        static TABLES: std::sync::OnceLock<Tables> = std::sync::OnceLock::new();
        TABLES.get_or_init(|| Tables::of(reach_automaton()))
    }

    /// The states from which `letter` leads into `targets` (a bit mask of states).
    #[inline]
    pub fn before(&self, letter: u8, targets: u16) -> u16 {
        (0..self.states).fold(0, |mask, q| {
            mask | u16::from(targets >> self.next[q][letter as usize] & 1 == 1) << q
        })
    }
}
