//! The rule engines and the engines of peg solitaire on three rows: every estimate they are
//! admitted with is at least the work they charge and the most memory they hold
//! ([`Budget::accounts`]) and the most they allocate (measured); the searches that run with
//! no estimate hold at least what they allocate.

use crate::counting::{SLACK, alone, each_case, measure};
use proptest::prelude::*;
use std::sync::LazyLock;
use unhop::Quiet;
use unhop::automata::Dfa;
use unhop::budget::Budget;
use unhop::rules::{
    Cheapest, Exhaustive, PairOracle, RewriteGame, RuleSet, Target, exhaustive_reach,
    exhaustive_solve, grundy, grundy_with_progress, learn_language, proved_relation,
};
use unhop::solitaire::Board;
use unhop::solitaire::three_rows::{
    Languages, OnePegSet, class_count, learn_from, relation, store,
};

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

/// What an engine spent, measured and as its meters accounted for it.
#[derive(Debug)]
struct Spent {
    /// The most bytes it allocated at once.
    allocated: u64,
    /// The most bytes an estimate it was admitted with allows (0 without one).
    estimated: u64,
    /// The most bytes one of its meters held.
    held: u64,
}

impl Spent {
    /// Whether it allocated no more than its estimate allows.
    fn within_estimate(&self) -> bool {
        self.allocated <= self.estimated + SLACK
    }

    /// Whether it allocated no more than its meters held (or, where a stage was admitted with
    /// an estimate, than that allows).
    fn held_as_allocated(&self) -> bool {
        self.allocated <= self.held.max(self.estimated) + SLACK
    }
}

/// Runs `engine` alone under an unlimited budget, asserts that every meter admitted with an
/// estimate charged no more work and held no more memory than it, and returns the result
/// with what was spent.
fn spent<T>(engine: impl FnOnce(&Budget) -> T) -> (T, Spent) {
    let budget = Budget::unlimited();
    let (result, allocated) = measure(|| engine(&budget));
    let mut spent = Spent {
        allocated,
        estimated: 0,
        held: 0,
    };
    for a in budget.accounts() {
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
            spent.estimated = spent
                .estimated
                .max(u64::try_from(bytes).unwrap_or(u64::MAX));
        }
        spent.held = spent.held.max(a.peak_bytes);
    }
    (result, spent)
}

/// A word of 1 to `most - 1` cells, which of the proved rule sets and which board.
fn words(most: usize) -> impl Strategy<Value = (Vec<bool>, usize, bool)> {
    (
        proptest::collection::vec(proptest::bool::ANY, 1..most),
        0usize..3,
        proptest::bool::ANY,
    )
}

/// The least weight and its steps from the proved automaton, and the steps between two
/// words: the work (every rule tried at every cell, a step at a time) and the tables
/// are within the estimate they were admitted with.
#[test]
fn cheapest_paths_stay_within_their_estimate() {
    each_case(48, words(2000), |(cells, which, finite)| {
        let (rules, relation) = &proved()[which];
        let word: Vec<u8> = cells.iter().map(|&c| u8::from(c)).collect();
        let on = board(finite);
        let solver = Cheapest::with_relation(rules, relation.clone());
        let (solution, solved) = spent(|budget| solver.solve(&word, on, budget).unwrap());
        prop_assert!(solved.within_estimate(), "solve {word:?}: {solved:?}");
        // The final word over the start's cells (all blank when it lies elsewhere).
        let mut last = vec![rules.blank(); word.len()];
        let len = solution.final_word.len();
        if let Some(at) = usize::try_from(solution.final_offset)
            .ok()
            .filter(|&at| at + len <= word.len())
        {
            last[at..at + len].copy_from_slice(&solution.final_word);
        }
        let (_, reached) = spent(|budget| solver.reach(&word, &last, on, budget).unwrap());
        prop_assert!(reached.within_estimate(), "reach {word:?}: {reached:?}");
        Ok(())
    });
}

