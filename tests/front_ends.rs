//! The front ends only bind: the command line (`src/cli`), the page's library (`web/src`) and
//! the Python module (`python/src`) call the library and write its report types; none builds a
//! JSON report, a Python dict or a chart of its own, so that no field name is written twice.
//!
//! Read from the text, outside comments and test modules: no `json!` object, no
//! `serde_json::Map` or `Value::Object` built by hand, no `PyDict` filled field by field (the
//! one converter, `python/src/report.rs`, turns any report into Python values), no chart built
//! from its parts.

use std::path::{Path, PathBuf};

/// What a front end must not contain, with why.
const FORBIDDEN: &[(&str, &str)] = &[
    ("json!(", "a JSON object built by hand"),
    ("serde_json::Map", "a JSON object built by hand"),
    ("Value::Object", "a JSON object built by hand"),
    ("PyDict::new", "a Python dict built field by field"),
    ("LineChart {", "a chart built in the front end"),
    ("HeatMap {", "a chart built in the front end"),
    ("Series {", "a chart built in the front end"),
];

/// The one place allowed to build Python values from a report.
const CONVERTER: &str = "python/src/report.rs";

fn sources(folder: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// The text of a Rust file without its comments and its `#[cfg(test)]` module.
fn code(text: &str) -> String {
    let text = text.split("#[cfg(test)]").next().unwrap_or_default();
    text.lines()
        .map(|line| match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_front_ends_build_no_report_of_their_own() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for folder in ["src/cli", "web/src", "python/src"] {
        sources(&root.join(folder), &mut files);
    }
    files.push(root.join("src/main.rs"));
    assert!(files.len() > 40, "{} files", files.len());
    let mut wrong = Vec::new();
    for file in &files {
        let relative = file.strip_prefix(root).unwrap().display().to_string();
        if relative == CONVERTER {
            continue;
        }
        let text = code(&std::fs::read_to_string(file).unwrap());
        for (pattern, why) in FORBIDDEN {
            for (n, line) in text.lines().enumerate() {
                if line.contains(pattern) {
                    wrong.push(format!("{relative}:{}: {why}: {}", n + 1, line.trim()));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_check_sees_a_report_built_by_hand() {
    let text = code("fn f() {\n    let o = serde_json::json!({\"a\": 1}); // json!( in a comment\n}\n#[cfg(test)]\nmod t { fn g() { json!(1); } }");
    assert_eq!(text.matches("json!(").count(), 1);
}
