//! The hostile-input test: every leaf command of the command tree, at any depth (`dfa ops
//! intersect`), read from the binary's own help (so that a command is covered the day it
//! lands), run on a corpus of hostile inputs, each run under `ulimit -v 4000000`, a CPU limit
//! and a wall-clock limit, in a temporary working folder of its own.
//!
//! **Generated runs.** A leaf's first documented example (every one with
//! `UNHOP_HOSTILE=long`) is the base of its runs, which change one thing each:
//!
//! * the leaf alone, with no argument;
//! * its first positional argument replaced by each hostile value: empty, huge and negative
//!   numbers, control characters, bytes that are not UTF-8, 100,000 open parentheses,
//!   patterns beyond the longest word, `/dev/zero`, automata (JSON with duplicate keys,
//!   AT&T), rule files (4,095 rules, growing, cyclic, negative weights), graph files (control
//!   characters in names, bytes that are not UTF-8);
//! * each option that takes a value given each hostile value;
//! * `-` read from standard input holding hostile bytes, standard input closed or a folder,
//!   standard output closed or full;
//! * with `-o`: a folder, a FIFO, a symlink to a file, a read-only file, a missing folder, a
//!   name with control characters;
//! * the environment variables unhop reads: `RAYON_NUM_THREADS`, `UNHOP_CACHE_DIR`,
//!   `XDG_CACHE_HOME`, `HOME`, and those of its terminal libraries (`COLUMNS`, `NO_COLOR`,
//!   `CLICOLOR_FORCE`, `TERM`).
//!
//! Every other run that can take `--json` is given it, so its errors are checked as JSON.
//!
//! **Curated runs** ([`curated`]) reach what the generated ones cannot: the requests at the
//! top of each command's documented limits, and the defect cases of the issues, some with
//! what their answer must (or must not) say.
//!
//! **What every run must do**: exit 0, 1 or 2 (never 70, 101, 134, a signal or a timeout);
//! on exit 2, a message on standard error that names the input (the value, the option, the
//! stream or the variable) or the limit it ran into; with `--json`, that error as one JSON
//! object with `kind` and `message`, last on standard error; no control character on
//! standard error but the line break; no temporary file left anywhere in its folder; and an
//! `-o` target as it must be (a folder, FIFO or symlink still one, a read-only file unchanged,
//! no missing folder made).
//!
//! Two runs at a time, the slow ones first. `UNHOP_HOSTILE=long` runs the runs of the larger
//! corpus that the quick one (run by the test suite) does not make (in `.ci/run`); `UNHOP_HOSTILE_ONLY=WORD` only the runs whose command
//! line contains WORD; `--nocapture` prints the runs that took more than a second and a
//! summary.

use crate::common;

use common::help::{self, Opt};
use std::collections::HashSet;
use std::ffi::{OsStr, OsString};
use std::hash::{Hash, Hasher};
use std::io::Read;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::os::unix::fs::{FileTypeExt, PermissionsExt, symlink};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::time::Instant;

const BIN: &str = env!("CARGO_BIN_EXE_unhop");

/// A run that spins is stopped after this much CPU time (`ulimit -St`: SIGXCPU). CPU time, not
/// wall-clock time, so that a machine loaded by other work cannot fail the test; every engine's
/// default budget is about a minute of work.
const CPU_SECONDS: u32 = 120;

/// A run that waits without computing (a blocked read, a lock) is stopped after this much
/// wall-clock time (`timeout`; exit 124).
const WALL_SECONDS: u32 = 600;

/// The address-space limit of every run (`ulimit -v`, in KiB), as the issues tried them.
const MEMORY_KIB: u32 = 4_000_000;

/// unhop's limit on a word's cells (`unhop::MAX_LEN`).
const MAX_LEN: usize = unhop::MAX_LEN;

/// Five gigabytes of pegs on one line: more than the memory limit, so a command that reads a
/// line without a length limit aborts.
const HUGE_LINE: &str = "head -c 5000000000 /dev/zero | tr '\\0' 1";

/// How much of the corpus to run.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scale {
    /// The first example of each leaf and the shorter lists of values: a few minutes on two
    /// cores.
    Quick,
    /// Every example and every value (`UNHOP_HOSTILE=long`).
    Long,
}

fn scale() -> Scale {
    match std::env::var("UNHOP_HOSTILE").as_deref() {
        Ok("long") => Scale::Long,
        _ => Scale::Quick,
    }
}

/// Standard input of a run.
#[derive(Clone, Hash)]
enum Stdin {
    /// These bytes (none: an empty input).
    Bytes(Vec<u8>),
    /// Closed (`<&-`).
    Closed,
    /// A folder, which cannot be read (`< .`).
    Folder,
    /// The output of a shell command (for inputs larger than the memory limit).
    Piped(&'static str),
}

/// Standard output of a run.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Stdout {
    /// Kept for the checks of what it says.
    Captured,
    /// Closed (`>&-`).
    Closed,
    /// A device that is always full (`/dev/full`).
    Full,
}

/// An `-o` target made in the working folder before a run, and checked after it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
enum Target {
    Folder,
    Fifo,
    Symlink,
    ReadOnly,
    MissingFolder,
    ControlName,
}

impl Target {
    const ALL: [Target; 6] = [
        Target::Folder,
        Target::Fifo,
        Target::Symlink,
        Target::ReadOnly,
        Target::MissingFolder,
        Target::ControlName,
    ];

    /// The value given to `-o`.
    fn value(self) -> &'static str {
        match self {
            Target::Folder => "out-folder",
            Target::Fifo => "out-fifo",
            Target::Symlink => "out-link",
            Target::ReadOnly => "out-read-only",
            Target::MissingFolder => "missing/out",
            Target::ControlName => "out\u{1b}[2J\u{7}",
        }
    }

    /// Makes the target in `work`.
    fn make(self, work: &Path) {
        match self {
            Target::Folder => std::fs::create_dir(work.join(self.value())).unwrap(),
            Target::Fifo => mkfifo(&work.join(self.value())),
            Target::Symlink => {
                std::fs::write(work.join("link-target"), "keep").unwrap();
                symlink("link-target", work.join(self.value())).unwrap();
            }
            Target::ReadOnly => {
                let path = work.join(self.value());
                std::fs::write(&path, "keep").unwrap();
                std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
            }
            Target::MissingFolder | Target::ControlName => {}
        }
    }

    /// What is wrong with the target after a run, if anything; `folder` when the option
    /// names a folder to write into (as `reproduce --out` does), which may then be written
    /// into or made.
    fn problem(self, work: &Path, folder: bool) -> Option<String> {
        if folder && matches!(self, Target::Folder | Target::MissingFolder) {
            return None;
        }
        let path = work.join(self.value());
        let kind = std::fs::symlink_metadata(&path).map(|m| m.file_type());
        let fine = match self {
            Target::Folder => {
                kind.is_ok_and(|k| k.is_dir()) && std::fs::read_dir(&path).unwrap().count() == 0
            }
            Target::Fifo => kind.is_ok_and(|k| k.is_fifo()),
            Target::Symlink => kind.is_ok_and(|k| k.is_symlink()),
            Target::ReadOnly => std::fs::read_to_string(&path).is_ok_and(|t| t == "keep"),
            Target::MissingFolder => !work.join("missing").exists(),
            Target::ControlName => true,
        };
        (!fine).then(|| format!("the -o target ({self:?}) was not left as it must be"))
    }
}

