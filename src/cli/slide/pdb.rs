//! `unhop slide pdb`: the 15-puzzle's pattern databases, built ahead of time, or what they
//! would cost.

use super::common::{PdbOptions, parse_goal};
use crate::cli::output::{Out, json_or_text};
use crate::cli::progress::TerminalProgress;
use crate::cli::{Failure, Verdict};
use std::io::Write;
use std::time::Instant;
use unhop::memory::exact;
use unhop::sliding::SolverConfig;
use unhop::sliding::cache::Origin;

#[derive(clap::Args)]
#[command(after_help = "Examples:
  unhop slide pdb --dry-run
  unhop slide pdb --goal first --split 7-8 --dry-run --json")]
pub struct Args {
    /// The goal: last, first, or a 4×4 board (its gap's cell decides the patterns)
    #[arg(long, default_value = "last")]
    goal: String,
    #[command(flatten)]
    pdb: PdbOptions,
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
    let config = SolverConfig::new()
        .split(args.pdb.split())
        .cache_dir(args.pdb.pdb_dir.clone());
    let folder = config.folder();
    let folder_text = match &folder {
        Some(dir) => dir.display().to_string(),
        None => "none (set UNHOP_CACHE_DIR, XDG_CACHE_HOME or HOME)".into(),
    };
    let cost = config.cost(&goal)?;
    args.out.write_with(json_or_text(args.json), |out| {
        if args.dry_run {
            if args.json {
                let tables: Vec<serde_json::Value> = cost
                    .tables
                    .iter()
                    .map(|t| {
                        serde_json::json!({
                            "cells": t.cells, "bytes": t.bytes, "cached": t.cached,
                            "file": t.file.as_ref().map(|f| f.display().to_string()),
                        })
                    })
                    .collect();
                let o = serde_json::json!({
                    "split": config_split(&args), "goal": goal.to_string(),
                    "folder": folder.as_ref().map(|d| d.display().to_string()),
                    "bytes": cost.bytes(), "bytes_to_build": cost.bytes_to_build(),
                    "work": cost.build.work, "unit": cost.build.unit.name,
                    "peak_bytes": cost.build.bytes, "tables": tables,
                });
                writeln!(out, "{o}")?;
            } else {
                writeln!(
                    out,
                    "{} split for the goal {goal}: {} tables, {} bytes, {} of them to build \
                 ({} {} to search, {} at the peak); cache folder {folder_text}",
                    config_split(&args),
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
        let (pdbs, origins) = config.databases(&goal, &budget, &TerminalProgress::new())?;
        let seconds = started.elapsed().as_secs_f64();
        let sizes: Vec<usize> = pdbs.databases().iter().map(|d| d.len()).collect();
        if args.json {
            let files: Vec<serde_json::Value> = origins
                .iter()
                .map(|o| match o {
                    Origin::Loaded(path) => {
                        serde_json::json!({"file": path.display().to_string(), "built": false})
                    }
                    Origin::Built { saved, .. } => serde_json::json!({
                        "file": saved.as_ref().ok().map(|p| p.display().to_string()),
                        "built": true,
                    }),
                })
                .collect();
            let o = serde_json::json!({
                "split": config_split(&args), "goal": goal.to_string(), "entries": sizes,
                "reflected": pdbs.reflects(), "seconds": seconds,
                "folder": folder.as_ref().map(|d| d.display().to_string()), "tables": files,
            });
            writeln!(out, "{o}")?;
        } else {
            let sizes: Vec<String> = sizes.iter().map(usize::to_string).collect();
            writeln!(
                out,
                "{} split for the goal {goal}: {} entries, ready in {seconds:.1} s{}; cache folder \
             {folder_text}",
                config_split(&args),
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

/// The split's name.
fn config_split(args: &Args) -> &'static str {
    args.pdb.split().name()
}
