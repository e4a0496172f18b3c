//! Theorem 1: the words that reduce to one peg form a regular language, the paper's L.

use super::{Check, Scale, words_of_length};
use crate::budget::Budget;
use crate::error::Error;
use crate::progress::Quiet;
use crate::solitaire::{Board, Language, exhaustive, learn_language};
use crate::word::Word;
use std::path::Path;

/// The bound the learner closes its table at on both boards.
const LEARN_LEN: usize = 14;

pub(super) fn run(scale: Scale, out: &Path, _budget: &Budget) -> Result<Vec<Check>, Error> {
    let max_len = scale.pick(10, 16);
    let mut checks = Vec::new();
    for board in Board::ALL {
        let language = Language::of(board);
        let reduces = |word: &Word| Ok::<_, Error>(exhaustive::search(word, board)?.min_pegs == 1);
        let (mut words, mut disagreements) = (0u64, 0u64);
        for len in 1..=max_len {
            for word in words_of_length(len) {
                words += 1;
                disagreements += u64::from(language.contains(&word) != reduces(&word)?);
            }
        }
        checks.push(Check::exhaustive(
            "the expression describes exactly the words that reduce to one peg",
            format!(
                "{board} board: {words} words against exhaustive search, {disagreements} disagree"
            ),
            format!("every word of length 1 to {max_len}"),
            disagreements == 0,
        ));
        let learned = learn_language(board, LEARN_LEN, &Quiet)?;
        let minimal = language.minimal_dfa();
        let difference = learned.counterexample.as_ref().map(|w| w.to_string());
        checks.push(Check::exhaustive(
            "Theorem 1 without the paper: the DFA learned from exhaustive search is the expression's",
            format!(
                "{board} board: learned {} states, the expression's minimal DFA {}; {}",
                learned.learned.dfa.states(),
                minimal.states(),
                match &difference {
                    None => "equivalent by product search".to_string(),
                    Some(w) => format!("they differ on {w:?}"),
                }
            ),
            format!("every word of length ≤ {LEARN_LEN} asked"),
            learned.equivalent() && learned.learned.dfa.states() == minimal.states(),
        ));
        let title = format!("one-peg language, {board} board: minimal DFA");
        crate::files::write_atomically(
            &out.join(format!("one_peg_language_{board}.dot")),
            minimal.to_dot(&title, b"01").as_bytes(),
        )?;
    }
    Ok(checks)
}
