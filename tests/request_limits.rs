//! Every request is bounded before it starts. Each request
//! below aborted (exit 134), ran out of memory or ran for minutes on `main`; under a 4 GB
//! address-space limit and a time bound (see `limited`) each must now answer or be refused
//! with exit 2, the refusal naming the estimate and the limit. The estimates themselves are checked to be
//! upper bounds of the work counted by running the computations they stand for.

use std::process::{Command, Output, Stdio};
use unhop::automata::{fibbinary, fibbinary_period_break, next_fibbinary, period_break};
use unhop::boards::{Board, ilp, ilp_bytes};
use unhop::budget::Budget;
use unhop::games::{
    Convention, GraphSize, ImpartialGame, Nim, NoRepeat, NoRepeatPosition, Octal, OddWins,
    OddWinsPosition, Played, Retrograde, Rules, Solver, Subtraction,
};

/// Held while a request that computes for seconds runs, so that they do not share the cores.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Runs the binary with `args` under `ulimit -v 4000000`, standard input empty, stopped after
/// 120 s of CPU time (`ulimit -St`, so that other work on the machine cannot fail the test) or
/// 600 s of wall-clock time.
pub(crate) fn limited(args: &[&str]) -> Output {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    Command::new("timeout")
        .args(["-k", "5", "600"])
        .arg("sh")
        .arg("-c")
        .arg("ulimit -v 4000000; ulimit -St 120; exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_unhop"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("timeout and sh run")
}

/// Asserts a refusal: exit 2 (not 134, 137 or timeout's 124) and a message with every one of
/// `words` (the estimate and the limit); returns the message.
fn refused(args: &[&str], words: &[&str]) -> String {
    let out = limited(args);
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    for word in words {
        assert!(err.contains(word), "{args:?}: {word:?} not in {err}");
    }
    err
}

/// Asserts a refusal under `--json` (which `args` must include): exit 2 and one JSON object on
/// standard error, alone on its line, with the estimate, the limit and their unit; nothing on
/// standard output. Returns the object.
fn refused_json(args: &[&str]) -> serde_json::Value {
    let out = limited(args);
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    let object: serde_json::Value = serde_json::from_str(&err).unwrap();
    for field in ["estimate", "limit", "unit", "message"] {
        assert!(!object[field].is_null(), "{args:?}: no {field} in {err}");
    }
    assert!(out.stdout.is_empty(), "{args:?}");
    object
}

/// The message of a memory refusal names the estimate and the limit in exact bytes.
const MEMORY: [&str; 3] = ["needs an estimated", "bytes", "the limit is"];

/// The infinite board's dense table (misère statistics; under normal play they come from the
/// table of its cores) and the core table itself, past the process's 4 GB.
#[test]
fn dense_tables_beyond_the_process_limit_are_refused() {
    for len in ["31", "32", "33"] {
        let err = refused(
            &["table", "--max-len", len, "--stats", "--rule", "misere"],
            &MEMORY,
        );
        // The 4 GB address-space limit is tighter than this machine's memory.
        assert!(err.contains("RLIMIT_AS") || err.contains("cgroup"), "{err}");
    }
    let cores = [
        "table",
        "--max-len",
        "37",
        "--stats",
        "--max-work",
        "100000000000",
    ];
    let err = refused(&cores, &MEMORY);
    assert!(err.contains("the core table of length 37"), "{err}");
    let dir = tempfile::tempdir().unwrap();
    let chart = dir.path().join("stats.svg");
    let chart = chart.to_str().unwrap();
    let args = [
        "plot",
        "stats",
        "--max-len",
        "31",
        "--board",
        "infinite",
        "--rule",
        "misere",
        "-o",
        chart,
    ];
    refused(&args, &MEMORY);
    assert!(!std::path::Path::new(chart).exists());
}

/// A table beyond what any memory allows is a refusal with the table's bytes against
/// the memory limit, as one JSON object under --json, not an input error; so are the charts and
/// class tables that build one.
#[test]
fn tables_beyond_the_memory_are_refused_in_bytes_as_one_json_object() {
    for len in ["60", "1000"] {
        for args in [
            &["table", "--max-len", len, "--stats", "--json"][..],
            &[
                "table",
                "--max-len",
                len,
                "--stats",
                "--json",
                "--board",
                "finite",
            ],
            &["plot", "stats", "--max-len", len, "--json"],
            &["probe", "classes", "--max-len", len, "--json"],
        ] {
            let object = refused_json(args);
            assert_eq!(object["kind"], "refused", "{args:?}");
            assert_eq!(object["unit"], "bytes", "{args:?}");
            let (estimate, limit) = (object["estimate"].as_f64(), object["limit"].as_f64());
            assert!(estimate > limit, "{args:?}: {object}");
        }
    }
    // Listing every word is bounded by the words listed.
    let object = refused_json(&["table", "--max-len", "25", "--board", "finite", "--json"]);
    assert_eq!(object["unit"], "words listed");
    assert_eq!(object["estimate"].as_u64(), Some((1 << 26) - 2));
}

/// `graph nim 1999 --json` took 3.4 GB to write 80 MB. A graph is written a position
/// at a time now, so it answers under the 4 GB limit in every format; graphs beyond the budget
/// of every game and rule are refused (or give up) with the figures.
#[test]
fn position_graphs_answer_or_are_refused_with_their_figures() {
    let out = limited(&["graph", "nim", "1999", "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let graph: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let positions = graph["positions"].as_array().unwrap();
    assert_eq!(positions.len(), 2000);
    let moves: usize = positions
        .iter()
        .map(|p| p["moves"].as_array().unwrap().len())
        .sum();
    assert_eq!(moves, 1999 * 2000 / 2);
    for format in ["--dot", "--text"] {
        let args: Vec<&str> = ["graph", "nim", "1999", format]
            .into_iter()
            .filter(|a| *a != "--text")
            .collect();
        assert_eq!(limited(&args).status.code(), Some(0), "{args:?}");
    }
    let object = refused_json(&["graph", "nim", "3000", "--json"]);
    assert_eq!(
        (object["estimate"].as_u64(), object["limit"].as_u64()),
        (Some(3001), Some(2000))
    );
    let object = refused_json(&["graph", "nim", "1999", "--max-work", "10", "--json"]);
    assert_eq!(object["unit"], "moves");
    for rule in ["normal", "misere", "no-repeat", "odd-wins"] {
        let args = [
            "graph",
            "subtraction",
            "99999",
            "--set",
            "1..4096",
            "--rule",
            rule,
            "--json",
        ];
        let object = refused_json(&args);
        assert_eq!(
            (&object["kind"], &object["unit"]),
            (&"refused".into(), &"moves".into())
        );
    }
    // An octal game's graph is not bounded in advance: it gives up at the positions' limit,
    // or is refused when its start alone has more moves than the work allows.
    let object = refused_json(&["graph", "octal", "100000", "--code", "0.77", "--json"]);
    assert_eq!(
        (&object["kind"], &object["unit"]),
        (&"gave_up".into(), &"positions".into())
    );
    let object = refused_json(&["graph", "octal", "99999999", "--code", "0.77", "--json"]);
    assert_eq!(object["estimate"].as_u64(), Some(99_999_999));
}

/// The octal command's work limit is the global --max-work, in the rare-value method's steps.
#[test]
fn octal_takes_the_global_work_limit() {
    let args = [
        "octal",
        "0.77",
        "--max-heap",
        "50000",
        "--max-work",
        "1000",
        "--json",
    ];
    let object = refused_json(&args);
    assert_eq!(
        (&object["kind"], &object["unit"]),
        (&"gave_up".into(), &"steps".into())
    );
    assert_eq!(object["limit"].as_u64(), Some(1000));
    let out = limited(&["octal", "--help"]);
    let help = String::from_utf8_lossy(&out.stdout);
    assert_eq!(help.matches("--max-work <UNITS>").count(), 1, "{help}");
}

/// A family whose words do not grow with n is bounded by its members.
#[test]
fn a_family_is_bounded_by_its_members() {
    let object = refused_json(&["family", "1(0^0)^n", "--n", "0..200000", "--json"]);
    assert_eq!(object["estimate"].as_u64(), Some(200_001));
    assert_eq!(object["unit"], "members");
}

/// The words of a refusal by the number of moves.
const MOVES: [&str; 3] = ["needs an estimated", "moves", "the limit is 30000000 moves"];

#[test]
fn nim_by_retrograde_analysis_counts_the_moves() {
    let err = refused(&["nim", "999999", "--method", "exhaustive"], &MOVES);
    // 10^6 positions, 999999 × 10^6 / 2 moves: exact.
    assert!(err.contains("499999500000 moves"), "{err}");
    refused(&["nim", "500", "500", "--method", "exhaustive"], &MOVES);
    refused(&["nim", "99", "99", "99", "--method", "exhaustive"], &MOVES);
}

#[test]
fn subtraction_games_by_retrograde_analysis_count_the_moves() {
    let cases: [&[&str]; 3] = [
        &[
            "subtraction",
            "1..4096",
            "1999999",
            "--method",
            "exhaustive",
        ],
        &[
            "subtraction",
            "1..4096",
            "--max-heap",
            "100000",
            "--rule",
            "misere",
        ],
        &[
            "subtraction",
            "1..4096",
            "--max-heap",
            "100000",
            "--rule",
            "odd-wins",
        ],
    ];
    for args in cases {
        let err = refused(args, &MOVES);
        // The set is named in short.
        assert!(err.contains("{1..4096}"), "{err}");
    }
}

/// A table with a large set, refused before by the options of the plain loop, is computed by
/// the rare-value method until a proved period fills in the rest: the closed form's losing
/// heaps, the multiples of 4097.
#[test]
fn a_normal_play_table_with_a_large_set_is_filled_by_its_period() {
    let out = limited(&["subtraction", "1..4096", "--max-heap", "1000000", "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let object: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let losing: Vec<u64> = serde_json::from_value(object["losing"].clone()).unwrap();
    let want: Vec<u64> = (0..=1_000_000).filter(|n| n % 4097 == 0).collect();
    assert_eq!(losing, want);
    assert_eq!(object["period"], 4097);
}

#[test]
fn playing_nim_on_a_large_heap_is_refused_before_the_game_graph_is_built() {
    refused(&["play", "nim", "199999"], &MOVES);
}

#[test]
fn a_large_integer_program_is_refused_before_it_is_written() {
    let err = refused(
        &["board", "ilp", "--board", "complete:64"],
        &[
            "needs an estimated",
            "bytes",
            "the limit is 536870912 bytes",
        ],
    );
    assert!(err.contains("complete:64"), "{err}");
}

#[test]
fn the_parikh_witnesses_for_a_huge_preperiod_are_found_at_once() {
    let s = 824_633_720_832u64;
    let out = limited(&[
        "probe",
        "parikh",
        "--max-period",
        "1",
        "--max-preperiod",
        &s.to_string(),
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    // The row of period 1: "   1  false  … ∈ S, … ∉ S: true   m (in), m + 1 (in)".
    let row = text
        .lines()
        .find(|l| l.trim_start().starts_with("1 "))
        .unwrap();
    let witness = row.rsplit(": ").next().unwrap();
    let least: u64 = witness.split_whitespace().nth(1).unwrap().parse().unwrap();
    assert!(least >= s, "{row}");
    assert_ne!(fibbinary(least), fibbinary(least + 1), "{row}");
    // No m from s to the witness is in S (they all start with the bits 11 of s): the witness
    // is the number just below the first member.
    assert_eq!(next_fibbinary(s), Some(least + 1), "{row}");
}

#[test]
fn a_long_dense_grundy_word_is_refused_by_the_moves_it_needs() {
    refused(
        &["grundy", "--board", "finite", "(1101)^12"],
        &["gave up after", "past its limit of 12000000 moves"],
    );
}

#[test]
fn a_long_octal_code_on_large_heaps_gives_up_or_is_refused() {
    let code = format!("0.{}", "7".repeat(4096));
    let err = refused(
        &["octal", &code, "--max-heap", "100000", "--summary"],
        &[
            "gave up after",
            "past its limit of 6000000000 steps",
            "--max-work",
        ],
    );
    assert!(err.contains("4096 digits"), "{err}");
    refused(
        &["octal", &code, "--max-heap", "100000", "--method", "plain"],
        &[
            "needs an estimated 9826597133312 options",
            "the limit is 10000000000 options",
        ],
    );
}

// Estimates are upper bounds of the real counts.

/// The positions and moves of a solved game graph, and the most moves from one position.
fn counted<R: Rules>(solved: &Retrograde<R>) -> GraphSize {
    let positions = solved.positions().len();
    let degrees = (0..positions).map(|k| solved.moves_of(k).len() as u128);
    GraphSize {
        positions: positions as u128,
        moves: degrees.clone().sum(),
        max_degree: degrees.max().unwrap_or(0),
    }
}

/// Whether `size` bounds every figure of `counted`.
fn bounds(size: GraphSize, counted: GraphSize) -> bool {
    counted.positions <= size.positions
        && counted.moves <= size.moves
        && counted.max_degree <= size.max_degree
}

#[test]
fn the_nim_estimate_is_the_exact_size_of_the_game_graph() {
    for heaps in [
        vec![0],
        vec![5],
        vec![3, 4],
        vec![2, 0, 6],
        vec![1, 2, 3, 4],
    ] {
        let game = Played::new(Nim, Convention::Normal);
        let solved = Retrograde::solve(&game, &heaps, &Budget::unlimited()).unwrap();
        assert_eq!(Nim::graph_size(&heaps), counted(&solved), "{heaps:?}");
        let estimate = Nim::retrograde_estimate(&heaps);
        assert_eq!(estimate.work, counted(&solved).moves);
    }
}

#[test]
fn the_subtraction_estimates_bound_the_game_graphs() {
    let budget = Budget::unlimited();
    for set in ["1..3", "2,5", "1,4,7", "3..6,11"] {
        let set = Subtraction::parse(set).unwrap();
        for heaps in [vec![0], vec![17], vec![9, 4], vec![3, 5, 2]] {
            let game = Played::new(set.clone(), Convention::Misere);
            let solved = Retrograde::solve(&game, &heaps, &budget).unwrap();
            let size = set.graph_size(&heaps);
            assert!(bounds(size, counted(&solved)), "{set} {heaps:?}");
            if set.set()[0] == 1 {
                // Every position below the heaps is reachable: exact.
                assert_eq!(size, counted(&solved), "{set} {heaps:?}");
            }
        }
        for max in [0, 1, 10, 40] {
            // The mex loop's options for the table: the octal twin counts them exactly.
            assert_eq!(
                set.to_octal().exhaustive_work(max as usize),
                set.moves_up_to(max)
            );
            let starts: Vec<Vec<u64>> = (0..=max).map(|n| vec![n]).collect();
            let game = Played::new(set.clone(), Convention::Misere);
            let solved = Retrograde::solve_all(&game, &starts, &budget).unwrap();
            assert!(
                bounds(set.graph_size(&[max]), counted(&solved)),
                "{set} {max}"
            );

            let no_repeat = NoRepeat::new(set.clone());
            let starts: Vec<_> = (0..=max).map(NoRepeatPosition::start).collect();
            let solved = Retrograde::solve_all(&no_repeat, &starts, &budget).unwrap();
            let size = no_repeat.graph_size(max);
            assert!(bounds(size, counted(&solved)), "no-repeat {set} {max}");

            if let Ok(odd) = OddWins::new(set.clone()) {
                let starts: Vec<_> = (0..=max)
                    .filter(|n| n % 2 == 1)
                    .map(OddWinsPosition::start)
                    .collect();
                let solved = Retrograde::solve_all(&odd, &starts, &budget).unwrap();
                let size = odd.graph_size(max);
                assert!(bounds(size, counted(&solved)), "odd-wins {set} {max}");
            }
        }
    }
}

#[test]
fn a_retrograde_analysis_stops_at_its_move_limit() {
    let game = Played::new(Nim, Convention::Normal);
    let heaps = vec![4, 6];
    let moves = Nim::graph_size(&heaps).moves as u64;
    let within = Budget::unlimited().with_max_work(moves);
    assert!(Retrograde::solve(&game, &heaps, &within).is_ok());
    let below = Budget::unlimited().with_max_work(moves - 1);
    let err = Retrograde::solve(&game, &heaps, &below).err().unwrap();
    assert_eq!(err.kind(), unhop::ErrorKind::GaveUp);
    assert_eq!(err.figures().unwrap().limit, u128::from(moves - 1));
    assert_eq!(err.figures().unwrap().unit, "moves");
}

#[test]
fn the_plain_octal_estimate_counts_every_option() {
    for code in [
        "0.77",
        "0.07",
        "0.007",
        "4.07",
        "0.137",
        "0.333",
        "0.6",
        "grundy",
        "0.7777777",
    ] {
        let game: Octal = code.parse().unwrap();
        for max in [0, 1, 7, 60] {
            let options: u128 = (0..=max as u64)
                .map(|n| game.heap_moves(n).len() as u128)
                .sum();
            let estimate = game.exhaustive_work(max);
            if game.is_grundy() {
                assert!(options <= estimate, "{code} {max}");
            } else {
                assert_eq!(options, estimate, "{code} {max}");
            }
        }
    }
}

#[test]
fn the_ilp_estimate_bounds_the_model_length() {
    for name in [
        "english",
        "french",
        "triangle",
        "complete:8",
        "path:12",
        "wiegleb",
    ] {
        let Ok(board) = Board::named(name) else {
            continue;
        };
        let (start, goal) = (board.default_start(), board.default_goal());
        let model = ilp(&board, start, goal, &unhop::budget::Budget::default()).unwrap();
        let estimate = ilp_bytes(&board, start, goal);
        assert!(model.len() as u128 <= estimate, "{name}");
        // Not wildly above either: the estimate decides refusals.
        assert!(
            estimate <= 3 * model.len() as u128,
            "{name}: {estimate} {}",
            model.len()
        );
    }
}

#[test]
fn the_fibbinary_witness_search_agrees_with_the_plain_scan() {
    for s in (0..300).chain([1000, 4095, 3 << 12, 0b1011 << 10]) {
        for p in 1..=20u64 {
            let limit = (s.max(3 * p) + 1).next_power_of_two() + 3 * p;
            assert_eq!(
                fibbinary_period_break(s, p, limit, 1 << 20),
                Ok(period_break(&fibbinary, s, p, limit)),
                "s = {s}, p = {p}"
            );
        }
    }
    // next_fibbinary against a scan.
    for x in 0..5000u64 {
        let scan = (x..).find(|&m| fibbinary(m)).unwrap();
        assert_eq!(next_fibbinary(x), Some(scan), "{x}");
    }
}

#[test]
fn a_solver_stops_at_its_move_limit_and_counts_exactly() {
    let game = Subtraction::parse("1..3").unwrap();
    let mut solver = Solver::new(game.clone());
    assert_eq!(solver.try_value(&vec![30]).unwrap(), 30 % 4);
    let moves = solver.moves_listed();
    // Heaps 1 to 30 were valued once each: 1 + 2 + 3 × 28 moves.
    let expected: u64 = (1..=30u64).map(|h| game.moves(&vec![h]).len() as u64).sum();
    assert_eq!(moves, expected);
    let budget = |work| Budget::unlimited().with_max_work(work);
    let mut bounded = Solver::with_budget(game.clone(), &budget(moves));
    assert!(bounded.try_value(&vec![30]).is_ok());
    let mut bounded = Solver::with_budget(game, &budget(moves - 1));
    let err = bounded.try_value(&vec![30]).unwrap_err();
    assert_eq!(err.figures().unwrap().limit, u128::from(moves - 1));
}

#[test]
fn learning_is_bounded_in_length() {
    // 20 ran past a minute on main; the bound is now 18.
    let err = refused(
        &["learn", "solitaire", "--max-len", "19"],
        &["from 2 to 18"],
    );
    assert!(err.contains("19"), "{err}");
}
