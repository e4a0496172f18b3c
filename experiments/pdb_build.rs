//! Times building one pattern database of the 6-6-3 split of the 15-puzzle (gap last, as the
//! page builds them), on the threads rayon is given, and checks every round's table against
//! the first's.
//!
//! ```text
//! RAYON_NUM_THREADS=1 cargo run --release --example pdb_build -- [ROUNDS] [PATTERN]
//! ```
//!
//! ROUNDS defaults to 3; PATTERN is 0, 1 (the two 6-tile tables, default 0) or 2 (3 tiles).
//! Each round prints its wall-clock and CPU time and the load average.
use cpu_time::ProcessTime;
use std::process::ExitCode;
use std::time::Instant;
use unhop::budget::Budget;
use unhop::sliding::{PatternDb, Split};

const USAGE: &str = "usage: pdb_build [ROUNDS] [PATTERN] (PATTERN 0, 1 or 2)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: usize| match args.get(i) {
        None => Some(default),
        Some(a) => a.parse().ok(),
    };
    let patterns = Split::SixSixThree.patterns(15);
    let (Some(rounds), Some(cells)) = (
        number(0, 3),
        number(1, 0).and_then(|which| patterns.get(which)),
    ) else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    if args.len() > 2 {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    }
    let mut first: Option<PatternDb> = None;
    for round in 0..rounds {
        let (start, start_cpu) = (Instant::now(), ProcessTime::now());
        let db = match PatternDb::build(4, 15, cells, &Budget::default(), &mut |_, _| {}) {
            Ok(db) => db,
            Err(e) => {
                eprintln!("pdb_build: {e}");
                return ExitCode::FAILURE;
            }
        };
        let (wall, cpu) = (
            start.elapsed().as_secs_f64(),
            start_cpu.elapsed().as_secs_f64(),
        );
        let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
        println!(
            "round {round}: tiles {cells:?} built in {wall:.3} s wall, {cpu:.2} s CPU, load {}",
            load.split_whitespace().next().unwrap_or("?")
        );
        match &first {
            None => first = Some(db),
            Some(f) if f != &db => {
                eprintln!("pdb_build: round {round} built a different table");
                return ExitCode::FAILURE;
            }
            Some(_) => {}
        }
    }
    ExitCode::SUCCESS
}
