//! `unhop graph GAME HEAPS... [--set S] [--code C] [--rule R] [--dot] [--json] [-o FILE]`:
//! the position graph of a small game, every position labelled a win or a loss for the player
//! to move.

use super::output::{check, json_dot_or_text};
use super::{Failure, Verdict, usage};
use std::path::PathBuf;
use unhop::files::Output;
use unhop::games::{HeapGame, HeapGameKind, HeapRule, parse_small_heaps};

#[derive(clap::Args)]
pub struct Args {
    /// The game: nim, subtraction or octal
    game: HeapGameKind,
    /// The heap sizes of the start
    #[arg(required = true, allow_negative_numbers = true)]
    heaps: Vec<String>,
    /// The subtraction set, such as 1..3 (subtraction)
    #[arg(long)]
    set: Option<String>,
    /// The octal code, such as 0.77 (octal)
    #[arg(long)]
    code: Option<String>,
    /// normal or misere; for subtraction also no-repeat or odd-wins
    #[arg(long, default_value = "normal")]
    rule: HeapRule,
    /// Graphviz DOT: losing positions with a thick double outline, winning moves thick (with
    /// --json: the "dot" field of the JSON object)
    #[arg(long)]
    dot: bool,
    /// Machine-readable output: one JSON object
    #[arg(long)]
    json: bool,
    /// Write to FILE instead of standard output (.dot or .gv with --dot, .json with --json,
    /// else .txt; - is standard output)
    #[arg(short, long, value_name = "FILE")]
    out: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    check(args.out.as_deref(), json_dot_or_text(args.json, args.dot))?;
    let (set, code) = (args.set.as_deref(), args.code.as_deref());
    if let Some(option) = args.game.unused_option(set.is_some(), code.is_some()) {
        let kind = args.game;
        return Err(usage(
            &["graph"],
            format!("{option} does not apply to {kind}"),
        ));
    }
    let game = HeapGame::choose(args.game, set, code, args.rule)?;
    let heaps = parse_small_heaps(&args.heaps)?;
    let graph = game.position_graph(&heaps, &super::budget())?;
    let mut out = match &args.out {
        Some(path) => Output::create(path)?,
        None => Output::stdout(),
    };
    // Written a position at a time: the text is never held whole.
    match (args.json, args.dot) {
        (true, true) => graph.write_json_with_dot(&mut out)?,
        (true, false) => graph.write_json(&mut out)?,
        (false, true) => graph.write_dot(&mut out)?,
        (false, false) => graph.write_text(&mut out)?,
    }
    out.finish()?;
    Ok(Verdict::Done)
}
