//! `unhop slide solve|check|shuffle|pdb|play`: the 8- and 15-puzzle.

use super::input::{SHORT_LINE_BYTES, for_each_line};
use super::{Failure, Verdict, usage};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use unhop::sliding::cache::{Origin, cache_dir};
use unhop::sliding::{
    AdditivePdbs, Board, Guide, LinearConflict, Manhattan, Outcome, Solver, Split, random,
    solvability,
};

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: SlideCommand,
}

#[derive(clap::Subcommand)]
enum SlideCommand {
    /// A shortest list of tiles to slide (IDA*), or a fast one when the budget runs out
    Solve(SolveArgs),
    /// Whether a board can reach the goal (exit 0 yes, 1 no), by inversion parity
    Check(CheckArgs),
    /// A random solvable board
    Shuffle(ShuffleArgs),
    /// Build (or check) the pattern databases of the 15-puzzle ahead of time
    Pdb(PdbArgs),
    /// Play in the terminal: slide tiles, step through or animate a solution, shuffle
    Play(super::slide_play::Args),
}

/// The board and goal arguments shared by the commands that read a board.
#[derive(clap::Args)]
pub struct BoardArgs {
    /// The board row by row: 9 or 16 numbers, 0 or _ for the gap, commas or slashes allowed
    /// between rows (one argument or several); - reads one board per line of standard input
    /// (lines end at \n, \r\n or \r; blank lines and lines starting with # are skipped; at
    /// most 64 KiB a line)
    #[arg(required = true, num_args = 1..)]
    board: Vec<String>,
    /// The goal: last (1 2 … _, the default), first (_ 1 2 …, Korf's), or a board
    #[arg(long, default_value = "last")]
    goal: String,
    /// Machine-readable output: one JSON object per line
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args)]
pub struct SolveArgs {
    #[command(flatten)]
    boards: BoardArgs,
    /// Seconds of optimal search before the fast, unproven method answers
    #[arg(long, default_value = "15")]
    budget: f64,
    /// The estimate: auto (linear-conflict on 3×3, pdb on 4×4), manhattan, linear-conflict, pdb
    #[arg(long, value_enum, default_value = "auto")]
    heuristic: HeuristicArg,
    #[command(flatten)]
    pdb: PdbOptions,
}

#[derive(clap::Args)]
pub struct PdbOptions {
    /// The pattern split of the 15-puzzle: 6-6-3 (built in seconds; the default) or 7-8
    /// (built in minutes, 580 MB, fastest search)
    #[arg(long, value_enum)]
    split: Option<SplitArg>,
    /// Where pattern databases are cached (default: $UNHOP_CACHE_DIR, else
    /// $XDG_CACHE_HOME/unhop, else ~/.cache/unhop)
    #[arg(long)]
    pdb_dir: Option<PathBuf>,
}

#[derive(clap::Args)]
pub struct CheckArgs {
    #[command(flatten)]
    boards: BoardArgs,
}

/// Where a random board comes from: its size, goal and seed.
#[derive(clap::Args)]
pub struct RandomArgs {
    /// The size of a random board: 3 (8-puzzle) or 4 (15-puzzle, the default)
    #[arg(long, value_parser = clap::value_parser!(u8).range(3..=4))]
    size: Option<u8>,
    /// The goal: last (1 2 … _, the default), first (_ 1 2 …), or a board (of the size
    /// --size gives, if given)
    #[arg(long, default_value = "last")]
    goal: String,
    /// Seed for reproducible boards (default: random)
    #[arg(long)]
    seed: Option<u64>,
}

impl RandomArgs {
    /// The goal and the random generator.
    pub fn start(&self) -> Result<(Board, StdRng), Failure> {
        let size = self.size.map(usize::from);
        let goal = match self.goal.as_str() {
            "last" | "first" => parse_goal(&self.goal, Some(size.unwrap_or(4)))?,
            _ => parse_goal(&self.goal, size)?,
        };
        let rng = match self.seed {
            Some(seed) => StdRng::seed_from_u64(seed),
            None => rand::make_rng(),
        };
        Ok((goal, rng))
    }