/// One run: its arguments, environment and standard streams, and what it must do.
#[derive(Clone)]
struct Case {
    args: Vec<OsString>,
    /// Variables set (`Some`) or removed (`None`), after the run's own (see [`run`]).
    env: Vec<(&'static str, Option<OsString>)>,
    stdin: Stdin,
    stdout: Stdout,
    /// An `-o` target, and whether the option names a folder.
    target: Option<(Target, bool)>,
    /// A FIFO made at this path before the run, which it must not open.
    fifo: Option<&'static str>,
    memory_kib: u32,
    /// On exit 2, standard error must contain one of these (or name a limit).
    names: Vec<String>,
    /// Standard error must contain every one of these.
    require: Vec<&'static str>,
    /// Standard error must contain none of these.
    forbid: Vec<&'static str>,
    /// Standard output must contain every one of these.
    answer: Vec<&'static str>,
    /// Standard output must contain none of these.
    wrong_answer: Vec<&'static str>,
    /// On exit 2, the message must give the estimate (or what was spent) and the limit.
    figures: bool,
    /// The exit codes allowed (default 0, 1 and 2).
    exits: &'static [i32],
    slow: bool,
}

/// A case from a command line split at spaces; arguments with spaces are added with
/// [`Case::arg`].
fn case(line: &str) -> Case {
    Case {
        args: line.split_whitespace().map(OsString::from).collect(),
        env: Vec::new(),
        stdin: Stdin::Bytes(Vec::new()),
        stdout: Stdout::Captured,
        target: None,
        fifo: None,
        memory_kib: MEMORY_KIB,
        names: Vec::new(),
        require: Vec::new(),
        forbid: Vec::new(),
        answer: Vec::new(),
        wrong_answer: Vec::new(),
        figures: false,
        exits: &[0, 1, 2],
        slow: false,
    }
}

impl Case {
    fn of(args: Vec<OsString>) -> Case {
        Case { args, ..case("") }
    }

    fn arg(mut self, arg: impl Into<OsString>) -> Case {
        self.args.push(arg.into());
        self
    }

    fn stdin(mut self, bytes: impl Into<Vec<u8>>) -> Case {
        self.stdin = Stdin::Bytes(bytes.into());
        self
    }

    fn piped(mut self, command: &'static str) -> Case {
        self.stdin = Stdin::Piped(command);
        self.slow = true;
        self
    }

    fn fifo(mut self, path: &'static str) -> Case {
        self.fifo = Some(path);
        self
    }

    fn slow(mut self) -> Case {
        self.slow = true;
        self
    }

    fn env(mut self, name: &'static str, value: impl Into<OsString>) -> Case {
        self.env.push((name, Some(value.into())));
        self
    }

    fn memory(mut self, kib: u32) -> Case {
        self.memory_kib = kib;
        self
    }

    fn named(mut self, names: impl IntoIterator<Item = String>) -> Case {
        self.names.extend(names);
        self
    }

    fn require(mut self, text: &'static str) -> Case {
        self.require.push(text);
        self
    }

    fn forbid(mut self, text: &'static str) -> Case {
        self.forbid.push(text);
        self
    }

    fn answer(mut self, text: &'static str) -> Case {
        self.answer.push(text);
        self
    }

    fn wrong_answer(mut self, text: &'static str) -> Case {
        self.wrong_answer.push(text);
        self
    }

    /// An answer, or exit 2 with the estimate and the limit.
    fn figures(mut self) -> Case {
        self.figures = true;
        self
    }

    fn exits(mut self, codes: &'static [i32]) -> Case {
        self.exits = codes;
        self
    }

    /// What the run is (its arguments, environment, streams and targets), as a hash: two cases
    /// with the same one make the same run.
    fn identity(&self) -> u64 {
        let mut hasher = std::hash::DefaultHasher::new();
        (&self.args, &self.env, &self.stdin, self.stdout).hash(&mut hasher);
        (self.target, self.fifo, self.memory_kib).hash(&mut hasher);
        hasher.finish()
    }

    /// The run as a shell command line (long arguments cut short).
    fn command_line(&self) -> String {
        let mut line = String::new();
        for (name, value) in &self.env {
            match value {
                Some(value) => line.push_str(&format!("{name}={} ", shell_quote(value))),
                None => line.push_str(&format!("env -u {name} ")),
            }
        }
        if let Stdin::Piped(command) = self.stdin {
            line.push_str(&format!("{command} | "));
        }
        line.push_str("unhop");
        for arg in &self.args {
            line.push(' ');
            line.push_str(&shell_quote(arg));
        }
        match &self.stdin {
            Stdin::Bytes(bytes) if !bytes.is_empty() => {
                let shown: String = String::from_utf8_lossy(&bytes[..bytes.len().min(40)])
                    .escape_debug()
                    .collect();
                line.push_str(&format!(" < ({} bytes \"{shown}…\")", bytes.len()));
            }
            Stdin::Closed => line.push_str(" <&-"),
            Stdin::Folder => line.push_str(" < ."),
            _ => {}
        }
        match self.stdout {
            Stdout::Closed => line.push_str(" >&-"),
            Stdout::Full => line.push_str(" > /dev/full"),
            Stdout::Captured => {}
        }
        if self.memory_kib != MEMORY_KIB {
            line = format!("(ulimit -v {}; {line})", self.memory_kib);
        }
        line
    }
}

/// An argument as a shell would need it written, cut short past 80 characters.
fn shell_quote(arg: &OsStr) -> String {
    let text = arg.to_string_lossy();
    let count = text.chars().count();
    if count > 80 {
        let head: String = text.chars().take(40).collect();
        return format!("{}…({count} characters)", shell_quote(OsStr::new(&head)));
    }
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./:=,+@%^".contains(c);
    if !text.is_empty() && text.chars().all(plain) && arg.to_str().is_some() {
        return text.into_owned();
    }
    let mut quoted = String::from("$'");
    for &byte in arg.as_bytes() {
        match byte {
            b'\'' | b'\\' => quoted.push_str(&format!("\\{}", byte as char)),
            0x20..=0x7e => quoted.push(byte as char),
            _ => quoted.push_str(&format!("\\x{byte:02x}")),
        }
    }
    quoted.push('\'');
    quoted
}

fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(made.success(), "mkfifo {}", path.display());
}

// ---------------------------------------------------------------------------------------------
// The corpus of hostile files
// ---------------------------------------------------------------------------------------------

/// Writes the hostile files into `folder` (each run sees it as `corpus/`).
fn write_corpus(folder: &Path) {
    let write = |name: &str, contents: &[u8]| std::fs::write(folder.join(name), contents).unwrap();
    // Automata: duplicate keys (the last must not silently win), AT&T that does not read.
    write(
        "dup.json",
        br#"{"alphabet":["a","b"],"states":2,"start":0,"start":1,"accepting":[1],"transitions":[[0,"a",1],[0,"b",0],[1,"a",1],[1,"b",0]],"accepting":[0]}"#,
    );
    write(
        "bad.att",
        b"0 1 a\n1\n\xff 2 b\n0 0 a a a a\n99999999999999999999 0 a\n",
    );
    // Rule files: 4,095 rules (every 12-letter word with a peg, emptied), a growing rule, a
    // cycle, a negative weight, bytes that are not UTF-8.
    let mut many = String::from("name = \"many\"\nletters = \"01\"\nblank = \"0\"\n[rules]\n");
    for k in 1..4096u32 {
        many.push_str(&format!("\"{k:012b}\" = \"000000000000\"\n"));
    }
    write("many.toml", many.as_bytes());
    write(
        "growing.toml",
        b"name = \"growing\"\nletters = \"01\"\nblank = \"0\"\n[rules]\n\"0\" = \"1\"\n",
    );
    write(
        "cyclic.toml",
        b"name = \"cyclic\"\nletters = \"01\"\nblank = \"0\"\n[rules]\n\"10\" = \"01\"\n\"01\" = \"10\"\n",
    );
    write(
        "negative.toml",
        b"name = \"negative\"\nletters = \"01\"\nblank = \"0\"\nweights = { \"0\" = 0, \"1\" = -1 }\n[rules]\n\"1\" = \"0\"\n",
    );
    write("bad-utf8.toml", b"name = \"x\xff\xfe\"\nletters = \"01\"\n");
    // Graphs: control characters in vertex names, bytes that are not UTF-8, a long path.
    write("graph-control.txt", b"a\x1b[2Jb c\nc d\x07\nd\r e\n");
    write("graph-bad-utf8.txt", b"1 2\n2 \xff3\n");
    let path: String = (0..200_000).map(|k| format!("{k} {}\n", k + 1)).collect();
    write("graph-path.txt", path.as_bytes());
    // A picture of an 8 × 8 board, every hole filled.
    write("picture8.txt", "oooooooo\n".repeat(8).as_bytes());
    // A file where a folder is expected.
    write("not-a-folder", b"x");
}

