//! The exact number of words of one length a DFA accepts: the time of the recurrence method
//! against stepping a vector of counts through every letter.
//!
//! Run with `cargo bench --bench counting`. A random 64-state DFA over {0, 1}, every state
//! useful (so the recurrence of the counts has order 64 and the counts grow like 2^len: a million-bit
//! number at length 1,000,000). Side by side: `count_accepted` (Kitamasa with FFT products)
//! and `count_accepted_stepwise` (a vector of 64 counts pushed through every letter), the
//! latter only at the lengths where it finishes in seconds.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::hint::black_box;
use unhop::automata::Dfa;
use unhop::budget::Budget;

const STATES: u32 = 64;

/// A random complete DFA with `STATES` states over two letters in which every state is
/// useful: letter 0 steps around a cycle through all states, letter 1 goes anywhere.
fn random_dfa() -> Dfa {
    let mut rng = StdRng::seed_from_u64(4);
    let table = (0..STATES)
        .flat_map(|s| [(s + 1) % STATES, rng.random_range(0..STATES)])
        .collect();
    let accepting = (0..STATES)
        .map(|s| s == 0 || rng.random_bool(0.5))
        .collect();
    Dfa::new(2, table, accepting, 0).expect("a valid table")
}

fn counting(c: &mut Criterion) {
    let dfa = random_dfa();
    let budget = Budget::unlimited();
    assert_eq!(
        dfa.count_recurrence(&budget).unwrap().order(),
        STATES as usize
    );
    let mut group = c.benchmark_group("count words of one length, 64-state DFA");
    group.sample_size(10);
    for len in [10_000u64, 100_000, 1_000_000] {
        group.bench_function(BenchmarkId::new("recurrence (Kitamasa, FFT)", len), |b| {
            b.iter(|| dfa.count_accepted(black_box(len), &budget))
        });
    }
    for len in [10_000u64, 30_000] {
        group.bench_function(BenchmarkId::new("step by step", len), |b| {
            b.iter(|| dfa.count_accepted_stepwise(black_box(len), &budget))
        });
    }
    group.finish();
}

// Criterion's own charts need system fonts (plotters is built here with a bundled font only),
// so it writes none; the figures are in the terminal output and BENCHMARKS.md.
criterion_group! {
    name = benches;
    config = Criterion::default().without_plots();
    targets = counting
}
criterion_main!(benches);
