//! Graph files, as `--board graph:FILE` reads them ([`Board::from_edge_list`]), and the same
//! text as an `edges:` argument when it is one line.
//!
//! Invariants: the text is accepted exactly when an independent reading finds only edges of two
//! distinct vertex names and at most 64 vertices, and then the board has exactly those vertices
//! (numbered in order of first appearance, named as written with control characters escaped
//! as `unhop::quote` escapes them) and edges; its jumps are the
//! paths of two edges, its symmetries are automorphisms mapping jumps to jumps, and the default
//! start solves (boundedly) to an answer that replays or, on at most 14 vertices, matches a
//! brute-force search. The first line of the text may also name a start (`|START` at its end).
#![no_main]

#[path = "common/board_checks.rs"]
mod board_checks;

use libfuzzer_sys::fuzz_target;
use unhop::boards::Board;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let text = text.as_ref();
    check(text, Board::from_edge_list("fuzz", text), '\n');
    if !text.contains('\n') {
        check(text, Board::named(&format!("edges:{text}")), ',');
    }
});

fn check(text: &str, parsed: Result<Board, unhop::Error>, separator: char) {
    let expected = read_edges(text, separator);
    let board = match (parsed, expected) {
        (Ok(board), Some((names, edges))) => {
            let got: Vec<&str> = (0..board.holes()).map(|h| board.hole_name(h)).collect();
            let shown: Vec<String> = names.iter().map(|name| escaped(name)).collect();
            assert_eq!(got, shown, "{text:?}: vertices");
            assert!(
                got.iter().all(|name| !name.chars().any(char::is_control)),
                "{text:?}: a vertex name shows a control character"
            );
            let mut got_edges: Vec<(usize, usize)> = board
                .edges()
                .iter()
                .map(|&(u, v)| (u as usize, v as usize))
                .collect();
            got_edges.sort_unstable();
            assert_eq!(got_edges, edges, "{text:?}: edges");
            board
        }
        (Err(_), None) => return,
        (Ok(_), None) => panic!("{text:?} is not a graph but was accepted"),
        (Err(e), Some(_)) => panic!("{text:?} is a graph but was refused: {e}"),
    };
    board_checks::check_board(&board);
    board_checks::check_start_goal_and_solve(&board, None, None);
}

/// Vertex names and edges between their indices.
type Graph<'a> = (Vec<&'a str>, Vec<(usize, usize)>);

/// Vertex names in order of first appearance and the edges as sorted index pairs (no repeats),
/// read independently; `None` for a malformed item, a loop, no edge at all or more than 64
/// vertices.
fn read_edges(text: &str, separator: char) -> Option<Graph<'_>> {
    let mut names: Vec<&str> = Vec::new();
    let mut edges = Vec::new();
    for item in text.split(separator) {
        let item = match item.find('#') {
            Some(k) => &item[..k],
            None => item,
        };
        if item.trim().is_empty() {
            continue;
        }
        let ends: Vec<&str> = item
            .split(|c: char| c == '-' || c.is_whitespace())
            .filter(|s| !s.is_empty())
            .collect();
        match ends.as_slice() {
            [u, v] if u != v => {
                let (a, b) = (index(&mut names, u), index(&mut names, v));
                edges.push((a.min(b), a.max(b)));
            }
            _ => return None,
        }
    }
    edges.sort_unstable();
    edges.dedup();
    (!names.is_empty() && names.len() <= 64).then_some((names, edges))
}

fn index<'a>(names: &mut Vec<&'a str>, name: &'a str) -> usize {
    match names.iter().position(|&n| n == name) {
        Some(i) => i,
        None => {
            names.push(name);
            names.len() - 1
        }
    }
}

/// `name` with each character escaped as `unhop::quote` escapes it, without the quotes.
fn escaped(name: &str) -> String {
    name.chars()
        .map(|c| {
            let quoted = unhop::quote(&c.to_string());
            quoted[1..quoted.len() - 1].to_string()
        })
        .collect()
}
