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

/// A position chosen for a small board before the board is built: empty, full, or some
/// holes of it.
#[derive(Clone, Copy, Debug)]
pub enum Pick {
    Empty,
    Full,
    Some(u64),
}

impl Pick {
    /// The position on `board`.
    pub fn on(self, board: &Board) -> Position {
        match self {
            Pick::Empty => 0,
            Pick::Full => board.full(),
            Pick::Some(bits) => bits & board.full(),
        }
    }
}

/// A goal chosen for a small board before the board is built.
#[derive(Clone, Copy, Debug)]
pub enum GoalPick {
    OnePeg,
    PegAt(usize),
    Pattern(Pick),
}

/// A small game as plain data, built into a board, a start and a goal by [`GameSpec::build`]
/// (so that a test can build it where it likes: the estimates count what is allocated).
#[derive(Clone, Debug)]
pub struct GameSpec {
    /// A picture of `o` and `#`, or a name for [`Board::named`].
    board: String,
    start: Pick,
    goal: GoalPick,
}

impl GameSpec {
    /// The board, the start and the goal.
    pub fn build(&self) -> (Board, Position, Goal) {
        let board = if self.board.contains('o') && !self.board.contains(':') {
            Board::from_picture("random", &self.board).unwrap()
        } else {
            Board::named(&self.board).unwrap()
        };
        let start = self.start.on(&board);
        let goal = match self.goal {
            GoalPick::OnePeg => Goal::OnePeg,
            GoalPick::PegAt(hole) => Goal::PegAt(hole % board.holes()),
            GoalPick::Pattern(pick) => Goal::Pattern(pick.on(&board)),
        };
        (board, start, goal)
    }
}

/// A small board as [`GameSpec::build`] reads it: a picture of up to 4 × 5 cells with a
/// hole, a random graph of up to 7 vertices with an edge, or one of a few named small boards.
fn small_board_spec() -> impl Strategy<Value = String> {
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
            cells.contains(&true).then(|| rows.join("\n"))
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
            (!edges.is_empty()).then(|| format!("edges:{}", edges.join(",")))
        });
    let named = proptest::sample::select(vec![
        "triangle:4",
        "path:5",
        "cycle:6",
        "star:3",
        "complete:4",
        "bipartite:2,3",
    ])
    .prop_map(String::from);
    prop_oneof![picture, graph, named]
}

/// A position of a small board: the empty and the full one often.
fn pick() -> impl Strategy<Value = Pick> {
    prop_oneof![
        Just(Pick::Empty),
        Just(Pick::Full),
        any::<u64>().prop_map(Pick::Some),
    ]
}

/// A small game as plain data ([`GameSpec`]).
pub fn small_game_spec() -> impl Strategy<Value = GameSpec> {
    let goal = prop_oneof![
        Just(GoalPick::OnePeg),
        (0usize..64).prop_map(GoalPick::PegAt),
        pick().prop_map(GoalPick::Pattern),
    ];
    (small_board_spec(), pick(), goal).prop_map(|(board, start, goal)| GameSpec {
        board,
        start,
        goal,
    })
}
