//! The options and outputs the `slide` subcommands share: boards, goals, random boards, the
//! pattern-database options, and the solvability line.

use crate::cli::Failure;
use crate::cli::batch::{Answer, Order, answer_alone};
use crate::cli::input::{SHORT_LINE_BYTES, for_each_line};
use crate::cli::output::{Out, Rows, json_or_text};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::io::Write;
use std::path::PathBuf;
use unhop::sliding::{Board, Solvability, SolvabilityReport, SolverConfig, Split, parse_goal};

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
    /// standard input (the batch-line convention; at most [`SHORT_LINE_BYTES`] a line),
    /// answered in `order`.
    pub fn for_each(
        &self,
        rows: &mut Rows,
        order: Order,
        handle: impl Fn(Board, Board, &mut Answer) -> Result<(), Failure> + Sync,
    ) -> Result<(), Failure> {
        let one = |board: Board, answer: &mut Answer| {
            handle(board, parse_goal(&self.goal, Some(board.width()))?, answer)
        };
        if !self.given_as_arguments() {
            return for_each_line(SHORT_LINE_BYTES, order, rows, |line, answer| {
                one(Board::parse(line.text())?, answer)
            });
        }
        answer_alone(rows, &mut Vec::new(), |answer| {
            one(Board::parse(&self.board.join(" "))?, answer)
        })
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
    /// `config` with the split and the cache folder given, if any.
    pub fn apply(&self, config: SolverConfig) -> SolverConfig {
        let config = config.cache_dir(self.pdb_dir.clone());
        match self.split {
            Some(split) => config.split(split),
            None => config,
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
        let goal = parse_goal(&self.goal, self.size.map(usize::from))?;
        let rng = match self.seed {
            Some(seed) => StdRng::seed_from_u64(seed),
            None => rand::make_rng(),
        };
        Ok((goal, rng))
    }
}

/// One report as a line of JSON.
pub fn json_line(out: &mut dyn Write, report: &impl serde::Serialize) -> std::io::Result<()> {
    serde_json::to_writer(&mut *out, report)?;
    writeln!(out)
}

/// `BOARD: solvable` or `BOARD: unsolvable: why`, or with `json` the [`SolvabilityReport`].
pub fn write_solvability(
    out: &mut dyn Write,
    json: bool,
    board: &Board,
    goal: &Board,
    answer: &Solvability,
) -> std::io::Result<()> {
    if json {
        return json_line(out, &SolvabilityReport::new(board, goal, answer));
    }
    match answer {
        Solvability::Solvable => writeln!(out, "{board}: solvable"),
        Solvability::Unsolvable(why) => writeln!(out, "{board}: {why}"),
    }
}
