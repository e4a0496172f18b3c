//! Criterion benchmarks of optimal solutions of the 15-puzzle, side by side.
//!
//! Run with `cargo bench --bench sliding`. Korf's 100 instances (goal with the gap first):
//!
//! * `korf100/pdb 6-6-3 + reflection`: all 100, databases loaded beforehand (from the cache,
//!   see `unhop slide pdb --goal first`; built on the spot if missing);
//! * `korf100/pdb 7-8 + reflection`: all 100, only if the 7-8 databases are already cached
//!   (`unhop slide pdb --goal first --split 7-8` builds them, in minutes);
//! * `korf-easiest/…`: the four instances of 41 and 42 moves with every heuristic, including
//!   plain IDA* with Manhattan distance, which takes minutes for the whole set;
//! * `pdb build/6-6-3` and `pdb build/6-6-3 exhaustive`: building the three databases of the
//!   6-6-3 split (gap last, as the browser page builds them) by the layer-scan builder and by
//!   its slow twin, side by side.
//!
//! Every solution is checked against Korf's published length before it counts.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use unhop::Quiet;
use unhop::budget::Budget;
use unhop::sliding::cache::{cache_dir, file_name};
use unhop::sliding::{
    Board, Guide, LinearConflict, Manhattan, Outcome, PatternDb, Solver, SolverConfig, Split,
};

fn korf100() -> Vec<(Board, usize)> {
    let text = include_str!("../tests/data/korf100.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let numbers: Vec<&str> = l.split_whitespace().collect();
            let board = numbers[..16].join(" ").parse().unwrap();
            (board, numbers[16].parse().unwrap())
        })
        .collect()
}

/// Solves every instance, checks its length, and returns the total number of nodes.
fn solve_all(solver: &Solver, instances: &[(Board, usize)]) -> u64 {
    instances
        .iter()
        .map(|(board, len)| {
            match solver
                .solve(black_box(board), None, &Budget::unlimited())
                .unwrap()
            {
                Outcome::Solved(s) => {
                    assert_eq!(s.tiles.len(), *len, "{board}");
                    s.nodes
                }
                Outcome::Unsolvable(why) => panic!("{board}: {why}"),
            }
        })
        .sum()
}

fn pdb_solver(split: Split) -> Option<Solver> {
    let goal = Board::solved(4, true);
    let dir = cache_dir(None);
    let cached = split.patterns(0).iter().all(|cells| {
        dir.as_ref()
            .is_some_and(|d| d.join(file_name(4, 0, cells)).exists())
    });
    if split == Split::SevenEight && !cached {
        eprintln!(
            "skipping the 7-8 split: its databases are not cached \
             (build them with `unhop slide pdb --goal first --split 7-8`)"
        );
        return None;
    }
    let config = SolverConfig::new().split(split).cache_dir(dir);
    let (pdbs, _) = config
        .databases(&goal, &Budget::unlimited(), &Quiet)
        .unwrap();
    Some(Solver::new(goal, Guide::Patterns(pdbs)).unwrap())
}

fn korf(c: &mut Criterion) {
    let instances = korf100();
    let goal = Board::solved(4, true);
    let mut easiest: Vec<(Board, usize)> = instances
        .iter()
        .filter(|(_, len)| *len <= 42)
        .cloned()
        .collect();
    easiest.sort_by_key(|(_, len)| *len);
    let solvers: Vec<(String, Solver)> = [Split::SixSixThree, Split::SevenEight]
        .into_iter()
        .filter_map(pdb_solver)
        .map(|s| (s.guide().name(), s))
        .collect();

    let mut group = c.benchmark_group("korf100");
    group.sample_size(10);
    for (name, solver) in &solvers {
        eprintln!(
            "{name}: {} nodes for all 100",
            solve_all(solver, &instances)
        );
        group.bench_function(name.as_str(), |b| b.iter(|| solve_all(solver, &instances)));
    }
    group.finish();

    let mut group = c.benchmark_group("korf-easiest");
    group.sample_size(10);
    let plain = [
        Solver::new(goal, Guide::Manhattan(Manhattan::new(4))).unwrap(),
        Solver::new(goal, Guide::LinearConflict(LinearConflict::new(4))).unwrap(),
    ];
    for solver in solvers.iter().map(|(_, s)| s).chain(&plain) {
        let name = solver.guide().name();
        eprintln!(
            "{name}: {} nodes for the 4 easiest",
            solve_all(solver, &easiest)
        );
        group.bench_function(name.as_str(), |b| b.iter(|| solve_all(solver, &easiest)));
    }
    group.finish();

    // The three 6-6-3 databases (gap last, as the browser page builds them), by the builder
    // and by its slow twin, the first builder; run with RAYON_NUM_THREADS=1 for the
    // browser's single thread.
    let mut group = c.benchmark_group("pdb build");
    group.sample_size(10);
    let patterns = Split::SixSixThree.patterns(15);
    group.bench_function("6-6-3", |b| {
        b.iter(|| {
            for cells in &patterns {
                black_box(
                    PatternDb::build(4, 15, cells, &Budget::unlimited(), &mut |_, _| {}).unwrap(),
                );
            }
        })
    });
    group.bench_function("6-6-3 exhaustive", |b| {
        b.iter(|| {
            for cells in &patterns {
                black_box(PatternDb::exhaustive(4, 15, cells, &Budget::unlimited()).unwrap());
            }
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    // No plots: the machine has no fonts for criterion's charts.
    config = Criterion::default().without_plots();
    targets = korf
}
criterion_main!(benches);
