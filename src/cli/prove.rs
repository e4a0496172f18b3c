//! `unhop prove finite-reach [--max-len N] [--flip-state Q] [--dot] [--json] [-o FILE]`

use super::output::{check, emit, json_dot_or_text, json_line};
use super::progress::TerminalProgress;
use super::{Failure, Verdict};
use std::fmt::Write;
use std::path::PathBuf;
use unhop::solitaire::finite::{FiniteReachProof, prove_finite_reach};

#[derive(clap::Args)]
#[command(after_help = "Examples:
  unhop prove finite-reach
  unhop prove finite-reach --json
  unhop prove finite-reach --flip-state 7
  unhop prove finite-reach --dot -o reach.dot
  unhop prove finite-reach --dot --json")]
pub struct Args {
    /// What to prove: finite-reach, that a 16-state automaton accepts exactly the pairs
    /// (w, f) with w →* f by hops on the finite board
    theorem: Theorem,
    /// Learn the automaton from exhaustive reachability on every pair up to this length (2–12)
    #[arg(long, default_value_t = 10)]
    max_len: usize,
    /// Make the automaton deliberately wrong before the proof: flip whether this state accepts
    #[arg(long)]
    flip_state: Option<u32>,
    /// Print the automaton in Graphviz DOT (arrows labelled w/f) instead of the proof (with
    /// --json: the "dot" field of the JSON report)
    #[arg(long)]
    dot: bool,
    /// Machine-readable report
    #[arg(long)]
    json: bool,
    /// Write the output to this file instead of standard output (.json with --json, .dot or
    /// .gv with --dot alone, else .txt; - is standard output)
    #[arg(short, long, alias = "output")]
    out: Option<PathBuf>,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum Theorem {
    FiniteReach,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    check(args.out.as_deref(), json_dot_or_text(args.json, args.dot))?;
    let Theorem::FiniteReach = args.theorem;
    let bar = TerminalProgress::new();
    let proof = prove_finite_reach(args.max_len, args.flip_state, args.dot, &bar);
    drop(bar);
    let proof = proof?;
    let text = match (args.json, &proof.dot) {
        (true, _) => json_line(&proof),
        (false, Some(dot)) => dot.clone(),
        (false, None) => text_report(&proof),
    };
    emit(&text, args.out.as_deref())?;
    Ok(if proof.holds {
        Verdict::Done
    } else {
        Verdict::False
    })
}

fn text_report(proof: &FiniteReachProof) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "0. learn              {} states ({} live) from exhaustive reachability on every pair up to \
         length {} ({} pair words; prefixes up to {} against suffixes up to {}); the built-in \
         table: {}",
        proof.states,
        proof.live_states,
        proof.max_len,
        proof.queries,
        proof.prefix_len,
        proof.suffix_len,
        if proof.matches_builtin {
            "the same"
        } else {
            "DIFFERENT"
        }
    );
    if let Some(state) = proof.flip_state {
        let _ = writeln!(
            out,
            "                      (deliberately wrong: state {state}'s acceptance flipped before the proof)"
        );
    }
    for (k, step) in proof.steps.iter().enumerate() {
        let verdict = match &step.counterexample {
            None => "holds".to_string(),
            Some(c) => format!("FAILS: {}", c.reason),
        };
        let _ = writeln!(
            out,
            "{}. {:<18} {}: {verdict} (product automaton of {} states)",
            k + 1,
            step.name,
            step.claim,
            step.product_states
        );
    }
    let _ = if proof.steps.iter().all(|s| s.holds) {
        writeln!(
            out,
            "proved                {}: R ⊆ A by induction on hops (1, 2), A ⊆ R by induction on \
             the pegs of w (3)",
            proof.statement
        )
    } else {
        writeln!(out, "NOT proved            for this automaton")
    };
    out
}
