//! `unhop count N [--board B] [--method fast|exhaustive] [--json] [-o FILE]`

use super::output::check;
use super::output::{Rows, json_or_text, write_json};
use super::progress::TerminalProgress;
use super::{Common, Failure, Verdict};
use std::path::PathBuf;
use unhop::solitaire::{CountReport, MAX_COUNT_LEN};

#[derive(clap::Args)]
#[command(after_help = "Examples:
  unhop count 20
  unhop count 20 --board finite --json
  unhop count 12 --method exhaustive
  unhop count 1000000")]
pub struct Args {
    /// The word length N (1 ≤ N ≤ 10^18; at most 20 with --method exhaustive)
    #[arg(allow_hyphen_values = true)]
    n: String,
    #[command(flatten)]
    common: Common,
    /// Write the result to this file instead of standard output (.json with --json, else
    /// .txt; - is standard output)
    #[arg(short, long, alias = "output")]
    out: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    check(args.out.as_deref(), json_or_text(args.common.json))?;
    let n: u64 = args
        .n
        .parse()
        .ok()
        .filter(|n| (1..=MAX_COUNT_LEN).contains(n))
        .ok_or_else(|| {
            Failure::input(format!(
                "N must be a whole number from 1 to {MAX_COUNT_LEN}, not {}",
                unhop::quote(&args.n)
            ))
        })?;
    let bar = TerminalProgress::new();
    let report = CountReport::new(n, args.common.board, args.common.method, &bar);
    drop(bar);
    let report = report?;
    let mut rows = Rows::open(args.out.as_deref())?;
    rows.row(|out| {
        if args.common.json {
            write_json(out, &report)
        } else {
            writeln!(out, "{}", report.count)
        }
    })?;
    rows.finish()?;
    Ok(Verdict::Done)
}
