//! One convention across all commands, checked on every leaf subcommand's `--help`:
//!
//! * an `Examples:` section, and every example in it runs (exit 0 or 1) in a fresh folder;
//! * `--json` on every command that computes (all but the interactive games);
//! * the row commands' `--board` defaults to the infinite board, and the help says so;
//! * one name for the output option (`-o, --out`; `--output` is at most a hidden alias);
//! * no words from the project's own history (seed documents, issues, design notes).

use crate::common;

use common::help::{examples, leaves};
use std::path::Path;
use std::process::Command;

/// Commands that play interactively and print no results to script (no `--json`).
const INTERACTIVE: &[&str] = &["play", "slide play"];

#[test]
fn every_command_has_examples_json_and_one_option_name() {
    let mut wrong = Vec::new();
    let all = leaves();
    assert!(all.len() >= 20, "found the subcommands: {}", all.len());
    for (path, help) in &all {
        let name = path.join(" ");
        if examples(help).is_empty() {
            wrong.push(format!("{name}: no Examples section with an unhop command"));
        }
        if !help.contains("--json") && !INTERACTIVE.contains(&name.as_str()) {
            wrong.push(format!("{name}: no --json"));
        }
        if help.contains("--output") {
            wrong.push(format!("{name}: --output shown (the option is -o, --out)"));
        }
        if help.contains("--out ") && !help.contains("-o, --out") {
            wrong.push(format!("{name}: --out without -o"));
        }
        let lower = help.to_lowercase();
        for word in ["the seed", "seed's", "issue", "design.md"] {
            if lower.contains(word) {
                wrong.push(format!("{name}: says {word:?}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn row_commands_default_to_the_infinite_board() {
    let mut wrong = Vec::new();
    for (path, help) in leaves() {
        // The row commands' --board chooses between the infinite and the finite row.
        let Some(at) = help.find("--board <") else {
            continue;
        };
        let option: String = help[at..]
            .lines()
            .take_while(|l| !l.trim_start().starts_with("--") || l.contains("--board"))
            .collect();
        if option.contains("finite") && !option.contains("[default: infinite]") {
            wrong.push(format!("{}: {option}", path.join(" ")));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn every_example_in_the_help_runs() {
    let binary = Path::new(env!("CARGO_BIN_EXE_unhop"));
    let path = format!(
        "{}:{}",
        binary.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut wrong = Vec::new();
    for (command, help) in leaves() {
        for example in examples(&help) {
            // A fresh folder for each, so examples that write files write them there.
            let dir = tempfile::tempdir().unwrap();
            let output = Command::new("timeout")
                .args(["120", "sh", "-c", &example])
                .current_dir(dir.path())
                .env("PATH", &path)
                .stdin(std::process::Stdio::null())
                .output()
                .unwrap();
            let code = output.status.code();
            if !matches!(code, Some(0 | 1)) {
                wrong.push(format!(
                    "{}: `{example}` exited {code:?}: {}",
                    command.join(" "),
                    String::from_utf8_lossy(&output.stderr)
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}
