//! The sliding-puzzle tab: boards, solvability, random boards, moves, and the solver with
//! its pattern databases (built in the page's worker, kept by the page in IndexedDB in the
//! cache's checked format, [`unhop::sliding::cache::to_bytes`]).

use crate::{js_error, text, text as text_of};
use serde_json::{Value, json};
use std::time::Duration;
use unhop::Quiet;
use unhop::budget::Budget;
use unhop::sliding::{
    AdditivePdbs, Board, Guide, LinearConflict, PatternDb, Solvability, Solver, Split, cache,
    random::shuffled, solvability,
};
use wasm_bindgen::prelude::*;

/// The goal of a `width × width` board: the gap last, as on the command line.
fn goal(width: usize) -> Board {
    Board::solved(width, false)
}

/// A board as JSON: `{"width", "cells", "text", "movable", "solved"}`.
fn board_json(board: &Board) -> Value {
    json!({
        "width": board.width(),
        "cells": board.cells(),
        "text": board.to_string(),
        "movable": board.movable_tiles(),
        "solved": *board == goal(board.width()),
    })
}

/// Parses a board typed row by row (`0` or `_` for the gap; 9 or 16 cells).
/// Returns `board_json` plus `"solvable"` and, when it is not, `"reason"`.
#[wasm_bindgen]
pub fn slide_board(input: &str) -> Result<String, String> {
    let board: Board = input.parse().map_err(js_error)?;
    let mut v = board_json(&board);
    match solvability(&board, &goal(board.width())).map_err(js_error)? {
        Solvability::Solvable => v["solvable"] = json!(true),
        Solvability::Unsolvable(why) => {
            v["solvable"] = json!(false);
            v["reason"] = json!(why.to_string());
        }
    }
    Ok(text(v))
}

/// The entries of a board typed cell by cell, checked one by one, so the page can flag each
/// bad cell with its reason (the grid's edit mode, kept in step with the board's text field).
///
/// `text` holds the entries row by row, separated by spaces, commas or slashes, as
/// [`Board::parse`] reads them (`0` or `_` for the gap). With 9 or 16 entries the board has
/// that size, else `width` (3 or 4). Returns `{"width", "count", "entries": [width² strings,
/// "" past the last entry], "cells": [{"tile": t or null, "error": reason or null}],
/// "error": the board-wide problem or null, "board": the board as [`slide_board`] gives it,
/// or null while any problem remains}`. A cell is flagged when its entry is not a number,
/// is out of range, or repeats another cell's tile (every cell of a repeated tile is
/// flagged, each naming another). O(width²) plus the length of `text`.
#[wasm_bindgen]
pub fn slide_cells(width: usize, text: &str) -> Result<String, String> {
    check_width(width)?;
    let tokens: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',' || c == '/')
        .filter(|t| !t.is_empty())
        .collect();
    let width = match tokens.len() {
        9 => 3,
        16 => 4,
        _ => width,
    };
    let n = width * width;
    let place = |cell: usize| format!("row {}, column {}", cell / width + 1, cell % width + 1);
    let entries: Vec<&str> = (0..n)
        .map(|i| tokens.get(i).copied().unwrap_or(""))
        .collect();
    let tiles: Vec<Option<usize>> = entries
        .iter()
        .map(|e| match *e {
            "_" => Some(0),
            "" => None,
            e => e.parse::<usize>().ok().filter(|&t| t < n),
        })
        .collect();
    let cells: Vec<Value> = (0..n)
        .map(|i| {
            let entry = entries[i];
            let error = match tiles[i] {
                None if i >= tokens.len() => None,
                None => Some(match entry.parse::<usize>() {
                    Ok(t) => format!("{t} is out of range: the tiles are 1 to {}", n - 1),
                    Err(_) => format!("'{entry}' is not a tile number (0, _ or empty for the gap)"),
                }),
                Some(t) => (0..n)
                    .find(|&j| j != i && tiles[j] == Some(t))
                    .map(|j| match t {
                        0 => format!("a second gap (another at {})", place(j)),
                        t => format!("tile {t} is also at {}", place(j)),
                    }),
            };
            json!({"tile": tiles[i], "error": error})
        })
        .collect();
    let error = match tokens.len() {
        c if c < n => Some(format!("{c} of the {n} cells filled")),
        c if c > n => Some(format!(
            "{c} entries; a board is 9 numbers (the 8-puzzle) or 16 (the 15-puzzle)"
        )),
        _ => None,
    };
    let flagged = cells.iter().any(|c| !c["error"].is_null());
    let board = if error.is_none() && !flagged {
        serde_json::from_str(&slide_board(&entries.join(" "))?).map_err(js_error)?
    } else {
        Value::Null
    };
    Ok(text_of(json!({
        "width": width,
        "count": tokens.len(),
        "entries": entries,
        "cells": cells,
        "error": error,
        "board": board,
    })))
}

