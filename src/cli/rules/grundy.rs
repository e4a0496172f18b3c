//! `unhop rules grundy NAME|FILE WORD... [--board B] [--method M] [--json]`

use super::super::{Failure, Verdict};
use super::{RULES_HELP, WORDS_HELP, for_each_word};
use unhop::Method;
use unhop::rules::{RuleSet, exhaustive_grundy, grundy};

#[derive(clap::Args)]
#[command(after_help = "Examples:
  unhop rules grundy solitaire 0110110
  unhop rules grundy kayles 1111111 --board finite --json
  printf '11\\n111\\n' | unhop rules grundy dawson - --json")]
pub struct Args {
    #[arg(help = RULES_HELP)]
    rules: String,
    #[arg(required = true, help = WORDS_HELP)]
    words: Vec<String>,
    /// The board: infinite (blanks all around the word) or finite (the board is the word)
    #[arg(long, default_value = "infinite")]
    board: unhop::solitaire::Board,
    /// fast: memoised values with a limit; exhaustive: the plain recursion over every option
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
    for_each_word(&rules, &args.words, |text, word| {
        let value = match args.method {
            Method::Fast => grundy(&rules, word, args.board)?,
            Method::Exhaustive => exhaustive_grundy(&rules, word, args.board),
        };
        if args.json {
            super::line(
                &mut rows,
                format!(
                    "{}",
                    serde_json::json!({"word": text, "board": args.board.to_string(), "value": value})
                ),
            )?;
        } else {
            super::line(&mut rows, format!("{text}\t{value}"))?;
        }
        Ok(())
    })?;
    rows.finish()?;
    Ok(Verdict::Done)
}
