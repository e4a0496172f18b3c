//! Two-dimensional peg solitaire (`board_solve`, `board_count`) and sliding puzzles
//! (`slide_solve`): answers as dicts with the fields of the command's JSON.

use crate::{big_int, interruptible, parse, py_err};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyModule;
use serde_json::Value;
use std::time::Duration;
use unhop::Method;
use unhop::boards::{self, DEFAULT_LIMIT, DEFAULT_MAX_POSITIONS, SWEEP_STEPS};
use unhop::budget::Budget;
use unhop::sliding::{self, Estimate, SolverConfig};

/// A JSON value as Python objects (dicts, lists, ints, floats, strs, bools, None).
pub(crate) fn from_json<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    PyModule::import(py, "json")?
        .getattr("loads")?
        .call1((value.to_string(),))
}

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
/// edges:1-2,2-3) or a picture file; `start` a hole name (every hole filled but that one) or
/// a pattern; `goal` a hole name, "any" or a pattern. A dict with the fields of
/// ``unhop board solve --json``: `solvable`, and `jumps` (dicts `from`, `over`, `to` with hole
/// names, replayed by the library's checker), `notation` and `final`, or the `reason` (and
/// the `pagoda` proof) there is none. A search that gives up raises `GaveUpError`.
///
/// >>> r = unhop.board_solve("triangle")
/// >>> r["solvable"], len(r["jumps"])
/// (True, 13)
#[pyfunction]
#[pyo3(signature = (board = "english", start = None, goal = None, limit = DEFAULT_LIMIT))]
fn board_solve<'py>(
    py: Python<'py>,
    board: &str,
    start: Option<&str>,
    goal: Option<&str>,
    limit: usize,
) -> PyResult<Bound<'py, PyAny>> {
    let (board, start, goal) = game(board, start, goal)?;
    let answer = interruptible(py, |progress| {
        let budget = Budget::default();
        let outcome = boards::solve_with(&board, start, goal, limit, &budget, progress)?;
        if matches!(outcome, boards::Outcome::GaveUp { .. }) {
            return Ok(Err(format!(
                "the search gave up, neither a solution nor a proof that there is none: {}",
                outcome.describe(&board)
            )));
        }
        Ok(Ok(boards::solve_report(&board, start, goal, &outcome)?))
    })?;
    from_json(py, &answer.map_err(crate::GaveUpError::new_err)?)
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
    let (answer, sequences) = interruptible(py, |progress| {
        let report = boards::count(&board, start, goal, method, &budget, progress)?;
        Ok((
            report.to_json(&board, start, goal),
            report.sequences.to_string(),
        ))
    })?;
    let out = from_json(py, &answer)?;
    out.set_item("sequences", big_int(py, &sequences)?)?;
    Ok(out)
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
    if !(budget.is_finite() && (0.0..=1e9).contains(&budget)) {
        return Err(PyValueError::new_err(format!(
            "budget must be a number of seconds from 0 to 10^9, not {budget}"
        )));
    }
    let board = sliding_board(tiles)?;
    let goal = match goal {
        None => sliding::Board::solved(board.width(), false),
        Some(g) => match g.extract::<String>() {
            Ok(text) if text == "last" => sliding::Board::solved(board.width(), false),
            Ok(text) if text == "first" => sliding::Board::solved(board.width(), true),
            _ => sliding_board(g)?,
        },
    };
    let parity = sliding::solvability(&board, &goal).map_err(py_err)?;
    if !parity.is_solvable() {
        return from_json(py, &sliding::solvability_report(&board, &goal, &parity));
    }
    let config = SolverConfig::new()
        .estimate(estimate)
        .time_limit(Some(Duration::from_secs_f64(budget)))
        .method(method);
    let answer = interruptible(py, |progress| {
        let limits = Budget::default();
        let solver = config.build(goal, &limits, progress)?;
        let outcome = solver.run(&board, &limits, progress)?;
        Ok(sliding::solve_report(&board, &goal, &outcome, &solver))
    })?;
    from_json(py, &answer)
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
    let goal = match goal {
        None | Some("last") => sliding::Board::solved(3, false),
        Some("first") => sliding::Board::solved(3, true),
        Some(text) => sliding::Board::parse(text).map_err(py_err)?,
    };
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
