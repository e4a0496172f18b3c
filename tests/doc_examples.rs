//! Every example command shown in README.md and docs/*.md is run here and its output compared
//! with what the page shows, so the documentation cannot go stale.
//!
//! An example is a ```` ```console ```` block: a line `$ COMMAND` is run by `sh -c` (with the
//! built `unhop` first on the PATH, in a temporary folder shared by the block's commands), and
//! the lines after it, up to the next `$ ` line, are its expected standard output, followed by
//! its standard error when it exits with 2 or more (notes on standard error, such as progress or
//! a cache being built, are not part of a successful answer). A trailing `# exit code N` on the command line gives the expected exit
//! code (0 otherwise). In an expected line `[..]` stands for any text within that line, and a
//! line `...` for any number of lines. Blocks marked ```` ```text ```` are transcripts, not run.
//!
//! An example that runs a program which is not installed (such as Graphviz's `dot`) is
//! skipped, with a line on standard error naming the program; every other example runs.

use std::path::{Path, PathBuf};
use std::process::Command;

/// One example: where it is shown, the command, and what it must print and exit with.
struct Example {
    place: String,
    command: String,
    expected: Vec<String>,
    exit_code: i32,
}

/// The examples of one page, grouped by block (a block's commands share a folder).
fn examples(page: &Path) -> Vec<Vec<Example>> {
    let text = std::fs::read_to_string(page).unwrap();
    let mut blocks = Vec::new();
    let mut block: Option<Vec<Example>> = None;
    for (index, line) in text.lines().enumerate() {
        let place = format!("{}:{}", page.display(), index + 1);
        match &mut block {
            None if line.trim_end() == "```console" => block = Some(Vec::new()),
            None => {}
            Some(_) if line.starts_with("```") => blocks.push(block.take().unwrap()),
            Some(examples) => {
                if let Some(command) = line.strip_prefix("$ ") {
                    let (command, exit_code) = split_exit_code(command);
                    examples.push(Example {
                        place,
                        command,
                        expected: Vec::new(),
                        exit_code,
                    });
                } else {
                    let example = examples
                        .last_mut()
                        .unwrap_or_else(|| panic!("{place}: output before any `$ ` command"));
                    example.expected.push(line.to_string());
                }
            }
        }
    }
    assert!(
        block.is_none(),
        "{}: a console block is not closed",
        page.display()
    );
    blocks
}

/// Splits a trailing `# exit code N` off a command line.
fn split_exit_code(command: &str) -> (String, i32) {
    match command.rsplit_once("# exit code ") {
        Some((run, code)) if code.trim().parse::<i32>().is_ok() => {
            (run.trim_end().to_string(), code.trim().parse().unwrap())
        }
        _ => (command.to_string(), 0),
    }
}

/// Whether `actual` matches `expected`, where `[..]` stands for any text in a line.
fn line_matches(expected: &str, actual: &str) -> bool {
    let mut parts = expected.split("[..]");
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = actual.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    for (i, part) in parts.iter().enumerate() {
        if i + 1 == parts.len() {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// Whether the `actual` lines match the `expected` ones, where a line `...` stands for any
/// number of lines.
fn lines_match(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=actual.len()).any(|skip| lines_match(rest, &actual[skip..]))
        }
        Some((first, rest)) => {
            !actual.is_empty() && line_matches(first, actual[0]) && lines_match(rest, &actual[1..])
        }
    }
}

fn pages() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages = vec![root.join("README.md")];
    if let Ok(entries) = std::fs::read_dir(root.join("docs")) {
        let mut docs: Vec<PathBuf> = entries
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "md"))
            .collect();
        docs.sort();
        pages.extend(docs);
    }
    pages
}

/// The programs a shell command line runs: the first word of each command of its pipelines and
/// lists (after any `NAME=value` assignments), quotes respected.
fn programs(command: &str) -> Vec<String> {
    let mut programs = Vec::new();
    let mut word = String::new();
    let mut first = true;
    let mut quote = None;
    let mut end_word = |word: &mut String, first: &mut bool| {
        if *first && !word.is_empty() && !word.contains('=') {
            programs.push(std::mem::take(word));
            *first = false;
        }
        word.clear();
    };
    for c in command.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => quote = Some(c),
            (None, '|' | ';' | '&' | '(' | ')') => {
                end_word(&mut word, &mut first);
                first = true;
            }
            (None, c) if c.is_whitespace() => end_word(&mut word, &mut first),
            (None, c) => word.push(c),
        }
    }
    end_word(&mut word, &mut first);
    programs
}

