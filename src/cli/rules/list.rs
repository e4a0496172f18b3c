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
    /// Write the results to this file instead of standard output (.json or .jsonl with
    /// --json, else .txt; - is standard output)
    #[arg(short, long, alias = "output")]
    out: Option<std::path::PathBuf>,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    super::super::output::check(
        args.out.as_deref(),
        super::super::solve::json_or_text(args.json),
    )?;
    let mut rows = super::super::solve::Rows::open(args.out.as_deref())?;
    for name in builtin_names() {
        let rules = RuleSet::builtin(name)?;
        if args.json {
            let object = serde_json::json!({
                "name": name,
                "description": rules.description(),
                "letters": rules.chars().iter().collect::<String>(),
                "rules": rules.rules().len(),
            });
            super::line(&mut rows, format!("{object}"))?;
        } else {
            super::line(&mut rows, format!("{name:<12} {}", rules.description()))?;
        }
    }
    rows.finish()?;
    Ok(Verdict::Done)
}
