//! `unhop reach W F [--board B] [--json]`: whether W reaches F by hops (exit 0 with the hops,
//! 1 when it cannot), in linear time through the proved automaton of finite-board reachability.

use super::solve::write_json_hops;
use super::{Failure, INTERNAL, Verdict};
use std::io::{BufRead, Write};
use unhop::solitaire::{Board, replay};
use unhop::{Pattern, Word};

#[derive(clap::Args)]
pub struct Args {
    /// The start word (0/1 or ./x, or a pattern such as 11(01)^3), or - to read one pair
    /// `W F` per line of standard input
    start: String,
    /// The final word, as long as W and over the same cells
    target: Option<String>,
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
    match (&args.start[..], &args.target) {
        ("-", None) => {
            for (number, line) in std::io::stdin().lock().lines().enumerate() {
                let line =
                    line.map_err(|e| Failure::Input(format!("cannot read standard input: {e}")))?;
                let at = |e: unhop::Error| {
                    Failure::Input(format!("line {} of standard input: {e}", number + 1))
                };
                let mut parts = line.split_whitespace();
                let (Some(w), Some(f), None) = (parts.next(), parts.next(), parts.next()) else {
                    return Err(Failure::Input(format!(
                        "line {} of standard input: expected two words 'W F', got {line:?}",
                        number + 1
                    )));
                };
                let w = Pattern::single_word(w).map_err(at)?;
                let f = Pattern::single_word(f).map_err(at)?;
                answer(&w, &f)?;
            }
        }
        (_, Some(f)) => answer(
            &Pattern::single_word(&args.start)?,
            &Pattern::single_word(f)?,
        )?,
        (_, None) => {
            return Err(Failure::Input(
                "give the final word F, or - alone to read pairs from standard input".into(),
            ));
        }
    }
    Ok(if all { Verdict::Done } else { Verdict::False })
}