/// A line of pegs and a newline.
fn line_of_ones(n: usize) -> Vec<u8> {
    let mut line = "1".repeat(n).into_bytes();
    line.push(b'\n');
    line
}

/// The values that replace a positional argument.
fn word_values(scale: Scale) -> Vec<OsString> {
    let mut values: Vec<OsString> = [
        "".to_string(),
        "0".into(),
        "-1".into(),
        "18446744073709551616".into(),
        "9".repeat(1000),
        "1e400".into(),
        "1\u{1b}[2J\u{7}0".into(),
        "(".repeat(100_000),
        format!("1^({})", MAX_LEN + 1),
        "(1^(1000))^(1000000)".into(),
        "/dev/zero".into(),
        "corpus/dup.json".into(),
        "corpus/bad.att".into(),
        "corpus/many.toml".into(),
        "graph:corpus/graph-control.txt".into(),
    ]
    .into_iter()
    .map(OsString::from)
    .collect();
    values.push(OsString::from_vec(b"10\xff1".to_vec()));
    if scale == Scale::Long {
        values.extend(
            [
                format!("1^({MAX_LEN})"),
                "x".into(),
                "1".repeat(100_000),
                "NaN".into(),
                "1000".into(),
                "4000000000".into(),
                ".".into(),
                "(a|b)*a(a|b){24}".into(),
                "(a{30030})*".into(),
                "corpus/growing.toml".into(),
                "corpus/cyclic.toml".into(),
                "corpus/negative.toml".into(),
                "corpus/bad-utf8.toml".into(),
                "graph:corpus/graph-bad-utf8.txt".into(),
                "graph:corpus/graph-path.txt".into(),
                "corpus/picture8.txt".into(),
            ]
            .map(OsString::from),
        );
    }
    values
}

/// The values given to each option that takes one.
fn option_values(scale: Scale) -> Vec<OsString> {
    let mut values: Vec<OsString> = ["", "-1", "0", "18446744073709551616", "1\u{1b}[2J\u{7}"]
        .map(OsString::from)
        .into();
    values.push(OsString::from_vec(b"\xff".to_vec()));
    if scale == Scale::Long {
        values.extend(
            [
                "9".repeat(1000),
                "1e400".into(),
                "NaN".into(),
                "60".into(),
                "1000".into(),
                "65535".into(),
                "4000000000".into(),
                "complete:64".into(),
                "graph:/dev/zero".into(),
                "graph:corpus/graph-control.txt".into(),
                "corpus/picture8.txt".into(),
                "(a|b)*".into(),
                "corpus/dup.json".into(),
            ]
            .map(OsString::from),
        );
    }
    values
}

/// What `-` reads.
fn stdin_values(scale: Scale) -> Vec<Stdin> {
    let nested = format!("{}1{}\n", "(".repeat(1 << 20), ")".repeat(1 << 20));
    let mut values = vec![
        Stdin::Bytes(b"1011\n\xff\xfe10\n1\x1b[2J\n".to_vec()),
        Stdin::Bytes(b"10\x0011\n".to_vec()),
        Stdin::Bytes(b"11\r0110\r\n\n# a comment\n1\r".to_vec()),
        Stdin::Bytes(nested.into_bytes()),
        Stdin::Bytes(line_of_ones(1 << 20)),
        Stdin::Bytes(
            br#"{"alphabet":["a"],"states":1,"start":0,"start":0,"accepting":[],"transitions":[]}"#
                .to_vec(),
        ),
        Stdin::Closed,
        Stdin::Folder,
    ];
    if scale == Scale::Long {
        values.push(Stdin::Bytes(line_of_ones(MAX_LEN + 1)));
        values.push(Stdin::Piped(HUGE_LINE));
    }
    values
}

/// The environment variables unhop reads (its own, rayon's, those of its terminal
/// libraries), each with hostile values.
fn env_values() -> Vec<(&'static str, Option<OsString>)> {
    let set = |name, value: &str| (name, Some(OsString::from(value)));
    vec![
        set("RAYON_NUM_THREADS", "3000"),
        set("RAYON_NUM_THREADS", "abc"),
        set("RAYON_NUM_THREADS", "0"),
        set("UNHOP_CACHE_DIR", "corpus/not-a-folder"),
        set("UNHOP_CACHE_DIR", "/nonexistent/cache"),
        set("UNHOP_CACHE_DIR", "cache\u{1b}[2J"),
        set("XDG_CACHE_HOME", "relative/cache"),
        ("HOME", None),
        set("COLUMNS", "-1"),
        set("CLICOLOR_FORCE", "1"),
        set("TERM", "\u{1b}[2J"),
    ]
}

// ---------------------------------------------------------------------------------------------
// The generated runs
// ---------------------------------------------------------------------------------------------

/// A leaf command as its help describes it.
struct Leaf {
    path: Vec<String>,
    options: Vec<Opt>,
    /// The names of its positional arguments (`WORDS`), from its usage line.
    positionals: Vec<String>,
    /// Its examples, as arguments (without `unhop`).
    examples: Vec<Vec<String>>,
}

impl Leaf {
    fn has(&self, long: &str) -> bool {
        self.options.iter().any(|o| o.long == long)
    }

    fn option(&self, word: &str) -> Option<&Opt> {
        let name = word.split('=').next().unwrap_or(word);
        self.options
            .iter()
            .find(|o| o.long == name || o.short.as_deref() == Some(name))
    }

    /// The indices of the positional arguments of `args` (the leaf's path excluded).
    fn positional_indices(&self, args: &[String]) -> Vec<usize> {
        let mut found = Vec::new();
        let mut k = self.path.len();
        while k < args.len() {
            let word = &args[k];
            let is_option = word.starts_with('-')
                && word.len() > 1
                && !word[1..].starts_with(|c: char| c.is_ascii_digit());
            if is_option {
                if self
                    .option(word)
                    .is_some_and(|o| o.takes_value && !word.contains('='))
                {
                    k += 1;
                }
            } else {
                found.push(k);
            }
            k += 1;
        }
        found
    }
}

/// Every leaf of the command tree.
fn leaves() -> Vec<Leaf> {
    help::leaves()
        .into_iter()
        .map(|(path, text)| {
            let usage = text
                .lines()
                .find(|l| l.starts_with("Usage: "))
                .unwrap_or_default();
            let positionals = usage
                .split_whitespace()
                .filter(|w| w.starts_with('<') || w.starts_with("[<"))
                .map(|w| w.trim_matches(|c| "[]<>.".contains(c)).to_string())
                .collect();
            let examples = help::examples(&text)
                .iter()
                .filter_map(|line| help::shell_words(line))
                .filter(|words| words.first().is_some_and(|w| w == "unhop"))
                .map(|words| words[1..].to_vec())
                .filter(|args| args.starts_with(&path))
                .collect();
            Leaf {
                options: help::options(&text),
                positionals,
                examples,
                path,
            }
        })
        .collect()
}

