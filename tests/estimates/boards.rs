//! The board engines ([`unhop::boards`]) against their budgets: every estimate made up front
//! (the integer program's text, a search's steps and bytes, a table of single-vacancy starts,
//! a classification) is an upper bound of the work then charged and of the memory then
//! allocated; and every engine that runs without one (the level sweep, the shortest solution
//! in moves, the exhaustive twins, the linear programs) holds against the memory limit at
//! least what it allocates. On every single-vacancy start of small boards, and on random
//! boards, starts and goals.

use crate::counting::measure;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use std::sync::{Mutex, MutexGuard, Once};
use unhop::boards::{
    Board, DEFAULT_LIMIT, Goal, Pagoda, Position, classify_graphs, exhaustive, graph_families, ilp,
    min_moves, single_vacancies, solve, solve_pruning_after, sweep,
};
use unhop::budget::{Account, Budget};
use unhop::{Method, Quiet};

/// Allocations the engines do not hold against their budgets: a few small vectors (the
/// levels of a report, a solution's jumps, a round's counts), a few kilobytes.
const SLACK: u64 = 16 << 10;

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
        let path = Board::named("path:4").unwrap();
        sweep(
            &path,
            path.full() & !1,
            Goal::OnePeg,
            &Budget::default(),
            &Quiet,
        )
        .unwrap();
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

/// Small boards: the triangles of four and five rows, little pictures and graphs.
fn small_boards() -> Vec<Board> {
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
    .map(|name| Board::named(name).unwrap())
    .to_vec();
    for (name, picture) in [
        ("4x4", "oooo\noooo\noooo\noooo"),
        ("plus", " o \nooo\nooo\nooo\n o "),
        ("L", "oo##\noooo\noooo\n#ooo"),
    ] {
        boards.push(Board::from_picture(name, picture).unwrap());
    }
    boards
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
    let _alone = serial();
    for board in small_boards() {
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
    let _alone = serial();
    for board in small_boards() {
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
    let graphs: Vec<Board> = graph_families(7)
        .iter()
        .map(|name| Board::named(name).unwrap())
        .collect();
    let (_, accounts, allocated) = accounted(|budget| {
        classify_graphs(&graphs, DEFAULT_LIMIT, budget, &mut |_, _| true).unwrap();
    });
    assert_bounded("classify", &accounts, allocated);
    assert_eq!(accounts.len(), 1, "one meter for the whole run");
    assert!(accounts[0].estimate.is_some());
}

/// The English central game: a search of thousands of positions with a separating LP, far
/// below its estimate but held as it grows its table.
#[test]
fn the_english_search_holds_its_table() {
    let _alone = serial();
    let english = Board::named("english").unwrap();
    let (start, goal) = (english.default_start(), english.default_goal());
    let (_, accounts, allocated) = accounted(|budget| {
        solve(&english, start, goal, DEFAULT_LIMIT, budget).unwrap();
    });
    assert_bounded("english", &accounts, allocated);
    let corner = Goal::PegAt(english.hole_named("c1").unwrap());
    let french = Board::named("french").unwrap();
    let d2 = french.parse_start("d2").unwrap();
    let d6 = Goal::PegAt(french.hole_named("d6").unwrap());
    for (board, start, goal) in [(&english, start, corner), (&french, d2, d6)] {
        let (_, accounts, allocated) = accounted(|budget| {
            solve_pruning_after(board, start, goal, 200_000, 0, budget).unwrap();
        });
        assert_bounded(board.name(), &accounts, allocated);
    }
}

/// A small board with a start and a goal, the empty and the full position among them often.
fn small_game() -> impl Strategy<Value = (Board, Position, Goal)> {
    let board = (1usize..=4, 1usize..=5)
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
    board.prop_flat_map(|board| {
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

#[test]
fn every_engine_is_bounded_on_random_games() {
    let _alone = serial();
    let mut runner = TestRunner::new(Config::with_cases(40));
    runner
        .run(&small_game(), |(board, start, goal)| {
            check_every_engine(&board, start, goal);
            Ok(())
        })
        .unwrap();
}

#[test]
fn lp_probe() {
    let _alone = serial();
    let eight = Board::from_picture("8x8", &"oooooooo\n".repeat(8)).unwrap();
    let mut boards: Vec<Board> = [
        "triangle",
        "english",
        "french",
        "wiegleb",
        "complete:10",
        "complete:16",
        "complete:20",
        "hypercube:6",
        "path:64",
        "petersen",
        "bipartite:10,10",
        "path:2",
        "star:1",
    ]
    .map(|n| Board::named(n).unwrap())
    .to_vec();
    boards.push(eight);
    for board in &boards {
        let start = board.full() & !1;
        let goal = 1u64 << (board.holes() - 1);
        let (_, _, allocated) = accounted(|budget| {
            Pagoda::separating(board, start, goal, budget).unwrap();
        });
        let began = std::time::Instant::now();
        for _ in 0..10 {
            Pagoda::separating(board, start, goal, &Budget::unlimited()).unwrap();
        }
        let t = began.elapsed().as_secs_f64() / 10.0;
        let (steps, bytes) = Pagoda::lp_cost(board);
        eprintln!(
            "LP {} h={} j={} time/lp={:.3} ms steps/lp={steps} bytes est={bytes} allocated={allocated}",
            board.name(),
            board.holes(),
            board.jumps().len(),
            t * 1000.0
        );
    }
    for name in ["english", "french"] {
        let board = Board::named(name).unwrap();
        let budget = Budget::unlimited();
        let began = std::time::Instant::now();
        single_vacancies(&board, DEFAULT_LIMIT, false, &budget, &Quiet, &mut |_| true).unwrap();
        let t = began.elapsed().as_secs_f64();
        let work = budget.accounts()[0].work;
        eprintln!(
            "STARTS {name} {:.3} s {work} steps {:.2} ns/step",
            t,
            t * 1e9 / work as f64
        );
    }
    for (name, vacancy, finish, limit) in [
        ("english", "d4", "d4", 50_000_000),
        ("french", "d2", "d6", 3_000_000),
        ("wiegleb", "e5", "e5", 2_000_000),
    ] {
        let board = Board::named(name).unwrap();
        let start = board.parse_start(vacancy).unwrap();
        let goal = Goal::PegAt(board.hole_named(finish).unwrap());
        let budget = Budget::unlimited();
        let began = std::time::Instant::now();
        let outcome = solve(&board, start, goal, limit, &budget).unwrap();
        let t = began.elapsed().as_secs_f64();
        let work = budget.accounts()[0].work;
        eprintln!(
            "SOLVE {name} {} {:.3} s {work} steps {:.2} ns/step",
            outcome.verdict(),
            t,
            t * 1e9 / work as f64
        );
    }
}
