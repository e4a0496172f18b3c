//! Criterion benchmark of a batch read as a stream, side by side with its peer: `unhop check -`
//! against `regex-check` (benches/regex_check.rs: `regex`'s `is_match` on the one-peg
//! expression, the same answers in the same text), run as the programs a user runs, output to
//! `/dev/null`, on two files: 1,000,000 random words of 5 to 60 cells, one a line; and 100
//! words of 1,000,000 cells, each read to its end.
//!
//! Build both release binaries first (in `$CARGO_TARGET_DIR`, by default `target/`), then run:
//!
//! ```sh
//! cargo build --release --bin unhop
//! cargo build --release -p unhop-benches --bin regex-check
//! cargo bench --bench batch
//! ```
//!
//! The two outputs are compared byte for byte before anything is timed.

use criterion::{Criterion, criterion_group, criterion_main};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A release binary of the workspace, or a message saying how to build it.
fn binary(name: &str) -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../target"),
        PathBuf::from,
    );
    let path = target.join("release").join(name);
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
    let path = std::env::temp_dir().join(format!("unhop-bench-words-{count}.txt"));
    if !path.exists() {
        let mut rng = StdRng::seed_from_u64(30);
        let mut text = String::new();
        for _ in 0..count {
            let len = rng.random_range(5..=60);
            text.extend((0..len).map(|_| if rng.random::<bool>() { '1' } else { '0' }));
            text.push('\n');
        }
        std::fs::write(&path, text).unwrap();
    }
    path
}

/// The file of 100 words of 1,000,000 cells (the same on every run): words
/// `11(01)^a(11)^b01` of the infinite board's one-peg language, every other one with its last
/// cell flipped, so that both programs read every word to its end (a random word of this
/// length leaves the language within its first cells, and both stop there).
fn long_words_file() -> PathBuf {
    const CELLS: usize = 1_000_000;
    let path = std::env::temp_dir().join("unhop-bench-long-words-100.txt");
    if !path.exists() {
        let mut rng = StdRng::seed_from_u64(30);
        let mut text = String::new();
        for k in 0..100 {
            let a = rng.random_range(0..=(CELLS - 4) / 2);
            text.push_str("11");
            text.push_str(&"01".repeat(a));
            text.push_str(&"11".repeat((CELLS - 4) / 2 - a));
            text.push_str(if k % 2 == 0 { "01\n" } else { "00\n" });
        }
        std::fs::write(&path, text).unwrap();
    }
    path
}

/// Runs `program args < input`, its output to `to` (a file, or `/dev/null`).
fn run(program: &Path, args: &[&str], input: &Path, to: &Path) {
    Command::new(program)
        .args(args)
        .stdin(std::fs::File::open(input).unwrap())
        .stdout(std::fs::File::create(to).unwrap())
        .stderr(Stdio::null())
        .status()
        .unwrap();
}

/// `unhop check -` and the peer on `input`, their outputs compared first, in a group `name`.
fn side_by_side(c: &mut Criterion, name: &str, input: &Path) {
    let (unhop, peer) = (binary("unhop"), binary("regex-check"));
    let (ours, theirs) = (input.with_extension("unhop"), input.with_extension("regex"));
    run(&unhop, &["check", "-"], input, &ours);
    run(&peer, &[], input, &theirs);
    assert!(
        std::fs::read(&ours).unwrap() == std::fs::read(&theirs).unwrap(),
        "unhop check - and the regex peer answer differently"
    );
    let null = Path::new("/dev/null");
    let mut group = c.benchmark_group(name);
    group.sample_size(10);
    group.bench_function("regex-check (peer)", |b| {
        b.iter(|| run(&peer, &[], input, null))
    });
    group.bench_function("unhop check -", |b| {
        b.iter(|| run(&unhop, &["check", "-"], input, null))
    });
    group.finish();
}

fn check_batch(c: &mut Criterion) {
    side_by_side(
        c,
        "check a batch of 1,000,000 words",
        &words_file(1_000_000),
    );
    side_by_side(c, "check 100 words of 1,000,000 cells", &long_words_file());
}

criterion_group! {
    name = benches;
    // Criterion's charts need system fonts; the figures are its printed estimates.
    config = Criterion::default().without_plots();
    targets = check_batch
}
criterion_main!(benches);
