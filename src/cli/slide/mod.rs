//! `unhop slide solve|check|shuffle|pdb|play`: the 8- and 15-puzzle, one file per
//! subcommand; the options they share are in `common.rs`.

mod check;
mod common;
mod pdb;
mod play;
mod shuffle;
mod solve;

use super::{Failure, Verdict};

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: SlideCommand,
}

#[derive(clap::Subcommand)]
enum SlideCommand {
    /// A shortest list of tiles to slide (IDA*), or a fast one when the budget runs out
    Solve(solve::Args),
    /// Whether a board can reach the goal (exit 0 yes, 1 no), by inversion parity
    Check(check::Args),
    /// Random solvable boards
    Shuffle(shuffle::Args),
    /// Build (or check) the pattern databases of the 15-puzzle ahead of time
    Pdb(pdb::Args),
    /// Play in the terminal: slide tiles, step through or animate a solution, shuffle
    Play(play::Args),
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    match args.command {
        SlideCommand::Solve(a) => solve::run(a),
        SlideCommand::Check(a) => check::run(a),
        SlideCommand::Shuffle(a) => shuffle::run(a),
        SlideCommand::Pdb(a) => pdb::run(a),
        SlideCommand::Play(a) => play::run(a),
    }
}
