//! The `unhop rules` command line: its JSON shapes, exit codes and errors.

use crate::common;
use common::unhop;

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
        assert_eq!(v["n"], 25);
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
