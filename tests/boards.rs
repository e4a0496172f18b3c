//! Two-dimensional peg solitaire: boards and their symmetries, position classes, the solver,
//! the counts and the minimum moves, each against its slow twin (plain recursion over raw
//! positions) on every small board here; the integer program solved by a real MIP solver;
//! the command line's errors.

use proptest::prelude::*;
use std::collections::BTreeSet;
use std::process::Command;
use unhop::boards::{
    Board, DEFAULT_LIMIT, Goal, Jump, Outcome, Position, PositionClasses, count, exhaustive, ilp,
    min_moves, moves, replay, solve, sweep,
};
use unhop::budget::Budget;
use unhop::{Method, Quiet};

pub(crate) mod games;

use games::{small_boards, small_game_spec};

/// A small board with a start and a goal: the empty and the full position among them often.
fn small_game() -> impl Strategy<Value = (Board, Position, Goal)> {
    small_game_spec().prop_map(|spec| spec.build())
}

/// Every position reachable from `start`, by plain recursion with no limit but the memory.
pub(crate) fn reachable(board: &Board, start: Position) -> BTreeSet<Position> {
    exhaustive::reachable(board, start, &Budget::unlimited()).unwrap()
}

/// The positions of `all` that can reach `goal`, by plain recursion.
pub(crate) fn finishing(board: &Board, all: &BTreeSet<Position>, goal: Goal) -> BTreeSet<Position> {
    exhaustive::finishing(board, all, goal, &Budget::unlimited()).unwrap()
}

/// Whether `goal` can be reached from `start`, by plain recursion.
pub(crate) fn can_finish(board: &Board, start: Position, goal: Goal) -> bool {
    finishing(board, &reachable(board, start), goal).contains(&start)
}

/// The number of jump sequences from `start` to `goal`, by plain recursion.
pub(crate) fn sequences(board: &Board, start: Position, goal: Goal) -> u128 {
    let all = finishing(board, &reachable(board, start), goal);
    exhaustive::sequences(board, start, goal, &all, &Budget::unlimited()).unwrap()
}

/// Every single-vacancy start of a board.
fn vacancies(board: &Board) -> Vec<Position> {
    (0..board.holes())
        .map(|h| board.full() & !(1 << h))
        .collect()
}

#[test]
fn named_boards_have_their_sizes_and_symmetries() {
    for (name, holes, symmetries) in [
        ("english", 33, 8),
        ("french", 37, 8),
        ("wiegleb", 45, 8),
        ("triangle", 15, 6),
    ] {
        let board = Board::named(name).unwrap();
        assert_eq!(
            (board.holes(), board.symmetries().order()),
            (holes, symmetries),
            "{name}"
        );
    }
    let english = Board::named("english").unwrap();
    assert_eq!(english.centre(), english.hole_named("d4"));
    assert_eq!(Board::named("triangle").unwrap().centre(), None);
}

#[test]
fn every_symmetry_maps_jumps_onto_jumps() {
    for name in ["english", "french", "wiegleb", "triangle", "triangle:7"] {
        let board = Board::named(name).unwrap();
        let jumps: BTreeSet<(u8, u8, u8)> = board
            .jumps()
            .iter()
            .map(|j| (j.from, j.over, j.to))
            .collect();
        for perm in board.symmetries().permutations() {
            let image: BTreeSet<(u8, u8, u8)> = jumps
                .iter()
                .map(|&(a, b, c)| (perm[a as usize], perm[b as usize], perm[c as usize]))
                .collect();
            assert_eq!(image, jumps, "{name}");
        }
        // The byte tables agree with applying the permutation hole by hole.
        let group = board.symmetries();
        for (g, perm) in group.permutations().iter().enumerate() {
            for seed in 0..50u64 {
                let p = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) & board.full();
                assert_eq!(group.apply(g, p), exhaustive::permute(perm, p));
            }
        }
    }
}

#[test]
fn position_classes_are_invariant_and_english_has_sixteen() {
    for board in small_boards()
        .into_iter()
        .chain(["english", "french"].map(|n| Board::named(n).unwrap()))
    {
        let classes = PositionClasses::of(&board);
        for &v in classes.basis() {
            for j in board.jumps() {
                assert_eq!(
                    (v & (j.pegs_needed() | 1 << j.to)).count_ones() % 2,
                    0,
                    "{}",
                    board.name()
                );
            }
        }
        // Maximal: every set orthogonal to all jumps is a sum of basis sets (checked on
        // single-hole differences: two holes are in one class iff no basis set separates them).
        if board.holes() <= 16 {
            let dimension = classes.basis().len();
            let mut space = BTreeSet::new();
            for v in 0u64..1 << board.holes() {
                if board
                    .jumps()
                    .iter()
                    .all(|j| (v & (j.pegs_needed() | 1 << j.to)).count_ones() % 2 == 0)
                {
                    space.insert(v);
                }
            }
            assert_eq!(space.len(), 1 << dimension, "{}", board.name());
        }
    }
    let english = Board::named("english").unwrap();
    let classes = PositionClasses::of(&english);
    assert_eq!(classes.basis().len(), 4);
    // The rule of three: a single peg may move three holes along a line and stay in its class.
    let class_of = |name: &str| classes.class(1 << english.hole_named(name).unwrap());
    for same in ["d1", "d7", "a4", "g4", "a1", "g7"]
        .iter()
        .filter(|n| english.hole_named(n).is_some())
    {
        assert_eq!(class_of(same), class_of("d4"), "{same}");
    }
    for other in ["d3", "d5", "c4", "e4", "c3"] {
        assert_ne!(class_of(other), class_of("d4"), "{other}");
    }
}

