//! `unhop play WORD [--moves M] [--board B] [--first you|computer]`: Duotaire against a
//! perfect opponent in the terminal; `unhop play nim|subtraction|octal HEAPS... [--set S]
//! [--code C] [--rule R] [--first …]`: the same for Nim, subtraction games, their
//! variants and octal games.

use super::graph::{GameChoice, GameName, game_of, unused_option};
use super::input::SHORT_LINE_BYTES;
use super::subtraction::RuleArg;
use super::{Failure, Verdict, usage};
use clap::ValueEnum;
use std::io::{BufRead, Write};
use unhop::batch_lines::BatchLines;
use unhop::games::{Duotaire, MoveRule, Outcome, PositionGraph, Solver};
use unhop::solitaire::{Board, Hop, replay};
use unhop::{Pattern, quote};

#[derive(clap::Args)]
pub struct Args {
    /// The starting word (0/1 or ./x) or a pattern such as 011(01)^3 0; or nim, subtraction
    /// or octal followed by the heap sizes
    #[arg(required = true, allow_negative_numbers = true)]
    start: Vec<String>,
    /// Duotaire: single (a move is one hop) or chain (one or more hops by the same peg, the
    /// paper's rule; the default)
    #[arg(long)]
    moves: Option<MoveRule>,
    /// Duotaire: infinite (hops may leave the word) or finite (the board is the word)
    /// [default: infinite]
    #[arg(long)]
    board: Option<Board>,
    /// Who moves first
    #[arg(long, value_enum, default_value = "you")]
    first: Player,
    /// subtraction: the set, such as 1..3
    #[arg(long)]
    set: Option<String>,
    /// octal: the code, such as 0.77
    #[arg(long)]
    code: Option<String>,
    /// nim, subtraction, octal: normal or misere; subtraction also no-repeat or odd-wins
    #[arg(long, value_enum)]
    rule: Option<RuleArg>,
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
    if let Ok(name) = GameName::from_str(&args.start[0], true) {
        let choice = GameChoice {
            name,
            heaps: &args.start[1..],
            set: args.set.as_deref(),
            code: args.code.as_deref(),
            rule: args.rule.unwrap_or(RuleArg::Normal),
        };
        let duotaire = (args.moves.map(|_| "--moves"))
            .or(args.board.map(|_| "--board"))
            .map(|option| format!("{option} (for Duotaire)"));
        if let Some(option) = duotaire.or(unused_option(&choice).map(String::from)) {
            return Err(usage(
                &["play"],
                format!("{option} does not apply to {}", name.keyword()),
            ));
        }
        let (game, heaps) = game_of(&choice)?;
        let solved = game.play_graph(&heaps, &super::budget())?;
        return play_solved(&solved, args.first);
    }
    let [word] = args.start.as_slice() else {
        return Err(Failure::input(format!(
            "play takes one word, or a game (nim, subtraction, octal) and its heaps; {} is \
             not a game",
            quote(&args.start[0])
        )));
    };
    if args.set.is_some() || args.code.is_some() || args.rule.is_some() {
        return Err(usage(
            &["play"],
            "--set, --code and --rule are for nim, subtraction and octal, not for Duotaire",
        ));
    }
    let moves = args.moves.unwrap_or(MoveRule::Chain);
    let board = args.board.unwrap_or(Board::Infinite);
    let game = Duotaire::new(moves, board);
    let mut solver = Solver::with_budget(game, &super::budget());
    let mut word = Pattern::single_word(word)?;
    let mut to_move = args.first;
    let stdin = super::streams::stdin()?;
    let mut lines = BatchLines::new(stdin.lock(), "standard input", SHORT_LINE_BYTES);
    let mut out = std::io::stdout().lock();
    let value = solver.try_value(&game.position(&word)?)?;
    let who = if to_move == Player::You { "you" } else { "I" };
    let verdict = if value == 0 { "lose" } else { "win" };
    writeln!(
        out,
        "Duotaire, {} moves on the {} board; the player who cannot move loses.\n\
         The start has value {value}: with perfect play the first player ({who}) will {verdict}.",
        moves, board
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
                let names: Vec<String> = moves.iter().map(|hops| describe(hops)).collect();
                match ask_move(&names, &mut lines, &mut out)? {
                    Some(k) => moves[k].clone(),
                    None => return Ok(Verdict::Done),
                }
            }
        };
        // The independent checker plays the move; the next turn shows its result.
        let done = replay(&word, board, &chosen)?;
        word = match board {
            Board::Finite => done.final_word,
            Board::Infinite => done.final_word.trimmed(),
        };
        to_move = match to_move {
            Player::You => Player::Computer,
            Player::Computer => Player::You,
        };
    }
}

/// Lists `moves`, numbered from 1, and reads the player's choice (its index) until it is one
/// of them; `None` when the player quits (`q`) or the input ends, which it reports.
fn ask_move(
    moves: &[String],
    lines: &mut BatchLines<impl BufRead>,
    out: &mut impl Write,
) -> Result<Option<usize>, Failure> {
    for (k, name) in moves.iter().enumerate() {
        writeln!(out, "  {}. {name}", k + 1)?;
    }
    loop {
        write!(out, "Your move (1-{}, or q to quit): ", moves.len())?;
        out.flush()?;
        let Some(line) = lines.next_line()? else {
            writeln!(out, "\nNo more input: game left unfinished.")?;
            return Ok(None);
        };
        let answer = line.text().trim();
        if answer == "q" {
            writeln!(out, "Game left unfinished.")?;
            return Ok(None);
        }
        match answer.parse::<usize>() {
            Ok(k) if (1..=moves.len()).contains(&k) => return Ok(Some(k - 1)),
            _ => writeln!(out, "{} is not one of the moves listed.", quote(answer))?,
        }
    }
}

/// Plays a solved game: the computer always moves to a losing position when it can.
fn play_solved(solved: &PositionGraph, first: Player) -> Result<Verdict, Failure> {
    let stdin = super::streams::stdin()?;
    let mut lines = BatchLines::new(stdin.lock(), "standard input", SHORT_LINE_BYTES);
    let mut out = std::io::stdout().lock();
    let mut to_move = first;
    let mut at = 0;
    let who = if to_move == Player::You { "you" } else { "I" };
    let verdict = match solved.outcome(0) {
        Some(Outcome::Win) => "win",
        Some(Outcome::Loss) => "lose",
        None => "draw",
    };
    writeln!(
        out,
        "{}.\nWith perfect play the first player ({who}) will {verdict}.",
        solved.rules()
    )?;
    loop {
        let moves = solved.moves(at);
        writeln!(out, "\n  {}", solved.position(at))?;
        if moves.is_empty() {
            let mover_wins = solved.outcome(at) == Some(Outcome::Win);
            let result = match (to_move, mover_wins) {
                (Player::You, true) | (Player::Computer, false) => "No move is left: you win!",
                _ => "No move is left: I win.",
            };
            writeln!(out, "{result}")?;
            return Ok(Verdict::Done);
        }
        let chosen = match to_move {
            Player::Computer => {
                let winning = solved.winning_moves(at);
                let (name, next) = winning.first().unwrap_or(&moves[0]);
                writeln!(out, "I play {name}.")?;
                *next
            }
            Player::You => {
                let names: Vec<String> = moves.iter().map(|(name, _)| name.clone()).collect();
                match ask_move(&names, &mut lines, &mut out)? {
                    Some(k) => moves[k].1,
                    None => return Ok(Verdict::Done),
                }
            }
        };
        at = chosen;
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
