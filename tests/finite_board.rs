//! Finite-board reachability as an automaton: learned, proved, and used, each checked against
//! exhaustive search; reachability by either method on both boards.

use crate::common;

use common::unhop;
use rand::{RngExt, SeedableRng};
use rayon::prelude::*;
use unhop::automata::Dfa;
use unhop::automata::relation::pair_letters;
use unhop::solitaire::finite::{
    ReachTable, exhaustive_reach, learn_reach, one_hop, prove, reach, reach_automaton,
    solve_by_automaton,
};
use unhop::solitaire::{Board, Hop, exhaustive, reach_with, reduce::reduce_infinite, replay};
use unhop::{Method, Word};

/// Every word of length `n`.
fn words(n: usize) -> impl Iterator<Item = Word> {
    (0..1u128 << n).map(move |bits| Word::from_bits(bits, n))
}

/// The same automaton with `state`'s acceptance flipped.
fn flipped(dfa: &Dfa, state: u32) -> Dfa {
    dfa.with_acceptance_flipped(state).unwrap()
}

/// The one-hop successors of a word on the finite board, by plain cell inspection.
fn one_hop_successors(w: &Word) -> Vec<Word> {
    let cells: Vec<bool> = w.iter().collect();
    let mut out = Vec::new();
    for i in 0..cells.len().saturating_sub(2) {
        for (a, b, c) in [(i, i + 1, i + 2), (i + 2, i + 1, i)] {
            if cells[a] && cells[b] && !cells[c] {
                let mut next = cells.clone();
                (next[a], next[b], next[c]) = (false, false, true);
                out.push(Word::from_cells(next));
            }
        }
    }
    out
}

fn accepts(dfa: &Dfa, w: &Word, f: &Word) -> bool {
    dfa.accepts(pair_letters(w, f))
}

#[test]
fn learning_gives_the_built_in_automaton_of_16_states() {
    for bound in [10, 11] {
        let learned = learn_reach(bound).unwrap();
        assert_eq!(learned.dfa.states(), 16);
        assert_eq!(learned.dfa.canonical(), *reach_automaton(), "bound {bound}");
    }
}

#[test]
fn the_one_hop_transducer_is_the_hop_relation() {
    let hop = one_hop();
    for n in 0..=8 {
        for w in words(n) {
            let successors = one_hop_successors(&w);
            for f in words(n) {
                assert_eq!(accepts(&hop, &w, &f), successors.contains(&f), "{w} {f}");
            }
        }
    }
}

#[test]
fn the_proof_holds_for_r_and_refutes_every_flipped_automaton_with_a_true_counterexample() {
    assert!(prove(reach_automaton()).unwrap().holds());
    for state in 0..reach_automaton().states() as u32 {
        let wrong = flipped(reach_automaton(), state);
        let proof = prove(&wrong).unwrap();
        assert!(!proof.holds(), "flipping state {state} went unnoticed");
        // Each counterexample is checked against its step's claim directly.
        for step in proof.steps.iter() {
            let Some(c) = &step.counterexample else {
                continue;
            };
            match step.name {
                "identity" => assert!(c.w == c.f && !accepts(&wrong, &c.w, &c.f)),
                "closed under a hop" => {
                    let via = c.via.as_ref().unwrap();
                    assert!(accepts(&wrong, &c.w, via));
                    assert!(one_hop_successors(via).contains(&c.f));
                    assert!(!accepts(&wrong, &c.w, &c.f));
                }
                _ => {
                    assert!(c.w != c.f && accepts(&wrong, &c.w, &c.f));
                    assert!(
                        one_hop_successors(&c.w)
                            .iter()
                            .all(|g| !accepts(&wrong, g, &c.f))
                    );
                }
            }
        }
    }
}

/// The automaton's minimum, replayed, against the exhaustive search.
fn check_finite_minimum(w: &Word) {
    let (min, hops) = solve_by_automaton(w, Board::Finite).unwrap();
    let done = replay(w, Board::Finite, &hops).unwrap();
    assert_eq!(done.final_word.pegs(), min, "{w}");
    assert_eq!(
        min,
        exhaustive::search(w, Board::Finite).unwrap().min_pegs,
        "{w}"
    );
}

#[test]
fn finite_minimum_agrees_with_exhaustive_search_on_every_word_up_to_16() {
    for n in 1..=16 {
        words(n).for_each(|w| check_finite_minimum(&w));
    }
}