/// Whether `program` can be run with `path` as the `PATH`: a shell built-in, or an
/// executable file in one of its folders.
fn installed(program: &str, path: &str) -> bool {
    use std::os::unix::fs::PermissionsExt;
    const BUILT_IN: [&str; 8] = [
        "cd", "echo", "printf", "test", "[", "true", "false", "export",
    ];
    BUILT_IN.contains(&program)
        || std::env::split_paths(path).any(|folder| {
            std::fs::metadata(folder.join(program))
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
}

#[test]
fn every_documented_example_prints_what_the_page_shows() {
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_unhop")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut failures = Vec::new();
    let mut count = 0;
    for page in pages() {
        for block in examples(&page) {
            let folder = tempfile::tempdir().unwrap();
            for example in block {
                let missing: Vec<String> = programs(&example.command)
                    .into_iter()
                    .filter(|program| !installed(program, &path))
                    .collect();
                if !missing.is_empty() {
                    crate::common::skipped(&format!(
                        "{}: `{}` needs {}, which is not installed",
                        example.place,
                        example.command,
                        missing.join(", ")
                    ));
                    continue;
                }
                count += 1;
                let output = Command::new("timeout")
                    .args(["120", "sh", "-c", &example.command])
                    .current_dir(folder.path())
                    .env("PATH", &path)
                    .output()
                    .unwrap();
                crate::common::schema::check_shell(
                    &example.command,
                    &output.stdout,
                    &output.stderr,
                );
                let stdout = String::from_utf8_lossy(&output.stdout);
                let stderr = String::from_utf8_lossy(&output.stderr);
                let code = output.status.code().unwrap_or(-1);
                let shown_stderr = if (0..2).contains(&code) { "" } else { &stderr };
                let actual: Vec<&str> = stdout.lines().chain(shown_stderr.lines()).collect();
                if code != example.exit_code || !lines_match(&example.expected, &actual) {
                    failures.push(format!(
                        "{}: $ {}\n  exit {code} (expected {})\n  expected:\n    {}\n  printed:\n    {}",
                        example.place,
                        example.command,
                        example.exit_code,
                        example.expected.join("\n    "),
                        actual.join("\n    ")
                    ));
                }
            }
        }
    }
    assert!(count > 0, "no documented examples were found");
    assert!(
        failures.is_empty(),
        "{} of {count} documented examples differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn the_matcher_elides_only_what_it_is_told_to() {
    assert!(line_matches("a [..] c", "a b c"));
    assert!(line_matches("a [..] c", "a  c"));
    assert!(!line_matches("a [..] c", "a b d"));
    assert!(!line_matches("abc", "abcd"));
    assert!(line_matches("[..]", "anything"));
    let lines = |s: &[&str]| s.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(lines_match(
        &lines(&["1", "...", "4"]),
        &["1", "2", "3", "4"]
    ));
    assert!(lines_match(&lines(&["1", "...", "4"]), &["1", "4"]));
    assert!(!lines_match(&lines(&["1", "...", "4"]), &["1", "2", "5"]));
    assert!(!lines_match(&lines(&["1"]), &["1", "2"]));
    assert_eq!(
        split_exit_code("unhop check 111      # exit code 1"),
        ("unhop check 111".to_string(), 1)
    );
    assert_eq!(
        programs("unhop graph nim 1 --dot | dot -Tsvg > g.svg && X=1 tail -1 'a | b'; (cut)"),
        ["unhop", "dot", "tail", "cut"]
    );
    assert_eq!(
        programs("printf 'a;b' \"|\" | unhop check -"),
        ["printf", "unhop"]
    );
    assert!(installed("printf", ""));
    assert!(!installed(
        "unhop-no-such-program",
        &std::env::var("PATH").unwrap()
    ));
    assert_eq!(
        split_exit_code("printf '# x\\n'"),
        ("printf '# x\\n'".to_string(), 0)
    );
}
