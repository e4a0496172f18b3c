//! `unhop board show|solve|count|moves|ilp`: peg solitaire on two-dimensional boards and
//! graphs.

use super::output::{LP, SVG, check, emit, not_stdout};
use super::{Failure, Verdict, usage};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{Value, json};
use std::io::IsTerminal;
use std::path::PathBuf;
use unhop::boards::{
    Board, DEFAULT_LIMIT, DEFAULT_MAX_POSITIONS, DEFAULT_MAX_WORK, Goal, Jump, Outcome, Pagoda,
    Position, PositionClasses, SYMMETRY_CAP, Sweep, SweepLimits, SweepProgress, VacancyRow,
    classify, exhaustive, ilp, min_moves, single_vacancies, solve, svg, sweep_within,
};

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: BoardCommand,
}

#[derive(clap::Subcommand)]
enum BoardCommand {
    /// The board: its holes and their names, jumps, symmetries, position classes, default start
    Show(GameArgs),
    /// Jumps from the start to the goal, replayed and drawn after each jump (exit 1: none)
    Solve(SolveArgs),
    /// Every position reachable from the start by number of pegs, raw and up to symmetry,
    /// those that can still reach the goal, and the number of solution sequences
    Count(CountArgs),
    /// The minimum number of moves (a move: jumps by one peg), with the search proving it
    Moves(CountArgs),
    /// The seed's time-indexed integer program in LP format
    Ilp(IlpArgs),
    /// Every single-vacancy start (up to symmetry) against every one-peg finish, each with a
    /// replayed solution or a proof of impossibility
    Starts(StartsArgs),
    /// Graph families (paths, cycles, stars, complete, complete bipartite, hypercubes,
    /// Petersen) classified as solvable / freely solvable
    Classify(ClassifyArgs),
}

#[derive(clap::Args)]
pub struct StartsArgs {
    /// The board (as for the other board commands)
    #[arg(long, default_value = "english")]
    board: String,
    /// Machine-readable output: one JSON object
    #[arg(long)]
    json: bool,
    /// Give up on a start and finish after this many dead positions (up to symmetry)
    #[arg(long, default_value_t = DEFAULT_LIMIT)]
    limit: usize,
    /// Settle the pairs the search gives up on by a full level sweep (as `board count`;
    /// about a minute and 1 GB each on the English board)
    #[arg(long)]
    sweep: bool,
}

#[derive(clap::Args)]
pub struct ClassifyArgs {
    /// The largest number of vertices tried in each family (2 to 16)
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(2..=16))]
    max_vertices: u32,
    /// Machine-readable output: one JSON object per line
    #[arg(long)]
    json: bool,
}

/// The arguments every board command shares.
#[derive(clap::Args)]
pub struct GameArgs {
    /// english, french, wiegleb, triangle[:N], a graph (path:N, cycle:N, star:N, complete:N,
    /// bipartite:M,N, hypercube:D, petersen, edges:1-2,2-3, graph:FILE) or a picture file
    #[arg(long, default_value = "english")]
    board: String,
    /// The start: a hole name (every hole filled but that one) or a pattern such as
    /// oo.o/ooo (o peg, . empty, in reading order); default: the board's own
    #[arg(long)]
    start: Option<String>,
    /// The goal: a hole name (one peg there), any (one peg anywhere) or a pattern; default:
    /// one peg in the centre if the board has one, else one peg anywhere
    #[arg(long)]
    goal: Option<String>,
    /// Machine-readable output: one JSON object
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args)]
pub struct SolveArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Also draw the position after each jump as SVG into this file (.svg, or no extension)
    #[arg(short = 'o', long = "out", alias = "output")]
    out: Option<PathBuf>,
    /// Give up after this many dead positions (up to symmetry) in the search's table
    #[arg(long, default_value_t = DEFAULT_LIMIT)]
    limit: usize,
}

