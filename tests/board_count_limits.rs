//! The limits of `board count`: refusals name the limit and the level, a count just inside the
//! limits gives the same numbers as an unlimited one (and charges the work its levels
//! account for), the exhaustive twins stop at the work limit, and the complete graph on 64
//! vertices is refused at once.

use crate::common;

use common::unhop;
use unhop::boards::{Board, Goal, Position, SWEEP_STEPS, Sweep, sweep};
use unhop::budget::Budget;
use unhop::{ErrorKind, Quiet};

fn count(board: &Board, start: Position, goal: Goal, budget: &Budget) -> Result<Sweep, String> {
    sweep(board, start, goal, budget, &Quiet).map_err(|e| e.to_string())
}

/// The work a sweep does, level by level, counted from its levels: for every level but the
/// last, the sample of its successors (every position's jumps tested, on these small boards)
/// and its positions times the board's jumps plus their legal jumps (the successors of the
/// level below) times the symmetries, twice for the levels above the goal's (the backward
/// pass). On these small boards the sample covers whole levels, so the estimate is exact.
fn work_by_level(board: &Board, sweep: &Sweep, goal: Goal) -> Vec<(u32, u64)> {
    let jumps = board.jumps();
    let levels = &sweep.levels;
    levels[..levels.len() - 1]
        .iter()
        .map(|l| {
            let passes = if l.pegs > goal.pegs() { 2 } else { 1 };
            let successors: u64 = sweep.reachable[l.pegs as usize]
                .iter()
                .map(|&p| jumps.iter().filter(|j| j.is_legal(p)).count() as u64)
                .sum();
            let tests = l.up_to_symmetry * jumps.len() as u64;
            let made = tests + successors * sweep.group.order() as u64;
            (l.pegs - 1, tests + made * passes)
        })
        .collect()
}

fn work_of(board: &Board, sweep: &Sweep, goal: Goal) -> u64 {
    work_by_level(board, sweep, goal).iter().map(|l| l.1).sum()
}

#[test]
fn a_tiny_work_limit_is_refused_naming_the_limit_and_the_level() {
    let triangle = Board::named("triangle").unwrap();
    let (start, goal) = (triangle.default_start(), Goal::OnePeg);
    let free = count(&triangle, start, goal, &Budget::unlimited()).unwrap();
    // The first level whose work, added to the levels' before, passes 1000 steps.
    let mut planned = 0;
    let refused_at = work_by_level(&triangle, &free, goal)
        .into_iter()
        .find(|&(_, work)| {
            planned += work;
            planned > 1000
        })
        .unwrap()
        .0;
    let budget = Budget::unlimited().with_max_work(1000);
    let err = sweep(&triangle, start, goal, &budget, &Quiet).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Refused);
    let figures = err.figures().unwrap();
    assert_eq!(
        (figures.estimate, figures.limit, figures.unit.as_str()),
        (planned.into(), 1000, "steps")
    );
    let message = err.to_string();
    assert!(
        message.contains("the work limit of 1000 steps (--max-work)"),
        "{message}"
    );
    assert!(
        message.contains(&format!("before the level with {refused_at} pegs")),
        "{message}"
    );
}

#[test]
fn a_tiny_position_limit_gives_up_naming_the_limit_and_the_level() {
    let triangle = Board::named("triangle").unwrap();
    let budget = Budget::unlimited().with_max_positions(10);
    let err = sweep(
        &triangle,
        triangle.default_start(),
        Goal::OnePeg,
        &budget,
        &Quiet,
    )
    .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::GaveUp);
    assert_eq!(err.figures().unwrap().limit, 10);
    let message = err.to_string();
    assert!(
        message.contains("past its limit of 10 positions"),
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
        &Budget::unlimited(),
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
        let unlimited = Budget::unlimited();
        let free = count(&board, start, goal, &unlimited).unwrap();
        let positions = free.totals().1;
        let work = work_of(&board, &free, goal);
        // The work the sweep charged is the work counted from its levels.
        assert_eq!(unlimited.accounts()[0].work, work, "{name}");
        let exact = || Budget::unlimited().with_max_positions(positions);
        let inside = count(&board, start, goal, &exact().with_max_work(work)).unwrap();
        assert_eq!(inside.levels, free.levels, "{name}");
        assert_eq!(inside.reachable, free.reachable, "{name}");
        assert_eq!(inside.sequences, free.sequences, "{name}");
        let one_position_less = Budget::unlimited()
            .with_max_positions(positions - 1)
            .with_max_work(work);
        let message = count(&board, start, goal, &one_position_less).unwrap_err();
        assert!(
            message.contains(&format!("past its limit of {} positions", positions - 1)),
            "{name}: {message}"
        );
        let one_step_less = exact().with_max_work(work - 1);
        let message = count(&board, start, goal, &one_step_less).unwrap_err();
        assert!(
            message.contains(&format!("work limit of {} steps (--max-work)", work - 1)),
            "{name}: {message}"
        );
    }
}

