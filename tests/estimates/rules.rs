//! The rule engines and the engines of peg solitaire on three rows: every estimate they are
//! admitted with is at least the work they charge and the most memory they hold
//! ([`Budget::accounts`]) and the most they allocate (measured); the searches that run with
//! no estimate hold at least what they allocate.

use crate::counting::measure;
use proptest::prelude::*;
use std::sync::LazyLock;
use unhop::Quiet;
use unhop::automata::Dfa;
use unhop::budget::{Account, Budget};
use unhop::rules::{
    Cheapest, Exhaustive, PairOracle, RuleSet, Target, exhaustive_reach, exhaustive_solve, grundy,
    grundy_with_progress, learn_language, proved_relation,
};
use unhop::solitaire::Board;
use unhop::solitaire::three_rows::{
    Languages, OnePegSet, class_count, learn_from, relation, store,
};

/// Allocations no meter holds: the meters' names, an error's message, a search's first
/// small tables: a few kilobytes.
const SLACK: u64 = 16 << 10;

/// The rule sets of two letters, with their proved relations: made under [`measure`]'s lock
/// (see [`proved`]), so that what they allocate is not counted by a test measuring meanwhile.
static PROVED: LazyLock<Vec<(RuleSet, Dfa)>> = LazyLock::new(|| {
    ["solitaire", "kayles", "dawson"]
        .iter()
        .map(|name| {
            let rules = RuleSet::builtin(name).unwrap();
            let relation = proved_relation(&rules, &Budget::default(), &Quiet).unwrap();
            (rules, relation)
        })
        .collect()
});

/// [`PROVED`], made alone the first time.
fn proved() -> &'static [(RuleSet, Dfa)] {
    measure(|| LazyLock::force(&PROVED).as_slice()).0
}

fn board(finite: bool) -> Board {
    if finite {
        Board::Finite
    } else {
        Board::Infinite
    }
}

/// Asserts that every account admitted with an estimate spent no more work and held no more
/// memory than it, and returns the most bytes an estimate allows and the most any meter held.
fn within_estimates(accounts: &[Account]) -> (u64, u64) {
    let mut estimated = 0u64;
    let mut held = 0u64;
    for a in accounts {
        if let Some((work, bytes)) = a.estimate {
            assert!(
                u128::from(a.work) <= work,
                "{}: {} > {work} {}",
                a.what,
                a.work,
                a.unit
            );
            assert!(
                u128::from(a.peak_bytes) <= bytes,
                "{}: held {} > {bytes}",
                a.what,
                a.peak_bytes
            );
            estimated = estimated.max(u64::try_from(bytes).unwrap_or(u64::MAX));
        }
        held = held.max(a.peak_bytes);
    }
    (estimated, held)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The least weight and its steps from the proved automaton, and the steps between two
    /// words: the work (every rule tried at every cell, a step at a time) and the tables
    /// are within the estimate they were admitted with.
    #[test]
    fn cheapest_paths_stay_within_their_estimate(
        cells in proptest::collection::vec(proptest::bool::ANY, 1..60),
        which in 0usize..3,
        finite in proptest::bool::ANY,
    ) {
        let (rules, relation) = &proved()[which];
        let word: Vec<u8> = cells.iter().map(|&c| u8::from(c)).collect();
        let solver = Cheapest::with_relation(rules, relation.clone());
        let budget = Budget::unlimited();
        let (solution, allocated) = measure(|| solver.solve(&word, board(finite), &budget).unwrap());
        let (estimated, _) = within_estimates(&budget.accounts());
        prop_assert!(allocated <= estimated + SLACK, "{word:?}: allocated {allocated}, estimated {estimated}");
        let budget = Budget::unlimited();
        let padded_final = {
            let mut f = vec![rules.blank(); word.len()];
            let at = usize::try_from(solution.final_offset).ok().filter(|&at| at + solution.final_word.len() <= word.len());
            if let Some(at) = at {
                f[at..at + solution.final_word.len()].copy_from_slice(&solution.final_word);
            }
            f
        };
        let (_, allocated) = measure(|| solver.reach(&word, &padded_final, board(finite), &budget).unwrap());
        let (estimated, _) = within_estimates(&budget.accounts());
        prop_assert!(allocated <= estimated + SLACK, "{word:?}: allocated {allocated}, estimated {estimated}");
    }

    /// The rewrite game: the listing holds what it allocates, and valuing the positions
    /// listed stays within the estimate made from the listing; the game without the listing
    /// holds what it allocates.
    #[test]
    fn game_values_stay_within_their_estimate(
        cells in proptest::collection::vec(proptest::bool::ANY, 1..16),
        which in 0usize..3,
        finite in proptest::bool::ANY,
    ) {
        let (rules, _) = &proved()[which];
        let word: Vec<u8> = cells.iter().map(|&c| u8::from(c)).collect();
        let budget = Budget::unlimited();
        let (listed, allocated) = measure(|| grundy_with_progress(rules, &word, board(finite), &budget, &Quiet).unwrap());
        let (estimated, held) = within_estimates(&budget.accounts());
        prop_assert!(allocated <= estimated.max(held) + SLACK, "{word:?}: allocated {allocated}");
        let budget = Budget::unlimited();
        let (value, allocated) = measure(|| grundy(rules, &word, board(finite), &budget).unwrap());
        let (_, held) = within_estimates(&budget.accounts());
        prop_assert_eq!(value, listed);
        prop_assert!(allocated <= held + SLACK, "{word:?}: allocated {allocated}, held {held}");
    }

    /// The breadth-first searches and the memoised search hold what they allocate.
    #[test]
    fn searches_hold_what_they_allocate(
        cells in proptest::collection::vec(proptest::bool::ANY, 1..18),
        which in 0usize..3,
        finite in proptest::bool::ANY,
    ) {
        let (rules, _) = &proved()[which];
        let word: Vec<u8> = cells.iter().map(|&c| u8::from(c)).collect();
        let on = board(finite);
        let budget = Budget::unlimited();
        let (_, allocated) = measure(|| exhaustive_solve(rules, &word, on, &budget).unwrap());
        let (_, held) = within_estimates(&budget.accounts());
        prop_assert!(allocated <= held + SLACK, "solve {word:?}: allocated {allocated}, held {held}");
        let budget = Budget::unlimited();
        let none = vec![rules.blank(); word.len()];
        let (_, allocated) = measure(|| exhaustive_reach(rules, &word, &none, on, &budget).unwrap());
        let (_, held) = within_estimates(&budget.accounts());
        prop_assert!(allocated <= held + SLACK, "reach {word:?}: allocated {allocated}, held {held}");
        let budget = Budget::unlimited();
        let (_, allocated) = measure(|| {
            Exhaustive::new(rules, Target::Weight(1), on, &budget).reduces(&word).unwrap()
        });
        let (_, held) = within_estimates(&budget.accounts());
        prop_assert!(allocated <= held + SLACK, "reduces {word:?}: allocated {allocated}, held {held}");
    }
}