#[derive(clap::Args)]
pub struct CountArgs {
    #[command(flatten)]
    game: GameArgs,
    /// fast: level by level over canonical positions; exhaustive: its slow twin, plain
    /// recursion over raw positions (boards of at most 20 holes)
    #[arg(long, default_value = "fast")]
    method: unhop::Method,
    // With the fast method only: optional so that the exhaustive one can refuse them.
    #[arg(long, help = format!(
        "With the fast method: refuse when more positions than this (up to symmetry) would be \
         kept (8 bytes each) [default: {DEFAULT_MAX_POSITIONS}]"
    ))]
    max_positions: Option<usize>,
    #[arg(long, help = format!(
        "With the fast method: refuse, before starting a level, when the jump tests so far and \
         the level's would exceed this (a level: its positions one level up × the board's \
         jumps, × 2 above the goal's level for the backward pass) [default: {DEFAULT_MAX_WORK}]"
    ))]
    max_work: Option<u64>,
}

impl CountArgs {
    fn limits(&self) -> SweepLimits {
        SweepLimits {
            max_positions: self.max_positions.unwrap_or(DEFAULT_MAX_POSITIONS),
            max_work: self.max_work.unwrap_or(DEFAULT_MAX_WORK),
            ..SweepLimits::default()
        }
    }

    /// The exhaustive twin has no such limits: refuses them rather than ignore them.
    fn check_method(&self, command: &str) -> Result<(), Failure> {
        let given = match (self.max_positions, self.max_work) {
            (Some(_), _) => "--max-positions",
            (None, Some(_)) => "--max-work",
            (None, None) => return Ok(()),
        };
        match self.method {
            unhop::Method::Fast => Ok(()),
            unhop::Method::Exhaustive => Err(usage(
                &["board", command],
                format!(
                    "{given} limits the fast method's sweep; --method exhaustive takes boards \
                     of at most {EXHAUSTIVE_HOLES} holes instead"
                ),
            )),
        }
    }
}

#[derive(clap::Args)]
pub struct IlpArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Write the model to this file (.lp, or no extension; default: standard output)
    #[arg(short = 'o', long = "out", alias = "output")]
    out: Option<PathBuf>,
}

/// The most holes the exhaustive twins accept.
const EXHAUSTIVE_HOLES: usize = 20;

pub fn run(args: Args) -> Result<Verdict, Failure> {
    match args.command {
        BoardCommand::Show(a) => show(a),
        BoardCommand::Solve(a) => solve_command(a),
        BoardCommand::Count(a) => count(a),
        BoardCommand::Moves(a) => moves(a),
        BoardCommand::Ilp(a) => ilp_command(a),
        BoardCommand::Starts(a) => starts(a),
        BoardCommand::Classify(a) => classify_command(a),
    }
}

/// The board, start and goal the arguments name.
fn game(args: &GameArgs) -> Result<(Board, Position, Goal), Failure> {
    let board = Board::named(&args.board)?;
    let start = match &args.start {
        Some(text) => board.parse_start(text)?,
        None => board.default_start(),
    };
    let goal = match &args.goal {
        Some(text) => board.parse_goal(text)?,
        None => board.default_goal(),
    };
    Ok((board, start, goal))
}

fn print_json(value: &Value) -> Result<Verdict, Failure> {
    emit(&format!("{value}\n"), None)?;
    Ok(Verdict::Done)
}

fn hole_set(board: &Board, holes: Position) -> Vec<&str> {
    (0..board.holes())
        .filter(|&h| holes >> h & 1 == 1)
        .map(|h| board.hole_name(h))
        .collect()
}

fn show(args: GameArgs) -> Result<Verdict, Failure> {
    let (board, start, goal) = game(&args)?;
    let classes = PositionClasses::of(&board);
    let names: Vec<&str> = (0..board.holes()).map(|h| board.hole_name(h)).collect();
    if args.json {
        return print_json(&json!({
            "board": board.name(),
            "holes": board.holes(),
            "hole_names": names,
            "jumps": board.jumps().len(),
            "symmetries": board.symmetries().order(),
            "symmetry_group_order": board.automorphisms().order().to_string(),
            "class_invariants": classes.basis().iter().map(|&v| hole_set(&board, v)).collect::<Vec<_>>(),
            "start": board.pattern(start),
            "goal": goal.describe(&board),
        }));
    }
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
    emit(&text, None)?;
    Ok(Verdict::Done)
}

