//! The fast solver ([`unhop::solitaire::solve_within`]) allocates at most its estimate
//! ([`unhop::solitaire::solve_estimate`]), on both boards, on random words and on the words of
//! the most pegs.

use crate::counting::{SLACK, each_case, measure};
use proptest::prelude::*;
use unhop::budget::Budget;
use unhop::solitaire::{Board, solve_estimate, solve_within};
use unhop::{Method, Quiet, Word};

/// The bytes the fast solver allocates on `word`, and its estimate.
fn allocated_and_estimated(word: &Word, board: Board) -> (u64, u128) {
    let budget = Budget::unlimited();
    let (solution, allocated) =
        measure(|| solve_within(word, board, Method::Fast, &Quiet, &budget));
    solution.unwrap();
    (allocated, solve_estimate(word, board).bytes)
}

#[test]
fn the_fast_solver_allocates_at_most_its_estimate() {
    // The language's automata and the solvers' tables are built once per process, outside:
    // on words of every shape drawn below (a row of pegs alone takes a table of its own, 49 KB
    // the first time; it failed a CI run when the first word of that shape was in a case).
    for board in [Board::Finite, Board::Infinite] {
        for warm_up in [
            Word::from_cells((0..5000).map(|i| i % 3 != 0)),
            Word::from_cells((0..5000).map(|i| i % 3 != 2)),
            Word::from_cells((0..5000).map(|_| true)),
        ] {
            allocated_and_estimated(&warm_up, board);
        }
    }
    let words = (
        proptest::collection::vec(proptest::bool::ANY, 1..40_000),
        proptest::bool::ANY,
        0usize..3,
    );
    each_case(60, words, |(cells, finite, shape)| {
        let word = match shape {
            0 => Word::from_cells(cells.iter().copied()),
            1 => Word::from_cells(cells.iter().map(|_| true)),
            _ => Word::from_cells(cells.iter().enumerate().map(|(i, _)| i % 3 != 2)),
        };
        let board = if finite {
            Board::Finite
        } else {
            Board::Infinite
        };
        let (allocated, estimated) = allocated_and_estimated(&word, board);
        prop_assert!(
            u128::from(allocated) <= estimated + u128::from(SLACK),
            "{} cells, {} pegs, {board} board: allocated {allocated}, estimated {estimated}",
            word.len(),
            word.pegs()
        );
        Ok(())
    });
}
