//! The command-line convention on the 1-D solitaire commands: `--json` everywhere (with
//! `--dot` too), `-o` everywhere, the infinite board by default, `--method` wherever a twin
//! exists, and an Examples section whose every line runs.

use crate::common;

use common::unhop;

/// The commands of this area, with the arguments that make each compute something small.
const COMMANDS: [&[&str]; 8] = [
    &["solve", "1101101"],
    &["check", "1101101"],
    &["count", "12"],
    &["lang", "--stats"],
    &["learn", "solitaire", "--board", "finite", "--max-len", "14"],
    &["prove", "finite-reach", "--max-len", "9"],
    &["reach", "0110", "1000"],
    &["reproduce", "--quick", "--only", "gap_separation", "--out"],
];

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn every_command_takes_json_and_gives_json_lines() {
    let folder = tempfile::tempdir().unwrap();
    for command in COMMANDS {
        let mut args: Vec<&str> = command.to_vec();
        if command[0] == "reproduce" {
            args.push(folder.path().to_str().unwrap());
        }
        args.push("--json");
        let out = unhop(&args, None);
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = stdout(&out);
        assert!(!text.is_empty(), "{args:?}");
        for line in text.lines() {
            let _: serde_json::Value =
                serde_json::from_str(line).unwrap_or_else(|e| panic!("{args:?}: {e}: {line}"));
        }
    }
}

#[test]
fn dot_with_json_gives_the_dot_text_inside_json() {
    for args in [
        &["lang", "--dot", "--json"][..],
        &["lang", "--dot", "--minimal", "--board", "finite", "--json"],
        &["lang", "--dot", "--nfa", "--json"],
        &[
            "learn",
            "solitaire",
            "--board",
            "finite",
            "--max-len",
            "14",
            "--dot",
            "--json",
        ],
        &["prove", "finite-reach", "--max-len", "9", "--dot", "--json"],
    ] {
        let out = unhop(args, None);
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let object: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let dot = object["dot"].as_str().unwrap();
        assert!(
            dot.starts_with("digraph ") && dot.ends_with("}\n"),
            "{args:?}"
        );
        // The same DOT as without --json.
        let plain: Vec<&str> = args.iter().copied().filter(|a| *a != "--json").collect();
        assert_eq!(stdout(&unhop(&plain, None)), dot, "{args:?}");
    }
}

#[test]
fn out_writes_what_standard_output_shows() {
    let folder = tempfile::tempdir().unwrap();
    for (k, command) in COMMANDS
        .iter()
        .enumerate()
        .filter(|(_, c)| c[0] != "reproduce")
    {
        for json in [false, true] {
            let mut args: Vec<&str> = command.to_vec();
            if json {
                args.push("--json");
            }
            let shown = unhop(&args, None);
            let path = folder
                .path()
                .join(format!("out{k}.{}", if json { "json" } else { "txt" }));
            let path = path.to_str().unwrap();
            args.extend(["-o", path]);
            let written = unhop(&args, None);
            assert_eq!(written.status.code(), shown.status.code(), "{args:?}");
            assert!(written.stdout.is_empty(), "{args:?}");
            assert_eq!(std::fs::read(path).unwrap(), shown.stdout, "{args:?}");
        }
    }
    // The extension must fit the format, checked before any work.
    let out = unhop(&["check", "11", "--json", "-o", "x.dot"], None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_default_board_is_infinite_and_method_is_offered_where_a_twin_exists() {
    for command in ["solve", "check", "count", "lang", "learn", "reach"] {
        let help = stdout(&unhop(&[command, "--help"], None));
        assert!(help.contains("[default: infinite]"), "{command}");
    }
    for command in ["solve", "check", "count", "reach"] {
        let help = stdout(&unhop(&[command, "--help"], None));
        assert!(help.contains("--method"), "{command}");
    }
}

#[test]
fn fast_and_exhaustive_agree_through_the_command_line() {
    let words = ["1101101", "01111", "1111", "0110110", "11011", "1", "000"];
    for board in ["infinite", "finite"] {
        let answers: Vec<String> = ["fast", "exhaustive"]
            .iter()
            .map(|method| {
                let mut args = vec!["check", "--board", board, "--method", method];
                args.extend(words);
                let out = unhop(&args, None);
                assert_eq!(out.status.code(), Some(1));
                stdout(&out)
            })
            .collect();
        assert_eq!(answers[0], answers[1], "{board}");
        let counts: Vec<String> = ["fast", "exhaustive"]
            .iter()
            .map(|method| {
                stdout(&unhop(
                    &["count", "14", "--board", board, "--method", method],
                    None,
                ))
            })
            .collect();
        assert_eq!(counts[0], counts[1], "{board}");
    }
}
