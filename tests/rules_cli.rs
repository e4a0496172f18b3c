//! The `unhop rules` command line: its JSON shapes, exit codes and errors.

use crate::common;
use common::unhop;
use std::process::{Command, Output};

/// Held while a request that computes for seconds runs, so that they do not share the cores.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Runs the binary with `args` and `stdin` under `ulimit -v 4000000`, stopped after 120 s of
/// CPU time (`ulimit -St`: a request that runs without end fails the test, whatever else the
/// machine does) or 600 s of wall-clock time.
fn limited(args: &[&str], stdin: &[u8]) -> Output {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let mut command = Command::new("timeout");
    command
        .args(["-k", "5", "600", "sh", "-c"])
        .arg("ulimit -v 4000000; ulimit -St 120; exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_unhop"))
        .args(args);
    common::run(command, stdin)
}

/// Asserts exit 2 (not an abort, a signal or a timeout) with a JSON error object of `kind` as
/// the last line of standard error, whose message has every one of `words`; returns it.
fn failed(out: &Output, kind: &str, words: &[&str]) -> serde_json::Value {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    // The last line: a note of the fast method's progress may come before it.
    let last = err.trim().lines().last().unwrap_or_default();
    let object: serde_json::Value = serde_json::from_str(last).expect("a JSON object");
    assert_eq!(object["kind"], kind, "{err}");
    let message = object["message"].as_str().unwrap();
    for word in words {
        assert!(message.contains(word), "{word:?} not in {message}");
    }
    object
}

fn json(out: &std::process::Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn count_matches_unhop_count_and_has_the_contract_shape() {
    for board in ["finite", "infinite"] {
        let ours = unhop(
            &[
                "rules",
                "count",
                "solitaire",
                "25",
                "--board",
                board,
                "--json",
            ],
            None,
        );
        assert!(ours.status.success());
        let theirs = unhop(&["count", "25", "--board", board], None);
        let v = &json(&ours)[0];
        assert_eq!(v["rules"], "solitaire");
        assert_eq!(v["length"], 25);
        assert_eq!(v["target"], "one");
        assert_eq!(v["board"], board);
        assert_eq!(
            v["count"].to_string(),
            String::from_utf8_lossy(&theirs.stdout).trim()
        );
    }
}

#[test]
fn solve_reads_standard_input_and_prints_json_lines() {
    let out = unhop(
        &["rules", "solve", "solitaire", "-", "--json"],
        Some(b"0110\n1111\n"),
    );
    assert!(out.status.success());
    let rows = json(&out);
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["word"], "0110");
    assert_eq!(rows[0]["weight"], 1);
    assert_eq!(rows[1]["weight"], 2);
    assert!(rows[0]["steps"][0]["rule"].as_str().unwrap().contains('>'));
}

#[test]
fn prove_exits_0_when_proved_and_1_with_a_counterexample() {
    let proved = unhop(&["rules", "prove", "solitaire", "--json"], None);
    assert_eq!(proved.status.code(), Some(0));
    assert_eq!(json(&proved)[0]["states"], 16);
    let refuted = unhop(
        &["rules", "prove", "solitaire", "--flip-state", "5", "--json"],
        None,
    );
    assert_eq!(refuted.status.code(), Some(1));
    let v = &json(&refuted)[0];
    assert_eq!(v["holds"], false);
}

#[test]
fn grundy_and_learn_answer_in_json() {
    let out = unhop(
        &[
            "rules", "grundy", "kayles", "111", "--board", "finite", "--json",
        ],
        None,
    );
    assert_eq!(json(&out)[0]["value"], 3);
    let out = unhop(
        &[
            "rules",
            "learn",
            "solitaire",
            "--board",
            "infinite",
            "--json",
        ],
        None,
    );
    assert!(out.status.success());
    let v = &json(&out)[0];
    assert_eq!(v["states"], 15);
    assert_eq!(v["same_as_proved"], true);
}

#[test]
fn bad_rule_files_are_exit_2_with_file_line_and_reason() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&str, &str); 4] = [
        (
            "name = \"x\"\nletters = \"01\"\nblank = \"0\"\n[rules]\n\"0\" = \"1\"\n",
            ":5:",
        ),
        (
            "name = \"x\"\nletters = \"01\"\nblank = \"2\"\n[rules]\n\"1\" = \"0\"\n",
            ":3:",
        ),
        (
            "name = \"x\"\nletters = \"01\"\nblank = \"0\"\n[rules]\n\"110\" = \"01\"\n",
            ":5:",
        ),
        ("name = \"x\"\nletters = \"01\"\nblank = \n", ":3:"),
    ];
    for (i, (text, place)) in cases.iter().enumerate() {
        let path = dir.path().join(format!("bad{i}.toml"));
        std::fs::write(&path, text).unwrap();
        let file = path.to_str().unwrap();
        let out = unhop(&["rules", "count", file, "5"], None);
        assert_eq!(out.status.code(), Some(2), "{text}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(&format!("{file}{place}")), "{err}");
    }
}

