//! Where words and lines come from: the arguments, or standard input with `-`, read through
//! the library's one batch-line reader ([`unhop::batch_lines`]).

use super::Failure;
use super::output::Rows;
use std::io::{BufReader, StdinLock, Write};
use unhop::batch_lines::{BatchLines, Entry, Line, LongLine, MAX_LINE_BYTES};
use unhop::{Pattern, Word};

/// The bytes read from standard input at a time: the answers to the lines of one read are
/// written together, once the next read may wait.
const READ_BYTES: usize = 1 << 16;

/// The byte limit of a line that holds a command or a puzzle board, not a word.
pub const SHORT_LINE_BYTES: usize = 1 << 16;

/// The help text shared by the WORD arguments of check, solve and grundy.
pub const WORDS_HELP: &str = "One or more words (0/1 or ./x) or patterns without a variable \
     such as 11(01)^3, one result each in order; - reads one word per line of standard input \
     (lines end at \\n, \\r\\n or \\r; blank lines and lines starting with # are skipped; at \
     most 32 MiB a line, but check reads a longer one as a stream)";

/// Calls `handle` on each word named by `args`, in order: each argument is a word or a pattern
/// without a variable, such as `11(01)^3 00(10)^2 11`; `-` reads standard input, one word per
/// line. Errors name the argument (when there are several) or the line of standard input.
/// The answers go to `rows` as a batch ([`for_each_line`]).
pub fn for_each_word(
    args: &[String],
    rows: &mut Rows,
    handle: impl FnMut(&Word, &mut Rows) -> Result<(), Failure>,
) -> Result<(), Failure> {
    for_each_word_or_long_line(args, rows, handle, None)
}

/// A line of standard input longer than its limit, to be read in pieces.
pub type LongStdinLine<'a> = LongLine<'a, BufReader<StdinLock<'static>>>;

/// What reads a line of standard input longer than its limit, in pieces.
pub type LongLineHandler<'h> = &'h mut dyn FnMut(LongStdinLine, &mut Rows) -> Result<(), Failure>;

/// [`for_each_word`] that gives a line of standard input longer than the word's limit (32 MiB)
/// to `handle_long` in pieces, when given, instead of refusing it.
pub fn for_each_word_or_long_line(
    args: &[String],
    rows: &mut Rows,
    mut handle: impl FnMut(&Word, &mut Rows) -> Result<(), Failure>,
    mut handle_long: Option<LongLineHandler>,
) -> Result<(), Failure> {
    if args.iter().filter(|a| *a == "-").count() > 1 {
        return Err(Failure::input("- (standard input) may be given only once"));
    }
    for (k, arg) in args.iter().enumerate() {
        if arg == "-" {
            let take_long = handle_long.is_some();
            for_each_entry(MAX_LINE_BYTES, rows, take_long, |entry, rows| match entry {
                Entry::Whole(line) => handle(&Pattern::single_word(line.text())?, rows),
                Entry::Long(long) => match handle_long.as_mut() {
                    Some(handle_long) => handle_long(long, rows),
                    None => Err(long.too_long().into()),
                },
            })?;
            continue;
        }
        rows.start_batch();
        let mut one = || handle(&Pattern::single_word(arg)?, rows);
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
///
/// The answers written to `rows` are a batch ([`Rows::start_batch`]): they are flushed just
/// before a read of standard input that may wait, so a file or a pipe full of lines is
/// answered in large writes, and a line typed by hand (or written by a program that waits
/// for its answer) is answered before the next is read.
pub fn for_each_line(
    limit: usize,
    rows: &mut Rows,
    mut handle: impl FnMut(&Line, &mut Rows) -> Result<(), Failure>,
) -> Result<(), Failure> {
    for_each_entry(limit, rows, false, |entry, rows| match entry {
        Entry::Whole(line) => handle(&line, rows),
        Entry::Long(long) => Err(long.too_long().into()),
    })
}

/// [`for_each_line`] that, when `take_long`, gives a line longer than `limit` to `handle` in
/// pieces ([`Entry::Long`]) instead of refusing it as soon as it passes the limit.
fn for_each_entry(
    limit: usize,
    rows: &mut Rows,
    take_long: bool,
    mut handle: impl FnMut(Entry<BufReader<StdinLock<'static>>>, &mut Rows) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let stdin = super::streams::stdin()?;
    let reader = BufReader::with_capacity(READ_BYTES, stdin.lock());
    let mut lines = BatchLines::new(reader, "standard input", limit);
    rows.start_batch();
    loop {
        let mut flush_failed = None;
        let mut flush = || rows.flush().inspect_err(|e| flush_failed = Some(e.kind()));
        let next = match take_long {
            true => lines.next_entry_or_flush(&mut flush),
            false => lines
                .next_line_or_flush(&mut flush)
                .map(|line| line.map(Entry::Whole)),
        };
        let entry = match (next, flush_failed) {
            (Ok(Some(entry)), _) => entry,
            (Ok(None), _) => return Ok(()),
            // A closed pipe ends the batch quietly, as any write to it does.
            (Err(_), Some(std::io::ErrorKind::BrokenPipe)) => return Err(Failure::ClosedOutput),
            (Err(err), _) => return Err(err.into()),
        };
        let number = match &entry {
            Entry::Whole(line) => line.number(),
            Entry::Long(long) => long.number(),
        };
        handle(entry, rows).map_err(|failure| at_line(failure, "standard input", number))?;
    }
}

/// A failure on line `number` of `source`: its input and line number set, its message
/// prefixed with the line's place (unless it names a line already).
fn at_line(failure: Failure, source: &str, number: u64) -> Failure {
    match failure {
        Failure::Error(err) if err.line().is_none() => Failure::Error(err.at_line(source, number)),
        other => other,
    }
}
