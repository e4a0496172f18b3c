//! `unhop table --max-len N [--moves M] [--board B] [--rule R] [--method M] [--json]
//! [--notation N] [--stats] [-o FILE]`

use super::output::{CSV, JSON, check};
use super::progress::TerminalProgress;
use super::{Failure, GameArgs, Verdict};
use std::io::Write;
use std::path::PathBuf;
use unhop::files::Output;
use unhop::games::{Notation, each_length_stats, each_table_row};

/// The help of --max-len, with the limits the library sets.
fn max_len_help() -> String {
    "Every word of length 1 to N (on the infinite board: every word that starts and ends with \
     a peg); refused beyond the memory (1.75 × 2^N bytes on the finite board, 2^(N+1) on the \
     infinite board) and the work (--max-work: by default 2^25 words listed, 2^29 words \
     valued on the finite board, 2^26 on the infinite board: N ≤ 28 and N ≤ 27). With --stats \
     on the finite board under normal play the lengths are counted from the compact table of \
     the blocks instead: half a byte a block (about 1.84^N blocks: 0.26 GB at N = 32, 3.0 GB \
     at 36), refused beyond 2^30 blocks (N ≤ 33) unless --max-work allows more; on the \
     infinite board from the table of its cores (words from peg to peg with no gap of three \
     holes), with those of N + 1 and N + 2 cells: half a byte a core (0.37 GB at N = 32, 4.2 \
     GB at 36), refused beyond 2^28 cores (N ≤ 30) unless --max-work allows more"
        .into()
}

#[derive(clap::Args)]
#[command(after_help = "Examples:
  unhop table --max-len 4
  unhop table --max-len 3 --json --board finite
  unhop table --max-len 8 --stats --notation nimber
  unhop table --max-len 6 --stats --rule misere --method exhaustive
  unhop table --max-len 20 --stats --board finite --json --resume lengths")]
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
    /// With --stats on the finite board under normal play: keep each finished length of the
    /// compact table in this folder (made if missing), and read back the lengths kept there
    /// by an earlier run instead of computing them, so a stopped run resumes where it stopped
    #[arg(long, value_name = "DIR")]
    resume: Option<PathBuf>,
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
    let mut out = match &args.out {
        Some(path) => Output::create(path)?,
        None => Output::stdout(),
    };
    // The CSV header goes out with the first row: a request refused writes nothing.
    let mut header = match (json, args.stats) {
        (true, _) => None,
        (false, true) => Some(&b"length,words,p_positions,max_value,example\n"[..]),
        (false, false) => Some(&b"word,value\n"[..]),
    };
    let notation = args.notation;
    let progress = TerminalProgress::new();
    let budget = super::budget();
    let (game, method, max_len) = (args.game.game(), args.game.method, args.max_len);
    if args.resume.is_some() && !args.stats {
        return Err(Failure::input(
            "--resume keeps the lengths of a table of statistics: give --stats",
        ));
    }
    if args.stats {
        each_length_stats(
            game,
            method,
            max_len,
            &budget,
            &progress,
            args.resume.as_deref(),
            &mut |s| -> Result<(), Failure> {
                out.write_all(header.take().unwrap_or_default())?;
                if json {
                    serde_json::to_writer(&mut out, &s).map_err(std::io::Error::from)?;
                    writeln!(out)?;
                } else {
                    let max = notation.write(s.max_value);
                    let (len, words, p) = (s.len, s.words, s.p_positions);
                    writeln!(out, "{len},{words},{p},{max},{}", s.example)?;
                }
                // Each length is out as soon as it is done: a run stopped early keeps its rows.
                Ok(progress.suspend(|| out.flush())?)
            },
        )?;
    } else {
        each_table_row(
            game,
            method,
            max_len,
            &budget,
            &progress,
            &mut |row| -> Result<(), Failure> {
                out.write_all(header.take().unwrap_or_default())?;
                if json {
                    serde_json::to_writer(&mut out, row).map_err(std::io::Error::from)?;
                    writeln!(out)?;
                } else {
                    writeln!(out, "{},{}", row.word, notation.write(row.value))?;
                }
                Ok(())
            },
        )?;
    }
    drop(progress);
    out.finish()?;
    Ok(Verdict::Done)
}
