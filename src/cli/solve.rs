//! `unhop solve WORD... [--board B] [--method M] [--json | --dag-dot] [-o FILE]`

use super::input::for_each_word;
use super::output::{DOT, Format, JSON, TEXT, check};
use super::progress::TerminalProgress;
use super::{Common, Failure, Verdict};
use std::io::Write;
use std::path::{Path, PathBuf};
use unhop::Word;
use unhop::files::Output;
use unhop::solitaire::{Board, Hop, Solution, dag::BlockDag, solve_with_progress};

#[derive(clap::Args)]
#[command(after_help = "Examples:
  unhop solve 1101101
  unhop solve 01111 --board finite --json
  unhop solve '11(01)^5' 0110 --method exhaustive
  unhop solve 1101101 --dag-dot -o dag.dot")]
pub struct Args {
    #[arg(required = true, help = super::input::WORDS_HELP)]
    words: Vec<String>,
    #[command(flatten)]
    common: Common,
    /// Draw the paper's shortest-path DAG (infinite board, words of at most 40 cells) as DOT
    /// (one digraph per word)
    #[arg(long, conflicts_with_all = ["json", "method"])]
    dag_dot: bool,
    /// Write the results to this file instead of standard output (.dot or .gv with --dag-dot,
    /// .json or .jsonl with --json, else .txt; - is standard output)
    #[arg(short, long, alias = "output")]
    out: Option<PathBuf>,
}

/// The format of a command's output: JSON with `--json`, else text.
pub fn json_or_text(json: bool) -> &'static Format {
    if json { &JSON } else { &TEXT }
}

/// Rows written one at a time, each flushed as soon as it is done, to standard output or to
/// `-o` (a file is renamed into place by [`Rows::finish`]).
pub struct Rows(Output);

impl Rows {
    /// Standard output, or `out` when given.
    pub fn open(out: Option<&Path>) -> Result<Rows, Failure> {
        Ok(Rows(match out {
            None => Output::stdout(),
            Some(path) => Output::create(path)?,
        }))
    }

    /// Writes one row with `write` and flushes it.
    pub fn row(
        &mut self,
        write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
    ) -> Result<(), Failure> {
        let mut buffer = std::io::BufWriter::new(&mut self.0);
        write(&mut buffer)?;
        buffer.flush()?;
        drop(buffer);
        Ok(self.0.flush()?)
    }

    /// Flushes, and for a file renames it into place.
    pub fn finish(self) -> Result<(), Failure> {
        Ok(self.0.finish()?)
    }
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let format = if args.dag_dot {
        &DOT
    } else {
        json_or_text(args.common.json)
    };
    check(args.out.as_deref(), format)?;
    if args.dag_dot && args.common.board == Board::Finite {
        return Err(Failure::input(
            "--dag-dot draws the block factorisation, which holds on the infinite board only",
        ));
    }
    // Every word's result in one output: a file given with -o holds the whole batch.
    let mut rows = Rows::open(args.out.as_deref())?;
    if args.dag_dot {
        for_each_word(&args.words, |word| {
            let dot = BlockDag::new(word)?.to_dot();
            rows.row(|out| out.write_all(dot.as_bytes()))
        })?;
        rows.finish()?;
        return Ok(Verdict::Done);
    }
    for_each_word(&args.words, |word| {
        let bar = TerminalProgress::new();
        let solution = solve_with_progress(word, args.common.board, args.common.method, &bar);
        drop(bar);
        let solution = solution?;
        rows.row(|out| {
            if args.common.json {
                write_json(out, word, args.common.board, args.common.method, &solution)
            } else {
                write_text(out, word, &solution)
            }
        })
    })?;
    rows.finish()?;
    Ok(Verdict::Done)
}

/// `WORD: k peg(s); final F (from cell o); hops a→b c→d …` on one line.
fn write_text(out: &mut dyn Write, word: &Word, s: &Solution) -> std::io::Result<()> {
    let plural = if s.min_pegs == 1 { "" } else { "s" };
    write!(
        out,
        "{word}: {} peg{plural}; final {}",
        s.min_pegs, s.final_word
    )?;
    if s.final_offset != 0 {
        write!(out, " (from cell {})", s.final_offset)?;
    }
    write!(out, "; hops")?;
    if s.hops.is_empty() {
        write!(out, " none")?;
    }
    for hop in &s.hops {
        write!(out, " {hop}")?;
    }
    writeln!(out)
}

/// The contract's JSON object, streamed: a long word's hop list is never built as a value.
fn write_json(
    out: &mut dyn Write,
    word: &Word,
    board: Board,
    method: unhop::Method,
    s: &Solution,
) -> std::io::Result<()> {
    write!(
        out,
        "{{\"word\":\"{word}\",\"board\":\"{board}\",\"method\":\"{}\",\"min_pegs\":{},\
         \"final\":\"{}\",\"final_offset\":{},\"hops\":[",
        method.name(),
        s.min_pegs,
        s.final_word,
        s.final_offset
    )?;
    write_json_hops(out, &s.hops)?;
    writeln!(out, "]}}")
}

/// The hops as comma-separated JSON objects `{"from":i,"over":j,"to":k}`, streamed.
pub fn write_json_hops(out: &mut dyn Write, hops: &[Hop]) -> std::io::Result<()> {
    for (k, hop) in hops.iter().enumerate() {
        let comma = if k == 0 { "" } else { "," };
        write!(
            out,
            "{comma}{{\"from\":{},\"over\":{},\"to\":{}}}",
            hop.from(),
            hop.over(),
            hop.to()
        )?;
    }
    Ok(())
}
