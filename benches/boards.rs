//! Criterion benchmarks of 2-D peg solitaire: the English central game solved, a French
//! single-vacancy game solved with pagoda pruning and the LPs that find its functions, and
//! the counts and minimum moves side by side with their slow twins on the triangle.
//!
//! Run with `cargo bench --bench boards`. The full English count (about a minute) is
//! measured with the command line instead: see BENCHMARKS.md.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use unhop::Quiet;
use unhop::boards::{Board, DEFAULT_LIMIT, Goal, Pagoda, exhaustive, min_moves, solve, sweep};
use unhop::budget::Budget;

fn solve_english(c: &mut Criterion) {
    let english = Board::named("english").unwrap();
    c.bench_function("solve english central game", |b| {
        b.iter(|| {
            solve(
                &english,
                black_box(english.default_start()),
                english.default_goal(),
                DEFAULT_LIMIT,
                &Budget::unlimited(),
            )
            .unwrap()
        })
    });
}

fn pagoda_pruning(c: &mut Criterion) {
    let french = Board::named("french").unwrap();
    let start = french.parse_start("d2").unwrap();
    let finish = french.hole_named("d6").unwrap();
    let mut group = c.benchmark_group("french d2 to d6");
    group.sample_size(10);
    group.bench_function("solve with pagoda pruning", |b| {
        b.iter(|| {
            solve(
                &french,
                black_box(start),
                Goal::PegAt(finish),
                DEFAULT_LIMIT,
                &Budget::unlimited(),
            )
            .unwrap()
        })
    });
    group.bench_function("pruning family (LPs)", |b| {
        b.iter(|| {
            Pagoda::pruning_family(&french, black_box(start), 1 << finish, &Budget::unlimited())
        })
    });
    group.finish();
}

fn count_triangle(c: &mut Criterion) {
    let triangle = Board::named("triangle").unwrap();
    let start = triangle.default_start();
    let mut group = c.benchmark_group("count triangle from a corner");
    group.bench_function("level sweep", |b| {
        b.iter(|| {
            sweep(
                &triangle,
                black_box(start),
                Goal::OnePeg,
                &Budget::unlimited(),
                &Quiet,
            )
            .unwrap()
        })
    });
    group.bench_function("plain recursion", |b| {
        b.iter(|| {
            let budget = Budget::unlimited();
            let all = exhaustive::reachable(&triangle, black_box(start), &budget).unwrap();
            let finishing = exhaustive::finishing(&triangle, &all, Goal::OnePeg, &budget).unwrap();
            exhaustive::sequences(&triangle, start, Goal::OnePeg, &finishing, &budget).unwrap()
        })
    });
    group.finish();
    let mut group = c.benchmark_group("minimum moves triangle");
    group.bench_function("sweep and search over finishing positions", |b| {
        b.iter(|| {
            let s = sweep(
                &triangle,
                black_box(start),
                Goal::OnePeg,
                &Budget::unlimited(),
                &Quiet,
            )
            .unwrap();
            min_moves(&triangle, start, Goal::OnePeg, &s, &Budget::unlimited()).unwrap()
        })
    });
    group.bench_function("plain breadth-first search", |b| {
        b.iter(|| {
            exhaustive::min_moves(
                &triangle,
                black_box(start),
                Goal::OnePeg,
                &Budget::unlimited(),
            )
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().without_plots();
    targets = solve_english, pagoda_pruning, count_triangle
}
criterion_main!(benches);
