//! `reproduce`: every check says what kind of evidence it is, timing never fails a run, the
//! Markdown report is a well-formed table, `--json` gives one object per check, and every
//! experiment is registered in one list.

use crate::common;

use common::unhop;
use unhop::reproduce::{EXPERIMENTS, Kind, Scale, markdown_cell};

/// Every experiment at the quick bounds, with its checks.
fn quick_checks() -> Vec<(&'static str, Vec<unhop::reproduce::Check>)> {
    let folder = tempfile::tempdir().unwrap();
    EXPERIMENTS
        .iter()
        .map(|e| {
            let budget = unhop::budget::Budget::default();
            (
                e.name,
                (e.run)(Scale::Quick, folder.path(), &budget).unwrap(),
            )
        })
        .collect()
}

#[test]
fn checks_say_what_kind_of_evidence_they_are() {
    let all = quick_checks();
    let find = |name: &str, result: &str| {
        all.iter()
            .filter(|(n, _)| *n == name)
            .flat_map(|(_, checks)| checks)
            .filter(|c| c.result.contains(result))
            .map(|c| c.kind)
            .collect::<Vec<Kind>>()
    };
    // Class counts growing up to a bound are evidence, never a proof.
    let growth = find("non_regularity", "keep growing");
    assert!(!growth.is_empty());
    assert!(growth.iter().all(|&k| k == Kind::Evidence), "{growth:?}");
    // A timing is a figure, reported.
    let timing = find("linear_minimum", "linear time");
    assert_eq!(timing, [Kind::Measured]);
    // The automaton proof is a proof.
    let proof = find("finite_reachability", "proof step");
    assert_eq!(proof, [Kind::Proved; 3]);
    // Every bounded check names its bound; every kind is used; every check passes.
    for (name, checks) in &all {
        for c in checks {
            assert!(c.pass, "{name}: {c:?}");
            if c.kind == Kind::Exhaustive || c.kind == Kind::Evidence {
                assert!(
                    c.bound.chars().any(|ch| ch.is_ascii_digit()),
                    "{name}: {c:?}"
                );
            }
        }
    }
    for kind in Kind::ALL {
        assert!(
            all.iter().flat_map(|(_, c)| c).any(|c| c.kind == kind),
            "{kind}"
        );
    }
}

#[test]
fn a_measurement_never_fails() {
    for (_, checks) in quick_checks() {
        for c in checks.iter().filter(|c| c.kind == Kind::Measured) {
            assert!(c.pass);
            assert_eq!(c.verdict().to_string(), "FIGURE");
        }
    }
}

#[test]
fn markdown_cells_escape_the_bar() {
    for text in ["1 ≤ |u|, |w| ≤ 7", "a|b", "|", "x\\|y", "line\nbreak"] {
        let cell = markdown_cell(text);
        // Every | is preceded by an odd number of backslashes: escaped.
        let bytes = cell.as_bytes();
        for (i, _) in cell.match_indices('|') {
            let slashes = bytes[..i].iter().rev().take_while(|&&b| b == b'\\').count();
            assert_eq!(slashes % 2, 1, "{cell}");
        }
        assert!(!cell.contains('\n'));
    }
}

/// The cells of a Markdown table row, split at unescaped bars.
fn cells(row: &str) -> usize {
    let (mut count, mut escaped) = (0usize, false);
    for ch in row.chars() {
        match ch {
            '\\' => escaped = !escaped,
            '|' if !escaped => count += 1,
            _ => escaped = false,
        }
    }
    count.saturating_sub(1)
}

#[test]
fn the_report_is_a_well_formed_table_and_json_lines_match_it() {
    let folder = tempfile::tempdir().unwrap();
    let dir = folder.path().to_str().unwrap();
    let out = unhop(
        &[
            "reproduce",
            "--quick",
            "--only",
            "gap_separation,linear_minimum",
            "--out",
            dir,
        ],
        None,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report = std::fs::read_to_string(folder.path().join("report.md")).unwrap();
    let rows: Vec<&str> = report.lines().filter(|l| l.starts_with('|')).collect();
    let width = cells(rows[0]);
    assert_eq!(width, 6);
    for row in &rows {
        assert_eq!(cells(row), width, "{row}");
    }
    assert!(report.contains("1 ≤ \\|u\\|, \\|w\\| ≤"), "{report}");

    let out = unhop(
        &[
            "reproduce",
            "--quick",
            "--only",
            "gap_separation,linear_minimum",
            "--json",
            "--out",
            dir,
        ],
        None,
    );
    assert!(out.status.success());
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // One object per check: as many as the report's data rows.
    assert_eq!(lines.len(), rows.len() - 2);
    for object in &lines {
        let kind = object["kind"].as_str().unwrap();
        assert!(Kind::ALL.iter().any(|k| k.name() == kind), "{object}");
        assert!(object["experiment"].is_string() && object["pass"].is_boolean());
    }
    assert!(
        lines
            .iter()
            .any(|o| o["kind"] == "measured" && o["verdict"] == "FIGURE")
    );
}

#[test]
fn every_experiment_is_registered_once_and_runs_by_name() {
    let mut names: Vec<&str> = EXPERIMENTS.iter().map(|e| e.name).collect();
    assert!(names.contains(&"finite_reachability"));
    names.sort();
    names.dedup();
    assert_eq!(names.len(), EXPERIMENTS.len());
    // The experiments folder holds no wrapper per experiment: one example takes the name.
    // Beside it, only two programs that are not experiments of `unhop reproduce`: the long
    // runs of peg solitaire on three rows, and the timer of one pattern database's build.
    let mut examples: Vec<String> =
        std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/experiments"))
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
    examples.sort();
    assert_eq!(examples, ["experiment.rs", "pdb_build.rs", "three_rows.rs"]);
    let folder = tempfile::tempdir().unwrap();
    let out = unhop(
        &[
            "reproduce",
            "--quick",
            "--only",
            "finite_reachability",
            "--out",
            folder.path().to_str().unwrap(),
        ],
        None,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(folder.path().join("finite_reachability.dot").exists());
}
