//! Pagoda functions against their slow twins: plain sums of weights over every jump made by
//! plain recursion, exhaustive reachability for the impossibility proofs, and the positions
//! that can really still finish for the pruning.

use crate::boards::{finishing, reachable};
use unhop::boards::{
    Board, DEFAULT_LIMIT, Goal, Jump, Outcome, Pagoda, Position, replay, solve_pruning_after,
};
use unhop::budget::Budget;

/// Small boards: little pictures, a row, the triangle of side 4 and a few graphs.
fn small_boards() -> Vec<Board> {
    let mut boards: Vec<Board> = ["triangle:4", "path:7", "cycle:6", "star:4", "bipartite:2,3"]
        .iter()
        .map(|name| Board::named(name).unwrap())
        .collect();
    for (name, picture) in [
        ("row", "oooooo"),
        ("plus", " o \nooo\nooo\nooo\n o "),
        ("3x4", "oooo\noooo\noooo"),
        ("L", "oo##\noooo\noooo\n#ooo"),
    ] {
        boards.push(Board::from_picture(name, picture).unwrap());
    }
    boards
}

/// The total weight of `position`'s pegs, summed hole by hole.
fn plain_value(weights: &[i64], position: Position) -> i64 {
    (0..weights.len())
        .filter(|h| position >> h & 1 == 1)
        .map(|h| weights[h])
        .sum()
}

/// Starts for the proofs: every single vacancy and every position with two or three pegs.
fn starts(board: &Board) -> Vec<Position> {
    let mut starts: Vec<Position> = (0..board.holes())
        .map(|h| board.full() & !(1 << h))
        .collect();
    starts.extend((0..=board.full()).filter(|p| (2..=3).contains(&p.count_ones())));
    starts
}

#[test]
fn the_weights_are_checked_against_every_jump_the_replay_checker_accepts() {
    for board in small_boards() {
        let n = board.holes();
        // Every triple the independent checker accepts as a jump, found without the jump list.
        let mut jumps = Vec::new();
        for (from, over, to) in
            (0..n).flat_map(|a| (0..n).flat_map(move |b| (0..n).map(move |c| (a, b, c))))
        {
            if from == over || over == to || from == to {
                continue;
            }
            let jump = Jump {
                from: from as u8,
                over: over as u8,
                to: to as u8,
            };
            let before = 1 << from | 1 << over;
            if replay(&board, before, &[jump], Goal::Pattern(1 << to)).is_ok() {
                jumps.push((from, over, to));
            }
        }
        assert!(!jumps.is_empty(), "{}", board.name());
        let mut state = 7u64;
        for _ in 0..300 {
            let weights: Vec<i64> = (0..n)
                .map(|_| {
                    state = state
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    (state >> 61) as i64 - 3
                })
                .collect();
            let is_pagoda = jumps
                .iter()
                .all(|&(f, o, t)| weights[t] <= weights[f] + weights[o]);
            assert_eq!(
                Pagoda::new(&board, weights.clone()).is_ok(),
                is_pagoda,
                "{}",
                board.name()
            );
        }
        assert!(Pagoda::new(&board, vec![1; n]).is_ok());
    }
}

#[test]
fn a_separating_pagoda_function_is_a_sound_proof_on_small_boards() {
    let mut proofs = 0;
    for board in small_boards() {
        for start in starts(&board) {
            let reachable = reachable(&board, start);
            for finish in 0..board.holes() {
                let goal = 1 << finish;
                let Some(proof) =
                    Pagoda::separating(&board, start, goal, &Budget::default()).unwrap()
                else {
                    continue;
                };
                proofs += 1;
                let weights = proof.pagoda.weights();
                assert_eq!(plain_value(weights, start), proof.start_value);
                assert_eq!(plain_value(weights, goal), proof.goal_value);
                assert!(proof.start_value < proof.goal_value);
                // The value never rises along any jump from any reachable position, and the
                // goal is indeed out of reach.
                for &p in &reachable {
                    for jump in board.jumps().iter().filter(|j| j.is_legal(p)) {
                        assert!(plain_value(weights, jump.apply(p)) <= plain_value(weights, p));
                    }
                }
                assert!(
                    !reachable.contains(&goal),
                    "{} {start:b} {finish}",
                    board.name()
                );
            }
        }
    }
    assert!(
        proofs > 100,
        "only {proofs} proofs: the LP finds too few to test"
    );
}

#[test]
fn pruning_never_cuts_off_a_position_that_can_still_finish() {
    let mut cut = 0;
    for board in small_boards() {
        for vacancy in 0..board.holes() {
            let start = board.full() & !(1 << vacancy);
            let reachable = reachable(&board, start);
            for finish in 0..board.holes() {
                let goal = 1 << finish;
                let family =
                    Pagoda::pruning_family(&board, start, goal, &Budget::default()).unwrap();
                let finishing = finishing(&board, &reachable, Goal::PegAt(finish));
                for &p in &reachable {
                    let pruned = family.iter().any(|f| f.value(p) < f.value(goal));
                    assert!(
                        !(pruned && finishing.contains(&p)),
                        "{} {p:b}",
                        board.name()
                    );
                    cut += usize::from(pruned);
                }
            }
        }
    }
    assert!(cut > 1000, "the families cut off only {cut} positions");
}

#[test]
fn the_solver_with_pagoda_functions_agrees_with_plain_recursion() {
    let mut by_pagoda = 0;
    for board in small_boards() {
        for start in starts(&board) {
            let reachable = reachable(&board, start);
            let goals = (0..board.holes()).map(Goal::PegAt).chain([Goal::OnePeg]);
            for goal in goals {
                let possible = reachable.iter().any(|&p| goal.is_reached(p));
                match solve_pruning_after(&board, start, goal, DEFAULT_LIMIT, 0, &Budget::default())
                    .unwrap()
                {
                    Outcome::Solved(jumps) => {
                        assert!(possible);
                        replay(&board, start, &jumps, goal).unwrap();
                    }
                    Outcome::PagodaBound(_) => {
                        assert!(!possible);
                        by_pagoda += 1;
                    }
                    Outcome::ClassMismatch(_) | Outcome::Exhausted { .. } => assert!(!possible),
                    Outcome::GaveUp { .. } => panic!("gave up on a small board"),
                }
            }
        }
    }
    assert!(
        by_pagoda > 100,
        "only {by_pagoda} answers by a pagoda function"
    );
}

#[test]
fn pruning_settles_a_french_finish_the_plain_search_gives_up_on() {
    let french = Board::named("french").unwrap();
    let start = french.parse_start("d2").unwrap();
    let goal = Goal::PegAt(french.hole_named("d6").unwrap());
    let limit = 1_000_000;
    let budget = Budget::default();
    let pruned = solve_pruning_after(&french, start, goal, limit, 0, &budget).unwrap();
    assert!(matches!(pruned, Outcome::Solved(ref jumps) if jumps.len() == 35));
    let plain = solve_pruning_after(&french, start, goal, limit, usize::MAX, &budget).unwrap();
    assert_eq!(plain, Outcome::GaveUp { limit });
}