/// `args` with the option `opt` set to `value` (its value replaced, or the option added).
fn with_option(args: &[String], opt: &Opt, value: &OsStr) -> Vec<OsString> {
    let mut out: Vec<OsString> = Vec::new();
    let mut replaced = false;
    let mut k = 0;
    while k < args.len() {
        let word = &args[k];
        let named = *word == opt.long || opt.short.as_deref() == Some(word.as_str());
        if named && !replaced && k + 1 < args.len() {
            out.push(word.into());
            out.push(value.to_owned());
            replaced = true;
            k += 2;
            continue;
        }
        if !replaced && word.starts_with(&format!("{}=", opt.long)) {
            out.push(opt.long.clone().into());
            out.push(value.to_owned());
            replaced = true;
        } else {
            out.push(word.into());
        }
        k += 1;
    }
    if !replaced {
        out.push(opt.long.clone().into());
        out.push(value.to_owned());
    }
    out
}

/// What a message about `value` may quote of it: the start of its escaped form (`''` when
/// empty), or `UTF-8` for bytes that are not.
fn quoted_start(value: &OsStr) -> Vec<String> {
    let Some(text) = value.to_str() else {
        return vec!["UTF-8".into(), "utf-8".into()];
    };
    if text.is_empty() {
        return vec!["''".into(), "empty".into()];
    }
    let quoted = unhop::quote(text);
    let start: String = quoted.chars().skip(1).take(12).collect();
    let start = start.trim_end_matches('\'').to_string();
    vec![start]
}

/// The generated runs of every leaf.
fn generated(scale: Scale) -> Vec<Case> {
    let mut cases = Vec::new();
    for leaf in leaves() {
        let path: Vec<OsString> = leaf.path.iter().map(OsString::from).collect();
        let names = |extra: Vec<String>| {
            let mut names = extra;
            names.extend(leaf.positionals.iter().cloned());
            names
        };
        cases.push(Case::of(path.clone()).named(names(Vec::new())));
        let mut bases: Vec<Vec<String>> = match scale {
            Scale::Quick => leaf.examples.iter().take(1).cloned().collect(),
            Scale::Long => leaf.examples.clone(),
        };
        if bases.is_empty() {
            bases.push(leaf.path.clone());
        }
        // The environment and the long list of option values are tried on the leaf's first
        // example alone (they are read the same way whatever the example); a later example gets
        // the short list. A later example that takes seconds (a table built, a search run to its
        // end) is given only the short list of option values: its hostile streams and targets
        // were tried on the first example, and they would be most of the long corpus's time (a
        // run of a few seconds each).
        let slow: Vec<bool> = match scale {
            Scale::Quick => vec![false; bases.len()],
            Scale::Long => (0..bases.len())
                .map(|k| k > 0 && takes_seconds(&bases[k]))
                .collect(),
        };
        // Every other run with --json: from an example that has it, where there is one.
        let json_example = leaf
            .examples
            .iter()
            .find(|e| e.iter().any(|w| w == "--json"))
            .cloned();
        let mut count = 0usize;
        let mut json_or_not = |base: &[String]| -> Vec<String> {
            count += 1;
            if count % 2 == 0 || !leaf.has("--json") || base.iter().any(|w| w == "--json") {
                return base.to_vec();
            }
            json_example.clone().unwrap_or_else(|| {
                let mut args = base.to_vec();
                args.push("--json".into());
                args
            })
        };
        for (k, (base, &slow)) in bases.iter().zip(&slow).enumerate() {
            if slow {
                for opt in leaf.options.iter().filter(|o| o.takes_value) {
                    for value in option_values(Scale::Quick) {
                        let mut named = quoted_start(&value);
                        named.push(opt.long.clone());
                        named.extend(opt.short.clone());
                        let case = Case::of(with_option(base, opt, &value));
                        cases.push(case.named(names(named)));
                    }
                }
                continue;
            }
            // The first positional argument, replaced by each hostile value.
            for value in word_values(scale) {
                let words = json_or_not(base);
                let mut args: Vec<OsString> = words.iter().map(OsString::from).collect();
                match leaf.positional_indices(&words).first() {
                    Some(&at) if at < args.len() => args[at] = value.clone(),
                    _ => args.push(value.clone()),
                }
                cases.push(Case::of(args).named(names(quoted_start(&value))));
            }
            // Each option that takes a value, given each hostile value.
            for opt in leaf.options.iter().filter(|o| o.takes_value) {
                let values = match k {
                    0 => option_values(scale),
                    _ => option_values(Scale::Quick),
                };
                for value in values {
                    let args = with_option(&json_or_not(base), opt, &value);
                    let mut named = quoted_start(&value);
                    named.push(opt.long.clone());
                    named.extend(opt.short.clone());
                    cases.push(Case::of(args).named(names(named)));
                }
            }
            // Standard streams: `-` reading hostile bytes, or a stream closed or unusable.
            let dashed: Vec<OsString> = {
                let mut args: Vec<OsString> = base.iter().map(OsString::from).collect();
                if let Some(&at) = leaf.positional_indices(base).first() {
                    args[at] = "-".into();
                }
                args
            };
            for stdin in stdin_values(scale) {
                let mut case = Case::of(dashed.clone()).named(names(vec![
                    "standard input".into(),
                    "line ".into(),
                    "'-'".into(),
                ]));
                case.stdin = stdin.clone();
                case.slow = matches!(stdin, Stdin::Piped(_));
                cases.push(case);
            }
            let plain: Vec<OsString> = base.iter().map(OsString::from).collect();
            for stdout in [Stdout::Closed, Stdout::Full] {
                let mut case = Case::of(plain.clone()).named(vec!["standard output".into()]);
                case.stdout = stdout;
                cases.push(case);
            }
            // `-o` targets that must not be replaced, or cannot be written.
            if let Some(out) = leaf.option("--out") {
                for target in Target::ALL {
                    let args = with_option(base, out, OsStr::new(target.value()));
                    let mut case = Case::of(args).named(
                        quoted_start(OsStr::new(target.value()))
                            .into_iter()
                            .chain(["--out".into(), "cannot write".into()]),
                    );
                    case.target = Some((target, out.help.contains("folder")));
                    cases.push(case);
                }
            }
            // The environment (read the same way whatever the example: from the first).
            if k > 0 {
                continue;
            }
            for (name, value) in env_values() {
                let mut named = vec![name.to_string()];
                if let Some(value) = &value {
                    named.extend(quoted_start(value));
                }
                let mut case = Case::of(plain.clone()).named(named);
                case.env.push((name, value));
                cases.push(case);
            }
        }
    }
    cases
}

