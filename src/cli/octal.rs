//! `unhop octal CODE --max-heap N [--period] [--summary] [--plot FILE] [--method M] [--json]`:
//! the Grundy sequence of an octal game (or Grundy's game), its proved period, and a chart.

use super::output::{CHART, check, draw, not_stdout};
use super::{Failure, Verdict};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use unhop::games::{Octal, Period, RareValueStats, bounded_rare_value_sequence, proved_period};
use unhop::plot::{LineChart, Series};

/// The largest heap: 8 bytes a heap (12 once a value exceeds 65,535), 768 MiB at most.
pub const MAX_OCTAL_HEAP: usize = 1 << 26;
/// The plain O(n²) loop is refused beyond this heap (about half a minute).
pub const MAX_PLAIN_HEAP: usize = 1 << 18;
/// The plain loop is refused up front when it would look at more options than this, about
/// 10 s (Kayles to 2^18 would look at 3.4 × 10^10, about half a minute on a quiet machine).
pub const MAX_PLAIN_WORK: u128 = 10_000_000_000;
/// The fast method gives up after this many steps unless `--max-work` says otherwise: about
/// 7 s of marking splits on one core (0.<4096 sevens> to heap 100,000 gives up at heap 4,157;
/// Treblecross 0.007 gets to about heap 150,000).
pub const MAX_FAST_WORK: u64 = 6_000_000_000;
/// Beyond this many values a chart shows, per block of heaps, the largest and smallest value.
const MAX_PLOTTED_POINTS: usize = 4000;

/// How the sequence is computed.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OctalMethod {
    /// The rare-value (sparse-space) method: exact, close to linear time when it applies
    Fast,
    /// The plain O(n²) mex loop (its slow twin)
    Plain,
}

#[derive(clap::Args)]
pub struct Args {
    /// The code, such as 0.77 (Kayles), 0.07 (Dawson's Kayles), 0.007, 4.07, or 'grundy'
    code: String,
    /// Compute G(0) to G(N)
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    max_heap: String,
    /// Look for a period and prove it by the Guy–Smith criterion (exit 1 if none is proved)
    #[arg(long)]
    period: bool,
    /// Print the summary only, not the values
    #[arg(long)]
    summary: bool,
    /// Also draw the sequence into FILE (.svg or .png; a name without an extension is SVG)
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,
    /// fast: the rare-value method (gives up, exit 2, after --max-work steps);
    /// plain: the O(n²) mex loop (refused up front beyond 10^10 options looked at)
    #[arg(long, value_enum, default_value = "fast")]
    method: OctalMethod,
    /// The fast method gives up (exit 2) after this many steps, digits looked at and splits
    /// marked (the default is about 7 s); raise it for long runs such as Treblecross to 2^20
    #[arg(long, value_name = "STEPS", default_value_t = MAX_FAST_WORK)]
    max_work: u64,
    /// Machine-readable output: one JSON object
    #[arg(long)]
    json: bool,
}

fn parse_max_heap(text: &str, method: OctalMethod) -> Result<usize, Failure> {
    let n = super::subtraction::parse_small_heaps(&[text.to_string()])
        .map_err(|_| Failure::Input(format!("--max-heap '{text}' is not a whole number")))?[0];
    let limit = match method {
        OctalMethod::Fast => MAX_OCTAL_HEAP,
        OctalMethod::Plain => MAX_PLAIN_HEAP,
    };
    if n > limit as u64 {
        return Err(Failure::Input(format!(
            "--max-heap {n} is above the limit of {limit} for this method (memory and time)"
        )));
    }
    Ok(n as usize)
}

/// The values, with a progress bar on a terminal, and for the fast method its statistics.
fn compute(
    game: &Octal,
    max: usize,
    method: OctalMethod,
    max_work: u64,
) -> Result<(Vec<u32>, Option<RareValueStats>), Failure> {
    if method == OctalMethod::Plain {
        let work = game.exhaustive_work(max);
        if work > MAX_PLAIN_WORK {
            return Err(Failure::Input(format!(
                "the plain loop for {} to heap {max} needs an estimated {work} options \
                 looked at; the limit is {MAX_PLAIN_WORK}, which bounds its time: use the fast \
                 method or a smaller --max-heap",
                game.short_name()
            )));
        }
        return Ok((game.exhaustive_values(max), None));
    }
    let bar = if std::io::stderr().is_terminal() && max >= 1 << 16 {
        let bar = ProgressBar::new(max as u64 + 1);
        bar.set_style(
            ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} heaps, {elapsed}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar.set_message(format!("{game}"));
        bar
    } else {
        ProgressBar::hidden()
    };
    let computed =
        bounded_rare_value_sequence(game, max, max_work, |done| bar.set_position(done as u64));
    bar.finish_and_clear();
    let (values, stats) =
        computed.map_err(|e| Failure::Input(format!("{e}; raise it with --max-work")))?;
    Ok((values, Some(stats)))
}

