//! Two-dimensional boards and positions, as `unhop board … --board B --start S --goal G` reads
//! them.
//!
//! The input is `BOARD|START|GOAL` (the last two optional). `BOARD` is a built-in board or graph
//! name (`english`, `triangle:7`, `bipartite:3,4`, `edges:1-2,2-3`, …; never a file) or else an
//! ASCII picture for [`Board::from_picture`]. Invariants: a picture is accepted exactly when an
//! independent reading of it finds a rectangle of `o x . # space` with 1 to 64 holes and at
//! most 26 columns, and then the board has exactly those holes and drawn pegs; the board's
//! jumps are those of its geometry, its symmetries map jumps to jumps, hole names and position
//! texts read back; the start and goal texts give positions on the board; a bounded solve
//! returns a solution that replays, a pagoda function that is one, and on boards of at most 14
//! holes exactly the brute-force answer.
#![no_main]

#[path = "common/board_checks.rs"]
mod board_checks;

use libfuzzer_sys::fuzz_target;
use unhop::boards::Board;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut parts = text.splitn(3, '|');
    let spec = parts.next().unwrap_or("");
    let (start, goal) = (parts.next(), parts.next());
    let board = if is_builtin(spec) {
        match Board::named(spec) {
            Ok(board) => board,
            Err(_) => return,
        }
    } else {
        let expected = read_picture(spec);
        match Board::from_picture("fuzz", spec) {
            Ok(board) => {
                let (holes, pegs) =
                    expected.unwrap_or_else(|| panic!("{spec:?} is no picture but was accepted"));
                assert_eq!(board.holes(), holes);
                match board.drawn_start() {
                    Some(p) => assert_eq!((p.count_ones() as usize, true), (pegs, pegs < holes)),
                    None => assert_eq!(pegs, holes),
                }
                board
            }
            Err(e) => {
                assert!(
                    expected.is_none(),
                    "{spec:?} is a picture but was refused: {e}"
                );
                return;
            }
        }
    };
    board_checks::check_board(&board);
    board_checks::check_start_goal_and_solve(&board, start, goal);
});

/// Whether `spec` names a built-in board or graph, which [`Board::named`] answers without
/// looking at any file.
fn is_builtin(spec: &str) -> bool {
    if matches!(
        spec,
        "english" | "french" | "european" | "wiegleb" | "triangle" | "petersen"
    ) {
        return true;
    }
    let family = spec.split_once(':').map(|(f, _)| f);
    matches!(
        family,
        Some(
            "triangle"
                | "path"
                | "cycle"
                | "star"
                | "complete"
                | "bipartite"
                | "hypercube"
                | "edges"
        )
    )
}

/// The holes and pegs of a picture read independently: the lines from the first non-blank to
/// the last, all as wide, of `o x . # space` only, 1 to 64 holes, at most 26 columns.
fn read_picture(text: &str) -> Option<(usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let first = lines.iter().position(|l| !l.trim().is_empty())?;
    let last = lines.iter().rposition(|l| !l.trim().is_empty())?;
    let width = lines[first].chars().count();
    let (mut holes, mut pegs) = (0, 0);
    for line in &lines[first..=last] {
        if line.chars().count() != width {
            return None;
        }
        for c in line.chars() {
            match c {
                'o' | 'x' => (holes, pegs) = (holes + 1, pegs + 1),
                '.' => holes += 1,
                ' ' | '#' => {}
                _ => return None,
            }
        }
    }
    (width <= 26 && (1..=64).contains(&holes)).then_some((holes, pegs))
}
