//! On the finite board the block factorisation of Theorem 2 is wrong.

use super::{Check, Scale, words_of_length};
use crate::budget::Budget;
use crate::error::Error;
use crate::solitaire::{Board, Language, exhaustive};
use crate::word::Word;
use std::path::Path;

/// The fewest blocks, each reducing to one peg on its own finite board (or holding no peg),
/// that `word` splits into; `None` when it has no such factorisation. O(n²) memberships.
fn fewest_finite_blocks(word: &Word) -> Option<usize> {
    let language = Language::of(Board::Finite);
    let n = word.len();
    let mut best: Vec<Option<usize>> = vec![None; n + 1];
    best[0] = Some(0);
    for end in 1..=n {
        best[end] = (0..end)
            .filter_map(|start| {
                let block = word.slice(start..end);
                let cost = match block.pegs() {
                    0 => 0,
                    _ if language.contains(&block) => 1,
                    _ => return None,
                };
                Some(best[start]? + cost)
            })
            .min();
    }
    best[n]
}

pub(super) fn run(scale: Scale, out: &Path, _budget: &Budget) -> Result<Vec<Check>, Error> {
    let min_pegs = |w: &Word| Ok::<_, Error>(exhaustive::search(w, Board::Finite)?.min_pegs);
    let (w01111, w1111): (Word, Word) = ("01111".parse()?, "1111".parse()?);
    let (min, blocks) = (min_pegs(&w01111)?, fewest_finite_blocks(&w01111));
    let mut checks = vec![Check::proved(
        "01111 reduces to 2 pegs but has no factorisation into 2 one-peg blocks",
        format!(
            "exhaustive minimum {min}; fewest one-peg blocks {}",
            blocks.map_or("none".into(), |b| b.to_string())
        ),
        min == 2 && blocks.is_none_or(|b| b > 2),
    )];
    let (min, infinite) = (
        min_pegs(&w1111)?,
        crate::solitaire::solve(&w1111, Board::Infinite)?,
    );
    checks.push(Check::proved(
        "1111 is stuck at 4 pegs on the finite board (2 on the infinite board)",
        format!(
            "exhaustive minimum {min}; infinite board {}",
            infinite.min_pegs
        ),
        min == 4 && infinite.min_pegs == 2,
    ));
    let max_len = scale.pick(10, 14);
    let (mut words, mut fewer, mut more) = (0u64, 0u64, 0u64);
    let mut csv = String::from("word,min_pegs,fewest_blocks\n");
    for len in 1..=max_len {
        for word in words_of_length(len) {
            words += 1;
            let (min, blocks) = (min_pegs(&word)?, fewest_finite_blocks(&word));
            if blocks != Some(min) {
                if blocks.is_some_and(|b| b < min) {
                    more += 1;
                }
                fewer += 1;
                if fewer <= 200 {
                    let blocks = blocks.map_or("none".into(), |b| b.to_string());
                    csv.push_str(&format!("{word},{min},{blocks}\n"));
                }
            }
        }
    }
    crate::files::write_atomically(&out.join("finite_counterexamples.csv"), csv.as_bytes())?;
    checks.push(Check::exhaustive(
        "the minimum never exceeds the blocks, and is often below them",
        format!(
            "{words} words: {fewer} have a minimum below the fewest blocks (or no \
             factorisation; the first 200 in finite_counterexamples.csv), {more} above"
        ),
        format!("every word of length 1 to {max_len}"),
        more == 0 && fewer > 0,
    ));
    Ok(checks)
}
