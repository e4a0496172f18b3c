//! `unhop graph GAME HEAPS... [--set S] [--code C] [--rule R] [--dot] [--json] [-o FILE]`:
//! the position graph of a small game, every position labelled a win or a loss for the player
//! to move. Also the game choice that `unhop play` shares.

use super::output::{check, dot_json_or_text, emit};
use super::subtraction::{RuleArg, parse_small_heaps, single_heap};
use super::{Failure, Verdict, usage};
use std::path::PathBuf;
use unhop::games::{
    Convention, MAX_GRAPH_POSITIONS, MAX_RETROGRADE_MOVES, Nim, NoRepeat, NoRepeatPosition, Octal,
    OddWins, OddWinsPosition, Outcome, Played, Retrograde, Rules, Subtraction, position_graph_dot,
};
use unhop::memory::Estimate;

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

/// A solved game graph with its positions and moves named: what `graph` prints and what
/// `play` plays on.
pub struct Solved {
    /// One line saying the rules.
    pub rules: String,
    /// The name of each position; the start is 0.
    pub positions: Vec<String>,
    /// Each position's label.
    pub outcomes: Vec<Option<Outcome>>,
    /// Each position's moves, named, with the index of the position they lead to.
    pub moves: Vec<Vec<(String, usize)>>,
    /// The DOT picture, when asked for.
    pub dot: Option<String>,
}

impl Solved {
    /// The moves of position `k` that lead to a loss for the opponent.
    pub fn winning_moves(&self, k: usize) -> Vec<&(String, usize)> {
        self.moves[k]
            .iter()
            .filter(|(_, q)| self.outcomes[*q] == Some(Outcome::Loss))
            .collect()
    }
}

/// What solving a game takes: the game's up-front estimate (none for octal games, whose
/// graphs are only bounded as they are built), and the most positions.
struct Bounds {
    estimate: Option<Estimate>,
    limit: usize,
}

#[allow(clippy::too_many_arguments)]
fn solve_named<R: Rules>(
    rules: &R,
    start: &R::Position,
    bounds: Bounds,
    with_dot: bool,
    description: String,
    position: impl Fn(&R::Position) -> String,
    step: impl Fn(&R::Move) -> String,
) -> Result<Solved, Failure> {
    if let Some(estimate) = &bounds.estimate {
        estimate.check(MAX_RETROGRADE_MOVES as u128)?;
    }
    let solved = Retrograde::solve_within(
        rules,
        std::slice::from_ref(start),
        bounds.limit,
        MAX_RETROGRADE_MOVES,
    )?;
    let count = solved.positions().len();
    let dot = with_dot.then(|| position_graph_dot(&solved, &description, &position, &step));
    Ok(Solved {
        rules: description,
        positions: solved.positions().iter().map(&position).collect(),
        outcomes: (0..count).map(|k| solved.outcome_of(k)).collect(),
        moves: (0..count)
            .map(|k| {
                let moves = solved.moves_of(k).iter();
                moves.map(|(m, q)| (step(m), *q)).collect()
            })
            .collect(),
        dot,
    })
}

fn need<'a>(what: Option<&'a str>, flag: &str) -> Result<&'a str, Failure> {
    what.ok_or_else(|| Failure::Input(format!("this game needs {flag}")))
}

fn heaps_name(heaps: &[u64]) -> String {
    let listed: Vec<String> = heaps.iter().map(u64::to_string).collect();
    listed.join(" ")
}

fn played_by(rule: RuleArg, game: &str) -> Result<Convention, Failure> {
    rule.convention().ok_or_else(|| {
        Failure::Input(format!(
            "the {} rule is for subtraction games; {game} takes --rule normal or misere",
            rule.name()
        ))
    })
}

fn ending(convention: Convention) -> &'static str {
    match convention {
        Convention::Normal => "whoever cannot move loses",
        Convention::Misere => "whoever makes the last move loses",
    }
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

