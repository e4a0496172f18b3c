//! The board engines ([`unhop::boards`]) against their budgets: every estimate made up front
//! (the integer program's text, a search's steps and bytes, a table of single-vacancy starts,
//! a classification) is an upper bound of the work then charged and of the memory then
//! allocated; and every engine that runs without one (the level sweep, the shortest solution
//! in moves, the exhaustive twins, the linear programs) holds against the memory limit at
//! least what it allocates. On every single-vacancy start of small boards, and on random
//! boards, starts and goals.

#[path = "../boards/games.rs"]
mod games;

use crate::counting::{SLACK, alone, measure};
use games::{small_boards, small_game_spec};
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, TestRunner};
use std::sync::{Mutex, MutexGuard, Once};
use unhop::boards::{
    Automorphisms, Board, DEFAULT_LIMIT, Goal, Pagoda, Position, classify_graphs, exhaustive,
    graph_families, ilp, min_moves, single_vacancies, solve, solve_pruning_after, sweep,
};
use unhop::budget::{Account, Budget};
use unhop::{Method, Quiet};

/// Held by each test here for its whole run: building a board allocates its symmetry tables
/// (16 KiB a symmetry), which another test's measurement would count as its own.
static SERIAL: Mutex<()> = Mutex::new(());

/// The lock of [`SERIAL`], after one small sweep has started rayon's threads (whose first
/// start allocates their queues, which no engine holds).
fn serial() -> MutexGuard<'static, ()> {
    static THREADS: Once = Once::new();
    let alone = SERIAL
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    THREADS.call_once(|| {
        measure(|| {
            let path = Board::named("path:4").unwrap();
            sweep(&path, 7, Goal::OnePeg, &Budget::default(), &Quiet).unwrap();
        });
    });
    alone
}

/// Runs `work` under a fresh unlimited budget; its accounts and the most bytes allocated at
/// once while it ran.
fn accounted<T>(work: impl FnOnce(&Budget) -> T) -> (T, Vec<Account>, u64) {
    let budget = Budget::unlimited();
    let (result, allocated) = measure(|| work(&budget));
    (result, budget.accounts(), allocated)
}

/// Asserts that the engine held at least what it allocated, and that an estimate, when it
/// made one, bounds its work and its allocations.
fn assert_bounded(what: &str, accounts: &[Account], allocated: u64) {
    assert!(!accounts.is_empty(), "{what}: no meter");
    let held = accounts.iter().map(|a| a.peak_bytes).max().unwrap_or(0);
    assert!(
        allocated <= held + SLACK,
        "{what}: allocated {allocated} bytes, held {held}: {accounts:?}"
    );
    for account in accounts {
        if let Some((work, bytes)) = account.estimate {
            assert!(
                u128::from(account.work) <= work,
                "{what}: {} charged {} {}, estimated {work}",
                account.what,
                account.work,
                account.unit
            );
            assert!(
                u128::from(allocated) <= bytes,
                "{what}: {} allocated {allocated} bytes, estimated {bytes}",
                account.what
            );
        }
    }
}

/// Every engine with `start` and `goal` on `board`, each checked against its budget.
fn check_every_engine(board: &Board, start: Position, goal: Goal) {
    let name = format!("{} {start:b} {goal:?}", board.name());
    let (swept, accounts, allocated) =
        accounted(|budget| sweep(board, start, goal, budget, &Quiet).unwrap());
    assert_bounded(&format!("sweep {name}"), &accounts, allocated);
    let (_, accounts, allocated) = accounted(|budget| {
        min_moves(board, start, goal, &swept, budget).unwrap();
    });
    assert_bounded(&format!("min_moves {name}"), &accounts, allocated);
    for method in [Method::Fast, Method::Exhaustive] {
        let (_, accounts, allocated) = accounted(|budget| {
            unhop::boards::count(board, start, goal, method, budget, &Quiet).unwrap();
        });
        assert_bounded(&format!("count {method:?} {name}"), &accounts, allocated);
        let (_, accounts, allocated) = accounted(|budget| {
            unhop::boards::moves(board, start, goal, method, budget, &Quiet).unwrap();
        });
        assert_bounded(&format!("moves {method:?} {name}"), &accounts, allocated);
    }
    let (_, accounts, allocated) = accounted(|budget| {
        exhaustive::reachable(board, start, budget).unwrap();
    });
    assert_bounded(&format!("reachable {name}"), &accounts, allocated);
    for prune_after in [0, usize::MAX] {
        let (_, accounts, allocated) = accounted(|budget| {
            solve_pruning_after(board, start, goal, DEFAULT_LIMIT, prune_after, budget).unwrap();
        });
        assert_bounded(&format!("solve {name}"), &accounts, allocated);
        assert!(
            accounts[0].estimate.is_some(),
            "{name}: small, so estimated"
        );
    }
    if let Some(target) = goal.position() {
        let (_, accounts, allocated) = accounted(|budget| {
            Pagoda::pruning_family(board, start, target, budget).unwrap();
        });
        assert_bounded(&format!("pruning family {name}"), &accounts, allocated);
    }
    let (_, accounts, allocated) = accounted(|budget| {
        ilp(board, start, goal, budget).unwrap();
    });
    assert_bounded(&format!("ilp {name}"), &accounts, allocated);
}