fn solve_command(args: SolveArgs) -> Result<Verdict, Failure> {
    check(args.out.as_deref(), &SVG)?;
    not_stdout(args.out.as_deref(), "-o", "the solution")?;
    let (board, start, goal) = game(&args.game)?;
    let outcome = solve(&board, start, goal, args.limit)?;
    let Outcome::Solved(jumps) = outcome else {
        let reason = no_solution(&board, &outcome);
        if args.game.json {
            let mut answer = json!({
                "board": board.name(), "start": board.pattern(start), "goal": goal.describe(&board),
                "solvable": if matches!(outcome, Outcome::GaveUp { .. }) { Value::Null } else { json!(false) }, "reason": reason,
            });
            if let Outcome::PagodaBound(proof) = &outcome {
                let weights: serde_json::Map<String, Value> = (0..board.holes())
                    .map(|h| {
                        (
                            board.hole_name(h).to_string(),
                            json!(proof.pagoda.weights()[h]),
                        )
                    })
                    .collect();
                answer["pagoda"] = json!({
                    "weights": weights, "start_value": proof.start_value, "goal_value": proof.goal_value,
                });
            }
            print_json(&answer)?;
        } else if !matches!(outcome, Outcome::GaveUp { .. }) {
            emit(&format!("no solution: {reason}\n"), None)?;
        }
        // Giving up proves nothing: exit 1 is for a proved impossibility only.
        return match outcome {
            Outcome::GaveUp { .. } => Err(Failure::Input(format!(
                "the search gave up, neither a solution nor a proof that there is none: {reason}"
            ))),
            _ => Ok(Verdict::False),
        };
    };
    let names: Vec<String> = jumps.iter().map(|&j| board.jump_name(j)).collect();
    let positions = unhop::boards::replay(&board, start, &jumps, goal)?;
    if let Some(path) = &args.out {
        let mut captions = vec!["start".to_string()];
        captions.extend(
            names
                .iter()
                .enumerate()
                .map(|(i, n)| format!("{}. {n}", i + 1)),
        );
        emit(&svg(&board, &positions, &captions), Some(path))?;
    }
    if args.game.json {
        let json_jumps: Vec<Value> = jumps
            .iter()
            .map(|j| json!({"from": board.hole_name(j.from as usize), "over": board.hole_name(j.over as usize), "to": board.hole_name(j.to as usize)}))
            .collect();
        return print_json(&json!({
            "board": board.name(), "start": board.pattern(start), "goal": goal.describe(&board),
            "solvable": true, "jumps": json_jumps, "notation": names,
            "final": board.pattern(*positions.last().unwrap_or(&start)),
        }));
    }
    let mut text = format!(
        "{} jumps from {} to {} (replayed): {}\n\nstart\n{}",
        jumps.len(),
        board.pattern(start),
        goal.describe(&board),
        names.join(" "),
        board.draw(start)
    );
    for (i, (name, position)) in names.iter().zip(&positions[1..]).enumerate() {
        text += &format!("\n{}. {name}\n{}", i + 1, board.draw(*position));
    }
    emit(&text, None)?;
    Ok(Verdict::Done)
}

/// Why there is no solution, in words.
fn no_solution(board: &Board, outcome: &Outcome) -> String {
    match outcome {
        Outcome::ClassMismatch(proof) => {
            let (target, holes) = proof.separators[0];
            format!(
                "position classes: every jump touches an even number of the holes {{{}}}, so the parity of their pegs never changes; it is {} at the start but {} at the goal{}",
                hole_set(board, holes).join(" "),
                ((holes & target).count_ones() % 2) ^ 1,
                (holes & target).count_ones() % 2,
                if proof.separators.len() > 1 {
                    " (and likewise for every other one-peg finish)"
                } else {
                    ""
                }
            )
        }
        Outcome::PagodaBound(proof) => format!(
            "pagoda function: with the weights {{{}}} (0 elsewhere) no jump raises the total weight of the pegs, and the start is worth {} but the goal {}",
            pagoda_weights(board, &proof.pagoda),
            proof.start_value,
            proof.goal_value
        ),
        Outcome::Exhausted { positions, pagodas } => {
            let cut = if pagodas.is_empty() {
                String::new()
            } else {
                format!(
                    " (positions worth less than the goal under one of {} pagoda functions cut off, each itself a proof)",
                    pagodas.len()
                )
            };
            format!(
                "exhaustive search: all {positions} positions reachable from the start (up to symmetry) are dead ends{cut}"
            )
        }
        Outcome::GaveUp { limit } => {
            format!("no answer within {limit} dead positions (raise --limit)")
        }
        Outcome::Solved(_) => String::new(),
    }
}

