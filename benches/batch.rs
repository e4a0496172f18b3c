//! Criterion benchmarks of batches read as streams.
//!
//! * `unhop check -` against its peer `regex-check` (benches/regex_check.rs: `regex`'s
//!   `is_match` on the one-peg expression, the same answers in the same text), run as the
//!   programs a user runs, output to `/dev/null`, on two files: 1,000,000 random words of 5 to
//!   60 cells, one a line; and 100 words of 1,000,000 cells, each read to its end.
//! * The Duotaire values of 200,000 random words of 1 to 20 cells (chain moves, the infinite
//!   board: the defaults), side by side: the recursion alone (a fresh [`Analysis`] a word, as
//!   each word was answered before batches picked their method), [`BatchValues`] (the
//!   recursion until a table pays, then the table), and `unhop grundy -` on the same words as a
//!   file.
//!
//! Build both release binaries first (in `$CARGO_TARGET_DIR`, by default `target/`), then run:
//!
//! ```sh
//! cargo build --release --bin unhop
//! cargo build --release -p unhop-benches --bin regex-check
//! cargo bench --bench batch
//! ```
//!
//! The outputs of each side are compared before anything is timed: the two programs' byte for
//! byte, the values of the three Duotaire methods word for word. A last group runs `check -`,
//! `grundy -` and `solve -` on one core (`taskset -c 0`: the process and all its threads on
//! it) and on every core, side by side, their outputs compared first.

use criterion::{Criterion, criterion_group, criterion_main};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use unhop::budget::Budget;
use unhop::games::{Analysis, BatchValues, Duotaire, MoveRule};
use unhop::solitaire::Board;
use unhop::{Error, Method, Quiet, Word};

/// A release binary of the workspace (under `CARGO_TARGET_DIR` when it is set), or a message
/// saying how to build it.
fn binary(name: &str) -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../target"));
    let path = target.join("release").join(name);
    assert!(
        path.exists(),
        "{} is missing: build it with cargo build --release --bin unhop and \
         cargo build --release -p unhop-benches --bin regex-check",
        path.display()
    );
    path
}

/// The file of `count` random words of `lengths` cells (the same words on every run).
fn words_file(count: usize, lengths: RangeInclusive<usize>) -> PathBuf {
    let name = format!(
        "unhop-bench-words-{count}-{}-{}.txt",
        lengths.start(),
        lengths.end()
    );
    let path = std::env::temp_dir().join(name);
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
    run_on(Cores::Every, program, args, input, to)
}

/// The cores a run may use.
#[derive(Clone, Copy, Debug)]
enum Cores {
    /// The first core only (`taskset -c 0`), with every thread of the process.
    One,
    /// Every core of the machine.
    Every,
}

/// [`run`] on `cores`.
fn run_on(cores: Cores, program: &Path, args: &[&str], input: &Path, to: &Path) {
    let mut command = match cores {
        Cores::One => {
            let mut taskset = Command::new("taskset");
            taskset.args(["-c", "0"]).arg(program);
            taskset
        }
        Cores::Every => Command::new(program),
    };
    let status = command
        .args(args)
        .stdin(std::fs::File::open(input).unwrap())
        .stdout(std::fs::File::create(to).unwrap())
        .stderr(Stdio::null())
        .status()
        .expect("taskset (util-linux) runs a program on one core");
    // `check -` and `solve -` exit 1 when a word does not reduce to one peg.
    assert!(matches!(status.code(), Some(0 | 1)), "{cores:?}: {status}");
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

/// One core and every core, side by side, on `check -` and `solve -` (1,000,000 words of 5 to
/// 60 cells) and `grundy -` (1,000,000 words of 1 to 20 cells: the target is for batches of
/// 10^6 words), each output checked alike on both first.
fn both_cores(c: &mut Criterion) {
    let unhop = binary("unhop");
    let batches = [
        ("check -", ["check", "-"], words_file(1_000_000, 5..=60)),
        ("grundy -", ["grundy", "-"], words_file(1_000_000, 1..=20)),
        ("solve -", ["solve", "-"], words_file(1_000_000, 5..=60)),
    ];
    let null = Path::new("/dev/null");
    for (name, args, input) in &batches {
        let answers = |cores| {
            let to = input.with_extension(format!("{cores:?}-cores"));
            run_on(cores, &unhop, args, input, &to);
            std::fs::read(to).unwrap()
        };
        assert!(
            answers(Cores::One) == answers(Cores::Every),
            "{name} answers differently on one core"
        );
        let mut group = c.benchmark_group(format!("{name} on one core and every core"));
        group.sample_size(10);
        for cores in [Cores::One, Cores::Every] {
            group.bench_function(format!("{cores:?}"), |b| {
                b.iter(|| run_on(cores, &unhop, args, input, null))
            });
        }
        group.finish();
    }
}

/// The values of `words` in `game`, each by the recursion alone under a budget of its own.
fn recursion_values(game: Duotaire, words: &[Word]) -> Result<Vec<u32>, Error> {
    words
        .iter()
        .map(|w| Analysis::new(game, &Budget::default(), &Quiet).value(w))
        .collect()
}

/// The values of `words` in `game` by a batch of their own (a table once it pays), each
/// word's recursion under a budget of its own.
fn batch_values(game: Duotaire, words: &[Word]) -> Result<Vec<u32>, Error> {
    let batch = BatchValues::new(game, Method::Fast, Budget::default());
    words
        .iter()
        .map(|w| batch.value(w, &Budget::default(), &Quiet))
        .collect()
}

fn grundy_batch(c: &mut Criterion) {
    let unhop = binary("unhop");
    let input = words_file(200_000, 1..=20);
    let text = std::fs::read_to_string(&input).unwrap();
    let words: Vec<Word> = text.lines().map(|l| l.parse().unwrap()).collect();
    let game = Duotaire::new(MoveRule::Chain, Board::Infinite);
    let values = recursion_values(game, &words).unwrap();
    assert!(batch_values(game, &words).unwrap() == values);
    let answers = input.with_extension("grundy");
    run(&unhop, &["grundy", "-"], &input, &answers);
    let answered: Vec<u32> = std::fs::read_to_string(&answers)
        .unwrap()
        .lines()
        .map(|l| l.split(' ').nth(2).unwrap().parse().unwrap())
        .collect();
    assert!(answered == values, "unhop grundy - answers differently");
    let null = Path::new("/dev/null");
    let mut group = c.benchmark_group("grundy values of 200,000 words of 1 to 20 cells");
    group.sample_size(10);
    group.bench_function("recursion alone (a fresh Analysis a word)", |b| {
        b.iter(|| recursion_values(game, &words))
    });
    group.bench_function("BatchValues (recursion, then a table)", |b| {
        b.iter(|| batch_values(game, &words))
    });
    group.bench_function("unhop grundy -", |b| {
        b.iter(|| run(&unhop, &["grundy", "-"], &input, null))
    });
    group.finish();
}

fn check_batch(c: &mut Criterion) {
    side_by_side(
        c,
        "check a batch of 1,000,000 words",
        &words_file(1_000_000, 5..=60),
    );
    side_by_side(c, "check 100 words of 1,000,000 cells", &long_words_file());
}

criterion_group! {
    name = benches;
    // Criterion's charts need system fonts; the figures are its printed estimates.
    config = Criterion::default().without_plots();
    targets = check_batch, grundy_batch, both_cores
}
criterion_main!(benches);
