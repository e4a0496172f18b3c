//! `unhop table --max-len N [--moves M] [--board B] [--json] [--notation N] [--stats] [-o FILE]`

use super::output::{CSV, JSON, check};
use super::progress::TerminalProgress;
use super::{Failure, GameArgs, Verdict};
use std::io::Write;
use std::path::PathBuf;
use unhop::files::Output;
use unhop::games::{
    MAX_INFINITE_TABLE_LEN, MAX_TABLE_LEN, Notation, each_table_length, max_table_len,
};

/// A full listing is limited by its size: 2^24 lines are about 500 MB of text.
const MAX_LISTING_LEN: usize = 24;

/// The help of --max-len, with the limits the library sets.
fn max_len_help() -> String {
    format!(
        "Every word of length 1 to N (on the infinite board: every word that starts and ends \
         with a peg); N ≤ {MAX_LISTING_LEN} when every word is listed; with --stats N ≤ \
         {MAX_TABLE_LEN} on the finite board (1.75 × 2^N bytes) and N ≤ \
         {MAX_INFINITE_TABLE_LEN} on the infinite board (2^(N+1) bytes while it is built), as \
         the memory allows"
    )
}

#[derive(clap::Args)]
#[command(after_help = "Examples:
  unhop table --max-len 4
  unhop table --max-len 3 --json --board finite
  unhop table --max-len 8 --stats --notation nimber")]
pub struct Args {
    #[arg(long, help = max_len_help())]
    max_len: usize,
    #[command(flatten)]
    game: GameArgs,
    /// JSON Lines: one object per word, or per length with --stats (the default is CSV with
    /// a header line)
    #[arg(long)]
    json: bool,
    /// csv or json: the same as leaving out or giving --json
    #[arg(long, value_enum, hide = true)]
    format: Option<Format>,
    /// How CSV values are written: integer (3) or nimber (0, *, *2, *3, …)
    #[arg(long, default_value = "integer")]
    notation: Notation,
    /// Per length: the number of words, of P-positions (value 0), the largest value and the
    /// first word with it; each row is written as soon as its length is done
    #[arg(long)]
    stats: bool,
    /// Write to this file instead of standard output (.csv, or .json with --json; - is
    /// standard output); a file is replaced only when complete
    #[arg(short, long)]
    out: Option<PathBuf>,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Csv,
    Json,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let json = args.json || args.format == Some(Format::Json);
    if args.json && args.format == Some(Format::Csv) {
        return Err(Failure::input(
            "--json and --format csv ask for two formats; give one",
        ));
    }
    check(args.out.as_deref(), if json { &JSON } else { &CSV })?;
    let board = args.game.board;
    let limit = match args.stats {
        false => MAX_LISTING_LEN,
        true => max_table_len(board),
    };
    if !(1..=limit).contains(&args.max_len) {
        return Err(Failure::input(format!(
            "--max-len must be from 1 to {limit} here (the {board} board{}), not {}",
            if args.stats {
                " with --stats"
            } else {
                ", listing every word"
            },
            args.max_len
        )));
    }
    let mut out = match &args.out {
        Some(path) => Output::create(path)?,
        None => Output::stdout(),
    };
    if !json {
        out.write_all(match args.stats {
            true => b"length,words,p_positions,max_value,example\n",
            false => b"word,value\n",
        })?;
    }
    let notation = args.notation;
    let progress = TerminalProgress::new();
    each_table_length(
        args.game.moves,
        board,
        args.max_len,
        &progress,
        &mut |length| -> Result<(), Failure> {
            if args.stats {
                let s = length.stats();
                if json {
                    writeln!(out, "{}", s.to_json())?;
                } else {
                    let max = notation.write(s.max_value);
                    let (len, words, p) = (s.len, s.words, s.p_positions);
                    writeln!(out, "{len},{words},{p},{max},{}", s.example)?;
                }
            } else {
                for (word, value) in length.rows() {
                    if json {
                        let object = serde_json::json!({"word": word.to_string(), "value": value});
                        writeln!(out, "{object}")?;
                    } else {
                        writeln!(out, "{word},{}", notation.write(u32::from(value)))?;
                    }
                }
            }
            // Each length is out as soon as it is done: a run stopped early keeps its rows.
            Ok(progress.suspend(|| out.flush())?)
        },
    )?;
    drop(progress);
    out.finish()?;
    Ok(Verdict::Done)
}
