//! The automaton of R: the 16-state minimal DFA over letter pairs, and its picture.

use super::pairs::unpair_letter;
use crate::automata::{Dfa, StateId};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::OnceLock;

/// The transitions of the minimal DFA of R on the letters (hole, hole), (hole, peg),
/// (peg, hole), (peg, peg), states in canonical order ([`Dfa::canonical`]); state 0 starts and
/// is the only accepting state, state 3 is dead.
///
/// This table is what [`crate::finite_reach::learn_reach`] returns at every bound from 8 to
/// 12 (tests compare them), and [`crate::finite_reach::prove`] proves that it accepts exactly R.
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
/// ```
/// use unhop::{Word, finite_reach::{pair_letters, reach_automaton}};
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

/// A DFA over letter pairs in Graphviz DOT: arrows labelled `w/f` (several letters on one
/// arrow separated by commas), the accepting states doubled, dead states left out.
///
/// ```
/// let dot = unhop::finite_reach::pair_dot(unhop::finite_reach::reach_automaton(), "R");
/// assert!(dot.contains("q0 -> q0 [label=\"0/0, 1/1\"]"));
/// ```
pub fn pair_dot(dfa: &Dfa, title: &str) -> String {
    let live = dfa.live_states();
    let mut arrows: BTreeMap<(StateId, StateId), Vec<String>> = BTreeMap::new();
    for s in (0..dfa.states() as StateId).filter(|&s| live[s as usize]) {
        for letter in 0..dfa.alphabet() as u8 {
            let t = dfa.next(s, letter);
            if live[t as usize] {
                let (w, f) = unpair_letter(letter);
                arrows
                    .entry((s, t))
                    .or_default()
                    .push(format!("{}/{}", u8::from(w), u8::from(f)));
            }
        }
    }
    let mut out = String::new();
    let _ = writeln!(out, "digraph {title:?} {{");
    let _ = writeln!(out, "  rankdir=LR;");
    let _ = writeln!(out, "  node [shape=circle, fontname=\"Helvetica\"];");
    let _ = writeln!(out, "  start [shape=point, label=\"\"];");
    for s in (0..dfa.states() as StateId).filter(|&s| live[s as usize]) {
        let shape = if dfa.is_accepting(s) {
            "doublecircle"
        } else {
            "circle"
        };
        let _ = writeln!(out, "  q{s} [shape={shape}];");
    }
    let _ = writeln!(out, "  start -> q{};", dfa.start());
    for ((from, to), labels) in arrows {
        let _ = writeln!(out, "  q{from} -> q{to} [label=\"{}\"];", labels.join(", "));
    }
    out.push_str("}\n");
    out
}
