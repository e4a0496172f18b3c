//! `unhop reproduce --out DIR [--quick] [--only NAME,…] [--json]`: every result of the paper,
//! with a verdict table (or JSON Lines), artifacts and a Markdown report.

use super::{Failure, Verdict};
use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;
use unhop::reproduce::{EXPERIMENTS, Scale, run as run_experiments};

#[derive(clap::Args)]
#[command(after_help = "Examples:
  unhop reproduce --quick --only gap_separation --out results
  unhop reproduce --quick --only finite_counterexamples --json --out results")]
pub struct Args {
    /// The folder for the artifacts (DOT, SVG, CSV) and report.md; created if missing (not -:
    /// the verdicts are printed on standard output in any case)
    #[arg(short, long, alias = "output")]
    out: PathBuf,
    /// Small bounds (seconds instead of minutes)
    #[arg(long)]
    quick: bool,
    /// Only these experiments (comma-separated names, as in the table)
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
    /// One JSON object per check (JSON Lines): its experiment, kind of evidence (proved,
    /// exhaustive, evidence or measured), verdict, result, what was checked and the bound
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    if args.out.as_os_str() == "-" {
        // `-` is standard output everywhere else; a folder cannot be written there.
        return Err(Failure::input(
            "--out - (standard output) cannot hold the report and the artifacts (DOT, SVG, \
             CSV): reproduce writes them into a folder, so give a folder's name; the verdicts \
             are printed on standard output in any case",
        ));
    }
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
    let mut out = std::io::stdout().lock();
    let mut done = 0;
    // A failed write (a closed pipe, a full disk) stops the run; it is reported below.
    let mut failed = None;
    let budget = super::budget();
    let all_pass = run_experiments(
        scale,
        &args.out,
        &args.only,
        &budget,
        &mut |experiment, checks| {
            done += 1;
            let mut print = || -> std::io::Result<()> {
                if args.json {
                    for c in checks {
                        super::output::write_json(&mut out, &c.report(experiment))?;
                    }
                    return out.flush();
                }
                // The header once the folder has been accepted and the first result is in.
                if done == 1 {
                    writeln!(
                        out,
                        "{:<24} {:<7} {:<10} {:<34} result — what was checked",
                        "experiment", "verdict", "kind", "bound"
                    )?;
                }
                for c in checks {
                    writeln!(
                        out,
                        "{:<24} {:<7} {:<10} {:<34} {} — {}",
                        experiment.name,
                        c.verdict(),
                        c.kind,
                        c.bound,
                        c.result,
                        c.checked
                    )?;
                }
                out.flush()
            };
            if let Err(e) = print() {
                failed = Some(e);
                return ControlFlow::Break(());
            }
            // Progress, not worth failing for when standard error cannot take it.
            let _ = writeln!(std::io::stderr(), "[{done}/{total}] {}", experiment.title);
            ControlFlow::Continue(())
        },
    )?;
    if let Some(e) = failed {
        return Err(e.into());
    }
    if !args.json {
        writeln!(out, "report: {}", args.out.join("report.md").display())?;
    }
    out.flush()?;
    Ok(if all_pass {
        Verdict::Done
    } else {
        Verdict::False
    })
}
