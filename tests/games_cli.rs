//! The commands `nim`, `subtraction`, `octal`, `graph` and `play` for the impartial games,
//! run against the built binary: answers checked by replaying them, fast methods against
//! their exhaustive twins, exit codes and errors.

use crate::common;

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn run(args: &[&str], input: &str) -> Output {
    common::unhop(args, Some(input.as_bytes()))
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = run(args, "");
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
    serde_json::from_slice(&out.stdout).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn nim_json(heaps: &[String], misere: bool, method: &str) -> serde_json::Value {
    let mut args = vec!["nim", "--json", "--method", method];
    if misere {
        args.push("--misere");
    }
    args.extend(heaps.iter().map(String::as_str));
    json(&args)
}

#[test]
fn nim_winning_moves_replay_to_lost_positions_and_match_the_exhaustive_method() {
    let seed = nim_json(&["7", "15", "26", "30"].map(String::from), false, "fast");
    assert_eq!(seed["winning_moves"].as_array().unwrap().len(), 3);
    for heaps in [
        [1, 2, 3],
        [0, 4, 4],
        [2, 2, 1],
        [3, 5, 6],
        [1, 1, 0],
        [4, 1, 1],
    ] {
        for misere in [false, true] {
            let heaps: Vec<String> = heaps.iter().map(u32::to_string).collect();
            let fast = nim_json(&heaps, misere, "fast");
            let exhaustive = nim_json(&heaps, misere, "exhaustive");
            // The play rule as spelt on the command line, as the subtraction command does.
            assert_eq!(fast["rule"], if misere { "misere" } else { "normal" });
            assert_eq!(fast["outcome"], exhaustive["outcome"], "{heaps:?}");
            assert_eq!(
                fast["winning_moves"], exhaustive["winning_moves"],
                "{heaps:?}"
            );
            // Every winning move (heaps counted from 0) leaves a position the opponent loses.
            for m in fast["winning_moves"].as_array().unwrap() {
                let mut after = heaps.clone();
                let i = m["heap"].as_u64().unwrap() as usize;
                after[i] = m["to"].as_u64().unwrap().to_string();
                assert_eq!(nim_json(&after, misere, "fast")["outcome"], "P");
            }
        }
    }
}

#[test]
fn bad_heaps_codes_and_sets_exit_2_with_a_message_naming_them() {
    let cases: [(&[&str], &str); 12] = [
        (&["nim", "3", "-4"], "heap 1: a heap cannot be negative"),
        (&["nim", "3", "4x"], "heap 1: 'x' is not a digit"),
        (
            &["octal", "0.7a", "--max-heap", "9"],
            "position 3 of '0.7a'",
        ),
        (&["octal", "0.77", "--max-heap", "-1"], "--max-heap '-1'"),
        (
            &["octal", "grundy", "--max-heap", "9", "--period"],
            "Grundy's game",
        ),
        (&["subtraction", "1..x", "4"], "position 0 of '1..x'"),
        (
            &["subtraction", "1..3", "4", "5", "--rule", "no-repeat"],
            "one heap",
        ),
        (
            &["subtraction", "1..3", "4", "--rule", "odd-wins"],
            "odd number",
        ),
        (
            &["subtraction", "1..3", "--max-heap", "-5"],
            "--max-heap '-5'",
        ),
        (&["graph", "subtraction", "8"], "needs --set"),
        (
            &["graph", "nim", "99999999999999", "9"],
            "the limit is 2000 positions",
        ),
        (
            &["play", "octal", "99999999999999", "--code", "0.77"],
            "the start alone has that many moves",
        ),
    ];
    for (args, message) in cases {
        let out = run(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn octal_reports_the_published_periods_and_exit_1_without_one() {
    for (code, preperiod, period) in [("0.77", 71, 12), ("0.07", 53, 34), ("0.137", 52, 34)] {
        let object = json(&["octal", code, "--max-heap", "300", "--period", "--json"]);
        assert_eq!(object["preperiod"], preperiod, "{code}");
        assert_eq!(object["period"], period, "{code}");
        let values = object["values"].as_array().unwrap();
        assert_eq!(values.len(), 301);
        for n in preperiod..301 - period {
            assert_eq!(values[n], values[n + period], "{code} {n}");
        }
    }
    let out = run(&["octal", "0.007", "--max-heap", "200", "--period"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("no period proved"));
}

#[test]
fn octal_fast_and_plain_methods_agree_and_the_plot_is_written() {
    for code in ["0.007", "4.07", "grundy", "0.6"] {
        let fast = json(&["octal", code, "--max-heap", "600", "--json"]);
        let plain = json(&[
            "octal",
            code,
            "--max-heap",
            "600",
            "--json",
            "--method",
            "plain",
        ]);
        assert_eq!(fast["values"], plain["values"], "{code}");
    }
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("kayles.svg");
    let out = run(
        &[
            "octal",
            "0.77",
            "--max-heap",
            "9000",
            "--summary",
            "--plot",
            path.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(std::fs::read_to_string(&path).unwrap().contains("<svg"));
}

#[test]
fn subtraction_tables_follow_the_closed_forms_and_moves_replay() {
    for k in 1..=5u64 {
        let set = format!("1..{k}");
        for (rule, residue) in [("normal", 0), ("misere", 1)] {
            let object = json(&[
                "subtraction",
                &set,
                "--max-heap",
                "50",
                "--rule",
                rule,
                "--json",
            ]);
            let want: Vec<u64> = (0..=50).filter(|n| n % (k + 1) == residue).collect();
            assert_eq!(object["losing"], serde_json::json!(want), "{set} {rule}");
        }
    }
    for rule in ["normal", "misere"] {
        for heaps in [["9", "4"], ["6", "6"], ["1", "0"]] {
            let args = [
                "subtraction",
                "1,3,4",
                heaps[0],
                heaps[1],
                "--rule",
                rule,
                "--json",
            ];
            let fast = json(&args);
            let exhaustive = json(&[&args[..], &["--method", "exhaustive"]].concat());
            assert_eq!(fast["outcome"], exhaustive["outcome"]);
            assert_eq!(fast["winning_moves"], exhaustive["winning_moves"]);
            for m in fast["winning_moves"].as_array().unwrap() {
                let mut after = heaps.map(String::from);
                let i = m["heap"].as_u64().unwrap() as usize;
                after[i] = m["to"].to_string();
                let args = [
                    "subtraction",
                    "1,3,4",
                    &after[0],
                    &after[1],
                    "--rule",
                    rule,
                    "--json",
                ];
                assert_eq!(json(&args)["outcome"], "P", "{heaps:?} {m}");
            }
        }
    }
}

#[test]
fn the_seeds_position_graph_is_valid_dot_with_0_4_8_marked() {
    let out = run(&["graph", "subtraction", "8", "--set", "1..3", "--dot"], "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let dot = String::from_utf8(out.stdout).unwrap();
    let losing: Vec<&str> = dot
        .lines()
        .filter(|l| l.contains("peripheries=2"))
        .map(|l| l.split('"').nth(1).unwrap())
        .collect();
    assert_eq!(losing, ["8", "4", "0"]);
    match Command::new("dot")
        .arg("-Tsvg")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
    {
        Ok(mut child) => {
            child
                .stdin
                .take()
                .unwrap()
                .write_all(dot.as_bytes())
                .unwrap();
            assert!(child.wait().unwrap().success(), "Graphviz rejects the DOT");
        }
        Err(_) => crate::common::skipped("DOT syntax check: Graphviz (`dot`) is not installed"),
    }
    // The text listing: one line per position with its outcome and winning moves.
    let listing = run(&["graph", "nim", "1", "2", "--rule", "misere"], "");
    let text = String::from_utf8(listing.stdout).unwrap();
    assert!(text.contains("1 2\twin\theap 1: leave 0"), "{text}");
    assert!(text.contains("1 0\tloss\t"), "{text}");
}

/// Plays with the user always choosing the first move listed (move 0).
fn play(args: &[&str]) -> String {
    let out = run(args, &"0\n".repeat(200));
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn play_is_won_by_the_computer_whenever_theory_says_so() {
    // Lost starts for the user, who moves first.
    for args in [
        &["play", "nim", "1", "2", "3"][..],
        &["play", "nim", "2", "2", "--rule", "misere"],
        &["play", "subtraction", "12", "--set", "1..3"],
        &[
            "play",
            "subtraction",
            "9",
            "--set",
            "1..3",
            "--rule",
            "misere",
        ],
        &[
            "play",
            "subtraction",
            "15",
            "--set",
            "1..2",
            "--rule",
            "no-repeat",
        ],
        &[
            "play",
            "subtraction",
            "7",
            "--set",
            "1..2",
            "--rule",
            "odd-wins",
        ],
        &["play", "octal", "5", "--code", "0.07"],
    ] {
        let text = play(args);
        assert!(
            text.contains("the first player (you) will lose"),
            "{args:?}\n{text}"
        );
        assert!(text.trim_end().ends_with("I win."), "{args:?}\n{text}");
    }
    // Won starts for the computer, which moves first.
    let text = play(&["play", "nim", "3", "4", "5", "--first", "computer"]);
    assert!(text.contains("the first player (I) will win"), "{text}");
    assert!(text.trim_end().ends_with("I win."), "{text}");
    // Duotaire is still played as before.
    let text = play(&["play", "0110", "--board", "finite"]);
    assert!(
        text.starts_with("Duotaire, chain moves on the finite board"),
        "{text}"
    );
}

/// Dawson's Kayles to 2^20: filled in by its period after a few hundred values (the old
/// code computed every heap, past two minutes); the values to 3000 equal the exhaustive
/// method's.
#[test]
fn octal_fills_by_a_proved_period_and_agrees_with_the_exhaustive_method() {
    let big = json(&[
        "octal",
        "0.07",
        "--max-heap",
        "1048576",
        "--summary",
        "--json",
    ]);
    let from = big["rare_value_method"]["filled_from"].as_u64().unwrap();
    assert!(from < 1000, "filled from {from}");
    assert_eq!(big["rare_value_method"]["filled_by_period"]["period"], 34);
    for code in ["0.07", "0.77", "0.137", "4.07"] {
        let fast = json(&["octal", code, "--max-heap", "3000", "--json"]);
        let slow = json(&[
            "octal",
            code,
            "--max-heap",
            "3000",
            "--json",
            "--method",
            "exhaustive",
        ]);
        assert_eq!(fast["values"], slow["values"], "{code}");
    }
}

/// A table of normal play by the exhaustive method (refused by the old command) agrees with
/// the fast one, and the exhaustive Nim refuses what it cannot do with the estimate.
#[test]
fn subtraction_tables_and_nim_take_both_methods() {
    for set in ["1..3", "1,3,4", "2,5"] {
        let fast = json(&["subtraction", set, "--max-heap", "60", "--json"]);
        let slow = json(&[
            "subtraction",
            set,
            "--max-heap",
            "60",
            "--json",
            "--method",
            "exhaustive",
        ]);
        assert_eq!(fast["losing"], slow["losing"], "{set}");
    }
    // `--misere` is the old spelling of `--rule misere`, still accepted.
    let fast = json(&["nim", "3", "5", "6", "--rule", "misere", "--json"]);
    let slow = json(&[
        "nim",
        "3",
        "5",
        "6",
        "--misere",
        "--json",
        "--method",
        "exhaustive",
    ]);
    assert_eq!(fast["winning_moves"], slow["winning_moves"]);
    let out = run(&["nim", "2000", "2000", "--method", "exhaustive"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("4004001") && stderr(&out).contains("1000000"));
}

fn text(args: &[&str]) -> String {
    let out = run(args, "");
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
    String::from_utf8(out.stdout).unwrap()
}

/// `--notation nimber` on the heap games writes the same values as `--json` gives, as
/// nimbers: the octal rows, the subtraction values, the (big) nim-sum.
#[test]
fn heap_game_values_print_as_nimbers_on_request() {
    let nimber = |v: &serde_json::Value| unhop::games::Notation::Nimber.write(v.as_u64().unwrap());
    let octal = json(&["octal", "0.07", "--max-heap", "40", "--json"]);
    let rows = text(&["octal", "0.07", "--max-heap", "40", "--notation", "nimber"]);
    let written: Vec<&str> = rows
        .lines()
        .filter_map(|l| {
            l.split_once(": ")
                .filter(|(n, _)| n.trim().parse::<u64>().is_ok())
        })
        .flat_map(|(_, values)| values.split(' '))
        .collect();
    let expected: Vec<String> = octal["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(nimber)
        .collect();
    assert_eq!(written, expected);

    let sub = json(&["subtraction", "1,3,4", "--max-heap", "25", "--json"]);
    let rows = text(&[
        "subtraction",
        "1,3,4",
        "--max-heap",
        "25",
        "--notation",
        "nimber",
    ]);
    let line = rows
        .lines()
        .find_map(|l| l.strip_prefix("values: "))
        .unwrap();
    let expected: Vec<String> = sub["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(nimber)
        .collect();
    assert_eq!(line, expected.join(" "));

    // Sizes past 2^64 are JSON integers of all their digits: read from the text, as a
    // reader without arbitrary precision would lose them.
    let heaps = ["36893488147419103232", "5", "17"];
    let nim = text(&[&["nim", "--json"][..], &heaps].concat());
    assert!(
        nim.starts_with(r#"{"heaps":[36893488147419103232,5,17],"#),
        "{nim}"
    );
    let line = text(&[&["nim", "--notation", "nimber"][..], &heaps].concat());
    let sum = nim
        .split(r#""nim_sum":"#)
        .nth(1)
        .and_then(|rest| rest.split(',').next())
        .unwrap();
    assert_eq!(sum, "36893488147419103252");
    assert!(line.contains(&format!("nim-sum *{sum};")), "{line}");
}

/// `graph --json` and `graph --dot --json` are the library's `GraphReport`, serialised (the
/// command writes it a position at a time): outcomes `N` and `P`, moves naming heaps from 0,
/// and with `--dot` the DOT text in `"dot"`.
#[test]
fn graph_json_is_the_librarys_graph_report() {
    use unhop::budget::Budget;
    use unhop::games::{HeapGame, HeapRule};
    let graph = HeapGame::nim(HeapRule::Misere)
        .unwrap()
        .position_graph(&[1, 2], &Budget::default())
        .unwrap();
    for (dot, extra) in [(false, &[][..]), (true, &["--dot"][..])] {
        let args = [
            &["graph", "nim", "1", "2", "--rule", "misere", "--json"][..],
            extra,
        ]
        .concat();
        let printed = json(&args);
        assert_eq!(
            printed,
            serde_json::to_value(graph.report(dot)).unwrap(),
            "{args:?}"
        );
        assert_eq!(printed["positions"][0]["outcome"], "N");
        assert_eq!(
            printed["positions"][0]["moves"][0]["move"],
            "heap 0: leave 0"
        );
        assert_eq!(printed.get("dot").is_some(), dot);
    }
}
