//! One convention across all commands, checked on every leaf subcommand's `--help`:
//!
//! * an `Examples:` section, and every example in it runs (exit 0 or 1) in a fresh folder;
//! * `--json` on every command that computes (all but the interactive games);
//! * the row commands' `--board` defaults to the infinite board, and the help says so;
//! * one name for the output option (`-o, --out`; `--output` is at most a hidden alias);
//! * no words from the project's own history (seed documents, issues, design notes).

use crate::common;

use common::help::{examples, leaves, options};
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

/// One row of the option table in `docs/cli.md`: its long options, and the commands its last
/// column names (`None` when it says "every …": a rule for all commands, checked below).
struct Row {
    options: Vec<String>,
    commands: Option<Vec<String>>,
}

/// The option table of `docs/cli.md`, a row at a time.
fn vocabulary() -> Vec<Row> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/cli.md"))
        .expect("docs/cli.md");
    let table = text
        .split("| option | means | on |")
        .nth(1)
        .expect("the option table of docs/cli.md");
    // The spans in backticks of a cell.
    let spans = |cell: &str| -> Vec<String> {
        cell.split('`')
            .skip(1)
            .step_by(2)
            .map(|s| s.replace("\\|", "|"))
            .collect()
    };
    table
        .lines()
        .skip(2)
        .take_while(|line| line.starts_with('|'))
        .map(|line| {
            // Cells end at a `|` that is not escaped as `\|`.
            let cells: Vec<&str> = line.split(" | ").collect();
            let (first, last) = (cells[0].trim_start_matches("| "), cells[cells.len() - 1]);
            let options = spans(first)
                .iter()
                .filter_map(|span| span.split_whitespace().find(|w| w.starts_with("--")))
                .map(str::to_string)
                .collect();
            let last = last.trim_end_matches(" |");
            let commands = (!last.starts_with("every")).then(|| spans(last));
            Row { options, commands }
        })
        .collect()
}

/// Whether a help text lists `option` (as `--option`, `--option <X>` or `-o, --option`).
fn lists(help: &str, option: &str) -> bool {
    help.lines().any(|line| {
        let line = line.trim_start();
        let line = match line.split_once(", ") {
            Some((short, rest)) if short.len() == 2 && short.starts_with('-') => rest,
            _ => line,
        };
        line.strip_prefix(option)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '<', '=']))
    })
}

/// The vocabulary table of `docs/cli.md` against every leaf command's `--help`: each option
/// is on every command its row names and, when one row alone holds it, on no other; `--json`
/// and `-o, --out` are on every command but the interactive games; old spellings are hidden.
#[test]
fn every_option_means_one_thing_under_one_name() {
    let rows = vocabulary();
    assert!(rows.len() >= 10, "{} rows", rows.len());
    let all = leaves();
    let named = |path: &[String], command: &str| {
        let name = path.join(" ");
        name == command || name.starts_with(&format!("{command} "))
    };
    let mut wrong = Vec::new();
    for row in &rows {
        let Some(commands) = &row.commands else {
            continue;
        };
        assert!(
            !commands.is_empty(),
            "a row names no command: {:?}",
            row.options
        );
        for command in commands {
            let matching: Vec<_> = all.iter().filter(|(p, _)| named(p, command)).collect();
            if matching.is_empty() {
                wrong.push(format!("the table names {command:?}, which is no command"));
            }
            for (path, help) in matching {
                for option in &row.options {
                    if !lists(help, option) {
                        wrong.push(format!("{}: no {option}", path.join(" ")));
                    }
                }
            }
        }
        for option in &row.options {
            if rows.iter().filter(|r| r.options.contains(option)).count() > 1 {
                continue;
            }
            for (path, help) in &all {
                if lists(help, option) && !commands.iter().any(|c| named(path, c)) {
                    wrong.push(format!(
                        "{}: {option}, which the table does not name",
                        path.join(" ")
                    ));
                }
            }
        }
    }
    for (path, help) in &all {
        let name = path.join(" ");
        let interactive = INTERACTIVE.contains(&name.as_str());
        for option in ["--json", "--out"] {
            if lists(help, option) == interactive {
                wrong.push(format!("{name}: {option} listed: {}", !interactive));
            }
        }
        if !interactive && !help.contains("-o, --out") {
            wrong.push(format!("{name}: --out without -o"));
        }
        for old in ["--bound", "--misere", "--output"] {
            if lists(help, old) {
                wrong.push(format!("{name}: shows the old spelling {old}"));
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
            crate::common::schema::check_shell(&example, &output.stdout, &output.stderr);
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

/// The options read from a leaf's long help (`--help`, what the hostile-input test reads)
/// are those of its short help (`-h`, one line an option), each with its description: the
/// long help of a command with a long description lays its options out over several lines.
#[test]
fn the_long_help_lists_the_options_of_the_short_help() {
    let mut wrong = Vec::new();
    for (command, help) in leaves() {
        let mut args: Vec<&str> = command.iter().map(String::as_str).collect();
        args.push("-h");
        let short = String::from_utf8(common::unhop(&args, None).stdout).unwrap();
        let names = |help: &str| -> Vec<(String, bool)> {
            options(help)
                .into_iter()
                .map(|o| (o.long, o.takes_value))
                .collect()
        };
        if names(&help) != names(&short) || options(&help).iter().any(|o| o.help.is_empty()) {
            wrong.push(format!(
                "{}: {:?} against {:?}",
                command.join(" "),
                names(&help),
                names(&short)
            ));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}
