//! Where words and lines come from: the arguments, or standard input with `-`, read through
//! the library's one batch-line reader ([`unhop::batch_lines`]).

use super::Failure;
use super::batch::{Answer, ChunkAnswerer, Order, answer_alone, at_line};
use super::output::Rows;
use super::read_ahead::{Ahead, ReadAhead};
use std::io::{BufReader, Stdin, Write};
use unhop::batch_lines::{BatchLines, Line, LongLine, MAX_LINE_BYTES};
use unhop::{Pattern, Word};

/// The bytes read from standard input at a time: the answers to the lines of one read are
/// written together, once the next read may wait.
const READ_BYTES: usize = 1 << 20;

/// The byte limit of a line that holds a command or a puzzle board, not a word.
pub const SHORT_LINE_BYTES: usize = 1 << 16;

/// The help text shared by the WORD arguments of check, solve and grundy.
pub const WORDS_HELP: &str = "One or more words (0/1 or ./x) or patterns without a variable \
     such as 11(01)^3, one result each in order; - reads one word per line of standard input \
     (lines end at \\n, \\r\\n or \\r; blank lines and lines starting with # are skipped; at \
     most 32 MiB a line, but check reads a longer one as a stream)";

/// Calls `handle` on each word named by `args`, in order: each argument is a word or a pattern
/// without a variable, such as `11(01)^3 00(10)^2 11`; `-` reads standard input, one word per
/// line, answered in chunks on every thread ([`for_each_line`]). Errors name the argument
/// (when there are several) or the line of standard input. Each word's answer, written to
/// its [`Answer`], goes to `rows` in order.
pub fn for_each_word(
    args: &[String],
    rows: &mut Rows,
    handle: impl Fn(&Word, &mut Answer) -> Result<(), Failure> + Sync,
) -> Result<(), Failure> {
    for_each_word_or_long_line(args, rows, handle, None)
}

/// A line of standard input longer than its limit, to be read in pieces.
pub type LongStdinLine<'a> = LongLine<'a, BufReader<Stdin>>;

/// What reads a line of standard input longer than its limit, in pieces, writing its answer
/// to the rows itself (after the answers of the lines before it).
pub type LongLineHandler<'h> = &'h mut dyn FnMut(LongStdinLine, &mut Rows) -> Result<(), Failure>;

/// [`for_each_word`] that gives a line of standard input longer than the word's limit (32 MiB)
/// to `handle_long` in pieces, when given, instead of refusing it.
pub fn for_each_word_or_long_line(
    args: &[String],
    rows: &mut Rows,
    handle: impl Fn(&Word, &mut Answer) -> Result<(), Failure> + Sync,
    mut handle_long: Option<LongLineHandler>,
) -> Result<(), Failure> {
    if args.iter().filter(|a| *a == "-").count() > 1 {
        return Err(Failure::input("- (standard input) may be given only once"));
    }
    let mut text = Vec::new();
    for (k, arg) in args.iter().enumerate() {
        if arg == "-" {
            let each_line = |line: &Line, answer: &mut Answer| {
                handle(&Pattern::single_word(line.text())?, answer)
            };
            // Standard input is read once (checked above).
            let long = handle_long.take();
            for_each_entry(MAX_LINE_BYTES, Order::Parallel, rows, each_line, long)?;
            continue;
        }
        rows.start_batch();
        let one = answer_alone(rows, &mut text, |answer| {
            handle(&Pattern::single_word(arg)?, answer)
        });
        match one {
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
/// The lines are answered in chunks, in `order` ([`super::batch`]), and their answers written
/// to `rows` in input order as a batch ([`Rows::start_batch`]): the lines read so far are
/// answered, and their answers flushed, just before a read of standard input that may wait,
/// so a file or a pipe full of lines is answered in large writes, and a line typed by hand
/// (or written by a program that waits for its answer) is answered before the next is read.
pub fn for_each_line(
    limit: usize,
    order: Order,
    rows: &mut Rows,
    handle: impl Fn(&Line, &mut Answer) -> Result<(), Failure> + Sync,
) -> Result<(), Failure> {
    for_each_entry(limit, order, rows, handle, None)
}

/// [`for_each_line`] that gives a line longer than `limit` to `handle_long` in pieces, when
/// given, instead of refusing it as soon as it passes the limit; the lines before it are
/// answered first. Standard input is read ahead on a thread of its own
/// ([`super::read_ahead`]) while the chunk before is answered.
fn for_each_entry(
    limit: usize,
    order: Order,
    rows: &mut Rows,
    handle: impl Fn(&Line, &mut Answer) -> Result<(), Failure> + Sync,
    mut handle_long: Option<LongLineHandler>,
) -> Result<(), Failure> {
    let stdin = super::streams::stdin()?;
    let reader = BufReader::with_capacity(READ_BYTES, stdin);
    let source = "standard input";
    let mut lines = BatchLines::new(reader, source, limit);
    let mut answerer = ChunkAnswerer::new(source, order);
    rows.start_batch();
    let each_alone = order == Order::OneAtATime || rows.answers_each_row();
    loop {
        let ahead = ReadAhead::start(lines, handle_long.is_some(), each_alone)?;
        lines = loop {
            match ahead.next() {
                Ahead::Lines { chunk, flush } => {
                    answerer.answer(&chunk, rows, &handle)?;
                    ahead.refill(chunk);
                    if flush {
                        rows.flush()?;
                    }
                }
                Ahead::Long(mut rest) => {
                    let Some(long) = rest.long_line() else {
                        return Err(Failure::Error(unhop::Error::internal(
                            "a long line handed over without it",
                        )));
                    };
                    let number = long.number();
                    let answered = match handle_long.as_mut() {
                        Some(handle_long) => handle_long(long, rows),
                        None => Err(long.too_long().into()),
                    };
                    answered.map_err(|failure| at_line(failure, source, number))?;
                    break *rest;
                }
                Ahead::End => return Ok(()),
                Ahead::Failed(err) => return Err(err.into()),
            }
        };
    }
}
