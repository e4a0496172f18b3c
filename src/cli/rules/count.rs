//! `unhop rules count NAME|FILE N [--target T] [--board B] [--method M] [--json]`

use super::super::progress::TerminalProgress;
use super::super::{Failure, Verdict};
use super::RULES_HELP;
use unhop::rules::{RuleSet, Target, count_report};

#[derive(clap::Args)]
#[command(after_help = "Examples:
  unhop rules count solitaire 20
  unhop rules count solitaire 1000 --board finite --json
  unhop rules count solitaire3 4 --board finite --json
  unhop rules count solitaire3 3 --method exhaustive
  unhop rules count kayles 8 --target empty --method exhaustive")]
pub struct Args {
    #[arg(help = RULES_HELP)]
    rules: String,
    /// The word length N
    n: u64,
    /// The target: a name from the rule file, one (total weight 1) or weight=K
    #[arg(long, default_value = "one")]
    target: String,
    #[command(flatten)]
    play: super::Play,
    #[command(flatten)]
    output: super::Output,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let mut rows = args.output.open()?;
    let rules = RuleSet::load(&args.rules)?;
    let target = Target::named(&rules, &args.target)?;
    let bar = TerminalProgress::new();
    let report = count_report(
        &rules,
        args.n,
        &target,
        args.play.board,
        args.play.method,
        &super::super::budget(),
        &bar,
    );
    drop(bar);
    let report = report?;
    if args.output.json {
        super::json(&mut rows, &report)?;
    } else {
        super::line(&mut rows, &report.count)?;
    }
    rows.finish()?;
    Ok(Verdict::Done)
}