#[test]
fn every_engine_is_bounded_on_every_single_vacancy_of_small_boards() {
    let _turn = alone();
    let _alone = serial();
    for board in measure(small_boards).0 {
        for vacancy in 0..board.holes() {
            let start = board.full() & !(1 << vacancy);
            for goal in [Goal::OnePeg, Goal::PegAt(vacancy), Goal::Pattern(0)] {
                check_every_engine(&board, start, goal);
            }
        }
    }
}

#[test]
fn the_tables_of_starts_and_classifications_are_bounded() {
    let _turn = alone();
    let _alone = serial();
    for board in measure(small_boards).0 {
        for sweep in [false, true] {
            // A limit of one dead position makes every search give up: the sweeps settle them.
            let limit = if sweep { 1 } else { DEFAULT_LIMIT };
            let (_, accounts, allocated) = accounted(|budget| {
                single_vacancies(&board, limit, sweep, budget, &Quiet, &mut |_| true).unwrap();
            });
            assert_bounded(&format!("starts {}", board.name()), &accounts, allocated);
            assert_eq!(accounts.len(), 1, "one meter for the whole table");
            assert_eq!(accounts[0].estimate.is_some(), !sweep, "{}", board.name());
        }
    }
    let (graphs, _): (Vec<Board>, _) = measure(|| {
        graph_families(7)
            .iter()
            .map(|name| Board::named(name).unwrap())
            .collect()
    });
    let (_, accounts, allocated) = accounted(|budget| {
        classify_graphs(
            &graphs,
            DEFAULT_LIMIT,
            unhop::Method::Fast,
            budget,
            &mut |_, _| true,
        )
        .unwrap();
    });
    assert_bounded("classify", &accounts, allocated);
    assert_eq!(accounts.len(), 1, "one meter for the whole run");
    assert!(accounts[0].estimate.is_some());
}

/// The symmetry search of graph boards holds what it allocates, on the named families and on
/// graphs of 64 vertices.
#[test]
fn the_symmetry_search_holds_its_tables() {
    let _turn = alone();
    let _alone = serial();
    for name in [
        "petersen",
        "hypercube:6",
        "complete:64",
        "bipartite:20,44",
        "cycle:64",
    ] {
        let ((holes, edges), _) = measure(|| {
            let board = Board::named(name).unwrap();
            (board.holes(), board.edges().to_vec())
        });
        let (_, accounts, allocated) = accounted(|budget| {
            Automorphisms::of_graph(holes, &edges, budget).unwrap();
        });
        assert_bounded(name, &accounts, allocated);
    }
}

/// The English central game: a search of thousands of positions with a separating LP, far
/// below its estimate but held as it grows its table.
#[test]
fn the_english_search_holds_its_table() {
    let _turn = alone();
    let _alone = serial();
    let ((english, french), _) = measure(|| {
        let named = |name| Board::named(name).unwrap();
        (named("english"), named("french"))
    });
    let (start, goal) = (english.default_start(), english.default_goal());
    let (_, accounts, allocated) = accounted(|budget| {
        solve(&english, start, goal, DEFAULT_LIMIT, budget).unwrap();
    });
    assert_bounded("english", &accounts, allocated);
    let corner = Goal::PegAt(english.hole_named("c1").unwrap());
    let d2 = french.parse_start("d2").unwrap();
    let d6 = Goal::PegAt(french.hole_named("d6").unwrap());
    for (board, start, goal) in [(&english, start, corner), (&french, d2, d6)] {
        let (_, accounts, allocated) = accounted(|budget| {
            solve_pruning_after(board, start, goal, 200_000, 0, budget).unwrap();
        });
        assert_bounded(board.name(), &accounts, allocated);
    }
}

/// Every engine on 40 random small games (boards, starts and goals), drawn and built inside a
/// measurement, so that nothing here allocates while another test measures.
#[test]
fn every_engine_is_bounded_on_random_games() {
    let _turn = alone();
    let _alone = serial();
    let (games, _) = measure(|| {
        let mut runner = TestRunner::new(Config::with_cases(40));
        let strategy = small_game_spec();
        (0..40)
            .map(|_| strategy.new_tree(&mut runner).unwrap().current().build())
            .collect::<Vec<_>>()
    });
    for (board, start, goal) in &games {
        check_every_engine(board, *start, *goal);
    }
}
