//! `unhop board classify`: graph families classified as solvable / freely solvable, a row
//! written as each graph is done.

use crate::cli::output::{Out, Rows, json_or_text};
use crate::cli::{Failure, Verdict};
use unhop::boards::{
    Board, DEFAULT_LIMIT, GraphReport, Solvability, classify_graphs, graph_families,
};

pub const EXAMPLES: &str = "Examples:
  unhop board classify --max-vertices 5
  unhop board classify --max-vertices 4 --json
  unhop board classify --max-vertices 5 --method exhaustive";

#[derive(clap::Args)]
pub struct ClassifyArgs {
    /// The largest number of vertices tried in each family (2 to 16)
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(2..=16))]
    max_vertices: u32,
    /// fast: one search per orbit of vertices under the graph's automorphisms, its answer
    /// given to the whole orbit; exhaustive: its slow twin, one search for every vertex
    #[arg(long, default_value = "fast")]
    method: unhop::Method,
    /// Machine-readable output: one JSON object per line
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    out: Out,
}

pub fn run(args: ClassifyArgs) -> Result<Verdict, Failure> {
    args.out.check(json_or_text(args.json))?;
    let mut out = args.out.open()?;
    if !args.json {
        out.row(|out| {
            writeln!(
                out,
                "{:<16} {:>8} {:>9} {:>16}  solvable vacancies",
                "graph", "vertices", "solvable", "freely solvable"
            )
        })?;
    }
    let budget = crate::cli::budget();
    let boards = graph_families(args.max_vertices as usize)
        .iter()
        .map(|name| Board::named_within(name, &budget))
        .collect::<Result<Vec<Board>, _>>()?;
    // Each row as soon as its graph is classified; the first failure (a graph the search
    // gave up on, a closed output) stops the run.
    let mut failed: Result<(), Failure> = Ok(());
    classify_graphs(
        &boards,
        DEFAULT_LIMIT,
        args.method,
        &budget,
        &mut |board, result| {
            failed = row(board, result, args.json, &mut out);
            failed.is_ok()
        },
    )?;
    failed?;
    out.finish()?;
    Ok(Verdict::Done)
}

/// Writes the row of one graph, or fails when its search gave up on some vacancy.
fn row(board: &Board, result: &Solvability, json: bool, out: &mut Rows) -> Result<(), Failure> {
    if !result.undecided.is_empty() {
        return Err(Failure::Error(unhop::Error::gave_up(format!(
            "the search gave up on {}: {} of its single-vacancy starts are undecided within \
             the dead positions it may keep ({DEFAULT_LIMIT}, or --max-positions if less); lower \
             --max-vertices below {} to leave it out",
            board.name(),
            result.undecided.len(),
            board.holes()
        ))));
    }
    let report = GraphReport::new(board, result);
    let yes_no = |b: bool| if b { "yes" } else { "no" };
    out.row(|out| {
        if json {
            serde_json::to_writer(&mut *out, &report)?;
            return writeln!(out);
        }
        writeln!(
            out,
            "{:<16} {:>8} {:>9} {:>16}  {}",
            report.graph,
            report.vertices,
            yes_no(report.solvable),
            yes_no(report.freely_solvable),
            report.solvable_vacancies.join(" ")
        )
    })
}