/// The rewrite game: the listing holds what it allocates, and valuing the positions
/// listed stays within the estimate made from the listing; the game without the listing
/// holds what it allocates.
#[test]
fn game_values_stay_within_their_estimate() {
    each_case(48, words(16), |(cells, which, finite)| {
        let (rules, _) = &proved()[which];
        let word: Vec<u8> = cells.iter().map(|&c| u8::from(c)).collect();
        let game = RewriteGame::new(rules, board(finite));
        let (listed, spent_listing) =
            spent(|budget| grundy_with_progress(&game, &word, budget, &Quiet).unwrap());
        prop_assert!(
            spent_listing.held_as_allocated(),
            "{word:?}: {spent_listing:?}"
        );
        let (value, valued) = spent(|budget| grundy(&game, &word, budget).unwrap());
        prop_assert_eq!(value, listed);
        prop_assert!(valued.held_as_allocated(), "{word:?}: {valued:?}");
        Ok(())
    });
}

/// The breadth-first searches and the memoised search hold what they allocate.
#[test]
fn searches_hold_what_they_allocate() {
    each_case(48, words(18), |(cells, which, finite)| {
        let (rules, _) = &proved()[which];
        let word: Vec<u8> = cells.iter().map(|&c| u8::from(c)).collect();
        let on = board(finite);
        let (_, solved) = spent(|budget| exhaustive_solve(rules, &word, on, budget).unwrap());
        prop_assert!(solved.held_as_allocated(), "solve {word:?}: {solved:?}");
        let none = vec![rules.blank(); word.len()];
        let (_, reached) =
            spent(|budget| exhaustive_reach(rules, &word, &none, on, budget).unwrap());
        prop_assert!(reached.held_as_allocated(), "reach {word:?}: {reached:?}");
        let (_, searched) = spent(|budget| {
            Exhaustive::new(rules, Target::Weight(1), on, budget)
                .reduces(&word)
                .unwrap()
        });
        prop_assert!(
            searched.held_as_allocated(),
            "reduces {word:?}: {searched:?}"
        );
        Ok(())
    });
}

/// The pair oracle of every bound the learner takes for two letters, and learning a
/// language: the oracle within its estimate, the words asked within theirs.
#[test]
fn pair_oracles_and_learners_stay_within_their_estimates() {
    let _turn = alone();
    for (rules, _) in proved() {
        for bound in 0..=9 {
            let (_, built) = spent(|budget| PairOracle::new(rules, bound, budget).unwrap());
            assert!(
                built.within_estimate(),
                "{} {bound}: {built:?}",
                rules.name()
            );
        }
        for on in [Board::Finite, Board::Infinite] {
            spent(|budget| {
                learn_language(rules, &Target::Weight(1), on, 14, budget, &Quiet).unwrap()
            });
        }
    }
}

/// The bitmap engines of three rows, on every width they finish in a test: the sweep, the
/// relation, a saved bitmap read back, the class counts and the learner.
#[test]
fn three_row_bitmaps_stay_within_their_estimates() {
    let _turn = alone();
    let folder = tempfile::tempdir().unwrap();
    let mut sets = Vec::new();
    for n in 0..=6 {
        let (set, swept) = spent(|budget| OnePegSet::compute(n, budget, &Quiet).unwrap());
        assert!(swept.within_estimate(), "sweep {n}: {swept:?}");
        let path = store::path_in(folder.path(), n);
        measure(|| store::save(&set, &path).unwrap());
        let (loaded, read) = spent(|budget| store::load(&path, budget).unwrap());
        assert!(read.within_estimate(), "load {n}: {read:?}");
        assert_eq!(loaded, set);
        sets.push(set);
    }
    for n in 0..=3 {
        let (_, related) = spent(|budget| relation::reachability(n, budget, &Quiet).unwrap());
        assert!(related.within_estimate(), "relation {n}: {related:?}");
    }
    let (answers, _) = measure(|| Languages::one_peg(sets).unwrap());
    for bound in 2..=6 {
        for a in 0..=bound {
            let (_, counted) = spent(|budget| class_count(&answers, a, bound - a, budget).unwrap());
            assert!(
                counted.within_estimate(),
                "classes {a} {}: {counted:?}",
                bound - a
            );
        }
        let (_, learned) = spent(|budget| learn_from(&answers, bound, budget, &Quiet));
        assert!(learned.within_estimate(), "learn {bound}: {learned:?}");
    }
}