/// The non-zero weights of a pagoda function, `hole:weight`, in the board's order.
fn pagoda_weights(board: &Board, pagoda: &Pagoda) -> String {
    let weights: Vec<String> = pagoda
        .weights()
        .iter()
        .enumerate()
        .filter(|(_, w)| **w != 0)
        .map(|(h, w)| format!("{}:{w}", board.hole_name(h)))
        .collect();
    weights.join(" ")
}

/// A progress bar on a terminal, hidden otherwise: the positions of the level above expanded
/// while a level is made, then the levels of the backward pass.
fn sweep_bar() -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template("counting [{bar:30}] {pos}/{len} {msg}, {elapsed}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}

fn run_sweep(
    board: &Board,
    start: Position,
    goal: Goal,
    limits: SweepLimits,
) -> Result<Sweep, Failure> {
    let bar = sweep_bar();
    let mut kept = 0;
    let result = sweep_within(board, start, goal, limits, &mut |event| match event {
        SweepProgress::Generating {
            pegs,
            done,
            of,
            estimate,
        } => {
            bar.set_length(of as u64);
            bar.set_position(done as u64);
            bar.set_message(format!(
                "expanded into {pegs} pegs (~{estimate} successors), {kept} kept"
            ));
        }
        SweepProgress::Reached { positions, .. } => kept += positions,
        SweepProgress::Finishing { pegs } => {
            bar.set_length(u64::from(start.count_ones()));
            bar.set_position(u64::from(pegs));
            bar.set_message("levels checked for finishing positions".to_string());
        }
    });
    bar.finish_and_clear();
    Ok(result?)
}

fn count(args: CountArgs) -> Result<Verdict, Failure> {
    args.check_method("count")?;
    let (board, start, goal) = game(&args.game)?;
    let (levels, sequences, group_order) = match args.method {
        unhop::Method::Fast => {
            let s = run_sweep(&board, start, goal, args.limits())?;
            let levels: Vec<[u64; 5]> = s
                .levels
                .iter()
                .map(|l| {
                    [
                        u64::from(l.pegs),
                        l.raw,
                        l.up_to_symmetry,
                        l.finishing_raw,
                        l.finishing_up_to_symmetry,
                    ]
                })
                .collect();
            (levels, s.sequences.to_string(), s.group.order())
        }
        unhop::Method::Exhaustive => exhaustive_count(&board, start, goal)?,
    };
    let total = |i: usize| levels.iter().map(|l| l[i]).sum::<u64>();
    if args.game.json {
        let table: Vec<Value> = levels
            .iter()
            .map(|l| json!({"pegs": l[0], "raw": l[1], "up_to_symmetry": l[2], "finishing_raw": l[3], "finishing_up_to_symmetry": l[4]}))
            .collect();
        return print_json(&json!({
            "board": board.name(), "start": board.pattern(start), "goal": goal.describe(&board),
            "method": args.method.name(), "symmetries": group_order,
            "levels": table,
            "total_raw": total(1), "total_up_to_symmetry": total(2),
            "finishing_raw": total(3), "finishing_up_to_symmetry": total(4),
            "sequences": sequences.to_string(),
        }));
    }
    let mut text = format!(
        "board {}, start {}, goal {} ({} symmetries fixing both)\n{:>5} {:>14} {:>14} {:>14} {:>14}\n",
        board.name(),
        board.pattern(start),
        goal.describe(&board),
        group_order,
        "pegs",
        "reachable",
        "up to symm.",
        "can finish",
        "up to symm."
    );
    for l in &levels {
        text += &format!(
            "{:>5} {:>14} {:>14} {:>14} {:>14}\n",
            l[0], l[1], l[2], l[3], l[4]
        );
    }
    text += &format!(
        "{:>5} {:>14} {:>14} {:>14} {:>14}\n",
        "total",
        total(1),
        total(2),
        total(3),
        total(4)
    );
    text += &format!("solution sequences: {sequences}\n");
    emit(&text, None)?;
    Ok(Verdict::Done)
}

/// The count's slow twin: plain recursion over raw positions.
fn exhaustive_count(
    board: &Board,
    start: Position,
    goal: Goal,
) -> Result<(Vec<[u64; 5]>, String, usize), Failure> {
    if board.holes() > EXHAUSTIVE_HOLES {
        return Err(Failure::Input(format!(
            "--method exhaustive takes boards of at most {EXHAUSTIVE_HOLES} holes ({} has {}): plain recursion is exponential",
            board.name(),
            board.holes()
        )));
    }
    let mut fixed = goal.fixed_positions();
    fixed.push(start);
    let group = board.symmetries().stabilizer(&fixed);
    let all = exhaustive::reachable(board, start);
    let finishing = exhaustive::finishing(board, &all, goal);
    let counts = exhaustive::level_counts(&all, group.permutations());
    let finishing_counts = exhaustive::level_counts(&finishing, group.permutations());
    let levels = counts
        .iter()
        .rev()
        .map(|(&pegs, &(raw, classes))| {
            let (fr, fc) = finishing_counts.get(&pegs).copied().unwrap_or((0, 0));
            [u64::from(pegs), raw, classes, fr, fc]
        })
        .collect();
    Ok((
        levels,
        exhaustive::sequences(board, start, goal, &finishing).to_string(),
        group.order(),
    ))
}

fn moves(args: CountArgs) -> Result<Verdict, Failure> {
    args.check_method("moves")?;
    let (board, start, goal) = game(&args.game)?;
    let best = match args.method {
        unhop::Method::Fast => {
            let s = run_sweep(&board, start, goal, args.limits())?;
            min_moves(&board, start, goal, &s)?.map(|m| (m.moves, m.first_reached))
        }
        unhop::Method::Exhaustive => {
            if board.holes() > EXHAUSTIVE_HOLES {
                return Err(Failure::Input(format!(
                    "--method exhaustive takes boards of at most {EXHAUSTIVE_HOLES} holes ({} has {})",
                    board.name(),
                    board.holes()
                )));
            }
            exhaustive::min_moves(&board, start, goal).map(|m| (Vec::new(), vec![0; m + 1]))
        }
    };
    let Some((chains, first_reached)) = best else {
        let text = format!(
            "no solution from {} to {}\n",
            board.pattern(start),
            goal.describe(&board)
        );
        if args.game.json {
            print_json(
                &json!({"board": board.name(), "start": board.pattern(start), "goal": goal.describe(&board), "min_moves": Value::Null}),
            )?;
        } else {
            emit(&text, None)?;
        }
        return Ok(Verdict::False);
    };
    let count = first_reached.len() - 1;
    let written: Vec<String> = chains
        .iter()
        .map(|chain| move_name(&board, chain))
        .collect();
    if args.game.json {
        return print_json(&json!({
            "board": board.name(), "start": board.pattern(start), "goal": goal.describe(&board),
            "method": args.method.name(), "min_moves": count, "moves": written,
            "first_reached_per_move": first_reached,
        }));
    }
    let mut text = format!(
        "minimum moves from {} to {}: {count}\n",
        board.pattern(start),
        goal.describe(&board)
    );
    if !written.is_empty() {
        text += &format!("moves (replayed): {}\n", written.join(" "));
        let proof: Vec<String> = first_reached
            .iter()
            .enumerate()
            .map(|(m, n)| format!("{m}:{n}"))
            .collect();
        text += &format!(
            "proof: breadth-first search over every position that can still finish; positions first reached after m moves (up to symmetry) {}; none before move {count} is the goal\n",
            proof.join(" ")
        );
    }
    emit(&text, None)?;
    Ok(Verdict::Done)
}

/// A move written as its holes: `d2-d4-f4` for a peg jumping from d2 to d4 then to f4.
fn move_name(board: &Board, chain: &[Jump]) -> String {
    let mut text = chain.first().map_or(String::new(), |j| {
        board.hole_name(j.from as usize).to_string()
    });
    for j in chain {
        text += "-";
        text += board.hole_name(j.to as usize);
    }
    text
}

fn ilp_command(args: IlpArgs) -> Result<Verdict, Failure> {
    check(args.out.as_deref(), &LP)?;
    if args.game.json {
        not_stdout(args.out.as_deref(), "-o", "the JSON summary")?;
    }
    let (board, start, goal) = game(&args.game)?;
    let model = ilp(&board, start, goal)?;
    if !args.game.json {
        emit(&model, args.out.as_deref())?;
        return Ok(Verdict::Done);
    }
    // With --json: the model goes to the file (required) and a summary to standard output.
    let Some(path) = args.out.as_deref() else {
        return Err(Failure::Input(
            "board ilp --json needs -o FILE for the model itself".to_string(),
        ));
    };
    emit(&model, Some(path))?;
    let section = |from: &str, to: &str| {
        let body = model
            .split(from)
            .nth(1)
            .and_then(|rest| rest.split(to).next())
            .unwrap_or("");
        body.lines().filter(|l| l.contains(':')).count()
    };
    let variables = model.split("\nBinary\n").nth(1).map_or(0, |rest| {
        rest.split_whitespace().filter(|w| *w != "End").count()
    });
    print_json(&json!({
        "board": board.name(), "start": board.pattern(start), "goal": goal.describe(&board),
        "steps": start.count_ones().saturating_sub(goal.pegs()),
        "variables": variables, "constraints": section("Subject To\n", "Binary\n"),
        "output": path.display().to_string(),
    }))
}

fn starts(args: StartsArgs) -> Result<Verdict, Failure> {
    let board = Board::named(&args.board)?;
    if !args.json {
        emit(
            &format!(
                "board {}: every single-vacancy start up to symmetry, every one-peg finish\n",
                board.name()
            ),
            None,
        )?;
    }
    // Text rows are printed as each start is done: a large board's table takes minutes.
    let mut printed = Ok(());
    let rows = single_vacancies(
        &board,
        args.limit,
        args.sweep.then_some(DEFAULT_MAX_POSITIONS),
        &mut |row| {
            if !args.json {
                printed = emit(&vacancy_text(&board, row), None);
            }
            // Stop when the output is gone (a closed pipe): the rest would be wasted.
            printed.is_ok()
        },
    )?;
    printed?;
    if args.json {
        let json_rows: Vec<Value> = rows.iter().map(|row| vacancy_json(&board, row)).collect();
        print_json(&json!({"board": board.name(), "starts": json_rows}))?;
    }
    // The table is printed whole, but a table with undecided pairs is not an answer.
    let pairs = rows.iter().map(|row| row.finishes.len()).sum::<usize>();
    let undecided = rows
        .iter()
        .flat_map(|row| &row.finishes)
        .filter(|(_, outcome)| matches!(outcome, Outcome::GaveUp { .. }))
        .count();
    if undecided > 0 {
        let sweep = if args.sweep {
            format!(
                " (the level sweep, limited to {DEFAULT_MAX_POSITIONS} positions, settled none of them)"
            )
        } else {
            "; or add --sweep".to_string()
        };
        return Err(Failure::Input(format!(
            "{undecided} of the {pairs} start–finish pairs are undecided: the search gave up \
             on them after --limit {} dead positions; raise --limit{sweep}",
            args.limit
        )));
    }
    Ok(Verdict::Done)
}

/// The verdict on one finish of `board starts` and its detail (the jumps, or the proof).
fn finish_verdict(board: &Board, outcome: &Outcome) -> (&'static str, String) {
    match outcome {
        Outcome::Solved(jumps) => (
            "solved",
            jumps
                .iter()
                .map(|&j| board.jump_name(j))
                .collect::<Vec<_>>()
                .join(" "),
        ),
        Outcome::ClassMismatch(_) | Outcome::PagodaBound(_) | Outcome::Exhausted { .. } => {
            ("impossible", no_solution(board, outcome))
        }
        Outcome::GaveUp { .. } => ("undecided", no_solution(board, outcome)),
    }
}

/// One start of `board starts` as text: a line per finish not ruled out by class, then
/// those that are.
fn vacancy_text(board: &Board, row: &VacancyRow) -> String {
    let mut text = format!("\nvacancy {}:\n", board.hole_name(row.vacancy));
    let mut ruled_out = Vec::new();
    for (finish, outcome) in &row.finishes {
        let name = board.hole_name(*finish);
        if matches!(outcome, Outcome::ClassMismatch(_)) {
            ruled_out.push(name);
        } else {
            let (verdict, detail) = finish_verdict(board, outcome);
            text += &format!("  {name}: {verdict}: {detail}\n");
        }
    }
    text + &format!("  ruled out by position class: {}\n", ruled_out.join(" "))
}

/// One start of `board starts` as JSON.
fn vacancy_json(board: &Board, row: &VacancyRow) -> Value {
    let finishes: Vec<Value> = row
        .finishes
        .iter()
        .map(|(finish, outcome)| {
            let (verdict, detail) = finish_verdict(board, outcome);
            json!({"finish": board.hole_name(*finish), "verdict": verdict, "detail": detail})
        })
        .collect();
    json!({"vacancy": board.hole_name(row.vacancy), "finishes": finishes})
}

/// The graph families of `board classify` with every size up to `max` vertices.
fn graph_family_names(max: usize) -> Vec<String> {
    let mut names = Vec::new();
    names.extend((2..=max).map(|n| format!("path:{n}")));
    names.extend((3..=max).map(|n| format!("cycle:{n}")));
    names.extend((1..max).map(|n| format!("star:{n}")));
    names.extend((2..=max).map(|n| format!("complete:{n}")));
    names.extend((1..=max).flat_map(|m| (m..=max - m).map(move |n| format!("bipartite:{m},{n}"))));
    names.extend(
        (1..=6)
            .take_while(|d| 1 << d <= max)
            .map(|d| format!("hypercube:{d}")),
    );
    if max >= 10 {
        names.push("petersen".to_string());
    }
    names
}

fn classify_command(args: ClassifyArgs) -> Result<Verdict, Failure> {
    let mut text = format!(
        "{:<16} {:>8} {:>9} {:>16}  solvable vacancies\n",
        "graph", "vertices", "solvable", "freely solvable"
    );
    for name in graph_family_names(args.max_vertices as usize) {
        let board = Board::named(&name)?;
        let result = classify(&board, DEFAULT_LIMIT)?;
        let vacancies: Vec<&str> = result
            .solvable_vacancies
            .iter()
            .map(|&h| board.hole_name(h))
            .collect();
        if !result.undecided.is_empty() {
            return Err(Failure::Input(format!(
                "the search gave up on {name}: {} of its single-vacancy starts are undecided \
                 after {DEFAULT_LIMIT} dead positions each; lower --max-vertices below {} \
                 to leave it out",
                result.undecided.len(),
                board.holes()
            )));
        }
        if args.json {
            emit(
                &format!(
                    "{}\n",
                    json!({"graph": name, "vertices": board.holes(), "solvable": result.solvable(),
                           "freely_solvable": result.freely_solvable(), "solvable_vacancies": vacancies})
                ),
                None,
            )?;
        } else {
            text += &format!(
                "{name:<16} {:>8} {:>9} {:>16}  {}\n",
                board.holes(),
                if result.solvable() { "yes" } else { "no" },
                if result.freely_solvable() {
                    "yes"
                } else {
                    "no"
                },
                vacancies.join(" ")
            );
        }
    }
    if !args.json {
        emit(&text, None)?;
    }
    Ok(Verdict::Done)
}
