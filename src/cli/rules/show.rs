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
    let letters: String = rules.chars().iter().collect();
    let shown: Vec<String> = rules.rules().iter().map(|r| rules.show_rule(r)).collect();
    if args.output.json {
        let targets: serde_json::Map<String, serde_json::Value> = rules
            .targets()
            .iter()
            .map(|(n, r)| (n.clone(), serde_json::Value::from(r.clone())))
            .collect();
        let object = serde_json::json!({
            "name": rules.name(),
            "description": rules.description(),
            "letters": letters,
            "blank": rules.chars()[rules.blank() as usize].to_string(),
            "weights": rules.weights(),
            "rows": rules.rows(),
            "rules": shown,
            "targets": targets,
        });
        super::line(&mut rows, format!("{object}"))?;
    } else {
        super::line(&mut rows, rules.source().trim_end())?;
        super::line(
            &mut rows,
            format!(
                "# {} letters ({letters}), blank {}, weights {:?}, {} letter rules",
                rules.letters(),
                rules.chars()[rules.blank() as usize],
                rules.weights(),
                shown.len()
            ),
        )?;
    }
    rows.finish()?;
    Ok(Verdict::Done)
}