#[test]
fn finite_minimum_agrees_with_exhaustive_search_on_random_words_17_to_40() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(8);
    // Pegs with probability 1/2: denser words of 40 cells take the exhaustive search seconds.
    let words: Vec<Word> = (0..2000)
        .map(|_| {
            let n = rng.random_range(17..=40);
            Word::from_cells((0..n).map(|_| rng.random_bool(0.5)))
        })
        .collect();
    words.par_iter().for_each(check_finite_minimum);
}

/// `reach` on the finite board against the pair oracle on every pair up to `max` cells, every
/// hop list replayed.
fn agrees_with_the_pair_oracle(max: usize, reach: impl Fn(&Word, &Word) -> Option<Vec<Hop>>) {
    let table = ReachTable::new(max).unwrap();
    for n in 0..=max {
        let all: Vec<Word> = words(n).collect();
        for w in &all {
            for f in &all {
                let hops = reach(w, f);
                assert_eq!(hops.is_some(), table.reaches(w, f), "{w} {f}");
                if let Some(hops) = hops {
                    assert_eq!(replay(w, Board::Finite, &hops).unwrap().final_word, *f);
                }
            }
        }
    }
}

#[test]
fn reach_agrees_with_exhaustive_reachability_on_every_pair_up_to_11() {
    agrees_with_the_pair_oracle(11, |w, f| reach(w, f, Board::Finite).unwrap());
}

#[test]
fn the_infinite_board_by_padding_agrees_with_the_block_method() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(88);
    let random = (0..2000).map(|_| {
        let n = rng.random_range(1..=300);
        Word::from_cells((0..n).map(|_| rng.random_bool(0.6)))
    });
    for w in (1..=14).flat_map(words).chain(random) {
        let (min, hops) = solve_by_automaton(&w, Board::Infinite).unwrap();
        assert_eq!(
            replay(&w, Board::Infinite, &hops)
                .unwrap()
                .final_word
                .pegs(),
            min
        );
        assert_eq!(min, reduce_infinite(&w).unwrap().0, "{w}");
    }
}

#[test]
fn long_words_with_one_long_segment_are_solved() {
    // 11(01)^n reduces to one peg through one segment of the whole word; 1(011)^n likewise
    // needs hops right to left.
    for text in [
        "11".to_string() + &"01".repeat(3000),
        "0".to_string() + &"01".repeat(2000) + "1",
    ] {
        let w: Word = text.parse().unwrap();
        let (min, hops) = solve_by_automaton(&w, Board::Finite).unwrap();
        assert_eq!(
            replay(&w, Board::Finite, &hops).unwrap().final_word.pegs(),
            min
        );
        assert_eq!(min, 1, "{}", &text[..10]);
    }
}