/// Whether the example `args` takes more than two seconds (run once, in a folder of its own,
/// stopped at the limit; its answer is checked by `cli_help`).
fn takes_seconds(args: &[String]) -> bool {
    let folder = tempfile::tempdir().unwrap();
    let started = Instant::now();
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(folder.path())
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    while started.elapsed().as_secs_f64() <= 2.0 {
        if child.try_wait().unwrap().is_some() {
            return false;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    true
}

// ---------------------------------------------------------------------------------------------
// The curated runs
// ---------------------------------------------------------------------------------------------

fn ones(n: usize) -> String {
    "1".repeat(n)
}

/// A line of `depth` nested groups around one peg, such as `((1))`.
fn nested(depth: usize) -> String {
    format!("{}1{}", "(".repeat(depth), ")".repeat(depth))
}

/// The requests at the top of each command's documented limits, and the defect cases of
/// issues 14 and 28.
fn curated() -> Vec<Case> {
    let max_ones = format!("1^({MAX_LEN})");
    let over_ones = format!("1^({})", MAX_LEN + 1);
    let huge = "9".repeat(1000);
    let bad_utf8: &[u8] = b"1011\n\xff\xfe10\n";
    let nul: &[u8] = b"10\x0011\n";
    let crs: &[u8] = b"11\r0110\r\n\n# a comment\n1\r";
    let hard15 = "0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1";
    let easy15 = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15";
    let board8 = "8 6 7 2 5 4 3 0 1";
    vec![
        // Aborts instead of a refusal.
        case("rules grundy kayles").arg(ones(2000)).figures(),
        case("dfa count (a|b)* 4000000000").figures(),
        case("graph nim 1999 --json").figures(),
        case("slide pdb --split 7-8 --pdb-dir cache")
            .memory(1_000_000)
            .figures()
            .slow(),
        // Runs without end and without an estimate.
        case("dfa minimize (a{30030})*").figures().slow(),
        case("dfa ops intersect (a{2})* (a{3})* (a{5})* (a{7})* (a{11})* (a{13})*")
            .figures()
            .slow(),
        case("rules count corpus/many.toml 30").figures().slow(),
        case("rules solve corpus/many.toml")
            .arg(ones(40))
            .figures()
            .slow(),
        case("rules solve solitaire3 11111111/11111111/11111111")
            .figures()
            .slow(),
        case("board starts --board corpus/picture8.txt")
            .figures()
            .slow(),
        // Wrong answers: the empty start is reachable, and is the goal, in no moves.
        case("board moves --board path:3 --start ... --goal ... --json")
            .exits(&[0])
            .answer("\"min_moves\":0"),
        case("board count --board path:3 --start ... --goal ... --json")
            .exits(&[0])
            .wrong_answer("\"total_raw\":0"),
        // Contract breaks.
        case("table --max-len 22 --stats")
            .env("RAYON_NUM_THREADS", "3000")
            .exits(&[0]),
        case("table --max-len 8 --stats")
            .env("RAYON_NUM_THREADS", "abc")
            .exits(&[2])
            .require("RAYON_NUM_THREADS"),
        {
            let mut closed = case("solve 11").exits(&[2]).require("standard output");
            closed.stdout = Stdout::Closed;
            closed
        },
        {
            let mut closed = case("check -").exits(&[2]).require("standard input");
            closed.stdin = Stdin::Closed;
            closed
        },
        case("dfa show corpus/dup.json").exits(&[2]).require("duplicate"),
        case("dfa show -")
            .stdin(r#"{"alphabet":["a"],"alphabet":["b"],"states":1,"start":0,"accepting":[],"transitions":[]}"#)
            .exits(&[2])
            .require("duplicate"),
        case("board show --board graph:corpus/graph-control.txt"),
        case("board show --board graph:corpus/graph-bad-utf8.txt")
            .exits(&[2])
            .require("UTF-8")
            .forbid("is not\n"),
        case("rules show corpus/bad-utf8.toml")
            .exits(&[2])
            .require("UTF-8")
            .forbid("is not\n"),
        case("reproduce --quick --only gap_separation --out -").exits(&[2]),
        case("rules show corpus/negative.toml")
            .exits(&[2])
            .forbid("untagged enum"),
        case("rules show corpus/growing.toml").exits(&[2]),
        case("rules show corpus/cyclic.toml").exits(&[2]),
        case("rules learn solitaire --bound 100").forbid("18446744073709551615"),
        case("table --max-len 60 --stats --json")
            .exits(&[2])
            .require("\"estimate\"")
            .require("\"limit\"")
            .require("\"unit\""),
        // Words, patterns and batches: MAX_LEN cells, one more, bad bytes, long lines.
        case("solve").arg(&max_ones).slow(),
        case("solve").arg(&over_ones),
        case("solve (1^(1000))^(1000000)"),
        case("solve").arg(""),
        case("solve -").stdin(bad_utf8),
        case("solve - --json").stdin(nul),
        case("solve --board finite --method exhaustive").arg(ones(128)),
        case("solve --dot -o dag.dot").arg(ones(40)),
        case("solve --dot -o dag.dot").arg(ones(41)),
        case("check -").stdin(line_of_ones(MAX_LEN)),
        case("check -").stdin(line_of_ones(MAX_LEN + 1)),
        case("check -").stdin(nested(1 << 24)).slow(),
        case("check -").stdin(crs),
        case("check - --board finite").stdin("\n\n\n"),
        case("check --board finite --method exhaustive").arg(ones(128)),
        case("check").arg(OsString::from_vec(b"10\xff1".to_vec())),
        case("check").arg("(".repeat(120_000)),
        case("check").arg(format!("{}1{}", "(".repeat(63), ")^(99999)".repeat(63))),
        case("count 1000000000000000000 --json"),
        case("rules list --json"),
        case("rules show solitaire3 --json"),
        case("rules show /no/such/rules.toml"),
        case("rules count solitaire 1000000000000000000 --json"),
        case("rules count kayles 1000000000000000000"),
        case("rules count kayles 1000000 --target empty --board finite"),
        case("rules count kayles 5 --target nothing"),
        case("rules count solitaire 40 --method exhaustive"),
        case("rules count solitaire3 5 --method exhaustive --board finite").slow(),
        case("rules count solitaire3 3"),
        case("rules solve solitaire").arg(ones(4000)),
        case("rules solve solitaire").arg(ones(5000)),
        case("rules solve solitaire -").stdin(bad_utf8),
        case("rules solve solitaire --method exhaustive --json")
            .arg(ones(24))
            .slow(),
        case("rules solve solitaire3 111/111/111 --method exhaustive"),
        case("rules solve solitaire3 111/111/111"),
        case("rules grundy solitaire").arg(ones(60)).slow(),
        case("rules grundy dawson - --json").stdin(nul),
        case("rules learn solitaire --bound 40"),
        case("rules learn solitaire --relation --bound 2"),
        case("rules learn solitaire3 --json").slow(),
        case("rules prove solitaire --flip-state 99"),
        case("rules prove solitaire3"),
        case("count 1000000000000000001"),
        case("count").arg(&huge),
        case("count 20 --method exhaustive --board finite").slow(),
        case("count 21 --method exhaustive"),
        case("lang --stats --board finite --json"),
        case("lang --dot --minimal -o lang.dot"),
        case("lang --regex -o").arg(""),
        case("learn solitaire --max-len 18").slow(),
        case("learn solitaire --max-len 21"),
        case("grundy").arg(&max_ones),
        case("grundy --board finite (1101)^12").slow(),
        case("grundy - --hint").stdin("111\n1111\n11111\n111111\n(1101)^4\n"),
        case("grundy -").stdin(line_of_ones(MAX_LEN + 1)),
        case("grundy -").piped(HUGE_LINE),
        case("family 1^n --n 0..99999").slow(),
        case("family 1(0^0)^n --n 0..99999"),
        case("family 1^n --n 0..100000"),
        case("family 011(01)^n0 --n").arg(format!("{0}..{0}", u64::MAX)),
        case("family 1^n --n").arg(format!("{huge}..{huge}")),
        case("family 1^n --n -5..-1"),
        case("table --max-len 24 -o table.csv").slow(),
        case("table --max-len 25"),
        case("table --max-len 34 --stats --board finite").slow(),
        case("table --max-len 33 --stats --board infinite").slow(),
        case("play 0110 --first computer").stdin(bad_utf8),
        case("play 1101").piped(HUGE_LINE),
        case("play").arg(&max_ones),
        case("play nim 199999"),
        case("play nim 200000 1"),
        case("play subtraction 199999 --set 1..4096").slow(),
        case("play octal 199999 --code 0.77").slow(),
        case("plot family 1^n --n 0..99999 -o f.svg").slow(),
        case("plot stats --max-len 34 -o s.svg").slow(),
        case("plot stats --max-len 31 --board infinite -o s.svg").slow(),
        case("plot heatmap --len 20 -o h.png").slow(),
        case("plot heatmap --len 21 -o h.png"),
        case("probe classes --max-len 20 --set p-chain --plot c.svg -o c.txt").slow(),
        case("probe classes --max-len 21"),
        case("probe family --max 12 --board infinite").slow(),
        case("probe family --max 13"),
        case("probe pumping --exponent 7 --p 32").slow(),
        case("probe pumping --n 0 --p 33"),
        case("probe parikh --max-period 1 --max-preperiod 824633720832").slow(),
        case("probe parikh --max-period 1048576 --max-preperiod 1099511627776").slow(),
        case("reproduce --quick --out out").slow(),
        case("reproduce --out /dev/null"),
        case("reach").arg(&max_ones).arg(&max_ones).slow(),
        case("reach -").piped(HUGE_LINE),
        case("reach -").stdin(b"1011 0001\n\xff 1\n".to_vec()),
        case("reach - --json").stdin("11 01 0\n"),
        case("prove finite-reach --max-len 12 --json").slow(),
        case("prove finite-reach --max-len 13"),
        case("prove finite-reach --max-len 4 --flip-state 4294967295"),
        // Sliding puzzles (the pattern databases are built in the working folder).
        case("slide solve --budget 0 --heuristic manhattan").arg(hard15),
        case("slide solve --budget 1e9 --heuristic manhattan").arg(easy15),
        case("slide solve --budget 1e10").arg(board8),
        case("slide solve --budget NaN").arg(board8),
        case("slide solve - --budget 1 --heuristic linear-conflict")
            .stdin(format!("{board8}\n\n{easy15}\n1 2 3 4 5 6 7 8 8\n")),
        case("slide solve --pdb-dir cache")
            .arg(easy15)
            .fifo("cache/sliding-4x4-gap15-0.4.5.8.9.12.pdb")
            .slow(),
        case("slide check -").piped(HUGE_LINE),
        case("slide check 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16"),
        case("slide check").arg("0 ".repeat(60_000)),
        case("slide shuffle --count 1000000 --seed 18446744073709551615").slow(),
        case("slide shuffle --count 1000001"),
        case("slide pdb --pdb-dir cache").slow(),
        case("slide play --size 3 --seed 1 --budget 0").stdin("s\na\nup\n99\nn\nq\n"),
        case("slide play --delay 18446744073709551615")
            .arg(board8)
            .stdin("a\n"),
        case("slide play --size 3").piped(HUGE_LINE),
        // Heap games.
        case("nim 999999 --method exhaustive").slow(),
        case("nim 500 500 --method exhaustive").slow(),
        case("nim 99 99 99 --method exhaustive --rule misere").slow(),
        case("subtraction 1..4096 1999999 --method exhaustive").slow(),
        case("subtraction 1..4096 --max-heap 100000 --rule misere").slow(),
        case("subtraction 1..4096 --max-heap 100000 --rule odd-wins").slow(),
        case("subtraction 1..4096 --max-heap 1000000").slow(),
        case("subtraction 1..4097 5"),
        case("subtraction 1..3 18446744073709551615 18446744073709551615"),
        case("octal --max-heap 100000")
            .arg(format!("0.{}", "7".repeat(4096)))
            .slow(),
        case("octal 0.77 --max-heap 67108864 --summary --period").slow(),
        case("octal 0.77 --max-heap 262144 --method plain --summary").slow(),
        case("octal grundy --max-heap 67108864 --summary --plot g.svg").slow(),
        case("octal 0.77 --max-heap 67108865"),
        case("graph nim 1999 --dot -o g.dot"),
        case("graph nim 44 44 --json"),
        case("graph octal 1999 --code 0.77").slow(),
        case("graph subtraction 18446744073709551615 --set 1"),
        case("graph subtraction 1999 --set 1..4096 --rule odd-wins"),
        // Boards.
        case("board show --board graph:/dev/zero").slow(),
        case("board show --board complete:64 --json"),
        case("board show --board complete:65"),
        case("board show --board triangle:99999999999"),
        case("board show --board edges:"),
        case("board show --board hypercube:6"),
        case("board show --board bipartite:32,32 --start nope"),
        case("board solve --board french --svg french.svg").slow(),
        case("board solve --board complete:64 --goal any").slow(),
        case("board solve --max-positions").arg(&huge),
        case("board solve --limit").arg(&huge),
        case("board count --board wiegleb").slow(),
        case("board count --max-positions 0"),
        case("board moves --board complete:64").slow(),
        case("board moves --board petersen --method exhaustive"),
        case("board ilp --board complete:64").slow(),
        case("board ilp --board english --json -o m.lp"),
        case("board starts --board wiegleb --max-positions 100000").slow(),
        case("board classify --max-vertices 16").slow(),
        case("board classify --max-vertices 17"),
        // Automata brought by the user.
        case("dfa minimize (a|b)*a(a|b){24}"),
        case("dfa minimize -").piped(HUGE_LINE),
        case("dfa minimize -").stdin(b"0 1 a\n1 \xff\x00 b\n".to_vec()),
        case("dfa show -").stdin(format!("{}{}", "[".repeat(100_000), "]".repeat(100_000))),
        case("dfa show -").stdin("{\"alphabet\": [\"a\"], \"states\": 18446744073709551615, \"start\": 0, \"accepting\": [], \"transitions\": []}"),
        case("dfa accepts (a|b)* -").piped(HUGE_LINE),
        case("dfa count a*b* 18446744073709551615"),
        case("dfa gf (a|b)*a(a|b){10}"),
        case("dfa equiv (a|b)*a(a|b){11} (a|b)*b(a|b){11}"),
        case("dfa ops reverse (a|b){23}a(a|b)*").slow(),
        case("dfa ops intersect - -"),
    ]
}

// ---------------------------------------------------------------------------------------------
// Running and judging
// ---------------------------------------------------------------------------------------------

/// How a run ended.
#[derive(Debug)]
enum End {
    Code(i32),
    Signal(i32),
    NotRun,
}

/// What a run did.
struct Run {
    end: End,
    seconds: f64,
    /// The start of standard error.
    stderr: String,
    stderr_len: u64,
    /// The last line of standard error, if it is not too long to read.
    last_line: Option<String>,
    stdout: String,
    leftovers: Vec<String>,
    /// The files of the shared corpus changed since it was written (by this run or the one
    /// beside it): a command wrote into an input in place.
    corpus_changed: Vec<String>,
    target: Option<String>,
}

/// The most of a message line that is read: longer ones quote an input that should have
/// been cut short.
const LONGEST_LINE: usize = 8192;

/// The last non-empty line of the file at `path`, if it has at most [`LONGEST_LINE`] bytes.
fn last_line(path: &Path) -> Option<String> {
    use std::io::{Seek, SeekFrom};
    let mut file = std::fs::File::open(path).unwrap();
    let len = file.metadata().unwrap().len();
    let from = len.saturating_sub(LONGEST_LINE as u64 + 2);
    file.seek(SeekFrom::Start(from)).unwrap();
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes).unwrap();
    let text = String::from_utf8_lossy(&bytes);
    let trimmed = text.trim_end();
    let line = match trimmed.rfind('\n') {
        Some(at) => &trimmed[at + 1..],
        None if from == 0 => trimmed,
        None => return None,
    };
    Some(line.to_string())
}

/// The first `limit` bytes of the file at `path`, and its length.
fn head(path: &Path, limit: u64) -> (String, u64) {
    let file = std::fs::File::open(path).unwrap();
    let len = file.metadata().unwrap().len();
    let mut bytes = Vec::new();
    file.take(limit).read_to_end(&mut bytes).unwrap();
    (String::from_utf8_lossy(&bytes).into_owned(), len)
}

/// Runs `case` under the limits, in a fresh working folder that sees `corpus` as `corpus/`.
fn run(case: &Case, corpus: &Path) -> Run {
    let work = tempfile::tempdir().unwrap();
    let side = tempfile::tempdir().unwrap();
    link_corpus(corpus, &work.path().join("corpus"));
    let stdin_path = side.path().join("stdin");
    let stdout_path = side.path().join("stdout");
    let stderr_path = side.path().join("stderr");
    let bytes = match &case.stdin {
        Stdin::Bytes(bytes) => bytes.as_slice(),
        _ => &[],
    };
    std::fs::write(&stdin_path, bytes).unwrap();
    if let Some(fifo) = case.fifo {
        let path = work.path().join(fifo);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        mkfifo(&path);
    }
    if let Some((target, _)) = case.target {
        target.make(work.path());
    }
    let limits = format!("ulimit -v {}; ulimit -St {CPU_SECONDS}", case.memory_kib);
    let pipe = match case.stdin {
        Stdin::Piped(command) => format!("{command} | "),
        _ => String::new(),
    };
    let mut redirect = String::new();
    match case.stdin {
        Stdin::Closed => redirect.push_str(" <&-"),
        Stdin::Folder => redirect.push_str(" < ."),
        _ => {}
    }
    match case.stdout {
        Stdout::Closed => redirect.push_str(" >&-"),
        Stdout::Full => redirect.push_str(" > /dev/full"),
        Stdout::Captured => {}
    }
    // A FIFO target gets a reader, which is let go (by opening the FIFO once more, read and
    // write, and closing it) when the run is over.
    let (reader, let_go) = match case.target {
        Some((Target::Fifo, _)) => (
            "cat out-fifo > /dev/null & reader=$!; ",
            " exec 3<>out-fifo; exec 3>&-; wait $reader;",
        ),
        _ => ("", ""),
    };
    let script = format!(
        r#"{limits}; {reader}{pipe}timeout -k 5 {WALL_SECONDS} "$0" "$@"{redirect}; status=$?;{let_go} exit $status"#
    );
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(script)
        .arg(BIN)
        .args(&case.args)
        .current_dir(work.path())
        .env("UNHOP_CACHE_DIR", work.path().join("cache"))
        .env("XDG_CACHE_HOME", work.path().join("xdg"))
        .env("HOME", work.path())
        .env_remove("UNHOP_TEST_BUG")
        .stdin(std::fs::File::open(&stdin_path).unwrap())
        .stdout(std::fs::File::create(&stdout_path).unwrap())
        .stderr(std::fs::File::create(&stderr_path).unwrap());
    for (name, value) in &case.env {
        match value {
            Some(value) => command.env(name, value),
            None => command.env_remove(name),
        };
    }
    let started = Instant::now();
    let status = command.status();
    let seconds = started.elapsed().as_secs_f64();
    let (stderr, stderr_len) = head(&stderr_path, 4000);
    let last_line = last_line(&stderr_path);
    let (stdout, _) = head(&stdout_path, 4000);
    let end = match status {
        Ok(status) => match (status.code(), status.signal()) {
            (Some(code), _) => End::Code(code),
            (None, signal) => End::Signal(signal.unwrap_or(0)),
        },
        Err(_) => End::NotRun,
    };
    Run {
        end,
        seconds,
        stderr,
        stderr_len,
        last_line,
        stdout,
        leftovers: leftovers(work.path()),
        corpus_changed: changed_files(corpus),
        target: case
            .target
            .and_then(|(target, folder)| target.problem(work.path(), folder)),
    }
}

/// Fills the new folder `into` with hard links to the files of the shared corpus: a run that
/// writes `-o corpus/FILE` replaces its own link (by renaming over it) and leaves the corpus
/// as the other runs see it; one that wrote into the file in place would change the shared
/// file, which [`changed_files`] reports. O(files) time, no copying.
fn link_corpus(corpus: &Path, into: &Path) {
    std::fs::create_dir(into).unwrap();
    for entry in std::fs::read_dir(corpus).unwrap() {
        let entry = entry.unwrap();
        std::fs::hard_link(entry.path(), into.join(entry.file_name())).unwrap();
    }
}

/// The files of the shared corpus whose length or time of change is not what it was when
/// [`write_corpus`] wrote them (recorded in `CORPUS_WRITTEN`).
fn changed_files(corpus: &Path) -> Vec<String> {
    let written = CORPUS_WRITTEN.get().expect("the corpus is written first");
    written
        .iter()
        .filter(|(name, stamp)| stamp_of(&corpus.join(name)).as_ref() != Some(stamp))
        .map(|(name, _)| format!("corpus/{name}"))
        .collect()
}

/// What tells a changed file: its length and the time it was last written.
fn stamp_of(path: &Path) -> Option<(u64, std::time::SystemTime)> {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.len(), meta.modified().ok()?))
}