/// Refused before the first level whose estimate passes the limit, saying so with both. Under
/// the default limit the refusal comes after some 20 s of levels below it (the adversarial test
/// runs that); a smaller limit shows the same refusal at once.
#[test]
fn the_complete_graph_on_64_vertices_is_refused_at_once() {
    let limit = SWEEP_STEPS.default_limit / 40;
    let out = unhop(
        &[
            "board",
            "count",
            "--board",
            "complete:64",
            "--max-work",
            &limit.to_string(),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let message = String::from_utf8(out.stderr).unwrap();
    assert!(
        message.contains("before the level with")
            && message.contains(&format!(
                "more than the work limit of {limit} steps (--max-work)"
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
    assert!(
        message.contains("past its limit of 100 positions"),
        "{message}"
    );
}

/// The exhaustive twins charge the budget the positions they visit: `--max-work` stops them
/// with the figures, as it stops the fast method.
#[test]
fn the_exhaustive_twins_stop_at_the_work_limit() {
    for command in ["count", "moves"] {
        let out = unhop(
            &[
                "board",
                command,
                "--board",
                "triangle",
                "--method",
                "exhaustive",
                "--max-work",
                "1000",
                "--json",
            ],
            None,
        );
        assert_eq!(out.status.code(), Some(2), "{command}");
        assert!(out.stdout.is_empty());
        let error: serde_json::Value = serde_json::from_slice(&out.stderr).unwrap();
        assert_eq!(error["kind"], "gave_up", "{command}");
        assert_eq!(error["unit"], "positions visited", "{command}");
        assert_eq!(error["limit"], 1000, "{command}");
        assert_eq!(error["estimate"], 1001, "{command}");
    }
}

/// The complete graph on 20 vertices has few positions but hundreds of successors each, every
/// one taken through 120 symmetries: the work limit counted only jump tests, so the count
/// was neither refused nor finished in two minutes. Counting the symmetry images, it is
/// refused up front with the estimate and the limit.
#[test]
fn the_complete_graph_on_20_vertices_is_refused_with_the_estimate_and_the_limit() {
    let board = Board::named("complete:20").unwrap();
    let refusal = sweep(
        &board,
        board.default_start(),
        board.default_goal(),
        &Budget::default(),
        &Quiet,
    )
    .unwrap_err();
    assert_eq!(refusal.kind(), ErrorKind::Refused);
    let message = refusal.to_string();
    assert!(message.contains("an estimated"), "{message}");
    assert!(message.contains("symmetry images"), "{message}");
    assert!(
        message.contains(&format!(
            "work limit of {} steps",
            SWEEP_STEPS.default_limit
        )),
        "{message}"
    );
}

/// The same on the command line: exit 2 and the estimate and the limit on standard error,
/// well within a timeout (the child is killed after it).
#[test]
fn the_command_line_refuses_the_complete_graph_on_20_vertices_in_time() {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let mut child = Command::new(env!("CARGO_BIN_EXE_unhop"))
        .args(["board", "count", "--board", "complete:20"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let began = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if began.elapsed() > Duration::from_secs(300) {
            child.kill().unwrap();
            panic!("board count --board complete:20 neither refused nor finished in 300 s");
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let out = child.wait_with_output().unwrap();
    assert_eq!(status.code(), Some(2));
    let message = String::from_utf8(out.stderr).unwrap();
    assert!(message.contains("an estimated"), "{message}");
    assert!(message.contains("work limit of"), "{message}");
}
