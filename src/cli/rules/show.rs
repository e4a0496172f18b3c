//! `unhop rules show NAME|FILE [--json]`

use super::super::{Failure, Verdict};
use super::RULES_HELP;
use unhop::rules::RuleSet;

#[derive(clap::Args)]
#[command(after_help = "Examples:
  unhop rules show solitaire
  unhop rules show solitaire3 --json")]
pub struct Args {
    #[arg(help = RULES_HELP)]
    rules: String,
    #[command(flatten)]
    output: super::Output,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let mut rows = args.output.open()?;
    let rules = RuleSet::load(&args.rules)?;
    let report = rules.report();
    if args.output.json {
        super::json(&mut rows, &report)?;
    } else {
        super::line(&mut rows, rules.source().trim_end())?;
        super::line(
            &mut rows,
            format!(
                "# {} letters ({}), blank {}, weights {:?}, {} letter rules",
                rules.letters(),
                report.letters,
                report.blank,
                report.weights,
                report.rules.len()
            ),
        )?;
    }
    rows.finish()?;
    Ok(Verdict::Done)
}
