//! `unhop check WORD [--board B] [--json]`: exit 0 when every word reduces to one peg, else 1.

use super::input::for_each_word;
use super::{Failure, MethodArg, Verdict};
use std::io::Write;
use unhop::solitaire::{Board, Language, exhaustive};

#[derive(clap::Args)]
pub struct Args {
    /// The word (0/1 or ./x), a pattern such as 11(01)^3, or - for one word per line of stdin
    word: String,
    /// The board: infinite (hops may leave the word) or finite (the board is the word)
    #[arg(long, default_value = "infinite")]
    board: Board,
    /// fast: the language's DFA, O(n); exhaustive: search every hop sequence
    #[arg(long, value_enum, default_value = "fast")]
    method: MethodArg,
    /// One JSON object per word
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let language = Language::of(args.board);
    let mut all = true;
    for_each_word(&args.word, |word| {
        let solvable = match args.method {
            MethodArg::Fast => language.contains(word),
            MethodArg::Exhaustive => exhaustive::search(word, args.board)?.min_pegs == 1,
        };
        all &= solvable;
        let mut out = std::io::stdout().lock();
        if args.json {
            let object = serde_json::json!({
                "word": word.to_string(),
                "board": args.board.name(),
                "solvable": solvable,
            });
            writeln!(out, "{object}")?;
        } else {
            let verdict = if solvable { "reduces" } else { "does not reduce" };
            writeln!(out, "{word}: {verdict} to one peg on the {} board", args.board)?;
        }
        Ok(())
    })?;
    Ok(if all { Verdict::Done } else { Verdict::False })
}
