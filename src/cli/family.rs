//! `unhop family PATTERN --n A..B [--moves single|chain] [--board B] [--json] [-o FILE]`

use super::output::{Out, json_or_text};
use super::progress::TerminalProgress;
use super::{Failure, GameArgs, Verdict};
use unhop::Pattern;
use unhop::games::{Analysis, Duotaire, Notation};

#[derive(clap::Args)]
#[command(after_help = "Examples:
  unhop family '011(01)^n0' --n 0..3 --board finite
  unhop family '1^(2n+1)' --n 0..4 --notation nimber
  unhop family '(110)^n' --n 1..3 --json")]
pub struct Args {
    /// A pattern with one variable, such as 011(01)^n0 or 1^(2n+1)
    pattern: String,
    /// The range of the variable, A..B (inclusive), e.g. 0..20 (at most 100,000 values unless
    /// --max-work says otherwise)
    #[arg(long)]
    n: String,
    #[command(flatten)]
    game: GameArgs,
    /// One JSON object per member: {"n", "word", "value"}
    #[arg(long)]
    json: bool,
    /// How values are written in text: integer (3) or nimber (0, *, *2, *3, …)
    #[arg(long, default_value = "integer")]
    notation: Notation,
    #[command(flatten)]
    out: Out,
}

/// `A..B` with A ≤ B (the library refuses more members than its budget allows).
pub fn parse_range(text: &str) -> Result<(u64, u64), Failure> {
    let parsed = text.split_once("..").and_then(|(a, b)| {
        let (a, b): (u64, u64) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
        (a <= b).then_some((a, b))
    });
    parsed.ok_or_else(|| {
        Failure::input(format!(
            "--n takes a range A..B of whole numbers with A ≤ B, not {}",
            unhop::quote(text)
        ))
    })
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let pattern = Pattern::parse(&args.pattern)?;
    if pattern.variable().is_none() {
        return Err(Failure::input(format!(
            "{} has no variable; a family needs one, such as n in 011(01)^n0",
            unhop::quote(&args.pattern)
        )));
    }
    let (a, b) = parse_range(&args.n)?;
    args.out.check(json_or_text(args.json))?;
    let mut rows = args.out.open()?;
    let game = Duotaire::new(args.game.moves, args.game.board);
    let progress = TerminalProgress::new();
    let budget = super::budget();
    let mut analysis = Analysis::new(game, &budget, &progress);
    analysis.each_family_member(&pattern, a..=b, &mut |n,
                                                        word,
                                                        value|
     -> Result<(), Failure> {
        rows.row(|out| {
            if args.json {
                let object = serde_json::json!({"n": n, "word": word.to_string(), "value": value});
                writeln!(out, "{object}")
            } else {
                writeln!(out, "{n}\t{word}\t{}", args.notation.write(value))
            }
        })
    })?;
    rows.finish()?;
    Ok(Verdict::Done)
}
