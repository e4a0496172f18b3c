//! `unhop family PATTERN --n A..B [--moves single|chain] [--board B] [--json]`

use super::{Failure, GameArgs, Verdict};
use std::io::Write;
use unhop::Pattern;
use unhop::games::{Duotaire, MAX_SOLVER_POSITIONS, Solver};

#[derive(clap::Args)]
pub struct Args {
    /// A pattern with one variable, such as 011(01)^n0 or 1^(2n+1)
    pattern: String,
    /// The range of the variable, A..B (inclusive), e.g. 0..20
    #[arg(long)]
    n: String,
    #[command(flatten)]
    game: GameArgs,
    /// One JSON object per member: {"n", "word", "value"}
    #[arg(long)]
    json: bool,
}

/// `A..B` with A ≤ B.
pub fn parse_range(text: &str) -> Option<(u64, u64)> {
    let (a, b) = text.split_once("..")?;
    let (a, b) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
    (a <= b).then_some((a, b))
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let pattern = Pattern::parse(&args.pattern)?;
    if pattern.variable().is_none() {
        return Err(Failure::Input(format!(
            "'{}' has no variable; a family needs one, such as n in 011(01)^n0",
            args.pattern
        )));
    }
    let (a, b) = parse_range(&args.n).ok_or_else(|| {
        Failure::Input(format!(
            "--n takes a range A..B of whole numbers with A ≤ B, not '{}'",
            args.n
        ))
    })?;
    let game = Duotaire::new(args.game.moves, args.game.board);
    let mut solver = Solver::with_limit(game, MAX_SOLVER_POSITIONS);
    for n in a..=b {
        let word = pattern.expand(n)?;
        let value = solver.try_value(&game.position(&word)?)?;
        let mut out = std::io::stdout().lock();
        if args.json {
            let object = serde_json::json!({"n": n, "word": word.to_string(), "value": value});
            writeln!(out, "{object}")?;
        } else {
            writeln!(out, "{n}\t{word}\t{value}")?;
        }
    }
    Ok(Verdict::Done)
}
