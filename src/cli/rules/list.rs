//! `unhop rules list [--json]`

use super::super::{Failure, Verdict};
use unhop::rules::{RuleSet, builtin_names};

#[derive(clap::Args)]
#[command(after_help = "Examples:
  unhop rules list
  unhop rules list --json")]
pub struct Args {
    #[command(flatten)]
    output: super::Output,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let mut rows = args.output.open()?;
    for name in builtin_names() {
        let rules = RuleSet::builtin(name)?;
        if args.output.json {
            super::json(&mut rows, &rules.entry())?;
        } else {
            super::line(&mut rows, format!("{name:<12} {}", rules.description()))?;
        }
    }
    rows.finish()?;
    Ok(Verdict::Done)
}
