//! The sliding tab's functions, natively: every solution the page would show is replayed on
//! its board, and its length is the exhaustive twin's (breadth-first distances of the whole
//! 8-puzzle; plain IDA* on easy 15-puzzles).

mod schema;

use rand::{RngExt, SeedableRng};
use serde_json::Value;
use unhop::Quiet;
use unhop::budget::Budget;
use unhop::sliding::{
    Board, SolveReport, SolverConfig, exhaustive, random::random_walk, random::shuffled,
};
use unhop_web::sliding::{
    SlideSolver, Tables, slide_board, slide_cells, slide_move, slide_shuffle,
};

/// The JSON of a function that returns a board as the page draws it.
fn json(s: String) -> Value {
    schema::parsed("slide-board", s)
}

/// The JSON of a solve: the report `unhop slide solve --json` writes.
fn solved(s: String) -> Value {
    schema::parsed("slide-solve", s)
}

fn tiles(v: &Value) -> Vec<u8> {
    v["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_u64().unwrap() as u8)
        .collect()
}

/// Applies `tiles` through the page's own move function and says whether the goal is reached.
fn replay_through_moves(board: &Board, tiles: &[u8]) -> bool {
    let mut text = board.to_string();
    for &t in tiles {
        text = json(slide_move(&text, t).unwrap())["board"]
            .as_str()
            .unwrap()
            .to_string();
    }
    json(slide_board(&text).unwrap())["solved"] == Value::Bool(true)
}

#[test]
fn eight_puzzle_solutions_replay_and_match_the_exhaustive_distances() {
    let goal = Board::solved(3, false);
    let distances = exhaustive::distance_table(&goal, &Budget::default()).unwrap();
    let solver = SlideSolver::eight(0.0).unwrap();
    let mut rng = rand::rngs::StdRng::seed_from_u64(17);
    let mut boards: Vec<Board> = (0..40).map(|_| shuffled(&goal, &mut rng)).collect();
    boards.push("8 6 7 2 5 4 3 _ 1".parse().unwrap());
    boards.push(goal);
    for board in boards {
        let r = solved(solver.solve(&board.to_string()).unwrap());
        assert_eq!(r["solvable"], true, "{board}");
        assert_eq!(r["proven_optimal"], true, "{board}");
        let t = tiles(&r);
        assert_eq!(t.len(), distances[&board] as usize, "{board}");
        assert_eq!(r["length"].as_u64().unwrap() as usize, t.len());
        assert!(replay_through_moves(&board, &t), "{board}: {t:?}");
    }
}

/// The page's solve is the library's report, field for field (the time aside), as `unhop
/// slide solve --json` writes it for the same solver (auto: linear conflicts, no time limit).
#[test]
fn the_page_solves_as_the_library_reports() {
    let solver = SlideSolver::eight(0.0).unwrap();
    let goal = Board::solved(3, false);
    let budget = Budget::default();
    let library = SolverConfig::new()
        .time_limit(None)
        .build(goal, &budget, &Quiet)
        .unwrap();
    for text in [
        "8 6 7 2 5 4 3 _ 1",
        "1 2 3 4 5 6 _ 7 8",
        "2 1 3 4 5 6 7 8 _",
        "1 2 3 4 5 6 7 8 _",
    ] {
        let mut page = solved(solver.solve(text).unwrap());
        let board: Board = text.parse().unwrap();
        let outcome = library.run(&board, &budget, &Quiet).unwrap();
        let mut want = serde_json::to_value(SolveReport::new(&board, &outcome, &library)).unwrap();
        for report in [&mut page, &mut want] {
            if let Some(seconds) = report.get_mut("seconds") {
                *seconds = Value::Null;
            }
        }
        assert_eq!(page, want, "{text}");
    }
    let goal_view = json(unhop_web::sliding::slide_goal(4).unwrap());
    assert_eq!(goal_view["board"], Board::solved(4, false).to_string());
    assert_eq!(goal_view["solved"], true);
    assert!(unhop_web::sliding::slide_goal(5).is_err());
}

#[test]
fn unsolvable_boards_are_reported_with_their_reason_before_any_search() {
    let swapped = "1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 _";
    let b = json(slide_board(swapped).unwrap());
    assert_eq!(b["solvable"], false);
    assert!(b["reason"].as_str().unwrap().contains("even"), "{b}");
    let r = solved(
        SlideSolver::eight(0.0)
            .unwrap()
            .solve("2 1 3 4 5 6 7 8 _")
            .unwrap(),
    );
    assert_eq!(r["solvable"], false);
    assert!(r["reason"].as_str().unwrap().contains("parity"), "{r}");
}

#[test]
fn shuffled_boards_are_solvable_and_moves_only_slide_neighbours_of_the_gap() {
    for width in [3, 4] {
        for _ in 0..20 {
            let b = json(slide_shuffle(width).unwrap());
            assert_eq!(b["width"], width);
            let text = b["board"].as_str().unwrap();
            assert_eq!(json(slide_board(text).unwrap())["solvable"], true, "{text}");
            let board: Board = text.parse().unwrap();
            for tile in 1..(width * width) as u8 {
                let moved = slide_move(text, tile);
                assert_eq!(
                    moved.is_ok(),
                    board.movable_tiles().contains(&tile),
                    "{text} {tile}"
                );
            }
        }
    }
    assert!(slide_shuffle(5).is_err());
}

#[test]
fn fifteen_puzzle_tables_round_trip_through_storage_bytes_and_solutions_are_optimal() {
    let mut tables = Tables::new();
    let mut stored = Vec::new();
    for i in 0..tables.count() {
        stored.push(tables.build(i).unwrap());
    }
    // What the page does on its next visit: every table loaded from its stored bytes.
    let mut again = Tables::new();
    for (i, bytes) in stored.iter().enumerate() {
        again.load(i, bytes).unwrap();
    }
    // A damaged table is refused, with the check that failed.
    let mut damaged = stored[0].clone();
    *damaged.last_mut().unwrap() ^= 1;
    assert!(
        Tables::new()
            .load(0, &damaged)
            .unwrap_err()
            .contains("checksum")
    );
    assert!(
        Tables::new()
            .load(1, &stored[0])
            .unwrap_err()
            .contains("header")
    );
    assert!(SlideSolver::fifteen(Tables::new(), 0.0).is_err());

    let solver = SlideSolver::fifteen(again, 0.0).unwrap();
    let goal = Board::solved(4, false);
    let mut rng = rand::rngs::StdRng::seed_from_u64(3);
    let mut boards: Vec<Board> = (0..12).map(|_| random_walk(&goal, 40, &mut rng)).collect();
    boards.push("5 1 2 4 9 6 3 8 13 10 7 11 0 14 15 12".parse().unwrap());
    for board in boards {
        let r = solved(solver.solve(&board.to_string()).unwrap());
        let t = tiles(&r);
        assert_eq!(r["proven_optimal"], true);
        let plain = exhaustive::plain_ida_star(&board, &goal, 80, &Budget::default())
            .unwrap()
            .unwrap();
        assert_eq!(t.len(), plain.len(), "{board}");
        assert!(replay_through_moves(&board, &t), "{board}: {t:?}");
    }
}

#[test]
fn a_tiny_budget_gives_a_replayed_fallback_marked_as_not_proven() {
    // Korf's first instance turned half a turn for the gap-last goal: 57 moves, 100,000 nodes.
    let board = "13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2";
    let mut tables = Tables::new();
    for i in 0..tables.count() {
        tables.build(i).unwrap();
    }
    let solver = SlideSolver::fifteen(tables, 1.0).unwrap();
    let r = solved(solver.solve(board).unwrap());
    assert_eq!(r["fallback"], true, "{r}");
    assert_eq!(r["proven_optimal"], false, "{r}");
    let t = tiles(&r);
    assert!(t.len() as u64 >= r["lower_bound"].as_u64().unwrap());
    assert!(replay_through_moves(&board.parse().unwrap(), &t));
}

/// The cells `slide_cells` flags, in order.
fn flagged(check: &Value) -> Vec<usize> {
    check["cells"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .filter(|(_, c)| !c["error"].is_null())
        .map(|(i, _)| i)
        .collect()
}

#[test]
fn cells_typed_one_by_one_are_flagged_exactly_where_the_board_is_wrong() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(11);
    for width in [3usize, 4] {
        let n = width * width;
        for _ in 0..300 {
            let mut tokens: Vec<String> = shuffled(&Board::solved(width, false), &mut rng)
                .cells()
                .iter()
                .map(|&t| {
                    if t == 0 {
                        "_".to_string()
                    } else {
                        t.to_string()
                    }
                })
                .collect();
            // Some boards left whole; others with one to three cells changed at random: a
            // tile of another cell, a number out of range, the gap, or not a number.
            for _ in 0..rng.random_range(0..4usize) {
                let i = rng.random_range(0..n);
                tokens[i] = match rng.random_range(0..4) {
                    0 => tokens[rng.random_range(0..n)].clone(),
                    1 => rng.random_range(n..n + 90).to_string(),
                    2 => "0".to_string(),
                    _ => "x".to_string(),
                };
            }
            let text = tokens.join(" ");
            let check = schema::parsed("slide-cells", slide_cells(7 - width, &text).unwrap());
            assert_eq!(check["width"], width, "{text}");
            // The independent rule, cell by cell: a cell is wrong when its entry is not a
            // tile of this board, or when another cell holds the same tile (0 and _ both gap).
            let tile = |t: &str| match t {
                "_" => Some(0),
                t => t.parse::<usize>().ok().filter(|&t| t < n),
            };
            let expected: Vec<usize> = (0..n)
                .filter(|&i| match tile(&tokens[i]) {
                    None => true,
                    Some(t) => (0..n).any(|j| j != i && tile(&tokens[j]) == Some(t)),
                })
                .collect();
            assert_eq!(flagged(&check), expected, "{text}: {check}");
            // The library's own parser agrees on whether the board is whole.
            match Board::parse(&text) {
                Ok(board) => {
                    assert!(expected.is_empty(), "{text}");
                    let b = &check["board"];
                    assert_eq!(b["board"], board.to_string());
                    assert_eq!(*b, json(slide_board(&text).unwrap()));
                }
                Err(_) => {
                    assert!(!expected.is_empty(), "{text}");
                    assert!(check["board"].is_null());
                }
            }
            // Every flag names its reason: the other cell of a repeated tile, or the range.
            for i in expected {
                let why = check["cells"][i]["error"].as_str().unwrap();
                match tile(&tokens[i]) {
                    Some(0) => assert!(why.starts_with("a second gap"), "{why}"),
                    Some(t) => assert!(
                        why.starts_with(&format!("tile {t} is also at row")),
                        "{why}"
                    ),
                    None if tokens[i] == "x" => assert!(why.contains("not a tile number"), "{why}"),
                    None => assert!(why.contains("out of range"), "{why}"),
                }
            }
        }
    }
    // Too few entries: the board-wide problem says how many, and no cell past them is flagged.
    let check = schema::parsed("slide-cells", slide_cells(4, "5 1 2").unwrap());
    assert_eq!(check["error"], "3 of the 16 cells filled");
    assert_eq!(check["entries"][3], "");
    assert!(flagged(&check).is_empty() && check["board"].is_null());
    assert!(slide_cells(5, "").is_err());
}
