//! The automata tab: the minimal DFA of the one-peg language (words of pegs `1` and holes `0`
//! that hops can reduce to one peg) in Graphviz DOT, a word run through it, and the solver's
//! hops for the word.

use crate::{js_error, row_board as board};
use unhop::Word;
use unhop::solitaire::{Language, LanguageAutomaton, LanguageRun, solve};
use wasm_bindgen::prelude::*;

/// The minimal DFA of the one-peg language on `board` (`finite` or `infinite`): the
/// library's [`unhop::solitaire::LanguageDrawing`] (`board`, `automaton`, `states`,
/// `expression`, `dot`), as `unhop lang --dot --minimal --json` writes it; states are named
/// `q0, q1, …` in the DOT text.
#[wasm_bindgen]
pub fn auto_dfa(board_name: &str) -> Result<String, String> {
    let drawing = Language::of(board(board_name)?).drawing(LanguageAutomaton::MinimalDfa);
    crate::report_text(&drawing)
}

/// `word` run through the minimal DFA: the library's [`LanguageRun`], every field of the
/// solver's report (as `unhop solve WORD --json` writes it: the fewest pegs, the final word
/// and the hops as `{"from", "over", "to"}`, replayed by the library) with the states visited
/// (`path`, from the start, one more than the letters) and whether it is accepted
/// (`accepted`).
#[wasm_bindgen]
pub fn auto_run(board_name: &str, word: &str) -> Result<String, String> {
    let b = board(board_name)?;
    let w: Word = word.parse().map_err(js_error)?;
    let solution = solve(&w, b).map_err(js_error)?;
    crate::report_text(&LanguageRun::new(&w, b, &solution))
}
