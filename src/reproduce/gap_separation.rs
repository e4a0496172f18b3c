//! Duotaire: a gap of three holes splits a position into a sum; a gap of two does not.

use super::{Check, Scale, words_of_length};
use crate::budget::Budget;
use crate::error::Error;
use crate::games::{Duotaire, MoveRule, Row, SOLVER_MOVES, SOLVER_POSITIONS, try_exhaustive_value};
use crate::solitaire::Board;
use crate::word::Word;
use rustc_hash::FxHashMap;
use std::path::Path;

pub(super) fn run(scale: Scale, _out: &Path, budget: &Budget) -> Result<Vec<Check>, Error> {
    let max_part = scale.pick(5, 7);
    let mut checks = Vec::new();
    for rule in [MoveRule::Single, MoveRule::Chain] {
        // The plain recursion: no canonical forms, no splitting, so the identity is not assumed.
        // One meter and one memo for every word of the rule: the budget's limits hold for the
        // whole search, and the memory limits are read once, not once a word.
        let game = Duotaire::new(rule, Board::Finite);
        let mut memo: FxHashMap<Row, u32> = FxHashMap::default();
        let meter = budget.meter("valuing u0, 0w, u00w and u000w one by one", SOLVER_MOVES);
        let max_positions = budget.position_limit(SOLVER_POSITIONS);
        let mut value = |text: String| -> Result<u32, Error> {
            let word: Word = text.parse()?;
            let row = game.position(&word)?;
            try_exhaustive_value(&game, &row, &mut memo, &meter, max_positions)
        };
        let (mut pairs, mut three_fails) = (0u64, 0u64);
        let mut two_fails: Option<String> = None;
        for len_u in 1..=max_part {
            for len_w in 1..=max_part {
                for u in words_of_length(len_u) {
                    for w in words_of_length(len_w) {
                        pairs += 1;
                        let sum = value(format!("{u}0"))? ^ value(format!("0{w}"))?;
                        three_fails += u64::from(value(format!("{u}000{w}"))? != sum);
                        if two_fails.is_none() && value(format!("{u}00{w}"))? != sum {
                            two_fails = Some(format!("{u}00{w}"));
                        }
                    }
                }
            }
        }
        checks.push(Check::exhaustive(
            "g(u000w) = g(u0) ⊕ g(0w) (finite board)",
            format!("{rule} moves: {pairs} pairs (u, w) by plain recursion, {three_fails} fail"),
            format!("1 ≤ |u|, |w| ≤ {max_part}"),
            three_fails == 0,
        ));
        // One counterexample refutes the claim that two holes split: a proof.
        checks.push(Check::proved(
            "a gap of two holes does not split in general",
            format!(
                "{rule} moves: first u00w with g(u00w) ≠ g(u0) ⊕ g(0w): {} (searched 1 ≤ |u|, \
                 |w| ≤ {max_part})",
                two_fails.as_deref().unwrap_or("none found")
            ),
            two_fails.is_some(),
        ));
    }
    Ok(checks)
}
