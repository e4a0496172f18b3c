//! `unhop board starts`: every single-vacancy start against every one-peg finish, a row
//! written as each start is done.

use super::OldLimit;
use crate::cli::output::{Out, json_or_text};
use crate::cli::progress::TerminalProgress;
use crate::cli::{Failure, Verdict};
use unhop::boards::{
    Board, DEFAULT_LIMIT, Outcome, Undecided, VacancyReport, VacancyRow, single_vacancies,
};

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
    #[command(flatten)]
    limit: OldLimit,
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
    // Each pair's search keeps at most DEFAULT_LIMIT dead positions, or --max-positions if
    // less.
    let budget = args.limit.budget();
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
    let rows = single_vacancies(
        &board,
        DEFAULT_LIMIT,
        args.sweep,
        &budget,
        &bar,
        &mut |row| {
            printed = bar.suspend(|| {
                out.row(|out| match args.json {
                    true => {
                        serde_json::to_writer(&mut *out, &VacancyReport::new(&board, row))?;
                        writeln!(out)
                    }
                    false => out.write_all(row_text(&board, row).as_bytes()),
                })
            });
            // Stop when the output is gone (a closed pipe): the rest would be wasted.
            printed.is_ok()
        },
    )?;
    drop(bar);
    printed?;
    out.finish()?;
    // The table is printed whole, but a table with undecided pairs is not an answer.
    if let Some(Undecided { pairs, of, limit }) = Undecided::of(&rows) {
        return Err(Failure::Error(unhop::Error::gave_up(format!(
            "{pairs} of the {of} start–finish pairs are undecided: the search gave up on them \
             after {limit} dead positions; raise --max-positions, or add --sweep"
        ))));
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
