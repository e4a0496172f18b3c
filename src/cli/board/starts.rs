//! `unhop board starts`: every single-vacancy start against every one-peg finish, a row
//! written as each start is done.

use crate::cli::output::{Out, json_or_text};
use crate::cli::progress::TerminalProgress;
use crate::cli::{Failure, Verdict};
use serde_json::json;
use unhop::boards::{Board, DEFAULT_LIMIT, Outcome, VacancyRow, single_vacancies};

pub const EXAMPLES: &str = "Examples:
  unhop board starts --board triangle
  unhop board starts --board triangle --json";

#[derive(clap::Args)]
pub struct StartsArgs {
    /// The board (as for the other board commands)
    #[arg(long, default_value = "english")]
    board: String,
    /// Machine-readable output: one JSON object per start (JSON Lines), each written as it
    /// is done
    #[arg(long)]
    json: bool,
    /// Give up on a start and finish after this many dead positions (up to symmetry; or
    /// --max-positions, if less)
    #[arg(long, default_value_t = DEFAULT_LIMIT)]
    limit: usize,
    /// Settle the pairs the search gives up on by a full level sweep (as `board count`;
    /// about a minute and 1 GB each on the English board, with the work of the whole table
    /// within --max-work)
    #[arg(long)]
    sweep: bool,
    #[command(flatten)]
    out: Out,
}

pub fn run(args: StartsArgs) -> Result<Verdict, Failure> {
    args.out.check(json_or_text(args.json))?;
    let budget = crate::cli::budget();
    let board = Board::named_within(&args.board, &budget)?;
    let mut out = args.out.open()?;
    if !args.json {
        out.row(|out| {
            writeln!(
                out,
                "board {}: every single-vacancy start up to symmetry, every one-peg finish",
                board.name()
            )
        })?;
    }
    // Each row is written (and flushed) as its start is done: a large board's table takes
    // minutes.
    let mut printed = Ok(());
    let bar = TerminalProgress::new();
    let rows = single_vacancies(&board, args.limit, args.sweep, &budget, &bar, &mut |row| {
        let text = if args.json {
            format!("{}\n", row_json(&board, row))
        } else {
            row_text(&board, row)
        };
        printed = bar.suspend(|| out.row(|out| out.write_all(text.as_bytes())));
        // Stop when the output is gone (a closed pipe): the rest would be wasted.
        printed.is_ok()
    })?;
    drop(bar);
    printed?;
    out.finish()?;
    // The table is printed whole, but a table with undecided pairs is not an answer.
    let pairs = rows.iter().map(|row| row.finishes.len()).sum::<usize>();
    let undecided = rows.iter().map(VacancyRow::undecided).sum::<usize>();
    if undecided > 0 {
        return Err(Failure::input(format!(
            "{undecided} of the {pairs} start–finish pairs are undecided: the search gave up \
             on them after --limit {} dead positions; raise --limit, or add --sweep",
            args.limit
        )));
    }
    Ok(Verdict::Done)
}

/// One start as text: a line per finish not ruled out by class, then those that are.
fn row_text(board: &Board, row: &VacancyRow) -> String {
    let mut text = format!("\nvacancy {}:\n", board.hole_name(row.vacancy));
    let mut ruled_out = Vec::new();
    for (finish, outcome) in &row.finishes {
        let name = board.hole_name(*finish);
        if matches!(outcome, Outcome::ClassMismatch(_)) {
            ruled_out.push(name);
        } else {
            text += &format!(
                "  {name}: {}: {}\n",
                outcome.verdict(),
                outcome.describe(board)
            );
        }
    }
    text + &format!("  ruled out by position class: {}\n", ruled_out.join(" "))
}

/// One start as a JSON object.
fn row_json(board: &Board, row: &VacancyRow) -> serde_json::Value {
    let finishes: Vec<serde_json::Value> = row
        .finishes
        .iter()
        .map(|(finish, outcome)| {
            json!({"finish": board.hole_name(*finish), "verdict": outcome.verdict(), "detail": outcome.describe(board)})
        })
        .collect();
    json!({"board": board.name(), "vacancy": board.hole_name(row.vacancy), "finishes": finishes})
}
