//! The sliding-puzzle tab: boards, solvability, random boards, moves, and the solver with
//! its pattern databases (built in the page's worker, kept by the page in IndexedDB in the
//! cache's checked format, [`unhop::sliding::cache::to_bytes`]).

use crate::js_error;
use std::time::Duration;
use unhop::Quiet;
use unhop::budget::Budget;
use unhop::sliding::{
    AdditivePdbs, Board, BoardView, Guide, LinearConflict, PatternDb, SolveReport, Solver, Split,
    cache, check_cells, parse_goal, random::shuffled,
};
use wasm_bindgen::prelude::*;

/// The goal of a `width × width` board: the gap last, as on the command line.
fn goal(width: usize) -> Result<Board, String> {
    parse_goal("last", Some(width)).map_err(js_error)
}

/// Parses a board typed row by row (`0` or `_` for the gap; 9 or 16 cells): the library's
/// [`BoardView::checked`], with whether it can reach the goal and why not.
#[wasm_bindgen]
pub fn slide_board(input: &str) -> Result<String, String> {
    let board: Board = input.parse().map_err(js_error)?;
    crate::report_text(&BoardView::checked(&board).map_err(js_error)?)
}

/// The entries of a board typed cell by cell, checked one by one, so the page can flag each
/// bad cell with its reason (the grid's edit mode, kept in step with the board's text field):
/// the library's [`check_cells`].
#[wasm_bindgen]
pub fn slide_cells(width: usize, text: &str) -> Result<String, String> {
    crate::report_text(&check_cells(width, text).map_err(js_error)?)
}

/// The solved board of the given width (3 or 4).
#[wasm_bindgen]
pub fn slide_goal(width: usize) -> Result<String, String> {
    crate::report_text(&BoardView::new(&goal(width)?))
}

/// A board drawn uniformly among the solvable ones ([`shuffled`]).
#[wasm_bindgen]
pub fn slide_shuffle(width: usize) -> Result<String, String> {
    crate::report_text(&BoardView::new(&shuffled(&goal(width)?, &mut rand::rng())))
}

/// `input` with `tile` slid into the gap; an error if it is not next to the gap.
#[wasm_bindgen]
pub fn slide_move(input: &str, tile: u8) -> Result<String, String> {
    let mut board: Board = input.parse().map_err(js_error)?;
    board.slide(tile).map_err(js_error)?;
    crate::report_text(&BoardView::new(&board))
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
        let solver = Solver::new(goal(3)?, Guide::LinearConflict(LinearConflict::new(3)))
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
        let solver = Solver::new(goal(4)?, guide).map_err(js_error)?;
        Ok(SlideSolver {
            solver: solver.with_time_limit(budget(budget_ms)),
        })
    }

    /// Changes the budget of the next searches.
    pub fn set_budget(&mut self, budget_ms: f64) {
        self.solver = self.solver.clone().with_time_limit(budget(budget_ms));
    }

    /// Solves the board typed in `input`: the library's [`SolveReport`], as `unhop slide solve
    /// --json` writes it. The library replays every solution before it returns it.
    pub fn solve(&self, input: &str) -> Result<String, String> {
        let board: Board = input.parse().map_err(js_error)?;
        crate::report_text(&solve_report(&self.solver, &board)?)
    }
}

fn budget(ms: f64) -> Option<Duration> {
    (ms > 0.0).then(|| Duration::from_secs_f64(ms / 1000.0))
}

/// What [`SlideSolver::solve`] returns, for any solver: the library's report (as `unhop slide
/// solve --json`).
pub fn solve_report(solver: &Solver, board: &Board) -> Result<SolveReport, String> {
    let outcome = solver
        .run(board, &Budget::default(), &Quiet)
        .map_err(js_error)?;
    Ok(SolveReport::new(board, &outcome, solver))
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
