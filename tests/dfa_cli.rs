//! `unhop dfa` through the binary: equal and different expressions, counterexamples checked
//! by membership, files written and read back, batch membership, and bad files (exit 2 with
//! the file, the line and the reason).

use crate::common;

use common::{limited, unhop};
use std::process::Output;

fn stdout(output: &std::process::Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &std::process::Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

#[test]
fn equal_expressions_are_proved_equal() {
    for (a, b) in [
        ("(a|b)*", "(a*b*)*"),
        ("(ab)*a", "a(ba)*"),
        ("(0|1)*1(0|1)", "(0|1)*(10|11)"),
    ] {
        let out = unhop(&["dfa", "equiv", a, b, "--json"], None);
        assert_eq!(out.status.code(), Some(0), "{a} {b}: {}", stderr(&out));
        assert_eq!(stdout(&out), "{\"equivalent\":true}\n");
    }
}

#[test]
fn different_expressions_get_a_shortest_counterexample_checked_by_membership() {
    for (a, b) in [
        ("(a|b)*abb", "(a|b)*bb"),
        ("(ab)*", "(ab)*|ba"),
        ("a*", "a*|b"),
    ] {
        let out = unhop(&["dfa", "equiv", a, b, "--json"], None);
        assert_eq!(out.status.code(), Some(1), "{a} {b}: {}", stderr(&out));
        let report: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
        assert_eq!(report["equivalent"], false);
        let word = report["word"].as_str().unwrap().to_string();
        let first = report["accepted_by"] == "first";
        let a_accepts = unhop(&["dfa", "accepts", a, &word], None).status.code();
        let b_accepts = unhop(&["dfa", "accepts", b, &word], None).status.code();
        assert_eq!(a_accepts, Some(if first { 0 } else { 1 }), "{a} on {word}");
        assert_eq!(b_accepts, Some(if first { 1 } else { 0 }), "{b} on {word}");
        // Shortest: the two agree on every shorter word over the two alphabets.
        let length = report["length"].as_u64().unwrap() as usize;
        let shorter: Vec<String> = unhop::automata::words_up_to(2, length.saturating_sub(1))
            .map(|w| w.iter().map(|&l| ["a", "b"][l as usize]).collect())
            .collect();
        let mut input = String::from("<eps>\n");
        shorter
            .iter()
            .filter(|w| !w.is_empty())
            .for_each(|w| input += &format!("{w}\n"));
        let verdicts = |expression: &str| {
            let out = unhop(
                &[
                    "dfa",
                    "accepts",
                    expression,
                    "-",
                    "--alphabet",
                    "ab",
                    "--json",
                ],
                Some(input.as_bytes()),
            );
            assert!(out.status.code().unwrap() <= 1, "{}", stderr(&out));
            stdout(&out)
        };
        assert_eq!(
            verdicts(a),
            verdicts(b),
            "{a} and {b} below length {length}"
        );
    }
}

#[test]
fn automata_written_as_json_and_att_read_back_equal() {
    let dir = tempfile::tempdir().unwrap();
    for (flag, name) in [("--json", "m.json"), ("--att", "m.att")] {
        let path = dir.path().join(name);
        let path = path.to_str().unwrap();
        let out = unhop(&["dfa", "minimize", "(a|b)*abb", flag, "-o", path], None);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let again = unhop(&["dfa", "minimize", path, flag], None);
        assert_eq!(stdout(&again), std::fs::read_to_string(path).unwrap());
        let equal = unhop(&["dfa", "equiv", path, "(a|b)*abb"], None);
        assert_eq!(equal.status.code(), Some(0), "{}", stderr(&equal));
    }
    let json = unhop(&["dfa", "minimize", "(a|b)*abb", "--json"], None);
    let object: serde_json::Value = serde_json::from_str(&stdout(&json)).unwrap();
    assert_eq!(object["states"], 4);
    // Through standard input, JSON recognised by its brace.
    let piped = unhop(&["dfa", "count", "-", "5"], Some(&json.stdout));
    assert_eq!(stdout(&piped), "4\n");
}

#[test]
fn membership_reads_words_from_standard_input_as_json_lines() {
    let out = unhop(
        &["dfa", "accepts", "(a|b)*abb", "-", "--json"],
        Some(b"abb\n# a comment\n\nba\r\naabb"),
    );
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let accepted: Vec<bool> = lines
        .iter()
        .map(|l| l["accepted"].as_bool().unwrap())
        .collect();
    assert_eq!(accepted, [true, false, true]);
    // A symbol the automaton lacks: the word is not in its language, and the reason is given.
    let foreign = unhop(
        &["dfa", "accepts", "(a|b)*", "-", "--json"],
        Some(b"ab\nabc\n"),
    );
    assert_eq!(foreign.status.code(), Some(1));
    let last: serde_json::Value =
        serde_json::from_str(stdout(&foreign).lines().last().unwrap()).unwrap();
    assert_eq!(last["accepted"], false);
    assert!(
        last["reason"]
            .as_str()
            .unwrap()
            .contains("'c' is not a symbol")
    );
    let long = vec![b'a'; 40 << 20];
    let bad = unhop(&["dfa", "accepts", "(a|b)*", "-"], Some(&long));
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        stderr(&bad).contains("line 1 of standard input"),
        "{}",
        stderr(&bad)
    );
}

