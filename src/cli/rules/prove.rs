//! `unhop rules prove NAME|FILE [--max-len N] [--flip-state Q] [--json]`

use super::super::progress::TerminalProgress;
use super::super::{Failure, Verdict, budget};
use super::RULES_HELP;
use unhop::automata::relation::Inclusion;
use unhop::rules::{
    RuleSet, default_relation_bound, inclusion_claim, learn_relation, prove_automaton,
};

#[derive(clap::Args)]
#[command(after_help = "Examples:
  unhop rules prove solitaire
  unhop rules prove kayles --json
  unhop rules prove solitaire --flip-state 5")]
pub struct Args {
    #[arg(help = RULES_HELP)]
    rules: String,
    /// Learn R from every pair up to this length (default: the largest the limits allow)
    #[arg(long = "max-len", value_name = "N", alias = "bound")]
    bound: Option<usize>,
    /// Make the automaton deliberately wrong before the proof: flip whether this state accepts
    #[arg(long)]
    flip_state: Option<u32>,
    #[command(flatten)]
    output: super::Output,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let mut rows = args.output.open()?;
    let rules = RuleSet::load(&args.rules)?;
    let bound = args.bound.unwrap_or_else(|| default_relation_bound(&rules));
    let bar = TerminalProgress::new();
    let learned = learn_relation(&rules, bound, &budget(), &bar);
    drop(bar);
    let mut learned = learned?;
    if let Some(q) = args.flip_state {
        learned.dfa = learned
            .dfa
            .with_acceptance_flipped(q)
            .map_err(|e| Failure::input(format!("--flip-state {q}: {e}")))?;
    }
    let proof = prove_automaton(&rules, learned)?;
    let show = |words: &Vec<Vec<u8>>| -> Vec<String> {
        words.iter().map(|w| rules.show_word(w)).collect()
    };
    if args.output.json {
        let steps: Vec<serde_json::Value> = proof
            .steps
            .iter()
            .map(|s| {
                let (name, claim) = inclusion_claim(s.inclusion);
                serde_json::json!({
                    "name": name,
                    "claim": claim,
                    "holds": s.counterexample.is_none(),
                    "product_states": s.product_states,
                    "counterexample": s.counterexample.as_ref().map(show),
                })
            })
            .collect();
        let object = serde_json::json!({
            "rules": rules.name(),
            "bound": proof.learned.max_len,
            "states": proof.learned.dfa.states(),
            "flip_state": args.flip_state,
            "steps": steps,
            "holds": proof.holds(),
        });
        super::line(&mut rows, format!("{object}"))?;
    } else {
        super::line(
            &mut rows,
            format!(
                "0. learn               {} states from every pair up to length {} ({} pair words)",
                proof.learned.dfa.states(),
                proof.learned.max_len,
                proof.learned.queries
            ),
        )?;
        for (i, s) in proof.steps.iter().enumerate() {
            let (name, claim) = inclusion_claim(s.inclusion);
            let verdict = match &s.counterexample {
                None => "holds".to_string(),
                Some(words) => {
                    let w = show(words);
                    match s.inclusion {
                        Inclusion::Closed => format!(
                            "FAILS: ({}, {}) is accepted and {} → {} is one step, but ({}, {}) is rejected",
                            w[0], w[1], w[1], w[2], w[0], w[2]
                        ),
                        _ => format!("FAILS on the pair ({}, {})", w[0], w[1]),
                    }
                }
            };
            super::line(
                &mut rows,
                format!(
                    "{}. {name:<19} {claim}: {verdict} (product automaton of {} states)",
                    i + 1,
                    s.product_states
                ),
            )?;
        }
        let verdict = if proof.holds() {
            "proved                the automaton accepts exactly the pairs (w, f) with w →* f on the finite board"
        } else {
            "NOT proved            for this automaton"
        };
        super::line(&mut rows, verdict)?;
    }
    rows.finish()?;
    Ok(if proof.holds() {
        Verdict::Done
    } else {
        Verdict::False
    })
}
