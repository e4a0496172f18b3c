//! `unhop rules prove NAME|FILE [--max-len N] [--flip-state Q] [--dot] [--json] [-o FILE]`

use super::super::progress::TerminalProgress;
use super::super::{Failure, Verdict, budget};
use super::RULES_HELP;
use unhop::rules::{RuleSet, prove_report};

#[derive(clap::Args)]
#[command(after_help = "Examples:
  unhop rules prove solitaire
  unhop rules prove kayles --json
  unhop rules prove solitaire --flip-state 5
  unhop rules prove kayles --dot --json")]
pub struct Args {
    #[arg(help = RULES_HELP)]
    rules: String,
    /// Learn R from every pair up to this length (default: the largest the limits allow)
    #[arg(long, value_name = "N", alias = "bound")]
    max_len: Option<usize>,
    /// Make the automaton deliberately wrong before the proof: flip whether this state accepts
    #[arg(long)]
    flip_state: Option<u32>,
    /// Print the automaton proved in Graphviz DOT instead of the proof (with --json: the
    /// "dot" field of the JSON report)
    #[arg(long)]
    dot: bool,
    /// Machine-readable output: one JSON object
    #[arg(long)]
    json: bool,
    /// Write the output to this file instead of standard output (.dot or .gv with --dot
    /// alone, .json with --json, else .txt; - is standard output)
    #[arg(short, long, alias = "output")]
    out: Option<std::path::PathBuf>,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    super::super::output::check(
        args.out.as_deref(),
        super::super::output::json_dot_or_text(args.json, args.dot),
    )?;
    let rules = RuleSet::load(&args.rules)?;
    let bar = TerminalProgress::new();
    let proof = prove_report(
        &rules,
        args.max_len,
        args.flip_state,
        args.dot,
        &budget(),
        &bar,
    );
    drop(bar);
    let proof = proof?;
    let mut rows = super::super::output::Rows::open(args.out.as_deref())?;
    match (&proof.dot, args.json) {
        (_, true) => super::json(&mut rows, &proof)?,
        (Some(dot), false) => super::line(&mut rows, dot.trim_end())?,
        (None, false) => {
            super::line(
                &mut rows,
                format!(
                    "0. learn               {} states from every pair up to length {} ({} pair words)",
                    proof.states, proof.max_len, proof.queries
                ),
            )?;
            for (i, s) in proof.steps.iter().enumerate() {
                let verdict = match &s.counterexample {
                    None => "holds".to_string(),
                    Some(c) => format!("FAILS: {}", c.reason),
                };
                super::line(
                    &mut rows,
                    format!(
                        "{}. {:<19} {}: {verdict} (product automaton of {} states)",
                        i + 1,
                        s.name,
                        s.claim,
                        s.product_states
                    ),
                )?;
            }
            let verdict = if proof.holds {
                "proved                the automaton accepts exactly the pairs (w, f) with w →* f on the finite board"
            } else {
                "NOT proved            for this automaton"
            };
            super::line(&mut rows, verdict)?;
        }
    }
    rows.finish()?;
    Ok(if proof.holds {
        Verdict::Done
    } else {
        Verdict::False
    })
}