#[test]
fn bad_files_name_the_file_the_line_and_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&str, &str, &str); 8] = [
        (
            "symbol.json",
            "{\"alphabet\": [\"a\"],\n \"states\": 2, \"start\": 0, \"accepting\": [1],\n \"transitions\": [[0, \"a\", 1],\n   [1, \"b\", 0]]}",
            "line 4 of 'SYMBOL': \"b\" is not in the alphabet at position 7",
        ),
        (
            "syntax.json",
            "{\"alphabet\": [\"a\"],\n \"states\": 2,,\n}",
            "line 2 of 'SYNTAX': key must be a string at position 13",
        ),
        (
            "state.json",
            "{\"alphabet\": [\"a\"], \"states\": [\"p\"], \"start\": \"q\", \"accepting\": [], \"transitions\": []}",
            "line 1 of 'STATE': 'q' is not one of the states at position 46",
        ),
        (
            "twice.json",
            "{\"alphabet\": [\"a\"], \"states\": 1,\n \"start\": 0, \"accepting\": [0],\n  \"states\": 2, \"transitions\": []}",
            "line 3 of 'TWICE': the key \"states\" is a duplicate: it appears a second time in its object at position 2",
        ),
        (
            "inside.json",
            "{\"alphabet\": [\"a\"], \"states\": 1, \"start\": 0, \"accepting\": [0],\n \"transitions\": [{\"from\": 0, \"symbol\": \"a\", \"from\": 0, \"to\": 0}]}",
            "line 2 of 'INSIDE': the key \"from\" is a duplicate: it appears a second time in its object at position 44",
        ),
        (
            "state.att",
            "0 1 a\n1 x b\n",
            "line 2 of 'STATE': 'x' is not a state",
        ),
        (
            "fields.att",
            "0 1 a\n1\n1 2 a b c d\n",
            "line 3 of 'FIELDS': 6 fields",
        ),
        (
            "weight.att",
            "0 1 a\n1 inf\n",
            "line 2 of 'WEIGHT': 'inf' is not a weight",
        ),
    ];
    for (name, text, expected) in cases {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let path = path.to_str().unwrap();
        let out = unhop(&["dfa", "minimize", path], None);
        assert_eq!(out.status.code(), Some(2), "{name}");
        let upper = name.split('.').next().unwrap().to_uppercase();
        let expected = expected.replace(&upper, path);
        assert!(stderr(&out).contains(&expected), "{name}: {}", stderr(&out));
    }
}

