//! Exit codes that say what happened (docs/cli.md, "Exit codes"): 0 answered, 1 false or proved
//! impossible, 2 bad input, usage, refused or gave up (with the reason), 70 a bug.

use crate::common;

use common::unhop;
use std::process::Output;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Exit 2 with a message on standard error that contains every one of `words`.
fn assert_refused(out: &Output, words: &[&str]) {
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "stderr: {stderr}");
    for word in words {
        assert!(stderr.contains(word), "{word:?} not in: {stderr}");
    }
}

#[test]
fn an_empty_chart_is_refused_and_no_file_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("chart.svg");
    for board in ["finite", "infinite"] {
        let out = unhop(
            &[
                "plot",
                "stats",
                "--max-len",
                "0",
                "--board",
                board,
                "-o",
                path.to_str().unwrap(),
            ],
            None,
        );
        assert_refused(&out, &["--max-len", "0"]);
        assert!(!path.exists());
    }
    // The library refuses it too, whoever asks.
    let stats = unhop::games::length_stats(
        unhop::games::Duotaire::new(
            unhop::games::MoveRule::Chain,
            unhop::solitaire::Board::Finite,
        ),
        unhop::Method::Fast,
        0,
        &unhop::budget::Budget::default(),
        &unhop::Quiet,
    );
    assert!(stats.is_err());
}

