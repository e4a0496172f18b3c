//! Two-dimensional peg solitaire (`board_solve`, `board_count`) and sliding puzzles
//! (`slide_solve`): answers as dicts with the fields of the command's JSON.

use crate::{big_int, interruptible, parse, py_err};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyModule;
use serde_json::{Value, json};
use std::time::Duration;
use unhop::Method;
use unhop::boards::{self, DEFAULT_LIMIT, DEFAULT_MAX_POSITIONS, DEFAULT_MAX_WORK, SweepLimits};
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
        let outcome = boards::solve_with(&board, start, goal, limit, progress)?;
        let boards::Outcome::Solved(jumps) = outcome else {
            let reason = outcome.describe(&board);
            if matches!(outcome, boards::Outcome::GaveUp { .. }) {
                return Ok(Err(format!(
                    "the search gave up, neither a solution nor a proof that there is none: \
                     {reason}"
                )));
            }
            let mut answer = json!({
                "board": board.name(), "start": board.pattern(start),
                "goal": goal.describe(&board), "solvable": false, "reason": reason,
            });
            if let boards::Outcome::PagodaBound(proof) = &outcome {
                let weights: serde_json::Map<String, Value> = (0..board.holes())
                    .map(|h| {
                        (
                            board.hole_name(h).to_string(),
                            json!(proof.pagoda.weights()[h]),
                        )
                    })
                    .collect();
                answer["pagoda"] = json!({
                    "weights": weights, "start_value": proof.start_value,
                    "goal_value": proof.goal_value,
                });
            }
            return Ok(Ok(answer));
        };
        let names: Vec<String> = jumps.iter().map(|&j| board.jump_name(j)).collect();
        let positions = boards::replay(&board, start, &jumps, goal)?;
        let json_jumps: Vec<Value> = jumps
            .iter()
            .map(|j| {
                json!({"from": board.hole_name(j.from as usize),
                       "over": board.hole_name(j.over as usize),
                       "to": board.hole_name(j.to as usize)})
            })
            .collect();
        Ok(Ok(json!({
            "board": board.name(), "start": board.pattern(start), "goal": goal.describe(&board),
            "solvable": true, "jumps": json_jumps, "notation": names,
            "final": board.pattern(*positions.last().unwrap_or(&start)),
        })))
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
                    max_positions = DEFAULT_MAX_POSITIONS, max_work = DEFAULT_MAX_WORK))]
#[allow(clippy::too_many_arguments)]
fn board_count<'py>(
    py: Python<'py>,
    board: &str,
    start: Option<&str>,
    goal: Option<&str>,
    method: &str,
    max_positions: usize,
    max_work: u64,
) -> PyResult<Bound<'py, PyAny>> {
    let method: Method = parse(method)?;
    let (board, start, goal) = game(board, start, goal)?;
    let limits = SweepLimits {
        max_positions,
        max_work,
        ..SweepLimits::default()
    };
    let (answer, sequences) = interruptible(py, |progress| {
        let report = boards::count(&board, start, goal, method, limits, progress)?;
        let (raw, classes) = report.totals();
        let (finishing_raw, finishing_classes) = report.finishing_totals();
        let levels: Vec<Value> = report
            .levels
            .iter()
            .map(|l| {
                json!({"pegs": l.pegs, "raw": l.raw, "up_to_symmetry": l.up_to_symmetry,
                       "finishing_raw": l.finishing_raw,
                       "finishing_up_to_symmetry": l.finishing_up_to_symmetry})
            })
            .collect();
        let answer = json!({
            "board": board.name(), "start": board.pattern(start), "goal": goal.describe(&board),
            "method": report.method.name(), "symmetries": report.symmetries,
            "levels": levels,
            "total_raw": raw, "total_up_to_symmetry": classes,
            "finishing_raw": finishing_raw, "finishing_up_to_symmetry": finishing_classes,
        });
        Ok((answer, report.sequences.to_string()))
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
    if let Err(why) = sliding::solvability(&board, &goal) {
        return from_json(
            py,
            &json!({"board": board.to_string(), "goal": goal.to_string(),
                    "solvable": false, "reason": why}),
        );
    }
    let config = SolverConfig::new()
        .estimate(estimate)
        .budget(Some(Duration::from_secs_f64(budget)))
        .method(method);
    let answer = interruptible(py, |progress| {
        let solver = config.build(goal, progress)?;
        Ok(match solver.run(&board, progress)? {
            sliding::Outcome::Unsolvable(why) => json!({
                "board": board.to_string(), "goal": goal.to_string(), "solvable": false,
                "reason": why,
            }),
            sliding::Outcome::Solved(s) => json!({
                "board": board.to_string(), "goal": goal.to_string(),
                "solvable": true, "length": s.tiles.len(), "tiles": s.tiles,
                "proven_optimal": s.proven_optimal, "lower_bound": s.lower_bound,
                "fallback": s.fallback, "nodes": s.nodes,
                "seconds": s.elapsed.as_secs_f64(),
                "heuristic": solver.guide().name(), "method": solver.method().name(),
            }),
        })
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
    sliding::exhaustive::distance_counts(&goal).map_err(py_err)
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
