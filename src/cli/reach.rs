//! `unhop reach W F [W F]... [--board B] [--json]`: whether each W reaches its F by hops (exit 0 with the hops,
//! 1 when it cannot), in linear time through the proved automaton of finite-board reachability.

use super::input::for_each_line;
use super::solve::write_json_hops;
use super::{Failure, INTERNAL, Verdict};
use std::io::Write;
use unhop::batch_lines::MAX_LINE_BYTES;
use unhop::solitaire::{Board, replay};
use unhop::{Pattern, Word, quote};

#[derive(clap::Args)]
pub struct Args {
    /// Pairs W F: the start word (0/1 or ./x, or a pattern such as 11(01)^3) and the final
    /// word, as long as W and over the same cells; several pairs give one result each (exit 0
    /// when every F is reached). - alone reads one pair `W F` per line of standard input
    /// (lines end at \n, \r\n or \r; blank lines and lines starting with # are skipped; at
    /// most 64 MiB a line)
    #[arg(required = true)]
    words: Vec<String>,
    /// The board: finite (the board is the word) or infinite (holes all around)
    #[arg(long, default_value = "finite")]
    board: Board,
    /// Machine-readable output: one JSON object per line
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let mut all = true;
    let mut answer = |w: &Word, f: &Word| -> Result<(), Failure> {
        let hops = unhop::finite_reach::reach(w, f, args.board)?;
        if let Some(hops) = &hops {
            // The independent checker replays the hops before they are printed.
            let done = replay(w, args.board, hops)
                .map_err(|e| Failure::Internal(format!("{INTERNAL}: the replay failed: {e}")))?;
            let offset = usize::try_from(-done.offset).unwrap_or(0);
            if done.final_word.slice(offset..offset + f.len()) != *f
                || done.final_word.pegs() != f.pegs()
            {
                return Err(Failure::Internal(format!(
                    "{INTERNAL}: the hops from {w} end on {}, not {f}",
                    done.final_word
                )));
            }
        }
        all &= hops.is_some();
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        if args.json {
            write!(
                out,
                "{{\"word\":\"{w}\",\"final\":\"{f}\",\"board\":\"{}\",\"reachable\":{}",
                args.board,
                hops.is_some()
            )?;
            if let Some(hops) = &hops {
                write!(out, ",\"hops\":[")?;
                write_json_hops(&mut out, hops)?;
                write!(out, "]")?;
            }
            writeln!(out, "}}")?;
        } else {
            match &hops {
                None => writeln!(out, "{w} → {f}: not reachable on the {} board", args.board)?,
                Some(hops) => {
                    write!(out, "{w} → {f}: reachable in {} hop(s):", hops.len())?;
                    for hop in hops {
                        write!(out, " {hop}")?;
                    }
                    if hops.is_empty() {
                        write!(out, " none")?;
                    }
                    writeln!(out)?;
                }
            }
        }
        out.flush()?;
        Ok(())
    };
    if let [dash] = &args.words[..]
        && dash == "-"
    {
        for_each_line(2 * MAX_LINE_BYTES + 1, |line| {
            let mut parts = line.text().split_whitespace();
            let (Some(w), Some(f), None) = (parts.next(), parts.next(), parts.next()) else {
                return Err(Failure::Input(format!(
                    "expected two words 'W F', got {}",
                    quote(line.text())
                )));
            };
            answer(&Pattern::single_word(w)?, &Pattern::single_word(f)?)
        })?;
        return Ok(if all { Verdict::Done } else { Verdict::False });
    }
    if args.words.len() % 2 != 0 || args.words.iter().any(|w| w == "-") {
        return Err(Failure::Input(
            "give pairs of words W F (an even number of words), or - alone to read pairs from \
             standard input"
                .into(),
        ));
    }
    for (k, pair) in args.words.chunks(2).enumerate() {
        let mut one = || {
            answer(
                &Pattern::single_word(&pair[0])?,
                &Pattern::single_word(&pair[1])?,
            )
        };
        match one() {
            Err(Failure::Input(message)) if args.words.len() > 2 => {
                return Err(Failure::Input(format!("pair {}: {message}", k + 1)));
            }
            other => other?,
        }
    }
    Ok(if all { Verdict::Done } else { Verdict::False })
}
