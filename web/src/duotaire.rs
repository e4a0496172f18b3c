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

/// The longest words whose statistics the page computes ([`duo_lengths`]): every word of each
/// length up to it is valued in the page.
pub const PAGE_STATS_LEN: usize = 18;

/// The members of the family `pattern` (such as `011(01)^n0`) for n in `range` (`A..B`) with
/// their values: a JSON list of the library's [`FamilyMember`](unhop::games::FamilyMember)s,
/// as `unhop family PATTERN --n A..B --json` writes them one a line.
#[wasm_bindgen]
pub fn duo_family(rule: &str, board: &str, pattern: &str, range: &str) -> Result<String, String> {
    let g = game(rule, board)?;
    let pattern = unhop::Pattern::parse(pattern).map_err(js_error)?;
    let range: unhop::games::FamilyRange = range.parse().map_err(js_error)?;
    let budget = unhop::budget::Budget::default();
    let mut members = Vec::new();
    Analysis::new(g, &budget, &Quiet)
        .each_family_member(&pattern, range, &mut |m| {
            members.push(m.clone());
            Ok::<(), unhop::Error>(())
        })
        .map_err(js_error)?;
    crate::report_text(&members)
}

/// The statistics of every length 1 to `max_len` (the largest value, its first word, the
/// value counts): a JSON list of the library's [`LengthStats`](unhop::games::LengthStats), as
/// `unhop table --max-len N --stats --json` writes them one a line. Refused beyond
/// [`PAGE_STATS_LEN`].
#[wasm_bindgen]
pub fn duo_lengths(rule: &str, board: &str, max_len: usize) -> Result<String, String> {
    if max_len > PAGE_STATS_LEN {
        let figures = unhop::Figures::new(max_len as u128, PAGE_STATS_LEN as u128, "cells");
        let message = format!(
            "every word of each length to {max_len} would be valued; the page's limit is \
             length {PAGE_STATS_LEN} (unhop table --stats goes further)"
        );
        return Err(js_error(unhop::Error::refused_with(figures, message)));
    }
    let g = game(rule, board)?;
    let budget = unhop::budget::Budget::default();
    let stats = unhop::games::length_stats(g, unhop::Method::Fast, max_len, &budget, &Quiet)
        .map_err(js_error)?;
    crate::report_text(&stats)
}