#[test]
fn list_names_every_built_in() {
    let out = unhop(&["rules", "list", "--json"], None);
    let names: Vec<String> = json(&out)
        .iter()
        .map(|v| v["name"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(names, ["solitaire", "solitaire3", "kayles", "dawson"]);
}

/// `rules grundy kayles` on a word of 2,000 pins aborted at 3.9 GB (the position
/// limit ignored the length of the positions). Now a word of 10^6 pins is refused at once,
/// its options counted before any is made (2·10^6 options of 10^6 letters), and one of 2,000
/// pins gives up when the positions it lists fill the memory limit, with the bytes held and
/// the limit.
#[test]
fn a_long_kayles_word_is_refused_or_gives_up_with_its_figures() {
    let mut million = vec![b'1'; 1_000_000];
    million.push(b'\n');
    let out = limited(&["rules", "grundy", "kayles", "-", "--json"], &million);
    let err = failed(&out, "refused", &["needs an estimated", "the limit is"]);
    assert_eq!(err["unit"], "bytes");
    assert!(err["estimate"].as_u64().unwrap() > 1 << 40, "{err}");
    let pins = "1".repeat(2000);
    let out = limited(&["rules", "grundy", "kayles", &pins, "--json"], b"");
    let err = failed(&out, "gave_up", &["gave up after", "past its limit of"]);
    assert_eq!(err["unit"], "bytes");
}

/// A rule file of 4,095 rules over two letters, each of 12 letters taking one peg off: a
/// word of 20 pegs reaches 2^20 positions, each trying every rule at every cell. Once
/// the search ran without end (its limit counted positions, not the rules tried). Now every
/// engine that applies rules counts the rule applications it tries: the game gives up within
/// its default limit; the searches within a smaller one given with --max-work.
#[test]
fn a_file_of_4095_rules_gives_up_on_the_rules_it_tries() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::from("name = \"many\"\nletters = \"01\"\nblank = \"0\"\n[rules]\n");
    for from in 1u32..4096 {
        let from = format!("{from:012b}");
        let first = from.find('1').unwrap();
        let mut to = from.clone();
        to.replace_range(first..=first, "0");
        text.push_str(&format!("\"{from}\" = \"{to}\"\n"));
    }
    let path = dir.path().join("many.toml");
    std::fs::write(&path, text).unwrap();
    let file = path.to_str().unwrap();
    let shown = unhop(&["rules", "show", file, "--json"], None);
    assert_eq!(json(&shown)[0]["rules"].as_array().unwrap().len(), 4095);
    let pegs = "1".repeat(20);
    let unit = ["rule applications tried", "past its limit of"];
    let out = limited(&["rules", "grundy", file, &pegs, "--json"], b"");
    let err = failed(&out, "gave_up", &unit);
    assert_eq!(err["limit"], unhop::rules::RULE_TRIES.default_limit);
    for args in [
        ["solve", file, &pegs, "--method", "exhaustive"],
        ["solve", file, &pegs, "--board", "infinite"],
        ["count", file, "20", "--method", "exhaustive"],
        ["grundy", file, &pegs, "--method", "exhaustive"],
    ] {
        let mut all = vec!["rules"];
        all.extend(args);
        all.extend(["--max-work", "200000000", "--json"]);
        let out = limited(&all, b"");
        let err = failed(&out, "gave_up", &unit);
        assert_eq!(err["limit"], 200_000_000, "{args:?}");
    }
}

/// `rules solve solitaire3` on a full 3 × 8 board on the infinite strip ran without
/// end. Its search now counts the rule applications it tries and gives up at the default
/// limit, with the figures.
#[test]
fn a_full_three_by_eight_board_gives_up_with_its_figures() {
    let full = "11111111/11111111/11111111";
    let out = limited(&["rules", "solve", "solitaire3", full, "--json"], b"");
    let err = failed(&out, "gave_up", &["rule applications tried"]);
    assert_eq!(err["limit"], unhop::rules::RULE_TRIES.default_limit);
    assert!(err["estimate"].as_u64().unwrap() > err["limit"].as_u64().unwrap());
}

/// `rules learn solitaire --max-len 100` said it "asks 18446744073709551615 words" (a
/// saturated count). The count is now exact, said as a power, with the limit; a bound below
/// 2 is an input error. The bound's old name `--bound` is still accepted.
#[test]
fn learning_bounds_are_said_exactly_and_a_bound_below_two_is_bad_input() {
    let out = limited(
        &["rules", "learn", "solitaire", "--max-len", "100", "--json"],
        b"",
    );
    let err = failed(
        &out,
        "refused",
        &["2^101 − 1 words", "the limit is 4194304 words"],
    );
    assert_eq!(err["limit"], 4194304);
    let exact = format!("\"estimate\":{},", (1u128 << 101) - 1);
    assert!(String::from_utf8_lossy(&out.stderr).contains(&exact));
    let out = limited(
        &[
            "rules",
            "learn",
            "kayles",
            "--relation",
            "--bound",
            "40",
            "--json",
        ],
        b"",
    );
    failed(
        &out,
        "refused",
        &["(4^41 − 1)/3 pair words", "16777216 pair words"],
    );
    for args in [
        &["learn", "solitaire", "--max-len", "1"][..],
        &["learn", "solitaire", "--relation", "--max-len", "0"],
        &["prove", "kayles", "--max-len", "1"],
        &["prove", "kayles", "--bound", "1"],
    ] {
        let mut all = vec!["rules"];
        all.extend(args);
        all.push("--json");
        failed(&limited(&all, b""), "input", &["bound", "at least 2"]);
    }
}

/// A negative weight was reported as "data did not match any variant of untagged
/// enum RawWeights". Every value of a rule file is now checked for its type, and an error says
/// what is wrong in the file's terms with FILE:LINE:COLUMN (JSON: the file and the column).
#[test]
fn rule_file_values_of_the_wrong_type_are_said_in_the_files_terms() {
    let dir = tempfile::tempdir().unwrap();
    let head = "name = \"x\"\nletters = \"01\"\nblank = \"0\"\n";
    let cases = [
        (
            format!("{head}weights = [-1, 1]\n[rules]\n\"1\" = \"0\"\n"),
            ":4:12:",
            "whole number",
        ),
        (
            format!("{head}weights = {{ \"1\" = 1.5 }}\n[rules]\n\"1\" = \"0\"\n"),
            ":4:19:",
            "the number 1.5",
        ),
        (
            format!("{head}weights = \"01\"\n[rules]\n\"1\" = \"0\"\n"),
            ":4:11:",
            "a list of numbers",
        ),
        (
            format!("{head}rules = 5\n"),
            ":4:9:",
            "rules must be a table",
        ),
        (
            format!("{head}rules = [{{ from = \"1\" }}]\n"),
            ":4:10:",
            "needs both from and to",
        ),
        (
            format!("{head}rules = [{{ from = \"1\", to = \"0\", by = 2 }}]\n"),
            ":4:34:",
            "a rule has from and to",
        ),
        (
            format!("{head}[rules]\n\"1\" = 0\n"),
            ":5:7:",
            "must be a string of letters",
        ),
        (
            format!("{head}rows = \"3\"\n[rules]\n\"1\" = \"0\"\n"),
            ":4:8:",
            "rows must be a number",
        ),
        (
            format!("{head}[rules]\n\"1\" = \"0\"\n[targets]\nt = 5\n"),
            ":7:5:",
            "must be a string",
        ),
        (
            "name = \"x\"\nletters = 5\n".to_string(),
            ":2:11:",
            "letters must be a string",
        ),
        ("name = \"x\"\n".to_string(), ":1:1:", "has no letters"),
    ];
    for (i, (text, place, reason)) in cases.iter().enumerate() {
        let path = dir.path().join(format!("bad{i}.toml"));
        std::fs::write(&path, text).unwrap();
        let file = path.to_str().unwrap();
        let out = unhop(&["rules", "show", file, "--json"], None);
        let err = failed(&out, "input", &[&format!("{file}{place}"), reason]);
        let message = err["message"].as_str().unwrap();
        for serde in ["untagged", "variant", "invalid type", "expected"] {
            assert!(!message.contains(serde), "{message}");
        }
        assert_eq!(err["input"], file);
        let column: u64 = place.rsplit(':').nth(1).unwrap().parse().unwrap();
        assert_eq!(err["column"], column - 1, "{message}");
    }
}
