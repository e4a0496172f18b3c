//! The peg-solitaire tab: the English, French and triangular boards and the 1-D row (a path
//! graph of the word's length), jumps, and the solver's help. Positions cross as strings
//! of `1` (peg) and `0` (hole), one character a hole in the board's order.
//!
//! Hole names are the command line's: `d4` on the square boards and 1 to 15 on the triangle
//! (as `unhop board`), and on the row the word's cells numbered from 0, as the hops of
//! `unhop solve WORD --board finite --json`.

use crate::{js_error, text};
use serde_json::{Value, json};
use std::sync::atomic::{AtomicU64, Ordering};
use unhop::Progress;
use unhop::boards::{Board, Goal, Jump, Outcome, Pagoda, Position, PositionClasses, solve_with};
use wasm_bindgen::prelude::*;

/// The most dead positions the page's searches keep by default (16–32 bytes each, so at most
/// about 600 MB of table at its peak in the page's background thread). One peg anywhere on the French
/// board from the start with c1 empty is decided within it.
pub const PAGE_LIMIT: usize = 20_000_000;

/// The board named `name`: `english`, `french`, `triangle`, or `row:WORD` (a row of holes of
/// the word's length, at least 2, its start the word of pegs `1` and holes `0`; its holes named
/// `0`, `1`, … like the cells of a word on the command line).
fn board(name: &str) -> Result<Board, String> {
    match name.strip_prefix("row:") {
        Some(word) if word.len() < 2 => Err("the row has at least 2 cells".into()),
        Some(word) => {
            let edges: String = (1..word.len())
                .map(|i| format!("{} {i}\n", i - 1))
                .collect();
            Board::from_edge_list("row", &edges).map_err(js_error)
        }
        None => Board::named(name).map_err(js_error),
    }
}

fn position(board: &Board, pegs: &str) -> Result<Position, String> {
    if pegs.len() != board.holes() || !pegs.bytes().all(|b| b == b'0' || b == b'1') {
        return Err(format!(
            "a position of this board is {} characters 0 or 1",
            board.holes()
        ));
    }
    Ok(pegs
        .bytes()
        .enumerate()
        .fold(0, |p, (i, b)| p | Position::from(b == b'1') << i))
}

fn pegs_text(board: &Board, p: Position) -> String {
    (0..board.holes())
        .map(|i| if p >> i & 1 == 1 { '1' } else { '0' })
        .collect()
}

fn jump_json(board: &Board, j: Jump) -> Value {
    json!({"from": j.from, "over": j.over, "to": j.to, "name": board.jump_name(j)})
}

/// The board: its holes with names and (row, column) places, its default start and goal.
#[wasm_bindgen]
pub fn pegs_board(name: &str) -> Result<String, String> {
    let b = board(name)?;
    let start = match name.strip_prefix("row:") {
        Some(word) => position(&b, word)?,
        None => b.default_start(),
    };
    let holes: Vec<Value> = (0..b.holes())
        .map(|i| {
            let (row, col) = b.place(i);
            json!({"name": b.hole_name(i), "row": row, "col": col})
        })
        .collect();
    let goal = match b.default_goal() {
        Goal::PegAt(h) => json!(h),
        _ => Value::Null,
    };
    Ok(text(json!({
        "holes": holes,
        "start": pegs_text(&b, start),
        "goal": goal,
        "goal_text": b.default_goal().describe(&b),
    })))
}

/// The full board with hole `hole` empty.
#[wasm_bindgen]
pub fn pegs_vacancy(name: &str, hole: usize) -> Result<String, String> {
    let b = board(name)?;
    if hole >= b.holes() {
        return Err(format!("the board has {} holes", b.holes()));
    }
    Ok(text(json!(pegs_text(&b, b.full() & !(1 << hole)))))
}

/// The legal jumps of `pegs`.
#[wasm_bindgen]
pub fn pegs_moves(name: &str, pegs: &str) -> Result<String, String> {
    let b = board(name)?;
    let p = position(&b, pegs)?;
    let moves: Vec<Value> = b
        .jumps()
        .iter()
        .filter(|j| j.is_legal(p))
        .map(|&j| jump_json(&b, j))
        .collect();
    Ok(text(json!(moves)))
}

/// The position after the peg in `from` jumps into `to`; an error if no legal jump does.
#[wasm_bindgen]
pub fn pegs_jump(name: &str, pegs: &str, from: u8, to: u8) -> Result<String, String> {
    let b = board(name)?;
    let p = position(&b, pegs)?;
    let j = b
        .jumps()
        .iter()
        .find(|j| j.from == from && j.to == to && j.is_legal(p))
        .ok_or_else(|| {
            format!(
                "no jump from {} to {}: it needs a peg there, a peg between and an empty hole to land in",
                b.hole_name(from.into()),
                b.hole_name(to.into())
            )
        })?;
    Ok(text(
        json!({"pegs": pegs_text(&b, j.apply(p)), "jump": jump_json(&b, *j)}),
    ))
}

