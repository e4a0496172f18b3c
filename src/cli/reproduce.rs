//! `unhop reproduce --out DIR [--quick] [--only NAME,…]`: every result of the paper, with a
//! verdict table, artifacts and a Markdown report.

use super::{Failure, Verdict};
use std::path::PathBuf;
use unhop::reproduce::{EXPERIMENTS, Scale, run as run_experiments};

#[derive(clap::Args)]
pub struct Args {
    /// The folder for the artifacts (DOT, SVG, CSV) and report.md; created if missing
    #[arg(long)]
    out: PathBuf,
    /// Small bounds (seconds instead of minutes)
    #[arg(long)]
    quick: bool,
    /// Only these experiments (comma-separated names, as in the table)
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let scale = if args.quick {
        Scale::Quick
    } else {
        Scale::Full
    };
    let total = if args.only.is_empty() {
        EXPERIMENTS.len()
    } else {
        args.only.len()
    };
    println!(
        "{:<24} {:<7} {:<34} result — what was checked",
        "experiment", "verdict", "bound"
    );
    let mut done = 0;
    let all_pass = run_experiments(scale, &args.out, &args.only, &mut |experiment, checks| {
        done += 1;
        for c in checks {
            let verdict = if c.pass { "PASS" } else { "FAIL" };
            println!(
                "{:<24} {verdict:<7} {:<34} {} — {}",
                experiment.name, c.bound, c.result, c.checked
            );
        }
        eprintln!("[{done}/{total}] {}", experiment.title);
    })?;
    println!("report: {}", args.out.join("report.md").display());
    Ok(if all_pass {
        Verdict::Done
    } else {
        Verdict::False
    })
}
