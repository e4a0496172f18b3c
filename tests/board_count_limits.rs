//! The limits of `board count`: refusals name the limit and the level, a count just inside the
//! limits gives the same numbers as an unlimited one, counts made in the smallest slices agree
//! with plain recursion, and the complete graph on 64 vertices is refused at once.

use crate::common;

use common::unhop;
use std::collections::BTreeSet;
use std::sync::Mutex;
use unhop::boards::{Board, Goal, Position, Sweep, SweepLimits, exhaustive, sweep_within};
use unhop::{ErrorKind, Progress, Quiet};

fn unlimited() -> SweepLimits {
    SweepLimits {
        max_positions: usize::MAX,
        max_work: u64::MAX,
        ..SweepLimits::default()
    }
}

fn count(board: &Board, start: Position, goal: Goal, limits: SweepLimits) -> Result<Sweep, String> {
    sweep_within(board, start, goal, limits, &Quiet).map_err(|e| {
        assert_eq!(e.kind(), ErrorKind::Refused, "{e}");
        e.to_string()
    })
}

/// The work a sweep does, counted from its levels: for every level but the last, its
/// positions times the board's jumps plus their legal jumps (the successors of the level
/// below) times the symmetries, twice for the levels above the goal's (the backward pass).
/// On these small boards the sweep's sample covers whole levels, so its estimate is exact.
fn work_of(board: &Board, sweep: &Sweep, goal: Goal) -> u64 {
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
            (l.up_to_symmetry * jumps.len() as u64 + successors * sweep.group.order() as u64)
                * passes
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
        message.contains("work limit of 100 (--max-work)"),
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
            message.contains(&format!("work limit of {} (--max-work)", work - 1)),
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

/// One stage: what it does, its declared total, the work advanced in it, and how often.
type Stage = (String, Option<u64>, u64, usize);

/// Records every stage a sweep starts, with its declared total and the work advanced in it.
#[derive(Default)]
struct Recorder(Mutex<Vec<Stage>>);

impl Progress for Recorder {
    fn start(&self, what: &str, total: Option<u64>) {
        self.0.lock().unwrap().push((what.to_string(), total, 0, 0));
    }
    fn advance(&self, work: u64) {
        let mut stages = self.0.lock().unwrap();
        let last = stages.last_mut().expect("advance after start");
        last.2 += work;
        last.3 += 1;
    }
}

#[test]
fn progress_is_weighted_by_work_and_covers_every_level() {
    let triangle = Board::named("triangle").unwrap();
    let limits = SweepLimits {
        slice_candidates: 16,
        ..unlimited()
    };
    let recorder = Recorder::default();
    let s = sweep_within(
        &triangle,
        triangle.default_start(),
        Goal::OnePeg,
        limits,
        &recorder,
    )
    .unwrap();
    let stages = recorder.0.into_inner().unwrap();
    // One stage per level made (14 pegs down to 1) and one for the backward pass.
    assert_eq!(stages.len(), s.levels.len());
    for (what, total, done, _) in &stages {
        // The estimate is exact on the triangle, so the work advanced is the declared total.
        assert_eq!(Some(*done), *total, "{what}");
    }
    // Each level stage's total is its real work: positions above × jumps + successors ×
    // symmetries, not one tick per level.
    let jumps = triangle.jumps();
    for (stage, level) in stages.iter().zip(&s.levels[1..]) {
        let above = &s.reachable[level.pegs as usize + 1];
        let successors: u64 = above
            .iter()
            .map(|&p| jumps.iter().filter(|j| j.is_legal(p)).count() as u64)
            .sum();
        let work = above.len() as u64 * jumps.len() as u64 + successors * s.group.order() as u64;
        assert_eq!(stage.1, Some(work), "{}", stage.0);
    }
    let slices: usize = stages.iter().map(|stage| stage.3).sum();
    assert!(slices > s.levels.len(), "16-successor slices cut levels up");
}

/// Refused before the first level whose estimate passes the limit, saying so with both. Under
/// the default limit the refusal comes after some 20 s of levels below it (the adversarial test
/// runs that); a smaller limit shows the same refusal at once.
#[test]
fn the_complete_graph_on_64_vertices_is_refused_at_once() {
    let limit = unhop::boards::DEFAULT_MAX_WORK / 40;
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
            && message.contains(&format!("more than the work limit of {limit} (--max-work)")),
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

/// The complete graph on 20 vertices has few positions but hundreds of successors each, every
/// one taken through 120 symmetries: the work limit counted only jump tests, so the count
/// was neither refused nor finished in two minutes. Counting the symmetry images, it is
/// refused up front with the estimate and the limit.
#[test]
fn the_complete_graph_on_20_vertices_is_refused_with_the_estimate_and_the_limit() {
    let board = Board::named("complete:20").unwrap();
    let refusal = sweep_within(
        &board,
        board.default_start(),
        board.default_goal(),
        SweepLimits::default(),
        &Quiet,
    )
    .unwrap_err();
    assert_eq!(refusal.kind(), ErrorKind::Refused);
    let message = refusal.to_string();
    assert!(message.contains("an estimated"), "{message}");
    assert!(message.contains("symmetry images"), "{message}");
    assert!(
        message.contains(&format!(
            "work limit of {}",
            unhop::boards::DEFAULT_MAX_WORK
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
