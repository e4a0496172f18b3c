//! `unhop slide play [BOARD] [--size 3|4] [--goal G] [--seed N]`: the puzzle in the terminal.
//!
//! On a terminal the keys act at once: the arrows slide the tile next to the gap in that
//! direction, digits then Enter slide a tile by number, `s` plays the next move of a shortest
//! solution, `a` animates the rest of it, `n` shuffles, `q` quits. From a pipe the same
//! commands come one per line (`up`, `down`, `left`, `right`, a tile number, `s`, `a`, `n`,
//! `q`), so games can be scripted and tested. The game itself is the library's.

use super::common::RandomArgs;
use crate::cli::input::SHORT_LINE_BYTES;
use crate::cli::progress::TerminalProgress;
use crate::cli::{Failure, Verdict, usage};
use console::{Key, Term};
use rand::rngs::StdRng;
use std::io::{IsTerminal, Write};
use std::time::Duration;
use unhop::batch_lines::BatchLines;
use unhop::sliding::{
    Action, Board, Direction, Event, Game, Plan, Session, SolverConfig, parse_goal,
    parse_time_limit,
};

#[derive(clap::Args)]
#[command(after_help = "Examples:
  unhop slide play --size 3 --seed 1
  printf 'up\\nleft\\nq\\n' | unhop slide play 1 2 3 4 5 6 7 0 8
  printf 's\\na\\n' | unhop slide play 1 2 3 4 5 6 0 7 8")]
pub struct Args {
    /// The starting board (default: a random solvable one)
    board: Vec<String>,
    #[command(flatten)]
    random: RandomArgs,
    /// Seconds of optimal search for a hint before the fast method answers
    #[arg(long, default_value = "15")]
    budget: f64,
    /// Milliseconds between the moves of an animation
    #[arg(long, default_value = "250")]
    delay: u64,
}

/// `1 move`, `2 moves`.
fn moves(n: usize) -> String {
    format!("{n} move{}", if n == 1 { "" } else { "s" })
}

/// The game, its hints and the random generator of new boards.
struct Play {
    session: Session,
    rng: StdRng,
}

impl Play {
    /// Carries out one action; returns a message for the player, or `None` to quit. `show`
    /// draws the board after each slide of an animation.
    fn act(
        &mut self,
        action: Action,
        show: &mut dyn FnMut(&Game, &str),
    ) -> Result<Option<String>, Failure> {
        let budget = crate::cli::budget();
        let progress = TerminalProgress::new();
        let mut animated = |game: &Game, tile: u8| show(game, &format!("slid {tile}"));
        let event = self
            .session
            .act(action, &mut self.rng, &budget, &progress, &mut animated)?;
        Ok(Some(match event {
            Event::Quit => return Ok(None),
            Event::Slid(_) => String::new(),
            Event::NotSlid(why) => why,
            Event::NoTileThatWay(_) => "no tile can slide that way".into(),
            Event::AlreadySolved => "already solved".into(),
            Event::Shuffled => "a new random board".into(),
            Event::Played { tiles, found } => {
                let slid: Vec<String> = tiles.iter().map(u8::to_string).collect();
                match found {
                    None => format!("slid {}", slid.join(" ")),
                    Some(Plan {
                        length,
                        proven_optimal: true,
                    }) => format!(
                        "a shortest solution has {}: slid {}",
                        moves(length),
                        slid.join(" ")
                    ),
                    Some(Plan { length, .. }) => format!(
                        "the time or the work ran out: a solution of {}, not proven shortest: \
                         slid {}",
                        moves(length),
                        slid.join(" ")
                    ),
                }
            }
        }))
    }
}

