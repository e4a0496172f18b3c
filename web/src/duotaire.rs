//! The Duotaire tab: a word of pegs (`1`) and holes (`0`) played by two players under the
//! single-hop or chain rule, on the finite or infinite row; the value of a position, its
//! options and the winning moves, every move replayed by the library.

use crate::{js_error, row_board, text};
use serde_json::{Value, json};
use unhop::games::duotaire::{Analysis, Duotaire, MoveRule};
use unhop::solitaire::{Board, Hop};
use unhop::{Quiet, Word};
use wasm_bindgen::prelude::*;

fn game(rule: &str, board: &str) -> Result<Duotaire, String> {
    let rule: MoveRule = rule.parse().map_err(js_error)?;
    let board = row_board(board)?;
    Ok(Duotaire::new(rule, board))
}

fn hops_json(hops: &[Hop]) -> Value {
    json!(
        hops.iter()
            .map(|h| json!([h.from(), h.to()]))
            .collect::<Vec<_>>()
    )
}

/// The value of `word` and every option (a move, the word after it with its offset, its value;
/// a move to value 0 wins): `{"value", "options": [{"hops": [[from, to], …], "word",
/// "offset", "value", "wins"}]}`. On the infinite board the words after a move keep only the
/// cells from the first to the last peg, with the offset adjusted.
#[wasm_bindgen]
pub fn duo_options(rule: &str, board: &str, word: &str) -> Result<String, String> {
    let g = game(rule, board)?;
    let word: Word = word.parse().map_err(js_error)?;
    Ok(text(options(g, &word)?))
}

/// [`duo_options`] on a game and a word.
pub fn options(g: Duotaire, word: &Word) -> Result<Value, String> {
    let budget = unhop::budget::Budget::default();
    let mut analysis = Analysis::new(g, &budget, &Quiet);
    let value = analysis.value(word).map_err(js_error)?;
    let options: Vec<Value> = analysis
        .options(word)
        .map_err(js_error)?
        .into_iter()
        .map(|o| {
            let (after, offset) = if g.board() == Board::Infinite && o.word.pegs() > 0 {
                let span = o.word.peg_span();
                (o.word.trimmed(), o.offset + span.start as i64)
            } else {
                (o.word.clone(), o.offset)
            };
            json!({
                "hops": hops_json(&o.hops),
                "word": after.to_string(),
                "offset": offset,
                "value": o.value,
                "wins": o.wins(),
            })
        })
        .collect();
    Ok(json!({"word": word.to_string(), "value": value, "options": options}))
}
