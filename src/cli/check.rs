//! `unhop check WORD... [--board B] [--json]`: exit 0 when every word reduces to one peg, else 1.

use super::input::for_each_word;
use super::{Common, Failure, Verdict};
use std::io::Write;
use unhop::solitaire::{Language, exhaustive};

#[derive(clap::Args)]
pub struct Args {
    #[arg(required = true, help = super::input::WORDS_HELP)]
    words: Vec<String>,
    #[command(flatten)]
    common: Common,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let language = Language::of(args.common.board);
    let mut all = true;
    for_each_word(&args.words, |word| {
        let solvable = match args.common.method {
            unhop::Method::Fast => language.contains(word),
            unhop::Method::Exhaustive => exhaustive::search(word, args.common.board)?.min_pegs == 1,
        };
        all &= solvable;
        let mut out = std::io::stdout().lock();
        if args.common.json {
            let object = serde_json::json!({
                "word": word.to_string(),
                "board": args.common.board.name(),
                "solvable": solvable,
            });
            writeln!(out, "{object}")?;
        } else {
            let verdict = if solvable {
                "reduces"
            } else {
                "does not reduce"
            };
            writeln!(
                out,
                "{word}: {verdict} to one peg on the {} board",
                args.common.board
            )?;
        }
        Ok(())
    })?;
    Ok(if all { Verdict::Done } else { Verdict::False })
}
