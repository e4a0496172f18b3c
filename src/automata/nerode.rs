//! Counting Myhill–Nerode classes of a set of words, as far as a bound lets them be told apart.

use super::answers::{Answers, words_up_to};
use rustc_hash::FxHashSet;

/// The number of classes among the prefixes of length ≤ `prefix_len`, two prefixes p, q being
/// in one class when p·s and q·s are both in the set or both outside it for every suffix s of
/// length ≤ `suffix_len`. It is a lower bound on the states of any DFA that agrees with the set
/// on words up to `prefix_len + suffix_len`; for a regular set it levels off at the size of the
/// minimal DFA (counting its dead state when it has one), for a non-regular set it grows
/// without bound.
///
/// # Complexity
///
/// O(alphabet^(a+b)) lookups.
///
/// # Examples
///
/// ```
/// use unhop::automata::{Answers, nerode_classes};
/// // Words over {0, 1} with as many 0s as 1s: not regular, the classes keep growing.
/// let answers = Answers::ask(2, 12, &mut |w: &[u8]| 2 * w.iter().filter(|&&l| l == 1).count() == w.len());
/// let counts: Vec<usize> = (1..=6).map(|a| nerode_classes(&answers, a, a)).collect();
/// assert!(counts.windows(2).all(|p| p[0] < p[1]));
/// ```
pub fn nerode_classes(answers: &Answers, prefix_len: usize, suffix_len: usize) -> usize {
    assert!(
        prefix_len + suffix_len <= answers.max_len(),
        "the answers go up to length {}, not {prefix_len} + {suffix_len}",
        answers.max_len()
    );
    let suffixes: Vec<Vec<u8>> = words_up_to(answers.alphabet(), suffix_len).collect();
    let rows: FxHashSet<Vec<u64>> = words_up_to(answers.alphabet(), prefix_len)
        .map(|prefix| {
            let mut row = vec![0u64; suffixes.len().div_ceil(64)];
            let mut word = prefix.clone();
            for (i, suffix) in suffixes.iter().enumerate() {
                word.truncate(prefix.len());
                word.extend_from_slice(suffix);
                row[i / 64] |= u64::from(answers.get(&word)) << (i % 64);
            }
            row
        })
        .collect();
    rows.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::automata::Dfa;

    proptest::proptest! {
        /// For a regular set the count reaches the minimal DFA's size (every state reached by a
        /// word shorter than the state count, told apart by a suffix no longer) and never
        /// exceeds it.
        #[test]
        fn classes_of_a_regular_set_reach_the_minimal_dfa(
            table in proptest::collection::vec(0u32..5, 10),
            accepting in proptest::collection::vec(proptest::bool::ANY, 5),
        ) {
            let dfa = Dfa::new(2, table, accepting, 0).unwrap();
            let answers = Answers::ask(2, 10, &mut |w| dfa.accepts(w.iter().copied()));
            let minimal = dfa.minimized(&crate::budget::Budget::default()).unwrap().states();
            for a in 0..=5 {
                proptest::prop_assert!(nerode_classes(&answers, a, 10 - a) <= minimal);
            }
            proptest::prop_assert_eq!(nerode_classes(&answers, 5, 5), minimal);
        }
    }
}
