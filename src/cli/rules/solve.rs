//! `unhop rules solve NAME|FILE WORD... [--board B] [--method M] [--json]`

use super::super::progress::TerminalProgress;
use super::super::{Failure, Verdict, budget};
use super::for_each_word;
use unhop::rules::{RuleSet, WordSolver};

#[derive(clap::Args)]
#[command(after_help = "Examples:
  unhop rules solve solitaire 1101101
  unhop rules solve solitaire 01111 --board finite --json
  unhop rules solve solitaire3 110/011/000 --board finite --json
  unhop rules solve solitaire3 111/101/010 --method exhaustive
  printf '0110\\n111\\n' | unhop rules solve solitaire - --json")]
pub struct Args {
    #[command(flatten)]
    each: super::EachWord,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let mut rows = args.each.output.open()?;
    let rules = RuleSet::load(&args.each.rules)?;
    let bar = TerminalProgress::new();
    let solver = WordSolver::new(&rules, args.each.play.method, &budget(), &bar);
    drop(bar);
    let solver = solver?;
    for_each_word(&rules, &args.each.words, &mut rows, |text, word, answer| {
        let report = solver.report(text, word, args.each.play.board, &answer.budget())?;
        if args.each.output.json {
            super::json(answer, &report)?;
        } else {
            let shown: Vec<String> = report
                .steps
                .iter()
                .map(|st| format!("{}@{}", st.rule, st.at))
                .collect();
            super::line(
                answer,
                format!(
                    "{text}\t{}\t{}\t{}",
                    report.weight,
                    report.final_word,
                    shown.join(" ")
                ),
            )?;
        }
        Ok(())
    })?;
    rows.finish()?;
    Ok(Verdict::Done)
}