#[test]
fn blow_ups_are_refused_with_the_estimate_and_the_limit() {
    // The product of two automata of about 2^13 states each.
    let big = "(a|b)*a(a|b){12}";
    let other = "(a|b)*b(a|b){12}";
    let out = unhop(&["dfa", "ops", "intersect", big, other], None);
    assert_eq!(out.status.code(), Some(2));
    let message = stderr(&out);
    assert!(message.contains("the limit is"), "{message}");
    let count = unhop(&["dfa", "count", "(a|b)*", "100000000000"], None);
    assert_eq!(count.status.code(), Some(2));
    assert!(stderr(&count).contains("the limit is"));
}

/// An automaton with thousands of states at a short length is counted (step by step), not
/// refused for the cost of its characteristic polynomial: a word of `(a|b)*a(a|b){12}` of
/// length n ≥ 13 is any word with an `a` 13 letters from its end, 2^(n−1) of them.
#[test]
fn many_states_at_a_short_length_are_counted_step_by_step() {
    for n in [13u32, 200, 1000] {
        let out = unhop(&["dfa", "count", "(a|b)*a(a|b){12}", &n.to_string()], None);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let expected = num_bigint::BigUint::from(2u8).pow(n - 1);
        assert_eq!(stdout(&out).trim(), expected.to_string());
    }
}

/// The JSON error object of a run with `--json` that exited with code 2.
fn json_error(args: &[&str], stdin: &[u8]) -> serde_json::Value {
    let out = limited(args, stdin);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    serde_json::from_str(stderr(&out).trim())
        .unwrap_or_else(|e| panic!("{args:?}: {e}: {}", stderr(&out)))
}

/// The first line of a table: `N states over K symbols, …`.
fn states_of(out: &Output) -> String {
    stdout(out).split(" states").next().unwrap().to_string()
}

/// A count whose decimal digits alone take minutes, and whose numbers take more
/// memory than the process may have, is refused with its estimate, limit and unit (it
/// aborted at 3 GB); raising the work limit leaves the memory refusal.
#[test]
fn a_huge_count_is_refused_with_its_figures() {
    let args = ["dfa", "count", "(a|b)*", "4000000000", "--json"];
    let error = json_error(&args, b"");
    assert_eq!(error["kind"], "refused");
    assert_eq!(error["unit"], "big-integer word operations");
    assert_eq!(error["limit"], 1u64 << 32);
    assert!(error["estimate"].as_u64().unwrap() > 1 << 32, "{error}");
    let more = [
        "--max-work",
        "100000000000000",
        "dfa",
        "count",
        "(a|b)*",
        "4000000000",
        "--json",
    ];
    let error = json_error(&more, b"");
    assert_eq!(error["unit"], "bytes", "{error}");
    assert!(
        error["estimate"].as_u64().unwrap() > 4_000_000_000,
        "{error}"
    );
}