/// Solves the chosen game from its start, refusing more than `limit` positions.
pub fn solve_choice(choice: &GameChoice, limit: usize, with_dot: bool) -> Result<Solved, Failure> {
    let heaps = parse_small_heaps(choice.heaps)?;
    if heaps.is_empty() {
        return Err(Failure::Input(
            "give the heap sizes of the start".to_string(),
        ));
    }
    // Nim and octal games list O(heap) moves from a heap: refuse what cannot fit up front.
    let positions = heaps
        .iter()
        .try_fold(1u64, |count, &h| count.checked_mul(h.checked_add(1)?));
    let too_big = match choice.name {
        GameName::Nim => positions.is_none_or(|p| p > limit as u64),
        GameName::Octal => heaps.iter().any(|&h| h > limit as u64),
        GameName::Subtraction => false,
    };
    if too_big {
        return Err(Failure::Input(format!(
            "these heaps give more than {limit} positions, the limit here; choose smaller heaps"
        )));
    }
    match choice.name {
        GameName::Nim => {
            let convention = played_by(choice.rule, "nim")?;
            let rules = format!(
                "Nim on heaps {}: take any number of stones from one heap; {}",
                heaps_name(&heaps),
                ending(convention)
            );
            let game = Played::new(Nim, convention);
            let estimate = Some(Nim::retrograde_estimate(&heaps));
            solve_named(
                &game,
                &heaps,
                Bounds { estimate, limit },
                with_dot,
                rules,
                |p| heaps_name(p),
                |&(i, left)| format!("heap {}: leave {left}", i + 1),
            )
        }
        GameName::Octal => {
            let game: Octal = need(choice.code, "--code (such as 0.77)")?.parse()?;
            let convention = played_by(choice.rule, "octal")?;
            let rules = format!(
                "octal game {game} on heaps {}; {}",
                heaps_name(&heaps),
                ending(convention)
            );
            let game = Played::new(game, convention);
            solve_named(
                &game,
                &heaps,
                Bounds {
                    estimate: None,
                    limit,
                },
                with_dot,
                rules,
                |p| heaps_name(p),
                |m| m.to_string(),
            )
        }
        GameName::Subtraction => {
            let set = Subtraction::parse(need(choice.set, "--set (such as 1..3)")?)?;
            let take = |s: &u64| format!("take {s}");
            match choice.rule {
                RuleArg::Normal | RuleArg::Misere => {
                    let convention = played_by(choice.rule, "subtraction")?;
                    let rules = format!(
                        "take {} stones from one heap of {}; {}",
                        set,
                        heaps_name(&heaps),
                        ending(convention)
                    );
                    let estimate = Some(set.retrograde_estimate(&heaps));
                    let game = Played::new(set, convention);
                    let step = |&(i, s): &(usize, u64)| match heaps.len() {
                        1 => format!("take {s}"),
                        _ => format!("heap {}: take {s}", i + 1),
                    };
                    solve_named(
                        &game,
                        &heaps,
                        Bounds { estimate, limit },
                        with_dot,
                        rules,
                        |p| heaps_name(p),
                        step,
                    )
                }
                RuleArg::NoRepeat => {
                    let heap = single_heap(&heaps, "no-repeat")?;
                    let rules = format!(
                        "take {set} stones from a heap of {heap}, never the number the opponent \
                         just took (≠s marks it); whoever cannot move loses"
                    );
                    let start = NoRepeatPosition::start(heap);
                    let game = NoRepeat::new(set);
                    let estimate = Some(game.retrograde_estimate(heap));
                    solve_named(
                        &game,
                        &start,
                        Bounds { estimate, limit },
                        with_dot,
                        rules,
                        |p| p.to_string(),
                        take,
                    )
                }
                RuleArg::OddWins => {
                    let heap = single_heap(&heaps, "odd-wins")?;
                    OddWins::check_start(heap)?;
                    let rules = format!(
                        "take {set} stones from a heap of {heap} and keep them; when it is empty \
                         whoever holds an odd number wins (positions: heap, then e/o for what \
                         the player to move and the other hold)"
                    );
                    let game = OddWins::new(set)?;
                    let start = OddWinsPosition::start(heap);
                    let estimate = Some(game.retrograde_estimate(heap));
                    solve_named(
                        &game,
                        &start,
                        Bounds { estimate, limit },
                        with_dot,
                        rules,
                        |p| p.to_string(),
                        take,
                    )
                }
            }
        }
    }
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
    /// Graphviz DOT: losing positions with a thick double outline, winning moves thick
    #[arg(long, conflicts_with = "json")]
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
    check(args.out.as_deref(), dot_json_or_text(args.dot, args.json))?;
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
    let solved = solve_choice(&choice, MAX_GRAPH_POSITIONS, args.dot)?;
    let outcome = |k: usize| solved.outcomes[k].map_or("draw", Outcome::name);
    let text = if let Some(dot) = &solved.dot {
        dot.clone()
    } else if args.json {
        let positions: Vec<serde_json::Value> = (0..solved.positions.len())
            .map(|k| {
                serde_json::json!({
                    "position": solved.positions[k],
                    "outcome": outcome(k),
                    "moves": solved.moves[k].iter().map(|(m, q)| serde_json::json!({
                        "move": m, "to": solved.positions[*q],
                    })).collect::<Vec<_>>(),
                })
            })
            .collect();
        let object = serde_json::json!({"rules": solved.rules, "positions": positions});
        format!("{object}\n")
    } else {
        let mut text = format!("# {}\n", solved.rules);
        for k in 0..solved.positions.len() {
            let winning: Vec<&str> = solved
                .winning_moves(k)
                .iter()
                .map(|(m, _)| m.as_str())
                .collect();
            text += &format!(
                "{}\t{}\t{}\n",
                solved.positions[k],
                outcome(k),
                winning.join(", ")
            );
        }
        text
    };
    emit(&text, args.out.as_deref())?;
    Ok(Verdict::Done)
}
