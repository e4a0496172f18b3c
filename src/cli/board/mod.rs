//! `unhop board show|solve|count|moves|ilp|starts|classify`: peg solitaire on two-dimensional
//! boards and graphs, one file per subcommand. Each parses its arguments, calls
//! `unhop::boards` and formats the answer.

mod classify;
mod count;
mod ilp;
mod moves;
mod show;
mod solve;
mod starts;

use super::output::emit;
use super::{Failure, Verdict};
use std::path::Path;
use unhop::boards::{Board, Goal, Position};
use unhop::budget::Budget;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: BoardCommand,
}

#[derive(clap::Subcommand)]
enum BoardCommand {
    /// The board: its holes and their names, jumps, symmetries, position classes, default start
    #[command(after_help = show::EXAMPLES)]
    Show(show::ShowArgs),
    /// Jumps from the start to the goal, replayed and drawn after each jump (exit 1: none)
    #[command(after_help = solve::EXAMPLES)]
    Solve(solve::SolveArgs),
    /// Every position reachable from the start by number of pegs, raw and up to symmetry,
    /// those that can still reach the goal, and the number of solution sequences
    #[command(after_help = count::EXAMPLES)]
    Count(count::CountArgs),
    /// The minimum number of moves (a move: jumps by one peg), with the search proving it
    #[command(after_help = moves::EXAMPLES)]
    Moves(count::CountArgs),
    /// The time-indexed integer program (Jefferson et al.) in LP format
    #[command(after_help = ilp::EXAMPLES)]
    Ilp(ilp::IlpArgs),
    /// Every single-vacancy start (up to symmetry) against every one-peg finish, each with a
    /// replayed solution or a proof of impossibility
    #[command(after_help = starts::EXAMPLES)]
    Starts(starts::StartsArgs),
    /// Graph families (paths, cycles, stars, complete, complete bipartite, hypercubes,
    /// Petersen) classified as solvable / freely solvable
    #[command(after_help = classify::EXAMPLES)]
    Classify(classify::ClassifyArgs),
}

/// The arguments every board command shares.
#[derive(clap::Args)]
pub struct GameArgs {
    /// english, french, wiegleb, triangle[:N], a graph (path:N, cycle:N, star:N, complete:N,
    /// bipartite:M,N, hypercube:D, petersen, edges:1-2,2-3, graph:FILE), the row of a word
    /// (row:WORD, its cells named 0, 1, …, the word its start) or a picture file
    #[arg(long, default_value = "english")]
    board: String,
    /// The start: a hole name (every hole filled but that one) or a pattern such as
    /// oo.o/ooo (o peg, . empty, in reading order); default: the board's own
    #[arg(long)]
    start: Option<String>,
    /// The goal: a hole name (one peg there), any (one peg anywhere) or a pattern; default:
    /// one peg in the centre if the board has one, else one peg anywhere
    #[arg(long)]
    goal: Option<String>,
    /// Machine-readable output: one JSON object
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    match args.command {
        BoardCommand::Show(a) => show::run(a),
        BoardCommand::Solve(a) => solve::run(a),
        BoardCommand::Count(a) => count::run(a),
        BoardCommand::Moves(a) => moves::run(a),
        BoardCommand::Ilp(a) => ilp::run(a),
        BoardCommand::Starts(a) => starts::run(a),
        BoardCommand::Classify(a) => classify::run(a),
    }
}

/// The board, start and goal the arguments name.
fn game(args: &GameArgs) -> Result<(Board, Position, Goal), Failure> {
    let board = Board::named_within(&args.board, &crate::cli::budget())?;
    let start = match &args.start {
        Some(text) => board.parse_start(text)?,
        None => board.default_start(),
    };
    let goal = match &args.goal {
        Some(text) => board.parse_goal(text)?,
        None => board.default_goal(),
    };
    Ok((board, start, goal))
}

/// Writes one report as a JSON object on a line of its own to standard output or `out`.
fn print_json(report: &impl serde::Serialize, out: Option<&Path>) -> Result<Verdict, Failure> {
    let mut text =
        serde_json::to_string(report).map_err(|e| Failure::Error(unhop::Error::internal(e)))?;
    text.push('\n');
    emit(&text, out)?;
    Ok(Verdict::Done)
}

/// `--limit N`, the old spelling of the global `--max-positions N` on `board solve` and `board
/// starts`: the dead positions a search may keep (hidden from the help).
#[derive(clap::Args)]
struct OldLimit {
    #[arg(long = "limit", value_name = "N", hide = true)]
    limit: Option<u64>,
}

impl OldLimit {
    /// A fresh budget with `--max-positions`, or `--limit` if less.
    fn budget(&self) -> Budget {
        let budget = super::budget();
        match self.limit {
            Some(limit) => {
                let positions = budget.position_limit(u64::MAX).min(limit);
                budget.with_max_positions(positions)
            }
            None => budget,
        }
    }
}
