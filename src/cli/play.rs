//! `unhop play WORD [--moves M] [--board B] [--first you|computer]`: Duotaire against a
//! perfect opponent in the terminal.

use super::{Failure, GameArgs, Verdict};
use std::io::{BufRead, Write};
use unhop::Pattern;
use unhop::games::{Duotaire, MAX_SOLVER_POSITIONS, Solver};
use unhop::solitaire::{Board, Hop, replay};

#[derive(clap::Args)]
pub struct Args {
    /// The starting word (0/1 or ./x), or a pattern such as 011(01)^3 0
    word: String,
    #[command(flatten)]
    game: GameArgs,
    /// Who moves first
    #[arg(long, value_enum, default_value = "you")]
    first: Player,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Player {
    You,
    Computer,
}

fn describe(hops: &[Hop]) -> String {
    hops.iter()
        .map(Hop::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let game = Duotaire::new(args.game.moves, args.game.board);
    let mut solver = Solver::with_limit(game, MAX_SOLVER_POSITIONS);
    let mut word = Pattern::single_word(&args.word)?;
    let mut to_move = args.first;
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut out = std::io::stdout().lock();
    let value = solver.try_value(&game.position(&word)?)?;
    let who = if to_move == Player::You { "you" } else { "I" };
    let verdict = if value == 0 { "lose" } else { "win" };
    writeln!(
        out,
        "Duotaire, {} moves on the {} board; the player who cannot move loses.\n\
         The start has value {value}: with perfect play the first player ({who}) will {verdict}.",
        args.game.moves, args.game.board
    )?;
    loop {
        let moves = game.moves_of(&word)?;
        writeln!(out, "\n  {word}")?;
        if moves.is_empty() {
            let result = match to_move {
                Player::You => "You cannot move: I win.",
                Player::Computer => "I cannot move: you win!",
            };
            writeln!(out, "{result}")?;
            return Ok(Verdict::Done);
        }
        let chosen = match to_move {
            Player::Computer => {
                let winning = solver.winning_moves_of(&word)?;
                let hops = winning
                    .into_iter()
                    .next()
                    .unwrap_or_else(|| moves[0].clone());
                writeln!(out, "I play {}.", describe(&hops))?;
                hops
            }
            Player::You => {
                for (k, hops) in moves.iter().enumerate() {
                    writeln!(out, "  {}. {}", k + 1, describe(hops))?;
                }
                loop {
                    write!(out, "Your move (1-{}, or q to quit): ", moves.len())?;
                    out.flush()?;
                    let Some(line) = lines.next() else {
                        writeln!(out, "\nNo more input: game left unfinished.")?;
                        return Ok(Verdict::Done);
                    };
                    let line = line.map_err(|e| Failure::Input(format!("cannot read: {e}")))?;
                    let answer = line.trim();
                    if answer == "q" {
                        writeln!(out, "Game left unfinished.")?;
                        return Ok(Verdict::Done);
                    }
                    match answer.parse::<usize>() {
                        Ok(k) if (1..=moves.len()).contains(&k) => break moves[k - 1].clone(),
                        _ => writeln!(out, "'{answer}' is not one of the moves listed.")?,
                    }
                }
            }
        };
        // The independent checker plays the move; the next turn shows its result.
        let done = replay(&word, args.game.board, &chosen)?;
        word = match args.game.board {
            Board::Finite => done.final_word,
            Board::Infinite => done.final_word.trimmed(),
        };
        to_move = match to_move {
            Player::You => Player::Computer,
            Player::Computer => Player::You,
        };
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn describe_joins_hops() {
        use unhop::solitaire::{Direction, Hop};
        let hops = [Hop::new(1, Direction::Right), Hop::new(3, Direction::Right)];
        assert_eq!(super::describe(&hops), "1→3 3→5");
    }
}