/// The minimal DFA of a cycle of 30,030 states (quadratic minimisation ran without
/// end), and the intersection of six cyclic groups, which has as many states.
#[test]
fn long_cycles_are_minimised_and_intersected() {
    let out = limited(&["dfa", "minimize", "(a{30030})*"], b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(states_of(&out), "30030");
    let cycles = [
        "(a{2})*", "(a{3})*", "(a{5})*", "(a{7})*", "(a{11})*", "(a{13})*",
    ];
    let mut args = vec!["dfa", "ops", "intersect"];
    args.extend(cycles);
    let out = limited(&args, b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(states_of(&out), "30030");
    // The whole run is estimated before it starts, the minimisations included: a limit
    // above the products alone (104,387 transitions) refuses it at once.
    let mut tight = vec!["--max-work", "200000"];
    tight.extend(&args);
    tight.push("--json");
    let error = json_error(&tight, b"");
    assert_eq!(
        (&error["kind"], &error["unit"]),
        (&"refused".into(), &"transitions".into())
    );
    assert_eq!(error["limit"], 200000);
}

/// A key given twice in a JSON automaton is an input error naming the key, its
/// line and its position (the last one won); a byte that is not UTF-8 is named with its
/// value, line and position (the message was cut off).
#[test]
fn duplicate_keys_and_bad_bytes_are_named_where_they_are() {
    let twice = b"{\"alphabet\": [\"a\"], \"states\": 2, \"start\": 0,\n \"accepting\": [1], \"start\": 1,\n \"transitions\": []}";
    let error = json_error(&["dfa", "show", "-", "--json"], twice);
    assert_eq!(error["kind"], "input");
    assert_eq!(
        (&error["line"], &error["column"]),
        (&2.into(), &19.into()),
        "{error}"
    );
    assert_eq!(error["input"], "standard input");
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .contains("the key \"start\""),
        "{error}"
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.att");
    std::fs::write(&file, b"0 1 a\n1 1 \xe9\n1\n").unwrap();
    let error = json_error(&["dfa", "minimize", file.to_str().unwrap(), "--json"], b"");
    assert_eq!(
        (&error["line"], &error["column"]),
        (&2.into(), &4.into()),
        "{error}"
    );
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .ends_with("byte 4 (0-based) is 0xe9"),
        "{error}"
    );
    let error = json_error(
        &["dfa", "show", "-", "--json"],
        b"{\"alphabet\": [\"\xff\"]}",
    );
    assert_eq!(
        (&error["line"], &error["column"]),
        (&1.into(), &15.into()),
        "{error}"
    );
}

/// An expression whose NFA would have a billion states is refused at its size limit (it
/// aborted building it).
#[test]
fn an_expression_too_large_to_compile_is_refused() {
    let error = json_error(&["dfa", "show", "((a{1000}){1000}){1000}", "--json"], b"");
    assert_eq!(
        (&error["kind"], &error["unit"]),
        (&"refused".into(), &"bytes".into())
    );
    assert!(
        error["message"].as_str().unwrap().contains("size limit"),
        "{error}"
    );
}

/// `--dot --json` is one JSON object holding the DOT text as `"dot"`, on every command that
/// writes a graph or an automaton, and an automaton written so reads back as the same one.
#[test]
fn dot_with_json_is_the_dot_field_of_the_json_object() {
    let dir = tempfile::tempdir().unwrap();
    let runs: [&[&str]; 6] = [
        &["dfa", "minimize", "(ab)*", "--dot", "--json"],
        &["dfa", "ops", "union", "a*", "b*", "--dot", "--json"],
        &["graph", "nim", "2", "1", "--dot", "--json"],
        &[
            "rules",
            "learn",
            "kayles",
            "--max-len",
            "6",
            "--dot",
            "--json",
        ],
        &["lang", "--dot", "--json"],
        &["prove", "finite-reach", "--max-len", "9", "--dot", "--json"],
    ];
    for args in runs {
        let out = unhop(args, None);
        assert!(
            out.status.code().unwrap() <= 1,
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        assert_eq!(text.lines().count(), 1, "{args:?}: one object");
        let object: serde_json::Value = serde_json::from_str(&text).unwrap();
        let dot = object["dot"]
            .as_str()
            .unwrap_or_else(|| panic!("{args:?}: {object}"));
        assert!(
            dot.starts_with("digraph") && dot.trim_end().ends_with('}'),
            "{args:?}"
        );
        // The DOT alone is the same text.
        let alone: Vec<&str> = args.iter().copied().filter(|a| *a != "--json").collect();
        let plain = unhop(&alone, None);
        assert_eq!(
            String::from_utf8(plain.stdout).unwrap().trim_end(),
            dot.trim_end(),
            "{args:?}"
        );
    }
    let path = dir.path().join("a.json");
    let out = unhop(
        &[
            "dfa",
            "minimize",
            "(ab)*",
            "--dot",
            "--json",
            "-o",
            path.to_str().unwrap(),
        ],
        None,
    );
    assert!(out.status.success());
    let back = unhop(&["dfa", "equiv", path.to_str().unwrap(), "(ab)*"], None);
    assert_eq!(
        back.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&back.stderr)
    );
}