#[test]
fn english_central_game_is_solved_in_31_jumps_and_replayed() {
    let english = Board::named("english").unwrap();
    let outcome = solve(
        &english,
        english.default_start(),
        english.default_goal(),
        DEFAULT_LIMIT,
        &Budget::default(),
    )
    .unwrap();
    let Outcome::Solved(jumps) = outcome else {
        panic!("{outcome:?}")
    };
    assert_eq!(jumps.len(), 31);
    let centre = english.hole_named("d4").unwrap();
    let positions = replay(
        &english,
        english.default_start(),
        &jumps,
        Goal::PegAt(centre),
    )
    .unwrap();
    assert_eq!(positions.last(), Some(&(1u64 << centre)));
}

#[test]
fn the_solver_agrees_with_plain_recursion_on_every_single_vacancy_of_small_boards() {
    for board in small_boards() {
        for start in vacancies(&board) {
            for goal in [Goal::OnePeg, Goal::PegAt(0), Goal::PegAt(board.holes() - 1)] {
                let expected = can_finish(&board, start, goal);
                let outcome =
                    solve(&board, start, goal, DEFAULT_LIMIT, &Budget::default()).unwrap();
                match outcome {
                    Outcome::Solved(jumps) => {
                        assert!(expected, "{} {start:b}", board.name());
                        replay(&board, start, &jumps, goal).unwrap();
                    }
                    Outcome::ClassMismatch(_)
                    | Outcome::PagodaBound(_)
                    | Outcome::Exhausted { .. } => {
                        assert!(!expected, "{} {start:b} {goal:?}", board.name())
                    }
                    Outcome::GaveUp { .. } => panic!("gave up on a small board"),
                }
            }
        }
    }
}

/// The sweep's levels and sequences against the exhaustive twin's report (plain recursion
/// over raw positions, classes found hole by hole).
#[test]
fn counts_agree_with_plain_enumeration_on_small_boards() {
    for board in small_boards() {
        for start in vacancies(&board).into_iter().step_by(3) {
            for goal in [Goal::OnePeg, Goal::PegAt(board.holes() / 2)] {
                let fast = sweep(&board, start, goal, &Budget::default(), &Quiet).unwrap();
                let slow = exhaustive::count(&board, start, goal, &Budget::default()).unwrap();
                let name = board.name();
                assert_eq!(fast.levels, slow.levels, "{name} start {start:b} {goal:?}");
                assert_eq!(fast.sequences, slow.sequences, "{name}");
            }
        }
    }
}

#[test]
fn the_triangle_has_29760_solutions_from_a_corner() {
    let triangle = Board::named("triangle").unwrap();
    let start = triangle.default_start();
    let fast = sweep(&triangle, start, Goal::OnePeg, &Budget::default(), &Quiet).unwrap();
    assert_eq!(fast.sequences, 29_760u32.into());
    assert_eq!(sequences(&triangle, start, Goal::OnePeg), 29_760);
    assert_eq!(fast.totals().0, reachable(&triangle, start).len() as u64);
}

#[test]
fn minimum_moves_agree_with_plain_breadth_first_search() {
    for board in small_boards() {
        for start in vacancies(&board).into_iter().step_by(2) {
            let goal = Goal::OnePeg;
            let s = sweep(&board, start, goal, &Budget::default(), &Quiet).unwrap();
            let fast = min_moves(&board, start, goal, &s, &Budget::default()).unwrap();
            let slow = exhaustive::min_moves(&board, start, goal, &Budget::default()).unwrap();
            // The same length and the same number of classes first reached after each move.
            assert_eq!(
                fast.as_ref().map(|m| (m.moves.len(), &m.first_reached)),
                slow.as_ref().map(|m| (m.moves.len(), &m.first_reached)),
                "{} {start:b}",
                board.name()
            );
            if let Some(m) = &slow {
                let jumps: Vec<Jump> = m.moves.concat();
                replay(&board, start, &jumps, goal).unwrap();
            }
            if let Some(m) = fast {
                // Each move is a chain of one peg, and the chains replay to the goal.
                for chain in &m.moves {
                    assert!(chain.windows(2).all(|w| w[0].to == w[1].from));
                }
                let jumps: Vec<Jump> = m.moves.concat();
                replay(&board, start, &jumps, goal).unwrap();
            }
        }
    }
}

