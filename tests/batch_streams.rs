//! Batches written as streams: answers are buffered while lines are ready and flushed before
//! unhop waits for more, so a program that writes a line and waits for its answer (a pipe
//! kept open) gets it, for every command that reads lines; and however the input arrives (all
//! at once, or in pieces with pauses between), the output is the same, byte for byte, errors
//! and their line numbers included.

use crate::common;

use proptest::prelude::*;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// Every command that reads a batch from standard input, with two lines it answers (one
/// output line each).
const BATCH_COMMANDS: &[(&[&str], [&str; 2])] = &[
    (&["check", "-"], ["1101101", "0110"]),
    (&["check", "-", "--json"], ["1101101", "0110"]),
    (&["solve", "-"], ["1101101", "0110"]),
    (
        &["solve", "-", "--board", "finite", "--json"],
        ["01111", "0110"],
    ),
    (&["grundy", "-"], ["0110", "11011"]),
    (&["reach", "-"], ["1101101 0010100", "0110 1000"]),
    (&["rules", "solve", "solitaire", "-"], ["0110", "1101101"]),
    (&["rules", "grundy", "kayles", "-"], ["111", "1111"]),
    (
        &["slide", "check", "-"],
        ["1 2 3 4 5 6 7 _ 8", "1 2 3 4 5 6 8 7 _"],
    ),
    (
        &["slide", "solve", "-", "--json"],
        ["1 2 3 4 5 6 7 _ 8", "1 2 3 _ 4 6 7 5 8"],
    ),
];

/// `unhop args` started with its standard input and output piped, its errors to `stderr`.
fn spawn(args: &[&str], stderr: Stdio) -> Child {
    Command::new(env!("CARGO_BIN_EXE_unhop"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("unhop runs")
}

/// Far longer than any answer here takes: the guard of a test that would otherwise hang.
const PATIENCE: Duration = Duration::from_secs(120);

#[test]
fn a_line_written_to_an_open_pipe_is_answered_before_the_next_is_written() {
    for (args, lines) in BATCH_COMMANDS {
        let mut child = spawn(args, Stdio::null());
        let mut input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        let (sender, answers) = mpsc::channel();
        let reader = std::thread::spawn(move || {
            for line in output.lines() {
                if sender.send(line.unwrap()).is_err() {
                    return;
                }
            }
        });
        for line in lines {
            writeln!(input, "{line}").unwrap();
            input.flush().unwrap();
            // The pipe stays open: the answer must come without more input or its end.
            let answer = answers.recv_timeout(PATIENCE).unwrap_or_else(|_| {
                panic!(
                    "`unhop {}` did not answer {line:?} with its input open",
                    args.join(" ")
                )
            });
            assert!(
                !answer.is_empty(),
                "`unhop {}`: empty answer to {line:?}",
                args.join(" ")
            );
        }
        drop(input);
        let more: Vec<String> = answers.iter().collect();
        assert!(
            more.is_empty(),
            "`unhop {}`: one answer a line, then {more:?}",
            args.join(" ")
        );
        child.wait().unwrap();
        reader.join().unwrap();
    }
}

/// Runs `unhop args` with `chunks` written to its standard input one after another, with a
/// pause after each when `pause` (so the command reads them in separate reads and flushes
/// between); returns its exit code, standard output and standard error.
fn run_in_pieces(
    args: &[&str],
    chunks: Vec<Vec<u8>>,
    pause: bool,
) -> (Option<i32>, Vec<u8>, Vec<u8>) {
    let mut child = spawn(args, Stdio::piped());
    let mut input = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        for chunk in chunks {
            // The command may stop at a bad line and close its input: the rest is not read.
            if input
                .write_all(&chunk)
                .and_then(|()| input.flush())
                .is_err()
            {
                return;
            }
            if pause {
                std::thread::sleep(Duration::from_millis(2));
            }
        }
    });
    let output = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    (output.status.code(), output.stdout, output.stderr)
}

/// What a line of a random batch holds.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    Word,
    Skipped,
    Bad,
}

