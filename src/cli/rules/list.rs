//! `unhop rules list [--json]`

use super::super::{Failure, Verdict};
use unhop::rules::{RuleSet, builtin_names};

#[derive(clap::Args)]
#[command(after_help = "Examples:
  unhop rules list
  unhop rules list --json")]
pub struct Args {
    /// Machine-readable output: one JSON object per line
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    for name in builtin_names() {
        let rules = RuleSet::builtin(name)?;
        if args.json {
            let object = serde_json::json!({
                "name": name,
                "description": rules.description(),
                "letters": rules.chars().iter().collect::<String>(),
                "rules": rules.rules().len(),
            });
            println!("{object}");
        } else {
            println!("{name:<12} {}", rules.description());
        }
    }
    Ok(Verdict::Done)
}
