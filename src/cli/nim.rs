//! `unhop nim HEAPS... [--rule normal|misere] [--method fast|exhaustive] [--json] [--notation N] [-o FILE]`: who wins Nim and
//! every winning move, by Bouton's rule or by retrograde analysis of every position.

use super::output::{Out, json_or_text};
use super::{Failure, Verdict};
use num_bigint::BigUint;
use std::io::Write;
use unhop::games::{Convention, Notation, nim_analysis, parse_heap};

const EXAMPLES: &str = "Examples:
  unhop nim 3 4 5
  unhop nim 7 15 26 30 --json
  unhop nim 1 1 2 --rule misere --method exhaustive
  unhop nim 1 2 --notation nimber";

#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The heap sizes (whole numbers of any size)
    #[arg(required = true, allow_negative_numbers = true)]
    heaps: Vec<String>,
    /// normal: the player who takes the last stone wins; misere: that player loses
    #[arg(long, default_value = "normal")]
    rule: RuleArg,
    /// The same as --rule misere (the option's old spelling)
    #[arg(long, hide = true, conflicts_with = "rule")]
    misere: bool,
    /// fast: Bouton's rule; exhaustive: retrograde analysis of every position below (refused
    /// up front beyond 1,000,000 positions or 30,000,000 moves unless --max-positions or
    /// --max-work say otherwise)
    #[arg(long, default_value = "fast")]
    method: unhop::Method,
    /// Machine-readable output: one JSON object
    #[arg(long)]
    json: bool,
    /// How values are written in text: integer (3) or nimber (0, *, *2, *3, …)
    #[arg(long, default_value = "integer")]
    notation: Notation,
    #[command(flatten)]
    out: Out,
}

/// The rules Nim is played by.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum RuleArg {
    /// Whoever takes the last stone wins
    Normal,
    /// Whoever takes the last stone loses
    Misere,
}

/// Parses every heap, naming the one that is wrong (numbered from 1).
pub fn parse_heaps(texts: &[String]) -> Result<Vec<BigUint>, Failure> {
    texts
        .iter()
        .enumerate()
        .map(|(i, t)| parse_heap(t).map_err(|e| Failure::input(format!("heap {}: {e}", i + 1))))
        .collect()
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let heaps = parse_heaps(&args.heaps)?;
    let convention = match (args.rule, args.misere) {
        (RuleArg::Misere, _) | (_, true) => Convention::Misere,
        (RuleArg::Normal, false) => Convention::Normal,
    };
    let analysis = nim_analysis(&heaps, convention, args.method, &super::budget())?;
    let (wins, moves, sum) = (analysis.wins, &analysis.winning_moves, &analysis.nim_sum);
    args.out.write_with(json_or_text(args.json), |out| {
        if args.json {
            let object = serde_json::json!({
                "heaps": heaps.iter().map(BigUint::to_string).collect::<Vec<_>>(),
                "play": convention.keyword(),
                "method": args.method.name(),
                "nim_sum": sum.to_string(),
                "wins": wins,
                "winning_moves": moves.iter().map(|m| serde_json::json!({
                    "heap": m.heap + 1,
                    "from": m.from.to_string(),
                    "to": m.to.to_string(),
                    "take": m.taken().to_string(),
                })).collect::<Vec<_>>(),
            });
            writeln!(out, "{object}")?;
            return Ok(Verdict::Done);
        }
        let listed: Vec<String> = heaps.iter().map(BigUint::to_string).collect();
        let who = if wins { "wins" } else { "loses" };
        write!(
            out,
            "{}: nim-sum {}; the player to move {who} ({} play)",
            listed.join(" "),
            args.notation.write(sum),
            convention.name()
        )?;
        if !moves.is_empty() {
            let described: Vec<String> = moves
                .iter()
                .map(|m| format!("heap {}: {} → {}", m.heap + 1, m.from, m.to))
                .collect();
            write!(out, "; winning moves: {}", described.join(", "))?;
        }
        writeln!(out)?;
        Ok(Verdict::Done)
    })
}
