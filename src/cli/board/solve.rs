//! `unhop board solve`: jumps from the start to the goal, replayed and drawn, or the proof
//! that there are none.

use super::{GameArgs, OldLimit, game, print_json};
use crate::cli::output::{Out, SVG, check, emit, json_or_text, not_stdout};
use crate::cli::progress::TerminalProgress;
use crate::cli::{Failure, Verdict};
use std::path::PathBuf;
use unhop::boards::{DEFAULT_LIMIT, Outcome, SolveReport, replay, solve_by, svg};

pub const EXAMPLES: &str = "Examples:
  unhop board solve --board triangle
  unhop board solve --board triangle --goal 13 --json
  unhop board solve --board english --goal c1
  unhop board solve --board row:110101 --goal any
  unhop board solve --board triangle --goal 13 --method exhaustive
  unhop board solve --board triangle --svg jumps.svg -o jumps.txt";

#[derive(clap::Args)]
pub struct SolveArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Also draw the position after each jump as SVG into this file (.svg, or no extension)
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// fast: depth-first search with a table of dead positions, symmetries, position classes
    /// and pagoda functions; exhaustive: its slow twin, plain recursion over every raw
    /// position (boards of at most 20 holes)
    #[arg(long, default_value = "fast")]
    method: unhop::Method,
    #[command(flatten)]
    out: Out,
    #[command(flatten)]
    limit: OldLimit,
}

pub fn run(args: SolveArgs) -> Result<Verdict, Failure> {
    if args
        .out
        .path
        .as_ref()
        .is_some_and(|p| p.extension().is_some_and(|e| e == "svg"))
    {
        return Err(Failure::input(
            "-o writes the solution (text, or JSON with --json); the drawing is --svg FILE",
        ));
    }
    args.out.check(json_or_text(args.game.json))?;
    check(args.svg.as_deref(), &SVG)?;
    if args.out.path.is_none() {
        not_stdout(args.svg.as_deref(), "--svg", "the solution")?;
    }
    let (board, start, goal) = game(&args.game)?;
    let bar = TerminalProgress::new();
    // The search keeps at most DEFAULT_LIMIT dead positions, or --max-positions if less.
    let budget = args.limit.budget();
    let outcome = solve_by(
        &board,
        start,
        goal,
        DEFAULT_LIMIT,
        args.method,
        &budget,
        &bar,
    )?;
    drop(bar);
    let report = SolveReport::new(&board, start, goal, &outcome)?;
    let Outcome::Solved(jumps) = &outcome else {
        let reason = outcome.describe(&board);
        if args.game.json {
            print_json(&report, args.out.path.as_deref())?;
        }
        // Giving up proves nothing: exit 1 is for a proved impossibility only.
        return match outcome {
            Outcome::GaveUp { .. } => Err(Failure::Error(unhop::Error::gave_up(format!(
                "the search gave up, neither a solution nor a proof that there is none: \
                 {reason}; raise --max-positions"
            )))),
            _ if args.game.json => Ok(Verdict::False),
            _ => {
                emit(
                    &format!("no solution: {reason}\n"),
                    args.out.path.as_deref(),
                )?;
                Ok(Verdict::False)
            }
        };
    };
    let names: Vec<String> = jumps.iter().map(|&j| board.jump_name(j)).collect();
    let positions = replay(&board, start, jumps, goal)?;
    if let Some(path) = &args.svg {
        let mut captions = vec!["start".to_string()];
        captions.extend(names.iter().cloned());
        emit(&svg(&board, &positions, &captions), Some(path))?;
    }
    if args.game.json {
        return print_json(&report, args.out.path.as_deref());
    }
    let mut text = format!(
        "{} jumps from {} to {} (replayed): {}\n\nstart\n{}",
        jumps.len(),
        board.pattern(start),
        goal.describe(&board),
        names.join(" "),
        board.draw(start)
    );
    for (name, position) in names.iter().zip(&positions[1..]) {
        text += &format!("\n{name}\n{}", board.draw(*position));
    }
    emit(&text, args.out.path.as_deref())?;
    Ok(Verdict::Done)
}
