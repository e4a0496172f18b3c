//! The heap-games tab: Nim, Bachet's game (one heap, take 1 to k), subtraction games, octal
//! games and Grundy's game, under normal or misère play or (subtraction games on one heap) the
//! variants no-repeat and odd-wins. A game crosses as three strings: `game` (`nim`, `bachet`,
//! `subtraction`, `octal`, `grundy`), `param` (k, the set such as `1,3,4`, or the code such as
//! `0.07`; unused by Nim and Grundy's game) and `rule` (`normal`, `misere`, `no-repeat`,
//! `odd-wins`); a position as heap sizes separated by spaces. Every answer is a library type
//! ([`HeapPositionReport`](unhop::games::HeapPositionReport),
//! [`ValueSequence`](unhop::games::ValueSequence), [`GraphReport`](unhop::games::GraphReport),
//! [`MatchReport`](unhop::games::MatchReport)) as JSON, with the limits of the page stated
//! here.

use crate::js_error;
use crate::progress::WorkerProgress;
use unhop::budget::Budget;
use unhop::games::{HeapGame, HeapRule, Match, Octal, Subtraction, parse_small_heaps};
use unhop::{Error, Figures};
use wasm_bindgen::prelude::*;

/// The largest heap of a value sequence in the page: its chart and its `data-values` hold
/// every value. (The command line's `unhop octal` goes to 2^26.)
pub const PAGE_SEQUENCE_HEAP: u64 = 1 << 17;

/// The most positions of a position graph the page draws (Graphviz lays it out in the page).
pub const PAGE_GRAPH_POSITIONS: u64 = 300;

/// The most positions of a game played in the page (its whole graph is solved when it starts).
pub const PAGE_PLAY_POSITIONS: u64 = 200_000;

/// One field of the tab's form with what is wrong in it.
#[derive(serde::Serialize)]
pub struct FieldError {
    /// `param`, `rule` or `position`.
    pub field: &'static str,
    /// The library's reason.
    pub message: String,
}

impl FieldError {
    fn new(field: &'static str, e: impl std::fmt::Display) -> FieldError {
        FieldError {
            field,
            message: e.to_string(),
        }
    }
}

/// The game named by the form's three fields, or the field that is wrong and why.
fn game(game: &str, param: &str, rule: &str) -> Result<HeapGame, FieldError> {
    let rule: HeapRule = rule.parse().map_err(|e| FieldError::new("rule", e))?;
    let param = param.trim();
    let at_param = |e: Error| FieldError::new("param", e);
    let chosen = match game {
        "nim" => HeapGame::nim(rule),
        "grundy" => HeapGame::octal(Octal::grundy(), rule),
        "octal" => HeapGame::octal(param.parse().map_err(at_param)?, rule),
        "subtraction" => Ok(HeapGame::subtraction(
            Subtraction::parse(param).map_err(at_param)?,
            rule,
        )),
        "bachet" => {
            let k: u64 = param.parse().ok().filter(|&k| k >= 1).ok_or_else(|| {
                at_param(Error::new(format!(
                    "k is the most stones a move takes, a whole number from 1, not {}",
                    unhop::quote(param)
                )))
            })?;
            let set = Subtraction::parse(&format!("1..{k}")).map_err(at_param)?;
            Ok(HeapGame::subtraction(set, rule))
        }
        other => {
            return Err(FieldError::new(
                "game",
                format!("the games are nim, bachet, subtraction, octal and grundy, not {other}"),
            ));
        }
    };
    chosen.map_err(|e| FieldError::new("rule", e))
}

/// The heap sizes of `position` (separated by spaces), or what is wrong with them.
fn heaps(position: &str) -> Result<Vec<u64>, FieldError> {
    let texts: Vec<&str> = position.split_whitespace().collect();
    if texts.is_empty() {
        return Err(FieldError::new(
            "position",
            "give the heap sizes, such as 7 15 26 30",
        ));
    }
    parse_small_heaps(&texts).map_err(|e| FieldError::new("position", e))
}

/// What is wrong with each field of the form (the game, its parameter, the rule, the
/// position), as a JSON list of `{"field", "message"}`: empty when the game and the position
/// can be read. The page marks each field with its reason.
#[wasm_bindgen]
pub fn heaps_check(game_name: &str, param: &str, rule: &str, position: &str) -> String {
    let errors: Vec<FieldError> = [game(game_name, param, rule).err(), heaps(position).err()]
        .into_iter()
        .flatten()
        .collect();
    serde_json::to_string(&errors).unwrap_or_default()
}

/// A form that cannot be read as an error for JavaScript: the field and the reason.
fn form_error(e: FieldError) -> String {
    format!("{}: {}", e.field, e.message)
}

