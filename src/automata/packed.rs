//! A DFA over {0, 1} that reads eight cells per step from a bit-packed word.

use super::dfa::{Dfa, StateId};
use crate::word::Word;

/// A two-letter DFA with a table for whole bytes: `table[state * 256 + byte]` is the state after
/// reading the byte's eight bits, lowest bit first. Built in O(states × 256 × 8).
///
/// Reading a word costs one table load per eight cells, so membership runs at the speed of
/// the packing (see BENCHMARKS.md).
///
/// ```
/// use unhop::{Word, automata::{compile_dfa, PackedDfa}};
/// let budget = unhop::budget::Budget::default();
/// let dfa = compile_dfa("(0|1)*1", b"01", &budget).unwrap().minimized(&budget).unwrap();
/// let packed = PackedDfa::new(&dfa);
/// assert!(packed.accepts(&"0000000011".parse::<Word>().unwrap()));
/// ```
#[derive(Clone, Debug)]
pub struct PackedDfa {
    dfa: Dfa,
    table: Vec<StateId>,
    dead: Vec<bool>,
}

impl PackedDfa {
    /// The byte table of a DFA over two letters. Panics if the alphabet is not {0, 1}.
    ///
    /// # Complexity
    ///
    /// O(states × 256) time and space: a byte table per state.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{automata::PackedDfa, solitaire::{Board, Language}};
    /// let packed = PackedDfa::new(Language::of(Board::Finite).minimal_dfa());
    /// assert!(packed.accepts(&"1011".parse().unwrap()));
    /// ```
    pub fn new(dfa: &Dfa) -> PackedDfa {
        assert_eq!(dfa.alphabet(), 2, "a packed DFA reads bits");
        let mut table = Vec::with_capacity(dfa.states() * 256);
        for state in 0..dfa.states() as StateId {
            for byte in 0..=255u8 {
                table.push(dfa.run_from(state, (0..8).map(|j| byte >> j & 1)));
            }
        }
        PackedDfa {
            dfa: dfa.clone(),
            table,
            dead: dfa.live_states().iter().map(|live| !live).collect(),
        }
    }

    /// The state reached from the start after reading `word`. Stops early, every 64 cells,
    /// once the state is dead (no accepting state can be reached from it).
    ///
    /// # Complexity
    ///
    /// O(n / 8) table steps for n cells.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{automata::PackedDfa, solitaire::{Board, Language}};
    /// let dfa = Language::of(Board::Finite).minimal_dfa();
    /// let word = "110".parse().unwrap();
    /// assert_eq!(PackedDfa::new(dfa).run(&word), dfa.run_from(dfa.start(), [1, 1, 0]));
    /// ```
    pub fn run(&self, word: &Word) -> StateId {
        let whole = word.len() / 8;
        let mut state = self.dfa.start();
        let mut bytes = word.packed_bytes();
        for (k, byte) in bytes.by_ref().take(whole).enumerate() {
            state = self.table[state as usize * 256 + byte as usize];
            if k % 8 == 7 && self.dead[state as usize] {
                return state;
            }
        }
        if let Some(last) = bytes.next() {
            state = self
                .dfa
                .run_from(state, (0..word.len() % 8).map(|j| last >> j & 1));
        }
        state
    }

    /// The state after reading eight cells from `state`: the byte's bits, lowest first.
    /// O(1): one table load.
    ///
    /// ```
    /// use unhop::{automata::PackedDfa, solitaire::{Board, Language}};
    /// let dfa = Language::of(Board::Finite).minimal_dfa();
    /// let packed = PackedDfa::new(dfa);
    /// let after = packed.step_eight(dfa.start(), 0b0000_1011);
    /// assert_eq!(after, dfa.run_from(dfa.start(), [1, 1, 0, 1, 0, 0, 0, 0]));
    /// ```
    #[inline]
    pub fn step_eight(&self, state: StateId, cells: u8) -> StateId {
        self.table[state as usize * 256 + cells as usize]
    }

    /// The DFA the table was built from.
    pub fn dfa(&self) -> &Dfa {
        &self.dfa
    }

    /// Whether the DFA accepts `word`.
    ///
    /// # Complexity
    ///
    /// O(n / 8) table steps for n cells.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{automata::PackedDfa, solitaire::{Board, Language}};
    /// let packed = PackedDfa::new(Language::of(Board::Finite).minimal_dfa());
    /// assert!(!packed.accepts(&"1111".parse().unwrap()));
    /// ```
    pub fn accepts(&self, word: &Word) -> bool {
        self.dfa.is_accepting(self.run(word))
    }
}
