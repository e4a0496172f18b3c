//! `unhop subtraction SET [HEAPS...] [--rule R] [--max-heap N] [--method M] [--json]
//! [--notation N] [-o FILE]`:
//! subtraction games and their variants, for one position or as a table of one-heap
//! outcomes.

use super::output::{Out, json_or_text};
use super::{Failure, Verdict, usage};
use std::io::Write;
use unhop::games::{
    HeapGame, HeapRule, Notation, Outcome, Subtraction, parse_max_heap, parse_small_heaps,
};

const EXAMPLES: &str = "Examples:
  unhop subtraction 1..3 9 6
  unhop subtraction 1,3,4 --max-heap 30 --json
  unhop subtraction 1,3,4 --max-heap 20 --notation nimber
  unhop subtraction 1,2 7 --rule no-repeat
  unhop subtraction 1..3 --max-heap 40 --rule misere --method exhaustive";

#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The subtraction set, such as 1..3, 1,3,4 or 1..3,7
    set: String,
    /// The heap sizes of a position to analyse (one heap for no-repeat and odd-wins)
    #[arg(allow_negative_numbers = true)]
    heaps: Vec<String>,
    /// The rule: normal (whoever cannot move loses), misere (whoever takes the last stone
    /// loses), no-repeat (one heap; a player may not take the number the opponent just took)
    /// or odd-wins (one odd heap; players keep what they take; odd holding wins; needs 1 in
    /// the set)
    #[arg(long, default_value = "normal")]
    rule: HeapRule,
    /// Instead of a position: the outcome of every single heap from 0 to N (fast: N ≤
    /// 1,000,000; exhaustive: N ≤ 100,000 and at most 30,000,000 moves unless --max-work says
    /// otherwise)
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    max_heap: Option<String>,
    /// fast: the Grundy values with a proved period (normal play only, its default);
    /// exhaustive: retrograde analysis of every position reachable (the default, and the only
    /// method, for misere play and the variants)
    #[arg(long)]
    method: Option<unhop::Method>,
    /// Machine-readable output: one JSON object
    #[arg(long)]
    json: bool,
    /// How values are written in text: integer (3) or nimber (0, *, *2, *3, …)
    #[arg(long, default_value = "integer")]
    notation: Notation,
    #[command(flatten)]
    out: Out,
}

fn joined<T: ToString>(items: &[T]) -> String {
    items.iter().map(T::to_string).collect::<Vec<_>>().join(" ")
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let set = Subtraction::parse(&args.set)?;
    let rule = args.rule;
    if args.method == Some(unhop::Method::Fast)
        && !HeapGame::subtraction(set.clone(), rule).has_fast_method()
    {
        // An option that cannot apply is a usage error, as clap reports its own conflicts.
        return Err(usage(
            &["subtraction"],
            format!(
                "--method fast does not apply to the {rule} rule: it has only the exhaustive \
                 method"
            ),
        ));
    }
    args.out.write_with(json_or_text(args.json), |out| {
        if let Some(max) = &args.max_heap {
            if !args.heaps.is_empty() {
                return Err(Failure::input("give either heaps or --max-heap, not both"));
            }
            let max = parse_max_heap(max)?;
            let table = set.table(rule, max, args.method, &super::budget())?;
            if args.json {
                serde_json::to_writer(&mut *out, &table).map_err(std::io::Error::from)?;
                writeln!(out)?;
                return Ok(Verdict::Done);
            }
            let only = if rule == HeapRule::OddWins {
                " (odd heaps)"
            } else {
                ""
            };
            writeln!(out, "{set}, rule {rule}, heaps 0 to {max}{only}")?;
            writeln!(out, "losing: {}", joined(&table.losing))?;
            if let Some(values) = &table.values {
                writeln!(out, "values: {}", args.notation.write_all(values))?;
                match (table.preperiod, table.period) {
                    (Some(preperiod), Some(period)) => writeln!(
                        out,
                        "period {period} from heap {preperiod} (proved by the Guy–Smith criterion)"
                    )?,
                    _ => writeln!(out, "no period proved by these values")?,
                }
            }
            return Ok(Verdict::Done);
        }
        if args.heaps.is_empty() {
            return Err(Failure::input(
                "give the heaps of a position, or --max-heap N for a table",
            ));
        }
        let heaps = parse_small_heaps(&args.heaps)?;
        let report = set.report(rule, &heaps, args.method, &super::budget())?;
        if args.json {
            serde_json::to_writer(&mut *out, &report).map_err(std::io::Error::from)?;
            writeln!(out)?;
            return Ok(Verdict::Done);
        }
        let who = match report.outcome {
            Outcome::Win => "wins",
            Outcome::Loss => "loses",
        };
        write!(
            out,
            "{set}, rule {rule}, heaps {}: the player to move {who}",
            joined(&heaps)
        )?;
        if !report.winning_moves.is_empty() {
            let described: Vec<String> = report
                .winning_moves
                .iter()
                .map(|m| format!("heap {}: take {} ({} → {})", m.heap, m.take, m.from, m.to))
                .collect();
            write!(out, "; winning moves: {}", described.join(", "))?;
        }
        writeln!(out)?;
        Ok(Verdict::Done)
    })
}
