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
    let text = code(
        "fn f() {\n    let o = serde_json::json!({\"a\": 1}); // json!( in a comment\n}\n#[cfg(test)]\nmod t { fn g() { json!(1); } }",
    );
    assert_eq!(text.matches("json!(").count(), 1);
}

/// Nothing in the repository cites a file outside it: the project's own notes and source
/// documents are not part of it, so code, tests, docs and notebooks say what they need in
/// their own words.
#[test]
fn nothing_cites_a_file_outside_the_repository() {
    const OUTSIDE: &[&str] = &["DESIGN.md", "../shared", "shared/seeds", "/work/"];
    const SKIPPED: &[&str] = &[
        ".git",
        "target",
        "node_modules",
        "dist",
        "screenshots",
        ".venv",
    ];
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut stack = vec![root.to_path_buf()];
    let mut wrong = Vec::new();
    let mut read = 0;
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if path.is_dir() {
                if !SKIPPED.contains(&name.as_str()) {
                    stack.push(path);
                }
                continue;
            }
            // This file names what it looks for.
            if path.ends_with("tests/front_ends.rs") {
                continue;
            }
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue; // not text
            };
            read += 1;
            for citation in OUTSIDE {
                if text.contains(citation) {
                    let relative = path.strip_prefix(root).unwrap().display().to_string();
                    wrong.push(format!("{relative} cites {citation}"));
                }
            }
        }
    }
    assert!(read > 100, "read {read} files");
    assert!(wrong.is_empty(), "{wrong:#?}");
}
