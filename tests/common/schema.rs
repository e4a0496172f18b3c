//! Every JSON output of a test validated against its report's schema: a run with `--json`
//! prints, line by line, one of the reports its command is registered for
//! ([`unhop::schema::of_command`]), and on standard error only [`unhop::schema::ERROR`]
//! objects. [`super::unhop`] and [`super::run`] check every run they make.

use jsonschema::Validator;
use std::collections::HashMap;
use std::sync::OnceLock;
use unhop::schema::{ERROR, Report, reports};

/// The validator of every report, compiled once.
fn validators() -> &'static HashMap<&'static str, Validator> {
    static VALIDATORS: OnceLock<HashMap<&'static str, Validator>> = OnceLock::new();
    VALIDATORS.get_or_init(|| {
        reports()
            .map(|report| {
                let validator = jsonschema::validator_for(&report.schema())
                    .unwrap_or_else(|e| panic!("the schema of {} is invalid: {e}", report.name));
                (report.name, validator)
            })
            .collect()
    })
}

/// The leaf command an argument list runs (`["board", "solve"]` for `board solve english
/// --json`), global options before it skipped: the longest run of leading words that names
/// a registered command.
pub fn command_of(args: &[&str]) -> Option<String> {
    let mut rest = args;
    while let [first, value, tail @ ..] = rest {
        if *first == "--max-work" || *first == "--max-positions" {
            let _ = value;
            rest = tail;
        } else {
            break;
        }
    }
    let words: Vec<&str> = rest
        .iter()
        .take_while(|a| !a.starts_with('-'))
        .copied()
        .collect();
    (1..=words.len().min(3))
        .rev()
        .map(|n| words[..n].join(" "))
        .find(|name| reports().any(|r| r.commands.contains(&name.as_str())))
}

/// Why `value` is none of `reports` (the errors against each), or `None` when it is one.
pub fn mismatch(value: &serde_json::Value, reports: &[&Report]) -> Option<String> {
    let mut why = Vec::new();
    for report in reports {
        let validator = &validators()[report.name];
        let errors: Vec<String> = validator
            .iter_errors(value)
            .take(5)
            .map(|e| format!("{e} at {}", e.instance_path()))
            .collect();
        if errors.is_empty() {
            return None;
        }
        why.push(format!(
            "not a {} report: {}",
            report.name,
            errors.join("; ")
        ));
    }
    Some(why.join("\n"))
}

/// Checks what a run of `unhop args` printed: with `--json`, every line of standard output
/// that is a JSON value is one of the command's reports, and every line of standard error
/// that is a JSON object is an error report. Panics, naming the line and the schema's
/// complaint, when one is not.
pub fn check_output(args: &[&str], stdout: &[u8], stderr: &[u8]) {
    if !args.contains(&"--json") {
        return;
    }
    let errors = [&ERROR];
    for line in String::from_utf8_lossy(stderr).lines() {
        if let Ok(value @ serde_json::Value::Object(_)) = serde_json::from_str(line) {
            if let Some(why) = mismatch(&value, &errors) {
                panic!("unhop {}: standard error: {line}\n{why}", args.join(" "));
            }
        }
    }
    let Some(command) = command_of(args) else {
        return;
    };
    let reports: Vec<&Report> = unhop::schema::of_command(&command).collect();
    // A command that is not registered yet is found by the test of the registry
    // (`schema::every_json_command_has_its_reports`).
    if reports.is_empty() {
        return;
    }
    for value in serde_json::Deserializer::from_slice(stdout).into_iter::<serde_json::Value>() {
        let value = value.unwrap_or_else(|e| {
            panic!(
                "unhop {}: standard output is not JSON ({e}):\n{}",
                args.join(" "),
                String::from_utf8_lossy(stdout)
            )
        });
        if let Some(why) = mismatch(&value, &reports) {
            panic!("unhop {}: {value}\n{why}", args.join(" "));
        }
    }
}

/// Checks what a shell command line printed ([`check_output`]) when its last command runs
/// unhop with its output unredirected: `printf '11\n' | unhop solve - --json` is checked as
/// `solve - --json`; `unhop lang --dot | dot -Tsvg` and `unhop … > file` are not.
pub fn check_shell(line: &str, stdout: &[u8], stderr: &[u8]) {
    let words = last_command(line);
    let Some(at) = words.iter().position(|w| w == "unhop") else {
        return;
    };
    let args: Vec<&str> = words[at + 1..].iter().map(String::as_str).collect();
    if args.iter().any(|w| w.contains(['>', '<'])) {
        return;
    }
    check_output(&args, stdout, stderr);
}

/// The words of the last simple command of a shell command line: split at blanks, quotes kept
/// together and removed, a new command after every unquoted `|`, `;` or `&`, and nothing
/// after an unquoted `#` that starts a word.
fn last_command(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quote = None;
    let mut in_word = false;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '#') if !in_word => break,
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, '|' | ';' | '&') => {
                words.clear();
                word.clear();
                in_word = false;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}
