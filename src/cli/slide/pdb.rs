//! `unhop slide pdb`: the 15-puzzle's pattern databases, built ahead of time, or what they
//! would cost.

use super::common::{PdbOptions, json_line};
use crate::cli::output::{Out, json_or_text};
use crate::cli::progress::TerminalProgress;
use crate::cli::{Failure, Verdict};
use std::io::Write;
use std::time::Instant;
use unhop::Method;
use unhop::memory::exact;
use unhop::sliding::{PdbBuildReport, PdbPlanReport, SolverConfig, parse_goal};

#[derive(clap::Args)]
#[command(after_help = "Examples:
  unhop slide pdb --dry-run
  unhop slide pdb --goal first --split 7-8 --dry-run --json
  unhop slide pdb --method exhaustive --pdb-dir tables --json")]
pub struct Args {
    /// The goal: last, first, or a 4×4 board (its gap's cell decides the patterns)
    #[arg(long, default_value = "last")]
    goal: String,
    #[command(flatten)]
    pdb: PdbOptions,
    /// fast: load what the cache holds and build the rest by the fast search; exhaustive:
    /// build every table again by its slow twin (the first, simpler breadth-first search, a
    /// few times slower) and store it; the files are the same
    #[arg(long, default_value = "fast")]
    method: Method,
    /// Build nothing: say which tables are needed, their size, which are cached, and what
    /// loading and building them needs (states and bytes at the peak)
    #[arg(long)]
    dry_run: bool,
    /// Machine-readable output: one JSON object
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    out: Out,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let goal = parse_goal(&args.goal, Some(4))?;
    let config = args.pdb.apply(SolverConfig::new());
    let folder_text = match config.folder() {
        Some(dir) => dir.display().to_string(),
        None => "none (set UNHOP_CACHE_DIR, XDG_CACHE_HOME or HOME)".into(),
    };
    let split = config.pattern_split();
    let cost = config.databases_cost(&goal, args.method)?;
    args.out.write_with(json_or_text(args.json), |out| {
        if args.dry_run {
            if args.json {
                json_line(out, &PdbPlanReport::new(&config, &goal, &cost))?;
            } else {
                writeln!(
                    out,
                    "{split} split for the goal {goal}: {} tables, {} bytes, {} of them to build \
                     ({} {} to search, {} at the peak); cache folder {folder_text}",
                    cost.tables.len(),
                    cost.bytes(),
                    cost.bytes_to_build(),
                    cost.build.work,
                    cost.build.unit.name,
                    exact(cost.build.bytes),
                )?;
            }
            return Ok(Verdict::Done);
        }
        let started = Instant::now();
        let budget = crate::cli::budget();
        let (pdbs, origins) =
            config.databases_by(&goal, args.method, &budget, &TerminalProgress::new())?;
        let seconds = started.elapsed().as_secs_f64();
        if args.json {
            let built = (&pdbs, origins.as_slice());
            json_line(
                out,
                &PdbBuildReport::new(&config, &goal, args.method, built, seconds),
            )?;
        } else {
            let sizes: Vec<String> = pdbs
                .databases()
                .iter()
                .map(|d| d.len().to_string())
                .collect();
            writeln!(
                out,
                "{split} split for the goal {goal}: {} entries, ready in {seconds:.1} s{}; cache \
                 folder {folder_text}",
                sizes.join(" + "),
                if pdbs.reflects() {
                    "; reflected lookups on"
                } else {
                    ""
                }
            )?;
        }
        Ok(Verdict::Done)
    })
}
