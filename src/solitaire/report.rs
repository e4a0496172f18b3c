//! A solved word as every front end reports it: `unhop solve --json`, the Python module's
//! `unhop.solve` and the page's automata tab serialise this one type.

use super::{Board, Hop, Solution};
use crate::method::Method;
use crate::word::Word;
use serde::Serialize;

/// The report of a solved word: `{"word", "board", "method", "min_pegs", "final",
/// "final_offset", "hops": [{"from", "over", "to"}, …]}`. Cells are numbered from 0 in the
/// word; on the infinite board `final_offset` and the hops may be negative or past its end.
///
/// It borrows what it reports, so writing the report of a word of millions of cells with
/// `serde_json::to_writer` streams it: O(n) time and no copy of the word.
///
/// # Examples
///
/// ```
/// use unhop::Method;
/// use unhop::solitaire::{Board, SolveReport, solve};
/// let word = "1101101".parse().unwrap();
/// let solution = solve(&word, Board::Infinite).unwrap();
/// let report = SolveReport::new(&word, Board::Infinite, Method::Fast, &solution);
/// assert_eq!(
///     serde_json::to_string(&report).unwrap(),
///     r#"{"word":"1101101","board":"infinite","method":"fast","min_pegs":2,"final":"0010100","final_offset":0,"hops":[{"from":3,"over":4,"to":5},{"from":6,"over":5,"to":4},{"from":0,"over":1,"to":2}]}"#
/// );
/// ```
#[derive(Clone, Copy, Debug, Serialize, schemars::JsonSchema)]
pub struct SolveReport<'a> {
    /// The word solved.
    pub word: &'a Word,
    /// The board the hops are played on.
    pub board: Board,
    /// The method that found the fewest pegs.
    pub method: Method,
    /// The fewest pegs hops can leave.
    pub min_pegs: usize,
    /// The configuration after the hops, over cells `final_offset ..`.
    #[serde(rename = "final")]
    pub final_word: &'a Word,
    /// The cell of the word where `final` starts (0 or negative).
    pub final_offset: i64,
    /// The hops, replayed before they were returned.
    pub hops: &'a [Hop],
}

impl<'a> SolveReport<'a> {
    /// The report of `solution`, found for `word` on `board` with `method`.
    pub fn new(
        word: &'a Word,
        board: Board,
        method: Method,
        solution: &'a Solution,
    ) -> SolveReport<'a> {
        SolveReport {
            word,
            board,
            method,
            min_pegs: solution.min_pegs,
            final_word: &solution.final_word,
            final_offset: solution.final_offset,
            hops: &solution.hops,
        }
    }
}
