//! `unhop nim HEAPS... [--rule normal|misere] [--method fast|exhaustive] [--json] [--notation N] [-o FILE]`: who wins Nim and
//! every winning move, by Bouton's rule or by retrograde analysis of every position.

use super::output::{Out, json_or_text};
use super::{Failure, Verdict};
use num_bigint::BigUint;
use std::io::Write;
use unhop::games::{Convention, Notation, Outcome, nim_analysis, parse_heaps};

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
    rule: Convention,
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

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let heaps = parse_heaps(&args.heaps)?;
    let rule = match args.misere {
        true => Convention::Misere,
        false => args.rule,
    };
    let analysis = nim_analysis(&heaps, rule, args.method, &super::budget())?;
    args.out.write_with(json_or_text(args.json), |out| {
        if args.json {
            serde_json::to_writer(&mut *out, &analysis).map_err(std::io::Error::from)?;
            writeln!(out)?;
            return Ok(Verdict::Done);
        }
        let listed: Vec<String> = heaps.iter().map(BigUint::to_string).collect();
        let who = match analysis.outcome {
            Outcome::Win => "wins",
            Outcome::Loss => "loses",
        };
        write!(
            out,
            "{}: nim-sum {}; the player to move {who} ({} play)",
            listed.join(" "),
            args.notation.write(&analysis.nim_sum),
            rule.name()
        )?;
        if !analysis.winning_moves.is_empty() {
            let described: Vec<String> = analysis
                .winning_moves
                .iter()
                .map(|m| format!("heap {}: {} → {}", m.heap, m.from, m.to))
                .collect();
            write!(out, "; winning moves: {}", described.join(", "))?;
        }
        writeln!(out)?;
        Ok(Verdict::Done)
    })
}
