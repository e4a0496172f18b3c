//! Criterion benchmarks of Duotaire tables on both boards.
//!
//! Run with `cargo bench --bench duotaire`. Three ways to get the value of every word up to a
//! length (on the infinite board every word with a peg at both ends), side by side: the dense
//! table, the hash-map solver with canonical forms and splitting, and the plain memoised
//! recursion (the naive twin). And on the finite board, the dense table against the compact
//! one (the values of the blocks only) with its statistics counted from the blocks; on the
//! infinite board, the statistics from the dense table against those from the core table.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use rustc_hash::FxHashMap;
use std::hint::black_box;
use unhop::games::{
    CompactTable, Duotaire, FiniteTable, InfiniteTable, LengthStats, MoveRule, Solver,
    each_table_length, exhaustive_value, length_counts, length_stats, table_words,
};
use unhop::solitaire::Board;
use unhop::{Method, Quiet, Word};

/// The longest length on each board.
fn max_len(board: Board) -> usize {
    match board {
        Board::Finite => 18,
        Board::Infinite => 16,
    }
}

fn words(board: Board) -> impl Iterator<Item = Word> {
    (1..=max_len(board)).flat_map(move |len| table_words(len, board))
}

/// Takes each length as it is done and does nothing with it.
fn none(_: usize, _: &[u8]) -> Result<(), unhop::Error> {
    Ok(())
}

fn dense(rule: MoveRule, board: Board) {
    let budget = unhop::budget::Budget::default();
    let len = max_len(board);
    match board {
        Board::Finite => drop(FiniteTable::build(rule, len, &budget, &Quiet, &mut none).unwrap()),
        Board::Infinite => {
            drop(InfiniteTable::build(rule, len, &budget, &Quiet, &mut none).unwrap())
        }
    }
}

fn tables(c: &mut Criterion) {
    for board in Board::ALL {
        let mut group = c.benchmark_group(format!("{board} table to length {}", max_len(board)));
        group.sample_size(10);
        for rule in [MoveRule::Single, MoveRule::Chain] {
            group.bench_function(BenchmarkId::new("dense table", rule), |b| {
                b.iter(|| dense(black_box(rule), board))
            });
            let game = Duotaire::new(rule, board);
            group.bench_function(BenchmarkId::new("hash-map solver", rule), |b| {
                b.iter(|| {
                    let mut solver = Solver::new(game);
                    words(board)
                        .map(|w| solver.value(&game.position(&w).unwrap()))
                        .max()
                })
            });
            group.bench_function(BenchmarkId::new("naive memoised recursion", rule), |b| {
                b.iter(|| {
                    let mut memo = FxHashMap::default();
                    words(board)
                        .map(|w| exhaustive_value(&game, &game.position(&w).unwrap(), &mut memo))
                        .max()
                })
            });
        }
        group.finish();
    }
}

/// The finite board's dense table against the compact one, side by side, to lengths 20 and
/// 24, the counts of every length compared first.
fn compact(c: &mut Criterion) {
    let budget = unhop::budget::Budget::default();
    for len in [20, 24] {
        let mut group =
            c.benchmark_group(format!("finite table to length {len}, dense and compact"));
        group.sample_size(10);
        for rule in [MoveRule::Single, MoveRule::Chain] {
            let mut zeros = Vec::new();
            let mut count_zeros = |_: usize, values: &[u8]| {
                zeros.push(values.iter().filter(|&&v| v == 0).count() as u64);
                Ok::<(), unhop::Error>(())
            };
            FiniteTable::build(rule, len, &budget, &Quiet, &mut count_zeros).unwrap();
            let table = CompactTable::build(rule, len, &budget, &Quiet).unwrap();
            let counted: Vec<u64> = length_counts(&table)
                .iter()
                .map(|c| c.p_positions)
                .collect();
            assert!(
                zeros == counted,
                "the compact table counts other P-positions"
            );
            group.bench_function(BenchmarkId::new("dense table", rule), |b| {
                b.iter(|| FiniteTable::build(rule, len, &budget, &Quiet, &mut none).unwrap())
            });
            group.bench_function(
                BenchmarkId::new("compact table and its counts", rule),
                |b| {
                    b.iter(|| {
                        let table = CompactTable::build(rule, len, &budget, &Quiet).unwrap();
                        length_counts(&table)
                    })
                },
            );
        }
        group.finish();
    }
}

/// The infinite board's statistics of every length from the dense table against those
/// counted from the core table (`length_stats`), side by side, to lengths 20 and 24, the two
/// compared first.
fn cores(c: &mut Criterion) {
    let budget = unhop::budget::Budget::default();
    for len in [20, 24] {
        let mut group = c.benchmark_group(format!(
            "infinite statistics to length {len}, dense and cores"
        ));
        group.sample_size(10);
        for rule in [MoveRule::Single, MoveRule::Chain] {
            let game = Duotaire::new(rule, Board::Infinite);
            let dense = || {
                let mut stats: Vec<LengthStats> = Vec::new();
                each_table_length(game, Method::Fast, len, &budget, &Quiet, &mut |length| {
                    stats.push(length.stats());
                    Ok::<(), unhop::Error>(())
                })
                .unwrap();
                stats
            };
            let cores = || length_stats(game, Method::Fast, len, &budget, &Quiet).unwrap();
            assert!(dense() == cores(), "the core table counts other statistics");
            group.bench_function(BenchmarkId::new("dense table", rule), |b| b.iter(dense));
            group.bench_function(BenchmarkId::new("core table and its counts", rule), |b| {
                b.iter(cores)
            });
        }
        group.finish();
    }
}

// Criterion's own charts need system fonts (plotters is built here with a bundled font only),
// so it writes none; the figures are in the terminal output and BENCHMARKS.md.
criterion_group! {
    name = benches;
    config = Criterion::default().without_plots();
    targets = tables, compact, cores
}
criterion_main!(benches);
