//! The command-line contract (docs/cli.md), run against the built binary.

use crate::common;

use common::unhop;
use std::io::Write;
use std::process::{Command, Output, Stdio};
use unhop::Word;
use unhop::solitaire::{Board, Direction, Hop, Language, replay};

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn json_lines(o: &Output) -> Vec<serde_json::Value> {
    stdout(o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The hops of a `solve --json` object, replayed by the library's checker.
fn replay_json(object: &serde_json::Value, board: Board) -> Word {
    let word: Word = object["word"].as_str().unwrap().parse().unwrap();
    let hops: Vec<Hop> = object["hops"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            let (from, over, to) = (h["from"].as_i64(), h["over"].as_i64(), h["to"].as_i64());
            let hop = Hop::between(from.unwrap(), to.unwrap()).unwrap();
            assert_eq!(hop.over(), over.unwrap());
            hop
        })
        .collect();
    replay(&word, board, &hops).unwrap().final_word
}

#[test]
fn solve_json_hops_replay_to_the_minimum() {
    let words = ["1", "11", "1111", "01111", "000", "1101101", "x.xx.xxx"];
    let input = words.join("\n") + "\n";
    for (board, want) in [
        ("infinite", [1, 1, 2, 2, 0, 2, 3]),
        ("finite", [1, 2, 4, 2, 0, 2, 3]),
    ] {
        let out = unhop(
            &["solve", "-", "--board", board, "--json"],
            Some(input.as_bytes()),
        );
        assert!(out.status.success());
        let objects = json_lines(&out);
        assert_eq!(objects.len(), words.len());
        for (object, &min) in objects.iter().zip(&want) {
            assert_eq!(object["board"], board);
            assert_eq!(object["min_pegs"], min, "{object}");
            let board: Board = board.parse().unwrap();
            let final_word = replay_json(object, board);
            assert_eq!(final_word.pegs(), min);
            assert_eq!(final_word.to_string(), object["final"].as_str().unwrap());
        }
    }
}

#[test]
fn text_output_is_one_line_per_word() {
    let out = unhop(&["solve", "-"], Some(b"1111\r\n0110\n"));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[0].starts_with("1111: 2 pegs"), "{text}");
    assert!(lines[1].starts_with("0110: 1 peg;"), "{text}");
}

#[test]
fn patterns_are_words_too() {
    let out = unhop(&["solve", "11(01)^3 00(10)^2 11", "--json"], None);
    let object = &json_lines(&out)[0];
    assert_eq!(object["word"], "1101010100101011");
    assert_eq!(object["min_pegs"], 1);
}

#[test]
fn check_exit_codes_follow_the_predicate() {
    assert_eq!(unhop(&["check", "1011"], None).status.code(), Some(0));
    assert_eq!(unhop(&["check", "111"], None).status.code(), Some(1));
    assert_eq!(unhop(&["check", "11"], None).status.code(), Some(0));
    assert_eq!(
        unhop(&["check", "11", "--board", "finite"], None)
            .status
            .code(),
        Some(1)
    );
    let out = unhop(&["check", "-", "--json"], Some(b"1011\n111\n"));
    assert_eq!(out.status.code(), Some(1));
    let objects = json_lines(&out);
    assert_eq!(objects[0]["solvable"], true);
    assert_eq!(objects[1]["solvable"], false);
    let exhaustive = unhop(
        &["check", "-", "--method", "exhaustive"],
        Some(b"1011\n111\n"),
    );
    assert_eq!(
        stdout(&exhaustive),
        stdout(&unhop(&["check", "-"], Some(b"1011\n111\n")))
    );
}

