//! The generic engines on the built-in `solitaire` rule set reproduce the dedicated
//! solitaire code exactly: automata (by equivalence), R and its proof, counts, least pegs with
//! replayed steps, and Duotaire values with single-hop moves.

use rand::{RngExt, SeedableRng};
use unhop::budget::Budget;
use unhop::games::{Duotaire, MoveRule, Solver};
use unhop::rules::{
    Cheapest, RewriteGame, RuleSet, Target, checked, count, exhaustive_solve,
    language_from_relation, learn_language, learn_relation, prove, prove_automaton, replay,
};
use unhop::solitaire::finite::reach_automaton;
use unhop::solitaire::{Board, Language};
use unhop::{Method, Quiet, Word};

const BOARDS: [Board; 2] = [Board::Finite, Board::Infinite];

fn solitaire() -> RuleSet {
    RuleSet::builtin("solitaire").unwrap()
}

fn letters(word: &Word) -> Vec<u8> {
    word.iter().map(u8::from).collect()
}

fn all_words(max_len: usize) -> impl Iterator<Item = Vec<u8>> {
    (1..=max_len)
        .flat_map(|n| (0u32..1 << n).map(move |b| (0..n).map(|i| (b >> i & 1) as u8).collect()))
}

#[test]
fn learned_and_derived_languages_are_the_built_in_ones() {
    let rules = solitaire();
    let proof = prove(&rules, 10, &Budget::default(), &Quiet).unwrap();
    let relation = proof.proved().expect("R is proved");
    for board in BOARDS {
        let builtin = Language::of(board).minimal_dfa();
        let learned = learn_language(
            &rules,
            &Target::Weight(1),
            board,
            16,
            &Budget::default(),
            &Quiet,
        )
        .unwrap();
        let derived = language_from_relation(&rules, relation, &Target::Weight(1), board).unwrap();
        for dfa in [&learned.dfa, &derived] {
            assert_eq!(
                dfa.shortest_difference(builtin, &unhop::budget::Budget::default())
                    .unwrap(),
                None,
                "{board}"
            );
            assert_eq!(
                dfa.minimized(&unhop::budget::Budget::default())
                    .unwrap()
                    .states(),
                builtin
                    .minimized(&unhop::budget::Budget::default())
                    .unwrap()
                    .states()
            );
        }
        let expected = match board {
            Board::Finite => 18,
            Board::Infinite => 15,
        };
        assert_eq!(learned.dfa.states(), expected, "{board}");
    }
}

#[test]
fn the_relation_is_the_16_state_automaton_and_its_proof_catches_every_flip() {
    let rules = solitaire();
    let learned = learn_relation(&rules, 10, &Budget::default(), &Quiet).unwrap();
    assert_eq!(learned.dfa.states(), 16);
    assert_eq!(learned.dfa.canonical(), *reach_automaton());
    assert!(prove_automaton(&rules, learned.clone()).unwrap().holds());
    for q in 0..16 {
        let mut wrong = learned.clone();
        wrong.dfa = wrong.dfa.with_acceptance_flipped(q).unwrap();
        let proof = prove_automaton(&rules, wrong).unwrap();
        assert!(!proof.holds(), "flipping state {q} must break the proof");
    }
}

#[test]
fn counts_equal_the_solitaire_counts() {
    let rules = solitaire();
    for board in BOARDS {
        for n in (1..=30).chain([1_000_000]) {
            let fast = count(
                &rules,
                n,
                &Target::Weight(1),
                board,
                Method::Fast,
                &Budget::default(),
                &Quiet,
            )
            .unwrap();
            assert_eq!(fast, Language::of(board).count(n), "n = {n} on {board}");
        }
        for n in 1..=12 {
            let slow = count(
                &rules,
                n,
                &Target::Weight(1),
                board,
                Method::Exhaustive,
                &Budget::default(),
                &Quiet,
            )
            .unwrap();
            assert_eq!(
                slow,
                Language::of(board).count(n),
                "exhaustive n = {n} on {board}"
            );
        }
    }
}

fn check_solve(rules: &RuleSet, solver: &Cheapest, word: &[u8], board: Board) {
    let solution = checked(
        rules,
        word,
        board,
        solver.solve(word, board, &Budget::default()).unwrap(),
    )
    .unwrap();
    let w = Word::from_cells(word.iter().map(|&l| l == 1));
    let expected = unhop::solitaire::solve(&w, board).unwrap();
    assert_eq!(solution.weight, expected.min_pegs as u64, "{w} on {board}");
    let (last, at) = replay(rules, word, board, &solution.steps).unwrap();
    assert_eq!(
        (last, at),
        (solution.final_word.clone(), solution.final_offset)
    );
}

#[test]
fn solve_equals_the_solitaire_solver_on_every_word_up_to_16() {
    let rules = solitaire();
    let solver = Cheapest::new(&rules, &Budget::default(), &Quiet).unwrap();
    for word in all_words(16) {
        for board in BOARDS {
            check_solve(&rules, &solver, &word, board);
        }
    }
}

#[test]
fn solve_equals_the_solitaire_solver_on_2000_random_longer_words() {
    let rules = solitaire();
    let solver = Cheapest::new(&rules, &Budget::default(), &Quiet).unwrap();
    let mut rng = rand::rngs::StdRng::seed_from_u64(16);
    for _ in 0..2000 {
        let n = rng.random_range(17..=80);
        let word: Vec<u8> = (0..n).map(|_| u8::from(rng.random_bool(0.6))).collect();
        for board in BOARDS {
            check_solve(&rules, &solver, &word, board);
        }
    }
}

#[test]
fn the_exhaustive_solver_agrees_on_short_words() {
    let rules = solitaire();
    let solver = Cheapest::new(&rules, &Budget::default(), &Quiet).unwrap();
    for word in all_words(10) {
        for board in BOARDS {
            let slow = checked(
                &rules,
                &word,
                board,
                exhaustive_solve(&rules, &word, board, &Budget::default()).unwrap(),
            )
            .unwrap();
            let fast = solver.solve(&word, board, &Budget::default()).unwrap();
            assert_eq!(slow.weight, fast.weight);
        }
    }
}

#[test]
fn grundy_values_equal_duotaire_with_single_hops_up_to_14() {
    let rules = solitaire();
    for board in BOARDS {
        let mut ours = Solver::new(RewriteGame::new(&rules, board));
        let game = Duotaire::new(MoveRule::Single, board);
        let mut theirs = Solver::new(Duotaire::new(MoveRule::Single, board));
        for word in all_words(14) {
            let w = Word::from_cells(word.iter().map(|&l| l == 1));
            let position = unhop::games::ImpartialGame::canonical(
                &RewriteGame::new(&rules, board),
                &letters(&w),
            );
            let expected = theirs.value(&game.position(&w).unwrap());
            assert_eq!(ours.value(&position), expected, "{w} on {board}");
        }
    }
}
