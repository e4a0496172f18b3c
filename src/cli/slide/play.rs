//! `unhop slide play [BOARD] [--size 3|4] [--goal G] [--seed N]`: the puzzle in the terminal.
//!
//! On a terminal the keys act at once: the arrows slide the tile next to the gap in that
//! direction, digits then Enter slide a tile by number, `s` plays the next move of a shortest
//! solution, `a` animates the rest of it, `n` shuffles, `q` quits. From a pipe the same
//! commands come one per line (`up`, `down`, `left`, `right`, a tile number, `s`, `a`, `n`,
//! `q`), so games can be scripted and tested. The game itself is the library's.

use super::common::{RandomArgs, parse_goal, time_limit};
use crate::cli::input::SHORT_LINE_BYTES;
use crate::cli::progress::TerminalProgress;
use crate::cli::{Failure, Verdict, usage};
use console::{Key, Term};
use rand::rngs::StdRng;
use std::io::{IsTerminal, Write};
use std::time::Duration;
use unhop::batch_lines::BatchLines;
use unhop::quote;
use unhop::sliding::{Board, Direction, Game, Hint, Solver, SolverConfig};

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

/// What the player asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    /// Slide this tile into the gap.
    Tile(u8),
    /// Slide the tile on the gap's side opposite to this direction towards it (an arrow).
    Arrow(Direction),
    /// The next move of a shortest solution.
    Step,
    /// Every remaining move of the solution, one after another.
    Animate,
    /// A new random board.
    Shuffle,
    Quit,
}

/// A command line typed in a pipe: `up`, `7`, `s`, …; `None` if not understood.
fn parse_action(line: &str) -> Option<Action> {
    Some(match line.trim() {
        "up" | "u" => Action::Arrow(Direction::Up),
        "down" | "d" => Action::Arrow(Direction::Down),
        "left" | "l" => Action::Arrow(Direction::Left),
        "right" | "r" => Action::Arrow(Direction::Right),
        "s" | "step" => Action::Step,
        "a" | "animate" => Action::Animate,
        "n" | "shuffle" => Action::Shuffle,
        "q" | "quit" => Action::Quit,
        t => Action::Tile(t.parse().ok()?),
    })
}

/// `1 move`, `2 moves`.
fn moves(n: usize) -> String {
    format!("{n} move{}", if n == 1 { "" } else { "s" })
}

/// The game, the solver for hints (built at the first hint) and the random generator.
struct Session {
    game: Game,
    config: SolverConfig,
    solver: Option<Solver>,
    rng: StdRng,
}

impl Session {
    /// Carries out one action; returns a message for the player, or `None` to quit.
    /// `show` draws the board after each slide of an animation.
    fn act(
        &mut self,
        action: Action,
        show: &mut dyn FnMut(&Game, &str),
    ) -> Result<Option<String>, Failure> {
        Ok(Some(match action {
            Action::Quit => return Ok(None),
            Action::Tile(t) => match self.game.slide(t) {
                Ok(()) => String::new(),
                Err(why) => why.to_string(),
            },
            Action::Arrow(d) => match self.game.push(d)? {
                Some(_) => String::new(),
                None => "no tile can slide that way".into(),
            },
            Action::Step | Action::Animate => {
                let new_plan = self.game.plan().is_empty();
                if self.solver.is_none() && !self.game.is_solved() {
                    let goal = *self.game.goal();
                    let budget = crate::cli::budget();
                    self.solver =
                        Some(self.config.build(goal, &budget, &TerminalProgress::new())?);
                }
                let note = match self.solver.as_ref() {
                    None => Hint::Solved,
                    Some(solver) => {
                        let budget = crate::cli::budget();
                        self.game.hint(solver, &budget, &TerminalProgress::new())?
                    }
                };
                let note = match note {
                    Hint::Solved => return Ok(Some("already solved".into())),
                    Hint::Plan { .. } if !new_plan => String::new(),
                    Hint::Plan {
                        tiles,
                        proven_optimal: true,
                    } => format!("a shortest solution has {}", moves(tiles.len())),
                    Hint::Plan { tiles, .. } => format!(
                        "the time or the work ran out: a solution of {}, not proven shortest",
                        moves(tiles.len())
                    ),
                };
                let mut slid = Vec::new();
                while let Some(t) = self.game.step() {
                    slid.push(t.to_string());
                    if action == Action::Step {
                        break;
                    }
                    show(&self.game, &format!("slid {t}"));
                }
                match note.is_empty() {
                    true => format!("slid {}", slid.join(" ")),
                    false => format!("{note}: slid {}", slid.join(" ")),
                }
            }
            Action::Shuffle => {
                self.game.shuffle(&mut self.rng);
                "a new random board".into()
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
    let time_limit = time_limit(args.budget)?;
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
    let mut session = Session {
        game,
        config: SolverConfig::new().time_limit(Some(time_limit)),
        solver: None,
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
fn play_lines(session: &mut Session) -> Result<Verdict, Failure> {
    let mut out = std::io::stdout().lock();
    let game = &session.game;
    writeln!(out, "goal {}\n{}", game.goal(), game.board().to_grid())?;
    let mut show = |g: &Game, note: &str| {
        let _ = writeln!(std::io::stdout(), "{note}\n{}", g.board().to_grid());
    };
    let stdin = crate::cli::streams::stdin()?;
    let mut lines = BatchLines::new(stdin.lock(), "standard input", SHORT_LINE_BYTES);
    while let Some(line) = lines.next_line()? {
        let Some(action) = parse_action(line.text()) else {
            writeln!(
                out,
                "{} is not a command (up, down, left, right, a tile number, s, a, n, q)",
                quote(line.text().trim())
            )?;
            continue;
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
            status(&session.game),
            session.game.board().to_grid()
        )?;
    }
    Ok(Verdict::Done)
}

/// Redraws the board after every key on a terminal.
fn play_keys(session: &mut Session, term: &Term, delay: Duration) -> Result<Verdict, Failure> {
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
            &session.game,
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
            Key::Char(c) => match parse_action(&c.to_string()) {
                Some(a) => a,
                None => continue,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_are_parsed() {
        assert_eq!(parse_action(" up "), Some(Action::Arrow(Direction::Up)));
        assert_eq!(parse_action("12"), Some(Action::Tile(12)));
        assert_eq!(parse_action("s"), Some(Action::Step));
        assert_eq!(parse_action("jump"), None);
    }
}