/// The solved board of the given width (3 or 4).
#[wasm_bindgen]
pub fn slide_goal(width: usize) -> Result<String, String> {
    check_width(width)?;
    Ok(text(board_json(&goal(width))))
}

fn check_width(width: usize) -> Result<(), String> {
    if width == 3 || width == 4 {
        Ok(())
    } else {
        Err("the board is 3×3 (the 8-puzzle) or 4×4 (the 15-puzzle)".into())
    }
}

/// A board drawn uniformly among the solvable ones ([`shuffled`]).
#[wasm_bindgen]
pub fn slide_shuffle(width: usize) -> Result<String, String> {
    check_width(width)?;
    Ok(text(board_json(&shuffled(&goal(width), &mut rand::rng()))))
}

/// `input` with `tile` slid into the gap; an error if it is not next to the gap.
#[wasm_bindgen]
pub fn slide_move(input: &str, tile: u8) -> Result<String, String> {
    let mut board: Board = input.parse().map_err(js_error)?;
    board.slide(tile).map_err(js_error)?;
    Ok(text(board_json(&board)))
}

/// The 15-puzzle's pattern databases (6-6-3, the command line's default split), loaded from
/// the page's storage or built (here, or by builder threads through [`Tables::build_bytes`]),
/// one at a time so the page can store each as it is done.
#[wasm_bindgen]
pub struct Tables {
    patterns: Vec<Vec<u8>>,
    dbs: Vec<Option<PatternDb>>,
}

impl Default for Tables {
    fn default() -> Tables {
        Tables::new()
    }
}

#[wasm_bindgen]
impl Tables {
    /// The databases of the 15-puzzle with the gap last, none loaded yet.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Tables {
        let patterns = Split::SixSixThree.patterns(15);
        Tables {
            dbs: vec![None; patterns.len()],
            patterns,
        }
    }

    /// How many databases.
    pub fn count(&self) -> usize {
        self.patterns.len()
    }

    /// The storage key of database `i` (the cache's file name).
    pub fn key(&self, i: usize) -> String {
        cache::file_name(4, 15, &self.patterns[i])
    }

    /// Entries of database `i`.
    pub fn entries(&self, i: usize) -> usize {
        unhop::sliding::placements(16, self.patterns[i].len())
    }

    /// Takes database `i` from stored bytes, every check of the cache format made; the
    /// error says which failed (the page then builds it again).
    pub fn load(&mut self, i: usize, bytes: &[u8]) -> Result<(), String> {
        let db = cache::from_bytes(bytes.to_vec(), 4, 15, &self.patterns[i]).map_err(js_error)?;
        self.dbs[i] = Some(db);
        Ok(())
    }

    /// Builds database `i` and returns its bytes to store.
    pub fn build(&mut self, i: usize) -> Result<Vec<u8>, String> {
        let db = build_table(&self.patterns[i])?;
        let bytes = cache::to_bytes(&db);
        self.dbs[i] = Some(db);
        Ok(bytes)
    }

    /// Builds database `i` alone and returns its bytes in the cache's format, keeping
    /// nothing: what a builder thread of the page runs, one table each, in parallel; the
    /// thread that holds the tables then [`Tables::load`]s the bytes (and stores them).
    pub fn build_bytes(i: usize) -> Result<Vec<u8>, String> {
        let patterns = Split::SixSixThree.patterns(15);
        let cells = patterns
            .get(i)
            .ok_or_else(|| format!("there are {} pattern databases", patterns.len()))?;
        Ok(cache::to_bytes(&build_table(cells)?))
    }
}