/// The solver's help on `pegs`: whether it can still finish with one peg, where, a next jump
/// that keeps it solvable, the whole rest of a solution (replayed by the library), and when it
/// cannot finish, why: the position classes (the holes whose pegs' parity never changes) or,
/// for each finish the classes allow, a pagoda function (weights per hole) that rules it out,
/// or the exhausted search.
///
/// `{"verdict": "solved"|"impossible"|"undecided", "finish", "next", "solution", "why",
/// "class_holes", "pagodas": [{"finish", "weights", "start_value", "goal_value"}]}`.
#[wasm_bindgen]
pub fn pegs_help(name: &str, pegs: &str) -> Result<String, String> {
    pegs_help_limited(name, pegs, PAGE_LIMIT)
}

/// [`pegs_help`] giving up after `limit` dead positions. In the page's background thread
/// (`pegs-worker.js`) the search reports the dead positions stored so far to the global
/// function `unhopPegsProgress(count)` every 4,096 (natively it reports nothing).
#[wasm_bindgen]
pub fn pegs_help_limited(name: &str, pegs: &str, limit: usize) -> Result<String, String> {
    let b = board(name)?;
    let p = position(&b, pegs)?;
    Ok(text(help(&b, p, limit, &WorkerProgress::default())?))
}

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
extern "C" {
    /// Defined by `pegs-worker.js`; the search is only ever run there.
    #[wasm_bindgen(js_name = unhopPegsProgress)]
    fn report_progress(dead: f64);
}

/// Tells the page's background thread how many dead positions the search has stored.
#[derive(Default)]
struct WorkerProgress {
    dead: AtomicU64,
}

impl Progress for WorkerProgress {
    fn advance(&self, work: u64) {
        let dead = self.dead.fetch_add(work, Ordering::Relaxed) + work;
        #[cfg(target_arch = "wasm32")]
        report_progress(dead as f64);
        #[cfg(not(target_arch = "wasm32"))]
        let _ = dead;
    }
}

/// [`pegs_help`] on a board and position, giving up after `limit` dead positions.
pub fn help(
    b: &Board,
    p: Position,
    limit: usize,
    progress: &dyn Progress,
) -> Result<Value, String> {
    let budget = unhop::budget::Budget::default();
    let outcome = solve_with(b, p, Goal::OnePeg, limit, &budget, progress).map_err(js_error)?;
    let mut v = json!({"verdict": outcome.verdict(), "why": outcome.describe(b)});
    match &outcome {
        Outcome::Solved(jumps) => {
            let mut last = p;
            for j in jumps {
                last = j.apply(last);
            }
            let finish = last.trailing_zeros() as usize;
            v["finish"] = json!({"hole": finish, "name": b.hole_name(finish)});
            v["solution"] = json!(jumps.iter().map(|&j| jump_json(b, j)).collect::<Vec<_>>());
            v["next"] = jumps.first().map_or(Value::Null, |&j| jump_json(b, j));
            v["why"] = Value::Null;
        }
        Outcome::ClassMismatch(proof) => {
            let holes = proof.separators[0].1;
            v["class_holes"] = json!(
                (0..b.holes())
                    .filter(|h| holes >> h & 1 == 1)
                    .collect::<Vec<_>>()
            );
        }
        Outcome::Exhausted { .. } | Outcome::PagodaBound(_) => {
            // The classes allow some finishes; a pagoda function may rule each one out.
            let finishes = PositionClasses::of(b).possible_finishes(b, p);
            let mut proofs: Vec<Value> = Vec::new();
            for &h in &finishes {
                if let Some(proof) = Pagoda::separating(b, p, 1 << h, &budget).map_err(js_error)? {
                    proofs.push(json!({
                        "finish": h,
                        "finish_name": b.hole_name(h),
                        "weights": proof.pagoda.weights(),
                        "start_value": proof.start_value,
                        "goal_value": proof.goal_value,
                        "text": proof.pagoda.describe(b),
                    }));
                }
            }
            v["possible_finishes"] = json!(finishes);
            v["pagodas"] = json!(proofs);
        }
        Outcome::GaveUp { limit } => {
            v["why"] = json!(format!(
                "the page's search stopped after {limit} dead positions without an answer"
            ));
        }
    }
    Ok(v)
}