/// The stamps ([`stamp_of`]) of the corpus's files as written.
static CORPUS_WRITTEN: std::sync::OnceLock<Vec<(String, (u64, std::time::SystemTime))>> =
    std::sync::OnceLock::new();

/// The temporary files anywhere under `dir` (`.NAME.unhop-….tmp`, or anything named
/// `.tmp…`), the corpus aside.
fn leftovers(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(at) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&at) else {
            continue;
        };
        for entry in entries.flatten() {
            let path: PathBuf = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with(".tmp") || (name.contains(".unhop-") && name.ends_with(".tmp")) {
                found.push(path.strip_prefix(dir).unwrap().display().to_string());
            } else if entry.file_type().is_ok_and(|t| t.is_dir()) {
                stack.push(path);
            }
        }
    }
    found
}

/// Whether `message` names what was at fault in `case`: one of its names, compared without
/// regard to case (a positional argument `WORDS` is "words" in a sentence) and without an
/// option's dashes, an option that is on its command line, an argument of its command line
/// quoted as `unhop::quote` quotes it (when the fault is in how two arguments go together, as a
/// word with a letter that the rule file lacks), or a limit.
fn names_its_input(case: &Case, message: &str) -> bool {
    let lower = message.to_lowercase();
    let named = case.names.iter().any(|name| {
        message.contains(name.as_str())
            || lower.contains(&name.trim_start_matches('-').to_lowercase())
    });
    let option_given = case.args.iter().any(|arg| {
        arg.to_str()
            .is_some_and(|a| a.starts_with("--") && message.contains(a))
    });
    let argument_quoted = case.args.iter().any(|arg| {
        arg.to_str()
            .is_some_and(|a| !a.is_empty() && message.contains(&unhop::quote(a)))
    });
    named || option_given || argument_quoted || LIMIT_WORDS.iter().any(|w| message.contains(w))
}

