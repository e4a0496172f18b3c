//! Checks shared by the `boards` and `graphs` targets: a board's jumps and symmetries, its
//! positions written as text, and a bounded solve checked against a brute-force search.

use rustc_hash::FxHashSet;
use unhop::boards::{Board, Geometry, Goal, Jump, Outcome, Position, replay, solve_pruning_after};

/// Boards of at most this many holes are searched exhaustively to check the solver's "no".
const BRUTE_FORCE_HOLES: usize = 14;
/// The solver's limit on dead positions: above every brute-forced board's 2^14 positions.
const SOLVE_LIMIT: usize = 20_000;
/// The limit on larger boards.
const LARGE_SOLVE_LIMIT: usize = 5_000;
/// Boards with more jumps than this are not solved (each position scans every jump).
const SOLVE_JUMPS: usize = 2_000;

/// The board's structure: jumps judged from the geometry alone, symmetries mapping jumps to
/// jumps, names that find their holes, positions that survive being written and read back.
pub fn check_board(board: &Board) {
    let holes = board.holes();
    assert!((1..=64).contains(&holes), "{} holes", holes);
    let jumps: FxHashSet<Jump> = board.jumps().iter().copied().collect();
    assert_eq!(jumps.len(), board.jumps().len(), "a jump is listed twice");
    assert_eq!(
        jumps,
        jumps_by_geometry(board),
        "the jumps are not the geometry's"
    );
    for h in 0..holes {
        assert_eq!(
            board.hole_named(board.hole_name(h)),
            Some(h),
            "hole {h}'s name"
        );
    }
    let order = board.symmetries().order();
    assert_eq!(order, board.symmetries().permutations().len());
    if order.saturating_mul(jumps.len()) <= 1_000_000 {
        for p in board.symmetries().permutations() {
            let mut seen = vec![false; holes];
            for &image in p.iter() {
                assert!(
                    !std::mem::replace(&mut seen[image as usize], true),
                    "not a permutation"
                );
            }
            for j in &jumps {
                let image = Jump {
                    from: p[j.from as usize],
                    over: p[j.over as usize],
                    to: p[j.to as usize],
                };
                assert!(
                    jumps.contains(&image),
                    "symmetry {p:?} maps {j:?} to no jump"
                );
            }
        }
    }
    let mut positions = vec![board.full(), board.default_start()];
    positions.extend(board.drawn_start());
    for p in positions {
        assert_eq!(p & !board.full(), 0, "a peg outside the board");
        let text = board.pattern(p);
        assert_eq!(
            board.parse_pattern(&text).ok(),
            Some(p),
            "{text} does not read back"
        );
        let drawing = board.draw(p);
        let pegs_drawn = match board.geometry() {
            // `name:o` per vertex: the mark is the last character (names may hold an 'o').
            Geometry::Graph => drawing
                .split_whitespace()
                .filter(|cell| cell.ends_with(":o"))
                .count(),
            _ => drawing.chars().filter(|&c| c == 'o').count(),
        };
        assert_eq!(
            pegs_drawn,
            p.count_ones() as usize,
            "{drawing}: another number of pegs"
        );
    }
}

/// The jumps from the geometry: two steps along a grid direction, or a path of two edges.
fn jumps_by_geometry(board: &Board) -> FxHashSet<Jump> {
    let holes = board.holes();
    let mut jumps = FxHashSet::default();
    let mut add = |a: usize, b: usize, c: usize| {
        jumps.insert(Jump {
            from: a as u8,
            over: b as u8,
            to: c as u8,
        });
    };
    match board.geometry() {
        Geometry::Graph => {
            let mut adjacent = vec![vec![false; holes]; holes];
            for &(u, v) in board.edges() {
                assert!(u < v && (v as usize) < holes, "edge {u}-{v}");
                adjacent[u as usize][v as usize] = true;
                adjacent[v as usize][u as usize] = true;
            }
            for (a, row) in adjacent.iter().enumerate() {
                for (b, next) in adjacent.iter().enumerate().filter(|&(b, _)| row[b]) {
                    for c in (0..holes).filter(|&c| c != a && next[c]) {
                        add(a, b, c);
                    }
                }
            }
        }
        geometry => {
            let steps: &[(i32, i32)] = if geometry == Geometry::Square {
                &[(0, 1), (0, -1), (1, 0), (-1, 0)]
            } else {
                &[(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1)]
            };
            let at = |place: (i32, i32)| (0..holes).find(|&h| board.place(h) == place);
            for a in 0..holes {
                let (r, c) = board.place(a);
                for &(dr, dc) in steps {
                    if let (Some(b), Some(d)) = (at((r + dr, c + dc)), at((r + 2 * dr, c + 2 * dc)))
                    {
                        add(a, b, d);
                    }
                }
            }
        }
    }
    jumps
}

