//! Criterion benchmark of a batch read as a stream, side by side with its peer: `unhop check -`
//! against `regex-check` (benches/regex_check.rs: `regex`'s `is_match` on the one-peg
//! expression, the same answers in the same text), both on one file of 1,000,000 random words
//! of 5 to 60 cells, one a line, run as the programs a user runs, output to `/dev/null`.
//!
//! Build both release binaries first, then run:
//!
//! ```sh
//! cargo build --release --bin unhop
//! cargo build --release -p unhop-benches --bin regex-check
//! cargo bench --bench batch
//! ```
//!
//! The two outputs are compared byte for byte before anything is timed. A second group runs
//! `check -` and `grundy -` on one worker thread and on two (`RAYON_NUM_THREADS`), side by
//! side, their outputs compared first.

use criterion::{Criterion, criterion_group, criterion_main};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A release binary of the workspace, or a message saying how to build it.
fn binary(name: &str) -> PathBuf {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../target/release")
        .join(name);
    assert!(
        path.exists(),
        "{} is missing: build it with cargo build --release --bin unhop and \
         cargo build --release -p unhop-benches --bin regex-check",
        path.display()
    );
    path
}

/// The file of `count` random words of 5 to 60 cells (the same words on every run).
fn words_file(count: usize) -> PathBuf {
    random_words_file(count, 5..=60)
}

/// The file of `count` random words with lengths in `lengths` (the same words on every run).
fn random_words_file(count: usize, lengths: RangeInclusive<usize>) -> PathBuf {
    let path = std::env::temp_dir().join(format!(
        "unhop-bench-words-{count}-{}-{}.txt",
        lengths.start(),
        lengths.end()
    ));
    if !path.exists() {
        let mut rng = StdRng::seed_from_u64(30);
        let mut text = String::new();
        for _ in 0..count {
            let len = rng.random_range(lengths.clone());
            text.extend((0..len).map(|_| if rng.random::<bool>() { '1' } else { '0' }));
            text.push('\n');
        }
        std::fs::write(&path, text).unwrap();
    }
    path
}

/// Runs `program args < input`, its output to `to` (a file, or `/dev/null`).
fn run(program: &Path, args: &[&str], input: &Path, to: &Path) {
    run_on(None, program, args, input, to)
}

/// [`run`] on `threads` worker threads (`RAYON_NUM_THREADS`), or the default.
fn run_on(threads: Option<usize>, program: &Path, args: &[&str], input: &Path, to: &Path) {
    let mut command = Command::new(program);
    if let Some(threads) = threads {
        command.env("RAYON_NUM_THREADS", threads.to_string());
    }
    command
        .args(args)
        .stdin(std::fs::File::open(input).unwrap())
        .stdout(std::fs::File::create(to).unwrap())
        .stderr(Stdio::null())
        .status()
        .unwrap();
}

fn check_batch(c: &mut Criterion) {
    let (unhop, peer) = (binary("unhop"), binary("regex-check"));
    let input = words_file(1_000_000);
    let (ours, theirs) = (input.with_extension("unhop"), input.with_extension("regex"));
    run(&unhop, &["check", "-"], &input, &ours);
    run(&peer, &[], &input, &theirs);
    assert!(
        std::fs::read(&ours).unwrap() == std::fs::read(&theirs).unwrap(),
        "unhop check - and the regex peer answer differently"
    );
    let null = Path::new("/dev/null");
    let mut group = c.benchmark_group("check a batch of 1,000,000 words");
    group.sample_size(10);
    group.bench_function("regex-check (peer)", |b| {
        b.iter(|| run(&peer, &[], &input, null))
    });
    group.bench_function("unhop check -", |b| {
        b.iter(|| run(&unhop, &["check", "-"], &input, null))
    });
    group.finish();
}

/// One thread and two, side by side, on `check -` (1,000,000 words of 5 to 60 cells) and
/// `grundy -` (200,000 words of 1 to 20 cells), each output checked alike on both first.
fn both_cores(c: &mut Criterion) {
    let unhop = binary("unhop");
    let batches = [
        ("check -", ["check", "-"], words_file(1_000_000)),
        (
            "grundy -",
            ["grundy", "-"],
            random_words_file(200_000, 1..=20),
        ),
    ];
    let null = Path::new("/dev/null");
    for (name, args, input) in &batches {
        let answers = |threads| {
            let to = input.with_extension(format!("{threads}-threads"));
            run_on(Some(threads), &unhop, args, input, &to);
            std::fs::read(to).unwrap()
        };
        assert!(
            answers(1) == answers(2),
            "{name} answers differently on two threads"
        );
        let mut group = c.benchmark_group(format!("{name} on one thread and two"));
        group.sample_size(10);
        for threads in [1, 2] {
            group.bench_function(format!("{threads} thread(s)"), |b| {
                b.iter(|| run_on(Some(threads), &unhop, args, input, null))
            });
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    // Criterion's charts need system fonts; the figures are its printed estimates.
    config = Criterion::default().without_plots();
    targets = check_batch, both_cores
}
criterion_main!(benches);
