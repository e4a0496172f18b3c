//! The automaton of R: the 16-state minimal DFA over letter pairs, and its picture.

use crate::automata::{Dfa, StateId};
use std::sync::OnceLock;

/// The transitions of the minimal DFA of R on the letters (hole, hole), (hole, peg),
/// (peg, hole), (peg, peg), states in canonical order ([`Dfa::canonical`]); state 0 starts and
/// is the only accepting state, state 3 is dead.
///
/// This table is what [`super::learn_reach`] returns at every bound from 8 to
/// 12 (tests compare them), and [`super::prove`] proves that it accepts exactly R.
const TRANSITIONS: [[StateId; 4]; 16] = [
    [0, 1, 2, 0],
    [3, 3, 4, 3],
    [5, 6, 7, 8],
    [3, 3, 3, 3],
    [1, 3, 0, 1],
    [3, 3, 9, 4],
    [3, 3, 10, 3],
    [2, 0, 11, 2],
    [4, 3, 12, 3],
    [3, 3, 5, 6],
    [3, 3, 1, 3],
    [13, 3, 14, 15],
    [6, 3, 8, 3],
    [3, 3, 3, 10],
    [9, 4, 3, 12],
    [10, 3, 3, 3],
];

/// The minimal DFA of R, the pairs (w, f) of equal-length words with w →* f by hops on the
/// finite board: 16 states (15 live and one dead), built once.
///
/// # Complexity
///
/// O(1) after the first call, which builds the 16-state table once.
///
///
/// # Examples
///
/// ```
/// use unhop::{Word, automata::relation::pair_letters, solitaire::finite::reach_automaton};
/// let (w, f): (Word, Word) = ("01111".parse().unwrap(), "10100".parse().unwrap());
/// assert!(reach_automaton().accepts(pair_letters(&w, &f)));
/// let stuck: Word = "1111".parse().unwrap();
/// assert!(!reach_automaton().accepts(pair_letters(&stuck, &"0011".parse().unwrap())));
/// ```
pub fn reach_automaton() -> &'static Dfa {
    static DFA: OnceLock<Dfa> = OnceLock::new();
    DFA.get_or_init(|| {
        let next = TRANSITIONS.iter().flatten().copied().collect();
        let accepting = (0..TRANSITIONS.len()).map(|s| s == 0).collect();
        Dfa::new(4, next, accepting, 0).expect("a complete table")
    })
}
