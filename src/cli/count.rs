//! `unhop count N [--board B] [--method fast|exhaustive] [--json]`

use super::{Failure, MethodArg, Verdict};
use std::io::Write;
use unhop::solitaire::{Board, Language, exhaustive};

/// The largest N `count` accepts: the transfer matrix needs O(log N) products, so this is a
/// limit on the printed number's size rather than on time.
const MAX_COUNT_LEN: u64 = 1_000_000_000_000_000_000;

#[derive(clap::Args)]
pub struct Args {
    /// The word length N (1 ≤ N ≤ 10^18; at most 20 with --method exhaustive)
    #[arg(allow_hyphen_values = true)]
    n: String,
    /// The board: infinite (hops may leave the word) or finite (the board is the word)
    #[arg(long, default_value = "infinite")]
    board: Board,
    /// fast: the DFA's transfer matrix with big integers; exhaustive: try all 2^N words
    #[arg(long, value_enum, default_value = "fast")]
    method: MethodArg,
    /// A JSON object {"n", "board", "count"} (the count as an exact JSON integer)
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let n: u64 = args
        .n
        .parse()
        .ok()
        .filter(|n| (1..=MAX_COUNT_LEN).contains(n))
        .ok_or_else(|| {
            Failure::Input(format!(
                "N must be a whole number from 1 to {MAX_COUNT_LEN}, not '{}'",
                args.n
            ))
        })?;
    let count = match args.method {
        MethodArg::Fast => Language::of(args.board).count(n).to_string(),
        MethodArg::Exhaustive => exhaustive::count_one_peg(n as usize, args.board)?.to_string(),
    };
    let mut out = std::io::stdout().lock();
    if args.json {
        // Written by hand: JSON integers have no size limit, serde_json's u64 has.
        writeln!(out, "{{\"n\":{n},\"board\":\"{}\",\"count\":{count}}}", args.board)?;
    } else {
        writeln!(out, "{count}")?;
    }
    Ok(Verdict::Done)
}
