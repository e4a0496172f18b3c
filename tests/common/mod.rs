//! Running the built binary in the integration tests.

pub mod help;
pub mod schema;

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `unhop` with `args`, `stdin` written to its standard input from a thread (the tool may
/// stop reading early, after a bad line: the broken pipe is expected then). What it prints
/// with `--json` is checked against the reports' schemas ([`schema::check_output`]).
pub fn unhop(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_unhop"));
    command.args(args);
    run(command, stdin.unwrap_or_default())
}

/// Runs `command` with `stdin` written to its standard input from a thread, and collects what
/// it prints; when it is `unhop`, its `--json` output is checked against the reports' schemas
/// ([`schema::check_output`]).
pub fn run(mut command: Command, stdin: &[u8]) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the command runs");
    let mut input = child.stdin.take().unwrap();
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    if command.get_program() == env!("CARGO_BIN_EXE_unhop") {
        let args: Vec<String> = command
            .get_args()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        schema::check_output(&args, &output.stdout, &output.stderr);
    }
    output
}

/// Runs the binary with `args` under `ulimit -v 4000000` (4 GB of address space) and 120 s of
/// CPU time (`ulimit -St`), `stdin` as its standard input, stopped after 600 s in all.
pub fn limited(args: &[&str], stdin: &[u8]) -> Output {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("stdin");
    std::fs::write(&input, stdin).unwrap();
    Command::new("timeout")
        .args(["-k", "5", "600"])
        .arg("sh")
        .arg("-c")
        .arg("ulimit -v 4000000; ulimit -St 120; exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_unhop"))
        .args(args)
        .stdin(Stdio::from(std::fs::File::open(&input).unwrap()))
        .output()
        .expect("timeout and sh run")
}

/// Says on the terminal that a check was skipped and why (naming the program that is
/// missing). The test harness captures `eprintln!` and shows it only for a failing test, so
/// this writes to the process's standard error itself, where `cargo test` shows it.
pub fn skipped(why: &str) {
    let _ = writeln!(std::io::stderr().lock(), "SKIPPED {why}");
}
