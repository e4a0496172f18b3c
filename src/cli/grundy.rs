//! `unhop grundy WORD... [--moves single|chain] [--board B] [--json] [--hint] [--options]
//! [--notation N] [-o FILE]`

use super::input::for_each_word;
use super::output::{Out, json_or_text};
use super::progress::TerminalProgress;
use super::{Failure, GameArgs, Verdict};
use unhop::games::{Analysis, Duotaire, Notation};
use unhop::solitaire::Hop;

#[derive(clap::Args)]
#[command(after_help = "Examples:
  unhop grundy 0110101 --hint
  unhop grundy 0110 --options --notation nimber
  unhop grundy 11011 1101011 --board finite --json")]
pub struct Args {
    #[arg(required = true, help = super::input::WORDS_HELP)]
    words: Vec<String>,
    #[command(flatten)]
    game: GameArgs,
    /// Machine-readable output: one JSON object per line
    #[arg(long)]
    json: bool,
    /// Also list every winning move (to a position of value 0) as a hop list
    #[arg(long)]
    hint: bool,
    /// Also list every option: each move as hops, the word after it and its value, the
    /// winning ones (value 0) marked
    #[arg(long)]
    options: bool,
    /// How values are written in text: integer (3) or nimber (0, *, *2, *3, …)
    #[arg(long, default_value = "integer")]
    notation: Notation,
    #[command(flatten)]
    out: Out,
}

fn hops_text(hops: &[Hop]) -> String {
    hops.iter()
        .map(Hop::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let game = Duotaire::new(args.game.moves, args.game.board);
    let notation = args.notation;
    args.out.check(json_or_text(args.json))?;
    let mut rows = args.out.open()?;
    for_each_word(&args.words, |word| {
        // A fresh solver for each word: the limits of memoised positions and of moves looked
        // at apply to each word (line) alone, whatever came before it in a batch.
        let progress = TerminalProgress::new();
        let budget = super::budget();
        let mut analysis = Analysis::new(game, &budget, &progress);
        let value = analysis.value(word)?;
        let winning = match args.hint {
            true => Some(analysis.winning_moves(word)?),
            false => None,
        };
        let options = match args.options {
            true => Some(analysis.options(word)?),
            false => None,
        };
        drop(progress);
        rows.row(|out| {
            if args.json {
                let mut object = serde_json::json!({
                    "word": word.to_string(),
                    "moves": args.game.moves.name(),
                    "board": args.game.board.name(),
                    "value": value,
                });
                if let Some(winning) = &winning {
                    object["winning_moves"] = winning
                        .iter()
                        .map(|hops| hops.iter().map(|&h| hop_json(h)).collect())
                        .collect::<Vec<serde_json::Value>>()
                        .into();
                }
                if let Some(options) = &options {
                    object["options"] = options
                        .iter()
                        .map(|o| {
                            serde_json::json!({
                                "hops": o.hops.iter().map(|&h| hop_json(h)).collect::<Vec<_>>(),
                                "word": o.word.to_string(), "offset": o.offset,
                                "value": o.value, "winning": o.wins(),
                            })
                        })
                        .collect::<Vec<_>>()
                        .into();
                }
                writeln!(out, "{object}")?;
            } else {
                let outcome = if value == 0 {
                    "the player to move loses"
                } else {
                    "the player to move wins"
                };
                write!(out, "{word}: value {} ({outcome})", notation.write(value))?;
                if let Some(winning) = &winning {
                    let listed: Vec<String> = winning.iter().map(|hops| hops_text(hops)).collect();
                    if !listed.is_empty() {
                        write!(out, "; winning moves: {}", listed.join(", "))?;
                    }
                }
                writeln!(out)?;
                for o in options.iter().flatten() {
                    let shift = match o.offset {
                        0 => String::new(),
                        offset => format!(" (from cell {offset})"),
                    };
                    let mark = if o.wins() { "  winning" } else { "" };
                    let hops = hops_text(&o.hops);
                    let value = notation.write(o.value);
                    writeln!(out, "  {hops}: {}{shift}, value {value}{mark}", o.word)?;
                }
            }
            Ok(())
        })
    })?;
    rows.finish()?;
    Ok(Verdict::Done)
}

fn hop_json(hop: Hop) -> serde_json::Value {
    serde_json::json!({"from": hop.from(), "over": hop.over(), "to": hop.to()})
}
