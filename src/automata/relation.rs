//! Relations between words as automata: a pair of equal-length words read as one word over
//! letter pairs, and the relation algebra that proofs about such relations need.
//!
//! A pair of words (w, f) of one length is one word over the four letter pairs
//! {0,1}×{0,1}: cell i gives the letter `2·wᵢ + fᵢ`, so `0` = (0, 0), `1` = (0, 1),
//! `2` = (1, 0), `3` = (1, 1). A relation between words is then a language over four letters,
//! and a synchronous transducer is a DFA over them. More generally a k-tuple of equal-length
//! words is one word over 2ᵏ letters: cell i gives the letter whose bit `k − 1 − c` is cell i of
//! word c (so for pairs this is `2·w + f`).
//!
//! * [`pair_letter`], [`unpair_letter`], [`pair_letters`], [`unpair`], [`show_pair`]: the pair
//!   alphabet.
//! * [`identity`]: the relation (x, x).
//! * [`lift`]: a relation on pairs read on two coordinates of a k-tuple; [`project`]: the
//!   projection that forgets one coordinate of a triple (an NFA, the ∃ of a proof).
//! * [`pair_dot`]: a DFA over letter pairs in Graphviz DOT, arrows labelled `w/f`.
//!
//! Nothing here knows a game's rules: `solitaire::finite` builds its one-hop transducer and
//! its proof on top of these.

use crate::automata::{Dfa, Nfa, StateId};
use crate::word::Word;
use std::collections::BTreeMap;
use std::fmt::Write;

/// The number of letters of the pair alphabet.
pub const PAIR_LETTERS: usize = 4;

/// The letter of the cell pair (w, f): `2·w + f`.
///
/// ```
/// use unhop::automata::relation::{pair_letter, unpair_letter};
/// assert_eq!(pair_letter(true, false), 2);
/// assert_eq!(unpair_letter(1), (false, true));
/// ```
pub fn pair_letter(w: bool, f: bool) -> u8 {
    2 * u8::from(w) + u8::from(f)
}

/// The cell pair (w, f) of a letter (only its two low bits are read).
pub fn unpair_letter(letter: u8) -> (bool, bool) {
    (letter & 2 != 0, letter & 1 != 0)
}

/// The letters of the pair (w, f), which must have the same length.
pub fn pair_letters<'a>(w: &'a Word, f: &'a Word) -> impl Iterator<Item = u8> + 'a {
    w.iter().zip(f.iter()).map(|(a, b)| pair_letter(a, b))
}

/// The two words spelled by a word of letter pairs.
///
/// ```
/// use unhop::automata::relation::unpair;
/// let (w, f) = unpair(&[2, 2, 1]);
/// assert_eq!((w.to_string(), f.to_string()), ("110".to_string(), "001".to_string()));
/// ```
pub fn unpair(letters: &[u8]) -> (Word, Word) {
    let w = Word::from_cells(letters.iter().map(|&l| unpair_letter(l).0));
    let f = Word::from_cells(letters.iter().map(|&l| unpair_letter(l).1));
    (w, f)
}

/// Shows a pair as `w → f` (`ε → ε` for the empty pair).
pub fn show_pair(w: &Word, f: &Word) -> String {
    let show = |x: &Word| match x.len() {
        0 => "ε".to_string(),
        _ => x.to_string(),
    };
    format!("{} → {}", show(w), show(f))
}

/// The pairs (x, x): a 2-state DFA over letter pairs.
///
/// ```
/// assert!(unhop::automata::relation::identity().accepts([0, 3, 3]));
/// assert!(!unhop::automata::relation::identity().accepts([0, 1]));
/// ```
pub fn identity() -> Dfa {
    let mut next = vec![1; 2 * PAIR_LETTERS];
    next[pair_letter(false, false) as usize] = 0;
    next[pair_letter(true, true) as usize] = 0;
    Dfa::new(PAIR_LETTERS, next, vec![true, false], 0).expect("a complete table")
}

/// Cell `coord` of a tuple letter of `arity` words.
fn cell(letter: usize, arity: usize, coord: usize) -> usize {
    (letter >> (arity - 1 - coord)) & 1
}

/// The DFA over `arity`-tuples that accepts a tuple when `pair` accepts its words number
/// `coords.0` and `coords.1`. Same states as `pair`; O(states × 2^arity).
///
/// ```
/// use unhop::automata::relation::{identity, lift};
/// // Triples (x, y, z) with x = z: letters 0b000, 0b010, 0b101, 0b111.
/// let same_ends = lift(&identity(), 3, (0, 2));
/// assert!(same_ends.accepts([0b010, 0b101]));
/// assert!(!same_ends.accepts([0b100]));
/// ```
pub fn lift(pair: &Dfa, arity: usize, coords: (usize, usize)) -> Dfa {
    let letters = 1 << arity;
    let next = (0..pair.states() as StateId)
        .flat_map(|s| {
            (0..letters).map(move |t| {
                let letter = 2 * cell(t, arity, coords.0) + cell(t, arity, coords.1);
                pair.next(s, letter as u8)
            })
        })
        .collect();
    let accepting = (0..pair.states() as StateId)
        .map(|s| pair.is_accepting(s))
        .collect();
    Dfa::new(letters, next, accepting, pair.start()).expect("same shape as the pair DFA")
}

/// The pairs (x_a, x_b), `keep = (a, b)`, of the triples `triple` accepts for some third word:
/// an NFA over the pair alphabet with the same states (each pair letter may come from either
/// value of the forgotten cell). O(states × 8).
pub fn project(triple: &Dfa, keep: (usize, usize)) -> Nfa {
    let dropped = (0..3)
        .find(|c| *c != keep.0 && *c != keep.1)
        .expect("three coordinates, two kept");
    let mut next = Vec::with_capacity(triple.states() * 4);
    for s in 0..triple.states() as StateId {
        for pair in 0..4usize {
            let mut targets: Vec<StateId> = (0..2usize)
                .map(|free| {
                    let bits = [(keep.0, pair >> 1), (keep.1, pair & 1), (dropped, free)];
                    let letter = bits.iter().fold(0, |t, &(c, b)| t | b << (2 - c));
                    triple.next(s, letter as u8)
                })
                .collect();
            targets.dedup();
            next.push(targets);
        }
    }
    let accepting = (0..triple.states() as StateId)
        .map(|s| triple.is_accepting(s))
        .collect();
    Nfa::new(4, next, accepting, triple.start()).expect("same shape as the triple DFA")
}

/// A DFA over letter pairs in Graphviz DOT: arrows labelled `w/f` (several letters on one
/// arrow separated by commas), the accepting states doubled, dead states left out.
///
/// ```
/// use unhop::automata::relation::{identity, pair_dot};
/// let dot = pair_dot(&identity(), "same");
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
