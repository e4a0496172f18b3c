//! Sliding puzzles: every fast method against a slow twin.
//!
//! * the parity test against breadth-first search over all 9! arrangements of the 8-puzzle;
//! * the IDA* solver against the exact distances of all 181,440 solvable 8-puzzle positions;
//! * pattern databases against a plain 0-1 breadth-first search over (placement, gap cell),
//!   and table for table against the first, simpler builder, on one thread and on two;
//! * the additive heuristic (with reflection) never above the exact distance;
//! * the 15-puzzle solver against plain IDA* on random boards, and against Korf's published
//!   optimal lengths on his easiest instances;
//! * the fallback, the disk cache and the command line;
//! * the solving policy ([`SolverConfig`]) shared by `slide solve` and `slide play`, its notes
//!   and progress while it builds databases, and the exhaustive twins behind `--method`.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use rayon::prelude::*;
use std::collections::VecDeque;
use std::process::Command;
use unhop::budget::Budget;
use unhop::sliding::cache::{Origin, file_name, load, load_or_build_all};
use unhop::sliding::exhaustive::{distance_table, manhattan_distance, plain_ida_star};
use unhop::sliding::random::{random_walk, shuffled};
use unhop::sliding::{
    AdditivePdbs, Board, Estimate, Game, Geometry, Guide, Heuristic, Hint, LinearConflict, Outcome,
    PatternDb, Search, Solution, Solver, SolverConfig, State, fallback, ida_star, replay,
    solvability,
};
use unhop::{ErrorKind, Method, Progress, Quiet};

fn board(text: &str) -> Board {
    text.parse().unwrap()
}

fn solved(outcome: Outcome) -> Solution {
    match outcome {
        Outcome::Solved(s) => s,
        Outcome::Unsolvable(why) => panic!("unexpectedly unsolvable: {why}"),
    }
}

#[test]
fn parse_errors_name_the_problem_and_its_position() {
    let cases = [
        ("1 2 3 4 5 6 7 8 8", "tile 8 appears twice", Some(16)),
        ("1 2 3 4 5 6 7 8", "8 entries", None),
        ("1 2 3 4 5 6 7 8 9", "too large", Some(16)),
        (
            "1 2 3 / 4 x 6 / 7 8 0",
            "'x' is not a tile number",
            Some(10),
        ),
        ("1 2 3 4 5 6 7 8 _ 0", "10 entries", None),
        ("0 1 2 3 4 5 6 7 _", "a second gap", Some(16)),
    ];
    for (text, message, position) in cases {
        let err = Board::parse(text).unwrap_err();
        assert!(err.to_string().contains(message), "{text}: {err}");
        assert_eq!(err.column(), position, "{text}: {err}");
    }
    let b = board("5,1,2,4/9,6,3,8/13,10,7,11/_,14,15,12");
    assert_eq!(b, board("5 1 2 4 9 6 3 8 13 10 7 11 0 14 15 12"));
    assert_eq!(board(&b.to_string()), b);
}

