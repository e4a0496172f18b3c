//! The sliding puzzle's engines hold their estimates: the work each charges to its budget is
//! at most the work it was admitted with, and the most bytes it allocates at once (counted
//! by the allocator, all threads and every layer included) are at most its memory estimate.
//! Pattern-database builds on every small pattern of the 8-puzzle, on the 6-6-3 tables of the
//! 15-puzzle and on random patterns; the cache's plan of a set; the fallback, the
//! breadth-first twins and the searches on random boards.

use crate::counting::{alone, each_case, measure};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;
use unhop::Progress;
use unhop::budget::{Account, Budget, Estimate};
use unhop::sliding::cache::{load_or_build_all, plan};
use unhop::sliding::exhaustive::{distance_estimate, distance_table, plain_ida_star, reachable};
use unhop::sliding::random::{random_walk, shuffled, shuffled_boards};
use unhop::sliding::{
    Board, Geometry, IDA_NODES, LinearConflict, PatternDb, Split, State, fallback,
    fallback_estimate, ida_star,
};

/// The one account `budget` kept, with the estimate it was admitted with.
fn only_account(budget: &Budget) -> Account {
    let accounts = budget.accounts();
    assert_eq!(accounts.len(), 1, "{accounts:?}");
    accounts.into_iter().next().unwrap()
}

/// Asserts that `account` and the `allocated` bytes are within `estimate`, and that the
/// account was admitted with it.
fn within(estimate: &Estimate, account: &Account, allocated: u64) {
    let what = &estimate.what;
    assert_eq!(
        account.estimate,
        Some((estimate.work, estimate.bytes)),
        "{what}"
    );
    assert!(
        u128::from(account.work) <= estimate.work,
        "{what}: {account:?}"
    );
    assert!(
        u128::from(account.peak_bytes) <= estimate.bytes,
        "{what}: held {} of {}",
        account.peak_bytes,
        estimate.bytes
    );
    assert!(
        u128::from(allocated) <= estimate.bytes,
        "{what}: allocated {allocated} of {}",
        estimate.bytes
    );
}

/// Builds the database of `cells` by the fast builder and by its twin, each measured against
/// its estimate; returns the fast builder's account.
fn build_within(width: usize, gap: u8, cells: &[u8]) -> Account {
    // The threads of rayon's pool are started before the measurement.
    rayon::current_num_threads();
    let budget = Budget::default();
    let (db, allocated) = measure(|| PatternDb::build(width, gap, cells, &budget, &mut |_, _| {}));
    let db = db.unwrap();
    let fast = only_account(&budget);
    within(
        &PatternDb::estimate(width, gap, cells).unwrap(),
        &fast,
        allocated,
    );
    let budget = Budget::default();
    let (twin, allocated) = measure(|| PatternDb::exhaustive(width, gap, cells, &budget));
    assert_eq!(twin.unwrap(), db, "{cells:?}");
    let slow = only_account(&budget);
    within(
        &PatternDb::exhaustive_estimate(width, gap, cells).unwrap(),
        &slow,
        allocated,
    );
    assert_eq!(
        slow.work, fast.work,
        "both reach every state once: {cells:?}"
    );
    fast
}

/// Every set of at most `most` cells of `cells`.
fn subsets(cells: &[u8], most: usize) -> Vec<Vec<u8>> {
    let mut all = vec![vec![]];
    for &c in cells {
        for i in 0..all.len() {
            if all[i].len() < most {
                let mut with = all[i].clone();
                with.push(c);
                all.push(with);
            }
        }
    }
    all.retain(|s| !s.is_empty());
    all
}

#[test]
fn every_small_pattern_of_the_8_puzzle_is_built_within_its_estimate() {
    let _turn = alone();
    for gap in [8u8, 4] {
        let cells: Vec<u8> = (0..9).filter(|&c| c != gap).collect();
        for pattern in subsets(&cells, 4) {
            build_within(3, gap, &pattern);
        }
    }
    // The largest patterns, where one region of empty cells is all a placement has.
    build_within(3, 8, &[0, 1, 2, 3, 4, 5, 6, 7]);
    build_within(3, 0, &[8, 7, 6, 5, 4, 3, 2]);
}

#[test]
fn the_6_6_3_tables_are_built_within_their_estimates_and_reach_every_state() {
    let _turn = alone();
    for cells in Split::SixSixThree.patterns(15) {
        let account = build_within(4, 15, &cells);
        // On the 15-puzzle every state is reached: the estimate is the work.
        let estimate = PatternDb::estimate(4, 15, &cells).unwrap();
        assert_eq!(u128::from(account.work), estimate.work, "{cells:?}");
    }
}

/// Reports nothing, but counts the entries filled (the builds of a set report them).
#[derive(Default)]
struct Entries(std::sync::atomic::AtomicU64);

impl Progress for Entries {
    fn advance(&self, work: u64) {
        self.0.fetch_add(work, std::sync::atomic::Ordering::Relaxed);
    }
}

