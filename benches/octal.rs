//! Grundy sequences of octal games: the rare-value method against the plain O(n²) mex loop
//! and, when the `ogsolve` program is installed (`cargo install ogsolve`), against its naive
//! and RC solvers, side by side in one run.
//!
//! `cargo bench --bench octal` (about 15 minutes on 2 cores); `cargo bench --bench octal --
//! Treblecross` for the `0.007` rows only.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::process::Command;
use unhop::games::{Octal, RareValueTuning, rare_value_sequence, tuned_rare_value_sequence};

/// Runs `ogsolve CODE -n N -m METHOD`; false if the program is not installed.
fn ogsolve(code: &str, n: usize, method: &str) -> bool {
    Command::new("ogsolve")
        .args([code, "-n", &n.to_string(), "-m", method])
        .output()
        .is_ok_and(|o| o.status.success())
}

fn sequences(c: &mut Criterion) {
    let have_ogsolve = ogsolve("0.77", 10, "naive");
    if !have_ogsolve {
        eprintln!("ogsolve is not installed (cargo install ogsolve): its rows are skipped");
    }
    for (code, name) in [("0.77", "Kayles"), ("0.007", "Treblecross")] {
        let game: Octal = code.parse().unwrap();
        let mut group = c.benchmark_group(format!("{name} {code}"));
        group.sample_size(10);
        for exp in [16] {
            let n = 1usize << exp;
            let id = |what: &str| BenchmarkId::new(what, format!("2^{exp}"));
            group.bench_function(id("unhop rare values"), |b| {
                b.iter(|| rare_value_sequence(&game, black_box(n), |_| {}))
            });
            group.bench_function(id("unhop plain mex loop"), |b| {
                b.iter(|| game.exhaustive_values(black_box(n)))
            });
            if have_ogsolve {
                for method in ["naive", "rc"] {
                    group.bench_function(id(&format!("ogsolve {method}")), |b| {
                        b.iter(|| assert!(ogsolve(code, n, method)))
                    });
                }
            }
        }
        if code == "0.007" {
            // Treblecross to 2^18 with the sparse space and with marking every split, then to
            // 2^20: the target (under 60 s).
            let marking = RareValueTuning {
                rare_share: usize::MAX,
                ..RareValueTuning::default()
            };
            let id = BenchmarkId::new("unhop marking every split", "2^18");
            group.bench_function(id, |b| {
                b.iter(|| tuned_rare_value_sequence(&game, black_box(1 << 18), marking, |_| {}))
            });
            for exp in [18, 20] {
                let id = BenchmarkId::new("unhop rare values", format!("2^{exp}"));
                group.bench_function(id, |b| {
                    b.iter(|| rare_value_sequence(&game, black_box(1 << exp), |_| {}))
                });
            }
        }
        if code == "0.77" {
            // Kayles to 2^20: the target (under 10 s). The plain loop and ogsolve's RC solver
            // take many minutes here (BENCHMARKS.md has single timed runs).
            let id = BenchmarkId::new("unhop rare values", "2^20");
            group.bench_function(id, |b| {
                b.iter(|| rare_value_sequence(&game, black_box(1 << 20), |_| {}))
            });
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    // No charts: criterion's plotting needs system fonts, which this project does without.
    config = Criterion::default().without_plots();
    targets = sequences
}
criterion_main!(benches);