#[test]
fn the_replay_checker_rejects_illegal_jumps() {
    let english = Board::named("english").unwrap();
    let h = |name: &str| english.hole_named(name).unwrap() as u8;
    let start = english.default_start();
    let good = Jump {
        from: h("d2"),
        over: h("d3"),
        to: h("d4"),
    };
    assert!(replay(&english, start, &[good], Goal::Pattern(good.apply(start))).is_ok());
    let not_in_line = Jump {
        from: h("c3"),
        over: h("d3"),
        to: h("d4"),
    };
    assert!(
        replay(&english, start, &[not_in_line], Goal::OnePeg)
            .unwrap_err()
            .to_string()
            .contains("line")
    );
    let occupied = Jump {
        from: h("d1"),
        over: h("d2"),
        to: h("d3"),
    };
    assert!(
        replay(&english, start, &[occupied], Goal::OnePeg)
            .unwrap_err()
            .to_string()
            .contains("occupied")
    );
    let missing = Jump {
        from: h("d4"),
        over: h("d3"),
        to: h("d2"),
    };
    assert!(replay(&english, start, &[good, missing], Goal::OnePeg).is_err());
    let too_far = Jump {
        from: 40,
        over: 1,
        to: 2,
    };
    assert!(replay(&english, start, &[too_far], Goal::OnePeg).is_err());
}

#[test]
fn bad_boards_are_refused_with_a_clear_message() {
    let ragged = Board::from_picture("r", "ooo\noo\nooo")
        .unwrap_err()
        .to_string();
    assert!(
        ragged.contains("ragged") && ragged.contains("line 2"),
        "{ragged}"
    );
    assert!(
        Board::from_picture("e", "   \n###\n")
            .unwrap_err()
            .to_string()
            .contains("no holes")
    );
    assert!(
        Board::from_picture("c", "oo\noz")
            .unwrap_err()
            .to_string()
            .contains("'z' at line 2, column 2")
    );
    assert!(
        Board::named("nonesuch")
            .unwrap_err()
            .to_string()
            .contains("unknown board")
    );
    assert!(Board::named("hypercube:7").is_err());
    assert!(
        Board::named("edges:1-2,2-2")
            .unwrap_err()
            .to_string()
            .contains("loop")
    );
    let english = Board::named("english").unwrap();
    assert!(
        english
            .parse_start("zz9")
            .unwrap_err()
            .to_string()
            .contains("--start")
    );
}

#[test]
fn the_command_line_refuses_bad_boards_with_exit_2() {
    let exe = env!("CARGO_BIN_EXE_unhop");
    let dir = tempfile::tempdir().unwrap();
    let ragged = dir.path().join("ragged.txt");
    std::fs::write(&ragged, "ooo\noo\nooo\n").unwrap();
    for board in [ragged.to_str().unwrap(), "nonesuch", "cycle:2"] {
        let out = Command::new(exe)
            .args(["board", "solve", "--board", board])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{board}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(board.split(':').next().unwrap()),
            "{board}"
        );
        assert!(out.stdout.is_empty());
    }
    // No solution: exit 1 (the French board's central game is ruled out by class).
    let args = ["board", "solve", "--board", "french", "--json"];
    let out = Command::new(exe).args(args).output().unwrap();
    crate::common::schema::check_output(&args, &out.stdout, &out.stderr);
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(
        json["reason"]
            .as_str()
            .unwrap()
            .contains("position classes")
    );
}