/// The game and the position the form names, or the error of the first field that is wrong.
fn game_at(
    game_name: &str,
    param: &str,
    rule: &str,
    position: &str,
) -> Result<(HeapGame, Vec<u64>), String> {
    let g = game(game_name, param, rule).map_err(form_error)?;
    Ok((g, heaps(position).map_err(form_error)?))
}

/// The position analysed: the library's
/// [`HeapPositionReport`](unhop::games::HeapPositionReport) (the rules, the nim-value
/// under normal play, who wins, every winning move, for Nim Bouton's table). An error for a
/// field that cannot be read, or a position beyond the library's limits.
#[wasm_bindgen]
pub fn heaps_analyse(
    game_name: &str,
    param: &str,
    rule: &str,
    position: &str,
) -> Result<String, String> {
    let (g, h) = game_at(game_name, param, rule, position)?;
    let report = g
        .position_report(&h, &Budget::default())
        .map_err(js_error)?;
    crate::report_text(&report)
}

/// G(0) to G(`max_heap`) of single heaps under normal play: the library's
/// [`ValueSequence`](unhop::games::ValueSequence)
/// (the values, the period proved, the common and rare values). Refused up front beyond
/// [`PAGE_SEQUENCE_HEAP`]. In the page's background thread the computation reports its work
/// to the global function `unhopProgress(done, total)`.
#[wasm_bindgen]
pub fn heaps_sequence(
    game_name: &str,
    param: &str,
    rule: &str,
    max_heap: f64,
) -> Result<String, String> {
    let g = game(game_name, param, rule).map_err(form_error)?;
    if !(max_heap >= 0.0 && max_heap.fract() == 0.0) {
        return Err(format!("N is a whole number from 0, not {max_heap}"));
    }
    if max_heap > PAGE_SEQUENCE_HEAP as f64 {
        let figures = Figures::new(max_heap as u128, PAGE_SEQUENCE_HEAP.into(), "heaps");
        let message = format!(
            "the sequence to N = {max_heap} has {max_heap} values after G(0); the page's \
             limit is N = {PAGE_SEQUENCE_HEAP} (the command line's unhop octal goes further)"
        );
        return Err(js_error(Error::refused_with(figures, message)));
    }
    let sequence = g
        .value_sequence(
            max_heap as u64,
            &Budget::default(),
            &WorkerProgress::default(),
        )
        .map_err(js_error)?;
    crate::report_text(&sequence)
}

/// The position graph from `position`: the library's
/// [`GraphReport`](unhop::games::GraphReport) with its DOT text (nodes `p0, p1, …` in the
/// order of `positions`, the start `p0`; lost positions drawn with a double outline), as
/// `unhop graph --json --dot` writes it. At most [`PAGE_GRAPH_POSITIONS`] positions.
#[wasm_bindgen]
pub fn heaps_graph(
    game_name: &str,
    param: &str,
    rule: &str,
    position: &str,
) -> Result<String, String> {
    let (g, h) = game_at(game_name, param, rule, position)?;
    let budget = Budget::default().with_max_positions(PAGE_GRAPH_POSITIONS);
    let graph = g.position_graph(&h, &budget).map_err(js_error)?;
    crate::report_text(&graph.report(true))
}

/// A game against the computer: the library's [`Match`] from a position, its whole graph
/// solved when it starts (at most [`PAGE_PLAY_POSITIONS`] positions).
#[wasm_bindgen]
pub struct HeapMatch {
    game: Match,
}

#[wasm_bindgen]
impl HeapMatch {
    /// A match of the game from `position`, the first player to move.
    #[wasm_bindgen(constructor)]
    pub fn new(
        game_name: &str,
        param: &str,
        rule: &str,
        position: &str,
    ) -> Result<HeapMatch, String> {
        let (g, h) = game_at(game_name, param, rule, position)?;
        let budget = Budget::default().with_max_positions(PAGE_PLAY_POSITIONS);
        let game = Match::heaps(&g, &h, &budget).map_err(js_error)?;
        Ok(HeapMatch { game })
    }

    /// The match now: the library's [`MatchReport`](unhop::games::MatchReport).
    pub fn state(&mut self) -> Result<String, String> {
        crate::report_text(&self.game.report().map_err(js_error)?)
    }

    /// Plays move `k` of the state's `moves`.
    pub fn play(&mut self, k: usize) -> Result<(), String> {
        self.game.play(k).map_err(js_error)
    }

    /// Takes back the last move; whether there was one.
    pub fn undo(&mut self) -> bool {
        self.game.undo()
    }
}
