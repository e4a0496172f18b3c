//! The one-hop transducer of the finite board, as a DFA over the pair alphabet.

use crate::automata::relation::{PAIR_LETTERS, pair_letter};
use crate::automata::{Dfa, StateId};

/// The pairs (x, y) of equal-length words where y is x after exactly one hop on the finite
/// board: x and y agree except on three adjacent cells, which read `110` in x and `001` in y (a
/// hop to the right) or `011` and `100` (to the left).
///
/// # Complexity
///
/// A synchronous transducer, written as a 7-state DFA over letter pairs; reading a pair costs
/// O(1) a letter.
///
/// # Examples
///
/// ```
/// use unhop::automata::relation::pair_letters;
/// use unhop::solitaire::finite::one_hop;
/// use unhop::Word;
/// let (x, y): (Word, Word) = ("01101".parse().unwrap(), "01011".parse().unwrap());
/// assert!(!one_hop().accepts(pair_letters(&x, &y)));
/// let y: Word = "00011".parse().unwrap();
/// assert!(one_hop().accepts(pair_letters(&x, &y)));
/// ```
pub fn one_hop() -> Dfa {
    // States: 0 before the hop; 1, 2 inside a right hop (read 1/0, 1/0); 3, 4 inside a left
    // hop (read 0/1, 1/0); 5 after the hop; 6 dead.
    let (same_hole, hole_to_peg, peg_to_hole, same_peg) = (
        pair_letter(false, false),
        pair_letter(false, true),
        pair_letter(true, false),
        pair_letter(true, true),
    );
    let rules: [(StateId, u8, StateId); 10] = [
        (0, same_hole, 0),
        (0, same_peg, 0),
        (0, peg_to_hole, 1),
        (0, hole_to_peg, 3),
        (1, peg_to_hole, 2),
        (2, hole_to_peg, 5),
        (3, peg_to_hole, 4),
        (4, peg_to_hole, 5),
        (5, same_hole, 5),
        (5, same_peg, 5),
    ];
    let mut next = vec![6; 7 * PAIR_LETTERS];
    for (from, letter, to) in rules {
        next[from as usize * PAIR_LETTERS + letter as usize] = to;
    }
    let accepting = (0..7).map(|s| s == 5).collect();
    Dfa::new(PAIR_LETTERS, next, accepting, 0).expect("a complete table")
}
