//! Two-dimensional peg solitaire (`board_solve`, `board_count`) and sliding puzzles
//! (`slide_solve`, `slide_distances`): answers as dicts, the library's reports (the fields of
//! the command's JSON).

use crate::report::to_python;
use crate::{interruptible, parse, py_err};
use pyo3::prelude::*;
use unhop::Method;
use unhop::boards::{self, DEFAULT_LIMIT, DEFAULT_MAX_POSITIONS, SWEEP_STEPS};
use unhop::budget::Budget;
use unhop::sliding::{self, Estimate, SolverConfig, parse_goal, parse_time_limit};

/// The board, start and goal named as `unhop board` names them.
fn game(
    board: &str,
    start: Option<&str>,
    goal: Option<&str>,
) -> PyResult<(boards::Board, boards::Position, boards::Goal)> {
    let board = boards::Board::named(board).map_err(py_err)?;
    let start = match start {
        Some(text) => board.parse_start(text).map_err(py_err)?,
        None => board.default_start(),
    };
    let goal = match goal {
        Some(text) => board.parse_goal(text).map_err(py_err)?,
        None => board.default_goal(),
    };
    Ok((board, start, goal))
}

/// Solves two-dimensional peg solitaire: `board` is english, french, wiegleb, triangle[:N],
/// a graph (path:N, cycle:N, star:N, complete:N, bipartite:M,N, hypercube:D, petersen,
/// row:WORD, edges:1-2,2-3) or a picture file; `start` a hole name (every hole filled but
/// that one) or a pattern; `goal` a hole name, "any" or a pattern. A dict with the fields of
/// ``unhop board solve --json``: `solvable`, and `jumps` (dicts `from`, `over`, `to` with hole
/// names, replayed by the library's checker), `notation` and `final`, or the `reason` (and
/// the `pagoda` proof) there is none. The search keeps at most `max_positions` dead positions
/// (``limit`` is its old name); one that gives up raises `GaveUpError`.
///
/// >>> r = unhop.board_solve("triangle")
/// >>> r["solvable"], len(r["jumps"])
/// (True, 13)
#[pyfunction]
#[pyo3(signature = (board = "english", start = None, goal = None, max_positions = None, limit = None))]
fn board_solve<'py>(
    py: Python<'py>,
    board: &str,
    start: Option<&str>,
    goal: Option<&str>,
    max_positions: Option<u64>,
    limit: Option<u64>,
) -> PyResult<Bound<'py, PyAny>> {
    let (board, start, goal) = game(board, start, goal)?;
    let budget = match max_positions.into_iter().chain(limit).min() {
        Some(positions) => Budget::default().with_max_positions(positions),
        None => Budget::default(),
    };
    let report = interruptible(py, |progress| {
        let outcome = boards::solve_with(&board, start, goal, DEFAULT_LIMIT, &budget, progress)?;
        if matches!(outcome, boards::Outcome::GaveUp { .. }) {
            return Err(unhop::Error::gave_up(format!(
                "the search gave up, neither a solution nor a proof that there is none: {}; \
                 raise max_positions",
                outcome.describe(&board)
            )));
        }
        boards::SolveReport::new(&board, start, goal, &outcome)
    })?;
    to_python(py, &report)
}

/// Every position reachable from the start by number of pegs, raw and up to symmetry, those
/// that can still reach the goal, and the number of solution sequences (a Python int): a dict
/// with the fields of ``unhop board count --json``. The fast method sweeps level by level up
/// to symmetry within `max_positions` and `max_work`; the exhaustive one visits every
/// position of small boards.
///
/// >>> r = unhop.board_count("triangle")
/// >>> r["sequences"], r["levels"][0]["raw"]
/// (29760, 1)
#[pyfunction]
#[pyo3(signature = (board = "english", start = None, goal = None, method = "fast",
                    max_positions = DEFAULT_MAX_POSITIONS, max_work = SWEEP_STEPS.default_limit))]
#[allow(clippy::too_many_arguments)]
fn board_count<'py>(
    py: Python<'py>,
    board: &str,
    start: Option<&str>,
    goal: Option<&str>,
    method: &str,
    max_positions: u64,
    max_work: u64,
) -> PyResult<Bound<'py, PyAny>> {
    let method: Method = parse(method)?;
    let (board, start, goal) = game(board, start, goal)?;
    let budget = Budget::default()
        .with_max_positions(max_positions)
        .with_max_work(max_work);
    let counts = interruptible(py, |progress| {
        boards::count(&board, start, goal, method, &budget, progress)
    })?;
    to_python(py, &boards::CountSummary::new(&board, start, goal, &counts))
}

