//! The unhop library for the browser page (`web/static/`), compiled to WebAssembly with
//! wasm-bindgen. Every answer the page shows is computed here, by the library; the page's
//! JavaScript only draws and forwards clicks. Answers cross into JavaScript as JSON text.
//!
//! Errors are thrown into JavaScript as strings (the library's messages). The same functions
//! run natively, so `cargo test -p unhop-web` checks them (every solution
//! replayed).

use serde_json::Value;
use wasm_bindgen::prelude::*;

pub mod automata;
pub mod duotaire;
pub mod heaps;
pub mod pegs;
pub mod progress;
pub mod sliding;

/// A library report as the JSON text the page receives (an error for JavaScript if it cannot
/// be written).
fn report_text<T: serde::Serialize + ?Sized>(report: &T) -> Result<String, String> {
    serde_json::to_string(report).map_err(js_error)
}

/// An error for JavaScript, which receives it as a thrown string: the library's message.
fn js_error(e: impl std::fmt::Display) -> String {
    e.to_string()
}

/// The version of the library the page was built from.
#[wasm_bindgen]
pub fn version() -> String {
    Value::from(env!("CARGO_PKG_VERSION")).to_string()
}

/// The JSON Schema of the report `name` ([`unhop::schema`]): what the page's tests validate
/// the answers of these functions against, as `unhop schema NAME` prints it.
#[wasm_bindgen]
pub fn schema(name: &str) -> Result<String, String> {
    unhop::schema::find(name)
        .map(|report| report.schema().to_string())
        .ok_or_else(|| format!("no report is named {}", unhop::quote(name)))
}

/// The row a 1-D game is played on: `finite` (the word itself) or `infinite`.
fn row_board(name: &str) -> Result<unhop::solitaire::Board, String> {
    match name {
        "finite" => Ok(unhop::solitaire::Board::Finite),
        "infinite" => Ok(unhop::solitaire::Board::Infinite),
        other => Err(format!("the board is finite or infinite, not {other}")),
    }
}
