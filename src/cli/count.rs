//! `unhop count N [--board B] [--method fast|exhaustive] [--json]`

use super::{Common, Failure, Verdict};
use std::io::Write;
use unhop::solitaire::{Language, exhaustive};

/// The largest N `count` accepts: the transfer matrix needs O(log N) products, so this is a
/// limit on the printed number's size rather than on time.
const MAX_COUNT_LEN: u64 = 1_000_000_000_000_000_000;

#[derive(clap::Args)]
pub struct Args {
    /// The word length N (1 ≤ N ≤ 10^18; at most 20 with --method exhaustive)
    #[arg(allow_hyphen_values = true)]
    n: String,
    #[command(flatten)]
    common: Common,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let n: u64 = args
        .n
        .parse()
        .ok()
        .filter(|n| (1..=MAX_COUNT_LEN).contains(n))
        .ok_or_else(|| {
            Failure::Input(format!(
                "N must be a whole number from 1 to {MAX_COUNT_LEN}, not {}",
                unhop::quote(&args.n)
            ))
        })?;
    let count = match args.common.method {
        unhop::Method::Fast => Language::of(args.common.board).count(n).to_string(),
        unhop::Method::Exhaustive => {
            exhaustive::count_one_peg(n as usize, args.common.board)?.to_string()
        }
    };
    let mut out = std::io::stdout().lock();
    if args.common.json {
        // Written by hand: JSON integers have no size limit, serde_json's u64 has.
        writeln!(
            out,
            "{{\"n\":{n},\"board\":\"{}\",\"count\":{count}}}",
            args.common.board
        )?;
    } else {
        writeln!(out, "{count}")?;
    }
    Ok(Verdict::Done)
}
