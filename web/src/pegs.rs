//! The peg-solitaire tab: the English, French and triangular boards and the 1-D row
//! (`row:WORD`, a path graph of the word's length), jumps, and the solver's help. Positions
//! cross as strings of `1` (peg) and `0` (hole), one character a hole in the board's order
//! ([`Board::parse_position`]).
//!
//! Hole names are the command line's: `d4` on the square boards and 1 to 15 on the triangle
//! (as `unhop board`), and on the row the word's cells numbered from 0, as the hops of
//! `unhop solve WORD --board finite --json`. Every answer is a library type
//! ([`BoardView`], [`NamedJump`], [`JumpView`](unhop::boards::JumpView), [`HelpReport`]) as JSON.

use crate::js_error;
use crate::progress::WorkerProgress;
use unhop::boards::{Board, BoardView, HelpReport, NamedJump, Position, help};
use wasm_bindgen::prelude::*;

/// The most dead positions the page's searches keep by default (16–32 bytes each, so at most
/// about 600 MB of table at its peak in the page's background thread). One peg anywhere on the French
/// board from the start with c1 empty is decided within it.
pub const PAGE_LIMIT: usize = 20_000_000;

/// The board named `name`, as `--board` names it (`english`, `french`, `triangle`,
/// `row:WORD`, …).
fn board(name: &str) -> Result<Board, String> {
    Board::named(name).map_err(js_error)
}

/// The board and a position of it.
fn position(name: &str, pegs: &str) -> Result<(Board, Position), String> {
    let b = board(name)?;
    let p = b.parse_position(pegs).map_err(js_error)?;
    Ok((b, p))
}

/// The board: its holes with names and (row, column) places, its default start and goal
/// ([`BoardView`]).
#[wasm_bindgen]
pub fn pegs_board(name: &str) -> Result<String, String> {
    crate::report_text(&BoardView::new(&board(name)?))
}

/// The full board with hole `hole` empty, as a position.
#[wasm_bindgen]
pub fn pegs_vacancy(name: &str, hole: usize) -> Result<String, String> {
    let b = board(name)?;
    crate::report_text(&b.position_text(b.vacancy(hole).map_err(js_error)?))
}

/// The legal jumps of `pegs` ([`NamedJump`]s).
#[wasm_bindgen]
pub fn pegs_moves(name: &str, pegs: &str) -> Result<String, String> {
    let (b, p) = position(name, pegs)?;
    let jumps: Vec<NamedJump> = b
        .legal_jumps(p)
        .into_iter()
        .map(|j| NamedJump::new(&b, j))
        .collect();
    crate::report_text(&jumps)
}

/// The position after the peg in hole `from` jumps into hole `to` ([`Board::play`]); an error
/// if no legal jump does.
#[wasm_bindgen]
pub fn pegs_jump(name: &str, pegs: &str, from: usize, to: usize) -> Result<String, String> {
    let (b, p) = position(name, pegs)?;
    crate::report_text(&b.play(p, from, to).map_err(js_error)?)
}

/// The solver's help on `pegs` ([`help`]): whether it can still finish with one peg, where,
/// the rest of a solution (replayed by the library), and when it cannot, why.
#[wasm_bindgen]
pub fn pegs_help(name: &str, pegs: &str) -> Result<String, String> {
    pegs_help_limited(name, pegs, PAGE_LIMIT)
}

/// [`pegs_help`] giving up after `limit` dead positions. In the page's background thread
/// (`pegs-worker.js`) the search reports the dead positions stored so far to the global
/// function `unhopProgress(count, 0)` every 4,096 (natively it reports nothing).
#[wasm_bindgen]
pub fn pegs_help_limited(name: &str, pegs: &str, limit: usize) -> Result<String, String> {
    let (b, p) = position(name, pegs)?;
    crate::report_text(&help_report(&b, p, limit)?)
}

/// [`pegs_help_limited`]'s report, before it becomes JSON.
fn help_report(b: &Board, p: Position, limit: usize) -> Result<HelpReport, String> {
    let budget = unhop::budget::Budget::default();
    help(b, p, limit, &budget, &WorkerProgress::default()).map_err(js_error)
}
