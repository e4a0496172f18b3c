//! `unhop subtraction SET [HEAPS...] [--rule R] [--max-heap N] [--method M] [--json]
//! [--notation N] [-o FILE]`:
//! subtraction games and their variants, for one position or as a table of one-heap
//! outcomes.

use super::output::{Out, json_or_text};
use super::{Failure, Verdict, usage};
use std::io::Write;
use unhop::games::{HeapGame, HeapRule, Notation, Subtraction, parse_heap};

/// The rule a subtraction game is played by.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum RuleArg {
    /// Whoever cannot move loses (whoever takes the last stone wins)
    Normal,
    /// Whoever takes the last stone loses
    Misere,
    /// One heap; a player may not take the number the opponent just took; stuck loses
    NoRepeat,
    /// One odd heap; players keep what they take; odd holding wins at the end (needs 1 in
    /// the set)
    OddWins,
}

impl RuleArg {
    /// The rule in the library's terms.
    pub fn rule(self) -> HeapRule {
        match self {
            RuleArg::Normal => HeapRule::Normal,
            RuleArg::Misere => HeapRule::Misere,
            RuleArg::NoRepeat => HeapRule::NoRepeat,
            RuleArg::OddWins => HeapRule::OddWins,
        }
    }
}

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
    /// The rule: normal, misere, no-repeat or odd-wins
    #[arg(long, value_enum, default_value = "normal")]
    rule: RuleArg,
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

/// Parses heap sizes that must fit in 64 bits, naming the one that is wrong (from 1).
pub fn parse_small_heaps(texts: &[String]) -> Result<Vec<u64>, Failure> {
    texts
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let big = parse_heap(t).map_err(|e| Failure::input(format!("heap {}: {e}", i + 1)))?;
            u64::try_from(&big)
                .map_err(|_| Failure::input(format!("heap {}: {t} is larger than 2^64 − 1", i + 1)))
        })
        .collect()
}

fn joined<T: ToString>(items: &[T]) -> String {
    items.iter().map(T::to_string).collect::<Vec<_>>().join(" ")
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let set = Subtraction::parse(&args.set)?;
    let rule = args.rule.rule();
    let game = HeapGame::subtraction(set.clone(), rule);
    let method = args.method.unwrap_or(game.default_method());
    if method == unhop::Method::Fast && !game.has_fast_method() {
        // An option that cannot apply is a usage error, as clap reports its own conflicts.
        return Err(usage(
            &["subtraction"],
            format!(
                "--method fast does not apply to the {} rule: it has only the exhaustive method",
                args.rule.rule()
            ),
        ));
    }
    args.out.write_with(json_or_text(args.json), |out| {
        if let Some(max) = &args.max_heap {
            if !args.heaps.is_empty() {
                return Err(Failure::input("give either heaps or --max-heap, not both"));
            }
            let max = parse_small_heaps(std::slice::from_ref(max)).map_err(|_| {
                Failure::input(format!(
                    "--max-heap {} is not a whole number",
                    unhop::quote(max)
                ))
            })?[0];
            let table = game.single_heaps(max, method, &super::budget())?;
            if args.json {
                let mut object = serde_json::json!({
                    "set": set.set(),
                    "rule": rule.name(),
                    "method": method.name(),
                    "max_heap": max,
                    "losing": table.losing,
                });
                if let Some(values) = &table.values {
                    object["values"] = values.clone().into();
                    object["preperiod"] = table.period.map(|p| p.preperiod).into();
                    object["period"] = table.period.map(|p| p.period).into();
                }
                writeln!(out, "{object}")?;
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
                match table.period {
                    Some(p) => writeln!(
                        out,
                        "period {} from heap {} (proved by the Guy–Smith criterion)",
                        p.period, p.preperiod
                    )?,
                    None => writeln!(out, "no period proved by these values")?,
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
        let analysis = game.analyse(&heaps, method, &super::budget())?;
        let moves = &analysis.winning_moves;
        if args.json {
            let object = serde_json::json!({
                "set": set.set(),
                "rule": rule.name(),
                "method": method.name(),
                "heaps": heaps,
                "wins": analysis.wins,
                "winning_moves": moves.iter().map(|m| serde_json::json!({
                    "heap": m.heap + 1, "take": m.taken, "from": heaps[m.heap],
                    "to": heaps[m.heap] - m.taken,
                })).collect::<Vec<_>>(),
            });
            writeln!(out, "{object}")?;
            return Ok(Verdict::Done);
        }
        let who = if analysis.wins { "wins" } else { "loses" };
        write!(
            out,
            "{set}, rule {rule}, heaps {}: the player to move {who}",
            joined(&heaps)
        )?;
        if !moves.is_empty() {
            let described: Vec<String> = moves
                .iter()
                .map(|m| {
                    let from = heaps[m.heap];
                    format!(
                        "heap {}: take {} ({from} → {})",
                        m.heap + 1,
                        m.taken,
                        from - m.taken
                    )
                })
                .collect();
            write!(out, "; winning moves: {}", described.join(", "))?;
        }
        writeln!(out)?;
        Ok(Verdict::Done)
    })
}
