//! `unhop check WORD... [--board B] [--method M] [--json] [-o FILE]`: exit 0 when every word
//! reduces to one peg, else 1.

use super::batch::AllHold;
use super::input::for_each_word;
use super::output::check as check_out;
use super::output::{Rows, json_or_text, write_json};
use super::{Common, Failure, Verdict};
use std::io::Write;
use std::path::PathBuf;
use unhop::solitaire::CheckReport;

#[derive(clap::Args)]
#[command(after_help = "Examples:
  unhop check 1101101 110
  unhop check 01111 --board finite --json
  unhop check '11(01)^4' --method exhaustive
  printf '011\\n1111\\n' | unhop check -")]
pub struct Args {
    #[arg(required = true, help = super::input::WORDS_HELP)]
    words: Vec<String>,
    #[command(flatten)]
    common: Common,
    /// Write the results to this file instead of standard output (.json or .jsonl with
    /// --json, else .txt; - is standard output)
    #[arg(short, long, alias = "output")]
    out: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    check_out(args.out.as_deref(), json_or_text(args.common.json))?;
    let (board, method) = (args.common.board, args.common.method);
    let mut rows = Rows::open(args.out.as_deref())?;
    let all = AllHold::new();
    for_each_word(&args.words, &mut rows, |word, answer| {
        let bar = answer.progress();
        let report = CheckReport::with_progress(word, board, method, &bar);
        drop(bar);
        let report = report?;
        all.record(report.solvable);
        if args.common.json {
            write_json(answer, &report)?;
        } else {
            let verdict = if report.solvable {
                "reduces"
            } else {
                "does not reduce"
            };
            writeln!(answer, "{word}: {verdict} to one peg on the {board} board")?;
        }
        Ok(())
    })?;
    rows.finish()?;
    Ok(all.verdict())
}
