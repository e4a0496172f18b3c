//! `unhop board show`: the board, its holes, jumps, symmetries, classes and default start.

use super::{GameArgs, game, print_json};
use crate::cli::output::{Out, emit, json_dot_or_text};
use crate::cli::{Failure, Verdict};
use unhop::boards::{BoardReport, PositionClasses, SYMMETRY_CAP};

pub const EXAMPLES: &str = "Examples:
  unhop board show --board triangle
  unhop board show --board petersen --json
  unhop board show --board triangle --dot -o triangle.dot";

/// The arguments of `board show`.
#[derive(clap::Args)]
pub struct ShowArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Draw the board as a graph in Graphviz DOT: its holes (the start's pegs filled, each at
    /// its place for `neato -n`) and the lines its jumps run along (with --json: the DOT text
    /// is the report's "dot" field)
    #[arg(long)]
    dot: bool,
    #[command(flatten)]
    out: Out,
}

pub fn run(
    ShowArgs {
        game: args,
        dot,
        out,
    }: ShowArgs,
) -> Result<Verdict, Failure> {
    out.check(json_dot_or_text(args.json, dot))?;
    let (board, start, goal) = game(&args)?;
    if args.json {
        let report = BoardReport::new(&board, start, goal);
        let report = if dot {
            report.with_dot(&board, start)
        } else {
            report
        };
        return print_json(&report, out.path.as_deref());
    }
    if dot {
        emit(&board.to_dot(start), out.path.as_deref())?;
        return Ok(Verdict::Done);
    }
    let classes = PositionClasses::of(&board);
    let names = board.hole_names_in(board.full());
    let full_order = board.automorphisms().order().to_string();
    let used = board.symmetries().order();
    let symmetries = if full_order == used.to_string() {
        format!("{used} symmetries")
    } else {
        format!("{used} of {full_order} symmetries used (a subgroup, at most {SYMMETRY_CAP})")
    };
    let mut text = format!(
        "board {}: {} holes, {} jumps, {symmetries}, {} position-class invariants\nholes: {}\n",
        board.name(),
        board.holes(),
        board.jumps().len(),
        classes.basis().len(),
        names.join(" ")
    );
    text += &format!(
        "start ({} pegs), goal: {}\n{}",
        start.count_ones(),
        goal.describe(&board),
        board.draw(start)
    );
    emit(&text, out.path.as_deref())?;
    Ok(Verdict::Done)
}