/// The database of the 15-puzzle's tiles on `cells`, gap last, under the library's default
/// limits.
fn build_table(cells: &[u8]) -> Result<PatternDb, String> {
    PatternDb::build(4, 15, cells, &Budget::default(), &mut |_, _| {}).map_err(js_error)
}

/// A solver for one board size, holding its estimate (and databases) between searches.
#[wasm_bindgen]
pub struct SlideSolver {
    solver: Solver,
}

#[wasm_bindgen]
impl SlideSolver {
    /// The 8-puzzle's solver (linear conflicts), each search allowed `budget_ms`
    /// milliseconds before the fast method answers (0: no limit).
    pub fn eight(budget_ms: f64) -> Result<SlideSolver, String> {
        let solver = Solver::new(goal(3), Guide::LinearConflict(LinearConflict::new(3)))
            .map_err(js_error)?;
        Ok(SlideSolver {
            solver: solver.with_time_limit(budget(budget_ms)),
        })
    }

    /// The 15-puzzle's solver over all of `tables` (an error if one is not loaded or built).
    pub fn fifteen(tables: Tables, budget_ms: f64) -> Result<SlideSolver, String> {
        let dbs: Option<Vec<PatternDb>> = tables.dbs.into_iter().collect();
        let dbs = dbs.ok_or("a pattern database is missing")?;
        let guide = Guide::Patterns(AdditivePdbs::new(dbs).map_err(js_error)?);
        let solver = Solver::new(goal(4), guide).map_err(js_error)?;
        Ok(SlideSolver {
            solver: solver.with_time_limit(budget(budget_ms)),
        })
    }

    /// Changes the budget of the next searches.
    pub fn set_budget(&mut self, budget_ms: f64) {
        self.solver = self.solver.clone().with_time_limit(budget(budget_ms));
    }

    /// Solves the board typed in `input`: `{"board", "goal", "solvable", "reason"}` when it
    /// is not, else also `"length", "tiles", "proven_optimal", "lower_bound", "fallback",
    /// "nodes", "seconds", "heuristic", "method"`: the fields of `unhop slide solve --json`.
    /// The library replays every solution before it returns it.
    pub fn solve(&self, input: &str) -> Result<String, String> {
        let board: Board = input.parse().map_err(js_error)?;
        Ok(text(solve_json(&self.solver, &board)?))
    }
}

fn budget(ms: f64) -> Option<Duration> {
    (ms > 0.0).then(|| Duration::from_secs_f64(ms / 1000.0))
}

/// What [`SlideSolver::solve`] returns, for any solver: the library's report (as `unhop slide
/// solve --json`).
pub fn solve_json(solver: &Solver, board: &Board) -> Result<Value, String> {
    let outcome = solver
        .run(board, &Budget::default(), &Quiet)
        .map_err(js_error)?;
    Ok(unhop::sliding::solve_report(
        board,
        solver.goal(),
        &outcome,
        solver,
    ))
}

#[cfg(test)]
mod tests {
    use super::Tables;

    #[test]
    fn a_table_built_alone_loads_and_equals_the_one_built_in_place() {
        // The 3-tile table: the two 6-tile ones take seconds and go the same way.
        let i = 2;
        let alone = Tables::build_bytes(i).unwrap();
        let mut tables = Tables::new();
        assert_eq!(tables.build(i).unwrap(), alone);
        let mut again = Tables::new();
        again.load(i, &alone).unwrap();
        assert!(Tables::build_bytes(tables.count()).is_err());
    }
}