#[test]
fn a_set_of_tables_is_built_then_loaded_within_its_plan() {
    let _turn = alone();
    rayon::current_num_threads();
    let dir = tempfile::tempdir().unwrap();
    let patterns = [vec![0u8, 1, 2, 3], vec![4, 5, 6, 7], vec![8, 9, 10]];
    let gap = 15;
    for round in ["built", "loaded"] {
        let cached = vec![round == "loaded"; patterns.len()];
        let estimate = plan(4, gap, &patterns, &cached, "three tables").unwrap();
        let budget = Budget::default();
        let entries = Entries::default();
        let (built, allocated) = measure(|| {
            load_or_build_all(
                Some(dir.path()),
                4,
                gap,
                &patterns,
                "three tables",
                &budget,
                &entries,
            )
            .map(|found| found.len())
        });
        assert_eq!(built.unwrap(), 3);
        assert!(
            u128::from(allocated) <= estimate.bytes,
            "{round}: allocated {allocated} of {}",
            estimate.bytes
        );
        let work: u64 = budget.accounts().iter().map(|a| a.work).sum();
        assert!(u128::from(work) <= estimate.work, "{round}: {work}");
        if round == "built" {
            // One admission for the builds, with the plan's estimate.
            let builds = budget
                .accounts()
                .into_iter()
                .find(|a| a.estimate.is_some_and(|(w, _)| w > 0))
                .unwrap();
            within(&estimate, &builds, allocated);
        }
    }
}

#[test]
fn the_fallback_and_the_breadth_first_twins_hold_their_estimates() {
    let _turn = alone();
    let mut rng = StdRng::seed_from_u64(28);
    // The breadth-first search of the whole 8-puzzle: its work is every board, exactly.
    for goal in [Board::solved(3, false), Board::solved(3, true)] {
        let budget = Budget::default();
        let (table, allocated) = measure(|| distance_table(&goal, &budget));
        assert_eq!(table.unwrap().len(), 181_440);
        let estimate = distance_estimate(3, "");
        let account = only_account(&budget);
        assert_eq!(u128::from(account.work), estimate.work);
        assert!(u128::from(allocated) <= estimate.bytes, "{allocated}");
        let budget = Budget::default();
        let board = shuffled(&goal, &mut rand::rng());
        let (answer, allocated) = measure(|| reachable(&board, &goal, &budget));
        assert!(answer.unwrap().is_solvable());
        assert!(u128::from(allocated) <= estimate.bytes, "{allocated}");
    }
    // The fallback on every goal's gap cell of the 15-puzzle, and on the 8-puzzle.
    for gap_first in [false, true] {
        for width in [3, 4] {
            let goal = Board::solved(width, gap_first);
            for _ in 0..3 {
                let state = State::new(&shuffled(&goal, &mut rng), &goal);
                let budget = Budget::default();
                let (answer, allocated) = measure(|| fallback(&state, &budget));
                answer.unwrap();
                within(
                    &fallback_estimate(&state),
                    &only_account(&budget),
                    allocated,
                );
            }
        }
    }
}

#[test]
fn the_searches_charge_every_node_and_allocate_only_their_path() {
    let _turn = alone();
    let mut rng = StdRng::seed_from_u64(29);
    let goal = Board::solved(4, false);
    // A meter's set-up reads the process's memory limits (a few kilobytes of text, more on
    // some machines): allocated by the budget, not by the search.
    let (_, setup) = measure(|| drop(Budget::default().meter("a search", IDA_NODES)));
    let path = setup + (4 << 10);
    for steps in [10, 20, 30] {
        let board = random_walk(&goal, steps, &mut rng);
        let state = State::new(&board, &goal);
        let budget = Budget::default();
        let (run, allocated) = measure(|| {
            ida_star(
                &state,
                &Geometry::new(4),
                &LinearConflict::new(4),
                None,
                &budget,
            )
        });
        assert_eq!(only_account(&budget).work, run.nodes);
        assert!(allocated < path, "IDA* allocated {allocated} bytes");
        let budget = Budget::default();
        let (tiles, allocated) = measure(|| plain_ida_star(&board, &goal, 40, &budget));
        assert!(tiles.unwrap().is_some());
        assert!(allocated < path, "plain IDA* allocated {allocated} bytes");
        assert!(only_account(&budget).work > 0);
    }
    let budget = Budget::default();
    let count = shuffled_boards(&goal, 1000, &mut rng, &budget)
        .unwrap()
        .count();
    assert_eq!(count, 1000);
    assert_eq!(only_account(&budget).work, 1000);
    assert_eq!(only_account(&budget).estimate, Some((1000, 0)));
}

/// Random patterns of 1 to 5 tiles of the 15-puzzle, the gap's goal anywhere else.
#[test]
fn random_15_puzzle_patterns_are_built_within_their_estimates() {
    let drawn = (0u8..16, proptest::collection::vec(0u8..16, 1..6));
    each_case(24, drawn, |(gap, picks)| {
        let mut cells: Vec<u8> = Vec::new();
        for c in picks {
            if c != gap && !cells.contains(&c) {
                cells.push(c);
            }
        }
        prop_assume!(!cells.is_empty());
        build_within(4, gap, &cells);
        Ok(())
    });
}
