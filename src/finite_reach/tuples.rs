//! Relations between several words at once: a relation on pairs read on two coordinates of
//! a k-tuple of words, and the projection that forgets a coordinate.
//!
//! A k-tuple of equal-length words is one word over 2ᵏ letters: cell i gives the letter whose
//! bit `k − 1 − c` is cell i of word c (so for pairs this is the pair alphabet's `2·w + f`).

use crate::automata::{Dfa, Nfa, StateId};

/// Cell `coord` of a tuple letter of `arity` words.
fn cell(letter: usize, arity: usize, coord: usize) -> usize {
    (letter >> (arity - 1 - coord)) & 1
}

/// The DFA over `arity`-tuples that accepts a tuple when `pair` accepts its words number
/// `coords.0` and `coords.1`. Same states as `pair`; O(states × 2^arity).
///
/// ```
/// use unhop::finite_reach::{identity, lift};
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
