//! `unhop plot family|stats|heatmap … -o FILE.svg|FILE.png`: Duotaire charts.

use super::output::{CHART, JSON, check, draw, emit};
use super::progress::TerminalProgress;
use super::{Failure, Verdict};
use std::path::PathBuf;
use unhop::Pattern;
use unhop::games::{Convention, FamilyRange, MoveRule};
use unhop::plot::Picture;
use unhop::reproduce::{family_chart, heat_map, stats_chart};
use unhop::solitaire::Board;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    chart: Chart,
}

#[derive(clap::Subcommand)]
enum Chart {
    /// The value sequence along a family such as 011(01)^n0, both move rules
    #[command(after_help = "Examples:
  unhop plot family '011(01)^n0' --n 0..8 -o -
  unhop plot family '011(01)^n0' --n 0..8 --json
  unhop plot family '(110)^n' --n 1..6 --rule misere --json")]
    Family {
        /// A pattern with one variable
        pattern: String,
        /// The range of the variable, A..B (inclusive)
        #[arg(long)]
        n: FamilyRange,
        /// The board: infinite (hops may leave the word) or finite (the board is the word)
        #[arg(long, default_value = "infinite")]
        board: Board,
        /// normal: the player who cannot move loses; misere: the player who cannot move wins
        #[arg(long, default_value = "normal")]
        rule: Convention,
        #[command(flatten)]
        target: Target,
    },
    /// Per length, the share of P-positions and the largest value, both move rules
    #[command(after_help = "Examples:
  unhop plot stats --max-len 10 -o -
  unhop plot stats --max-len 10 --board finite -o -
  unhop plot stats --max-len 10 --json
  unhop plot stats --max-len 8 --rule misere --json")]
    Stats {
        /// Lengths 1 to N (as for `unhop table --stats`: refused beyond the memory or the work
        /// of its tables, which `unhop table --help` gives under --max-len)
        #[arg(long)]
        max_len: usize,
        /// The board: infinite (hops may leave the word) or finite (the board is the word)
        #[arg(long, default_value = "infinite")]
        board: Board,
        /// normal: the player who cannot move loses; misere: the player who cannot move wins
        #[arg(long, default_value = "normal")]
        rule: Convention,
        #[command(flatten)]
        target: Target,
    },
    /// The values of every finite-board word of length N: the first half of the cells picks
    /// the row, the second half the column
    #[command(after_help = "Examples:
  unhop plot heatmap 8 --moves single -o -
  unhop plot heatmap 4 --json
  unhop plot heatmap 6 --rule misere --json")]
    Heatmap {
        /// The length N (at least 2; a map of at most 2^20 cells)
        #[arg(value_name = "N", required_unless_present = "len")]
        length: Option<usize>,
        /// The same as N (the option's old spelling)
        #[arg(long, hide = true, conflicts_with = "length")]
        len: Option<usize>,
        /// single or chain
        #[arg(long, default_value = "chain")]
        moves: MoveRule,
        /// normal: the player who cannot move loses; misere: the player who cannot move wins
        #[arg(long, default_value = "normal")]
        rule: Convention,
        #[command(flatten)]
        target: Target,
    },
}

/// Where a chart goes: a picture file, or its numbers as JSON.
#[derive(clap::Args)]
#[group(required = true, multiple = true)]
struct Target {
    /// The output file: .svg or .png (a name without an extension, or - for standard output,
    /// is SVG); with --json, the JSON goes there instead
    #[arg(short, long)]
    out: Option<PathBuf>,
    /// The chart's numbers (title, labels, series or cells) as one JSON object instead of a
    /// picture
    #[arg(long)]
    json: bool,
}

impl Target {
    /// Draws `picture`, or writes its numbers as JSON.
    fn show(&self, picture: &impl Picture, size: (u32, u32)) -> Result<(), Failure> {
        match &self.out {
            Some(out) if !self.json => draw(picture, out, size),
            // --json (clap asks for --out or --json).
            out => {
                let mut text = serde_json::to_string(picture).map_err(std::io::Error::from)?;
                text.push('\n');
                emit(&text, out.as_deref())
            }
        }
    }
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let (Chart::Family { target, .. }
    | Chart::Stats { target, .. }
    | Chart::Heatmap { target, .. }) = &args.chart;
    check(
        target.out.as_deref(),
        if target.json { &JSON } else { &CHART },
    )?;
    let progress = TerminalProgress::new();
    let budget = super::budget();
    match args.chart {
        Chart::Family {
            pattern,
            n,
            board,
            rule,
            target,
        } => {
            let family = Pattern::parse(&pattern)?;
            let chart = family_chart(&family, n, board, rule, &budget, &progress)?;
            drop(progress);
            target.show(&chart, (900, 560))?;
        }
        Chart::Stats {
            max_len,
            board,
            rule,
            target,
        } => {
            let panels = stats_chart(board, rule, max_len, &budget, &progress)?;
            drop(progress);
            target.show(&panels, (900, 900))?;
        }
        Chart::Heatmap {
            length,
            len,
            moves,
            rule,
            target,
        } => {
            let length = length.or(len).unwrap_or_default();
            let map = heat_map(moves, rule, length, &budget, &progress)?;
            drop(progress);
            target.show(&map, (1000, 860))?;
        }
    }
    Ok(Verdict::Done)
}
