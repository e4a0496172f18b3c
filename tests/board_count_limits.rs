//! The limits of `board count`: refusals name the limit and the level, a count just inside the
//! limits gives the same numbers as an unlimited one, counts made in the smallest slices agree
//! with plain recursion, and the complete graph on 64 vertices is refused at once.

mod common;

use common::unhop;
use std::collections::BTreeSet;
use unhop::boards::{
    Board, Goal, Position, Sweep, SweepLimits, SweepProgress, exhaustive, sweep_within,
};

fn unlimited() -> SweepLimits {
    SweepLimits {
        max_positions: usize::MAX,
        max_work: u64::MAX,
        ..SweepLimits::default()
    }
}

fn count(board: &Board, start: Position, goal: Goal, limits: SweepLimits) -> Result<Sweep, String> {
    sweep_within(board, start, goal, limits, &mut |_| {}).map_err(|e| e.to_string())
}

/// The jump tests a sweep makes: every level but the last times the board's jumps, twice for
/// the levels above the goal's (the backward pass).
fn work_of(board: &Board, sweep: &Sweep, goal: Goal) -> u64 {
    let levels = &sweep.levels;
    levels[..levels.len() - 1]
        .iter()
        .map(|l| {
            let passes = if l.pegs > goal.pegs() { 2 } else { 1 };
            l.up_to_symmetry * board.jumps().len() as u64 * passes
        })
        .sum()
}

#[test]
fn a_tiny_work_limit_is_refused_naming_the_limit_and_the_level() {
    let triangle = Board::named("triangle").unwrap();
    let limits = SweepLimits {
        max_work: 100,
        ..unlimited()
    };
    let message = count(&triangle, triangle.default_start(), Goal::OnePeg, limits).unwrap_err();
    // The start (14 pegs) makes 36 jump tests going down and 36 coming back; the one
    // position of 13 pegs up to symmetry would make 72 more.
    assert!(
        message.contains("work limit of 100 jump tests"),
        "{message}"
    );
    assert!(
        message.contains("before the level with 12 pegs"),
        "{message}"
    );
}

#[test]
fn a_tiny_position_limit_is_refused_naming_the_limit_and_the_level() {
    let triangle = Board::named("triangle").unwrap();
    let limits = SweepLimits {
        max_positions: 10,
        ..unlimited()
    };
    let message = count(&triangle, triangle.default_start(), Goal::OnePeg, limits).unwrap_err();
    assert!(
        message.contains("more than 10 positions up to symmetry"),
        "{message}"
    );
    assert!(message.contains("the level with"), "{message}");
}

#[test]
fn counts_just_inside_the_limits_finish_with_the_unlimited_numbers() {
    let triangle = Board::named("triangle").unwrap();
    let to_one_peg = count(
        &triangle,
        triangle.default_start(),
        Goal::OnePeg,
        unlimited(),
    )
    .unwrap();
    // A goal of four pegs: the backward pass leaves out the levels of four pegs and fewer.
    let four_pegs = Goal::Pattern(to_one_peg.reachable[4][0]);
    let cases = [
        ("triangle", None),
        ("triangle", Some(four_pegs)),
        ("petersen", None),
        ("hypercube:3", None),
    ];
    for (name, goal) in cases {
        let board = Board::named(name).unwrap();
        let start = board.default_start();
        let goal = goal.unwrap_or(board.default_goal());
        let free = count(&board, start, goal, unlimited()).unwrap();
        let positions = free.totals().1 as usize;
        let work = work_of(&board, &free, goal);
        let exact = SweepLimits {
            max_positions: positions,
            max_work: work,
            ..SweepLimits::default()
        };
        let inside = count(&board, start, goal, exact).unwrap();
        assert_eq!(inside.levels, free.levels, "{name}");
        assert_eq!(inside.reachable, free.reachable, "{name}");
        assert_eq!(inside.sequences, free.sequences, "{name}");
        let one_position_less = SweepLimits {
            max_positions: positions - 1,
            ..exact
        };
        let message = count(&board, start, goal, one_position_less).unwrap_err();
        assert!(
            message.contains(&format!("more than {} positions", positions - 1)),
            "{name}: {message}"
        );
        let one_test_less = SweepLimits {
            max_work: work - 1,
            ..exact
        };
        let message = count(&board, start, goal, one_test_less).unwrap_err();
        assert!(
            message.contains(&format!("work limit of {} jump tests", work - 1)),
            "{name}: {message}"
        );
    }
}

