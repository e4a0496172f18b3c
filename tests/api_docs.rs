//! The library's public functions that compute something state their cost and show their use:
//! every `pub fn` of the library (the command line aside) whose body is longer than
//! [`SHORT_BODY`] lines has a doc comment with a `# Complexity` section and an `# Examples`
//! section (the examples run as doctests). A new algorithm entry point without them fails here.
//!
//! Functions are read from the text: a `pub fn` line (not `pub(crate)`), the `///` lines and
//! attributes just above it, and its body up to the line that closes it at its own indentation.
//! Test modules (`#[cfg(test)]` to the end of the file) are skipped.

use std::path::{Path, PathBuf};

/// Bodies of at most this many lines (accessors, constructors, one-line delegations) need no
/// sections of their own.
const SHORT_BODY: usize = 8;

/// A public function whose doc comment lacks a section.
#[derive(Debug)]
struct Missing {
    place: String,
    sections: Vec<&'static str>,
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn indentation(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

/// The public functions of one file's text that lack a section, named `file:line name`.
fn missing_sections(file: &str, text: &str) -> Vec<Missing> {
    let lines: Vec<&str> = text.lines().collect();
    let end = lines
        .iter()
        .position(|l| l.trim() == "#[cfg(test)]")
        .unwrap_or(lines.len());
    let mut missing = Vec::new();
    for (i, line) in lines[..end].iter().enumerate() {
        let trimmed = line.trim_start();
        let Some(rest) = trimmed
            .strip_prefix("pub fn ")
            .or_else(|| trimmed.strip_prefix("pub const fn "))
            .or_else(|| trimmed.strip_prefix("pub unsafe fn "))
        else {
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let indent = indentation(line);
        // The body: up to the first line that closes at the function's indentation (a
        // signature and body on one line, or a declaration without a body, count as short).
        let close = lines[i + 1..end]
            .iter()
            .position(|l| indentation(l) == indent && l.trim_start().starts_with('}'));
        let body = match close {
            Some(offset) if !line.trim_end().ends_with('}') && !line.trim_end().ends_with(';') => {
                offset
            }
            _ => 0,
        };
        if body <= SHORT_BODY {
            continue;
        }
        let mut doc = Vec::new();
        for above in lines[..i].iter().rev() {
            let above = above.trim_start();
            if above.starts_with("///") {
                doc.push(above);
            } else if !above.starts_with("#[") {
                break;
            }
        }
        let has = |heading: &str| {
            doc.iter()
                .any(|l| l.trim_start_matches('/').trim() == heading)
        };
        let sections: Vec<&'static str> = ["# Complexity", "# Examples"]
            .into_iter()
            .filter(|h| !has(h))
            .collect();
        if !sections.is_empty() {
            missing.push(Missing {
                place: format!("{file}:{} {name}", i + 1),
                sections,
            });
        }
    }
    missing
}

#[test]
fn every_computing_public_function_states_its_cost_and_shows_its_use() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    files.sort();
    let mut missing = Vec::new();
    for path in files {
        let relative = path
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if relative.starts_with("src/cli/") || relative == "src/main.rs" {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        missing.extend(missing_sections(&relative, &text));
    }
    let report: Vec<String> = missing
        .iter()
        .map(|m| format!("{} lacks {}", m.place, m.sections.join(" and ")))
        .collect();
    assert!(
        report.is_empty(),
        "{} public functions lack a section:\n{}",
        report.len(),
        report.join("\n")
    );
}

#[test]
fn the_reader_finds_a_long_undocumented_function_and_accepts_a_documented_one() {
    let body = "        let x = 1;\n".repeat(SHORT_BODY + 1);
    let bare = format!("impl A {{\n    pub fn long(&self) -> u32 {{\n{body}    }}\n}}\n");
    let found = missing_sections("a.rs", &bare);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].place, "a.rs:2 long");
    assert_eq!(found[0].sections, ["# Complexity", "# Examples"]);

    let documented = format!(
        "/// Sums.\n///\n/// # Complexity\n/// O(1).\n///\n/// # Examples\n/// ```\n/// ```\n\
         #[inline]\npub fn long() {{\n{body}}}\n"
    );
    assert!(missing_sections("a.rs", &documented).is_empty());

    let short = "pub fn short() {\n    let x = 1;\n}\n";
    assert!(missing_sections("a.rs", short).is_empty());

    let in_tests = format!("#[cfg(test)]\nmod tests {{\n    pub fn long() {{\n{body}    }}\n}}\n");
    assert!(missing_sections("a.rs", &in_tests).is_empty());
}
