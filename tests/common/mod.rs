//! Running the built binary in the integration tests.

pub mod help;

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `unhop` with `args`, `stdin` written to its standard input from a thread (the tool may
/// stop reading early, after a bad line: the broken pipe is expected then).
pub fn unhop(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_unhop"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().unwrap();
    let data = stdin.unwrap_or_default().to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}