/// Every arrangement of 0..9 in lexicographic order (Heap's algorithm would do as well).
fn permutations(n: u8) -> Vec<Vec<u8>> {
    let mut out = vec![vec![]];
    for _ in 0..n {
        out = out
            .into_iter()
            .flat_map(|p| {
                (0..n)
                    .filter(|t| !p.contains(t))
                    .map(|t| {
                        let mut q = p.clone();
                        q.push(t);
                        q
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
    }
    out
}

#[test]
fn parity_test_agrees_with_breadth_first_search_on_all_9_factorial_boards() {
    for goal in [
        Board::solved(3, false),
        Board::solved(3, true),
        board("1 2 3 8 0 4 7 6 5"),
    ] {
        let table = distance_table(&goal, &Budget::default()).unwrap();
        assert_eq!(table.len(), 181_440);
        for cells in permutations(9) {
            let b = Board::from_cells(&cells).unwrap();
            assert_eq!(
                solvability(&b, &goal).unwrap().is_solvable(),
                table.contains_key(&b),
                "{b}"
            );
        }
    }
}

#[test]
fn parity_test_on_the_15_puzzle() {
    let goal = Board::solved(4, false);
    let swapped = board("1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 0");
    let why = solvability(&swapped, &goal).unwrap();
    let why = why.unsolvable().unwrap().to_string();
    assert!(
        why.contains("1 inversions + gap on row 1 from the bottom = 2, even"),
        "{why}"
    );
    let mut rng = StdRng::seed_from_u64(3);
    for _ in 0..200 {
        for goal in [Board::solved(4, false), Board::solved(4, true)] {
            // Boards reached by slides are solvable; exchanging two tiles makes them not.
            let b = random_walk(&goal, 101, &mut rng);
            assert!(solvability(&b, &goal).unwrap().is_solvable());
            let mut cells = b.cells().to_vec();
            let tiles: Vec<usize> = (0..16).filter(|&c| cells[c] != 0).collect();
            cells.swap(tiles[3], tiles[11]);
            let exchanged = Board::from_cells(&cells).unwrap();
            assert!(!solvability(&exchanged, &goal).unwrap().is_solvable());
            let drawn = shuffled(&goal, &mut rng);
            assert!(solvability(&drawn, &goal).unwrap().is_solvable());
        }
    }
}

/// Checks on every position of `table` that `h` is at least Manhattan and at most the exact
/// distance, zero only at the goal, and that its update after each slide equals its value
/// from scratch; returns how many positions it puts above Manhattan.
fn check_heuristic<H: Heuristic>(
    h: &H,
    goal: &Board,
    table: &rustc_hash::FxHashMap<Board, u8>,
) -> usize {
    let geometry = Geometry::new(goal.width());
    let mut above_manhattan = 0;
    for (b, &d) in table {
        let state = State::new(b, goal);
        let (estimate, memo) = h.evaluate(&state);
        let md = manhattan_distance(b, goal);
        assert!(
            estimate <= d as u32 && estimate >= md,
            "{b}: {estimate} vs {d}"
        );
        assert_eq!(estimate == 0, d == 0);
        above_manhattan += (estimate > md) as usize;
        let gap = state.gap();
        for &from in geometry.neighbours_of(gap) {
            let mut next = state;
            let label = next.slide_from(from);
            assert_eq!(
                h.update(&next, memo, label, from, gap).0,
                h.evaluate(&next).0
            );
        }
    }
    above_manhattan
}

/// The solver on every one of the 181,440 solvable positions against its breadth-first
/// distance (about a minute of CPU, on both cores), and the heuristic never above the
/// distance (what makes IDA* optimal).
#[test]
fn solver_agrees_with_the_exact_distance_of_8_puzzle_positions() {
    let goal = Board::solved(3, false);
    let table = distance_table(&goal, &Budget::default()).unwrap();
    let geometry = Geometry::new(3);
    let h = LinearConflict::new(3);
    let above = check_heuristic(&h, &goal, &table);
    assert!(
        above > 10_000,
        "linear conflicts should often beat Manhattan ({above})"
    );
    let chosen: Vec<(&Board, &u8)> = table.iter().collect();
    let hardest = chosen.iter().filter(|(_, d)| **d >= 30).count();
    let mismatches: Vec<(Board, u8, usize)> = chosen
        .par_iter()
        .filter_map(|&(b, &d)| {
            let run = ida_star(
                &State::new(b, &goal),
                &geometry,
                &h,
                None,
                &Budget::default(),
            );
            let Search::Found(path) = run.search else {
                return Some((*b, d, usize::MAX));
            };
            (path.len() != d as usize).then_some((*b, d, path.len()))
        })
        .collect();
    assert!(
        mismatches.is_empty(),
        "{:?}",
        &mismatches[..mismatches.len().min(5)]
    );
    assert!(hardest > 100, "{hardest} positions of 30 or more moves");
    let hardest: Vec<&Board> = table
        .iter()
        .filter(|(_, d)| **d == 31)
        .map(|(b, _)| b)
        .collect();
    assert_eq!(hardest.len(), 2);
    assert!(hardest.contains(&&board("8 6 7 2 5 4 3 0 1")));
}

#[test]
fn solutions_on_random_8_puzzles_replay_and_match_the_table() {
    let mut rng = StdRng::seed_from_u64(8);
    for goal in [Board::solved(3, false), Board::solved(3, true)] {
        let table = distance_table(&goal, &Budget::default()).unwrap();
        let solver = Solver::new(goal, Guide::LinearConflict(LinearConflict::new(3))).unwrap();
        for _ in 0..300 {
            let b = shuffled(&goal, &mut rng);
            let s = solved(solver.solve(&b, None, &Budget::default()).unwrap());
            assert_eq!(s.tiles.len(), table[&b] as usize);
            assert!(s.proven_optimal && !s.fallback);
            assert!(replay(&b, &goal, &s.tiles).is_ok());
        }
    }
}

/// The slow twin of a pattern database: 0-1 breadth-first search over (placement, gap cell),
/// where a slide of a pattern tile costs 1 and of any other tile 0; the value of a placement
/// is its least distance over gap cells.
fn zero_one_bfs(width: usize, gap_goal: u8, cells: &[u8]) -> Vec<(Vec<u8>, u8)> {
    let n = width * width;
    let g = Geometry::new(width);
    let mut dist: rustc_hash::FxHashMap<(Vec<u8>, u8), u8> = Default::default();
    let mut deque = VecDeque::from([(cells.to_vec(), gap_goal, 0u8)]);
    while let Some((placement, gap, d)) = deque.pop_front() {
        if dist.contains_key(&(placement.clone(), gap)) {
            continue;
        }
        dist.insert((placement.clone(), gap), d);
        for &next in g.neighbours_of(gap) {
            match placement.iter().position(|&p| p == next) {
                Some(i) => {
                    let mut moved = placement.clone();
                    moved[i] = gap;
                    deque.push_back((moved, next, d + 1));
                }
                None => deque.push_front((placement.clone(), next, d)),
            }
        }
    }
    let mut best: rustc_hash::FxHashMap<Vec<u8>, u8> = Default::default();
    for ((p, _), d) in dist {
        let e = best.entry(p).or_insert(d);
        *e = (*e).min(d);
    }
    assert_eq!(best.len(), unhop::sliding::placements(n, cells.len()));
    best.into_iter().collect()
}

#[test]
fn pattern_databases_agree_with_a_plain_zero_one_search() {
    for (width, gap, cells) in [
        (3, 8, vec![0u8, 1, 2, 3]),
        (3, 0, vec![8, 5, 1]),
        (3, 4, vec![0, 2, 6, 8]),
        (4, 15, vec![1, 2, 3]),
        (4, 0, vec![15, 10, 5]),
        (4, 6, vec![0, 5, 15]),
    ] {
        let db = PatternDb::build(width, gap, &cells, &Budget::default(), &mut |_, _| {}).unwrap();
        for (placement, d) in zero_one_bfs(width, gap, &cells) {
            assert_eq!(
                db.value(db.index(&placement)),
                d,
                "{cells:?} at {placement:?}"
            );
        }
    }
    assert!(PatternDb::build(4, 15, &[1, 15], &Budget::default(), &mut |_, _| {}).is_err());
    assert!(PatternDb::build(4, 15, &[1, 1], &Budget::default(), &mut |_, _| {}).is_err());
    assert!(PatternDb::build(4, 15, &[1, 16], &Budget::default(), &mut |_, _| {}).is_err());
}

/// Builds with [`PatternDb::build`] on a pool of `threads` threads (one thread takes the
/// builder's plain path, more its atomic one).
fn build_on(threads: usize, width: usize, gap: u8, cells: &[u8]) -> PatternDb {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(|| {
            PatternDb::build(width, gap, cells, &Budget::default(), &mut |_, _| {}).unwrap()
        })
}

/// Every subset of `cells` with at most `most` elements, in increasing order.
fn subsets(cells: &[u8], most: usize) -> Vec<Vec<u8>> {
    (1u32..1 << cells.len())
        .filter(|m| m.count_ones() as usize <= most)
        .map(|m| {
            (0..cells.len())
                .filter(|&i| m >> i & 1 == 1)
                .map(|i| cells[i])
                .collect()
        })
        .collect()
}

#[test]
fn pattern_databases_equal_the_first_builder_on_every_small_8_puzzle_pattern() {
    for gap in [8u8, 4] {
        let rest: Vec<u8> = (0..9).filter(|&c| c != gap).collect();
        for cells in subsets(&rest, 4) {
            let old = PatternDb::exhaustive(3, gap, &cells, &Budget::default()).unwrap();
            let reversed: Vec<u8> = cells.iter().rev().copied().collect();
            for threads in [1, 2] {
                assert_eq!(build_on(threads, 3, gap, &cells), old, "{cells:?}");
            }
            assert_eq!(
                build_on(1, 3, gap, &reversed),
                PatternDb::exhaustive(3, gap, &reversed, &Budget::default()).unwrap()
            );
        }
    }
}

#[test]
fn pattern_databases_equal_the_first_builder_on_15_puzzle_patterns() {
    for (gap, cells) in [
        (15u8, vec![0u8, 1, 2, 3]),
        (0, vec![15, 11, 10, 7]),
        (15, vec![0, 4, 5, 8, 9]),
        (0, vec![3, 6, 9, 12, 15]),
        (6, vec![0, 5, 15, 3, 12]),
        (15, vec![14, 13, 12, 11, 10]),
    ] {
        let old = PatternDb::exhaustive(4, gap, &cells, &Budget::default()).unwrap();
        for threads in [1, 2] {
            assert_eq!(build_on(threads, 4, gap, &cells), old, "{cells:?}");
        }
    }
}

/// A 6-tile table of the 6-6-3 split (gap last), both builders in the same run: the first
/// takes some seconds.
#[test]
fn a_six_tile_database_of_the_default_split_equals_the_first_builder() {
    let cells = &unhop::sliding::Split::SixSixThree.patterns(15)[0];
    let old = PatternDb::exhaustive(4, 15, cells, &Budget::default()).unwrap();
    assert_eq!(build_on(1, 4, 15, cells), old, "{cells:?}");
    assert_eq!(build_on(2, 4, 15, cells), old, "{cells:?}");
}

#[test]
fn additive_heuristic_with_reflection_is_admissible_on_every_8_puzzle_position() {
    let goal = Board::solved(3, false);
    let table = distance_table(&goal, &Budget::default()).unwrap();
    let dbs = vec![
        PatternDb::build(3, 8, &[0, 1, 2, 3], &Budget::default(), &mut |_, _| {}).unwrap(),
        PatternDb::build(3, 8, &[4, 5, 6, 7], &Budget::default(), &mut |_, _| {}).unwrap(),
    ];
    let h = AdditivePdbs::new(dbs).unwrap();
    assert!(h.reflects());
    let gained = check_heuristic(&h, &goal, &table);
    assert!(
        gained > 10_000,
        "the databases should often beat Manhattan ({gained})"
    );
}

/// A small split of the 15-puzzle (4-4-4-3) whose tables build in well under a second.
fn small_split(gap: u8) -> AdditivePdbs {
    let rest: Vec<u8> = (0..16).filter(|&c| c != gap).collect();
    let dbs = rest
        .chunks(4)
        .map(|cells| PatternDb::build(4, gap, cells, &Budget::default(), &mut |_, _| {}).unwrap())
        .collect();
    AdditivePdbs::new(dbs).unwrap()
}

#[test]
fn fifteen_puzzle_agrees_with_plain_ida_star_on_random_boards() {
    let mut rng = StdRng::seed_from_u64(15);
    for goal in [Board::solved(4, false), Board::solved(4, true)] {
        let pdb = Solver::new(goal, Guide::Patterns(small_split(goal.gap() as u8))).unwrap();
        let lc = Solver::new(goal, Guide::LinearConflict(LinearConflict::new(4))).unwrap();
        for k in 0..12 {
            let b = random_walk(&goal, 20 + 2 * k, &mut rng);
            let reference = plain_ida_star(&b, &goal, 60, &Budget::default())
                .unwrap()
                .unwrap();
            for solver in [&pdb, &lc] {
                let s = solved(solver.solve(&b, None, &Budget::default()).unwrap());
                assert_eq!(s.tiles.len(), reference.len(), "{b}");
                assert!(s.proven_optimal);
                assert!(replay(&b, &goal, &s.tiles).is_ok());
            }
        }
    }
}

#[test]
fn seed_examples() {
    let goal = Board::solved(4, false);
    let lc = Solver::new(goal, Guide::LinearConflict(LinearConflict::new(4))).unwrap();
    let s = solved(
        lc.solve(
            &board("5 1 2 4 9 6 3 8 13 10 7 11 0 14 15 12"),
            None,
            &Budget::default(),
        )
        .unwrap(),
    );
    assert_eq!(s.tiles, [13, 9, 5, 1, 2, 3, 7, 11, 12]);
    let small = Solver::new(
        Board::solved(3, false),
        Guide::LinearConflict(LinearConflict::new(3)),
    );
    let s = solved(
        small
            .unwrap()
            .solve(&board("8 6 7 2 5 4 3 0 1"), None, &Budget::default())
            .unwrap(),
    );
    assert_eq!(s.tiles.len(), 31);
}

/// Korf's instances: (board, published optimal length), goal with the gap first.
fn korf100() -> Vec<(Board, usize)> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/korf100.txt"
    ))
    .unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let numbers: Vec<&str> = l.split_whitespace().collect();
            (
                board(&numbers[..16].join(" ")),
                numbers[16].parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn korfs_easiest_instances_get_their_published_lengths() {
    let instances = korf100();
    assert_eq!(instances.len(), 100);
    let goal = Board::solved(4, true);
    // A 5-5-5 split, built in about a second, is enough for the instances of 41 to 44 moves.
    let dbs = [[1u8, 2, 3, 5, 6], [4, 8, 9, 12, 13], [7, 10, 11, 14, 15]]
        .iter()
        .map(|cells| PatternDb::build(4, 0, cells, &Budget::default(), &mut |_, _| {}).unwrap())
        .collect();
    let solver = Solver::new(goal, Guide::Patterns(AdditivePdbs::new(dbs).unwrap())).unwrap();
    let mut easiest: Vec<&(Board, usize)> =
        instances.iter().filter(|(_, len)| *len <= 44).collect();
    easiest.sort_by_key(|(_, len)| *len);
    assert_eq!(easiest.len(), 7);
    for (b, len) in easiest {
        let s = solved(solver.solve(b, None, &Budget::default()).unwrap());
        assert_eq!(s.tiles.len(), *len, "{b}");
        assert!(replay(b, &goal, &s.tiles).is_ok());
    }
    // The fallback on the first ten: never shorter than the optimum.
    for (b, len) in &instances[..10] {
        let (path, proven) = fallback(&State::new(b, &goal), &Budget::default()).unwrap();
        assert!(!proven && path.len() >= *len);
    }
}

#[test]
fn an_exhausted_budget_falls_back_to_a_replayed_unproven_solution() {
    let mut rng = StdRng::seed_from_u64(4);
    for goal in [
        Board::solved(4, false),
        Board::solved(4, true),
        board("1 2 3 4 5 6 7 8 9 10 0 11 12 13 14 15"),
    ] {
        let lc = Solver::new(goal, Guide::LinearConflict(LinearConflict::new(4))).unwrap();
        for _ in 0..4 {
            let b = shuffled(&goal, &mut rng);
            let now = Some(std::time::Instant::now());
            let s = solved(lc.solve(&b, now, &Budget::default()).unwrap());
            assert!(s.fallback);
            assert!(replay(&b, &goal, &s.tiles).is_ok());
            assert!(s.tiles.len() as u32 >= s.lower_bound);
            assert_eq!(s.proven_optimal, s.tiles.len() as u32 == s.lower_bound);
        }
    }
    // On the 8-puzzle the fallback is a breadth-first search of the whole board: optimal.
    let goal = Board::solved(3, false);
    let table = distance_table(&goal, &Budget::default()).unwrap();
    for _ in 0..20 {
        let b = shuffled(&goal, &mut rng);
        let (path, proven) = fallback(&State::new(&b, &goal), &Budget::default()).unwrap();
        assert!(proven);
        assert_eq!(path.len(), table[&b] as usize);
    }
}

/// The database of the 15-puzzle's tiles on `cells` (gap last) from the cache in `dir`, or
/// built there.
fn load_or_build(dir: &std::path::Path, cells: &[u8]) -> (PatternDb, Origin) {
    let patterns = [cells.to_vec()];
    let mut found =
        load_or_build_all(Some(dir), 4, 15, &patterns, "a", &Budget::default(), &Quiet).unwrap();
    found.remove(0)
}

/// The message of a cached file's rejection.
fn rejected(path: &std::path::Path, cells: &[u8]) -> String {
    load(path, 4, 15, cells, &Budget::default())
        .unwrap_err()
        .to_string()
}

#[test]
fn the_cache_rejects_damaged_files_and_rebuilds_them() {
    let dir = tempfile::tempdir().unwrap();
    let cells = [0u8, 1, 2];
    let (built, origin) = load_or_build(dir.path(), &cells);
    let Origin::Built {
        saved: Ok(path),
        rejected: None,
    } = origin
    else {
        panic!("{origin:?}")
    };
    assert_eq!(path, dir.path().join(file_name(4, 15, &cells)));
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        1,
        "no temporary file left"
    );
    assert_eq!(
        load(&path, 4, 15, &cells, &Budget::default()).unwrap(),
        built
    );
    // The header must match the request.
    assert!(rejected(&path, &[0, 1, 3]).contains("header"));
    let other_gap = load(&path, 4, 14, &cells, &Budget::default()).unwrap_err();
    assert!(other_gap.to_string().contains("header"));
    assert_eq!(other_gap.kind(), ErrorKind::Input);
    // One changed byte in the table, then a cut file.
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    assert!(rejected(&path, &cells).contains("checksum"));
    // A file of the first format (whose 8-tile tables may be wrong) is not read.
    let mut first_format = bytes.clone();
    first_format[8..12].copy_from_slice(&1u32.to_le_bytes());
    std::fs::write(dir.path().join("v1.pdb"), &first_format).unwrap();
    let old = rejected(&dir.path().join("v1.pdb"), &cells);
    assert!(
        old.contains("version 1, and this unhop reads version 2"),
        "{old}"
    );
    let (rebuilt, origin) = load_or_build(dir.path(), &cells);
    assert!(matches!(
        origin,
        Origin::Built { rejected: Some(ref why), .. } if why.to_string().contains("checksum")
    ));
    assert_eq!(rebuilt, built);
    std::fs::write(&path, &bytes[..100]).unwrap();
    assert!(rejected(&path, &cells).contains("entries"));
    std::fs::write(&path, &bytes[..10]).unwrap();
    assert!(rejected(&path, &cells).contains("shorter"));
    let _ = load_or_build(dir.path(), &cells);
    let (_, origin) = load_or_build(dir.path(), &cells);
    assert!(matches!(origin, Origin::Loaded(_)));
}

fn words(command: &str) -> Vec<&str> {
    command.split(' ').collect()
}

fn unhop(args: &[&str], stdin: &str) -> (i32, String, String) {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_unhop"))
        .args(args)
        .env(
            "UNHOP_CACHE_DIR",
            std::env::temp_dir().join("unhop-sliding-test-cache"),
        )
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    crate::common::schema::check_output(args, &out.stdout, &out.stderr);
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn cli_solve_json_is_replayed_and_exit_codes_follow_the_contract() {
    let args = [
        "slide",
        "solve",
        "5 1 2 4 / 9 6 3 8 / 13 10 7 11 / _ 14 15 12",
        "--json",
        "--heuristic",
        "linear-conflict",
    ];
    let (code, out, _) = unhop(&args, "");
    assert_eq!(code, 0);
    let o: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(o["length"], 9);
    assert_eq!(o["proven_optimal"], true);
    assert_eq!(
        o["tiles"],
        serde_json::json!([13, 9, 5, 1, 2, 3, 7, 11, 12])
    );
    assert!(o["nodes"].as_u64().unwrap() > 0);
    // Several arguments are one board; the 8-puzzle needs 31.
    let (code, out, _) = unhop(
        &[
            "slide", "solve", "8", "6", "7", "2", "5", "4", "3", "0", "1",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert!(out.contains("31 moves, proven optimal"), "{out}");
    // Unsolvable: exit 1, with the reason.
    let (code, out, _) = unhop(
        &[
            "slide",
            "solve",
            "1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 0",
            "--json",
        ],
        "",
    );
    assert_eq!(code, 1);
    let o: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(o["solvable"], false);
    assert!(o["reason"].as_str().unwrap().contains("even"));
    // Bad input: exit 2 naming the position.
    let (code, out, err) = unhop(&["slide", "solve", "1 2 3 4 5 6 7 8 8"], "");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.contains("tile 8 appears twice") && err.contains("position 16"),
        "{err}"
    );
    let (code, _, err) = unhop(&["slide", "solve", "1 2 3 4 5 6 7 8 0", "--budget=-1"], "");
    assert!(code == 2 && err.contains("--budget"), "{err}");
    let (code, _, err) = unhop(
        &[
            "slide",
            "solve",
            "1 2 3 4 5 6 7 8 0",
            "--goal",
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0",
        ],
        "",
    );
    assert!(code == 2 && err.contains("3×3"), "{err}");
}

#[test]
fn cli_batches_budget_check_and_shuffle() {
    // A batch on standard input, Korf's goal; a zero budget makes the fallback answer.
    let korf: Vec<String> = korf100()[..3].iter().map(|(b, _)| b.to_string()).collect();
    let (code, out, _) = unhop(
        &words("slide solve - --goal first --budget 0 --json --heuristic manhattan"),
        &(korf.join("\n") + "\n"),
    );
    assert_eq!(code, 0);
    let goal = Board::solved(4, true);
    for (line, (b, len)) in out.lines().zip(korf100()) {
        let o: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(o["proven_optimal"], false);
        assert_eq!(o["fallback"], true);
        let tiles: Vec<u8> = o["tiles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_u64().unwrap() as u8)
            .collect();
        assert!(tiles.len() >= len);
        assert!(replay(&b, &goal, &tiles).is_ok());
    }
    assert_eq!(out.lines().count(), 3);
    let (code, out, _) = unhop(
        &words("slide solve - --goal first --budget 0 --heuristic linear-conflict"),
        &korf[0],
    );
    assert_eq!(code, 0);
    assert!(out.contains("NOT proven shortest"), "{out}");
    // check: a predicate.
    assert_eq!(unhop(&["slide", "check", "1 2 3 4 5 6 7 8 0"], "").0, 0);
    let (code, out, _) = unhop(&["slide", "check", "2 1 3 4 5 6 7 8 0"], "");
    assert!(
        code == 1 && out.contains("unsolvable: 1 inversions"),
        "{out}"
    );
    // shuffle: reproducible with a seed, always solvable.
    let (code, out, _) = unhop(&["slide", "shuffle", "--seed", "5", "--count", "20"], "");
    assert_eq!(code, 0);
    assert_eq!(
        out,
        unhop(&["slide", "shuffle", "--seed", "5", "--count", "20"], "").1
    );
    for line in out.lines() {
        let goal = Board::solved(4, false);
        assert!(solvability(&board(line), &goal).unwrap().is_solvable());
    }
}

#[test]
fn cli_play_from_a_script() {
    // Arrows name the direction a tile moves: left slides the 8 into the gap on its left.
    let (code, out, _) = unhop(&["slide", "play", "1 2 3 4 5 6 7 0 8"], "up\nleft\nq\n");
    assert_eq!(code, 0);
    assert!(out.contains("no tile can slide that way"), "{out}");
    assert!(out.contains("Solved in 1 move!"), "{out}");
    // A tile that is not next to the gap is refused; `a` plays a shortest solution to the end.
    let goal = Board::solved(3, false);
    let table = distance_table(&goal, &Budget::default()).unwrap();
    for seed in ["1", "2", "3"] {
        let (code, out, _) = unhop(&["slide", "play", "--size", "3", "--seed", seed], "9\na\n");
        assert_eq!(code, 0);
        let start: Vec<&str> = out.lines().skip(1).take(3).collect();
        let start = board(&start.join(" ").replace('_', "0"));
        let want = format!("Solved in {} moves!", table[&start]);
        assert!(
            out.contains("there is no tile 9") && out.contains(&want),
            "{out}"
        );
    }
    let (code, _, err) = unhop(&["slide", "play", "2 1 3 4 5 6 7 8 0"], "");
    assert!(code == 2 && err.contains("unsolvable"), "{err}");
}

#[test]
fn an_unsolvable_board_is_answered_without_building_databases() {
    let cache = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_unhop"))
        .args(["slide", "solve", "1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 0"])
        .env("UNHOP_CACHE_DIR", cache.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("unsolvable"));
    assert_eq!(std::fs::read_dir(cache.path()).unwrap().count(), 0);
}

/// Everything a computation reports, in order.
#[derive(Default)]
struct Recorder(std::sync::Mutex<Vec<Event>>);

#[derive(Clone, Debug, PartialEq, Eq)]
enum Event {
    Start(String, Option<u64>),
    Advance(u64),
    Note(String),
}

impl Progress for Recorder {
    fn start(&self, what: &str, total: Option<u64>) {
        self.0
            .lock()
            .unwrap()
            .push(Event::Start(what.into(), total));
    }
    fn advance(&self, work: u64) {
        self.0.lock().unwrap().push(Event::Advance(work));
    }
    fn note(&self, message: &str) {
        self.0.lock().unwrap().push(Event::Note(message.into()));
    }
}

impl Recorder {
    fn events(&self) -> Vec<Event> {
        self.0.lock().unwrap().clone()
    }
}

#[test]
fn the_policy_picks_the_estimate_by_size_and_says_what_it_costs() {
    let config = SolverConfig::new();
    assert_eq!(config.estimate_for(3).unwrap(), Estimate::LinearConflict);
    assert_eq!(config.estimate_for(4).unwrap(), Estimate::Patterns);
    let pdb = config.clone().estimate(Estimate::Patterns);
    assert_eq!(pdb.estimate_for(3).unwrap_err().kind(), ErrorKind::Input);
    // The exhaustive method needs no estimate and no database.
    let exhaustive = config.clone().method(Method::Exhaustive);
    assert!(!exhaustive.uses_databases(4));
    // The cost of the 15-puzzle's databases: the tables of the split, none of them cached in
    // a fresh folder; the 8-puzzle needs none.
    let dir = tempfile::tempdir().unwrap();
    let config = config.cache_dir(Some(dir.path().to_path_buf()));
    for gap_first in [false, true] {
        let goal = Board::solved(4, gap_first);
        let cost = config.cost(&goal).unwrap();
        let split = unhop::sliding::Split::SixSixThree.patterns(goal.gap() as u8);
        assert_eq!(cost.tables.len(), split.len());
        for (table, cells) in cost.tables.iter().zip(&split) {
            assert_eq!(table.cells, *cells);
            assert_eq!(table.bytes, unhop::sliding::placements(16, cells.len()));
            assert!(!table.cached && table.file.as_ref().unwrap().starts_with(dir.path()));
        }
        assert_eq!(cost.bytes_to_build(), cost.bytes());
    }
    let goal = Board::solved(3, false);
    assert_eq!(config.cost(&goal).unwrap().tables, []);
    // Building the 8-puzzle's solver writes nothing and reports nothing.
    let recorder = Recorder::default();
    let solver = config.build(goal, &Budget::default(), &recorder).unwrap();
    assert_eq!(solver.guide().name(), "linear-conflict");
    assert!(recorder.events().is_empty());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn building_databases_says_what_and_where_then_reports_every_entry() {
    let dir = tempfile::tempdir().unwrap();
    let patterns = [vec![0u8, 1, 2, 3], vec![4, 5, 6, 7]];
    let budget = Budget::default();
    let load_or_build = |recorder: &Recorder| {
        load_or_build_all(
            Some(dir.path()),
            3,
            8,
            &patterns,
            "two tables",
            &budget,
            recorder,
        )
        .unwrap()
    };
    let recorder = Recorder::default();
    let built = load_or_build(&recorder);
    let events = recorder.events();
    let folder = dir.path().display().to_string();
    // First a note naming what is built and the folder, then one stage whose work adds up to
    // the entries of the tables, then a note naming each file written.
    let Event::Note(first) = &events[0] else {
        panic!("{events:?}")
    };
    assert!(
        first.contains("building two tables") && first.contains(&folder),
        "{first}"
    );
    let entries: u64 = built.iter().map(|(db, _)| db.len() as u64).sum();
    assert_eq!(
        events[1],
        Event::Start("building two tables".into(), Some(entries))
    );
    let advanced: u64 = events
        .iter()
        .map(|e| match e {
            Event::Advance(w) => *w,
            _ => 0,
        })
        .sum();
    assert_eq!(advanced, entries);
    let written: Vec<&String> = events
        .iter()
        .filter_map(|e| match e {
            Event::Note(n) if n.starts_with("cached ") => Some(n),
            _ => None,
        })
        .collect();
    assert_eq!(written.len(), 2);
    for ((db, origin), note) in built.iter().zip(written) {
        let Origin::Built {
            saved: Ok(path), ..
        } = origin
        else {
            panic!("{origin:?}")
        };
        assert!(note.contains(&path.display().to_string()));
        assert_eq!(
            &load(path, 3, 8, db.cells(), &Budget::default()).unwrap(),
            db
        );
    }
    // The second time everything loads: nothing to say.
    let recorder = Recorder::default();
    load_or_build(&recorder);
    assert!(recorder.events().is_empty());
}

#[test]
fn exhaustive_twins_agree_with_the_fast_methods() {
    let mut rng = StdRng::seed_from_u64(21);
    let goal = Board::solved(3, false);
    let table = distance_table(&goal, &Budget::default()).unwrap();
    let config = SolverConfig::new().time_limit(None);
    let fast = config.build(goal, &Budget::default(), &Quiet).unwrap();
    let slow = config
        .method(Method::Exhaustive)
        .build(goal, &Budget::default(), &Quiet)
        .unwrap();
    for _ in 0..12 {
        let b = shuffled(&goal, &mut rng);
        let (f, s) = (
            solved(fast.run(&b, &Budget::default(), &Quiet).unwrap()),
            solved(slow.run(&b, &Budget::default(), &Quiet).unwrap()),
        );
        assert_eq!(f.tiles.len(), s.tiles.len(), "{b}");
        assert_eq!(s.tiles.len(), table[&b] as usize);
        assert!(s.proven_optimal && !s.fallback && s.nodes > 0);
        assert!(replay(&b, &goal, &s.tiles).is_ok());
    }
    // Short 15-puzzles.
    let goal = Board::solved(4, true);
    let config = SolverConfig::new()
        .estimate(Estimate::LinearConflict)
        .time_limit(None);
    let fast = config.build(goal, &Budget::default(), &Quiet).unwrap();
    let slow = config
        .method(Method::Exhaustive)
        .build(goal, &Budget::default(), &Quiet)
        .unwrap();
    for k in 0..6 {
        let b = random_walk(&goal, 10 + 3 * k, &mut rng);
        let s = solved(slow.run(&b, &Budget::default(), &Quiet).unwrap());
        assert_eq!(
            solved(fast.run(&b, &Budget::default(), &Quiet).unwrap())
                .tiles
                .len(),
            s.tiles.len()
        );
        assert!(replay(&b, &goal, &s.tiles).is_ok());
    }
    // Out of time, the exhaustive method gives up rather than guess.
    let (hard, _) = korf100()[0];
    let rushed = SolverConfig::new()
        .method(Method::Exhaustive)
        .time_limit(Some(std::time::Duration::ZERO))
        .build(Board::solved(4, true), &Budget::default(), &Quiet)
        .unwrap();
    assert_eq!(
        rushed
            .run(&hard, &Budget::default(), &Quiet)
            .unwrap_err()
            .kind(),
        ErrorKind::GaveUp
    );
    let goal = Board::solved(3, false);
    // Reachability by breadth-first search against the parity test; the 15-puzzle refused.
    for _ in 0..20 {
        let mut cells = shuffled(&goal, &mut rng).cells().to_vec();
        if rng.random_bool(0.5) {
            let tiles: Vec<usize> = (0..9).filter(|&c| cells[c] != 0).collect();
            cells.swap(tiles[0], tiles[1]);
        }
        let b = Board::from_cells(&cells).unwrap();
        let twin = unhop::sliding::exhaustive::reachable(&b, &goal, &Budget::default()).unwrap();
        assert_eq!(
            twin.is_solvable(),
            solvability(&b, &goal).unwrap().is_solvable(),
            "{b}"
        );
    }
    let (first, last) = (Board::solved(4, true), Board::solved(4, false));
    let err = unhop::sliding::exhaustive::reachable(&first, &last, &Budget::default()).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Refused);
}

#[test]
fn a_game_follows_its_hints_to_the_goal() {
    let goal = Board::solved(3, false);
    let table = distance_table(&goal, &Budget::default()).unwrap();
    let solver = SolverConfig::new()
        .build(goal, &Budget::default(), &Quiet)
        .unwrap();
    let mut rng = StdRng::seed_from_u64(3);
    for _ in 0..5 {
        let mut game = Game::random(goal, &mut rng);
        let start = *game.board();
        let Hint::Plan {
            tiles,
            proven_optimal,
        } = game.hint(&solver, &Budget::default(), &Quiet).unwrap()
        else {
            panic!()
        };
        assert!(proven_optimal);
        assert_eq!(tiles.len(), table[&start] as usize);
        assert!(replay(&start, &goal, &tiles).is_ok());
        while game.step().is_some() {}
        assert!(game.is_solved() && game.moves() == tiles.len());
        assert_eq!(
            game.hint(&solver, &Budget::default(), &Quiet).unwrap(),
            Hint::Solved
        );
    }
    assert!(Game::new(board("2 1 3 4 5 6 7 8 0"), goal).is_err());
}

#[test]
fn the_first_solve_says_it_builds_the_databases_and_where_they_are_cached() {
    use std::io::BufRead;
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("fresh cache");
    // Standard error is a pipe here, not a terminal: the note must still be there, and come
    // before the build (the test does not wait for it).
    let mut child = Command::new(env!("CARGO_BIN_EXE_unhop"))
        .args([
            "slide",
            "solve",
            "5 1 2 4 9 6 3 8 13 10 7 11 0 14 15 12",
            "--pdb-dir",
        ])
        .arg(&cache)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    std::io::BufReader::new(child.stderr.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        first.contains("building the 6-6-3 pattern databases")
            && first.contains(&cache.display().to_string()),
        "{first}"
    );
    // Before building anything, `pdb --dry-run` says what is missing and where it would go.
    let empty = dir.path().join("empty");
    let args = [
        "slide",
        "pdb",
        "--dry-run",
        "--json",
        "--pdb-dir",
        empty.to_str().unwrap(),
    ];
    let out = Command::new(env!("CARGO_BIN_EXE_unhop"))
        .args(args)
        .output()
        .unwrap();
    crate::common::schema::check_output(&args, &out.stdout, &out.stderr);
    assert_eq!(out.status.code(), Some(0));
    let o: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(o["folder"], empty.display().to_string());
    assert_eq!(o["bytes_to_build"], o["bytes"]);
    assert_eq!(o["bytes"], 5_765_760 + 5_765_760 + 3_360);
    assert!(!empty.exists(), "a dry run writes nothing");
}

/// `slide pdb --method exhaustive` builds every table again by the slow twin, whatever the
/// cache holds, and writes the files the fast builder writes, byte for byte.
#[test]
fn slide_pdb_by_either_method_writes_the_same_tables() {
    let dir = tempfile::tempdir().unwrap();
    let (fast, slow) = (dir.path().join("fast"), dir.path().join("slow"));
    let pdb = |method: &str, folder: &std::path::Path| {
        let folder = folder.to_str().unwrap();
        let args = [
            "slide",
            "pdb",
            "--method",
            method,
            "--pdb-dir",
            folder,
            "--json",
        ];
        let (code, out, err) = unhop(&args, "");
        assert_eq!(code, 0, "{err}");
        serde_json::from_str::<serde_json::Value>(&out).unwrap()
    };
    let a = pdb("fast", &fast);
    let b = pdb("exhaustive", &slow);
    assert_eq!(
        (&a["method"], &b["method"]),
        (&"fast".into(), &"exhaustive".into())
    );
    assert_eq!(a["entries"], b["entries"]);
    let files = |report: &serde_json::Value| -> Vec<std::path::PathBuf> {
        report["tables"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| {
                assert_eq!(t["built"], true, "{t}");
                t["file"].as_str().unwrap().into()
            })
            .collect()
    };
    let (a_files, b_files) = (files(&a), files(&b));
    assert_eq!(a_files.len(), 3);
    for (x, y) in a_files.iter().zip(&b_files) {
        assert_eq!(x.file_name(), y.file_name());
        assert!(
            std::fs::read(x).unwrap() == std::fs::read(y).unwrap(),
            "{x:?} and {y:?} differ"
        );
    }
    // The fast method loads what is cached now (the twin would build it all again, as the
    // library's `cache::load_or_build_all_by` shows).
    let again = pdb("fast", &fast);
    assert!(
        again["tables"]
            .as_array()
            .unwrap()
            .iter()
            .all(|t| t["built"] == false)
    );
    // Its dry run counts every table as one to build, cached or not.
    let folder = fast.to_str().unwrap();
    let plan = |method: &str| {
        let args = [
            "slide",
            "pdb",
            "--dry-run",
            "--method",
            method,
            "--pdb-dir",
            folder,
            "--json",
        ];
        let (code, out, _) = unhop(&args, "");
        assert_eq!(code, 0);
        serde_json::from_str::<serde_json::Value>(&out).unwrap()
    };
    assert_eq!(plan("fast")["bytes_to_build"], 0);
    assert_eq!(
        plan("exhaustive")["bytes_to_build"],
        plan("exhaustive")["bytes"]
    );
}

#[test]
fn every_computing_subcommand_takes_json_and_shuffle_json_boards_are_solvable() {
    let (code, out, _) = unhop(
        &words("slide shuffle --size 3 --goal first --seed 9 --count 30 --json"),
        "",
    );
    assert_eq!(code, 0);
    let goal = Board::solved(3, true);
    assert_eq!(out.lines().count(), 30);
    for line in out.lines() {
        let o: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(o["goal"], goal.to_string());
        let b = board(o["board"].as_str().unwrap());
        assert!(solvability(&b, &goal).unwrap().is_solvable());
    }
    // The same boards as the text output, in the same order.
    let (_, text, _) = unhop(
        &words("slide shuffle --size 3 --goal first --seed 9 --count 30"),
        "",
    );
    for (line, json) in text.lines().zip(out.lines()) {
        let o: serde_json::Value = serde_json::from_str(json).unwrap();
        assert_eq!(o["board"], line);
    }
    for command in [
        "slide solve 1 2 3 4 5 6 7 0 8",
        "slide check 1 2 3 4 5 6 7 0 8",
    ] {
        let (code, out, _) = unhop(&words(&format!("{command} --json")), "");
        assert_eq!(code, 0);
        assert!(serde_json::from_str::<serde_json::Value>(out.trim()).is_ok());
    }
}

#[test]
fn cli_method_exhaustive_agrees_with_fast_and_every_solution_replays() {
    let goal = Board::solved(3, false);
    let mut rng = StdRng::seed_from_u64(8);
    let boards: Vec<String> = (0..6)
        .map(|_| random_walk(&goal, 14, &mut rng).to_string())
        .chain(["2 1 3 4 5 6 7 8 0".to_string()])
        .collect();
    let input = boards.join("\n") + "\n";
    let run = |method: &str| {
        let (code, out, err) = unhop(
            &words(&format!("slide solve - --json --method {method}")),
            &input,
        );
        assert_eq!(code, 1, "one board is unsolvable: {err}");
        out.lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .collect::<Vec<_>>()
    };
    let (fast, slow) = (run("fast"), run("exhaustive"));
    assert_eq!(fast.len(), boards.len());
    for ((f, s), b) in fast.iter().zip(&slow).zip(&boards) {
        assert_eq!(f["length"], s["length"], "{b}");
        assert_eq!(f["solvable"], s["solvable"]);
        if let Some(tiles) = s["tiles"].as_array() {
            assert_eq!(s["method"], "exhaustive");
            let tiles: Vec<u8> = tiles.iter().map(|t| t.as_u64().unwrap() as u8).collect();
            assert!(replay(&board(b), &goal, &tiles).is_ok());
        }
    }
    // check: the breadth-first search agrees with the parity test; the 15-puzzle is refused.
    let (fast_code, fast_out, _) = unhop(&words("slide check - --json"), &input);
    let (slow_code, slow_out, _) =
        unhop(&words("slide check - --json --method exhaustive"), &input);
    assert_eq!((fast_code, slow_code), (1, 1));
    for (f, s) in fast_out.lines().zip(slow_out.lines()) {
        let (f, s): (serde_json::Value, serde_json::Value) = (
            serde_json::from_str(f).unwrap(),
            serde_json::from_str(s).unwrap(),
        );
        assert_eq!(f["solvable"], s["solvable"]);
    }
    let (code, _, err) = unhop(
        &words("slide check 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0 --method exhaustive"),
        "",
    );
    assert!(code == 2 && err.contains("limit"), "{err}");
    // Options of the fast method only are refused with the exhaustive one.
    let (code, _, err) = unhop(
        &words("slide solve 1 2 3 4 5 6 7 0 8 --method exhaustive --heuristic manhattan"),
        "",
    );
    assert!(code == 2 && err.contains("--heuristic"), "{err}");
}

#[test]
fn the_slide_commands_are_one_file_each_without_loops_over_tiles() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/cli/slide");
    let subcommands = ["solve", "check", "shuffle", "pdb", "play"];
    for sub in subcommands {
        let text = std::fs::read_to_string(format!("{dir}/{sub}.rs"))
            .unwrap_or_else(|e| panic!("src/cli/slide/{sub}.rs: {e}"));
        // No subcommand imports another (no circle), and none loops over positions or tiles
        // (the library does; the only loops read input lines, write rows or wait for keys).
        for other in subcommands.iter().filter(|o| **o != sub) {
            assert!(
                !text.contains(&format!("super::{other}")),
                "{sub} uses {other}"
            );
        }
        for (k, line) in text.lines().enumerate() {
            let line = line.trim();
            assert!(
                !(line.starts_with("for ") && (line.contains(" in 0..") || line.contains("tiles"))),
                "src/cli/slide/{sub}.rs:{}: {line}",
                k + 1
            );
        }
    }
    assert!(
        !std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src/cli/slide.rs")).exists()
    );
}

/// Runs the binary with `args` under an address-space limit of `kib` KiB (`ulimit -v`) and
/// 120 s of CPU (`ulimit -St`), standard input empty: (exit code, standard output, standard
/// error). A run killed by a signal has no exit code and fails the test.
fn limited(kib: u64, args: &[&str]) -> (i32, String, String) {
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {kib}; ulimit -St 120; exec \"$0\" \"$@\""
        ))
        .arg(env!("CARGO_BIN_EXE_unhop"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    let code = out
        .status
        .code()
        .unwrap_or_else(|| panic!("{args:?} was killed: {err}"));
    (code, String::from_utf8(out.stdout).unwrap(), err)
}

/// Under a 1 GB limit, `slide pdb --split 7-8` said 576 MB in its dry run and then
/// allocated 2.08 GB and aborted. Its builds (1.6 billion states, 2.8 GB at the peak) are now
/// refused before anything is built: by default on their work, and with more work allowed on
/// their memory, with the estimate, the limit and the unit, in words and in JSON.
#[test]
fn the_7_8_split_is_refused_before_it_is_built() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    let cache = cache.to_str().unwrap();
    let pdb = ["slide", "pdb", "--split", "7-8", "--pdb-dir", cache];
    let (code, _, err) = limited(1_000_000, &pdb);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("needs an estimated 1565040960 states; the limit is 200000000 states"),
        "{err}"
    );
    let more_work = [&pdb[..], &["--max-work", "2000000000", "--json"]].concat();
    let (code, _, err) = limited(1_000_000, &more_work);
    assert_eq!(code, 2, "{err}");
    let json: serde_json::Value = serde_json::from_str(&err).unwrap();
    assert_eq!(json["kind"], "refused", "{err}");
    assert_eq!(json["unit"], "bytes");
    let (estimate, limit) = (
        json["estimate"].as_u64().unwrap(),
        json["limit"].as_u64().unwrap(),
    );
    assert!(estimate > 2_800_000_000 && limit < 1_000_000_000, "{err}");
    assert!(
        json["message"].as_str().unwrap().contains("RLIMIT_AS"),
        "{err}"
    );
    // Nothing was built, nor cached.
    assert!(!std::path::Path::new(cache).exists());
    // The dry run says what the builds need.
    let dry = [&pdb[..], &["--dry-run", "--json"]].concat();
    let (code, out, err) = limited(1_000_000, &dry);
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (json["work"].as_u64(), json["unit"].as_str()),
        (Some(1_565_040_960), Some("states"))
    );
    assert_eq!(json["peak_bytes"].as_u64(), Some(estimate));
}

/// `--max-work` limits the nodes of the optimal search: past them the fast method answers
/// (within its own estimate), the exhaustive one gives up with its figures; and it bounds the
/// twins' breadth-first searches and the random boards drawn.
#[test]
fn the_work_limit_applies_to_every_slide_engine() {
    let hard = "0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1";
    let fast = ["slide", "solve", hard, "--heuristic", "manhattan", "--json"];
    let (code, out, err) = limited(4_000_000, &[&fast[..], &["--max-work", "1000000"]].concat());
    assert_eq!(code, 0, "{err}");
    let s: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (s["fallback"].as_bool(), s["proven_optimal"].as_bool()),
        (Some(true), Some(false)),
        "{out}"
    );
    assert!(s["nodes"].as_u64().unwrap() <= 1_000_001, "{out}");
    // Fewer than the fallback's 898,920 states: refused.
    let (code, _, err) = limited(4_000_000, &[&fast[..], &["--max-work", "1000"]].concat());
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("needs an estimated 898920 states; the limit is 1000 states"),
        "{err}"
    );
    let slow = [
        "slide",
        "solve",
        hard,
        "--method",
        "exhaustive",
        "--max-work",
        "100000",
    ];
    let (code, _, err) = limited(4_000_000, &slow);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("gave up after 100001 nodes, past its limit of 100000 nodes")
            && err.contains("every solution has at least"),
        "{err}"
    );
    let twin = ["slide", "check", hard, "--method", "exhaustive"];
    let (code, _, err) = limited(4_000_000, &twin);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("needs an estimated 10461394944000 boards"),
        "{err}"
    );
    let (code, _, err) = limited(4_000_000, &["slide", "shuffle", "--count", "30000000"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("needs an estimated 30000000 boards; the limit is 20000000 boards"),
        "{err}"
    );
    let (code, out, err) = limited(
        4_000_000,
        &["slide", "shuffle", "--count", "3", "--max-work", "3"],
    );
    assert_eq!((code, out.lines().count()), (0, 3), "{err}");
}