/// `--start` and `--goal` texts read on `board` (the defaults when absent or unreadable), then
/// a bounded solve: a solution replays, and on small boards every "no" is confirmed by
/// brute force.
pub fn check_start_goal_and_solve(board: &Board, start: Option<&str>, goal: Option<&str>) {
    let mut start_position = board.default_start();
    if let Some(text) = start
        && let Ok(p) = board.parse_start(text)
    {
        assert_eq!(
            p & !board.full(),
            0,
            "--start {text:?} puts a peg outside the board"
        );
        if let Some(h) = board.hole_named(text.trim()) {
            assert_eq!(p, board.full() & !(1 << h));
        } else {
            let pegs = text
                .chars()
                .filter(|c| matches!(c, 'o' | 'x' | '1'))
                .count();
            assert_eq!(p.count_ones() as usize, pegs, "--start {text:?}");
            assert_eq!(board.parse_pattern(&board.pattern(p)).ok(), Some(p));
        }
        start_position = p;
    }
    let mut goal_value = board.default_goal();
    if let Some(text) = goal
        && let Ok(g) = board.parse_goal(text)
    {
        if let Some(p) = g.position() {
            assert_eq!(
                p & !board.full(),
                0,
                "--goal {text:?} puts a peg outside the board"
            );
        }
        goal_value = g;
    }
    if board.jumps().len() > SOLVE_JUMPS {
        return;
    }
    // Small boards prune by pagoda functions from the first position (the brute force then
    // checks that no pruning cuts off a solution); larger ones never prune: their pruning
    // families cost up to (holes + 1) linear programs per possible finish, seconds a board.
    let small = board.holes() <= BRUTE_FORCE_HOLES;
    let (limit, prune_after) = if small {
        (SOLVE_LIMIT, 0)
    } else {
        (LARGE_SOLVE_LIMIT, usize::MAX)
    };
    let budget = unhop::budget::Budget::default();
    let outcome = solve_pruning_after(board, start_position, goal_value, limit, prune_after, &budget)
        .unwrap_or_else(|e| panic!("solve on {}: {e}", board.name()));
    match &outcome {
        Outcome::Solved(jumps) => {
            replay(board, start_position, jumps, goal_value)
                .unwrap_or_else(|e| panic!("the solution does not replay: {e}"));
            assert_eq!(
                jumps.len(),
                (start_position.count_ones() - goal_value.pegs()) as usize,
                "one peg less a jump"
            );
        }
        Outcome::PagodaBound(proof) => {
            let w = proof.pagoda.weights();
            for j in board.jumps() {
                let (a, b, c) = (j.from as usize, j.over as usize, j.to as usize);
                assert!(w[c] <= w[a] + w[b], "not a pagoda function at {j:?}: {w:?}");
            }
            assert_eq!(proof.pagoda.value(start_position), proof.start_value);
            assert!(proof.start_value < proof.goal_value);
        }
        Outcome::GaveUp { .. } => assert!(!small, "gave up on {} holes", board.holes()),
        Outcome::ClassMismatch(_) | Outcome::Exhausted { .. } => {}
    }
    if small {
        let reachable = brute_force(board, start_position, goal_value);
        assert_eq!(
            reachable,
            matches!(outcome, Outcome::Solved(_)),
            "{}: start {} goal {goal_value:?}: brute force says {reachable}, the solver {outcome:?}",
            board.name(),
            board.pattern(start_position)
        );
    }
}

/// Whether any position reachable from `start` is a goal position: depth-first over every
/// position, using only the board's jump list.
fn brute_force(board: &Board, start: Position, goal: Goal) -> bool {
    let mut seen = FxHashSet::default();
    let mut stack = vec![start];
    seen.insert(start);
    while let Some(p) = stack.pop() {
        if goal.is_reached(p) {
            return true;
        }
        for j in board.jumps() {
            if j.is_legal(p) {
                let q = j.apply(p);
                if seen.insert(q) {
                    stack.push(q);
                }
            }
        }
    }
    false
}
