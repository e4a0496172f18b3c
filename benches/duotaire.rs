//! Criterion benchmarks for issue 3: Duotaire tables on the finite board.
//!
//! Run with `cargo bench --bench duotaire`. Three ways to get the value of every word of
//! length 1 to 18, side by side: the dense table, the hash-map solver with canonical forms
//! and splitting, and the plain memoised recursion (the naive twin).

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use rustc_hash::FxHashMap;
use std::hint::black_box;
use unhop::Word;
use unhop::games::{Duotaire, FiniteTable, MoveRule, Solver, naive_value};
use unhop::solitaire::Board;

const MAX_LEN: usize = 18;

fn words() -> impl Iterator<Item = Word> {
    (1..=MAX_LEN).flat_map(|len| (0..1u128 << len).map(move |b| Word::from_bits(b, len)))
}

fn tables(c: &mut Criterion) {
    let mut group = c.benchmark_group(format!("finite table to length {MAX_LEN}"));
    group.sample_size(10);
    for rule in [MoveRule::Single, MoveRule::Chain] {
        group.bench_function(BenchmarkId::new("dense table", rule), |b| {
            b.iter(|| FiniteTable::build(black_box(rule), MAX_LEN, &mut |_, _| {}).unwrap())
        });
        let game = Duotaire::new(rule, Board::Finite);
        group.bench_function(BenchmarkId::new("hash-map solver", rule), |b| {
            b.iter(|| {
                let mut solver = Solver::new(game);
                words()
                    .map(|w| solver.value(&game.position(&w).unwrap()))
                    .max()
            })
        });
        group.bench_function(BenchmarkId::new("naive memoised recursion", rule), |b| {
            b.iter(|| {
                let mut memo = FxHashMap::default();
                words()
                    .map(|w| naive_value(&game, &game.position(&w).unwrap(), &mut memo))
                    .max()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, tables);
criterion_main!(benches);
