//! `unhop family PATTERN --n A..B [--moves single|chain] [--board B] [--rule R] [--method M]
//! [--json] [-o FILE]`

use super::output::{Out, json_or_text};
use super::progress::TerminalProgress;
use super::{Failure, GameArgs, Verdict};
use unhop::Pattern;
use unhop::games::{Analysis, FamilyRange, Notation};

#[derive(clap::Args)]
#[command(after_help = "Examples:
  unhop family '011(01)^n0' --n 0..3 --board finite
  unhop family '1^(2n+1)' --n 0..4 --notation nimber
  unhop family '(110)^n' --n 1..3 --json
  unhop family '(110)^n' --n 1..4 --rule misere")]
pub struct Args {
    /// A pattern with one variable, such as 011(01)^n0 or 1^(2n+1)
    pattern: String,
    /// The range of the variable, A..B (inclusive), e.g. 0..20 (at most 100,000 values unless
    /// --max-work says otherwise)
    #[arg(long)]
    n: FamilyRange,
    #[command(flatten)]
    game: GameArgs,
    /// One JSON object per member: {"n", "word", "moves", "board", "rule", "method", "value"}
    #[arg(long)]
    json: bool,
    /// How values are written in text: integer (3) or nimber (0, *, *2, *3, …)
    #[arg(long, default_value = "integer")]
    notation: Notation,
    #[command(flatten)]
    out: Out,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let pattern = Pattern::parse(&args.pattern)?;
    args.out.check(json_or_text(args.json))?;
    let mut rows = args.out.open()?;
    let progress = TerminalProgress::new();
    let budget = super::budget();
    let mut analysis =
        Analysis::new(args.game.game(), &budget, &progress).with_method(args.game.method);
    analysis.each_family_member(&pattern, args.n, &mut |member| -> Result<(), Failure> {
        rows.row(|out| {
            if args.json {
                serde_json::to_writer(&mut *out, member)?;
                writeln!(out)
            } else {
                let value = args.notation.write(member.value);
                writeln!(out, "{}\t{}\t{value}", member.n, member.word)
            }
        })
    })?;
    rows.finish()?;
    Ok(Verdict::Done)
}
