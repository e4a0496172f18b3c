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
use std::time::Instant;
use unhop::sliding::{PatternDb, Split};

fn main() {
    let arg = |i: usize, default: usize| {
        std::env::args().nth(i).map_or(default, |a| {
            a.parse().expect("ROUNDS and PATTERN are numbers")
        })
    };
    let (rounds, which) = (arg(1, 3), arg(2, 0));
    let patterns = Split::SixSixThree.patterns(15);
    let cells = patterns.get(which).expect("PATTERN is 0, 1 or 2");
    let mut first: Option<PatternDb> = None;
    for round in 0..rounds {
        let (start, start_cpu) = (Instant::now(), ProcessTime::now());
        let db = PatternDb::build(4, 15, cells, &mut |_, _| {}).unwrap();
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
            Some(f) => assert!(f == &db, "round {round} built a different table"),
        }
    }
}
