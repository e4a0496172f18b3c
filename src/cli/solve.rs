//! `unhop solve WORD... [--board B] [--method M] [--json] [--dot] [-o FILE]`

use super::input::for_each_word;
use super::output::{DOT, Rows, check, json_or_text, write_json};
use super::{Common, Failure, Verdict};
use std::io::Write;
use std::path::PathBuf;
use unhop::Word;
use unhop::solitaire::{Board, HopList, Solution, SolveReport, dag::BlockDag, solve_within};

#[derive(clap::Args)]
#[command(after_help = "Examples:
  unhop solve 1101101
  unhop solve 01111 --board finite --json
  unhop solve '11(01)^5' 0110 --method exhaustive
  unhop solve 1101101 --dot -o dag.dot
  unhop solve 0110 --dot --json")]
pub struct Args {
    #[arg(required = true, help = super::input::WORDS_HELP)]
    words: Vec<String>,
    #[command(flatten)]
    common: Common,
    /// Draw the paper's shortest-path DAG (infinite board, words of at most 40 cells) as DOT
    /// (one digraph per word; with --json, the "dot" field of each word's report)
    #[arg(long, alias = "dag-dot")]
    dot: bool,
    /// Write the results to this file instead of standard output (.dot or .gv with --dot
    /// alone, .json or .jsonl with --json, else .txt; - is standard output)
    #[arg(short, long, alias = "output")]
    out: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let format = if args.dot && !args.common.json {
        &DOT
    } else {
        json_or_text(args.common.json)
    };
    check(args.out.as_deref(), format)?;
    if args.dot && args.common.board == Board::Finite {
        return Err(Failure::input(
            "--dot draws the block factorisation, which holds on the infinite board only",
        ));
    }
    // Every word's result in one output: a file given with -o holds the whole batch.
    let mut rows = Rows::open(args.out.as_deref())?;
    if args.dot && !args.common.json {
        for_each_word(&args.words, &mut rows, |word, out| {
            Ok(out.write_all(BlockDag::new(word)?.to_dot().as_bytes())?)
        })?;
        rows.finish()?;
        return Ok(Verdict::Done);
    }
    for_each_word(&args.words, &mut rows, |word, out| {
        let bar = out.progress();
        let (board, method) = (args.common.board, args.common.method);
        let solution = solve_within(word, board, method, &bar, &out.budget());
        drop(bar);
        let solution = solution?;
        let dot = match args.dot {
            true => Some(BlockDag::new(word)?.to_dot()),
            false => None,
        };
        if args.common.json {
            let mut report =
                SolveReport::new(word, args.common.board, args.common.method, &solution);
            report.dot = dot.as_deref();
            write_json(out, &report)?;
        } else {
            write_text(out, word, &solution)?;
        }
        Ok(())
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
    writeln!(out, "; hops {}", HopList(&s.hops))
}
