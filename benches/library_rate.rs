//! The library's own rate on a batch, for the front ends to be held against (BENCHMARKS.md,
//! "Batches read as streams"): `library-rate check|solve WORDS_FILE [BOARD]` reads one word a
//! line, then times the library answering all of them in one thread, parsing included, as
//! `unhop.check(words)` and `unhop.solve(words)` do in Python, and prints the best of three
//! runs as `SECONDS WORDS`.
//!
//! `cargo run --release -p unhop-benches --bin library-rate -- check words.txt finite`

use std::time::Instant;
use unhop::Word;
use unhop::solitaire::{Board, StreamCheck, solve};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(what), Some(file)) = (args.first(), args.get(1)) else {
        return Err("usage: library-rate check|solve WORDS_FILE [infinite|finite]".into());
    };
    let board: Board = args.get(2).map_or("infinite", String::as_str).parse()?;
    let text = std::fs::read_to_string(file)?;
    let words: Vec<&str> = text.lines().collect();
    let mut best = f64::INFINITY;
    for _ in 0..3 {
        let start = Instant::now();
        let answered = match what.as_str() {
            // The fastest way the library has: the automaton read straight from the text.
            "check" => words
                .iter()
                .filter(|w| {
                    let mut check = StreamCheck::new(board);
                    check.feed(w.as_bytes()).is_ok() && check.reduces()
                })
                .count(),
            "solve" => words
                .iter()
                .map(|w| Word::parse(w).and_then(|w| solve(&w, board)))
                .filter(|s| s.as_ref().is_ok_and(|s| s.min_pegs == 1))
                .count(),
            other => return Err(format!("no rate for {other}").into()),
        };
        std::hint::black_box(answered);
        best = best.min(start.elapsed().as_secs_f64());
    }
    println!("{best} {}", words.len());
    Ok(())
}