#[test]
fn cli_reach_and_prove_exit_codes_and_json() {
    let out = unhop(&["reach", "01111", "10100", "--json"], None);
    assert_eq!(out.status.code(), Some(0));
    let object: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(object["reachable"], true);
    assert_eq!(object["hops"].as_array().unwrap().len(), 2);
    let out = unhop(&["reach", "1111", "1001"], None);
    assert_eq!(out.status.code(), Some(1));
    let out = unhop(&["reach", "011", "10"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("one length"));
    let out = unhop(&["reach", "-"], Some(b"0110 1000\n01a 000\n"));
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 2"));

    let out = unhop(
        &["prove", "finite-reach", "--max-len", "10", "--json"],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    let object: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(object["holds"], true);
    let out = unhop(
        &[
            "prove",
            "finite-reach",
            "--max-len",
            "10",
            "--flip-state",
            "5",
            "--json",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let object: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let failed: Vec<&serde_json::Value> = object["steps"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["holds"] == false)
        .collect();
    assert!(!failed.is_empty() && failed[0]["counterexample"]["w"].is_string());
}

#[test]
fn cli_solve_on_the_finite_board_has_no_length_limit_below_max_len() {
    let word = "11".to_string() + &"01".repeat(500);
    let out = unhop(&["solve", &word, "--board", "finite", "--json"], None);
    assert_eq!(out.status.code(), Some(0));
    let object: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(object["min_pegs"], 1);
    assert_eq!(object["hops"].as_array().unwrap().len(), 501);
}

#[test]
fn flipping_a_state_changes_exactly_that_state() {
    let dfa = reach_automaton();
    for state in 0..dfa.states() as u32 {
        let wrong = flipped(dfa, state);
        for s in 0..dfa.states() as u32 {
            assert_eq!(wrong.is_accepting(s) != dfa.is_accepting(s), s == state);
            for letter in 0..4 {
                assert_eq!(wrong.next(s, letter), dfa.next(s, letter));
            }
        }
    }
    assert!(dfa.with_acceptance_flipped(dfa.states() as u32).is_err());
}

/// `w` with `pad` holes added on each side.
fn placed(w: &Word, pad: usize) -> Word {
    Word::from_cells(
        std::iter::repeat_n(false, pad)
            .chain(w.iter())
            .chain(std::iter::repeat_n(false, pad)),
    )
}

#[test]
fn exhaustive_reach_agrees_with_the_pair_oracle_on_the_finite_board_up_to_9() {
    agrees_with_the_pair_oracle(9, |w, f| exhaustive_reach(w, f, Board::Finite).unwrap());
}

#[test]
fn reach_by_both_methods_agrees_on_both_boards_up_to_8() {
    // The infinite board against the pair oracle on the word with k − 1 holes a side (k pegs),
    // independent of both methods' own padding.
    let table = ReachTable::new(14).unwrap();
    for n in 0..=8 {
        let all: Vec<Word> = words(n).collect();
        for w in &all {
            let pad = w.pegs().saturating_sub(1);
            for f in &all {
                for board in Board::ALL {
                    let fast = reach_with(w, f, board, Method::Fast).unwrap();
                    let slow = reach_with(w, f, board, Method::Exhaustive).unwrap();
                    assert_eq!(fast.is_some(), slow.is_some(), "{w} {f} {board}");
                    if board == Board::Infinite && n + 2 * pad <= 14 {
                        let oracle = table.reaches(&placed(w, pad), &placed(f, pad));
                        assert_eq!(fast.is_some(), oracle, "{w} {f} infinite");
                    }
                }
            }
        }
    }
}

#[test]
fn reach_on_random_longer_pairs_agrees_between_the_methods() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(15);
    for _ in 0..300 {
        let n = rng.random_range(9..=20);
        let w = Word::from_cells((0..n).map(|_| rng.random_bool(0.5)));
        // A reachable final word (by the fast solver's own hops, so both answers are tested
        // on a positive too) or a random one.
        let f = if rng.random_bool(0.5) {
            let (_, hops) = solve_by_automaton(&w, Board::Finite).unwrap();
            replay(&w, Board::Finite, &hops).unwrap().final_word
        } else {
            Word::from_cells((0..n).map(|_| rng.random_bool(0.3)))
        };
        for board in Board::ALL {
            let fast = reach_with(&w, &f, board, Method::Fast).unwrap();
            let slow = reach_with(&w, &f, board, Method::Exhaustive).unwrap();
            assert_eq!(fast.is_some(), slow.is_some(), "{w} {f} {board}");
        }
    }
}

#[test]
fn cli_reach_defaults_to_the_infinite_board_and_takes_a_method() {
    let out = unhop(&["reach", "0110", "1000", "--json"], None);
    assert_eq!(out.status.code(), Some(0));
    let object: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(object["board"], "infinite");
    let help = unhop(&["reach", "--help"], None);
    assert!(String::from_utf8_lossy(&help.stdout).contains("[default: infinite]"));
    for method in ["fast", "exhaustive"] {
        for board in ["finite", "infinite"] {
            let out = unhop(
                &[
                    "reach", "01111", "10100", "1111", "1001", "--board", board, "--method",
                    method, "--json",
                ],
                None,
            );
            assert_eq!(out.status.code(), Some(1), "{method} {board}");
            let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
                .lines()
                .map(|l| serde_json::from_str(l).unwrap())
                .collect();
            assert_eq!(lines.len(), 2);
            assert_eq!(lines[0]["reachable"], true);
            assert_eq!(lines[1]["reachable"], false);
            assert_eq!(lines[0]["method"], method);
        }
    }
}

#[test]
fn learning_reports_every_pair_word_it_asks() {
    use std::sync::atomic::{AtomicU64, Ordering};
    #[derive(Default)]
    struct Tally(AtomicU64, AtomicU64);
    impl unhop::Progress for Tally {
        fn start(&self, _: &str, total: Option<u64>) {
            self.0.store(total.unwrap(), Ordering::Relaxed);
        }
        fn advance(&self, work: u64) {
            self.1.fetch_add(work, Ordering::Relaxed);
        }
    }
    let tally = Tally::default();
    let learned = unhop::solitaire::finite::learn_reach_with_progress(10, &tally).unwrap();
    assert_eq!(tally.0.load(Ordering::Relaxed), learned.queries);
    assert_eq!(tally.1.load(Ordering::Relaxed), learned.queries);
}