#[test]
fn ranges_that_would_answer_nothing_are_refused() {
    for args in [
        &["table", "--max-len", "0"][..],
        &["table", "--max-len", "0", "--stats"],
        &["board", "classify", "--max-vertices", "1"],
        &["slide", "shuffle", "--count", "0"],
        &["plot", "heatmap", "1", "-o", "x.svg"],
        &["plot", "heatmap", "--len", "1", "-o", "x.svg"],
        &["family", "1^n", "--n", "5..4"],
    ] {
        let out = unhop(args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
}

/// `board starts` on the English board with no dead position allowed to any search.
const STARTS_WITH_NO_ROOM: &[&str] = &[
    "board",
    "starts",
    "--board",
    "english",
    "--max-positions",
    "0",
];

#[test]
fn board_starts_prints_the_table_then_says_how_many_pairs_are_undecided() {
    let out = unhop(STARTS_WITH_NO_ROOM, None);
    let stdout = text(&out.stdout);
    // The table is printed whole.
    let undecided = stdout.matches(": undecided:").count();
    assert!(undecided > 0, "{stdout}");
    assert!(stdout.contains("vacancy"), "{stdout}");
    let how_many = format!("{undecided} of the");
    assert_refused(
        &out,
        &[&how_many, "after 0 dead positions", "--max-positions"],
    );
    // JSON too: one object per start (JSON Lines), then exit 2, an error of kind gave_up.
    let out = unhop(&[STARTS_WITH_NO_ROOM, &["--json"]].concat(), None);
    let rows: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let json_undecided = rows
        .iter()
        .flat_map(|row| row["finishes"].as_array().unwrap())
        .filter(|f| f["verdict"] == "undecided")
        .count();
    assert_eq!(json_undecided, undecided);
    assert_refused(
        &out,
        &["undecided", "--max-positions", "\"kind\":\"gave_up\""],
    );
    // `--limit`, the old spelling, still works: the same table and the same refusal.
    let old = [
        "board", "starts", "--board", "english", "--limit", "0", "--json",
    ];
    let old = unhop(&old, None);
    assert_eq!(old.stdout, out.stdout);
    assert_refused(&old, &["undecided", "--max-positions"]);
}

#[test]
fn board_starts_with_every_pair_decided_exits_0() {
    let out = unhop(&["board", "starts", "--board", "triangle"], None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(!text(&out.stdout).contains("undecided"));
}

#[test]
fn a_search_that_gave_up_is_not_a_proof_of_impossibility() {
    let out = unhop(&["board", "solve", "--max-positions", "0"], None);
    assert!(!text(&out.stdout).contains("no solution"));
    assert_refused(&out, &["gave up", "within 0", "--max-positions"]);
    let out = unhop(&["board", "solve", "--max-positions", "0", "--json"], None);
    let object: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(object["solvable"], serde_json::Value::Null);
    assert_refused(&out, &["gave up", "\"kind\":\"gave_up\""]);
    // `--limit`, the old spelling (hidden from the help), is the same limit; the less of the
    // two applies when both are given.
    for args in [
        &["board", "solve", "--limit", "0"][..],
        &[
            "board",
            "solve",
            "--limit",
            "0",
            "--max-positions",
            "100000000",
        ],
        &[
            "board",
            "solve",
            "--limit",
            "100000000",
            "--max-positions",
            "0",
        ],
    ] {
        assert_refused(&unhop(args, None), &["gave up", "within 0"]);
    }
    assert!(!text(&unhop(&["board", "solve", "--help"], None).stdout).contains("--limit"));
    // A proof (here by position classes) is exit 1, even with no search at all.
    let out = unhop(
        &["board", "solve", "--goal", "c1", "--max-positions", "0"],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).starts_with("no solution: position classes"));
}

/// The words of a command line split at spaces.
fn words(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

#[test]
fn options_that_would_be_ignored_are_usage_errors() {
    let board3 = "1 2 3 4 5 6 7 8 0";
    for line in [
        "lang --minimal --regex".to_string(),
        "lang --nfa --stats".into(),
        "lang --minimal --stats --json".into(),
        "graph nim 3 --set 1..2".into(),
        "graph nim 3 --code 0.77".into(),
        "graph octal 3 --code 0.77 --set 1..2".into(),
        "graph subtraction 3 --set 1..2 --code 0.77".into(),
        "play nim 3 --moves single".into(),
        "play nim 3 --board finite".into(),
        "play octal 3 --code 0.77 --set 1".into(),
        "play 0110 --set 1..3".into(),
        format!("slide solve {board3} --split 7-8"),
        format!("slide solve {board3} --pdb-dir cache"),
        "slide solve - --heuristic manhattan --split 7-8".into(),
        format!("slide play {board3} --size 4"),
        "subtraction 1..3 5 --rule misere --method fast".into(),
        "subtraction 1..3 --max-heap 9 --rule misere --method fast".into(),
    ] {
        let out = unhop(&words(&line), Some(b"1 2 3 4 5 6 7 8 0\n"));
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{line}: {stderr}");
        if line.split_whitespace().any(|w| w == "--json") {
            // With --json a usage error is one JSON object of kind input.
            let error: serde_json::Value =
                serde_json::from_str(&stderr).unwrap_or_else(|e| panic!("{line}: {e}: {stderr}"));
            assert_eq!(error["kind"], "input", "{line}: {stderr}");
        } else {
            assert!(stderr.contains("Usage:"), "{line}: {stderr}");
        }
        assert!(out.stdout.is_empty(), "{line}");
    }
}

#[test]
fn the_options_that_apply_still_work() {
    // The same options where they do apply: no usage error.
    for line in [
        "subtraction 1..3 5 --method exhaustive",
        "subtraction 1..3 5 --rule misere --method exhaustive",
        "subtraction 1..3 --max-heap 9 --method exhaustive",
        "subtraction 1..3 --max-heap 9 --method fast",
        "board count --board triangle --max-work 100000000",
        "board count --board triangle --method exhaustive",
        "graph subtraction 3 --set 1..2",
        "graph octal 3 --code 0.77",
        "play 0110 --rule misere",
        "grundy 0110 --rule misere --method exhaustive",
        "lang --dot --minimal",
        "slide shuffle --size 3 --seed 1",
    ] {
        let out = unhop(&words(line), None);
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "{line}: {}",
            text(&out.stderr)
        );
    }
    // A batch of DAG pictures written to one file keeps every picture.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dags.dot");
    let out = unhop(
        &["solve", "-", "--dot", "-o", path.to_str().unwrap()],
        Some(b"11\n1101\n"),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let dot = std::fs::read_to_string(&path).unwrap();
    assert_eq!(dot.matches("digraph").count(), 2, "{dot}");
}

#[test]
fn bugs_exit_70_with_a_message_asking_for_a_report() {
    // The test binary is a debug build: UNHOP_TEST_BUG makes it fail as a bug would.
    for bug in ["panic", "thread", "error"] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_unhop"))
            .args(["count", "5"])
            .env("UNHOP_TEST_BUG", bug)
            .output()
            .unwrap();
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(70), "{bug}: {stderr}");
        assert!(
            stderr.starts_with("unhop: internal error (a bug, please report it): "),
            "{bug}: {stderr}"
        );
        assert_eq!(stderr.lines().count(), 1, "{bug}: {stderr}");
        assert!(out.stdout.is_empty());
    }
}

/// Runs the binary with `args` through `sh -c` with `redirect` (such as `>&-`) and the
/// environment `env`, under `ulimit -v 4000000`.
fn unhop_sh(args: &[&str], redirect: &str, env: &[(&str, &str)]) -> Output {
    std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(r#"ulimit -v 4000000; exec "$0" "$@" {redirect}"#))
        .arg(env!("CARGO_BIN_EXE_unhop"))
        .args(args)
        .envs(env.iter().copied())
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap()
}

/// The one JSON object that is all of standard error.
fn json_error(out: &Output) -> serde_json::Value {
    let stderr = text(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    serde_json::from_str(&stderr).unwrap_or_else(|e| panic!("{e}: {stderr}"))
}

#[test]
fn a_closed_standard_output_is_exit_2_naming_it() {
    for args in [
        &["solve", "11"][..],
        &["--help"],
        &["table", "--max-len", "3"],
    ] {
        let out = unhop_sh(args, ">&-", &[]);
        assert_refused(&out, &["standard output is closed"]);
    }
    let error = json_error(&unhop_sh(&["solve", "11", "--json"], ">&-", &[]));
    assert_eq!(error["kind"], "input");
    assert_eq!(error["input"], "standard output");
}

#[test]
fn a_closed_standard_input_is_exit_2_naming_it_when_it_is_read() {
    for args in [
        &["check", "-"][..],
        &["solve", "11", "-"],
        &["dfa", "show", "-"],
        &["play", "0110"],
        &["slide", "play", "--size", "3", "--seed", "1"],
        &["reach", "-"],
    ] {
        let out = unhop_sh(args, "<&-", &[]);
        assert_refused(&out, &["standard input is closed"]);
    }
    let error = json_error(&unhop_sh(&["check", "-", "--json"], "<&-", &[]));
    assert_eq!(error["input"], "standard input");
    // A command that does not read it does not mind.
    let out = unhop_sh(&["check", "11"], "<&-", &[]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn an_unusable_rayon_num_threads_is_exit_2_naming_it() {
    for value in ["abc", "0", "-1", "1.5"] {
        let out = unhop_sh(
            &["table", "--max-len", "8", "--stats"],
            "",
            &[("RAYON_NUM_THREADS", value)],
        );
        assert_refused(&out, &["RAYON_NUM_THREADS", &format!("'{value}'")]);
        assert!(out.stdout.is_empty());
    }
    let out = unhop_sh(&["count", "5", "--json"], "", &[("RAYON_NUM_THREADS", "x")]);
    assert_eq!(json_error(&out)["input"], "RAYON_NUM_THREADS");
}

#[test]
fn threads_that_cannot_start_fall_back_with_a_note() {
    let args = ["table", "--max-len", "22", "--stats"];
    let expected = unhop_sh(&args, "", &[]);
    assert_eq!(
        expected.status.code(),
        Some(0),
        "{}",
        text(&expected.stderr)
    );
    // More than 16 per core: cut, with a note.
    let out = unhop_sh(&args, "", &[("RAYON_NUM_THREADS", "3000")]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("RAYON_NUM_THREADS=3000 asks for more threads"));
    assert_eq!(out.stdout, expected.stdout);
    // Stacks of 2 GB each: one more thread than there are cores cannot start within 4 GB of
    // address space, one per core (with stacks of their own size) can.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let more = (cores + 1).to_string();
    let out = unhop_sh(
        &args,
        "",
        &[
            ("RAYON_NUM_THREADS", &more),
            ("RUST_MIN_STACK", "2000000000"),
        ],
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains(&format!("cannot start {more} threads"))
            && stderr.contains(&format!("using {cores}, one per core")),
        "{stderr}"
    );
    assert_eq!(out.stdout, expected.stdout);
}

#[test]
fn with_json_every_error_is_one_object_with_the_fields_that_apply() {
    // A usage error: kind and message only.
    let out = unhop(&["solve", "11", "--json", "--bogus"], None);
    assert_eq!(out.status.code(), Some(2));
    let error = json_error(&out);
    assert_eq!(error["kind"], "input");
    assert!(error["message"].as_str().unwrap().contains("--bogus"));
    // A bad word on line 3 of standard input: the input, line and column, after the answers
    // to lines 1 and 2.
    let out = unhop(&["check", "-", "--json"], Some(b"11\n# two\n1a1\n0110\n"));
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout).lines().count(), 1);
    let error = json_error(&out);
    assert_eq!(error["kind"], "input");
    assert_eq!(error["input"], "standard input");
    assert_eq!(error["line"], 3);
    assert_eq!(error["column"], 1);
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .starts_with("line 3 of standard input: ")
    );
    // A refusal: the estimate, the limit and their unit, as numbers.
    let out = unhop(&["nim", "999999", "--method", "exhaustive", "--json"], None);
    assert_eq!(out.status.code(), Some(2));
    let error = json_error(&out);
    assert_eq!(error["kind"], "refused");
    assert_eq!(error["estimate"], 499_999_500_000u64);
    assert_eq!(error["limit"], 30_000_000);
    assert_eq!(error["unit"], "moves");
    assert!(error.get("line").is_none() && error.get("column").is_none());
    // Outside --json the same error is one line of text.
    let out = unhop(&["nim", "999999", "--method", "exhaustive"], None);
    assert!(text(&out.stderr).starts_with("unhop: the retrograde analysis"));
}

#[test]
fn usage_errors_quote_arguments_cut_short_and_name_bytes_that_are_not_utf8() {
    use std::os::unix::ffi::OsStrExt;
    // A long unexpected argument is cut short in the middle, with its length.
    let long = "1".repeat(100_000);
    for json in [false, true] {
        let mut args = vec!["board", "count", long.as_str()];
        if json {
            args.push("--json");
        }
        let out = unhop(&args, None);
        assert_eq!(out.status.code(), Some(2));
        let stderr = text(&out.stderr);
        assert!(stderr.len() < 1000, "{} bytes", stderr.len());
        assert!(stderr.contains("(100000 characters)"), "{stderr}");
    }
    // An argument that is not UTF-8: its number and its first bad byte.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_unhop"))
        .args(["board", "count", "--json"])
        .arg(std::ffi::OsStr::from_bytes(b"10\xff1"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let message = json_error(&out)["message"].as_str().unwrap().to_string();
    assert!(
        message.contains("argument 4 is not UTF-8 text: byte 2 (0-based) is 0xff"),
        "{message}"
    );
    // A missing argument is named in the JSON message, not only in the lines after it.
    let out = unhop(&["dfa", "count", "1", "--json"], None);
    let message = json_error(&out)["message"].as_str().unwrap().to_string();
    assert!(message.contains("<N>"), "{message}");
}
