//! Finite-board reachability as an automaton: learned, proved, and used, each checked against
//! exhaustive search.

mod common;

use common::unhop;
use rand::{RngExt, SeedableRng};
use rayon::prelude::*;
use unhop::Word;
use unhop::automata::Dfa;
use unhop::finite_reach::{
    ReachTable, learn_reach, one_hop, pair_letters, prove, reach, reach_automaton,
    solve_by_automaton,
};
use unhop::solitaire::{Board, exhaustive, reduce::reduce_infinite, replay};

/// Every word of length `n`.
fn words(n: usize) -> impl Iterator<Item = Word> {
    (0..1u128 << n).map(move |bits| Word::from_bits(bits, n))
}

/// The same automaton with `state`'s acceptance flipped.
fn flipped(dfa: &Dfa, state: u32) -> Dfa {
    let next = (0..dfa.states() as u32)
        .flat_map(|s| (0..4).map(move |l| dfa.next(s, l)))
        .collect();
    let accepting = (0..dfa.states() as u32)
        .map(|s| dfa.is_accepting(s) != (s == state))
        .collect();
    Dfa::new(4, next, accepting, dfa.start()).unwrap()
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

#[test]
fn reach_agrees_with_exhaustive_reachability_on_every_pair_up_to_11() {
    let table = ReachTable::new(11).unwrap();
    for n in 0..=11 {
        let all: Vec<Word> = words(n).collect();
        for w in &all {
            for f in &all {
                let hops = reach(w, f, Board::Finite).unwrap();
                assert_eq!(hops.is_some(), table.reaches(w, f), "{w} {f}");
                if let Some(hops) = hops {
                    assert_eq!(replay(w, Board::Finite, &hops).unwrap().final_word, *f);
                }
            }
        }
    }
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
