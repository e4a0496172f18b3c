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
use super::work::{Cost, WORDS_ASKED};
use crate::budget::Budget;
use crate::error::Error;
use rustc_hash::FxHashMap;

/// A learned DFA and the bound it was learned at.
#[derive(Clone, Debug)]
pub struct Learned {
    /// The minimal DFA that agrees with the oracle on every word of length ≤ `max_len`.
    pub dfa: Dfa,
    /// The bound N: every word up to this length was asked.
    pub max_len: usize,
    /// The prefixes' length bound a of the table (a + b = N).
    pub prefix_len: usize,
    /// The suffixes' length bound b of the table (a + b = N).
    pub suffix_len: usize,
    /// The number of words asked.
    pub queries: u64,
}

/// Learns the minimal DFA over the letters `0..alphabet` that agrees with `member` on every
/// word of length ≤ `max_len`.
///
/// # Complexity
/// O(alphabet^N) oracle calls, answers and table entries: admitted by `budget` before it
/// starts with the estimate [`learn_cost`] (the words asked, in [`WORDS_ASKED`], and the
/// bytes of the answers and the table), and charged a unit a word asked.
///
/// # Examples
///
/// ```
/// use unhop::automata::learn;
/// use unhop::budget::Budget;
/// // Words over {0, 1} with an even number of 1s.
/// let even = &mut |w: &[u8]| w.iter().filter(|&&l| l == 1).count() % 2 == 0;
/// let learned = learn(2, 6, even, &Budget::default()).unwrap();
/// assert_eq!(learned.dfa.states(), 2);
/// assert!(learned.dfa.accepts([1, 0, 1]));
/// let refused = learn(2, 40, even, &Budget::default()).unwrap_err();
/// assert_eq!(refused.kind(), unhop::ErrorKind::Refused);
/// ```
pub fn learn(
    alphabet: usize,
    max_len: usize,
    member: &mut dyn FnMut(&[u8]) -> bool,
    budget: &Budget,
) -> Result<Learned, Error> {
    if !(1..=16).contains(&alphabet) || max_len < 2 {
        return Err(Error::new(format!(
            "learning needs 1 to 16 letters and a bound of at least 2, not {alphabet} and {max_len}"
        )));
    }
    let cost = learn_cost(alphabet, max_len);
    let meter = cost.admit(
        budget,
        format!("learning every word up to length {max_len} over {alphabet} letters"),
        WORDS_ASKED,
    )?;
    let queries = u64::try_from(cost.work).unwrap_or(u64::MAX);
    meter.charge(queries)?;
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

/// The words of length at most `len` over `alphabet` letters: alphabet^0 + … + alphabet^len
/// (saturated).
fn words_to(alphabet: usize, len: usize) -> u128 {
    (0..=len as u32)
        .map(|l| (alphabet as u128).saturating_pow(l))
        .fold(0u128, u128::saturating_add)
}

/// An upper bound of what [`learn`] costs over `alphabet` letters up to length `max_len`: the
/// words asked (each once), and the bytes of their answers (a byte each), of the suffixes of
/// the table and of its rows (a byte a suffix, with their hash table and first prefixes), and
/// of the learned table.
///
/// # Complexity
///
/// O(max_len).
///
/// # Examples
///
/// ```
/// let cost = unhop::automata::learn_cost(2, 10);
/// assert_eq!(cost.work, 2047);
/// ```
pub fn learn_cost(alphabet: usize, max_len: usize) -> Cost {
    let queries = words_to(alphabet, max_len);
    let prefix_len = max_len.div_ceil(2);
    let suffix_len = max_len - prefix_len;
    let suffixes = words_to(alphabet, suffix_len);
    let prefixes = words_to(alphabet, prefix_len.saturating_sub(1));
    let a = alphabet as u128;
    let bytes = queries
        .saturating_add(32 * (max_len as u128 + 1))
        .saturating_add(suffixes.saturating_mul(32 + suffix_len as u128))
        .saturating_add(
            prefixes.saturating_mul(
                suffixes
                    .saturating_mul(2)
                    .saturating_add(32 + prefix_len as u128 + 4 * a + 120),
            ),
        )
        .saturating_add(4096);
    Cost {
        work: queries,
        bytes,
    }
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
            let budget = Budget::default();
            let learned = learn(2, 10, &mut |w| target.accepts(w.iter().copied()), &budget).unwrap();
            let minimal = target.minimized(&budget).unwrap();
            proptest::prop_assert_eq!(learned.dfa.states(), minimal.states());
            proptest::prop_assert_eq!(learned.dfa.shortest_difference(&target, &budget).unwrap(), None);
        }
    }

    #[test]
    fn too_small_a_bound_is_reported() {
        // The words of length 3, at bound 4: the prefix 11 (row: accepted after one more
        // letter) is told apart from both shorter prefixes.
        let err = learn(1, 4, &mut |w| w.len() == 3, &Budget::default())
            .unwrap_err()
            .to_string();
        assert!(err.contains("learn with a larger bound"), "{err}");
    }
}