/// A line of a random batch: a word, a pattern, a comment, a blank line, or a bad line.
fn batch_line() -> impl Strategy<Value = (String, Kind)> {
    prop_oneof![
        8 => "[01]{1,40}".prop_map(|w| (w, Kind::Word)),
        2 => "(1|0|11|01){1,4}\\^[1-9]".prop_map(|w| (w, Kind::Word)),
        1 => Just(("# a comment".to_string(), Kind::Skipped)),
        1 => Just((String::new(), Kind::Skipped)),
        1 => "[01]{0,5}[2-9a-wyz][01]{0,5}".prop_map(|w| (w, Kind::Bad)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn a_batch_is_answered_byte_for_byte_alike_however_its_input_arrives(
        lines in prop::collection::vec(batch_line(), 1..60),
        cuts in prop::collection::vec(1usize..50, 1..20),
        json in any::<bool>(),
        solve in any::<bool>(),
    ) {
        let mut args = vec![if solve { "solve" } else { "check" }, "-"];
        if json {
            args.push("--json");
        }
        let text: Vec<u8> = lines.iter().flat_map(|(l, _)| format!("{l}\n").into_bytes()).collect();
        let at_once = run_in_pieces(&args, vec![text.clone()], false);
        // The same bytes cut into pieces at random places, with pauses between.
        let mut pieces = Vec::new();
        let mut rest = &text[..];
        for cut in cuts.iter().cycle() {
            if rest.is_empty() {
                break;
            }
            let (piece, tail) = rest.split_at((*cut).min(rest.len()));
            pieces.push(piece.to_vec());
            rest = tail;
        }
        let in_pieces = run_in_pieces(&args, pieces, true);
        prop_assert_eq!(&at_once.0, &in_pieces.0);
        prop_assert_eq!(String::from_utf8_lossy(&at_once.1), String::from_utf8_lossy(&in_pieces.1));
        prop_assert_eq!(String::from_utf8_lossy(&at_once.2), String::from_utf8_lossy(&in_pieces.2));
        // One answer a word up to the first bad line, whose number the message gives.
        let answered = String::from_utf8_lossy(&at_once.1).lines().count();
        let words: Vec<usize> = (0..lines.len()).filter(|&i| lines[i].1 != Kind::Skipped).collect();
        let bad = words.iter().position(|&i| lines[i].1 == Kind::Bad);
        match bad {
            None => prop_assert_eq!(answered, words.len()),
            Some(k) => {
                prop_assert_eq!(answered, k);
                prop_assert_eq!(at_once.0, Some(2));
                let place = format!("line {} of standard input", words[k] + 1);
                prop_assert!(String::from_utf8_lossy(&at_once.2).contains(&place), "{:?}", at_once.2);
            }
        }
    }
}

/// The system calls named `calls` (strace's `-e trace=` list) that `unhop args` makes on
/// `lines` fed to its standard input from a file, one line of strace's each; `None` (and a
/// line saying so) without strace.
fn traced(test: &str, calls: &str, args: &[&str], lines: &str) -> Option<Vec<String>> {
    if Command::new("strace").arg("-V").output().is_err() {
        common::skipped(&format!("{test}: strace is not installed"));
        return None;
    }
    let dir = std::env::temp_dir().join(format!("unhop-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (input, trace) = (dir.join("lines.txt"), dir.join("trace.txt"));
    std::fs::write(&input, lines).unwrap();
    let status = Command::new("strace")
        .args(["-f", "-e", &format!("trace={calls}"), "-o"])
        .arg(&trace)
        .arg(env!("CARGO_BIN_EXE_unhop"))
        .args(args)
        .stdin(std::fs::File::open(&input).unwrap())
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.code().is_some());
    let text = std::fs::read_to_string(&trace).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    Some(text.lines().map(str::to_string).collect())
}

#[test]
fn a_large_batch_is_written_in_large_pieces() {
    // 20,000 words: written line by line that would be 20,000 writes.
    let words: String = (0..20_000).map(|i| format!("{:b}\n", i + 1)).collect();
    let test = "a_large_batch_is_written_in_large_pieces";
    let Some(calls) = traced(test, "write", &["check", "-"], &words) else {
        return;
    };
    let writes = calls.iter().filter(|l| l.contains("write(1,")).count();
    assert!(
        writes > 0 && writes <= 200,
        "{writes} writes for 20,000 answers"
    );
}

#[test]
fn a_batch_reads_the_memory_limits_now_and_then_not_once_a_line() {
    // Each word gets a computation and a budget of its own; the process's memory limits (a
    // dozen files under /proc and the cgroups') are read again only after a while.
    let words: String = (0..5_000).map(|i| format!("{:b}\n", i + 1)).collect();
    let test = "a_batch_reads_the_memory_limits_now_and_then";
    let Some(calls) = traced(test, "openat", &["grundy", "-"], &words) else {
        return;
    };
    let opened = calls.iter().filter(|l| l.contains("openat(")).count();
    assert!(opened < 5_000, "{opened} files opened for 5,000 words");
}

/// Runs `unhop args` on `threads` worker threads with `input` as its standard input (a file:
/// every line ready at once, so the lines are answered in chunks beside each other); returns
/// its exit code, standard output and standard error.
fn run_on_threads(args: &[&str], input: &[u8], threads: usize) -> (Option<i32>, String, String) {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("input.txt");
    std::fs::write(&path, input).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_unhop"))
        .args(args)
        .env("RAYON_NUM_THREADS", threads.to_string())
        .stdin(std::fs::File::open(&path).unwrap())
        .output()
        .expect("unhop runs");
    let text = |bytes: Vec<u8>| String::from_utf8_lossy(&bytes).into_owned();
    (
        output.status.code(),
        text(output.stdout),
        text(output.stderr),
    )
}

/// The commands of a batch of words, with options that change their answers; the last is
/// refused for some words by its work limit, an error found beside others and again alone.
const WORD_COMMANDS: &[&[&str]] = &[
    &["check", "-"],
    &["check", "-", "--board", "finite", "--json"],
    &["solve", "-", "--json"],
    &["grundy", "-", "--moves", "single", "--hint"],
    &["rules", "grundy", "kayles", "-"],
    &["grundy", "-", "--max-work", "300"],
];

/// A line of a random batch of short words (games on 40 cells take long), comments, blank
/// and bad lines.
fn short_batch_line() -> impl Strategy<Value = String> {
    prop_oneof![
        40 => "[01]{1,16}",
        1 => Just("# a comment".to_string()),
        1 => Just(String::new()),
        1 => "[01]{0,5}[2-9a-wyz][01]{0,5}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn a_batch_answered_on_two_threads_is_the_batch_answered_on_one(
        lines in prop::collection::vec(short_batch_line(), 1..400),
        command in 0..WORD_COMMANDS.len(),
    ) {
        let args = WORD_COMMANDS[command];
        let text: Vec<u8> = lines.iter().flat_map(|l| format!("{l}\n").into_bytes()).collect();
        let one = run_on_threads(args, &text, 1);
        let two = run_on_threads(args, &text, 2);
        prop_assert_eq!(one, two, "unhop {}", args.join(" "));
    }
}
