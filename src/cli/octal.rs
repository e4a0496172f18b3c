//! `unhop octal CODE --max-heap N [--period] [--summary] [--plot FILE] [--method M] [--json]
//! [--notation N] [-o FILE]`:
//! the Grundy sequence of an octal game (or Grundy's game), its proved period, and a chart.

use super::output::{CHART, Out, check, draw, json_or_text, not_stdout};
use super::progress::TerminalProgress;
use super::{Failure, Verdict};
use std::io::Write;
use std::path::PathBuf;
use unhop::Method;
use unhop::games::{Notation, Octal, OctalReport, parse_max_heap};
use unhop::plot::LineChart;

const EXAMPLES: &str = "Examples:
  unhop octal 0.77 --max-heap 200 --period --summary
  unhop octal 0.07 --max-heap 1048576 --summary --json
  unhop octal 0.137 --max-heap 100 --method exhaustive
  unhop octal grundy --max-heap 50
  unhop octal 0.07 --max-heap 30 --notation nimber";

#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
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
    /// fast: the rare-value method, the rest filled by the period once one is proved (N ≤
    /// 2^26; gives up, exit 2, after --max-work steps, digits looked at and splits marked:
    /// 6 × 10^9 by default, about 7 s; raise it for long runs such as Treblecross to 2^20);
    /// exhaustive: the plain O(N²) mex loop (N ≤ 2^18, refused up front beyond --max-work
    /// options looked at, 10^10 by default)
    #[arg(long, default_value = "fast", value_parser = method)]
    method: Method,
    /// Machine-readable output: one JSON object
    #[arg(long)]
    json: bool,
    /// How values are written in text: integer (3) or nimber (0, *, *2, *3, …)
    #[arg(long, default_value = "integer")]
    notation: Notation,
    #[command(flatten)]
    out: Out,
}

/// A method, also under its old name `plain` for the exhaustive one.
fn method(text: &str) -> Result<Method, String> {
    match text {
        "plain" => Ok(Method::Exhaustive),
        _ => text.parse().map_err(|e: unhop::Error| e.to_string()),
    }
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let game: Octal = args.code.parse()?;
    let max = parse_max_heap(&args.max_heap)?;
    let max = usize::try_from(max).unwrap_or(usize::MAX);
    check(args.plot.as_deref(), &CHART)?;
    not_stdout(args.plot.as_deref(), "--plot", "the values")?;
    args.out.check(json_or_text(args.json))?;
    let bar = TerminalProgress::new();
    let report = OctalReport::new(&game, max, args.method, args.period, &super::budget(), &bar)?;
    drop(bar);
    if let Some(path) = &args.plot {
        let title = format!("Grundy values of {game}");
        let values = report.values.as_deref().unwrap_or_default();
        let chart = LineChart::sequence(&title, "heap n", "G(n)", values);
        draw(&chart, path, (1000, 600))?;
    }
    let period = report.proved_period();
    let report = match args.summary {
        true => report.summary(),
        false => report,
    };
    let mut out = args.out.open()?;
    if args.json {
        serde_json::to_writer(&mut out, &report).map_err(std::io::Error::from)?;
        writeln!(out)?;
    } else {
        writeln!(
            out,
            "{game}: G(0) to G({max}); largest value {}; heaps of value 0: {}",
            args.notation.write(report.largest),
            report.zeros
        )?;
        if let Some(stats) = &report.rare_value_method {
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
            if let Some(p) = stats.period {
                writeln!(
                    out,
                    "G({}) to G({max}) filled in by the period {} from heap {}, proved by the \
                     Guy–Smith criterion from G(0) to G({})",
                    stats.computed,
                    p.period,
                    p.preperiod,
                    stats.computed - 1
                )?;
            }
        }
        if let Some(values) = &report.values {
            for (row, chunk) in values.chunks(10).enumerate() {
                let listed = args.notation.write_all(chunk);
                writeln!(out, "{:>8}: {listed}", row * 10)?;
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
    out.finish()?;
    if args.period && period.is_none() {
        return Ok(Verdict::False);
    }
    Ok(Verdict::Done)
}
