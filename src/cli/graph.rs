//! `unhop graph GAME HEAPS... [--set S] [--code C] [--rule R] [--dot] [--json] [-o FILE]`:
//! the position graph of a small game, every position labelled a win or a loss for the player
//! to move. Also the game choice that `unhop play` shares.

use super::output::{check, json_dot_or_text};
use super::subtraction::{RuleArg, parse_small_heaps};
use super::{Failure, Verdict, usage};
use std::path::PathBuf;
use unhop::files::Output;
use unhop::games::{HeapGame, Octal, Subtraction};

/// The games that `graph` and `play` know.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum GameName {
    /// Nim: take any number of stones from one heap
    Nim,
    /// A subtraction game (--set) under a rule (--rule)
    Subtraction,
    /// An octal game (--code)
    Octal,
}

impl GameName {
    /// The name as typed on the command line.
    pub fn keyword(self) -> &'static str {
        match self {
            GameName::Nim => "nim",
            GameName::Subtraction => "subtraction",
            GameName::Octal => "octal",
        }
    }
}

/// A game chosen on the command line, before it is solved.
pub struct GameChoice<'a> {
    pub name: GameName,
    pub heaps: &'a [String],
    pub set: Option<&'a str>,
    pub code: Option<&'a str>,
    pub rule: RuleArg,
}

fn need<'a>(what: Option<&'a str>, flag: &str) -> Result<&'a str, Failure> {
    what.ok_or_else(|| Failure::input(format!("this game needs {flag}")))
}

/// The option of `choice` that its game does not use (`--set` is for subtraction games,
/// `--code` for octal games), if one was given.
pub fn unused_option(choice: &GameChoice) -> Option<&'static str> {
    match choice.name {
        GameName::Subtraction => choice.code.map(|_| "--code (for octal games)"),
        GameName::Octal => choice.set.map(|_| "--set (for subtraction games)"),
        GameName::Nim => choice
            .set
            .map(|_| "--set (for subtraction games)")
            .or(choice.code.map(|_| "--code (for octal games)")),
    }
}

/// The chosen game and the heaps of its start.
pub fn game_of(choice: &GameChoice) -> Result<(HeapGame, Vec<u64>), Failure> {
    let heaps = parse_small_heaps(choice.heaps)?;
    let rule = choice.rule.rule();
    let game = match choice.name {
        GameName::Nim => HeapGame::nim(rule)?,
        GameName::Octal => {
            let code: Octal = need(choice.code, "--code (such as 0.77)")?.parse()?;
            HeapGame::octal(code, rule)?
        }
        GameName::Subtraction => {
            let set = Subtraction::parse(need(choice.set, "--set (such as 1..3)")?)?;
            HeapGame::subtraction(set, rule)
        }
    };
    Ok((game, heaps))
}

#[derive(clap::Args)]
pub struct Args {
    /// The game: nim, subtraction or octal
    #[arg(value_enum)]
    game: GameName,
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
    #[arg(long, value_enum, default_value = "normal")]
    rule: RuleArg,
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
    let choice = GameChoice {
        name: args.game,
        heaps: &args.heaps,
        set: args.set.as_deref(),
        code: args.code.as_deref(),
        rule: args.rule,
    };
    if let Some(option) = unused_option(&choice) {
        return Err(usage(
            &["graph"],
            format!("{option} does not apply to {}", choice.name.keyword()),
        ));
    }
    let (game, heaps) = game_of(&choice)?;
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