/// The pair oracle of every bound the learner takes for two letters, and learning a
/// language: the oracle within its estimate, the words asked within theirs.
#[test]
fn pair_oracles_and_learners_stay_within_their_estimates() {
    for (rules, _) in proved() {
        for bound in 0..=9 {
            let budget = Budget::unlimited();
            let (_, allocated) = measure(|| PairOracle::new(rules, bound, &budget).unwrap());
            let (estimated, _) = within_estimates(&budget.accounts());
            assert!(
                allocated <= estimated + SLACK,
                "{} {bound}: {allocated} > {estimated}",
                rules.name()
            );
        }
        for finite in [true, false] {
            let budget = Budget::unlimited();
            let on = board(finite);
            measure(|| {
                learn_language(rules, &Target::Weight(1), on, 14, &budget, &Quiet).unwrap();
            });
            within_estimates(&budget.accounts());
        }
    }
}

/// The bitmap engines of three rows, on every width they finish in a test: the sweep, the
/// relation, a saved bitmap read back, the class counts and the learner.
#[test]
fn three_row_bitmaps_stay_within_their_estimates() {
    let folder = tempfile::tempdir().unwrap();
    let mut sets = Vec::new();
    for n in 0..=6 {
        let budget = Budget::unlimited();
        let (set, allocated) = measure(|| OnePegSet::compute(n, &budget, &Quiet).unwrap());
        let (estimated, _) = within_estimates(&budget.accounts());
        assert!(
            allocated <= estimated + SLACK,
            "sweep {n}: {allocated} > {estimated}"
        );
        let path = store::path_in(folder.path(), n);
        measure(|| store::save(&set, &path).unwrap());
        let budget = Budget::unlimited();
        let (loaded, allocated) = measure(|| store::load(&path, &budget).unwrap());
        let (estimated, _) = within_estimates(&budget.accounts());
        assert!(
            allocated <= estimated + SLACK,
            "load {n}: {allocated} > {estimated}"
        );
        assert_eq!(loaded, set);
        sets.push(set);
    }
    for n in 0..=3 {
        let budget = Budget::unlimited();
        let (_, allocated) = measure(|| relation::reachability(n, &budget, &Quiet).unwrap());
        let (estimated, _) = within_estimates(&budget.accounts());
        assert!(
            allocated <= estimated + SLACK,
            "relation {n}: {allocated} > {estimated}"
        );
    }
    let (answers, _) = measure(|| Languages::one_peg(sets).unwrap());
    for bound in 2..=6 {
        for a in 0..=bound {
            let budget = Budget::unlimited();
            let (_, allocated) = measure(|| class_count(&answers, a, bound - a, &budget).unwrap());
            let (estimated, _) = within_estimates(&budget.accounts());
            assert!(
                allocated <= estimated + SLACK,
                "classes {a} {}: {allocated} > {estimated}",
                bound - a
            );
        }
        let budget = Budget::unlimited();
        let (_, allocated) = measure(|| learn_from(&answers, bound, &budget, &Quiet));
        let (estimated, _) = within_estimates(&budget.accounts());
        assert!(
            allocated <= estimated + SLACK,
            "learn {bound}: {allocated} > {estimated}"
        );
    }
}
