//! `unhop check WORD... [--board B] [--method M] [--json] [-o FILE]`: exit 0 when every word
//! reduces to one peg, else 1.

use super::batch::AllHold;
use super::input::{LongStdinLine, for_each_word_or_long_line};
use super::output::check as check_out;
use super::output::{Rows, json_or_text, write_json};
use super::{Common, Failure, Verdict};
use std::io::Write;
use std::path::PathBuf;
use unhop::batch_lines::MAX_LINE_BYTES;
use unhop::solitaire::{BadCell, Board, CheckReport, LongWord, StreamCheck};
use unhop::{Error, Method};

#[derive(clap::Args)]
#[command(after_help = "Examples:
  unhop check 1101101 110
  unhop check 01111 --board finite --json
  unhop check '11(01)^4' --method exhaustive
  printf '011\\n1111\\n' | unhop check -")]
pub struct Args {
    #[arg(required = true, help = super::input::WORDS_HELP)]
    words: Vec<String>,
    #[command(flatten)]
    common: Common,
    /// Write the results to this file instead of standard output (.json or .jsonl with
    /// --json, else .txt; - is standard output)
    #[arg(short, long, alias = "output")]
    out: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    check_out(args.out.as_deref(), json_or_text(args.common.json))?;
    let (board, method, json) = (args.common.board, args.common.method, args.common.json);
    let mut rows = Rows::open(args.out.as_deref())?;
    let all = AllHold::new();
    for_each_word_or_long_line(
        &args.words,
        &mut rows,
        |word, answer| {
            let bar = answer.progress();
            let report = CheckReport::with_progress(word, board, method, &bar);
            drop(bar);
            let report = report?;
            all.record(report.solvable);
            Ok(write_report(answer, &report, json)?)
        },
        Some(&mut |long, rows| {
            // The answers before it are out before the long read starts.
            rows.flush()?;
            let (long_word, solvable) = check_long_line(long, board, method)?;
            all.record(solvable);
            let report = CheckReport::of_long_word(&long_word, board, solvable);
            rows.row(|out| write_report(out, &report, json))
        }),
    )?;
    rows.finish()?;
    Ok(all.verdict())
}

/// One answer: the report in JSON, or `WORD: reduces to one peg on the B board`, where a word
/// too long to echo is shown as its first cells and its length (`0110…  (N cells)`).
fn write_report(out: &mut dyn Write, report: &CheckReport, json: bool) -> std::io::Result<()> {
    if json {
        return write_json(out, report);
    }
    let verdict = match report.solvable {
        true => "reduces",
        false => "does not reduce",
    };
    match (report.word, report.long_word) {
        (Some(word), _) => write!(out, "{word}")?,
        (None, Some(long_word)) => write!(out, "{long_word}")?,
        (None, None) => {}
    }
    writeln!(out, ": {verdict} to one peg on the {} board", report.board)
}

/// Checks a line of standard input longer than the line cap (32 MiB) as a stream of cells, in
/// constant memory (the fast method only): blanks are skipped as in a shorter line, but a
/// pattern is not expanded. The word's first cells and length, and whether it reduces.
fn check_long_line(
    mut long: LongStdinLine,
    board: Board,
    method: Method,
) -> Result<(LongWord, bool), Failure> {
    if method == Method::Exhaustive {
        return Err(Failure::input(format!(
            "the line is longer than {} MiB, too long for --method exhaustive (its search \
             holds the word and its positions in memory); --method fast checks it as a stream",
            MAX_LINE_BYTES >> 20
        )));
    }
    let mut check = StreamCheck::new(board);
    let mut offset = long.start();
    while let Some(piece) = long.next_piece()? {
        feed_cells(&mut check, piece, offset)?;
        offset += piece.len() as u64;
    }
    Ok((LongWord::of(&check), check.reduces()))
}

/// Feeds the cells of `piece`, which starts at `offset` in its line, to `check`, skipping
/// spaces and tabs; another character is an error naming its position in the line.
fn feed_cells(check: &mut StreamCheck, mut piece: &[u8], mut offset: u64) -> Result<(), Error> {
    let is_blank = |byte: &u8| matches!(byte, b' ' | b'\t');
    loop {
        let before = check.cells();
        let Err(bad) = check.feed(piece) else {
            return Ok(());
        };
        let at = (bad.position - before) as usize;
        if !is_blank(&bad.byte) {
            return Err(not_a_cell(BadCell {
                position: offset + at as u64,
                ..bad
            }));
        }
        check.feed(&piece[..at])?;
        let blanks = piece[at..].iter().take_while(|b| is_blank(b)).count();
        piece = &piece[at + blanks..];
        offset += (at + blanks) as u64;
    }
}

/// The error of a character that is not a cell in a long line, which says, for a pattern's
/// character, that patterns are expanded only on shorter lines.
fn not_a_cell(bad: BadCell) -> Error {
    let of_pattern = matches!(bad.character, Some('(' | ')' | '^' | '2'..='9'));
    let error = Error::from(bad);
    match of_pattern {
        true => error.with_note(format!(
            "a line longer than {} MiB is read as plain cells (0, 1, '.', 'x'); patterns such \
             as 11(01)^3 are expanded only on shorter lines",
            MAX_LINE_BYTES >> 20
        )),
        false => error,
    }
}
