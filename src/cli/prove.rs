//! `unhop prove finite-reach [--max-len N] [--flip-state Q] [--dot] [--json] [-o FILE]`

use super::output::{check, emit, json_dot_or_text};
use super::progress::TerminalProgress;
use super::{Failure, Verdict};
use std::fmt::Write;
use std::path::PathBuf;
use unhop::automata::Dfa;
use unhop::automata::relation::pair_dot;
use unhop::solitaire::finite::{Proof, learn_reach_with_progress, prove, reach_automaton};

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
    /// --json: the DOT text and the verdict as one JSON object)
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

const STATEMENT: &str = "for words w, f of equal length, w reaches f by hops on the finite \
board if and only if the automaton accepts the pair (w, f)";

pub fn run(args: Args) -> Result<Verdict, Failure> {
    check(args.out.as_deref(), json_dot_or_text(args.json, args.dot))?;
    let Theorem::FiniteReach = args.theorem;
    let bar = TerminalProgress::new();
    let learned = learn_reach_with_progress(args.max_len, &bar);
    drop(bar);
    let learned = learned?;
    let matches_builtin = learned.dfa.canonical() == *reach_automaton();
    let automaton = match args.flip_state {
        None => learned.dfa.clone(),
        Some(state) => learned
            .dfa
            .with_acceptance_flipped(state)
            .map_err(|e| Failure::input(format!("--flip-state {state}: {e}")))?,
    };
    let proof = prove(&automaton)?;
    let holds = proof.holds() && matches_builtin;
    let title = format!(
        "finite-board reachability R, learned from every pair up to length {}",
        args.max_len
    );
    let text = if args.dot && args.json {
        let object = serde_json::json!({
            "theorem": "finite-reach",
            "max_len": learned.max_len,
            "states": automaton.states(),
            "flip_state": args.flip_state,
            "holds": holds,
            "dot": pair_dot(&automaton, &title),
        });
        format!("{object}\n")
    } else if args.dot {
        pair_dot(&automaton, &title)
    } else if args.json {
        json_report(&args, &learned, matches_builtin, &proof)
    } else {
        text_report(&args, &learned, matches_builtin, &automaton, &proof)
    };
    emit(&text, args.out.as_deref())?;
    Ok(if holds { Verdict::Done } else { Verdict::False })
}

fn text_report(
    args: &Args,
    learned: &unhop::automata::Learned,
    matches_builtin: bool,
    automaton: &Dfa,
    proof: &Proof,
) -> String {
    let mut out = String::new();
    let live = automaton.live_states().iter().filter(|&&l| l).count();
    let _ = writeln!(
        out,
        "0. learn              {} states ({live} live) from exhaustive reachability on every pair up to \
         length {} ({} pair words; prefixes up to {} against suffixes up to {}); the built-in \
         table: {}",
        learned.dfa.states(),
        learned.max_len,
        learned.queries,
        learned.prefix_len,
        learned.suffix_len,
        if matches_builtin {
            "the same"
        } else {
            "DIFFERENT"
        }
    );
    if let Some(state) = args.flip_state {
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
    let _ = if proof.holds() {
        writeln!(
            out,
            "proved                {STATEMENT}: R ⊆ A by induction on hops (1, 2), A ⊆ R by induction on \
             the pegs of w (3)"
        )
    } else {
        writeln!(out, "NOT proved            for this automaton")
    };
    out
}

fn json_report(
    args: &Args,
    learned: &unhop::automata::Learned,
    matches_builtin: bool,
    proof: &Proof,
) -> String {
    let steps: Vec<serde_json::Value> = proof
        .steps
        .iter()
        .map(|step| {
            serde_json::json!({
                "name": step.name,
                "claim": step.claim,
                "holds": step.counterexample.is_none(),
                "product_states": step.product_states,
                "counterexample": step.counterexample.as_ref().map(|c| serde_json::json!({
                    "w": c.w.to_string(),
                    "f": c.f.to_string(),
                    "via": c.via.as_ref().map(|v| v.to_string()),
                    "reason": c.reason,
                })),
            })
        })
        .collect();
    let object = serde_json::json!({
        "theorem": "finite-reach",
        "statement": STATEMENT,
        "max_len": learned.max_len,
        "states": learned.dfa.states(),
        "matches_builtin": matches_builtin,
        "flip_state": args.flip_state,
        "steps": steps,
        "holds": proof.holds() && matches_builtin,
    });
    format!("{object}\n")
}
