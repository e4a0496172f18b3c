//! `unhop plot family|stats|heatmap … -o FILE.svg|FILE.png`: Duotaire charts.

use super::output::{CHART, JSON, check, draw, emit};
use super::progress::TerminalProgress;
use super::{Failure, Verdict};
use std::path::PathBuf;
use unhop::Pattern;
use unhop::Quiet;
use unhop::games::{Analysis, Duotaire, FiniteTable, MoveRule, length_stats};
use unhop::plot::{HeatMap, LineChart, Series, admit_heat_map};
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
  unhop plot family '011(01)^n0' --n 0..8 --json")]
    Family {
        /// A pattern with one variable
        pattern: String,
        /// The range of the variable, A..B (inclusive)
        #[arg(long)]
        n: String,
        /// The board: infinite (hops may leave the word) or finite (the board is the word)
        #[arg(long, default_value = "infinite")]
        board: Board,
        #[command(flatten)]
        target: Target,
    },
    /// Per length, the share of P-positions and the largest value, both move rules
    #[command(after_help = "Examples:
  unhop plot stats --max-len 10 -o -
  unhop plot stats --max-len 10 --board finite -o -
  unhop plot stats --max-len 10 --json")]
    Stats {
        /// Lengths 1 to N (as for `unhop table --stats`: refused beyond the memory, 1.75 × 2^N
        /// bytes on the finite board and 2^(N+1) on the infinite board, or the work)
        #[arg(long)]
        max_len: usize,
        /// The board: infinite (hops may leave the word) or finite (the board is the word)
        #[arg(long, default_value = "infinite")]
        board: Board,
        #[command(flatten)]
        target: Target,
    },
    /// The values of every finite-board word of one length: the first half of the cells
    /// picks the row, the second half the column
    #[command(after_help = "Examples:
  unhop plot heatmap --len 8 --moves single -o -
  unhop plot heatmap --len 4 --json")]
    Heatmap {
        /// The length (at least 2; a map of at most 2^20 cells)
        #[arg(long)]
        len: usize,
        /// single or chain
        #[arg(long, default_value = "chain")]
        moves: MoveRule,
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
    fn show(
        &self,
        picture: &(impl unhop::plot::Picture + ?Sized),
        size: (u32, u32),
    ) -> Result<(), Failure> {
        match &self.out {
            Some(out) if !self.json => draw(picture, out, size),
            // --json (clap asks for --out or --json).
            out => emit(&format!("{}\n", picture.to_json()), out.as_deref()),
        }
    }
}

const RULES: [MoveRule; 2] = [MoveRule::Single, MoveRule::Chain];

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let (Chart::Family { target, .. }
    | Chart::Stats { target, .. }
    | Chart::Heatmap { target, .. }) = &args.chart;
    check(
        target.out.as_deref(),
        if target.json { &JSON } else { &CHART },
    )?;
    match args.chart {
        Chart::Family {
            pattern,
            n,
            board,
            target,
        } => {
            let family = Pattern::parse(&pattern)?;
            let (a, b) = super::family::parse_range(&n)?;
            let mut series = Vec::new();
            for rule in RULES {
                let game = Duotaire::new(rule, board);
                let progress = TerminalProgress::new();
                let budget = super::budget();
                let mut points = Vec::new();
                Analysis::new(game, &budget, &progress).each_family_member(
                    &family,
                    a..=b,
                    &mut |k, _, value| {
                        points.push((k as f64, f64::from(value)));
                        Ok::<(), Failure>(())
                    },
                )?;
                series.push(Series {
                    name: format!("{rule} moves"),
                    points,
                });
            }
            let chart = LineChart {
                title: format!("Duotaire values of {pattern} ({board} board)"),
                x_label: "n".into(),
                y_label: "Grundy value".into(),
                series,
                integer_y: true,
            };
            target.show(&chart, (900, 560))?;
        }
        Chart::Stats {
            max_len,
            board,
            target,
        } => {
            if max_len == 0 {
                return Err(Failure::input("--max-len must be at least 1, not 0"));
            }
            let (mut shares, mut maxima) = (Vec::new(), Vec::new());
            for rule in RULES {
                let budget = super::budget();
                let progress = TerminalProgress::new();
                let stats = length_stats(rule, board, max_len, &budget, &progress)?;
                let share = stats
                    .iter()
                    .map(|s| (s.len as f64, s.p_positions as f64 / s.words as f64));
                let max = stats.iter().map(|s| (s.len as f64, f64::from(s.max_value)));
                shares.push(Series {
                    name: format!("{rule} moves"),
                    points: share.collect(),
                });
                maxima.push(Series {
                    name: format!("{rule} moves"),
                    points: max.collect(),
                });
            }
            let panels = [
                LineChart {
                    title: format!("Share of P-positions (value 0), {board} board"),
                    x_label: "word length".into(),
                    y_label: "P-positions / words".into(),
                    series: shares,
                    integer_y: false,
                },
                LineChart {
                    title: format!("Largest Grundy value, {board} board"),
                    x_label: "word length".into(),
                    y_label: "largest value".into(),
                    series: maxima,
                    integer_y: true,
                },
            ];
            target.show(&panels[..], (900, 900))?;
        }
        Chart::Heatmap { len, moves, target } => {
            if len < 2 {
                return Err(Failure::input(format!(
                    "--len must be at least 2, not {len}"
                )));
            }
            admit_heat_map(len)?;
            let budget = super::budget();
            let mut none = |_, _: &[u8]| Ok::<(), Failure>(());
            let table = FiniteTable::build(moves, len, &budget, &Quiet, &mut none)?;
            let low = len / 2;
            let cells = table.grid(len);
            let map = HeatMap {
                title: format!(
                    "Duotaire values of all {len}-cell words ({moves} moves, finite board)"
                ),
                x_label: format!("cells {low}..{len} as a binary number (cell {low} lowest)"),
                y_label: format!("cells 0..{low} (cell 0 lowest)"),
                cells,
            };
            target.show(&map, (1000, 860))?;
        }
    }
    Ok(Verdict::Done)
}
