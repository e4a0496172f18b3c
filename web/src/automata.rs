//! The automata tab: the minimal DFA of the one-peg language (words of pegs `1` and holes `0`
//! that hops can reduce to one peg) in Graphviz DOT, a word run through it, and the solver's
//! hops for the word.

use crate::{js_error, row_board as board, text};
use serde_json::json;
use unhop::solitaire::{Language, SolveReport, solve};
use unhop::{Method, Word};
use wasm_bindgen::prelude::*;

/// The minimal DFA of the one-peg language on `board` (`finite` or `infinite`):
/// `{"dot", "states", "expression"}`; states are named `q0, q1, …` in the DOT text.
#[wasm_bindgen]
pub fn auto_dfa(board_name: &str) -> Result<String, String> {
    let language = Language::of(board(board_name)?);
    let dfa = language.minimal_dfa();
    Ok(text(json!({
        "dot": dfa.to_dot("one_peg", b"01"),
        "states": dfa.states(),
        "expression": language.expression(),
    })))
}

/// `word` run through the minimal DFA: the states visited (`path`, from the start, one more
/// than the letters) and whether it is accepted (`accepted`), beside every field of the
/// solver's report ([`SolveReport`], as `unhop solve WORD --json` writes it: the fewest pegs,
/// the final word and the hops as `{"from", "over", "to"}`, replayed by the library).
#[wasm_bindgen]
pub fn auto_run(board_name: &str, word: &str) -> Result<String, String> {
    let b = board(board_name)?;
    let w: Word = word.parse().map_err(js_error)?;
    let dfa = Language::of(b).minimal_dfa();
    let mut state = dfa.start();
    let mut path = vec![state];
    for peg in w.iter() {
        state = dfa.next(state, u8::from(peg));
        path.push(state);
    }
    let solution = solve(&w, b).map_err(js_error)?;
    let mut report = json!(SolveReport::new(&w, b, Method::Fast, &solution));
    report["path"] = json!(path);
    report["accepted"] = json!(dfa.is_accepting(state));
    Ok(text(report))
}
