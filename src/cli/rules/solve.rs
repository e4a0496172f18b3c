//! `unhop rules solve NAME|FILE WORD... [--board B] [--method M] [--json]`

use super::super::progress::TerminalProgress;
use super::super::{Failure, Verdict};
use super::{RULES_HELP, WORDS_HELP, for_each_word};
use unhop::Method;
use unhop::rules::{Cheapest, RuleSet, Solution, checked, exhaustive_solve};

#[derive(clap::Args)]
#[command(after_help = "Examples:
  unhop rules solve solitaire 1101101
  unhop rules solve solitaire 01111 --board finite --json
  unhop rules solve solitaire3 110/011/000 --method exhaustive --json
  printf '0110\\n111\\n' | unhop rules solve solitaire - --json")]
pub struct Args {
    #[arg(help = RULES_HELP)]
    rules: String,
    #[arg(required = true, help = WORDS_HELP)]
    words: Vec<String>,
    /// The board: infinite (blanks all around the word) or finite (the board is the word)
    #[arg(long, default_value = "infinite")]
    board: unhop::solitaire::Board,
    /// fast: a cheapest path through the proved automaton of R; exhaustive: search every
    /// reachable position
    #[arg(long, default_value = "fast")]
    method: Method,
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
    let rules = RuleSet::load(&args.rules)?;
    let solver = match args.method {
        Method::Fast => {
            let bar = TerminalProgress::new();
            let solver = Cheapest::new(&rules, &bar);
            drop(bar);
            Some(solver?)
        }
        Method::Exhaustive => None,
    };
    for_each_word(&rules, &args.words, |text, word| {
        let solution = match &solver {
            Some(s) => s.solve(word, args.board)?,
            None => exhaustive_solve(&rules, word, args.board)?,
        };
        let s: Solution = checked(&rules, word, args.board, solution)?;
        let steps: Vec<serde_json::Value> = s
            .steps
            .iter()
            .map(|st| serde_json::json!({"at": st.at, "rule": rules.show_rule(&rules.rules()[st.rule])}))
            .collect();
        let last = rules.show_word(&s.final_word);
        if args.json {
            let object = serde_json::json!({
                "word": text,
                "board": args.board.to_string(),
                "weight": s.weight,
                "final": last,
                "offset": s.final_offset,
                "steps": steps,
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
