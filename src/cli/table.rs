//! `unhop table --max-len N [--moves M] [--board B] [--format csv|json] [--stats] [-o FILE]`

use super::output::Sink;
use super::{Failure, Verdict};
use std::path::PathBuf;
use unhop::Word;
use unhop::games::{Duotaire, FiniteTable, MAX_TABLE_LEN, MoveRule, Solver};
use unhop::solitaire::Board;

/// Limits on N. The infinite board uses the hash-map solver, whose memo holds every position
/// up to the length (2^22 words take about 10 s and 300 MB); the finite board uses the dense
/// table (one byte per word of every length, 2 GiB at 30). A full listing is also limited by
/// its size: 2^24 lines are about 500 MB of text.
const MAX_INFINITE_LEN: usize = 22;
const MAX_LISTING_LEN: usize = 24;

#[derive(clap::Args)]
pub struct Args {
    /// Every word of length 1 to N (on the infinite board: every word that starts and ends
    /// with a peg); N ≤ 22 on the infinite board, ≤ 30 on the finite board with --stats, ≤ 24
    /// without
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
    let limit = match (args.board, args.stats) {
        (Board::Infinite, _) => MAX_INFINITE_LEN,
        (Board::Finite, true) => MAX_TABLE_LEN,
        (Board::Finite, false) => MAX_LISTING_LEN,
    };
    if !(1..=limit).contains(&args.max_len) {
        return Err(Failure::Input(format!(
            "--max-len must be from 1 to {limit} here (the {} board{}), not {}",
            args.board,
            if args.stats {
                " with --stats"
            } else {
                ", listing every word"
            },
            args.max_len
        )));
    }
    let total: u64 = (1..=args.max_len)
        .map(|len| words_of(len, args.board).size_hint().0 as u64)
        .sum();
    let progress = indicatif::ProgressBar::new(total);
    let table = match args.board {
        Board::Finite => {
            let table = FiniteTable::build(args.moves, args.max_len, &mut |len| {
                progress.inc(1 << len);
            })?;
            progress.reset();
            Some(table)
        }
        Board::Infinite => None,
    };
    let game = Duotaire::new(args.moves, args.board);
    let mut solver = Solver::new(game);
    let mut value_of = |word: &Word| -> Result<u32, Failure> {
        Ok(match &table {
            Some(table) => u32::from(table.value(word).expect("in the table")),
            None => solver.value(&game.position(word)?),
        })
    };
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
        if let (true, Some(table)) = (args.stats, &table) {
            // Straight from the dense array: no word is built.
            let values = table.values(len);
            let max = values.iter().copied().max().unwrap_or(0);
            let first = values.iter().position(|&v| v == max).unwrap_or(0);
            words = values.len() as u64;
            zeros = values.iter().filter(|&&v| v == 0).count() as u64;
            best = Some((u32::from(max), Word::from_bits(first as u128, len)));
            progress.inc(words);
        }
        let listed = if best.is_some() {
            None
        } else {
            Some(words_of(len, args.board))
        };
        for word in listed.into_iter().flatten() {
            let value = value_of(&word)?;
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
