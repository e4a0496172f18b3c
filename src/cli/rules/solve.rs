//! `unhop rules solve NAME|FILE WORD... [--board B] [--method M] [--json]`

use super::super::progress::TerminalProgress;
use super::super::{Failure, Verdict, budget};
use super::for_each_word;
use unhop::rules::{RuleSet, Solution, WordSolver};

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
    for_each_word(&rules, &args.each.words, |text, word| {
        let s: Solution = solver.solve(word, args.each.play.board, &budget())?;
        let steps: Vec<serde_json::Value> = s
            .steps
            .iter()
            .map(|st| serde_json::json!({"at": st.at, "rule": rules.show_rule(&rules.rules()[st.rule])}))
            .collect();
        let last = rules.show_word(&s.final_word);
        if args.each.output.json {
            let object = serde_json::json!({
                "word": text,
                "board": args.each.play.board.to_string(),
                "weight": s.weight,
                "final": last,
                "offset": s.final_offset,
                "steps": steps,
                "engine": solver.engine().name(),
            });
            super::line(&mut rows, format!("{object}"))?;
        } else {
            let shown: Vec<String> = s
                .steps
                .iter()
                .map(|st| format!("{}@{}", rules.show_rule(&rules.rules()[st.rule]), st.at))
                .collect();
            super::line(
                &mut rows,
                format!("{text}\t{}\t{last}\t{}", s.weight, shown.join(" ")),
            )?;
        }
        Ok(())
    })?;
    rows.finish()?;
    Ok(Verdict::Done)
}