/// Solves the integer program of the triangle with HiGHS (`pip install highspy`) and replays
/// the jumps it chose; skips with a message when Python or highspy is missing.
#[test]
fn the_integer_program_is_solved_by_highs_and_its_jumps_replay() {
    let have_highs = Command::new("python3")
        .args(["-c", "import highspy"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !have_highs {
        crate::common::skipped(
            "the integer program's test needs highspy, the Python module of the MIP solver \
             HiGHS, which is missing (python3 -m pip install highspy)",
        );
        return;
    }
    let board = Board::from_picture("small", "oooo\noooo\noo.o").unwrap();
    let board_start = board.default_start();
    let goal = match solve(
        &board,
        board_start,
        Goal::OnePeg,
        DEFAULT_LIMIT,
        &Budget::default(),
    )
    .unwrap()
    {
        Outcome::Solved(jumps) => {
            let positions = replay(&board, board_start, &jumps, Goal::OnePeg).unwrap();
            Goal::PegAt(positions.last().unwrap().trailing_zeros() as usize)
        }
        other => panic!("the test board should be solvable: {other:?}"),
    };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("model.lp");
    std::fs::write(
        &path,
        ilp(&board, board_start, goal, &Budget::default()).unwrap(),
    )
    .unwrap();
    let script = r#"
import sys, highspy
h = highspy.Highs()
h.setOptionValue("output_flag", False)
h.readModel(sys.argv[1])
h.run()
print("status", h.modelStatusToString(h.getModelStatus()))
print("objective", h.getInfo().objective_function_value)
lp = h.getLp()
values = h.getSolution().col_value
for name, value in zip(lp.col_names_, values):
    if name.startswith("y") and value > 0.5:
        print("chosen", name)
"#;
    let out = Command::new("python3")
        .args(["-c", script, path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let field = |key: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(key))
            .map(str::trim)
    };
    assert_eq!(field("status "), Some("Optimal"), "{text}");
    assert_eq!(
        field("objective ").and_then(|v| v.parse::<f64>().ok()),
        Some(1.0)
    );
    let mut chosen: Vec<(usize, usize)> = text
        .lines()
        .filter_map(|l| l.strip_prefix("chosen "))
        .map(|name| {
            let (j, t) = name[1..].split_once('_').unwrap();
            (t.parse().unwrap(), j.parse().unwrap())
        })
        .collect();
    chosen.sort_unstable();
    let steps = board_start.count_ones() as usize - 1;
    assert_eq!(
        chosen.iter().map(|c| c.0).collect::<Vec<_>>(),
        (1..=steps).collect::<Vec<_>>()
    );
    let jumps: Vec<Jump> = chosen.iter().map(|&(_, j)| board.jumps()[j]).collect();
    replay(&board, board_start, &jumps, goal).unwrap();
}

#[test]
fn graph_classification_agrees_with_plain_recursion_and_beeler_hoilman() {
    use unhop::boards::classify;
    for name in [
        "path:5",
        "path:6",
        "cycle:5",
        "cycle:6",
        "star:2",
        "star:4",
        "complete:6",
        "bipartite:1,3",
        "bipartite:3,3",
        "hypercube:3",
        "petersen",
    ] {
        let board = Board::named(name).unwrap();
        let result = classify(&board, DEFAULT_LIMIT, &Budget::default()).unwrap();
        let expected: Vec<usize> = (0..board.holes())
            .filter(|&v| {
                let start = board.full() & !(1 << v);
                can_finish(&board, start, Goal::OnePeg)
            })
            .collect();
        assert_eq!(result.solvable_vacancies, expected, "{name}");
        assert!(result.undecided.is_empty());
    }
    // Published: stars with three or more leaves are not solvable; complete graphs, the
    // Petersen graph and hypercubes are freely solvable (Beeler and Hoilman 2011).
    let solvability = |name: &str| {
        classify(
            &Board::named(name).unwrap(),
            DEFAULT_LIMIT,
            &Budget::default(),
        )
        .unwrap()
    };
    assert!(!solvability("star:5").solvable());
    for name in ["complete:7", "petersen", "hypercube:3"] {
        assert!(solvability(name).freely_solvable(), "{name}");
    }
}

#[test]
fn single_vacancy_tables_agree_with_plain_recursion_on_the_triangle() {
    use unhop::boards::single_vacancies;
    let triangle = Board::named("triangle").unwrap();
    // A limit of one dead position makes the search give up, so the sweep settles the rest.
    let budget = Budget::default();
    let forced = single_vacancies(&triangle, 1, true, &budget, &Quiet, &mut |_| true).unwrap();
    let mut streamed = Vec::new();
    let rows = single_vacancies(
        &triangle,
        DEFAULT_LIMIT,
        false,
        &budget,
        &Quiet,
        &mut |row| {
            streamed.push(row.vacancy);
            true
        },
    )
    .unwrap();
    assert_eq!(streamed, rows.iter().map(|r| r.vacancy).collect::<Vec<_>>());
    for row in rows.into_iter().chain(forced) {
        let start = triangle.full() & !(1 << row.vacancy);
        let all = reachable(&triangle, start);
        for (finish, outcome) in row.finishes {
            let possible = finishing(&triangle, &all, Goal::PegAt(finish)).contains(&start);
            assert_eq!(
                matches!(outcome, Outcome::Solved(_)),
                possible,
                "vacancy {} finish {finish}",
                row.vacancy
            );
            assert!(!matches!(outcome, Outcome::GaveUp { .. }));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Every board command with a slow twin gives its answer by both: `count` (levels, the
    /// sequences, the symmetries), `moves` (the number of moves and the positions first
    /// reached after each), and `solve` and its twin (solved exactly when plain recursion
    /// reaches the goal); on boards and graphs of up to 20 holes, from and to any position, the empty and
    /// the full one included. The start is always counted, with its own level.
    #[test]
    fn every_fast_method_agrees_with_its_twin((board, start, goal) in small_game()) {
        let budget = Budget::unlimited();
        let name = board.name().to_string();
        let fast = count(&board, start, goal, Method::Fast, &budget, &Quiet).unwrap();
        let slow = count(&board, start, goal, Method::Exhaustive, &budget, &Quiet).unwrap();
        prop_assert_eq!(&fast.levels, &slow.levels, "{} {:b} {:?}", name, start, goal);
        prop_assert_eq!(&fast.sequences, &slow.sequences, "{} {:b} {:?}", name, start, goal);
        prop_assert_eq!(fast.symmetries, slow.symmetries);
        let top = fast.levels[0];
        prop_assert_eq!((top.pegs, top.up_to_symmetry), (start.count_ones(), 1));
        let possible = can_finish(&board, start, goal);
        prop_assert_eq!(fast.sequences > 0u32.into(), possible);
        prop_assert_eq!(top.finishing_up_to_symmetry, u64::from(possible));

        let quick = moves(&board, start, goal, Method::Fast, &budget, &Quiet).unwrap();
        let plain = moves(&board, start, goal, Method::Exhaustive, &budget, &Quiet).unwrap();
        prop_assert_eq!(
            quick.as_ref().map(|m| (m.moves.len(), &m.first_reached)),
            plain.as_ref().map(|m| (m.moves.len(), &m.first_reached)),
            "{} {:b} {:?}", name, start, goal
        );
        prop_assert_eq!(quick.is_some(), possible);
        for best in quick.iter().chain(&plain) {
            replay(&board, start, &best.moves.concat(), goal).unwrap();
        }

        match solve(&board, start, goal, DEFAULT_LIMIT, &budget).unwrap() {
            Outcome::Solved(jumps) => {
                prop_assert!(possible, "{} {:b} {:?}", name, start, goal);
                replay(&board, start, &jumps, goal).unwrap();
            }
            Outcome::GaveUp { .. } => prop_assert!(false, "gave up on a small board"),
            _ => prop_assert!(!possible, "{} {:b} {:?}", name, start, goal),
        }
        match exhaustive::solve(&board, start, goal, &budget).unwrap() {
            Outcome::Solved(jumps) => {
                prop_assert!(possible, "{} {:b} {:?}", name, start, goal);
                replay(&board, start, &jumps, goal).unwrap();
            }
            outcome => {
                prop_assert!(!possible, "{} {:b} {:?}", name, start, goal);
                prop_assert_eq!(outcome.verdict(), unhop::boards::Verdict::Impossible);
            }
        }
    }
}

/// The start with no pegs: reachable (its own level), and the goal when the goal
/// is the empty pattern, reached in 0 moves by the one empty sequence, by both methods.
#[test]
fn the_empty_start_is_counted_and_reached_in_no_moves() {
    let board = Board::from_picture("empty", "....\n....\n").unwrap();
    let budget = Budget::default();
    for method in [Method::Fast, Method::Exhaustive] {
        for (goal, reached) in [(Goal::Pattern(0), true), (board.default_goal(), false)] {
            let report = count(&board, 0, goal, method, &budget, &Quiet).unwrap();
            let finishing = u64::from(reached);
            assert_eq!(report.totals(), (1, 1), "{method:?} {goal:?}");
            assert_eq!(report.finishing_totals(), (finishing, finishing));
            assert_eq!(report.sequences, finishing.into(), "{method:?} {goal:?}");
            let best = moves(&board, 0, goal, method, &budget, &Quiet).unwrap();
            assert_eq!(
                best.map(|b| (b.moves.len(), b.first_reached)),
                reached.then(|| (0, vec![1]))
            );
        }
    }
}

/// `board count` and `board moves` take `--method` and print the same numbers either way.
#[test]
fn the_command_line_counts_and_moves_by_either_method_agree() {
    for command in ["count", "moves"] {
        for board in ["triangle", "petersen", "hypercube:3"] {
            let run = |method: &str| {
                let args = [
                    "board", command, "--board", board, "--json", "--method", method,
                ];
                let out = Command::new(env!("CARGO_BIN_EXE_unhop"))
                    .args(args)
                    .output()
                    .unwrap();
                crate::common::schema::check_output(&args, &out.stdout, &out.stderr);
                assert!(
                    out.status.code().unwrap() <= 1,
                    "{command} {board} {method}"
                );
                let mut value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
                assert_eq!(value["method"], method);
                value.as_object_mut().unwrap().remove("method");
                // The moves themselves may differ; their number and the proof may not.
                value.as_object_mut().unwrap().remove("moves");
                value
            };
            assert_eq!(run("fast"), run("exhaustive"), "{command} {board}");
        }
    }
}

/// The size the library gives for the integer program is the size of the model it writes,
/// counted from the text: the names after `Binary` and the named rows under `Subject To`.
#[test]
fn the_integer_program_size_matches_the_model_written() {
    use unhop::boards::ilp_size;
    for board in small_boards() {
        let start = board.default_start();
        let patterned = Goal::Pattern(1 << (board.holes() - 1));
        for goal in [board.default_goal(), Goal::OnePeg, patterned] {
            let model = ilp(&board, start, goal, &Budget::default()).unwrap();
            let (_, after) = model.split_once("\nBinary\n").unwrap();
            let variables = after.split_whitespace().filter(|w| *w != "End").count();
            let (_, body) = model.split_once("Subject To\n").unwrap();
            let (rows, _) = body.split_once("Binary\n").unwrap();
            let constraints = rows.lines().filter(|l| l.contains(':')).count();
            let size = ilp_size(&board, start, goal);
            assert_eq!(
                (size.variables, size.constraints),
                (variables as u64, constraints as u64),
                "{} {goal:?}",
                board.name()
            );
        }
    }
}

/// Hostile requests (boards too large, searches without end, the empty start) through the binary, under `ulimit -v 4000000` and a CPU limit
/// ([`limited`]).
mod hostile_requests {
    use crate::request_limits::limited;
    use serde_json::Value;

    /// The last line of standard output, as JSON.
    fn json_out(out: &std::process::Output) -> Value {
        let text = String::from_utf8_lossy(&out.stdout);
        serde_json::from_str(text.lines().last().unwrap_or("")).unwrap_or(Value::Null)
    }

    /// An empty 4 × 2 board: the start has no peg. To the empty pattern it is solved in 0
    /// moves by the one empty sequence, by both methods; to the default goal (one peg) there
    /// is no way, and still the start is counted.
    #[test]
    fn the_empty_start_is_counted_and_solved_by_both_methods() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("empty.txt");
        std::fs::write(&path, "....\n....\n").unwrap();
        let board = path.to_str().unwrap();
        for method in ["fast", "exhaustive"] {
            for (goal, reached) in [(Some("..../...."), true), (None, false)] {
                let mut args = vec!["--board", board, "--method", method, "--json"];
                args.extend(goal.map(|g| ["--goal", g]).into_iter().flatten());
                let run = |command: &str| {
                    let mut full = vec!["board", command];
                    full.extend(&args);
                    limited(&full)
                };
                let moves = run("moves");
                assert_eq!(moves.status.code(), Some(if reached { 0 } else { 1 }));
                let answer = json_out(&moves);
                let min_moves = if reached { Value::from(0) } else { Value::Null };
                assert_eq!(answer["min_moves"], min_moves, "{method} {goal:?}");
                let count = run("count");
                assert_eq!(count.status.code(), Some(0), "{method} {goal:?}");
                let report = json_out(&count);
                let finishing = u64::from(reached);
                assert_eq!(report["levels"][0]["pegs"], 0);
                assert_eq!(report["levels"][0]["raw"], 1);
                assert_eq!(report["total_raw"], 1, "{method} {goal:?}");
                assert_eq!(report["finishing_raw"], finishing, "{method} {goal:?}");
                assert_eq!(report["sequences"], finishing, "{method} {goal:?}");
            }
        }
    }

    /// `board starts` on the 8 × 8 square ran without end: each pair was bounded, the whole
    /// run was not. Now one budget holds for the whole table: the run stops past its work
    /// limit with exit 2 and the figures (the default limit, then a small one), the rows done
    /// before it printed.
    #[test]
    fn the_single_vacancy_starts_of_the_8_by_8_square_stop_at_one_budget() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("8x8.txt");
        std::fs::write(&path, "xxxxxxxx\n".repeat(8)).unwrap();
        let board = path.to_str().unwrap();
        for max_work in [None, Some("300000000")] {
            let mut args = vec!["board", "starts", "--board", board, "--json"];
            args.extend(max_work.map(|w| ["--max-work", w]).into_iter().flatten());
            let out = limited(&args);
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{max_work:?}: {err}");
            let error: Value = serde_json::from_str(err.trim()).unwrap();
            assert_eq!(error["kind"], "gave_up", "{err}");
            assert_eq!(error["unit"], "steps", "{err}");
            let limit = max_work.map_or(5_000_000_000, |w| w.parse().unwrap());
            assert_eq!(error["limit"], limit, "{err}");
            let spent = error["estimate"].as_u64().unwrap();
            // Charged every 65,536 steps at most, and a linear program at once.
            assert!(spent > limit && spent < limit + (1 << 21), "{err}");
            // The first row (the corner, every finish ruled out by class) came first.
            assert!(json_out(&out)["vacancy"].is_string(), "{max_work:?}");
        }
    }

    /// Control bytes in graph vertex names were printed raw. Every output now shows them
    /// escaped: text, JSON, the integer program, the SVG drawing, the messages.
    #[test]
    fn control_bytes_in_vertex_names_are_escaped_everywhere() {
        let dir = tempfile::tempdir().unwrap();
        let graph = dir.path().join("names.txt");
        // A path a – x\x1b[31m – b\x07: a jumps over x into b.
        std::fs::write(&graph, "a x\u{1b}[31m\nx\u{1b}[31m b\u{7}\n").unwrap();
        let spec = format!("graph:{}", graph.display());
        let svg = dir.path().join("steps.svg");
        let runs: [&[&str]; 9] = [
            &["board", "show", "--board", &spec],
            &["board", "show", "--board", &spec, "--json"],
            &[
                "board", "solve", "--board", &spec, "--start", "oo.", "--goal", "b\u{7}",
            ],
            &[
                "board", "solve", "--board", &spec, "--start", "oo.", "--goal", "b\u{7}", "--json",
            ],
            &[
                "board",
                "solve",
                "--board",
                &spec,
                "--start",
                "oo.",
                "--goal",
                "b\u{7}",
                "--svg",
                svg.to_str().unwrap(),
            ],
            &[
                "board", "moves", "--board", &spec, "--start", "oo.", "--goal", "b\u{7}",
            ],
            &["board", "ilp", "--board", &spec],
            &["board", "starts", "--board", &spec],
            &["board", "solve", "--board", &spec, "--goal", "\u{1b}nope"],
        ];
        let raw = |bytes: &[u8]| bytes.iter().any(|&b| b < 0x20 && b != b'\n');
        for args in runs {
            let out = limited(args);
            assert!(out.status.code().unwrap() <= 2, "{args:?}");
            assert!(
                !raw(&out.stdout),
                "{args:?}: {}",
                String::from_utf8_lossy(&out.stdout)
            );
            assert!(
                !raw(&out.stderr),
                "{args:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        let shown = limited(&["board", "show", "--board", &spec]);
        let text = String::from_utf8(shown.stdout).unwrap();
        assert!(
            text.contains(r"x\x1b[31m") && text.contains(r"b\x07"),
            "{text}"
        );
        let drawing = std::fs::read(&svg).unwrap();
        assert!(!raw(&drawing));
        assert!(
            String::from_utf8(drawing)
                .unwrap()
                .contains(r"a-x\x1b[31m-b\x07")
        );
        // A picture file whose name holds an escape: named escaped in the output.
        let picture = dir.path().join("pic\u{1b}[2J.txt");
        std::fs::write(&picture, "ooo\no.o\n").unwrap();
        let out = limited(&["board", "count", "--board", picture.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(0));
        assert!(!raw(&out.stdout));
        assert!(
            String::from_utf8(out.stdout)
                .unwrap()
                .contains(r"pic\x1b[2J.txt")
        );
    }
}

/// A pair whose sweep fails ends the table with that error, its kind and figures kept: it is
/// neither an undecided pair nor an answer.
#[test]
fn an_error_in_a_pair_of_the_starts_table_is_not_swallowed() {
    use unhop::boards::single_vacancies;
    let triangle = Board::named("triangle").unwrap();
    // The searches give up at once (a limit of one dead position); each sweep may keep 10
    // positions only.
    let budget = Budget::default().with_max_positions(10);
    let err = single_vacancies(&triangle, 1, true, &budget, &Quiet, &mut |_| true).unwrap_err();
    assert_eq!(err.kind(), unhop::ErrorKind::GaveUp, "{err}");
    let figures = err.figures().unwrap();
    assert_eq!((figures.limit, figures.unit.as_str()), (10, "positions"));
    // A refusal stays a refusal: the memory of one search over the limit.
    let budget = Budget::default().with_max_bytes(1000);
    let err = single_vacancies(
        &triangle,
        DEFAULT_LIMIT,
        false,
        &budget,
        &Quiet,
        &mut |_| true,
    )
    .unwrap_err();
    assert_eq!(err.kind(), unhop::ErrorKind::Refused, "{err}");
    assert_eq!(err.figures().unwrap().unit, "bytes");
}

/// The command line's `--json` is the library's report serialised: `board show`, `solve`,
/// `count` and `moves` of a few games, field for field, as the Python module and the page
/// return them.
#[test]
fn the_command_lines_json_is_the_librarys_report() {
    use unhop::boards::{BoardReport, CountSummary, MovesReport, SolveReport};
    let budget = Budget::default();
    for (name, goal) in [
        ("triangle", "any"),
        ("triangle", "13"),
        ("row:110101", "any"),
        ("row:1001", "any"),
        ("petersen", "any"),
    ] {
        let board = Board::named(name).unwrap();
        let start = board.default_start();
        let target = board.parse_goal(goal).unwrap();
        let run = |command: &str| {
            let out = crate::common::unhop(
                &["board", command, "--board", name, "--goal", goal, "--json"],
                None,
            );
            serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
        };
        let outcome = solve(&board, start, target, DEFAULT_LIMIT, &budget).unwrap();
        assert_eq!(
            run("solve"),
            value(&SolveReport::new(&board, start, target, &outcome).unwrap()),
            "{name}"
        );
        assert_eq!(
            run("show"),
            value(&BoardReport::new(&board, start, target)),
            "{name}"
        );
        let counts = count(&board, start, target, Method::Fast, &budget, &Quiet).unwrap();
        assert_eq!(
            run("count"),
            value(&CountSummary::new(&board, start, target, &counts)),
            "{name}"
        );
        let best = moves(&board, start, target, Method::Fast, &budget, &Quiet).unwrap();
        let report = MovesReport::new(&board, start, target, Method::Fast, best.as_ref());
        let mut cli = run("moves");
        // The moves of a shortest solution may be another shortest solution's.
        assert_eq!(cli["min_moves"], value(&report)["min_moves"], "{name}");
        if let Some(moves) = value(&report).get("moves") {
            cli["moves"] = moves.clone();
        }
        assert_eq!(cli, value(&report), "{name}");
    }
}

/// A report as a JSON value.
fn value(report: &impl serde::Serialize) -> serde_json::Value {
    serde_json::to_value(report).unwrap()
}

/// The row of a word (`--board row:WORD`) is the word on the finite board: one peg can be
/// left exactly when the one-dimensional solver reduces the word to one peg, for every word
/// of 2 to 9 cells, and the row's jumps are the word's hops.
#[test]
fn a_row_board_plays_its_word_on_the_finite_board() {
    use unhop::solitaire;
    let budget = Budget::default();
    for len in 2..=9u32 {
        for bits in 0..1u32 << len {
            let text: String = (0..len)
                .map(|i| if bits >> i & 1 == 1 { '1' } else { '0' })
                .collect();
            let word: unhop::Word = text.parse().unwrap();
            let row = Board::named(&format!("row:{text}")).unwrap();
            assert_eq!(row.position_text(row.default_start()), text);
            let outcome = solve(
                &row,
                row.default_start(),
                Goal::OnePeg,
                DEFAULT_LIMIT,
                &budget,
            )
            .unwrap();
            let one_peg = solitaire::solve(&word, solitaire::Board::Finite)
                .unwrap()
                .min_pegs
                == 1;
            assert_eq!(matches!(outcome, Outcome::Solved(_)), one_peg, "{text}");
            if let Outcome::Solved(jumps) = outcome {
                replay(&row, row.default_start(), &jumps, Goal::OnePeg).unwrap();
                // Every jump is along the row: from, over and to consecutive cells.
                assert!(
                    jumps
                        .iter()
                        .all(|j| j.from.abs_diff(j.over) == 1 && j.over.abs_diff(j.to) == 1)
                );
            }
        }
    }
    assert!(Board::named("row:1").is_err());
    assert!(
        Board::named("row:12")
            .unwrap_err()
            .to_string()
            .contains("row:12")
    );
}

/// A printed solution lists its jumps, each picture headed by its jump with no ordinal number.
#[test]
fn a_printed_solution_heads_each_picture_with_its_jump_and_no_number() {
    let out = crate::common::unhop(&["board", "solve", "--board", "triangle"], None);
    let text = String::from_utf8(out.stdout).unwrap();
    let first = text.lines().next().unwrap();
    let jumps: Vec<&str> = first.rsplit(": ").next().unwrap().split(' ').collect();
    assert_eq!(jumps.len(), 13, "{first}");
    // The headings after the start's picture: blank line, then the jump, then its picture.
    let headings: Vec<&str> = text
        .split("\n\n")
        .skip(2)
        .map(|block| block.lines().next().unwrap())
        .collect();
    assert_eq!(headings, jumps, "{text}");
}

/// `board solve` and `board classify` take `--method`: the slow twin finds a solution exactly
/// when the fast search does (each replayed), and classifies every graph alike.
#[test]
fn the_command_line_solves_and_classifies_by_either_method_alike() {
    for (board, goal) in [
        ("triangle", "13"),
        ("triangle", "5"),
        ("triangle", "any"),
        ("row:1101101", "any"),
        ("row:110101", "any"),
        ("petersen", "any"),
        ("cycle:5", "any"),
    ] {
        let run = |method: &str| {
            let args = [
                "board", "solve", "--board", board, "--goal", goal, "--method", method, "--json",
            ];
            let out = crate::common::unhop(&args, None);
            let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            (out.status.code(), report)
        };
        let ((fast_code, fast), (slow_code, slow)) = (run("fast"), run("exhaustive"));
        assert_eq!(fast_code, slow_code, "{board} {goal}");
        assert_eq!(fast["solvable"], slow["solvable"], "{board} {goal}");
        assert_eq!(
            fast["final"].is_null(),
            slow["final"].is_null(),
            "{board} {goal}"
        );
    }
    let classify = |method: &str| {
        let out = crate::common::unhop(
            &[
                "board",
                "classify",
                "--max-vertices",
                "6",
                "--method",
                method,
                "--json",
            ],
            None,
        );
        assert_eq!(out.status.code(), Some(0));
        out.stdout
    };
    assert_eq!(classify("fast"), classify("exhaustive"));
    // The twin takes small boards only, as `count` and `moves` do.
    let out = crate::common::unhop(&["board", "solve", "--method", "exhaustive"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("at most 20 holes"));
}

/// `board show --dot` draws the board's graph: one node per hole (the start's pegs filled),
/// an undirected edge per pair of neighbours: 52 on the English board (26 along the rows, 26
/// along the columns), 30 on the triangle, the 15 edges of the Petersen graph (every vertex
/// of degree 3) and the 10 of K_5; Graphviz reads it; with `--json` the same text is the
/// report's "dot" field.
#[test]
fn board_show_draws_the_boards_graph_in_dot() {
    for (name, holes, edges, degree) in [
        ("english", 33, 52, None),
        ("triangle", 15, 30, None),
        ("petersen", 10, 15, Some(3)),
        ("complete:5", 5, 10, Some(4)),
    ] {
        let out = crate::common::unhop(&["board", "show", "--board", name, "--dot"], None);
        assert!(out.status.success(), "{name}");
        let text = String::from_utf8(out.stdout).unwrap();
        let nodes: Vec<&str> = text.lines().filter(|l| l.contains("[style=")).collect();
        assert_eq!(nodes.len(), holes, "{name}");
        let board = Board::named(name).unwrap();
        let pegs = nodes.iter().filter(|l| l.contains("style=filled")).count();
        assert_eq!(pegs as u32, board.default_start().count_ones(), "{name}");
        let lines: BTreeSet<(String, String)> = text
            .lines()
            .filter_map(|l| l.trim().trim_end_matches(';').split_once(" -> "))
            .map(|(a, b)| {
                (
                    a.trim_matches('"').to_string(),
                    b.trim_matches('"').to_string(),
                )
            })
            .collect();
        assert_eq!(lines.len(), edges, "{name}");
        if let Some(degree) = degree {
            for hole in 0..holes {
                let hole = board.hole_name(hole);
                let touching = lines.iter().filter(|(a, b)| a == hole || b == hole).count();
                assert_eq!(touching, degree, "{name}: {hole}");
            }
        }
        let json =
            crate::common::unhop(&["board", "show", "--board", name, "--dot", "--json"], None);
        let report: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
        assert_eq!(report["dot"], text.as_str(), "{name}");
        match Command::new("dot")
            .arg("-Tjson")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
        {
            Ok(mut child) => {
                use std::io::Write;
                child
                    .stdin
                    .take()
                    .unwrap()
                    .write_all(text.as_bytes())
                    .unwrap();
                let drawn = child.wait_with_output().unwrap();
                assert!(drawn.status.success(), "{name}: Graphviz rejects the DOT");
                let drawn: serde_json::Value = serde_json::from_slice(&drawn.stdout).unwrap();
                assert_eq!(drawn["objects"].as_array().unwrap().len(), holes, "{name}");
            }
            Err(_) => {
                crate::common::skipped("board show --dot through Graphviz: `dot` is not installed")
            }
        }
    }
}
