//! `unhop grundy WORD... [--moves single|chain] [--board B] [--json] [--hint]`

use super::input::for_each_word;
use super::{Failure, GameArgs, Verdict};
use std::io::Write;
use unhop::games::{Duotaire, MAX_SOLVER_MOVES, MAX_SOLVER_POSITIONS, Solver};
use unhop::solitaire::Hop;

#[derive(clap::Args)]
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
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let game = Duotaire::new(args.game.moves, args.game.board);
    for_each_word(&args.words, |word| {
        // A fresh solver for each word: the limits of memoised positions and of moves looked
        // at apply to each word (line) alone, whatever came before it in a batch.
        let mut solver = Solver::with_limits(game, MAX_SOLVER_POSITIONS, MAX_SOLVER_MOVES);
        let value = solver.try_value(&game.position(word)?)?;
        let winning = if args.hint {
            Some(solver.winning_moves_of(word)?)
        } else {
            None
        };
        let mut out = std::io::stdout().lock();
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
            writeln!(out, "{object}")?;
        } else {
            let outcome = if value == 0 {
                "the player to move loses"
            } else {
                "the player to move wins"
            };
            write!(out, "{word}: value {value} ({outcome})")?;
            if let Some(winning) = &winning {
                let listed: Vec<String> = winning
                    .iter()
                    .map(|hops| {
                        hops.iter()
                            .map(Hop::to_string)
                            .collect::<Vec<_>>()
                            .join(" ")
                    })
                    .collect();
                if !listed.is_empty() {
                    write!(out, "; winning moves: {}", listed.join(", "))?;
                }
            }
            writeln!(out)?;
        }
        Ok(())
    })?;
    Ok(Verdict::Done)
}

fn hop_json(hop: Hop) -> serde_json::Value {
    serde_json::json!({"from": hop.from(), "over": hop.over(), "to": hop.to()})
}
