//! Sliding-puzzle boards, as `unhop slide solve|check BOARD [--goal GOAL]` reads them.
//!
//! The input is `BOARD` or `BOARD|GOAL`. Invariants: [`Board::parse`] accepts exactly the texts
//! an independent tokenizer accepts (9 or 16 entries separated by whitespace, `,` or `/`, each
//! `_` or a number below the cell count, none twice), with the same cells, and names the
//! character position of the first bad entry; a board prints and reads back. The solvability
//! test is kept by every slide; on the 8-puzzle it agrees with breadth-first distances (tiles
//! renamed so that the goal is one of nine canonical goals), IDA* with either estimate finds a
//! replayed solution of exactly that length, and so does the fallback; on the 15-puzzle the
//! fallback's solution replays to the goal, no shorter than the Manhattan distance and of the
//! same parity.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rustc_hash::FxHashMap;
use std::sync::OnceLock;
use unhop::budget::Budget;
use unhop::sliding::{
    Board, Guide, LinearConflict, Manhattan, Outcome, Solver, State, exhaustive, fallback, replay,
    solvability,
};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (board_text, goal_text) = match text.split_once('|') {
        Some((b, g)) => (b, Some(g)),
        None => (text.as_ref(), None),
    };
    let Some(board) = check_parse(board_text) else {
        return;
    };
    let goal = goal_text
        .and_then(check_parse)
        .filter(|g| g.width() == board.width())
        .unwrap_or_else(|| Board::solved(board.width(), false));
    let solvable = solvability(&board, &goal).unwrap().is_solvable();
    for tile in board.movable_tiles() {
        let mut next = board;
        next.slide(tile).expect("a movable tile slides");
        assert_eq!(
            solvability(&next, &goal).unwrap().is_solvable(),
            solvable,
            "slide {tile} of {board}"
        );
    }
    if board.width() == 3 {
        check_8_puzzle(&board, &goal, solvable);
    } else if solvable {
        let tiles = fallback_tiles(&board, &goal);
        let manhattan = exhaustive::manhattan_distance(&board, &goal) as usize;
        assert!(
            tiles.len() >= manhattan && (tiles.len() - manhattan).is_multiple_of(2),
            "{board}"
        );
    }
});

/// `Board::parse` against the tokenizer; the board when it is one.
fn check_parse(text: &str) -> Option<Board> {
    let parsed = Board::parse(text);
    let mut tokens: Vec<(usize, String)> = Vec::new();
    for (k, c) in text.chars().enumerate() {
        if c.is_whitespace() || c == ',' || c == '/' {
            continue;
        }
        let joins = k > 0
            && tokens
                .last()
                .is_some_and(|(start, t)| start + t.chars().count() == k);
        if joins {
            tokens.last_mut().unwrap().1.push(c);
        } else {
            tokens.push((k, c.to_string()));
        }
    }
    let cells = tokens.len();
    if cells != 9 && cells != 16 {
        let err = parsed.expect_err("a wrong number of entries was accepted");
        assert_eq!(err.column(), None);
        return None;
    }
    let mut seen = vec![false; cells];
    let mut tiles = Vec::new();
    for (at, token) in &tokens {
        let digits = token.strip_prefix('+').unwrap_or(token);
        let tile = if token == "_" {
            Some(0)
        } else if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            let value = digits.trim_start_matches('0');
            (value.len() <= 2)
                .then(|| value.parse::<usize>().unwrap_or(0))
                .filter(|&t| t < cells)
        } else {
            None
        };
        match tile {
            Some(t) if !seen[t] => {
                seen[t] = true;
                tiles.push(t as u8);
            }
            _ => {
                let err = parsed.expect_err("a bad entry was accepted");
                assert_eq!(err.column(), Some(*at), "{text:?}: {err}");
                return None;
            }
        }
    }
    let board = parsed.unwrap_or_else(|e| panic!("{text:?} was refused: {e}"));
    assert_eq!(board.cells(), &tiles[..]);
    assert_eq!(Board::parse(&board.to_string()), Ok(board));
    assert_eq!(Board::from_cells(&tiles), Ok(board));
    Some(board)
}

/// The exact distance from `board` to `goal` on the 8-puzzle (`None`: unreachable), looked up
/// in the breadth-first table of the canonical goal with the same gap cell after renaming the
/// tiles.
fn distance(board: &Board, goal: &Board) -> Option<u8> {
    static TABLES: [OnceLock<FxHashMap<Board, u8>>; 9] = [const { OnceLock::new() }; 9];
    let gap = goal.gap();
    let mut canonical = [0u8; 9];
    let mut next = 1;
    for (cell, slot) in canonical.iter_mut().enumerate() {
        if cell != gap {
            *slot = next;
            next += 1;
        }
    }
    let mut rename = [0u8; 9];
    for (cell, &tile) in goal.cells().iter().enumerate() {
        rename[tile as usize] = canonical[cell];
    }
    let renamed: Vec<u8> = board.cells().iter().map(|&t| rename[t as usize]).collect();
    let renamed = Board::from_cells(&renamed).expect("a renaming is a board");
    let table = TABLES[gap].get_or_init(|| {
        let goal = Board::from_cells(&canonical).expect("a canonical goal");
        exhaustive::distance_table(&goal, &Budget::default()).expect("the 8-puzzle's table")
    });
    table.get(&renamed).copied()
}

fn check_8_puzzle(board: &Board, goal: &Board, solvable: bool) {
    let distance = distance(board, goal);
    assert_eq!(
        distance.is_some(),
        solvable,
        "{board} to {goal}: the parity test is wrong"
    );
    for guide in [
        Guide::LinearConflict(LinearConflict::new(3)),
        Guide::Manhattan(Manhattan::new(3)),
    ] {
        let solver = Solver::new(*goal, guide).expect("a solver for the 8-puzzle");
        let budget = Budget::default();
        match solver.solve(board, None, &budget).expect("the 8-puzzle is solved") {
            Outcome::Unsolvable(_) => assert!(distance.is_none()),
            Outcome::Solved(s) => {
                replay(board, goal, &s.tiles).expect("the solution replays");
                assert!(s.proven_optimal && !s.fallback);
                assert_eq!(Some(s.tiles.len() as u8), distance, "{board} to {goal}");
                assert_eq!(s.lower_bound as usize, s.tiles.len());
            }
        }
    }
    if let Some(d) = distance {
        assert_eq!(
            fallback_tiles(board, goal).len(),
            d as usize,
            "the 3×3 fallback is exact"
        );
    }
}

/// The fallback's path as tiles, replayed to `goal`.
fn fallback_tiles(board: &Board, goal: &Board) -> Vec<u8> {
    let (cells, _) = fallback(&State::new(board, goal), &Budget::default())
        .unwrap_or_else(|e| panic!("fallback of {board} to {goal}: {e}"));
    let mut now = *board;
    let mut tiles = Vec::new();
    for cell in cells {
        let tile = now.tile_at(cell as usize);
        now.slide(tile)
            .unwrap_or_else(|e| panic!("fallback of {board} to {goal}: {e}"));
        tiles.push(tile);
    }
    replay(board, goal, &tiles).unwrap_or_else(|e| panic!("fallback of {board}: {e}"));
    tiles
}
