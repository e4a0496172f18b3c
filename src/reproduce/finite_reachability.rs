//! The finite board: the relation "w reaches f by hops" is a 16-state automaton over letter
//! pairs, learned from exhaustive reachability, proved by automata, and used to solve the
//! finite board exactly in linear time.

use super::{Check, Scale, words_of_length};
use crate::budget::Budget;
use crate::error::Error;
use crate::solitaire::finite::{learn_reach, prove, reach_automaton, solve_by_automaton};
use crate::solitaire::{Board, exhaustive, reduce::reduce_infinite};
use std::path::Path;

pub(super) fn run(scale: Scale, out: &Path, _budget: &Budget) -> Result<Vec<Check>, Error> {
    let max_bound = scale.pick(10, 12);
    let mut sizes = Vec::new();
    for bound in 4..=max_bound {
        sizes.push(match learn_reach(bound) {
            Ok(learned) => format!("{bound}: {}", learned.dfa.states()),
            Err(_) => format!("{bound}: not closed"),
        });
    }
    let learned = learn_reach(max_bound)?;
    let mut checks = vec![Check::exhaustive(
        "the automaton learned from exhaustive reachability is the built-in 16-state table",
        format!("states by bound (pair length) {}", sizes.join(", ")),
        format!("every pair of total length ≤ {max_bound} asked"),
        learned.dfa.canonical() == *reach_automaton(),
    )];
    let proof = prove(reach_automaton())?;
    for step in &proof.steps {
        checks.push(Check::proved(
            &format!("proof step: {}", step.name),
            format!(
                "{} (emptiness of a product automaton of {} states{})",
                step.claim,
                step.product_states,
                step.counterexample
                    .as_ref()
                    .map_or(String::new(), |c| format!("; fails: {}", c.reason))
            ),
            step.counterexample.is_none(),
        ));
    }
    checks.push(Check::proved(
        "the automaton accepts exactly the pairs (w, f) with w →* f on the finite board",
        "R ⊆ A by induction on hops (identity, closed under a hop), A ⊆ R by induction on the \
         pegs of w (a first hop)",
        proof.holds(),
    ));
    let max_len = scale.pick(10, 14);
    let (mut words, mut finite_wrong, mut infinite_wrong) = (0u64, 0u64, 0u64);
    for len in 1..=max_len {
        for word in words_of_length(len) {
            words += 1;
            let fast = solve_by_automaton(&word, Board::Finite)?.0;
            finite_wrong += u64::from(fast != exhaustive::search(&word, Board::Finite)?.min_pegs);
            let padded = solve_by_automaton(&word, Board::Infinite)?.0;
            infinite_wrong += u64::from(padded != reduce_infinite(&word)?.0);
        }
    }
    checks.push(Check::exhaustive(
        "the finite-board minimum by the automaton equals exhaustive search",
        format!("{words} words, {finite_wrong} disagree"),
        format!("every word of length 1 to {max_len}"),
        finite_wrong == 0,
    ));
    checks.push(Check::exhaustive(
        "the infinite-board minimum by the automaton (15 holes a side) equals the block method",
        format!("{words} words, {infinite_wrong} disagree"),
        format!("every word of length 1 to {max_len}"),
        infinite_wrong == 0,
    ));
    let dot = reach_automaton().to_pair_dot("finite-board reachability R");
    crate::files::write_atomically(&out.join("finite_reachability.dot"), dot.as_bytes())?;
    Ok(checks)
}
