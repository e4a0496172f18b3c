//! The unhop library for the browser page (`web/static/`), compiled to WebAssembly with
//! wasm-bindgen. Every answer the page shows is computed here, by the library; the page's
//! JavaScript only draws and forwards clicks. Answers cross into JavaScript as JSON text.
//!
//! Errors are thrown into JavaScript as strings (the library's messages). The same functions
//! run natively, so `cargo test -p unhop-web` checks them (every solution
//! replayed).

use serde_json::{Value, json};
use wasm_bindgen::prelude::*;

/// A library report as the JSON text the page receives (an error for JavaScript if it cannot
/// be written).
macro_rules! to_json {
    ($report:expr) => {
        serde_json::to_string($report).map_err(crate::js_error)
    };
}

pub mod automata;
pub mod duotaire;
pub mod pegs;
pub mod sliding;

/// An error for JavaScript, which receives it as a thrown string: the library's message.
fn js_error(e: impl std::fmt::Display) -> String {
    e.to_string()
}

/// A JSON value as text (what every exported function returns).
fn text(v: Value) -> String {
    v.to_string()
}

/// The version of the library the page was built from.
#[wasm_bindgen]
pub fn version() -> String {
    text(json!(env!("CARGO_PKG_VERSION")))
}

/// The row a 1-D game is played on: `finite` (the word itself) or `infinite`.
fn row_board(name: &str) -> Result<unhop::solitaire::Board, String> {
    match name {
        "finite" => Ok(unhop::solitaire::Board::Finite),
        "infinite" => Ok(unhop::solitaire::Board::Infinite),
        other => Err(format!("the board is finite or infinite, not {other}")),
    }
}