#[test]
fn count_agrees_with_the_library_and_refuses_bad_n() {
    let out = unhop(&["count", "20", "--board", "finite"], None);
    assert_eq!(stdout(&out).trim(), "2157");
    let big = unhop(&["count", "1000000", "--json"], None);
    let object = &json_lines(&big)[0];
    assert_eq!(object["length"], 1_000_000);
    // An exact JSON integer, wider than serde_json's u64: compare the digits as written.
    let want = Language::of(Board::Infinite).count(1_000_000).to_string();
    assert!(
        stdout(&big).contains(&format!("\"count\":{want}}}")),
        "{}",
        stdout(&big)
    );
    let brute = unhop(
        &["count", "9", "--method", "exhaustive", "--board", "finite"],
        None,
    );
    assert_eq!(stdout(&brute).trim(), "73");
    for bad in ["0", "-3", "abc", "1000000000000000001", ""] {
        let out = unhop(&["count", bad], None);
        assert_eq!(out.status.code(), Some(2), "count {bad:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("N must be"));
    }
    let out = unhop(&["count", "21", "--method", "exhaustive"], None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn bad_words_exit_2_naming_the_position() {
    for (args, needle) in [
        (vec!["solve", "10a1"], "position 2"),
        (vec!["solve", ""], "empty"),
        (vec!["solve", "11(01"], "position 2"),
        (vec!["solve", "1^n"], "family"),
        (vec!["check", "01x2"], "position 3"),
        (vec!["solve", "(10)^99999999999"], "limit"),
    ] {
        let out = unhop(&args, None);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    let out = unhop(&["solve", "-"], Some(b"11\n10b\n11\n"));
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 2"));
    assert_eq!(
        stdout(&out).lines().count(),
        1,
        "the good line before is answered"
    );
    let out = unhop(&["solve", "-"], Some(&[b'1', 0xff, b'\n']));
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_100_mb_line_is_refused() {
    let mut line = vec![b'1'; 100 << 20];
    line.push(b'\n');
    let out = unhop(&["solve", "-"], Some(&line));
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("longer than the limit"));
}

#[test]
fn finite_board_beyond_the_exhaustive_limit_is_refused() {
    let long = "1".repeat(200);
    let out = unhop(
        &[
            "solve",
            &long,
            "--board",
            "finite",
            "--method",
            "exhaustive",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("limited to words of at most 128 cells"),
        "{stderr}"
    );
    assert!(stderr.contains("this word needs 200"), "{stderr}");
}

#[test]
fn lang_prints_the_expression_and_sizes() {
    let out = unhop(&["lang", "--regex", "--board", "finite", "--json"], None);
    let object = &json_lines(&out)[0];
    assert!(
        object["expression"]
            .as_str()
            .unwrap()
            .contains("11(01)*(11)*")
    );
    for board in Board::ALL {
        let out = unhop(
            &["lang", "--stats", "--json", "--board", board.name()],
            None,
        );
        let object = &json_lines(&out)[0];
        let minimal = Language::of(board).minimal_dfa().states();
        assert_eq!(object["minimal_dfa_states"], minimal);
    }
    let missing = unhop(&["lang"], None);
    assert_eq!(missing.status.code(), Some(2));
}

/// Every DOT the tool writes is checked by Graphviz when it is installed.
/// Theorem 1 from brute force alone: the DFA learned from the exhaustive solver is equivalent
/// to the paper's expression on both boards, and too small a bound is an error, not a guess.
#[test]
fn learn_rediscovers_the_one_peg_language() {
    for board in Board::ALL {
        let out = unhop(
            &[
                "learn",
                "solitaire",
                "--board",
                board.name(),
                "--max-len",
                "14",
                "--json",
            ],
            None,
        );
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let report = &json_lines(&out)[0];
        assert_eq!(report["equivalent_to_expression"], true);
        assert_eq!(report["counterexample"], serde_json::Value::Null);
        let minimal = Language::of(board).minimal_dfa().states();
        assert_eq!(report["states"], minimal);
        assert_eq!(report["queries"], (1 << 15) - 1);
    }
    let out = unhop(&["learn", "solitaire", "--max-len", "12"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("larger bound"));
    let out = unhop(&["learn", "solitaire", "--max-len", "21"], None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn dot_output_is_valid_graphviz() {
    let outputs = [
        unhop(&["lang", "--dot"], None),
        unhop(&["lang", "--dot", "--minimal", "--board", "finite"], None),
        unhop(&["lang", "--dot", "--nfa"], None),
        unhop(&["solve", "1101101111", "--dot"], None),
        unhop(&["learn", "solitaire", "--max-len", "14", "--dot"], None),
        unhop(&["prove", "finite-reach", "--dot"], None),
        unhop(&["rules", "prove", "kayles", "--dot"], None),
        unhop(
            &[
                "rules",
                "learn",
                "kayles",
                "--relation",
                "--max-len",
                "6",
                "--dot",
            ],
            None,
        ),
        unhop(&["dfa", "show", "(a|b)*abb", "--dot"], None),
        unhop(&["graph", "nim", "3", "--dot"], None),
    ];
    for out in &outputs {
        assert!(out.status.success());
        let dot = stdout(out);
        assert!(dot.starts_with("digraph"));
        assert!(dot.contains("start ->") || dot.contains("color=red") || dot.contains("p0 ->"));
    }
    let minimal = stdout(&outputs[1]);
    let accepting = (0..Language::of(Board::Finite).minimal_dfa().states() as u32)
        .filter(|&s| Language::of(Board::Finite).minimal_dfa().is_accepting(s))
        .count();
    assert_eq!(minimal.matches("doublecircle").count(), accepting);
    if Command::new("dot").arg("-V").output().is_err() {
        crate::common::skipped("Graphviz validation: `dot` is not installed (.ci/run installs it)");
        return;
    }
    for out in &outputs {
        let mut dot = Command::new("dot")
            .arg("-Tsvg")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        dot.stdin.take().unwrap().write_all(&out.stdout).unwrap();
        let rendered = dot.wait_with_output().unwrap();
        assert!(
            rendered.status.success(),
            "{}",
            String::from_utf8_lossy(&rendered.stderr)
        );
        assert!(String::from_utf8_lossy(&rendered.stdout).contains("<svg"));
    }
}

/// What Graphviz draws: every node's name and label lines, every edge's label lines.
type Drawn = (Vec<(String, Vec<String>)>, Vec<Vec<String>>);

/// What Graphviz draws of a DOT text, as `dot -Tjson` lays it out; `None` when `dot` is not
/// installed.
fn graphviz_texts(dot: &str) -> Option<Drawn> {
    let mut child = Command::new("dot")
        .arg("-Tjson")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .ok()?;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(dot.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}\n{dot}",
        String::from_utf8_lossy(&out.stderr)
    );
    let layout: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let lines = |object: &serde_json::Value| -> Vec<String> {
        object["_ldraw_"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|op| op["op"] == "T")
            .map(|op| op["text"].as_str().unwrap().to_string())
            .collect()
    };
    let nodes = layout["objects"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|o| (o["name"].as_str().unwrap().to_string(), lines(o)))
        .collect();
    let edges = layout["edges"]
        .as_array()
        .into_iter()
        .flatten()
        .map(lines)
        .collect();
    Some((nodes, edges))
}

/// Names and labels with quotes, backslashes, entities, line breaks and non-ASCII text are
/// quoted as DOT needs: Graphviz reads the text, lays it out, and draws exactly the labels
/// given (the writer of every drawing, and an automaton's symbols through `unhop dfa show`).
#[test]
fn dot_quotes_names_and_labels_so_graphviz_draws_them_exactly() {
    use unhop::automata::dot::DotWriter;
    let labels = [
        "say \"hi\"",
        "back\\slash",
        "&lt; & é ∅ 東",
        "two\nlines",
        "node",
    ];
    let mut dot = DotWriter::digraph(Vec::new(), "a \"graph\" \\ é").unwrap();
    for (k, label) in labels.iter().enumerate() {
        dot.node(label, &[("label", label)]).unwrap();
        if k > 0 {
            dot.edge(labels[k - 1], label, &[("label", label)]).unwrap();
        }
    }
    let text = String::from_utf8(dot.finish().unwrap()).unwrap();
    let Some((nodes, edges)) = graphviz_texts(&text) else {
        crate::common::skipped("Graphviz validation: `dot` is not installed (.ci/run installs it)");
        return;
    };
    let drawn = |label: &str| -> Vec<String> { label.split('\n').map(String::from).collect() };
    assert_eq!(nodes.len(), labels.len(), "{text}");
    for (label, (name, lines)) in labels.iter().zip(&nodes) {
        assert_eq!(lines, &drawn(label), "{text}");
        // DOT keeps a name's backslashes as written; every other character is the name's.
        assert_eq!(name, &label.replace('\\', "\\\\").replace('\n', "\\n"));
    }
    let edge_labels: Vec<Vec<String>> = labels[1..].iter().map(|l| drawn(l)).collect();
    assert_eq!(edges, edge_labels);

    // An automaton whose symbols need quoting, drawn by `unhop dfa show --dot`.
    let automaton = r#"{"alphabet": ["\"", "\\", "é", "&amp;"], "states": 2, "start": 0, "accepting": [1],
        "transitions": [[0, "\"", 1], [0, "\\", 1], [0, "é", 1], [0, "&amp;", 1]]}"#;
    let out = unhop(&["dfa", "show", "-", "--dot"], Some(automaton.as_bytes()));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (_, edges) = graphviz_texts(&stdout(&out)).unwrap();
    assert!(
        edges.contains(&vec!["\",\\,é,&amp;".to_string()]),
        "{edges:?}"
    );
}

/// `solve --dot` draws the block DAG (the old spelling `--dag-dot` still works); with
/// `--json` each word's report carries the same drawing as its `dot` field.
#[test]
fn solve_dot_is_the_dag_and_with_json_the_reports_dot_field() {
    let dot = unhop(&["solve", "0110", "1101101", "--dot"], None);
    assert!(dot.status.success());
    assert_eq!(
        stdout(&dot),
        stdout(&unhop(&["solve", "0110", "1101101", "--dag-dot"], None))
    );
    let reports = json_lines(&unhop(
        &["solve", "0110", "1101101", "--dot", "--json"],
        None,
    ));
    let plain = json_lines(&unhop(&["solve", "0110", "1101101", "--json"], None));
    let mut drawings = String::new();
    for (mut report, plain) in reports.into_iter().zip(plain) {
        let drawing = report.as_object_mut().unwrap().remove("dot").unwrap();
        drawings.push_str(drawing.as_str().unwrap());
        assert_eq!(report, plain);
    }
    assert_eq!(drawings, stdout(&dot));
}

#[test]
fn files_are_written_whole_or_not_at_all() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("dag.dot");
    let out = unhop(
        &["solve", "1111", "--dot", "-o", path.to_str().unwrap()],
        None,
    );
    assert!(out.status.success());
    assert!(std::fs::read_to_string(&path).unwrap().ends_with("}\n"));
    let missing = folder.path().join("no/such/folder/x.dot");
    let out = unhop(&["lang", "--dot", "-o", missing.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(2));
    let long = "1".repeat(41);
    let bad = folder.path().join("bad.dot");
    let out = unhop(
        &["solve", &long, "--dot", "-o", bad.to_str().unwrap()],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(!bad.exists());
    assert_eq!(
        std::fs::read_dir(folder.path()).unwrap().count(),
        1,
        "no temporary files left"
    );
}

/// A reader of standard output that goes away (as `| head` does) ends the run quietly; a
/// standard output closed from the start is exit 2 (see `exit_codes`).
#[test]
fn a_reader_that_goes_away_is_a_quiet_end() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_unhop"))
        .args(["solve", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let input = "1101\n".repeat(10_000);
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let out = child.wait_with_output().unwrap();
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn messages_show_control_characters_escaped() {
    let bell = "\u{7}b\u{1b}[2J";
    let folder = tempfile::tempdir().unwrap();
    let missing = folder.path().join(bell).join("t.csv");
    let missing = missing.to_str().unwrap();
    let chart = format!("c{bell}.jpg");
    for (args, env, shown) in [
        (vec!["solve", "11", "--board", bell], None, r"\x07b\x1b[2J"),
        (
            vec!["solve", "11", "--board", bell, "--json"],
            None,
            r"\x07b\x1b[2J",
        ),
        (
            vec!["table", "--max-len", "3", "-o", missing],
            None,
            r"\x07b\x1b[2J",
        ),
        (
            vec!["plot", "stats", "--max-len", "8", "-o", &chart],
            None,
            r"c\x07b\x1b[2J.jpg",
        ),
        (vec!["count", "5"], Some(bell), r"\x07b\x1b[2J"),
        (vec!["check", bell], None, r"\x07b\x1b[2J"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_unhop"))
            .args(&args)
            .envs(env.map(|value| ("RAYON_NUM_THREADS", value)))
            .output()
            .unwrap();
        crate::common::schema::check_output(&args, &out.stdout, &out.stderr);
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            !stderr.chars().any(|c| c.is_control() && c != '\n'),
            "{args:?}: {stderr:?}"
        );
        // In JSON the backslash of an escape is itself escaped.
        let shown = match args.contains(&"--json") {
            true => shown.replace('\\', r"\\"),
            false => shown.to_string(),
        };
        assert!(stderr.contains(&shown), "{args:?}: {shown} not in {stderr}");
    }
}

#[test]
fn hop_between_rejects_non_hops() {
    assert_eq!(Hop::between(3, 1), Some(Hop::new(3, Direction::Left)));
    assert_eq!(Hop::between(3, 4), None);
}

#[test]
fn grundy_batch_json_follows_the_family_and_hints_replay() {
    let family: Vec<String> = (0..6).map(|n| format!("011{}0", "01".repeat(n))).collect();
    let input = family.join("\n") + "\n";
    for (rule, want) in [
        ("chain", vec![1, 2, 3, 4, 5, 6]),
        ("single", vec![1, 2, 1, 2, 1, 2]),
    ] {
        let args = [
            "grundy", "-", "--moves", rule, "--board", "finite", "--json", "--hint",
        ];
        let out = unhop(&args, Some(input.as_bytes()));
        let objects = json_lines(&out);
        let got: Vec<u64> = objects
            .iter()
            .map(|o| o["value"].as_u64().unwrap())
            .collect();
        assert_eq!(got, want, "{rule}");
        for object in &objects {
            for hops in object["winning_moves"].as_array().unwrap() {
                let single = serde_json::json!({"word": object["word"], "hops": hops});
                replay_json(&single, Board::Finite);
            }
        }
    }
    let out = unhop(&["grundy", "0110", "--moves", "triple"], None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn family_lists_values_and_refuses_bad_ranges() {
    let out = unhop(
        &["family", "011(01)^n0", "--n", "0..4", "--board", "finite"],
        None,
    );
    let values: Vec<String> = stdout(&out)
        .lines()
        .map(|l| l.split('\t').nth(2).unwrap().to_string())
        .collect();
    assert_eq!(values, ["1", "2", "3", "4", "5"]);
    for (args, needle) in [
        (vec!["family", "0110", "--n", "0..3"], "no variable"),
        (vec!["family", "1^n", "--n", "5..2"], "A ≤ B"),
        (vec!["family", "1^n", "--n", "x"], "range"),
        (vec!["family", "1^(n-3)", "--n", "0..4"], "-3 times"),
        (vec!["family", "1^n", "--n", "200..201"], "128 cells"),
        (
            vec!["family", "1(0^0)^n", "--n", "0..1000000000000"],
            "the limit is 100000 members",
        ),
    ] {
        let out = unhop(&args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(needle),
            "{args:?}"
        );
    }
}

#[test]
fn table_rows_match_grundy_and_stats_summarise_them() {
    for board in ["finite", "infinite"] {
        let args = [
            "table",
            "--max-len",
            "9",
            "--board",
            board,
            "--moves",
            "single",
        ];
        let table = stdout(&unhop(&args, None));
        let rows: Vec<(&str, u32)> = table
            .lines()
            .skip(1)
            .map(|l| {
                let (w, v) = l.split_once(',').unwrap();
                (w, v.parse().unwrap())
            })
            .collect();
        let words: String = rows.iter().map(|(w, _)| format!("{w}\n")).collect();
        let grundy = unhop(
            &[
                "grundy", "-", "--board", board, "--moves", "single", "--json",
            ],
            Some(words.as_bytes()),
        );
        let values: Vec<u32> = json_lines(&grundy)
            .iter()
            .map(|o| o["value"].as_u64().unwrap() as u32)
            .collect();
        assert_eq!(
            values,
            rows.iter().map(|r| r.1).collect::<Vec<_>>(),
            "{board}"
        );
        let mut stats_args = args.to_vec();
        stats_args.extend(["--stats", "--format", "json"]);
        for stat in json_lines(&unhop(&stats_args, None)) {
            let len = stat["length"].as_u64().unwrap() as usize;
            let of_len: Vec<u32> = rows
                .iter()
                .filter(|r| r.0.len() == len)
                .map(|r| r.1)
                .collect();
            assert_eq!(stat["words"], of_len.len());
            assert_eq!(
                stat["p_positions"],
                of_len.iter().filter(|&&v| v == 0).count()
            );
            assert_eq!(stat["max_value"], *of_len.iter().max().unwrap());
        }
    }
    // Refused up front: a listing longer than 2^25 words, and the tables of the cores of the
    // infinite board at 34 (2.5 × 10^9 cores) and of the blocks of the finite board at 34
    // (2.0 × 10^9 blocks) beyond the default work.
    for (args, message) in [
        (
            &["table", "--max-len", "25", "--board", "finite"][..],
            "the limit is 33554432 words listed",
        ),
        (
            &["table", "--max-len", "34", "--stats"],
            "the limit is 268435456 cores",
        ),
        (
            &["table", "--max-len", "34", "--stats", "--board", "finite"],
            "the limit is 1073741824 blocks",
        ),
    ] {
        let out = unhop(args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("table.csv");
    let out = unhop(
        &["table", "--max-len", "5", "-o", path.to_str().unwrap()],
        None,
    );
    assert!(out.status.success());
    assert_eq!(
        std::fs::read_to_string(&path).unwrap().lines().count(),
        1 + 1 + 1 + 2 + 4 + 8
    );
}

/// Against any choices, the computer wins from every start where the player to move loses
/// (you first on a value-0 word, or the computer first on a nonzero one).
#[test]
fn play_is_won_by_the_computer_whenever_theory_says_so() {
    use unhop::games::{Duotaire, MoveRule, Solver};
    for (rule, name) in [(MoveRule::Single, "single"), (MoveRule::Chain, "chain")] {
        let game = Duotaire::new(rule, Board::Finite);
        let mut solver = Solver::new(game);
        let mut played = 0;
        for bits in 0..1u128 << 9 {
            let word = Word::from_bits(bits, 9);
            let value = solver.value(&game.position(&word).unwrap());
            if game.moves_of(&word).unwrap().is_empty() {
                continue;
            }
            let first = if value == 0 { "you" } else { "computer" };
            // Two opponents: always the first move (move 0); the second (move 1) when there is
            // one (an invalid choice is asked again, and the next line answers).
            for choice in ["0\n", "1\n0\n"] {
                let input = choice.repeat(20);
                let args = [
                    "play",
                    &word.to_string(),
                    "--moves",
                    name,
                    "--board",
                    "finite",
                    "--first",
                    first,
                ];
                let out = unhop(&args, Some(input.as_bytes()));
                let text = stdout(&out);
                assert!(out.status.success());
                assert!(
                    text.trim_end().ends_with("I win."),
                    "{name} {word} {first}: {text}"
                );
                played += 1;
            }
        }
        assert!(played > 100);
    }
    // The moves are numbered from 0: move 1 is the second, 2→0, after which the computer
    // cannot move; 2 is no move.
    let out = unhop(&["play", "0110", "--board", "finite"], Some(b"x\n2\n1\n"));
    let text = stdout(&out);
    assert!(
        text.contains("  0. 1→3\n  1. 2→0\nYour move (0-1, or q to quit): "),
        "{text}"
    );
    assert!(text.contains("'x' is not one of the moves"), "{text}");
    assert!(text.contains("'2' is not one of the moves"), "{text}");
    assert!(text.contains("\n  1000\n"), "{text}");
    assert!(text.trim_end().ends_with("you win!"), "{text}");
    // Misère play: the player who cannot move wins, so the one move of 110 loses.
    let out = unhop(
        &[
            "play", "110", "--board", "finite", "--rule", "misere", "--first", "computer",
        ],
        Some(b""),
    );
    let text = stdout(&out);
    assert!(text.starts_with("Duotaire, chain moves on the finite board; the player who cannot move wins.\nThe start has value 0: with perfect play the first player (I) will lose."), "{text}");
    assert!(
        text.trim_end().ends_with("No move is left: you win!"),
        "{text}"
    );
    let out = unhop(&["play", "0110"], Some(b""));
    assert!(stdout(&out).contains("unfinished"));
}

#[test]
fn plots_render_as_svg_and_png_or_not_at_all() {
    let folder = tempfile::tempdir().unwrap();
    let at = |name: &str| folder.path().join(name).to_str().unwrap().to_string();
    let (f, s, h) = (at("f.svg"), at("s.png"), at("h.png"));
    let (x, y, z) = (at("x.jpg"), at("y.png"), at("z.png"));
    let runs = [
        vec![
            "plot",
            "family",
            "011(01)^n0",
            "--n",
            "0..8",
            "--board",
            "finite",
            "-o",
            &f,
        ],
        vec!["plot", "stats", "--max-len", "12", "-o", &s],
        vec!["plot", "heatmap", "8", "-o", &h],
    ];
    for args in &runs {
        let out = unhop(args, None);
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let svg = std::fs::read_to_string(at("f.svg")).unwrap();
    assert!(svg.contains("<svg") && svg.contains("Duotaire values of 011(01)^n0"));
    assert!(svg.contains("single moves") && svg.contains("chain moves"));
    for (name, size) in [("s.png", (900u32, 900u32)), ("h.png", (1000, 860))] {
        let png = std::fs::read(at(name)).unwrap();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "{name}");
        let width = u32::from_be_bytes(png[16..20].try_into().unwrap());
        let height = u32::from_be_bytes(png[20..24].try_into().unwrap());
        assert_eq!((width, height), size, "{name}");
    }
    for args in [
        vec!["plot", "stats", "--max-len", "8", "-o", &x],
        vec!["plot", "heatmap", "25", "-o", &y],
        vec!["plot", "stats", "--max-len", "35", "-o", &z],
    ] {
        let out = unhop(&args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
    assert_eq!(
        std::fs::read_dir(folder.path()).unwrap().count(),
        3,
        "only the three plots"
    );
}

/// The non-regularity probe: the one-peg language's classes level off at its minimal DFA,
/// chain Duotaire's P-positions keep splitting into more classes; the family identity holds.
#[test]
fn probes_separate_a_regular_set_from_the_p_positions() {
    let folder = tempfile::tempdir().unwrap();
    let chart = folder.path().join("classes.svg");
    let out = unhop(
        &[
            "probe",
            "classes",
            "--set",
            "solitaire,p-chain",
            "--board",
            "finite",
            "--max-len",
            "12",
            "--json",
            "--plot",
            chart.to_str().unwrap(),
        ],
        None,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let cells = json_lines(&out);
    let classes = |set: &str, a: u64, b: u64| {
        cells
            .iter()
            .find(|c| c["set"] == set && c["prefix_len"] == a && c["suffix_len"] == b)
            .unwrap()["classes"]
            .as_u64()
            .unwrap()
    };
    let minimal = Language::of(Board::Finite).minimal_dfa().states() as u64;
    assert_eq!(classes("solitaire", 6, 6), minimal);
    assert_eq!(classes("solitaire", 7, 5), minimal);
    assert!((0..=12).all(|a| classes("solitaire", a, 12 - a) <= minimal));
    let chain: Vec<u64> = (2..=6).map(|a| classes("p-chain", a, a)).collect();
    assert!(chain.windows(2).all(|p| p[0] < p[1]), "{chain:?}");
    assert!(chain[4] > minimal);
    assert!(std::fs::read_to_string(&chart).unwrap().contains("<svg"));

    // The pumping argument: every decomposition leaves P' when pumped up, some stay when
    // pumped down; with a pumping length longer than the blocks some decomposition survives.
    let out = unhop(&["probe", "pumping", "--exponent", "3", "--p", "6"], None);
    assert!(out.status.success());
    let text = stdout(&out);
    let count = |label: &str| -> u64 {
        let line = text.lines().find(|l| l.contains(label)).unwrap();
        line.split(": ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    assert_eq!(count("pumped up once"), count("decompositions"));
    assert!(count("pumped down") > 0);
    // `--n` is the old name of `--exponent`, still accepted.
    let out = unhop(&["probe", "pumping", "--n", "2", "--p", "12"], None);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    // The Parikh argument: witnesses for every period up to 12 from preperiod 300.
    let out = unhop(
        &[
            "probe",
            "parikh",
            "--max-period",
            "12",
            "--max-preperiod",
            "300",
        ],
        None,
    );
    assert!(out.status.success(), "{}", stdout(&out));
    assert!(stdout(&out).contains("m = 1 … 6: true"));
    assert_eq!(stdout(&out).matches("∉ S: true").count(), 12);

    let out = unhop(&["probe", "family", "--max-index", "5", "--json"], None);
    assert!(out.status.success());
    let report = &json_lines(&out)[0];
    assert_eq!(report["checked"], 125);
    assert_eq!(report["failures"].as_array().unwrap().len(), 0);
}

/// `unhop reproduce` at the quick bounds: every experiment passes, the report lists every
/// check and links every artifact, and an unknown experiment is refused.
#[test]
fn reproduce_passes_every_experiment_at_small_bounds() {
    let folder = tempfile::tempdir().unwrap();
    let out = unhop(
        &[
            "reproduce",
            "--quick",
            "--out",
            folder.path().to_str().unwrap(),
        ],
        None,
    );
    assert!(out.status.success(), "{}", stdout(&out));
    let table = stdout(&out);
    let (pass, fail) = (
        table.matches(" PASS ").count(),
        table.matches(" FAIL ").count(),
    );
    assert!(pass >= 20 && fail == 0, "{table}");
    let report = std::fs::read_to_string(folder.path().join("report.md")).unwrap();
    assert_eq!(report.matches("| PASS |").count(), pass);
    for artifact in [
        "one_peg_language_finite.dot",
        "family_values.svg",
        "non_regularity_classes.csv",
        "finite_counterexamples.csv",
    ] {
        assert!(folder.path().join(artifact).exists(), "{artifact}");
        assert!(report.contains(&format!("({artifact})")), "{artifact}");
    }
    let out = unhop(
        &[
            "reproduce",
            "--quick",
            "--only",
            "nope",
            "--out",
            folder.path().to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("gap_separation"));
}

/// The notes of a long computation (here the pattern databases' folder and files, from
/// `--pdb-dir`) show control characters escaped, as its messages do.
#[test]
fn notes_show_control_characters_escaped() {
    let folder = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_unhop"))
        .args(["slide", "pdb", "--json", "--pdb-dir", "1\u{1b}[2J\u{7}"])
        .current_dir(folder.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains(r"cached '1\x1b[2J\x07/"), "{stderr}");
    assert!(
        !stderr.chars().any(|c| c.is_control() && c != '\n'),
        "{stderr:?}"
    );
}
