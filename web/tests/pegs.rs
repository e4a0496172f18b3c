//! The peg-solitaire tab's functions, natively: hints followed to the end finish with one peg,
//! every proof of impossibility is checked by hand (class parities, pagoda sums), every answer
//! is the library's report (validated against its schema), and the solve the help reports is
//! the library's, as `unhop board solve --goal any --json` writes it.

mod schema;

use rand::{RngExt, SeedableRng};
use serde_json::Value;
use std::collections::HashMap;
use unhop::Quiet;
use unhop::boards::{Board, DEFAULT_LIMIT, Goal, SolveReport, solve_with};
use unhop::budget::Budget;
use unhop_web::pegs::{PAGE_LIMIT, pegs_board, pegs_help, pegs_jump, pegs_moves, pegs_vacancy};

/// Each hole's number by its name, from the page's board.
fn holes(board: &Value) -> HashMap<String, usize> {
    board["holes"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .map(|(i, h)| (h["name"].as_str().unwrap().to_string(), i))
        .collect()
}

#[test]
fn following_the_hints_finishes_the_central_games_with_one_peg() {
    // (The French board's games need more than the page's search limit for one peg anywhere.)
    for name in ["english", "triangle", "row:110101"] {
        let board = schema::parsed("pegs-board", pegs_board(name).unwrap());
        let index = holes(&board);
        let mut pegs = board["pegs"].as_str().unwrap().to_string();
        loop {
            let help = schema::parsed("pegs-help", pegs_help(name, &pegs).unwrap());
            assert_eq!(help["verdict"], "solved", "{name} {pegs}: {help}");
            let Some(next) = help["solve"]["jumps"].get(0) else {
                break;
            };
            let legal = schema::parsed("pegs-jumps", pegs_moves(name, &pegs).unwrap());
            assert!(
                legal.as_array().unwrap().contains(next),
                "{next} not in {legal}"
            );
            let hole = |v: &Value| index[v.as_str().unwrap()];
            let after = pegs_jump(name, &pegs, hole(&next["from"]), hole(&next["to"])).unwrap();
            let after = schema::parsed("pegs-jump", after);
            assert_eq!(after["jump"], *next);
            assert_eq!(after["notation"], help["solve"]["notation"][0]);
            pegs = after["pegs"].as_str().unwrap().to_string();
        }
        assert_eq!(pegs.matches('1').count(), 1, "{name}: {pegs}");
        let help = schema::parsed("pegs-help", pegs_help(name, &pegs).unwrap());
        let finish = help["finish"].as_str().unwrap();
        assert_eq!(pegs.find('1').unwrap(), index[finish]);
    }
}

#[test]
fn the_help_reports_the_librarys_solve_as_the_command_line_does() {
    for name in ["english", "triangle", "row:110101", "row:1001"] {
        let board = Board::named(name).unwrap();
        let start = board.default_start();
        let pegs = board.position_text(start);
        let help = schema::parsed("pegs-help", pegs_help(name, &pegs).unwrap());
        let budget = Budget::default();
        let outcome = solve_with(&board, start, Goal::OnePeg, PAGE_LIMIT, &budget, &Quiet).unwrap();
        let library = SolveReport::new(&board, start, Goal::OnePeg, &outcome).unwrap();
        assert_eq!(
            help["solve"],
            serde_json::to_value(&library).unwrap(),
            "{name}"
        );
        // With the command line's limit the answer is the same (both decide these games).
        let cli = solve_with(&board, start, Goal::OnePeg, DEFAULT_LIMIT, &budget, &Quiet).unwrap();
        assert_eq!(outcome, cli, "{name}");
    }
}

#[test]
fn an_illegal_jump_or_a_bad_position_is_refused() {
    let start = schema::parsed("pegs-board", pegs_board("english").unwrap())["pegs"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(pegs_jump("english", &start, 0, 1).is_err());
    // The usual start is the full board with the centre (d4, hole 16) empty.
    assert_eq!(
        serde_json::from_str::<Value>(&pegs_vacancy("english", 16).unwrap()).unwrap(),
        start
    );
    assert!(pegs_vacancy("english", 33).is_err());
    assert!(
        pegs_jump("english", &start, 0, 99)
            .unwrap_err()
            .contains("off the board")
    );
    let short = pegs_jump("english", "101", 0, 2).unwrap_err();
    assert!(
        short.contains("3 characters") && short.contains("33"),
        "{short}"
    );
    let bad = pegs_moves("row:1101", "1x01").unwrap_err();
    assert!(bad.contains("'x'") && bad.contains("position 1"), "{bad}");
    assert!(pegs_board("row:1").is_err());
}

#[test]
fn every_reason_why_not_is_checked_by_hand() {
    let board = schema::parsed("pegs-board", pegs_board("english").unwrap());
    let english = Board::named("english").unwrap();
    let index = holes(&board);
    let count = index.len();
    let (mut classes, mut pagodas) = (0, 0);
    // Full boards with three holes empty, and sparse positions of three to six pegs.
    let mut rng = rand::rngs::StdRng::seed_from_u64(5);
    let mut positions: Vec<String> = (0..count)
        .flat_map(|a| [(a, a + 5), (a, a + 11)])
        .filter(|&(_, b)| b < count)
        .map(|(a, b)| {
            (0..count)
                .map(|i| {
                    if i == a || i == b || i == 16 {
                        '0'
                    } else {
                        '1'
                    }
                })
                .collect()
        })
        .collect();
    for _ in 0..300 {
        let k = rng.random_range(3..=6);
        let mut p = vec!['0'; count];
        for _ in 0..k {
            p[rng.random_range(0..count)] = '1';
        }
        positions.push(p.into_iter().collect());
    }
    let pegs_of = |pegs: &str| -> Vec<usize> {
        pegs.bytes()
            .enumerate()
            .filter(|(_, c)| *c == b'1')
            .map(|(i, _)| i)
            .collect()
    };
    for pegs in positions {
        let help = schema::parsed("pegs-help", pegs_help("english", &pegs).unwrap());
        if help["verdict"] != "impossible" {
            continue;
        }
        assert_eq!(help["solve"]["solvable"], false);
        if let Value::Array(class_holes) = &help["class_holes"] {
            // The proof: every jump touches an even number of these holes, so the parity of
            // their pegs never changes.
            classes += 1;
            let set: Vec<usize> = class_holes
                .iter()
                .map(|h| index[h.as_str().unwrap()])
                .collect();
            assert!(!set.is_empty());
            for j in english.jumps() {
                let touched = [j.from, j.over, j.to]
                    .iter()
                    .filter(|&&h| set.contains(&usize::from(h)))
                    .count();
                assert_eq!(touched % 2, 0, "{j:?} touches {touched} of {set:?}");
            }
        }
        if let Value::Array(proofs) = &help["pagodas"] {
            for p in proofs {
                pagodas += 1;
                let weight = |hole: usize| -> i64 {
                    let name = board["holes"][hole]["name"].as_str().unwrap();
                    p["pagoda"]["weights"][name].as_i64().unwrap()
                };
                let value: i64 = pegs_of(&pegs).into_iter().map(weight).sum();
                assert_eq!(value, p["pagoda"]["start_value"].as_i64().unwrap());
                let finish = index[p["finish"].as_str().unwrap()];
                assert_eq!(weight(finish), p["pagoda"]["goal_value"].as_i64().unwrap());
                assert!(value < weight(finish));
            }
        }
    }
    assert!(
        classes > 0 && pagodas > 0,
        "classes {classes}, pagodas {pagodas}"
    );
}

#[test]
fn a_hop_on_the_row_is_a_hop_of_the_word_on_the_finite_board() {
    // The row's holes are the word's cells, numbered from 0 as the hops of `unhop solve`.
    let board = schema::parsed("pegs-board", pegs_board("row:0110111").unwrap());
    let names: Vec<&str> = board["holes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["0", "1", "2", "3", "4", "5", "6"]);
    let word = "0110111";
    let moves = schema::parsed("pegs-jumps", pegs_moves("row:0110111", word).unwrap());
    // Every hop of the word by hand: a peg, a peg next to it, a hole beyond, all in the word.
    let cell = |i: i64| word.as_bytes().get(i as usize).copied();
    let mut hops: Vec<Value> = Vec::new();
    for from in 0..word.len() as i64 {
        for step in [-1, 1] {
            let (over, to) = (from + step, from + 2 * step);
            if to >= 0
                && cell(from) == Some(b'1')
                && cell(over) == Some(b'1')
                && cell(to) == Some(b'0')
            {
                hops.push(serde_json::json!({"from": from.to_string(), "over": over.to_string(), "to": to.to_string()}));
            }
        }
    }
    let mut moves = moves.as_array().unwrap().clone();
    let key = |v: &Value| v.to_string();
    moves.sort_by_key(key);
    hops.sort_by_key(key);
    assert_eq!(moves, hops);
    assert_eq!(moves.len(), 3);
}
