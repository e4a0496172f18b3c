//! Peg solitaire on three rows, the long runs: exhaustive one-peg counts per width, saved
//! bitmaps, Myhill–Nerode class counts and the learner, resumable from the saved bitmaps.
//!
//! ```text
//! cargo run --release --example three_rows -- count N [--dir DIR] [--max-gib G]
//! cargo run --release --example three_rows -- classes N [--dir DIR] [--max-prefix A]
//! cargo run --release --example three_rows -- learn BOUND [--dir DIR]
//! cargo run --release --example three_rows -- relation N [--max-prefix A]
//! cargo run --release --example three_rows -- plain N [--board finite|infinite]
//! ```
//!
//! `count` computes the one-peg bitmap of every width 0..=N not yet saved in DIR (default
//! `target/three-rows`), saves it (format in `unhop::solitaire::three_rows::store`) and prints
//! a row per width as it is done: the count, the seconds (wall and CPU) and the peak memory
//! of the process. Saved widths are read back, checked, and reported as loaded. `classes`
//! and `learn` read the saved bitmaps only, so a larger machine carries on by running `count`
//! with a larger N in the same folder. Every engine runs with no limit of work; `--max-gib`
//! (default 10) refuses a computation whose memory estimate is larger, on top of the
//! process's own memory limits. `relation` computes R for every
//! width 0..=N and prints its class counts. `plain` counts with the plain search (the slow
//! twin), on the infinite board by default.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;
use unhop::budget::Budget;
use unhop::solitaire::Board;
use unhop::solitaire::three_rows::{
    Languages, OnePegSet, class_count, exhaustive_count, learn_from, relation, store,
};
use unhop::{Progress, Quiet};

/// Peak resident memory of this process (VmHWM), in bytes.
fn peak_rss() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            let line = s.lines().find(|l| l.starts_with("VmHWM:"))?.to_string();
            line.split_whitespace().nth(1)?.parse::<u64>().ok()
        })
        .map_or(0, |kib| kib * 1024)
}

fn cpu_seconds() -> f64 {
    cpu_time::ProcessTime::now().as_duration().as_secs_f64()
}

/// Notes each stage on standard error.
struct Stages;
impl Progress for Stages {
    fn start(&self, what: &str, _: Option<u64>) {
        eprintln!("# {what}");
    }
}

fn option(args: &[String], name: &str) -> Option<String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
}

fn run(args: &[String]) -> Result<(), String> {
    let usage = "usage: three_rows count|classes|learn|relation|plain N [--dir DIR] [--max-gib G] \
                 [--max-prefix A] [--board B]";
    let (command, n) = match args {
        [c, n, ..] => (
            c.as_str(),
            n.parse::<usize>().map_err(|_| usage.to_string())?,
        ),
        _ => return Err(usage.into()),
    };
    let dir = PathBuf::from(option(args, "--dir").unwrap_or("target/three-rows".into()));
    let max_gib: f64 = option(args, "--max-gib")
        .map_or(Ok(10.0), |g| g.parse())
        .map_err(|_| usage)?;
    let max_prefix: usize = option(args, "--max-prefix")
        .map_or(Ok(8), |a| a.parse())
        .map_err(|_| usage)?;
    let e = |e: unhop::Error| e.to_string();
    let budget = Budget::unlimited().with_max_bytes((max_gib * (1u64 << 30) as f64) as u64);
    match command {
        "count" => {
            std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
            println!("n\tcount\twall_s\tcpu_s\tpeak_rss_bytes\tsource");
            for n in 0..=n {
                let path = store::path_in(&dir, n);
                let (wall, cpu) = (Instant::now(), cpu_seconds());
                let (set, source) = if path.exists() {
                    (store::load(&path, &budget).map_err(e)?, "loaded")
                } else {
                    let set = OnePegSet::compute(n, &budget, &Quiet).map_err(e)?;
                    store::save(&set, &path).map_err(e)?;
                    (set, "computed")
                };
                println!(
                    "{n}\t{}\t{:.2}\t{:.2}\t{}\t{source}",
                    set.count(),
                    wall.elapsed().as_secs_f64(),
                    cpu_seconds() - cpu,
                    peak_rss()
                );
            }
        }
        "classes" | "learn" => {
            let sets = store::load_up_to(&dir, n, &budget).map_err(e)?;
            let answers = Languages::one_peg(sets).map_err(e)?;
            if command == "learn" {
                let wall = Instant::now();
                match learn_from(&answers, n, &budget, &Stages) {
                    Ok(learned) => println!(
                        "bound {n}: {} states ({:.1} s)",
                        learned.dfa.states(),
                        wall.elapsed().as_secs_f64()
                    ),
                    Err(err) => {
                        println!("bound {n}: {err} ({:.1} s)", wall.elapsed().as_secs_f64())
                    }
                }
            } else {
                print_classes(&answers, n, max_prefix, &budget).map_err(e)?;
            }
        }
        "plain" => {
            let board: Board = option(args, "--board")
                .unwrap_or("infinite".into())
                .parse()
                .map_err(e)?;
            println!("n\tboard\tcount\twall_s");
            for n in 0..=n {
                let wall = Instant::now();
                let count = exhaustive_count(n, board, &budget).map_err(e)?;
                println!("{n}\t{board}\t{count}\t{:.2}", wall.elapsed().as_secs_f64());
            }
        }
        "relation" => {
            let answers = relation::reachability(n, &budget, &Stages).map_err(e)?;
            print_classes(&answers, n, max_prefix, &budget).map_err(e)?;
        }
        _ => return Err(usage.into()),
    }
    Ok(())
}

/// The class counts for every a ≤ max_prefix and b with a + b ≤ N, one row per a + b.
fn print_classes(
    answers: &Languages,
    n: usize,
    max_prefix: usize,
    budget: &Budget,
) -> Result<(), unhop::Error> {
    println!("bound\tprefix_len\tsuffix_len\tclasses\tseconds");
    for bound in 0..=n {
        for a in (0..=bound.min(max_prefix)).rev() {
            let wall = Instant::now();
            let classes = class_count(answers, a, bound - a, budget)?;
            println!(
                "{bound}\t{a}\t{}\t{classes}\t{:.2}",
                bound - a,
                wall.elapsed().as_secs_f64()
            );
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("three_rows: {message}");
            ExitCode::from(2)
        }
    }
}
