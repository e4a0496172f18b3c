//! `unhop solve WORD... [--board B] [--method M] [--json] [--dag-dot [-o FILE]]`

use super::input::for_each_word;
use super::output::{DOT, Sink, check};
use super::progress::TerminalProgress;
use super::{Common, Failure, Verdict};
use std::io::Write;
use std::path::PathBuf;
use unhop::Word;
use unhop::solitaire::{Board, Hop, Solution, dag::BlockDag, solve_with_progress};
use unhop::{Method, Progress};

#[derive(clap::Args)]
pub struct Args {
    #[arg(required = true, help = super::input::WORDS_HELP)]
    words: Vec<String>,
    #[command(flatten)]
    common: Common,
    /// Draw the paper's shortest-path DAG (infinite board, words of at most 40 cells) as DOT
    /// (one digraph per word)
    #[arg(long, conflicts_with_all = ["json", "method"])]
    dag_dot: bool,
    /// Write the DOT picture to this file (.dot or .gv) instead of standard output
    #[arg(short, long, requires = "dag_dot")]
    out: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let method = match args.common.method {
        unhop::Method::Fast => Method::Fast,
        unhop::Method::Exhaustive => Method::Exhaustive,
    };
    check(args.out.as_deref(), &DOT)?;
    if args.dag_dot && args.common.board == Board::Finite {
        return Err(Failure::Input(
            "--dag-dot draws the block factorisation, which holds on the infinite board only"
                .into(),
        ));
    }
    if args.dag_dot {
        // Every word's digraph in one output: a file given with -o holds the whole batch.
        let mut sink = Sink::open(args.out.as_deref())?;
        for_each_word(&args.words, |word| {
            sink.write_text(&BlockDag::new(word)?.to_dot())
        })?;
        sink.finish()?;
        return Ok(Verdict::Done);
    }
    for_each_word(&args.words, |word| {
        let bar = TerminalProgress::new();
        bar.start("exhaustive search: positions", None);
        let mut seen = 0;
        let mut progress = |positions: usize| {
            bar.advance(positions.saturating_sub(seen) as u64);
            seen = positions;
        };
        let solution = solve_with_progress(word, args.common.board, method, &mut progress);
        drop(bar);
        let solution = solution?;
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        if args.common.json {
            write_json(
                &mut out,
                word,
                args.common.board,
                args.common.method,
                &solution,
            )?;
        } else {
            write_text(&mut out, word, &solution)?;
        }
        out.flush()?;
        Ok(())
    })?;
    Ok(Verdict::Done)
}

/// `WORD: k peg(s); final F (from cell o); hops a→b c→d …` on one line.
fn write_text(out: &mut impl Write, word: &Word, s: &Solution) -> std::io::Result<()> {
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
    out: &mut impl Write,
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
pub fn write_json_hops(out: &mut impl Write, hops: &[Hop]) -> std::io::Result<()> {
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
