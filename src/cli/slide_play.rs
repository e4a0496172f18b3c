//! `unhop slide play [BOARD] [--size 3|4] [--goal G] [--seed N]`: the puzzle in the terminal.
//!
//! On a terminal the keys act at once: the arrows slide the tile next to the gap in that
//! direction, digits then Enter slide a tile by number, `s` plays the next move of a shortest
//! solution, `a` animates the rest of it, `n` shuffles, `q` quits. From a pipe the same
//! commands come one per line (`up`, `down`, `left`, `right`, a tile number, `s`, `a`, `n`,
//! `q`), so games can be scripted and tested.

use super::input::SHORT_LINE_BYTES;
use super::slide::{RandomArgs, budget, load_pdbs, parse_goal};
use super::{Failure, Verdict, usage};
use console::{Key, Term};
use rand::rngs::StdRng;
use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};
use unhop::batch_lines::BatchLines;
use unhop::quote;
use unhop::sliding::{Board, Guide, LinearConflict, Outcome, Solver, Split, random, solvability};

#[derive(clap::Args)]
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

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Direction {
    Up,
    Down,
    Left,
    Right,
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

/// The game: the board, the goal, the solver for hints and the solution being stepped.
struct Game {
    board: Board,
    goal: Board,
    solver: Option<Solver>,
    plan: Vec<u8>,
    moves: usize,
    rng: StdRng,
    budget: Duration,
}

impl Game {
    /// The tile that an arrow moves: it slides towards the gap in the arrow's direction.
    fn arrow_tile(&self, d: Direction) -> Option<u8> {
        let (w, gap) = (self.board.width(), self.board.gap());
        let (r, c) = (gap / w, gap % w);
        let cell = match d {
            Direction::Up => (r + 1 < w).then(|| gap + w),
            Direction::Down => (r > 0).then(|| gap - w),
            Direction::Left => (c + 1 < w).then(|| gap + 1),
            Direction::Right => (c > 0).then(|| gap - 1),
        }?;
        Some(self.board.tile_at(cell))
    }

    fn slide(&mut self, tile: u8) -> Result<(), String> {
        self.board.slide(tile).map_err(|e| e.to_string())?;
        self.moves += 1;
        if self.plan.first() == Some(&tile) {
            self.plan.remove(0);
        } else {
            self.plan.clear();
        }
        Ok(())
    }

    /// The remaining solution, computed when there is none.
    fn plan(&mut self) -> Result<String, Failure> {
        if !self.plan.is_empty() {
            return Ok(String::new());
        }
        if self.solver.is_none() {
            let guide = if self.goal.width() == 3 {
                Guide::LinearConflict(LinearConflict::new(3))
            } else {
                Guide::Patterns(load_pdbs(Split::SixSixThree, &self.goal, None)?)
            };
            self.solver = Some(Solver::new(self.goal, guide)?);
        }
        let solver = self.solver.as_ref().expect("set above");
        match solver.solve(&self.board, Some(Instant::now() + self.budget))? {
            Outcome::Unsolvable(why) => Ok(why),
            Outcome::Solved(s) => {
                self.plan = s.tiles;
                Ok(if s.proven_optimal {
                    format!("a shortest solution has {}", moves(self.plan.len()))
                } else {
                    format!(
                        "the budget ran out: a solution of {}, not proven shortest",
                        moves(self.plan.len())
                    )
                })
            }
        }
    }

    /// Carries out one action; returns a message for the player, or `None` to quit.
    fn act(
        &mut self,
        action: Action,
        show: &mut dyn FnMut(&Game, &str),
    ) -> Result<Option<String>, Failure> {
        Ok(Some(match action {
            Action::Quit => return Ok(None),
            Action::Tile(t) => match self.slide(t) {
                Ok(()) => String::new(),
                Err(why) => why,
            },
            Action::Arrow(d) => match self.arrow_tile(d) {
                Some(t) => {
                    self.slide(t).map_err(Failure::Input)?;
                    String::new()
                }
                None => "no tile can slide that way".into(),
            },
            Action::Step | Action::Animate => {
                let note = self.plan()?;
                if self.plan.is_empty() {
                    return Ok(Some(if note.is_empty() {
                        "already solved".into()
                    } else {
                        note
                    }));
                }
                let steps = if action == Action::Step {
                    1
                } else {
                    self.plan.len()
                };
                let mut slid = Vec::new();
                for _ in 0..steps {
                    let t = self.plan[0];
                    self.slide(t).map_err(Failure::Input)?;
                    slid.push(t.to_string());
                    if action == Action::Animate {
                        show(self, &format!("slid {t}"));
                    }
                }
                match note.is_empty() {
                    true => format!("slid {}", slid.join(" ")),
                    false => format!("{note}: slid {}", slid.join(" ")),
                }
            }
            Action::Shuffle => {
                self.board = random::shuffled(&self.goal, &mut self.rng);
                self.plan.clear();
                self.moves = 0;
                "a new random board".into()
            }
        }))
    }

    fn status(&self) -> String {
        if self.board == self.goal {
            format!("Solved in {}!", moves(self.moves))
        } else {
            format!("{} so far", moves(self.moves))
        }
    }
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let budget = budget(args.budget)?;
    let (goal, mut rng) = args.random.start()?;
    let (board, goal) = if args.board.is_empty() {
        (random::shuffled(&goal, &mut rng), goal)
    } else {
        if args.random.size_given() {
            return Err(usage(
                &["slide", "play"],
                "--size is for a random board; the board given has its own size",
            ));
        }
        let board = Board::parse(&args.board.join(" "))?;
        (
            board,
            parse_goal(args.random.goal_text(), Some(board.width()))?,
        )
    };
    if let Err(why) = solvability(&board, &goal) {
        return Err(Failure::Input(format!(
            "{board} cannot be played to the goal {goal}: {why}"
        )));
    }
    let mut game = Game {
        board,
        goal,
        solver: None,
        plan: Vec::new(),
        moves: 0,
        rng,
        budget,
    };
    let term = Term::stdout();
    if term.is_term() && std::io::stdin().is_terminal() {
        play_keys(&mut game, &term, Duration::from_millis(args.delay))
    } else {
        play_lines(&mut game)
    }
}

/// Reads one command per line from standard input and prints every board as text.
fn play_lines(game: &mut Game) -> Result<Verdict, Failure> {
    let mut out = std::io::stdout().lock();
    writeln!(out, "goal {}\n{}", game.goal, game.board.to_grid())?;
    let mut show = |g: &Game, note: &str| {
        let _ = writeln!(std::io::stdout(), "{note}\n{}", g.board.to_grid());
    };
    let stdin = std::io::stdin();
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
        let Some(note) = game.act(action, &mut show)? else {
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
            game.status(),
            game.board.to_grid()
        )?;
    }
    Ok(Verdict::Done)
}

/// Redraws the board after every key on a terminal.
fn play_keys(game: &mut Game, term: &Term, delay: Duration) -> Result<Verdict, Failure> {
    let help = "arrows or a number + Enter: slide · s: hint (next move) · a: animate · n: shuffle · q: quit";
    let draw = |g: &Game, note: &str| {
        let _ = term.clear_screen();
        let _ = term.write_line(&format!(
            "goal {}\n\n{}\n{}\n{note}\n{help}",
            g.goal,
            g.board.to_grid(),
            g.status()
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
            game,
            &if typed.is_empty() {
                note.clone()
            } else {
                format!("tile: {typed}")
            },
        );
        let key = term
            .read_key()
            .map_err(|e| Failure::Input(format!("cannot read the keyboard: {e}")))?;
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
        match game.act(action, &mut animate)? {
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
