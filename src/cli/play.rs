//! `unhop play WORD [--moves M] [--board B] [--rule normal|misere] [--first you|computer]`:
//! Duotaire against a perfect opponent in the terminal; `unhop play nim|subtraction|octal
//! HEAPS... [--set S] [--code C] [--rule R] [--first …]`: the same for Nim, subtraction
//! games, their variants and octal games. The game is the library's [`Match`]; this reads the
//! player's moves and prints.

use super::input::SHORT_LINE_BYTES;
use super::{Failure, Verdict, usage};
use std::io::{BufRead, Write};
use unhop::batch_lines::BatchLines;
use unhop::games::{
    Duotaire, HeapGame, HeapGameKind, HeapRule, Match, MoveRule, Outcome, Side, parse_small_heaps,
};
use unhop::solitaire::Board;
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
    /// normal (the player who cannot move loses; the default) or misere (that player wins);
    /// subtraction also no-repeat or odd-wins
    #[arg(long)]
    rule: Option<HeapRule>,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Player {
    You,
    Computer,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let budget = super::budget();
    let rule = args.rule.unwrap_or_default();
    let game = match args.start[0].parse::<HeapGameKind>() {
        Ok(kind) => {
            let (set, code) = (args.set.as_deref(), args.code.as_deref());
            let duotaire = (args.moves.map(|_| "--moves (for Duotaire)"))
                .or(args.board.map(|_| "--board (for Duotaire)"));
            let unused = duotaire.or(kind.unused_option(set.is_some(), code.is_some()));
            if let Some(option) = unused {
                let message = format!("{option} does not apply to {kind}");
                return Err(usage(&["play"], message));
            }
            let game = HeapGame::choose(kind, set, code, rule)?;
            let heaps = parse_small_heaps(&args.start[1..])?;
            Match::heaps(&game, &heaps, &budget)?
        }
        Err(_) => {
            let [word] = args.start.as_slice() else {
                return Err(Failure::input(format!(
                    "play takes one word, or a game (nim, subtraction, octal) and its heaps; {} \
                     is not a game",
                    quote(&args.start[0])
                )));
            };
            if args.set.is_some() || args.code.is_some() {
                return Err(usage(
                    &["play"],
                    "--set and --code are for subtraction and octal games, not for Duotaire",
                ));
            }
            let convention = rule.convention().ok_or_else(|| {
                Failure::input(format!(
                    "the {rule} rule is for subtraction games; Duotaire takes the rule normal or \
                     misere"
                ))
            })?;
            let moves = args.moves.unwrap_or(MoveRule::Chain);
            let board = args.board.unwrap_or(Board::Infinite);
            let game = Duotaire::new(moves, board).with_convention(convention);
            Match::duotaire(game, Pattern::single_word(word)?, &budget)?
        }
    };
    play(game, args.first)
}

/// Plays `game` in the terminal: the computer moves perfectly, the player types the number of
/// a move.
fn play(mut game: Match, first: Player) -> Result<Verdict, Failure> {
    let stdin = super::streams::stdin()?;
    let mut lines = BatchLines::new(stdin.lock(), "standard input", SHORT_LINE_BYTES);
    let mut out = std::io::stdout().lock();
    let player = |side: Side| match side {
        Side::First => first,
        Side::Second => match first {
            Player::You => Player::Computer,
            Player::Computer => Player::You,
        },
    };
    let who = match first {
        Player::You => "you",
        Player::Computer => "I",
    };
    let verdict = match game.outcome()? {
        Some(Outcome::Win) => "win",
        Some(Outcome::Loss) => "lose",
        None => "draw",
    };
    writeln!(out, "{}.", game.rules())?;
    match game.value()? {
        Some(value) => writeln!(
            out,
            "The start has value {value}: with perfect play the first player ({who}) will \
             {verdict}."
        )?,
        None => writeln!(
            out,
            "With perfect play the first player ({who}) will {verdict}."
        )?,
    }
    loop {
        writeln!(out, "\n  {}", game.position())?;
        if let Some(winner) = game.winner()? {
            let result = match player(winner) {
                Player::You => "No move is left: you win!",
                Player::Computer => "No move is left: I win.",
            };
            writeln!(out, "{result}")?;
            return Ok(Verdict::Done);
        }
        let chosen = match player(game.to_move()) {
            Player::Computer => {
                let k = game.best_move()?.expect("a move is left");
                writeln!(out, "I play {}.", game.moves()?[k])?;
                k
            }
            Player::You => match ask_move(&game.moves()?, &mut lines, &mut out)? {
                Some(k) => k,
                None => return Ok(Verdict::Done),
            },
        };
        game.play(chosen)?;
    }
}

/// Lists `moves`, numbered from 0, and reads the player's choice (its index) until it is one
/// of them; `None` when the player quits (`q`) or the input ends, which it reports.
fn ask_move(
    moves: &[String],
    lines: &mut BatchLines<impl BufRead>,
    out: &mut impl Write,
) -> Result<Option<usize>, Failure> {
    for (k, name) in moves.iter().enumerate() {
        writeln!(out, "  {k}. {name}")?;
    }
    loop {
        write!(out, "Your move (0-{}, or q to quit): ", moves.len() - 1)?;
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
            Ok(k) if k < moves.len() => return Ok(Some(k)),
            _ => writeln!(out, "{} is not one of the moves listed.", quote(answer))?,
        }
    }
}
