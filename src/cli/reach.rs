//! `unhop reach W F [W F]... [--board B] [--method M] [--json] [-o FILE]`: whether each W
//! reaches its F by hops (exit 0 with the hops, 1 when one cannot), in linear time through the
//! proved automaton of finite-board reachability.

use super::batch::{AllHold, Answer, Order, answer_alone};
use super::input::for_each_line;
use super::output::check;
use super::output::{Rows, json_or_text, write_json};
use super::{Common, Failure, Verdict};
use std::io::Write;
use std::path::PathBuf;
use unhop::batch_lines::MAX_LINE_BYTES;
use unhop::solitaire::{HopList, ReachReport};
use unhop::{Pattern, Word, quote};

#[derive(clap::Args)]
#[command(after_help = "Examples:
  unhop reach 01111 10100
  unhop reach 1111 1001 --board finite
  unhop reach 0110 1000 --json
  unhop reach 01111 10100 --method exhaustive
  printf '0110 1000\\n1111 1001\\n' | unhop reach -")]
pub struct Args {
    /// Pairs W F: the start word (0/1 or ./x, or a pattern such as 11(01)^3) and the final
    /// word, as long as W and over the same cells (on the infinite board, holes all around
    /// both; hops may leave the word on the way); several pairs give one result each (exit 0
    /// when every F is reached). - alone reads one pair `W F` per line of standard input
    /// (lines end at \n, \r\n or \r; blank lines and lines starting with # are skipped; at
    /// most 64 MiB a line)
    #[arg(required = true)]
    words: Vec<String>,
    #[command(flatten)]
    common: Common,
    /// Write the results to this file instead of standard output (.json or .jsonl with
    /// --json, else .txt; - is standard output)
    #[arg(short, long, alias = "output")]
    out: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    check(args.out.as_deref(), json_or_text(args.common.json))?;
    let Common {
        board,
        method,
        json,
    } = args.common;
    let mut rows = Rows::open(args.out.as_deref())?;
    let all = AllHold::new();
    let answer = |w: &Word, f: &Word, out: &mut Answer| -> Result<(), Failure> {
        // The library replays the hops with the independent checker before returning them.
        let report = ReachReport::new(w, f, board, method)?;
        all.record(report.reachable);
        let written = match &report.hops {
            _ if json => write_json(out, &report),
            None => writeln!(out, "{w} → {f}: not reachable on the {board} board"),
            Some(hops) => writeln!(
                out,
                "{w} → {f}: reachable in {} hop(s): {}",
                hops.len(),
                HopList(hops)
            ),
        };
        Ok(written?)
    };
    if let [dash] = &args.words[..]
        && dash == "-"
    {
        for_each_line(
            2 * MAX_LINE_BYTES + 1,
            Order::Parallel,
            &mut rows,
            |line, out| {
                let mut parts = line.text().split_whitespace();
                let (Some(w), Some(f), None) = (parts.next(), parts.next(), parts.next()) else {
                    return Err(Failure::input(format!(
                        "expected two words 'W F', got {}",
                        quote(line.text())
                    )));
                };
                answer(&Pattern::single_word(w)?, &Pattern::single_word(f)?, out)
            },
        )?;
    } else {
        if args.words.len() % 2 != 0 || args.words.iter().any(|w| w == "-") {
            return Err(Failure::input(
                "give pairs of words W F (an even number of words), or - alone to read pairs \
                 from standard input",
            ));
        }
        rows.start_batch();
        let mut text = Vec::new();
        for (k, pair) in args.words.chunks(2).enumerate() {
            let one = answer_alone(&mut rows, &mut text, |out| {
                answer(
                    &Pattern::single_word(&pair[0])?,
                    &Pattern::single_word(&pair[1])?,
                    out,
                )
            });
            match one {
                Err(failure) if args.words.len() > 2 => {
                    return Err(failure.context(format!("pair {}", k + 1)));
                }
                other => other?,
            }
        }
    }
    rows.finish()?;
    Ok(all.verdict())
}