/// Words that say which limit a request ran into, or which request it was: a message with
/// one of them names what stopped it.
const LIMIT_WORDS: [&str; 5] = ["needs an estimated", "gave up", "limit", "Usage:", "refus"];

/// The kinds of a JSON error.
const KINDS: [&str; 4] = ["input", "refused", "gave_up", "internal"];

/// What is wrong with a run, if anything.
fn problems(case: &Case, run: &Run) -> Vec<String> {
    let mut found = Vec::new();
    let code = match run.end {
        End::Code(code) => code,
        End::Signal(24) => {
            found.push(format!("more than {CPU_SECONDS} s of CPU time (SIGXCPU)"));
            return found;
        }
        End::Signal(signal) => {
            found.push(format!("killed by signal {signal}"));
            return found;
        }
        End::NotRun => {
            found.push("not run".into());
            return found;
        }
    };
    match code {
        124 => found.push(format!("no end within {WALL_SECONDS} s of wall-clock time")),
        70 => found.push("internal error (exit 70)".into()),
        101 => found.push("a panic (exit 101)".into()),
        code if code > 128 => found.push(format!("killed by signal {}", code - 128)),
        code if !case.exits.contains(&code) => {
            found.push(format!("exit {code}, not one of {:?}", case.exits))
        }
        _ => {}
    }
    let stderr = run.stderr.as_str();
    // The last line of standard error as a JSON error, if it is one.
    let json_error = run
        .last_line
        .as_deref()
        .and_then(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|e| {
            e["kind"].as_str().is_some_and(|k| KINDS.contains(&k)) && e["message"].is_string()
        });
    if code == 2 {
        if stderr.trim().is_empty() {
            found.push("exit 2 with nothing on standard error".into());
        }
        if run.last_line.is_none() {
            found.push(format!(
                "a message line longer than {LONGEST_LINE} bytes (a long input quoted whole, \
                 not cut short)"
            ));
        }
        let message = match &json_error {
            Some(error) => error["message"].as_str().unwrap_or_default().to_string(),
            None => format!("{stderr}\n{}", run.last_line.as_deref().unwrap_or_default()),
        };
        let named = names_its_input(case, &message);
        if !case.names.is_empty() && !named {
            found.push(format!(
                "the message names neither the input (one of {:?}) nor a limit",
                case.names
            ));
        }
        if case.figures && !(stderr.contains("estimate") || stderr.contains("gave up after")) {
            found.push("exit 2 without the estimate and the limit".into());
        }
        if case.args.iter().any(|a| a == "--json") {
            let objects = stderr
                .lines()
                .filter(|l| l.trim_start().starts_with('{'))
                .count();
            if objects != 1 || json_error.is_none() {
                found.push("with --json the error is not one JSON object (kind, message) last on standard error".into());
            }
        }
    }
    if let Some(c) = stderr.chars().find(|&c| c.is_control() && c != '\n') {
        found.push(format!("a control character ({:?}) on standard error", c));
    }
    for text in &case.require {
        if !stderr.contains(text) {
            found.push(format!("standard error does not say {text:?}"));
        }
    }
    for text in &case.forbid {
        if stderr.contains(text) {
            found.push(format!("standard error says {text:?}"));
        }
    }
    for text in &case.answer {
        if !run.stdout.contains(text) {
            found.push(format!("the answer does not say {text:?}"));
        }
    }
    for text in &case.wrong_answer {
        if run.stdout.contains(text) {
            found.push(format!("the answer says {text:?}"));
        }
    }
    if !run.leftovers.is_empty() {
        found.push(format!(
            "temporary files left: {}",
            run.leftovers.join(", ")
        ));
    }
    if !run.corpus_changed.is_empty() {
        found.push(format!(
            "an input was written in place: {}",
            run.corpus_changed.join(", ")
        ));
    }
    found.extend(run.target.clone());
    found
}