/// The chart: every value, or per block of heaps the largest and the smallest.
fn chart(game: &Octal, values: &[u32]) -> LineChart {
    let block = values.len().div_ceil(MAX_PLOTTED_POINTS).max(1);
    let series = if block == 1 {
        let points = values
            .iter()
            .enumerate()
            .map(|(n, &g)| (n as f64, g as f64));
        vec![Series {
            name: "G(n)".into(),
            points: points.collect(),
        }]
    } else {
        let extreme = |largest: bool| {
            let points = values.chunks(block).enumerate().map(|(k, chunk)| {
                let pick = if largest {
                    chunk.iter().max()
                } else {
                    chunk.iter().min()
                };
                ((k * block) as f64, pick.copied().unwrap_or(0) as f64)
            });
            points.collect()
        };
        vec![
            Series {
                name: format!("largest G(n) in blocks of {block}"),
                points: extreme(true),
            },
            Series {
                name: format!("smallest G(n) in blocks of {block}"),
                points: extreme(false),
            },
        ]
    };
    LineChart {
        title: format!("Grundy values of {game}"),
        x_label: "heap n".into(),
        y_label: "G(n)".into(),
        series,
        integer_y: true,
    }
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let game: Octal = args.code.parse()?;
    let max = parse_max_heap(&args.max_heap, args.method)?;
    if args.period && game.is_grundy() {
        return Err(Failure::Input(
            "the Guy–Smith criterion needs every split to be allowed, so it proves nothing for \
             Grundy's game (whose splits must be unequal); leave out --period"
                .to_string(),
        ));
    }
    check(args.plot.as_deref(), &CHART)?;
    not_stdout(args.plot.as_deref(), "--plot", "the values")?;
    let (values, stats) = compute(&game, max, args.method, args.max_work)?;
    let period: Option<Period> = if args.period {
        proved_period(&values, game.max_taken())
    } else {
        None
    };
    if let Some(path) = &args.plot {
        draw(&chart(&game, &values), path, (1000, 600))?;
    }
    let largest = values.iter().copied().max().unwrap_or(0);
    let zeros = values.iter().filter(|&&g| g == 0).count();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    if args.json {
        let mut object = serde_json::json!({
            "code": game.to_string(),
            "max_heap": max,
            "largest": largest,
            "zeros": zeros,
        });
        if !args.summary {
            object["values"] = values.clone().into();
        }
        if let Some(stats) = &stats {
            object["rare_value_method"] = serde_json::json!({
                "common_values": stats.common_values,
                "rare_heaps": stats.rare_heaps,
                "pairs_marked": stats.pairs_scanned,
                "pairs_compared": stats.pairs_compared,
                "full_scans": stats.full_scans,
            });
        }
        if args.period {
            object["preperiod"] = period.map(|p| p.preperiod).into();
            object["period"] = period.map(|p| p.period).into();
        }
        writeln!(out, "{object}")?;
    } else {
        writeln!(
            out,
            "{game}: G(0) to G({max}); largest value {largest}; heaps of value 0: {zeros}"
        )?;
        if let Some(stats) = &stats {
            writeln!(
                out,
                "rare-value method: {} common values, {} rare heaps, {} splits marked, {} \
                 compared, {} full scans",
                stats.common_values,
                stats.rare_heaps,
                stats.pairs_scanned,
                stats.pairs_compared,
                stats.full_scans
            )?;
        }
        if !args.summary {
            for (row, chunk) in values.chunks(10).enumerate() {
                let listed: Vec<String> = chunk.iter().map(u32::to_string).collect();
                writeln!(out, "{:>8}: {}", row * 10, listed.join(" "))?;
            }
        }
        if args.period {
            match period {
                Some(p) => writeln!(
                    out,
                    "period {} from heap {} (preperiod {}): proved by the Guy–Smith criterion \
                     from G(0) to G({})",
                    p.period,
                    p.preperiod,
                    p.preperiod,
                    p.values_needed(game.max_taken()) - 1
                )?,
                None => writeln!(
                    out,
                    "no period proved by G(0) to G({max}) (the Guy–Smith criterion needs \
                     2·preperiod + 2·period + {} values)",
                    game.max_taken()
                )?,
            }
        }
    }
    out.flush()?;
    if args.period && period.is_none() {
        return Ok(Verdict::False);
    }
    Ok(Verdict::Done)
}
