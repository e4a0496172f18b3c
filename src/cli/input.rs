//! Where words come from: the argument itself, or standard input with `-`.

use super::Failure;
use std::io::{BufRead, Read};
use unhop::{MAX_LEN, Pattern, Word};

/// The words named by a WORD argument, each with a label for error messages. `-` reads
/// standard input, one word per line (a trailing `\r` is dropped); anything else is one word
/// or a pattern without a variable, such as `11(01)^3 00(10)^2 11`.
///
/// Lines longer than [`MAX_LEN`] are refused without being held in memory.
pub fn for_each_word(
    arg: &str,
    mut handle: impl FnMut(&Word) -> Result<(), Failure>,
) -> Result<(), Failure> {
    if arg != "-" {
        let word = Pattern::single_word(arg)?;
        return handle(&word);
    }
    let stdin = std::io::stdin();
    let mut reader = stdin.lock();
    let mut line = Vec::new();
    let mut number = 0;
    loop {
        number += 1;
        line.clear();
        let limit = MAX_LEN as u64 + 2;
        let read = (&mut reader)
            .take(limit)
            .read_until(b'\n', &mut line)
            .map_err(|e| Failure::Input(format!("cannot read standard input: {e}")))?;
        if read == 0 {
            return Ok(());
        }
        if line.last() == Some(&b'\n') {
            line.pop();
        } else if read as u64 == limit {
            return Err(Failure::Input(format!(
                "line {number} of standard input is longer than the limit of {MAX_LEN} cells"
            )));
        }
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        let text = std::str::from_utf8(&line).map_err(|e| {
            Failure::Input(format!(
                "line {number} of standard input is not UTF-8 text (byte {})",
                e.valid_up_to()
            ))
        })?;
        let word = Pattern::single_word(text)
            .map_err(|e| Failure::Input(format!("line {number} of standard input: {e}")))?;
        handle(&word)?;
    }
}
