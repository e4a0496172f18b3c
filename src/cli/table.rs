//! `unhop table --max-len N [--moves M] [--board B] [--format csv|json] [--stats] [-o FILE]`

use super::output::Sink;
use super::{Failure, Verdict};
use std::path::PathBuf;
use unhop::Word;
use unhop::games::{Duotaire, MoveRule, Solver};
use unhop::solitaire::Board;

/// The longest words a table covers: the memo of a hash-map solver holds every position of
/// every length up to this (2^22 words, about 1 GB at most); longer tables are refused.
const MAX_TABLE_LEN: usize = 22;

#[derive(clap::Args)]
pub struct Args {
    /// Every word of length 1 to N (on the infinite board: every word that starts and ends
    /// with a peg); N ≤ 22
    #[arg(long)]
    max_len: usize,
    /// single: a move is one hop; chain: one or more hops by the same peg (the paper's rule)
    #[arg(long, default_value = "chain")]
    moves: MoveRule,
    /// The board: infinite (hops may leave the word) or finite (the board is the word)
    #[arg(long, default_value = "infinite")]
    board: Board,
    /// csv (with a header line) or json (one object per line)
    #[arg(long, value_enum, default_value = "csv")]
    format: Format,
    /// Per length: the number of words, of P-positions (value 0), the largest value and the
    /// first word with it
    #[arg(long)]
    stats: bool,
    /// Write to this file (atomically) instead of standard output
    #[arg(short, long)]
    out: Option<PathBuf>,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Csv,
    Json,
}

/// The words of one length the table lists: all of them on the finite board, those with a
/// peg at both ends on the infinite board (where holes at the ends do not matter).
fn words_of(len: usize, board: Board) -> Box<dyn Iterator<Item = Word>> {
    match (board, len) {
        (Board::Finite, _) => Box::new((0..1u128 << len).map(move |b| Word::from_bits(b, len))),
        (Board::Infinite, 1) => Box::new(std::iter::once(Word::from_bits(1, 1))),
        (Board::Infinite, _) => Box::new(
            (0..1u128 << (len - 2))
                .map(move |middle| Word::from_bits(1 | middle << 1 | 1 << (len - 1), len)),
        ),
    }
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    if !(1..=MAX_TABLE_LEN).contains(&args.max_len) {
        return Err(Failure::Input(format!(
            "--max-len must be from 1 to {MAX_TABLE_LEN} (the table's memo must fit in memory), \
             not {}",
            args.max_len
        )));
    }
    let game = Duotaire::new(args.moves, args.board);
    let mut solver = Solver::new(game);
    let total: u64 = (1..=args.max_len)
        .map(|len| words_of(len, args.board).size_hint().0 as u64)
        .sum();
    let progress = indicatif::ProgressBar::new(total);
    let mut sink = Sink::open(args.out.as_deref())?;
    let csv = args.format == Format::Csv;
    if csv {
        let header = if args.stats {
            "length,words,p_positions,max_value,example\n"
        } else {
            "word,value\n"
        };
        sink.write_text(header)?;
    }
    for len in 1..=args.max_len {
        let (mut words, mut zeros, mut best) = (0u64, 0u64, None::<(u32, Word)>);
        for word in words_of(len, args.board) {
            let value = solver.value(&game.position(&word)?);
            progress.inc(1);
            if args.stats {
                words += 1;
                zeros += u64::from(value == 0);
                if best.as_ref().is_none_or(|(b, _)| value > *b) {
                    best = Some((value, word));
                }
            } else if csv {
                sink.write_text(&format!("{word},{value}\n"))?;
            } else {
                let object = serde_json::json!({"word": word.to_string(), "value": value});
                sink.write_text(&format!("{object}\n"))?;
            }
        }
        if let (true, Some((max, example))) = (args.stats, best) {
            let line = if csv {
                format!("{len},{words},{zeros},{max},{example}\n")
            } else {
                let object = serde_json::json!({
                    "length": len, "words": words, "p_positions": zeros,
                    "max_value": max, "example": example.to_string(),
                });
                format!("{object}\n")
            };
            sink.write_text(&line)?;
        }
    }
    progress.finish_and_clear();
    sink.finish()?;
    Ok(Verdict::Done)
}