/// Starts on the small picture boards: every single vacancy and some patterns from a
/// fixed-seed generator (xorshift), so that levels are made of many one-position slices.
fn starts(board: &Board) -> Vec<Position> {
    let full = board.full();
    let mut starts: Vec<Position> = (0..board.holes()).map(|h| full & !(1 << h)).collect();
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..6 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        starts.push(full & (state | state >> 17));
    }
    starts
}

#[test]
fn counts_in_the_smallest_slices_agree_with_plain_recursion() {
    let pictures = [
        ("4x4", "oooo\noooo\noooo\noooo"),
        ("3x5", "ooooo\nooooo\nooooo"),
    ];
    let mut boards: Vec<Board> = pictures
        .iter()
        .map(|(name, picture)| Board::from_picture(name, picture).unwrap())
        .collect();
    boards.extend(["triangle", "complete:6", "petersen"].map(|n| Board::named(n).unwrap()));
    let one_at_a_time = SweepLimits {
        slice_candidates: 1,
        ..unlimited()
    };
    for board in &boards {
        for start in starts(board) {
            let goal = Goal::OnePeg;
            let fast = count(board, start, goal, one_at_a_time).unwrap();
            let canonical = |set: &BTreeSet<Position>| -> BTreeSet<Position> {
                set.iter().map(|&p| fast.group.canonical(p)).collect()
            };
            let all = exhaustive::reachable(board, start);
            let finishing = exhaustive::finishing(board, &all, goal);
            let swept: BTreeSet<Position> = fast.reachable.iter().flatten().copied().collect();
            let swept_finishing: BTreeSet<Position> =
                fast.finishing.iter().flatten().copied().collect();
            assert_eq!(swept, canonical(&all), "{} {start:b}", board.name());
            assert_eq!(
                swept_finishing,
                canonical(&finishing),
                "{} {start:b}",
                board.name()
            );
            assert_eq!(
                fast.sequences,
                exhaustive::sequences(board, start, goal, &finishing).into(),
                "{} {start:b}",
                board.name()
            );
            assert!(fast.reachable.iter().all(|l| l.is_sorted()));
        }
    }
}

#[test]
fn progress_covers_every_position_of_every_level() {
    let triangle = Board::named("triangle").unwrap();
    let limits = SweepLimits {
        slice_candidates: 16,
        ..unlimited()
    };
    let mut events = Vec::new();
    let s = sweep_within(
        &triangle,
        triangle.default_start(),
        Goal::OnePeg,
        limits,
        &mut |e| events.push(e),
    )
    .unwrap();
    for level in &s.levels {
        let reached = SweepProgress::Reached {
            pegs: level.pegs,
            positions: level.up_to_symmetry as usize,
        };
        let at = events.iter().position(|e| *e == reached).unwrap();
        if level.pegs < 14 {
            // The first report while making it says nothing is expanded yet.
            let first = events
                .iter()
                .position(
                    |e| matches!(e, SweepProgress::Generating { pegs, .. } if *pegs == level.pegs),
                )
                .unwrap();
            assert!(matches!(
                events[first],
                SweepProgress::Generating { done: 0, .. }
            ));
            // The last report while making this level says every position above was expanded.
            let above = s.reachable[level.pegs as usize + 1].len();
            assert!(matches!(
                events[at - 1],
                SweepProgress::Generating { pegs, done, of, .. }
                    if pegs == level.pegs && done == above && of == above
            ));
        }
    }
    let slices = events
        .iter()
        .filter(|e| matches!(e, SweepProgress::Generating { .. }))
        .count();
    assert!(slices > s.levels.len(), "16-successor slices cut levels up");
}

#[test]
fn the_complete_graph_on_64_vertices_is_refused_at_once() {
    let out = unhop(&["board", "count", "--board", "complete:64"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let message = String::from_utf8(out.stderr).unwrap();
    assert!(
        message.contains("before the level with 60 pegs")
            && message.contains(&format!(
                "more than the work limit of {} jump tests",
                unhop::boards::DEFAULT_MAX_WORK
            )),
        "{message}"
    );
}

#[test]
fn the_command_line_refuses_a_position_limit_with_exit_2() {
    let out = unhop(
        &[
            "board",
            "count",
            "--board",
            "triangle",
            "--max-positions",
            "100",
            "--json",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let message = String::from_utf8(out.stderr).unwrap();
    assert!(message.contains("more than 100 positions"), "{message}");
}
