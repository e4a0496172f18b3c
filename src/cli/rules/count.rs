//! `unhop rules count NAME|FILE N [--target T] [--board B] [--method M] [--json]`

use super::super::progress::TerminalProgress;
use super::super::{Failure, Verdict};
use super::RULES_HELP;
use unhop::rules::{RuleSet, Target, count};

#[derive(clap::Args)]
#[command(after_help = "Examples:
  unhop rules count solitaire 20
  unhop rules count solitaire 1000 --board finite --json
  unhop rules count solitaire3 4 --method exhaustive
  unhop rules count kayles 8 --target empty --method exhaustive")]
pub struct Args {
    #[arg(help = RULES_HELP)]
    rules: String,
    /// The word length N
    n: u64,
    /// The target: a name from the rule file, one (total weight 1) or weight=K
    #[arg(long, default_value = "one")]
    target: String,
    /// The board: infinite (blanks all around the word) or finite (the board is the word)
    #[arg(long, default_value = "infinite")]
    board: unhop::solitaire::Board,
    /// fast: from the proved automaton of R; exhaustive: search every word
    #[arg(long, default_value = "fast")]
    method: unhop::Method,
    /// Machine-readable output
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
    let rules = RuleSet::load(&args.rules)?;
    let target = Target::named(&rules, &args.target)?;
    let bar = TerminalProgress::new();
    let counted = count(&rules, args.n, &target, args.board, args.method, &bar);
    drop(bar);
    let counted = counted?;
    if args.json {
        // By hand: a JSON integer has no size limit.
        super::line(
            &mut rows,
            format!(
                "{{\"rules\":{},\"n\":{},\"target\":{},\"board\":\"{}\",\"count\":{counted}}}",
                serde_json::Value::from(rules.name()),
                args.n,
                serde_json::Value::from(target.name()),
                args.board
            ),
        )?;
    } else {
        super::line(&mut rows, format!("{counted}"))?;
    }
    rows.finish()?;
    Ok(Verdict::Done)
}