#[test]
fn every_leaf_command_survives_hostile_input() {
    let scale = scale();
    let leaves = leaves();
    assert!(leaves.len() > 40, "found {} leaf commands", leaves.len());
    for leaf in &leaves {
        assert!(
            !leaf.examples.is_empty(),
            "{}: no example to start from",
            leaf.path.join(" ")
        );
    }
    let mut all = generated(scale);
    match scale {
        Scale::Quick => all.extend(curated()),
        // The test suite ran the quick corpus (its generated runs and the curated ones): the
        // long one makes only the runs that it did not.
        Scale::Long => {
            let quick: HashSet<u64> = generated(Scale::Quick).iter().map(Case::identity).collect();
            all.retain(|case| !quick.contains(&case.identity()));
        }
    }
    if let Ok(filter) = std::env::var("UNHOP_HOSTILE_ONLY") {
        all.retain(|c| c.command_line().contains(&filter));
    }
    let corpus = tempfile::tempdir().unwrap();
    write_corpus(corpus.path());
    let stamps = std::fs::read_dir(corpus.path())
        .unwrap()
        .map(|entry| {
            let name = entry.unwrap().file_name().into_string().unwrap();
            let stamp = stamp_of(&corpus.path().join(&name)).unwrap();
            (name, stamp)
        })
        .collect();
    CORPUS_WRITTEN.set(stamps).unwrap();

    // The slow runs first, so that two of them overlap rather than end the run alone.
    all.sort_by_key(|c| !c.slow);
    let total = all.len();
    let queue = Mutex::new(all.into_iter().enumerate().rev().collect::<Vec<_>>());
    let results = Mutex::new(Vec::new());
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                loop {
                    let Some((k, case)) = queue.lock().unwrap().pop() else {
                        return;
                    };
                    let run = run(&case, corpus.path());
                    if run.seconds > 1.0 {
                        println!(
                            "{:>6.1} s  {:?}  {}",
                            run.seconds,
                            run.end,
                            case.command_line()
                        );
                    }
                    results.lock().unwrap().push((k, case, run));
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|(k, _, _)| *k);
    let failures: Vec<String> = results
        .iter()
        .filter_map(|(_, case, run)| {
            let problems = problems(case, run);
            if problems.is_empty() {
                return None;
            }
            Some(format!(
                "{}\n    {}; {:?} after {:.1} s; stderr ({} bytes): {}",
                case.command_line(),
                problems.join("; "),
                run.end,
                run.seconds,
                run.stderr_len,
                run.stderr
                    .trim()
                    .chars()
                    .take(300)
                    .collect::<String>()
                    .escape_debug()
            ))
        })
        .collect();
    println!(
        "{total} runs of {} leaf commands in {:.0} s, {} failed",
        leaves.len(),
        started.elapsed().as_secs_f64(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {total} runs failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn options_are_set_and_positionals_found_in_examples() {
    let leaf = Leaf {
        path: vec!["dfa".into(), "count".into()],
        options: vec![
            Opt {
                long: "--out".into(),
                short: Some("-o".into()),
                takes_value: true,
                help: "Write the output to this file".into(),
            },
            Opt {
                long: "--json".into(),
                short: None,
                takes_value: false,
                help: "Machine-readable output".into(),
            },
        ],
        positionals: vec!["AUTOMATON".into(), "N".into()],
        examples: Vec::new(),
    };
    let args: Vec<String> = ["dfa", "count", "-o", "x", "a*", "--json", "-", "5"]
        .map(String::from)
        .into();
    assert_eq!(leaf.positional_indices(&args), [4, 6, 7]);
    let out = &leaf.options[0];
    let set = with_option(&args, out, OsStr::new("y"));
    assert_eq!(set[3], "y");
    assert_eq!(set.len(), args.len());
    let added = with_option(&args[..5], out, OsStr::new("y"));
    assert_eq!(added.len(), 5);
    assert_eq!(added[3], "y");
    let appended = with_option(&["dfa".to_string()], out, OsStr::new("z"));
    assert_eq!(appended, ["dfa", "--out", "z"].map(OsString::from));
    let named = case("dfa show x --att").named(vec!["AUTOMATON".into(), "--alphabet".into()]);
    assert!(names_its_input(&named, "cannot read the automaton 'x'"));
    assert!(names_its_input(
        &named,
        "an alphabet needs at least one symbol"
    ));
    assert!(names_its_input(&named, "'--att' cannot be used here"));
    assert!(names_its_input(&named, "it needs an estimated 5 moves"));
    assert!(names_its_input(&named, "no such thing: 'x'"));
    assert!(!names_its_input(&named, "no such thing: 'y'"));
    assert!(!names_its_input(&named, "something went wrong"));
    assert_eq!(shell_quote(OsStr::new("a b\u{1b}")), r"$'a b\x1b'");
    assert_eq!(quoted_start(OsStr::new("1\u{1b}[2J")), [r"1\x1b[2J"]);
}
