//! `unhop table --max-len N [--moves M] [--board B] [--format csv|json] [--stats] [-o FILE]`

use super::output::{CSV, JSON, Sink, check};
use super::{Failure, GameArgs, Verdict};
use std::path::PathBuf;
use unhop::games::{
    MAX_INFINITE_TABLE_LEN, MAX_TABLE_LEN, dense_values, length_stats, table_words,
};
use unhop::solitaire::Board;

/// Limits on N: the dense tables take 1.75 × 2^N bytes (finite board) or 2^(N−1) bytes
/// (infinite board), refused when the memory is not available. A full listing is also
/// limited by its size: 2^24 lines are about 500 MB of text.
const MAX_LISTING_LEN: usize = 24;

#[derive(clap::Args)]
pub struct Args {
    /// Every word of length 1 to N (on the infinite board: every word that starts and ends
    /// with a peg); with --stats N ≤ 34 on the finite board (1.75 × 2^N bytes), ≤ 33 on the
    /// infinite board (2^(N−1) bytes), as the memory allows; N ≤ 24 without --stats
    #[arg(long)]
    max_len: usize,
    #[command(flatten)]
    game: GameArgs,
    /// csv (with a header line) or json (one object per line)
    #[arg(long, value_enum, default_value = "csv")]
    format: Format,
    /// Per length: the number of words, of P-positions (value 0), the largest value and the
    /// first word with it
    #[arg(long)]
    stats: bool,
    /// Write to this file instead of standard output (.csv, or .json with --format json; - is
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
    let format = match args.format {
        Format::Csv => &CSV,
        Format::Json => &JSON,
    };
    check(args.out.as_deref(), format)?;
    let limit = match (args.game.board, args.stats) {
        (_, false) => MAX_LISTING_LEN,
        (Board::Finite, true) => MAX_TABLE_LEN,
        (Board::Infinite, true) => MAX_INFINITE_TABLE_LEN,
    };
    if !(1..=limit).contains(&args.max_len) {
        return Err(Failure::Input(format!(
            "--max-len must be from 1 to {limit} here (the {} board{}), not {}",
            args.game.board,
            if args.stats {
                " with --stats"
            } else {
                ", listing every word"
            },
            args.max_len
        )));
    }
    let progress = indicatif::ProgressBar::new(args.max_len as u64);
    let mut sink = Sink::open(args.out.as_deref())?;
    let csv = args.format == Format::Csv;
    if args.stats {
        let stats = length_stats(args.game.moves, args.game.board, args.max_len, &mut |_| {
            progress.inc(1)
        })?;
        if csv {
            sink.write_text("length,words,p_positions,max_value,example\n")?;
        }
        for s in stats {
            let line = if csv {
                format!(
                    "{},{},{},{},{}\n",
                    s.len, s.words, s.p_positions, s.max_value, s.example
                )
            } else {
                let object = serde_json::json!({
                    "length": s.len, "words": s.words, "p_positions": s.p_positions,
                    "max_value": s.max_value, "example": s.example.to_string(),
                });
                format!("{object}\n")
            };
            sink.write_text(&line)?;
        }
    } else {
        // A listing is at most 2^24 words a length, so every length's values are kept whole.
        let value_of = dense_values(args.game.moves, args.game.board, args.max_len)?;
        if csv {
            sink.write_text("word,value\n")?;
        }
        for len in 1..=args.max_len {
            for word in table_words(len, args.game.board) {
                let value = value_of(&word);
                let line = if csv {
                    format!("{word},{value}\n")
                } else {
                    format!(
                        "{}\n",
                        serde_json::json!({"word": word.to_string(), "value": value})
                    )
                };
                sink.write_text(&line)?;
            }
            progress.inc(1);
        }
    }
    progress.finish_and_clear();
    sink.finish()?;
    Ok(Verdict::Done)
}