/// `Solved in 3 moves!` or `2 moves so far`.
fn status(game: &Game) -> String {
    if game.is_solved() {
        format!("Solved in {}!", moves(game.moves()))
    } else {
        format!("{} so far", moves(game.moves()))
    }
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let time_limit = parse_time_limit(args.budget).map_err(|e| e.context("--budget"))?;
    let (goal, mut rng) = args.random.start()?;
    let game = if args.board.is_empty() {
        Game::random(goal, &mut rng)
    } else {
        if args.random.size.is_some() {
            return Err(usage(
                &["slide", "play"],
                "--size is for a random board; the board given has its own size",
            ));
        }
        let board = Board::parse(&args.board.join(" "))?;
        Game::new(board, parse_goal(&args.random.goal, Some(board.width()))?)?
    };
    let config = SolverConfig::new().time_limit(Some(time_limit));
    let mut session = Play {
        session: Session::new(game, config),
        rng,
    };
    let term = Term::stdout();
    if term.is_term() && std::io::stdin().is_terminal() {
        play_keys(&mut session, &term, Duration::from_millis(args.delay))
    } else {
        play_lines(&mut session)
    }
}

/// Reads one command per line from standard input and prints every board as text.
fn play_lines(session: &mut Play) -> Result<Verdict, Failure> {
    let mut out = std::io::stdout().lock();
    let game = session.session.game();
    writeln!(out, "goal {}\n{}", game.goal(), game.board().to_grid())?;
    let mut show = |g: &Game, note: &str| {
        let _ = writeln!(std::io::stdout(), "{note}\n{}", g.board().to_grid());
    };
    let stdin = crate::cli::streams::stdin()?;
    let mut lines = BatchLines::new(stdin.lock(), "standard input", SHORT_LINE_BYTES);
    while let Some(line) = lines.next_line()? {
        let action = match line.text().parse::<Action>() {
            Ok(action) => action,
            Err(why) => {
                writeln!(out, "{why}")?;
                continue;
            }
        };
        let Some(note) = session.act(action, &mut show)? else {
            break;
        };
        writeln!(
            out,
            "{}{}\n{}",
            if note.is_empty() {
                String::new()
            } else {
                format!("{note}; ")
            },
            status(session.session.game()),
            session.session.game().board().to_grid()
        )?;
    }
    Ok(Verdict::Done)
}

/// Redraws the board after every key on a terminal.
fn play_keys(session: &mut Play, term: &Term, delay: Duration) -> Result<Verdict, Failure> {
    let help = "arrows or a number + Enter: slide · s: hint (next move) · a: animate · n: shuffle · q: quit";
    let draw = |g: &Game, note: &str| {
        let _ = term.clear_screen();
        let _ = term.write_line(&format!(
            "goal {}\n\n{}\n{}\n{note}\n{help}",
            g.goal(),
            g.board().to_grid(),
            status(g)
        ));
    };
    let mut animate = |g: &Game, note: &str| {
        draw(g, note);
        std::thread::sleep(delay);
    };
    let mut typed = String::new();
    let mut note = String::new();
    loop {
        draw(
            session.session.game(),
            &if typed.is_empty() {
                note.clone()
            } else {
                format!("tile: {typed}")
            },
        );
        let key = term
            .read_key()
            .map_err(|e| Failure::input(format!("cannot read the keyboard: {e}")))?;
        let action = match key {
            Key::ArrowUp => Action::Arrow(Direction::Up),
            Key::ArrowDown => Action::Arrow(Direction::Down),
            Key::ArrowLeft => Action::Arrow(Direction::Left),
            Key::ArrowRight => Action::Arrow(Direction::Right),
            Key::Char(c) if c.is_ascii_digit() && typed.len() < 2 => {
                typed.push(c);
                continue;
            }
            Key::Backspace => {
                typed.pop();
                continue;
            }
            Key::Enter if !typed.is_empty() => {
                let t = std::mem::take(&mut typed);
                Action::Tile(t.parse().unwrap_or(0))
            }
            Key::Char(c) => match c.to_string().parse() {
                Ok(a) => a,
                Err(_) => continue,
            },
            Key::Escape | Key::CtrlC => Action::Quit,
            _ => continue,
        };
        match session.act(action, &mut animate)? {
            Some(n) => note = n,
            None => return Ok(Verdict::Done),
        }
    }
}
