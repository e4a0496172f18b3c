//! Boards, starts and goals for the tests of both test binaries (the suite's `boards` and
//! the estimates'): the small boards every fast method is checked on against its twin, and
//! random small games, the empty and the full position among their starts and goals.

use proptest::prelude::*;
use unhop::boards::{Board, Goal, Position};

/// Small boards for the twins: the triangle, little pictures and graphs.
pub fn small_boards() -> Vec<Board> {
    let mut boards: Vec<Board> = [
        "triangle",
        "triangle:4",
        "path:6",
        "cycle:7",
        "star:4",
        "complete:5",
        "bipartite:2,3",
        "hypercube:3",
        "petersen",
    ]
    .iter()
    .map(|name| Board::named(name).unwrap())
    .collect();
    for (name, picture) in [
        ("4x4", "oooo\noooo\noooo\noooo"),
        ("plus", " o \nooo\nooo\nooo\n o "),
        ("3x5", "ooooo\nooooo\nooooo"),
        ("L", "oo##\noooo\noooo\n#ooo"),
    ] {
        boards.push(Board::from_picture(name, picture).unwrap());
    }
    boards
}

/// A small board: a picture of up to 4 × 5 cells, a random graph of up to 7 vertices, or one
/// of a few named small boards.
pub fn small_board() -> impl Strategy<Value = Board> {
    let picture = (1usize..=4, 1usize..=5)
        .prop_flat_map(|(rows, columns)| {
            proptest::collection::vec(any::<bool>(), rows * columns)
                .prop_map(move |cells| (columns, cells))
        })
        .prop_filter_map("a picture with a hole", |(columns, cells)| {
            let rows: Vec<String> = cells
                .chunks(columns)
                .map(|row| row.iter().map(|&c| if c { 'o' } else { '#' }).collect())
                .collect();
            Board::from_picture("random", &rows.join("\n")).ok()
        });
    let graph = (2usize..=7)
        .prop_flat_map(|n| {
            proptest::collection::vec(any::<bool>(), n * (n - 1) / 2).prop_map(move |e| (n, e))
        })
        .prop_filter_map("a graph with an edge", |(n, present)| {
            let pairs = (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b)));
            let edges: Vec<String> = pairs
                .zip(present)
                .filter(|(_, here)| *here)
                .map(|((a, b), _)| format!("{a}-{b}"))
                .collect();
            Board::named(&format!("edges:{}", edges.join(","))).ok()
        });
    let named = proptest::sample::select(vec![
        "triangle:4",
        "path:5",
        "cycle:6",
        "star:3",
        "complete:4",
        "bipartite:2,3",
    ])
    .prop_map(|name| Board::named(name).unwrap());
    prop_oneof![picture, graph, named]
}

/// A small board with a start and a goal: the empty and the full position among them often.
pub fn small_game() -> impl Strategy<Value = (Board, Position, Goal)> {
    small_board().prop_flat_map(|board| {
        let full = board.full();
        let pattern = prop_oneof![
            Just(0u64),
            Just(full),
            any::<u64>().prop_map(move |p| p & full),
        ];
        let goal = prop_oneof![
            Just(Goal::OnePeg),
            (0..board.holes()).prop_map(Goal::PegAt),
            pattern.clone().prop_map(Goal::Pattern),
        ];
        (Just(board), pattern, goal)
    })
}
