//! The catalogue of heap games: for every game and rule, the fast method against the
//! exhaustive one, and the position graph against both.

use unhop::Method;
use unhop::budget::Budget;
use unhop::games::{HeapGame, HeapRule, Octal, Outcome, Subtraction};

fn games() -> Vec<HeapGame> {
    let mut games = Vec::new();
    for rule in [HeapRule::Normal, HeapRule::Misere] {
        games.push(HeapGame::nim(rule).unwrap());
        for code in ["0.77", "0.07", "0.137", "4.07", "0.6", "0.333", "grundy"] {
            games.push(HeapGame::octal(code.parse::<Octal>().unwrap(), rule).unwrap());
        }
    }
    for set in ["1..3", "1,3,4", "2,5", "1", "1,2,6"] {
        for rule in HeapRule::ALL {
            if rule == HeapRule::OddWins && !set.starts_with('1') {
                continue;
            }
            games.push(HeapGame::subtraction(
                Subtraction::parse(set).unwrap(),
                rule,
            ));
        }
    }
    games
}

/// The starting positions a rule is played on: one odd heap for odd wins, one heap for no
/// repeat, else one to three heaps.
fn starts(rule: HeapRule) -> Vec<Vec<u64>> {
    match rule {
        HeapRule::OddWins => (1..16).step_by(2).map(|h| vec![h]).collect(),
        HeapRule::NoRepeat => (0..16).map(|h| vec![h]).collect(),
        _ => {
            let mut starts: Vec<Vec<u64>> = (0..12).map(|h| vec![h]).collect();
            for a in 0..7 {
                for b in 0..7 {
                    starts.push(vec![a, b]);
                }
            }
            starts.push(vec![3, 5, 6]);
            starts.push(vec![1, 1, 1]);
            starts
        }
    }
}

fn sorted_moves(game: &HeapGame, heaps: &[u64], method: Method) -> (bool, Vec<String>) {
    let analysis = game.analyse(heaps, method, &Budget::default()).unwrap();
    let mut moves: Vec<String> = analysis
        .winning_moves
        .iter()
        .map(|m| m.to_string())
        .collect();
    moves.sort();
    (analysis.outcome == Outcome::Win, moves)
}

#[test]
fn fast_and_exhaustive_analyses_agree_and_match_the_position_graph() {
    let budget = Budget::default();
    for game in games() {
        for heaps in starts(game.rule()) {
            let slow = sorted_moves(&game, &heaps, Method::Exhaustive);
            if game.has_fast_method() {
                let fast = sorted_moves(&game, &heaps, Method::Fast);
                assert_eq!(fast, slow, "{game:?} {heaps:?}");
            } else {
                assert!(
                    game.analyse(&heaps, Method::Fast, &budget).is_err(),
                    "{game:?}"
                );
            }
            let graph = game.play_graph(&heaps, &budget).unwrap();
            let wins = graph.outcome(0) == Some(Outcome::Win);
            assert_eq!(wins, slow.0, "{game:?} {heaps:?}");
            // Every winning move of the graph is a move to a lost position, and there are as
            // many as the analysis lists.
            let winning = graph.winning_moves(0);
            assert_eq!(winning.len(), slow.1.len(), "{game:?} {heaps:?}");
            for (_, q) in winning {
                assert_eq!(graph.outcome(q), Some(Outcome::Loss));
            }
            if slow.0 {
                assert!(!slow.1.is_empty() || graph.moves(0).is_empty(), "{game:?}");
            }
        }
    }
}

#[test]
fn tables_of_single_heaps_agree_by_both_methods_and_with_the_graphs() {
    let budget = Budget::default();
    for game in games() {
        // Octal games split heaps: their graphs grow fast with the largest heap.
        let max = if matches!(game, HeapGame::Octal(..)) {
            14
        } else {
            40
        };
        let slow = game.single_heaps(max, Method::Exhaustive, &budget).unwrap();
        if game.has_fast_method() {
            let fast = game.single_heaps(max, Method::Fast, &budget).unwrap();
            assert_eq!(fast.losing, slow.losing, "{game:?}");
            if let Some(values) = &fast.values {
                let zeros: Vec<u64> = (0..=max).filter(|&n| values[n as usize] == 0).collect();
                assert_eq!(zeros, fast.losing, "{game:?}");
            }
        } else {
            assert!(game.single_heaps(max, Method::Fast, &budget).is_err());
        }
        for heap in 0..=12u64 {
            if game.rule() == HeapRule::OddWins && heap % 2 == 0 {
                continue;
            }
            let graph = game.play_graph(&[heap], &budget).unwrap();
            let lost = graph.outcome(0) == Some(Outcome::Loss);
            assert_eq!(lost, slow.losing.contains(&heap), "{game:?} {heap}");
        }
    }
}

#[test]
fn rules_that_do_not_apply_and_oversized_requests_are_errors() {
    assert!(HeapGame::nim(HeapRule::NoRepeat).is_err());
    assert!(HeapGame::octal(Octal::grundy(), HeapRule::OddWins).is_err());
    let set = Subtraction::parse("1..3").unwrap();
    let game = HeapGame::subtraction(set, HeapRule::NoRepeat);
    let budget = Budget::default();
    assert!(game.analyse(&[3, 4], Method::Exhaustive, &budget).is_err());
    let nim = HeapGame::nim(HeapRule::Normal).unwrap();
    let refused = nim.position_graph(&[1 << 40, 9], &budget).unwrap_err();
    assert_eq!(refused.kind(), unhop::ErrorKind::Refused);
    assert_eq!(refused.figures().unwrap().unit, "positions");
    for rule in HeapRule::ALL {
        assert_eq!(rule.name().parse::<HeapRule>().unwrap(), rule);
    }
}
