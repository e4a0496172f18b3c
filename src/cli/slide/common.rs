//! The options and outputs the `slide` subcommands share: boards, goals, random boards, the
//! pattern-database options, the time limit, and the solvability line.

use crate::cli::Failure;
use crate::cli::input::{SHORT_LINE_BYTES, for_each_line};
use crate::cli::output::{Out, Rows, json_or_text};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;
use unhop::sliding::{Board, Solvability, Split};

/// The board and goal arguments shared by the commands that read a board.
#[derive(clap::Args)]
pub struct BoardArgs {
    /// The board row by row: 9 or 16 numbers, 0 or _ for the gap, commas or slashes allowed
    /// between rows (one argument or several); - reads one board per line of standard input
    /// (lines end at \n, \r\n or \r; blank lines and lines starting with # are skipped; at
    /// most 64 KiB a line)
    #[arg(required = true, num_args = 1..)]
    pub board: Vec<String>,
    /// The goal: last (1 2 … _), first (_ 1 2 …, Korf's), or a board
    #[arg(long, default_value = "last")]
    pub goal: String,
    /// Machine-readable output: one JSON object per line
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub out: Out,
}

impl BoardArgs {
    /// Whether the boards come from the arguments rather than standard input.
    pub fn given_as_arguments(&self) -> bool {
        !matches!(self.board.as_slice(), [dash] if dash == "-")
    }

    /// Checks `-o` for the format `--json` asks and opens it.
    pub fn open_out(&self) -> Result<Rows, Failure> {
        self.out.check(json_or_text(self.json))?;
        self.out.open()
    }

    /// Calls `handle` on each board with its goal: the arguments joined, or each line of
    /// standard input (the batch-line convention; at most [`SHORT_LINE_BYTES`] a line).
    pub fn for_each(
        &self,
        mut handle: impl FnMut(Board, Board) -> Result<(), Failure>,
    ) -> Result<(), Failure> {
        let mut one = |board: Board| handle(board, parse_goal(&self.goal, Some(board.width()))?);
        if !self.given_as_arguments() {
            return for_each_line(SHORT_LINE_BYTES, |line| one(Board::parse(line.text())?));
        }
        one(Board::parse(&self.board.join(" "))?)
    }
}

/// The pattern-database options of `solve` and `pdb`.
#[derive(clap::Args)]
pub struct PdbOptions {
    /// The pattern split of the 15-puzzle: 6-6-3 (built in seconds; the default) or 7-8
    /// (built in minutes, 580 MB, fastest search)
    #[arg(long)]
    pub split: Option<Split>,
    /// Where pattern databases are cached (default: $UNHOP_CACHE_DIR, else
    /// $XDG_CACHE_HOME/unhop, else ~/.cache/unhop)
    #[arg(long)]
    pub pdb_dir: Option<PathBuf>,
}

impl PdbOptions {
    /// The split asked for, 6-6-3 by default.
    pub fn split(&self) -> Split {
        self.split.unwrap_or(Split::SixSixThree)
    }

    /// The first option given, if any: a search without pattern databases would ignore it.
    pub fn given(&self) -> Option<&'static str> {
        match (self.split, &self.pdb_dir) {
            (Some(_), _) => Some("--split"),
            (None, Some(_)) => Some("--pdb-dir"),
            (None, None) => None,
        }
    }
}

/// Where a random board comes from: its size, goal and seed.
#[derive(clap::Args)]
pub struct RandomArgs {
    /// The size of a random board: 3 (8-puzzle) or 4 (15-puzzle, the default)
    #[arg(long, value_parser = clap::value_parser!(u8).range(3..=4))]
    pub size: Option<u8>,
    /// The goal: last (1 2 … _), first (_ 1 2 …), or a board (of the size --size gives, if
    /// given)
    #[arg(long, default_value = "last")]
    pub goal: String,
    /// A number that makes the random boards reproducible (default: different every run)
    #[arg(long)]
    pub seed: Option<u64>,
}

impl RandomArgs {
    /// The goal and the random generator.
    pub fn start(&self) -> Result<(Board, StdRng), Failure> {
        let size = self.size.map(usize::from);
        let goal = match self.goal.as_str() {
            "last" | "first" => parse_goal(&self.goal, Some(size.unwrap_or(4)))?,
            _ => parse_goal(&self.goal, size)?,
        };
        let rng = match self.seed {
            Some(seed) => StdRng::seed_from_u64(seed),
            None => rand::make_rng(),
        };
        Ok((goal, rng))
    }
}

/// `--budget`: the time limit of a search, seconds from 0 to 10⁹.
pub fn time_limit(seconds: f64) -> Result<Duration, Failure> {
    if !(seconds.is_finite() && (0.0..=1e9).contains(&seconds)) {
        return Err(Failure::input(format!(
            "--budget must be a number of seconds from 0 to 10^9, not {seconds}"
        )));
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// `last`, `first`, or a board of the given width (any width when `width` is `None`).
pub fn parse_goal(text: &str, width: Option<usize>) -> Result<Board, Failure> {
    let goal = match text {
        "last" => Board::solved(width.unwrap_or(4), false),
        "first" => Board::solved(width.unwrap_or(4), true),
        _ => Board::parse(text)
            .map_err(|e| Failure::input(format!("--goal must be last, first or a board: {e}")))?,
    };
    match width {
        Some(w) if goal.width() != w => Err(Failure::input(format!(
            "the goal {goal} is {0}×{0} but the board is {w}×{w}",
            goal.width()
        ))),
        _ => Ok(goal),
    }
}

/// `BOARD: solvable` or `BOARD: unsolvable: why`, or the JSON object
/// `{"board", "goal", "solvable", "reason"}`.
pub fn write_solvability(
    out: &mut dyn Write,
    json: bool,
    board: &Board,
    goal: &Board,
    answer: &Solvability,
) -> std::io::Result<()> {
    if json {
        writeln!(
            out,
            "{}",
            unhop::sliding::solvability_report(board, goal, answer)
        )?;
    } else {
        match answer {
            Solvability::Solvable => writeln!(out, "{board}: solvable")?,
            Solvability::Unsolvable(why) => writeln!(out, "{board}: {why}")?,
        }
    }
    Ok(())
}
