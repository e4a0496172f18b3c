//! One-peg membership (from text, from a packed word, and `regex`'s `is_match`) and the linear-time
//! solver on the infinite board, on random words, in bytes or cells per second.
//!
//! Run with `cargo bench --bench solitaire`. Besides criterion's timings, the solver bench
//! prints the peak heap use per cell of one `solve` (minimum plus replayed hop list) for each
//! size, measured by a counting allocator.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicUsize, Ordering};
use unhop::Word;
use unhop::solitaire::{Board, Language, solve};

/// The system allocator, keeping the current and the peak number of bytes allocated.
struct Counting;

static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let now = CURRENT.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(now, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        CURRENT.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > layout.size() {
            let grow = new_size - layout.size();
            let now = CURRENT.fetch_add(grow, Ordering::Relaxed) + grow;
            PEAK.fetch_max(now, Ordering::Relaxed);
        } else {
            CURRENT.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
        }
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// A random word of `len` cells as text, pegs with probability 1/2 (xorshift, fixed seed).
fn random_text(len: usize) -> String {
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15 ^ len as u64;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            if x >> 32 & 1 == 1 { '1' } else { '0' }
        })
        .collect()
}

const SIZES: [usize; 5] = [1_000, 10_000, 100_000, 1_000_000, 10_000_000];

/// A word of the one-peg language with `len` cells (len even, ≥ 6): 11(01)^a (11)^b 00(10)^c 11
/// with a, b, c about a third each, so the DFA must read it to the end.
fn member_text(len: usize) -> String {
    let third = (len - 6) / 6;
    let rest = (len - 6) / 2 - 2 * third;
    format!(
        "11{}{}00{}11",
        "01".repeat(third),
        "11".repeat(third),
        "10".repeat(rest)
    )
}

fn membership(c: &mut Criterion) {
    let language = Language::of(Board::Infinite);
    let regex = regex::Regex::new(&format!("^(?:{})$", language.regex())).unwrap();
    // Random words leave the language within a few cells (both matchers stop early); members
    // and members with their last cell flipped must be read to the end.
    for kind in ["random", "member", "member, last cell flipped"] {
        let mut group = c.benchmark_group(format!("membership ({kind})"));
        for len in SIZES {
            let text = match kind {
                "random" => random_text(len),
                "member" => member_text(len),
                _ => {
                    let mut t = member_text(len);
                    t.pop();
                    t.push('0');
                    t
                }
            };
            let word: Word = text.parse().unwrap();
            assert_eq!(language.contains(&word), regex.is_match(&text));
            assert_eq!(language.contains(&word), kind == "member");
            group.throughput(Throughput::Bytes(len as u64));
            if len >= 1_000_000 {
                group.sample_size(20);
            }
            group.bench_with_input(BenchmarkId::new("unhop text", len), &text, |b, text| {
                b.iter(|| language.contains(&Word::parse(black_box(text)).unwrap()))
            });
            group.bench_with_input(BenchmarkId::new("unhop packed", len), &word, |b, word| {
                b.iter(|| language.contains(black_box(word)))
            });
            group.bench_with_input(BenchmarkId::new("regex is_match", len), &text, |b, text| {
                b.iter(|| regex.is_match(black_box(text)))
            });
        }
        group.finish();
    }
}

fn solve_infinite(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve infinite");
    // The solver keeps a lazily built table per thread: build it before measuring memory.
    solve(&random_text(10_000).parse().unwrap(), Board::Infinite).unwrap();
    for len in SIZES {
        let word: Word = random_text(len).parse().unwrap();
        PEAK.store(CURRENT.load(Ordering::Relaxed), Ordering::Relaxed);
        let before = CURRENT.load(Ordering::Relaxed);
        let solution = solve(&word, Board::Infinite).unwrap();
        let peak = PEAK.load(Ordering::Relaxed) - before;
        eprintln!(
            "solve infinite/{len}: {} pegs, {} hops, peak heap {:.1} bytes per cell",
            solution.min_pegs,
            solution.hops.len(),
            peak as f64 / len as f64
        );
        drop(solution);
        group.throughput(Throughput::Elements(len as u64));
        if len >= 1_000_000 {
            group.sample_size(10);
        }
        group.bench_with_input(BenchmarkId::from_parameter(len), &word, |b, word| {
            b.iter(|| solve(black_box(word), Board::Infinite).unwrap())
        });
    }
    group.finish();
}

// Criterion's own charts need system fonts (plotters is built here with a bundled font only),
// so it writes none; the figures are in the terminal output and BENCHMARKS.md.
criterion_group! {
    name = benches;
    config = Criterion::default().without_plots();
    targets = membership, solve_infinite
}
criterion_main!(benches);
