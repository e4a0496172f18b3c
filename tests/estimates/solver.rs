//! The game solver ([`unhop::games::Solver`]) holds against its memory limit at least what it
//! allocates: its memo and the options on its recursion stack.

use crate::counting::{SLACK, each_case, measure};
use proptest::prelude::*;
use unhop::budget::Budget;
use unhop::games::{Duotaire, MoveRule, Solver};
use unhop::rules::{RewriteGame, RuleSet};
use unhop::solitaire::Board;

/// The most bytes the solver said it held, and the most it allocated, valuing `position`.
fn held_and_allocated<G: unhop::games::ImpartialGame>(
    game: G,
    position: &G::Position,
) -> (u64, u64) {
    let budget = Budget::unlimited();
    let ((), allocated) = measure(|| {
        let mut solver = Solver::with_budget(game, &budget);
        solver.try_value(position).unwrap();
    });
    let held = budget
        .accounts()
        .iter()
        .map(|a| a.peak_bytes)
        .max()
        .unwrap();
    (held, allocated)
}

#[test]
fn duotaire_positions_are_held_as_allocated() {
    let rows = (
        proptest::collection::vec(proptest::bool::ANY, 1..24),
        proptest::bool::ANY,
        proptest::bool::ANY,
    );
    each_case(40, rows, |(cells, chain, finite)| {
        let text: String = cells.iter().map(|&c| if c { '1' } else { '0' }).collect();
        let rule = if chain {
            MoveRule::Chain
        } else {
            MoveRule::Single
        };
        let board = if finite {
            Board::Finite
        } else {
            Board::Infinite
        };
        let game = Duotaire::new(rule, board);
        let row = game.position(&text.parse().unwrap()).unwrap();
        let (held, allocated) = held_and_allocated(game, &row);
        prop_assert!(
            allocated <= held + SLACK,
            "{text}: allocated {allocated}, held {held}"
        );
        Ok(())
    });
}

#[test]
fn rewrite_positions_are_held_as_allocated() {
    each_case(40, (1usize..16, 0usize..2), |(len, name)| {
        let rules = RuleSet::builtin(["kayles", "dawson"][name]).unwrap();
        let game = RewriteGame::new(&rules, Board::Finite);
        let (held, allocated) = held_and_allocated(game, &vec![1u8; len]);
        prop_assert!(
            allocated <= held + SLACK,
            "{len} pins: allocated {allocated}, held {held}"
        );
        Ok(())
    });
}