    /// The goal text, for a board given explicitly.
    pub fn goal_text(&self) -> &str {
        &self.goal
    }

    /// Whether `--size` was given (a board given explicitly has its own size).
    pub fn size_given(&self) -> bool {
        self.size.is_some()
    }
}

#[derive(clap::Args)]
pub struct ShuffleArgs {
    #[command(flatten)]
    random: RandomArgs,
    /// How many boards, one per line (1 to 10^6, about ten seconds)
    #[arg(long, default_value = "1", value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    count: u64,
}

#[derive(clap::Args)]
pub struct PdbArgs {
    /// The goal: last, first, or a 4×4 board (its gap's cell decides the patterns)
    #[arg(long, default_value = "last")]
    goal: String,
    #[command(flatten)]
    pdb: PdbOptions,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum HeuristicArg {
    Auto,
    Manhattan,
    LinearConflict,
    Pdb,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum SplitArg {
    #[value(name = "6-6-3")]
    SixSixThree,
    #[value(name = "7-8")]
    SevenEight,
}

impl PdbOptions {
    /// The split asked for, 6-6-3 by default.
    fn split(&self) -> Split {
        self.split.unwrap_or(SplitArg::SixSixThree).split()
    }

    /// The first option given, if any: a search without pattern databases would ignore it.
    fn given(&self) -> Option<&'static str> {
        match (self.split, &self.pdb_dir) {
            (Some(_), _) => Some("--split"),
            (None, Some(_)) => Some("--pdb-dir"),
            (None, None) => None,
        }
    }
}

impl SplitArg {
    fn split(self) -> Split {
        match self {
            SplitArg::SixSixThree => Split::SixSixThree,
            SplitArg::SevenEight => Split::SevenEight,
        }
    }
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    match args.command {
        SlideCommand::Solve(a) => solve(a),
        SlideCommand::Check(a) => check(a),
        SlideCommand::Shuffle(a) => shuffle(a),
        SlideCommand::Pdb(a) => pdb(a),
        SlideCommand::Play(a) => super::slide_play::run(a),
    }
}

/// `--budget`: seconds from 0 to 10⁹.
pub fn budget(seconds: f64) -> Result<Duration, Failure> {
    if !(seconds.is_finite() && (0.0..=1e9).contains(&seconds)) {
        return Err(Failure::Input(format!(
            "--budget must be a number of seconds from 0 to 10^9, not {seconds}"
        )));
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// `last`, `first`, or a board of the given width (any width when `width` is `None`).
pub fn parse_goal(text: &str, width: Option<usize>) -> Result<Board, Failure> {
    let goal = match text {
        "last" => Board::solved(width.unwrap_or(4), false),
        "first" => Board::solved(width.unwrap_or(4), true),
        _ => Board::parse(text)
            .map_err(|e| Failure::Input(format!("--goal must be last, first or a board: {e}")))?,
    };
    match width {
        Some(w) if goal.width() != w => Err(Failure::Input(format!(
            "the goal {goal} is {0}×{0} but the board is {w}×{w}",
            goal.width()
        ))),
        _ => Ok(goal),
    }
}

/// Calls `handle` on each board: the arguments joined, or each line of standard input (the
/// batch-line convention; at most [`SHORT_LINE_BYTES`] a line).
fn for_each_board(
    args: &[String],
    mut handle: impl FnMut(Board) -> Result<(), Failure>,
) -> Result<(), Failure> {
    if args.len() == 1 && args[0] == "-" {
        return for_each_line(SHORT_LINE_BYTES, |line| handle(Board::parse(line.text())?));
    }
    handle(Board::parse(&args.join(" "))?)
}

/// Loads or builds the databases of `split`, with a progress bar on a terminal and a note on
/// standard error when one is built or a cached file is rejected.
pub fn load_pdbs(
    split: Split,
    goal: &Board,
    dir: Option<PathBuf>,
) -> Result<AdditivePdbs, Failure> {
    let dir = cache_dir(dir.as_deref());
    let bar = indicatif::ProgressBar::new_spinner();
    let (pdbs, origins) = AdditivePdbs::for_split(
        split,
        goal.gap() as u8,
        dir.as_deref(),
        &mut |pattern, depth, states| {
            bar.set_message(format!(
                "building pattern database {} of the {} split: depth {depth}, {states} states",
                pattern + 1,
                split.name()
            ));
            bar.tick();
        },
    )?;
    bar.finish_and_clear();
    for origin in origins {
        if let Origin::Built { saved, rejected } = origin {
            if let Some(why) = rejected {
                eprintln!("unhop: rejected the cached pattern database {why}; rebuilt it");
            }
            match saved {
                Ok(path) => eprintln!("unhop: built and cached {}", path.display()),
                Err(why) => {
                    eprintln!("unhop: built a pattern database but did not cache it: {why}")
                }
            }
        }
    }
    Ok(pdbs)
}

fn guide_for(args: &SolveArgs, goal: &Board) -> Result<Guide, Failure> {
    let w = goal.width();
    let heuristic = match (args.heuristic, w) {
        (HeuristicArg::Auto, 3) => HeuristicArg::LinearConflict,
        (HeuristicArg::Auto, _) => HeuristicArg::Pdb,
        (h, _) => h,
    };
    Ok(match heuristic {
        HeuristicArg::Manhattan => Guide::Manhattan(Manhattan::new(w)),
        HeuristicArg::LinearConflict | HeuristicArg::Auto => {
            Guide::LinearConflict(LinearConflict::new(w))
        }
        HeuristicArg::Pdb if w == 3 => {
            return Err(Failure::Input(
                "--heuristic pdb is for the 15-puzzle; the 8-puzzle uses linear-conflict".into(),
            ));
        }
        HeuristicArg::Pdb => {
            Guide::Patterns(load_pdbs(args.pdb.split(), goal, args.pdb.pdb_dir.clone())?)
        }
    })
}

fn solve(args: SolveArgs) -> Result<Verdict, Failure> {
    let budget = budget(args.budget)?;
    // The pattern-database options are for --heuristic pdb on the 15-puzzle only. A batch
    // read from standard input may mix sizes: there they apply to the 4×4 boards.
    let pdb_option = args.pdb.given();
    if let (Some(option), HeuristicArg::Manhattan | HeuristicArg::LinearConflict) =
        (pdb_option, args.heuristic)
    {
        return Err(usage(
            &["slide", "solve"],
            format!("{option} is for --heuristic pdb (or auto on the 15-puzzle)"),
        ));
    }
    let from_arguments = !matches!(args.boards.board.as_slice(), [dash] if dash == "-");
    let json = args.boards.json;
    let mut solver: Option<Solver> = None;
    let mut all_solvable = true;
    for_each_board(&args.boards.board, |board| {
        if let (Some(option), true, 3) = (pdb_option, from_arguments, board.width()) {
            return Err(usage(
                &["slide", "solve"],
                format!(
                    "{option} is for the 15-puzzle's pattern databases; the 8-puzzle is \
                     solved with linear-conflict"
                ),
            ));
        }
        let goal = parse_goal(&args.boards.goal, Some(board.width()))?;
        // Before the solver: an unsolvable board needs no pattern database.
        let parity = solvability(&board, &goal);
        if parity.is_err() {
            all_solvable = false;
            return write_solvability(json, &board, &goal, &parity);
        }
        if solver.as_ref().is_none_or(|s| *s.goal() != goal) {
            solver = Some(Solver::new(goal, guide_for(&args, &goal)?)?);
        }
        let solver = solver.as_ref().expect("set just above");
        let spinner = indicatif::ProgressBar::new_spinner();
        let outcome = solver.solve_with_progress(
            &board,
            Some(Instant::now() + budget),
            &mut |bound, nodes| {
                spinner.set_message(format!("IDA*: solutions of {bound} moves, {nodes} nodes"));
                spinner.tick();
            },
        );
        spinner.finish_and_clear();
        let outcome = outcome?;
        let mut out = std::io::stdout().lock();
        match outcome {
            Outcome::Unsolvable(why) => {
                all_solvable = false;
                write_solvability(json, &board, &goal, &Err(why))?;
            }
            Outcome::Solved(s) => {
                if json {
                    let o = serde_json::json!({
                        "board": board.to_string(), "goal": goal.to_string(),
                        "solvable": true, "length": s.tiles.len(), "tiles": s.tiles,
                        "proven_optimal": s.proven_optimal, "lower_bound": s.lower_bound,
                        "fallback": s.fallback, "nodes": s.nodes,
                        "seconds": s.elapsed.as_secs_f64(),
                        "heuristic": solver.guide().name(),
                    });
                    writeln!(out, "{o}")?;
                } else {
                    let status = if s.proven_optimal {
                        "proven optimal".to_string()
                    } else {
                        format!(
                            "NOT proven shortest: the budget ran out and the row-column-3×3 \
                             method answered; no solution is shorter than {}",
                            s.lower_bound
                        )
                    };
                    let tiles: Vec<String> = s.tiles.iter().map(u8::to_string).collect();
                    writeln!(
                        out,
                        "{board}: {} moves, {status}; slide {}\n  ({} nodes, {:.3} s, {})",
                        s.tiles.len(),
                        if tiles.is_empty() {
                            "nothing".to_string()
                        } else {
                            tiles.join(" ")
                        },
                        s.nodes,
                        s.elapsed.as_secs_f64(),
                        solver.guide().name()
                    )?;
                }
            }
        }
        Ok(())
    })?;
    Ok(if all_solvable {
        Verdict::Done
    } else {
        Verdict::False
    })
}

fn check(args: CheckArgs) -> Result<Verdict, Failure> {
    let mut all = true;
    for_each_board(&args.boards.board, |board| {
        let goal = parse_goal(&args.boards.goal, Some(board.width()))?;
        let result = solvability(&board, &goal);
        all &= result.is_ok();
        write_solvability(args.boards.json, &board, &goal, &result)
    })?;
    Ok(if all { Verdict::Done } else { Verdict::False })
}

/// `BOARD: solvable` or `BOARD: unsolvable: why`, or the JSON object
/// `{"board", "goal", "solvable", "reason"}`.
fn write_solvability(
    json: bool,
    board: &Board,
    goal: &Board,
    result: &Result<(), String>,
) -> Result<(), Failure> {
    let mut out = std::io::stdout().lock();
    if json {
        let mut o = serde_json::json!({
            "board": board.to_string(), "goal": goal.to_string(), "solvable": result.is_ok(),
        });
        if let Err(why) = result {
            o["reason"] = why.clone().into();
        }
        writeln!(out, "{o}")?;
    } else {
        match result {
            Ok(()) => writeln!(out, "{board}: solvable")?,
            Err(why) => writeln!(out, "{board}: {why}")?,
        }
    }
    Ok(())
}

fn shuffle(args: ShuffleArgs) -> Result<Verdict, Failure> {
    let (goal, mut rng) = args.random.start()?;
    let mut out = std::io::stdout().lock();
    for _ in 0..args.count {
        writeln!(out, "{}", random::shuffled(&goal, &mut rng))?;
    }
    Ok(Verdict::Done)
}

fn pdb(args: PdbArgs) -> Result<Verdict, Failure> {
    let goal = parse_goal(&args.goal, Some(4))?;
    let started = Instant::now();
    let pdbs = load_pdbs(args.pdb.split(), &goal, args.pdb.pdb_dir.clone())?;
    let sizes: Vec<String> = pdbs
        .databases()
        .iter()
        .map(|d| d.len().to_string())
        .collect();
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{} split for the goal {goal}: {} entries, ready in {:.1} s{}",
        args.pdb.split().name(),
        sizes.join(" + "),
        started.elapsed().as_secs_f64(),
        if pdbs.reflects() {
            "; reflected lookups on"
        } else {
            ""
        }
    )?;
    out.flush()?;
    Ok(Verdict::Done)
}
