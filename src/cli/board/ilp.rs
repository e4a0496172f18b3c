//! `unhop board ilp`: the time-indexed integer program in LP format.

use super::{GameArgs, game, print_json};
use crate::cli::output::{LP, check, emit, not_stdout};
use crate::cli::{Failure, Verdict};
use std::path::PathBuf;
use unhop::boards::{IlpReport, ilp, ilp_size};

pub const EXAMPLES: &str = "Examples:
  unhop board ilp --board triangle
  unhop board ilp --board path:4 --goal any";

#[derive(clap::Args)]
pub struct IlpArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Write the model to this file (.lp, or no extension; default: standard output)
    #[arg(short = 'o', long = "out", alias = "output")]
    out: Option<PathBuf>,
}

pub fn run(args: IlpArgs) -> Result<Verdict, Failure> {
    check(args.out.as_deref(), &LP)?;
    if args.game.json {
        not_stdout(args.out.as_deref(), "-o", "the JSON summary")?;
    }
    let (board, start, goal) = game(&args.game)?;
    // With --json: the model goes to the file (required) and a summary to standard output.
    let path = match (args.game.json, args.out.as_deref()) {
        (true, None) => {
            return Err(Failure::input(
                "board ilp --json needs -o FILE for the model itself",
            ));
        }
        (_, path) => path,
    };
    let model = ilp(&board, start, goal, &crate::cli::budget())?;
    emit(&model, path)?;
    if let (true, Some(path)) = (args.game.json, path) {
        let size = ilp_size(&board, start, goal);
        print_json(&IlpReport::new(&board, start, goal, size, path), None)?;
    }
    Ok(Verdict::Done)
}
