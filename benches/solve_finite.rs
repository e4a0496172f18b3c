//! The throughput of `solve` on the finite board (the cheapest path through the proved
//! automaton of reachability, hops following the proof, and the independent replay) on
//! random words of 10⁵, 10⁶ and 10⁷ cells, and on 11(01)^k, a word that is one long segment
//! (it reduces to a single peg), at the same sizes.
//!
//! Run with `cargo bench --bench solve_finite`. Throughput is in cells (elements) per second.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use unhop::Word;
use unhop::solitaire::{Board, solve};

/// A random word of `len` cells, pegs with probability 1/2 (xorshift, fixed seed).
fn random_word(len: usize) -> Word {
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15 ^ len as u64;
    Word::from_cells((0..len).map(|_| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x >> 32 & 1 == 1
    }))
}

/// 11(01)^k with `len` cells (len even).
fn one_segment(len: usize) -> Word {
    Word::from_cells(
        [true, true]
            .into_iter()
            .chain((0..len - 2).map(|i| i % 2 == 1)),
    )
}

const SIZES: [usize; 3] = [100_000, 1_000_000, 10_000_000];

fn solve_finite(c: &mut Criterion) {
    for (kind, make) in [
        ("random", random_word as fn(usize) -> Word),
        ("11(01)^k", one_segment),
    ] {
        let mut group = c.benchmark_group(format!("solve finite ({kind})"));
        for len in SIZES {
            let word = make(len);
            let solution = solve(&word, Board::Finite).unwrap();
            eprintln!(
                "solve finite ({kind})/{len}: {} pegs, {} hops",
                solution.min_pegs,
                solution.hops.len()
            );
            group.throughput(Throughput::Elements(len as u64));
            group.sample_size(10);
            group.bench_with_input(BenchmarkId::from_parameter(len), &word, |b, word| {
                b.iter(|| solve(black_box(word), Board::Finite).unwrap())
            });
        }
        group.finish();
    }
}

// Criterion's own charts need system fonts, which this build does not have.
criterion_group! {
    name = benches;
    config = Criterion::default().without_plots();
    targets = solve_finite
}
criterion_main!(benches);
