//! The Duotaire tab: a word of pegs (`1`) and holes (`0`) played by two players under the
//! single-hop or chain rule, on the finite or infinite row; the value of a position, its
//! options and the winning moves, every move replayed by the library.

use crate::{js_error, row_board};
use unhop::games::duotaire::{Analysis, Duotaire, MoveRule};
use unhop::{Quiet, Word};
use wasm_bindgen::prelude::*;

fn game(rule: &str, board: &str) -> Result<Duotaire, String> {
    let rule: MoveRule = rule.parse().map_err(js_error)?;
    let board = row_board(board)?;
    Ok(Duotaire::new(rule, board))
}

/// The value of `word` and every option (a move, the word after it with its offset, its
/// value, whether it wins): the library's [`unhop::games::GrundyReport`] with its options, as
/// `unhop grundy --options --json` writes it.
#[wasm_bindgen]
pub fn duo_options(rule: &str, board: &str, word: &str) -> Result<String, String> {
    let g = game(rule, board)?;
    let word: Word = word.parse().map_err(js_error)?;
    let budget = unhop::budget::Budget::default();
    let report = Analysis::new(g, &budget, &Quiet)
        .report(&word, false, true)
        .map_err(js_error)?;
    crate::report_text(&report)
}
