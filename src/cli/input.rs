//! Where words and lines come from: the arguments, or standard input with `-`, read through
//! the library's one batch-line reader ([`unhop::batch_lines`]).

use super::Failure;
use unhop::batch_lines::{BatchLines, Line, MAX_LINE_BYTES};
use unhop::{Pattern, Word};

/// The byte limit of a line that holds a command or a puzzle board, not a word.
pub const SHORT_LINE_BYTES: usize = 1 << 16;

/// The help text shared by the WORD arguments of check, solve and grundy.
pub const WORDS_HELP: &str = "One or more words (0/1 or ./x) or patterns without a variable \
     such as 11(01)^3, one result each in order; - reads one word per line of standard input \
     (lines end at \\n, \\r\\n or \\r; blank lines and lines starting with # are skipped; at \
     most 32 MiB a line)";

/// Calls `handle` on each word named by `args`, in order: each argument is a word or a pattern
/// without a variable, such as `11(01)^3 00(10)^2 11`; `-` reads standard input, one word per
/// line. Errors name the argument (when there are several) or the line of standard input.
pub fn for_each_word(
    args: &[String],
    mut handle: impl FnMut(&Word) -> Result<(), Failure>,
) -> Result<(), Failure> {
    if args.iter().filter(|a| *a == "-").count() > 1 {
        return Err(Failure::input("- (standard input) may be given only once"));
    }
    for (k, arg) in args.iter().enumerate() {
        if arg == "-" {
            for_each_line(MAX_LINE_BYTES, |line| {
                handle(&Pattern::single_word(line.text())?)
            })?;
            continue;
        }
        let mut one = || handle(&Pattern::single_word(arg)?);
        match one() {
            Err(failure) if args.len() > 1 => {
                return Err(failure.context(format!("argument {}", k + 1)));
            }
            other => other?,
        }
    }
    Ok(())
}

/// Calls `handle` on each line of standard input that is neither blank nor a `#` comment, at
/// most `limit` bytes each; every error, the reader's or `handle`'s, names the line.
pub fn for_each_line(
    limit: usize,
    mut handle: impl FnMut(&Line) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let stdin = super::streams::stdin()?;
    let mut lines = BatchLines::new(stdin.lock(), "standard input", limit);
    while let Some(line) = lines.next_line()? {
        handle(&line).map_err(|failure| at_line(failure, &line))?;
    }
    Ok(())
}

/// A failure on `line`: its input and line number set, its message prefixed with the
/// line's place.
pub fn at_line(failure: Failure, line: &Line) -> Failure {
    match failure {
        Failure::Error(err) => Failure::Error(err.at_line(line.source(), line.number())),
        other => other,
    }
}
