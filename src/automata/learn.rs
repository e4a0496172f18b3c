//! Learning a DFA from a membership oracle by a Myhill–Nerode table.
//!
//! Every word of length ≤ N is put to the oracle once. A prefix p (|p| ≤ a) gets the row of
//! answers for p·s over all suffixes s with |s| ≤ b, where a = ⌈N/2⌉ and b = N − a. The states
//! are the distinct rows of the prefixes shorter than a; the state of p goes on letter x to the
//! state with the row of p·x. If some p·x has a row no shorter prefix has (the table is not
//! closed), the bound is too small and the learner says so. The DFA is then checked against
//! every answer.
//!
//! Why the result is minimal: prefixes with different rows are told apart by a word of length
//! ≤ N, so any DFA that agrees with the oracle up to N needs a state for each distinct row;
//! the learned DFA has exactly that many. It is the minimal DFA consistent with every word up
//! to the bound, which is all a finite number of queries can show: equivalence with a known
//! automaton is then a separate check ([`Dfa::shortest_difference`]).

use super::answers::{Answers, words_up_to};
use super::dfa::{Dfa, StateId};
use crate::error::Error;
use rustc_hash::FxHashMap;

/// The most oracle answers the learner keeps (alphabet^0 + … + alphabet^N).
pub const MAX_QUERIES: u64 = 1 << 26;

/// A learned DFA and the bound it was learned at.
#[derive(Clone, Debug)]
pub struct Learned {
    /// The minimal DFA that agrees with the oracle on every word of length ≤ `max_len`.
    pub dfa: Dfa,
    /// The bound N: every word up to this length was asked.
    pub max_len: usize,
    /// The prefixes' and the suffixes' length bounds of the table (a + b = N).
    pub prefix_len: usize,
    pub suffix_len: usize,
    /// The number of words asked.
    pub queries: u64,
}

/// Learns the minimal DFA over the letters `0..alphabet` that agrees with `member` on every
/// word of length ≤ `max_len`. O(alphabet^N) oracle calls, answers and table entries.
///
/// ```
/// use unhop::automata::learn;
/// // Words over {0, 1} with an even number of 1s.
/// let learned = learn(2, 6, &mut |w: &[u8]| w.iter().filter(|&&l| l == 1).count() % 2 == 0)
///     .unwrap();
/// assert_eq!(learned.dfa.states(), 2);
/// assert!(learned.dfa.accepts([1, 0, 1]));
/// ```
pub fn learn(
    alphabet: usize,
    max_len: usize,
    member: &mut dyn FnMut(&[u8]) -> bool,
) -> Result<Learned, Error> {
    if !(1..=16).contains(&alphabet) || max_len < 2 {
        return Err(Error::new(format!(
            "learning needs 1 to 16 letters and a bound of at least 2, not {alphabet} and {max_len}"
        )));
    }
    let queries = (0..=max_len as u32)
        .try_fold(0u64, |sum, len| {
            (alphabet as u64).checked_pow(len).map(|n| sum + n)
        })
        .filter(|&n| n <= MAX_QUERIES)
        .ok_or_else(|| {
            Error::new(format!(
                "learning up to length {max_len} over {alphabet} letters would ask more than \
                 {MAX_QUERIES} words"
            ))
        })?;
    let answers = Answers::ask(alphabet, max_len, member);
    let prefix_len = max_len.div_ceil(2);
    let suffix_len = max_len - prefix_len;
    let suffixes: Vec<Vec<u8>> = words_up_to(alphabet, suffix_len).collect();
    let row = |prefix: &[u8]| -> Vec<bool> {
        suffixes
            .iter()
            .map(|s| answers.get(&[prefix, s].concat()))
            .collect()
    };
    // The states: the distinct rows of the prefixes shorter than a, first come first numbered
    // (length-then-letter order), each with its first prefix.
    let mut states: FxHashMap<Vec<bool>, StateId> = FxHashMap::default();
    let mut access: Vec<Vec<u8>> = Vec::new();
    for prefix in words_up_to(alphabet, prefix_len - 1) {
        let fresh = access.len() as StateId;
        states.entry(row(&prefix)).or_insert_with(|| {
            access.push(prefix);
            fresh
        });
    }
    let mut next = Vec::with_capacity(access.len() * alphabet);
    for prefix in &access {
        for letter in 0..alphabet as u8 {
            let extended = [prefix.as_slice(), &[letter]].concat();
            let target = states.get(&row(&extended)).ok_or_else(|| {
                Error::new(format!(
                    "the table at bound {max_len} is not closed: the prefix {} is told apart \
                     from every shorter one; learn with a larger bound",
                    spell(&extended)
                ))
            })?;
            next.push(*target);
        }
    }
    let accepting = access.iter().map(|p| answers.get(p)).collect();
    let dfa = Dfa::new(alphabet, next, accepting, 0)?;
    if let Some(word) =
        words_up_to(alphabet, max_len).find(|w| dfa.accepts(w.iter().copied()) != answers.get(w))
    {
        return Err(Error::new(format!(
            "the automaton of the table at bound {max_len} disagrees with the oracle on {}; \
             learn with a larger bound",
            spell(&word)
        )));
    }
    Ok(Learned {
        dfa,
        max_len,
        prefix_len,
        suffix_len,
        queries,
    })
}

/// A word's letters as digits (letters above 9 as a, b, …).
fn spell(word: &[u8]) -> String {
    match word {
        [] => "the empty word".to_string(),
        _ => word
            .iter()
            .map(|&l| char::from_digit(u32::from(l), 16).unwrap_or('?'))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// Learning a random DFA's language from its answers gives back its minimal DFA, once
        /// the bound is large enough (2 × states is: rows over suffixes < states separate all
        /// states, and every state is reached by a word shorter than states).
        #[test]
        fn learning_a_dfa_gives_back_its_minimal_dfa(
            table in proptest::collection::vec(0u32..5, 10),
            accepting in proptest::collection::vec(proptest::bool::ANY, 5),
        ) {
            let target = Dfa::new(2, table, accepting, 0).unwrap();
            let learned = learn(2, 10, &mut |w| target.accepts(w.iter().copied())).unwrap();
            let minimal = target.minimized();
            proptest::prop_assert_eq!(learned.dfa.states(), minimal.states());
            proptest::prop_assert_eq!(learned.dfa.shortest_difference(&target).unwrap(), None);
        }
    }

    #[test]
    fn too_small_a_bound_is_reported() {
        // The words of length 3, at bound 4: the prefix 11 (row: accepted after one more
        // letter) is told apart from both shorter prefixes.
        let err = learn(1, 4, &mut |w| w.len() == 3).unwrap_err().to_string();
        assert!(err.contains("learn with a larger bound"), "{err}");
    }
}