/// A shortest solution of a sliding puzzle (the 8- or 15-puzzle): `tiles` is a str such as
/// "8 6 7 2 5 4 3 0 1" or "1 2 3 / 4 5 6 / 7 8 _" or a list of ints (0 the gap), row by row;
/// `goal` the same, or None for the tiles in order with the gap last ("first": gap first).
/// A dict with the fields of ``unhop slide solve --json``: `solvable` (with `reason` when
/// not), `length`, `tiles` (the tiles slid, in order; replayed by the library),
/// `proven_optimal`, `lower_bound`, `fallback`, `nodes`, `seconds`, `heuristic`, `method`.
/// After `budget` seconds the search answers with a fast method, not proven shortest.
///
/// >>> r = unhop.slide_solve([1, 2, 3, 4, 5, 6, 0, 7, 8])
/// >>> r["length"], r["tiles"], r["proven_optimal"]
/// (2, [7, 8], True)
#[pyfunction]
#[pyo3(signature = (tiles, goal = None, budget = 15.0, heuristic = "auto", method = "fast"))]
fn slide_solve<'py>(
    py: Python<'py>,
    tiles: &Bound<'py, PyAny>,
    goal: Option<&Bound<'py, PyAny>>,
    budget: f64,
    heuristic: &str,
    method: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let (estimate, method): (Estimate, Method) = (parse(heuristic)?, parse(method)?);
    let time_limit = parse_time_limit(budget).map_err(|e| py_err(e.context("budget")))?;
    let board = sliding_board(tiles)?;
    let goal = match goal {
        None => sliding::Board::solved(board.width(), false),
        Some(g) => match g.extract::<String>() {
            Ok(text) => parse_goal(&text, Some(board.width())).map_err(py_err)?,
            Err(_) => sliding_board(g)?,
        },
    };
    let config = SolverConfig::new()
        .estimate(estimate)
        .time_limit(Some(time_limit))
        .method(method);
    config.validate().map_err(py_err)?;
    let parity = sliding::solvability(&board, &goal).map_err(py_err)?;
    if !parity.is_solvable() {
        return to_python(py, &sliding::SolvabilityReport::new(&board, &goal, &parity));
    }
    let report = interruptible(py, |progress| {
        let limits = Budget::default();
        let solver = config.build(goal, &limits, progress)?;
        let outcome = solver.run(&board, &limits, progress)?;
        Ok(sliding::SolveReport::new(&board, &outcome, &solver))
    })?;
    to_python(py, &report)
}

/// How many 8-puzzle boards need each number of slides: entry d counts the boards whose
/// shortest solution to `goal` (None: the tiles in order, gap last; "first": gap first) has
/// d slides, by breadth-first search over all 181,440 boards.
///
/// >>> d = unhop.slide_distances()
/// >>> sum(d), len(d) - 1, d[-1]
/// (181440, 31, 2)
#[pyfunction]
#[pyo3(signature = (goal = None))]
fn slide_distances(goal: Option<&str>) -> PyResult<Vec<u64>> {
    // `last` and `first` are the 8-puzzle's; a goal typed may be of either size (the search
    // refuses the 15-puzzle's).
    let goal = match goal.unwrap_or("last") {
        text @ ("last" | "first") => parse_goal(text, Some(3)),
        text => parse_goal(text, None),
    }
    .map_err(py_err)?;
    sliding::exhaustive::distance_counts(&goal, &Budget::default()).map_err(py_err)
}

/// A sliding board from a str or a list of ints.
fn sliding_board(tiles: &Bound<'_, PyAny>) -> PyResult<sliding::Board> {
    let text = match tiles.extract::<String>() {
        Ok(text) => text,
        Err(_) => {
            let list: Vec<u64> = tiles.extract()?;
            list.iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        }
    };
    sliding::Board::parse(&text).map_err(py_err)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(board_solve, m)?)?;
    m.add_function(wrap_pyfunction!(board_count, m)?)?;
    m.add_function(wrap_pyfunction!(slide_solve, m)?)?;
    m.add_function(wrap_pyfunction!(slide_distances, m)?)?;
    Ok(())
}
