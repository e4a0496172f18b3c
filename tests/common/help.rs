//! The command tree, read from the binary's own help: every leaf subcommand (at any depth,
//! such as `dfa ops intersect`) with its help text, its options and its examples. Read from
//! the help rather than listed here, so that a command is covered the day it lands.

use super::unhop;

/// The subcommands listed under `Commands:` in a help text (without `help`).
pub fn subcommands(help: &str) -> Vec<String> {
    let Some(at) = help.find("Commands:\n") else {
        return Vec::new();
    };
    help[at + "Commands:\n".len()..]
        .lines()
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(String::from)
        .collect()
}

/// Every leaf subcommand, as its words (`["board", "count"]`), with its long help, in order.
pub fn leaves() -> Vec<(Vec<String>, String)> {
    let mut found = Vec::new();
    let mut stack = vec![Vec::<String>::new()];
    while let Some(path) = stack.pop() {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let output = unhop(&args, None);
        assert!(output.status.success(), "unhop {} --help", path.join(" "));
        let help = String::from_utf8(output.stdout).unwrap();
        let children = subcommands(&help);
        if children.is_empty() {
            found.push((path, help));
        } else {
            stack.extend(children.into_iter().map(|child| {
                let mut longer = path.clone();
                longer.push(child);
                longer
            }));
        }
    }
    found.sort();
    found
}

/// The example command lines of a help text: the lines under `Examples:` that run unhop.
pub fn examples(help: &str) -> Vec<String> {
    let Some(at) = help.find("\nExamples:\n") else {
        return Vec::new();
    };
    help[at..]
        .lines()
        .skip(2)
        .take_while(|line| line.is_empty() || line.starts_with("  "))
        .map(str::trim)
        .filter(|line| line.starts_with("unhop ") || line.contains("| unhop "))
        .map(String::from)
        .collect()
}

/// An option of a command, as its help lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opt {
    /// The long name with its dashes (`--max-len`).
    pub long: String,
    /// The short name with its dash (`-o`), if any.
    pub short: Option<String>,
    /// Whether it takes a value (`--max-len <N>`).
    pub takes_value: bool,
    /// The first line of its description.
    pub help: String,
}

/// The options listed under `Options:` in a help text, `--help` and `--version` left out.
pub fn options(help: &str) -> Vec<Opt> {
    let Some(at) = help.find("\nOptions:\n") else {
        return Vec::new();
    };
    let mut found: Vec<Opt> = Vec::new();
    // The long help of a command with a long description puts each description on the lines
    // after its option, and a blank line between options: the list ends at the first line
    // that is neither indented nor blank.
    for line in help[at + "\nOptions:\n".len()..].lines() {
        if line.is_empty() {
            continue;
        }
        if !line.starts_with("  ") {
            break;
        }
        let line = line.trim_start();
        if !line.starts_with('-') {
            // A description on a line of its own: the first is the option's help.
            if let Some(last) = found.last_mut().filter(|o| o.help.is_empty()) {
                last.help = line.to_string();
            }
            continue;
        }
        let mut short = None;
        let mut rest = line;
        if let Some((name, after)) = line.split_once(", ")
            && !name.starts_with("--")
        {
            short = Some(name.to_string());
            rest = after;
        }
        let mut words = rest.split_whitespace();
        let Some(long) = words.next().filter(|w| w.starts_with("--")) else {
            continue;
        };
        if long == "--help" || long == "--version" {
            continue;
        }
        let takes_value = rest[long.len()..].trim_start().starts_with('<');
        // The description follows the name (and value) after two or more spaces.
        let help = rest
            .split_once("  ")
            .map_or("", |(_, description)| description.trim())
            .to_string();
        found.push(Opt {
            long: long.to_string(),
            short,
            takes_value,
            help,
        });
    }
    found
}

/// The words of a shell command line (single and double quotes, `$'…'` with `\n`, `\t`,
/// `\\` and `\'`), or `None` when it pipes, redirects other than `< /dev/null`, or chains
/// commands; a `< /dev/null` at the end is dropped.
pub fn shell_words(line: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                for c in chars.by_ref() {
                    if c == '\'' {
                        break;
                    }
                    word.push(c);
                }
            }
            '"' => {
                in_word = true;
                while let Some(c) = chars.next() {
                    match c {
                        '"' => break,
                        '\\' => word.push(chars.next()?),
                        c => word.push(c),
                    }
                }
            }
            '$' if chars.peek() == Some(&'\'') => {
                chars.next();
                in_word = true;
                while let Some(c) = chars.next() {
                    match c {
                        '\'' => break,
                        '\\' => word.push(match chars.next()? {
                            'n' => '\n',
                            't' => '\t',
                            other => other,
                        }),
                        c => word.push(c),
                    }
                }
            }
            '\\' => {
                in_word = true;
                word.push(chars.next()?);
            }
            '|' | ';' | '&' | '>' | '`' | '(' | ')' => return None,
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    match words.iter().position(|w| w == "<") {
        None => Some(words),
        Some(at) if words[at + 1..] == ["/dev/null"] => {
            words.truncate(at);
            Some(words)
        }
        Some(_) => None,
    }
}

#[test]
fn the_reader_finds_subcommands_examples_and_options() {
    let help = "About\n\nCommands:\n  solve  Solve\n  help   Help\n\nOptions:\n  -o, --out <OUT>  Where\n      --json  JSON\n  -h, --help  Help\n\n\
                Examples:\n  unhop check 110\n  printf '1\\n' | unhop check -\n\nMore\n";
    assert_eq!(subcommands(help), ["solve"]);
    assert_eq!(
        examples(help),
        ["unhop check 110", "printf '1\\n' | unhop check -"]
    );
    assert_eq!(
        options(help),
        [
            Opt {
                long: "--out".into(),
                short: Some("-o".into()),
                takes_value: true,
                help: "Where".into()
            },
            Opt {
                long: "--json".into(),
                short: None,
                takes_value: false,
                help: "JSON".into()
            }
        ]
    );
    assert_eq!(
        shell_words(r#"unhop dfa ops intersect '(a|b)*a' "x y" a\ b < /dev/null"#).unwrap(),
        ["unhop", "dfa", "ops", "intersect", "(a|b)*a", "x y", "a b"]
    );
    assert_eq!(shell_words("printf '1' | unhop check -"), None);
    assert_eq!(shell_words("unhop x > out"), None);
}
