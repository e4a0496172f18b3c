//! `unhop rules learn NAME|FILE [--target T | --relation] [--max-len N] [--board B] [--dot] [--json]`

use super::super::progress::TerminalProgress;
use super::super::{Failure, Verdict, budget};
use super::RULES_HELP;
use unhop::Quiet;
use unhop::automata::relation::pair_dot;
use unhop::rules::{
    RuleSet, Target, default_language_bound, default_relation_bound, learn_language,
    learn_relation, proved_language_if_any,
};

#[derive(clap::Args)]
#[command(after_help = "Examples:
  unhop rules learn solitaire --board finite
  unhop rules learn solitaire --relation --max-len 9 --json
  unhop rules learn kayles --target empty --max-len 8 --dot")]
pub struct Args {
    #[arg(help = RULES_HELP)]
    rules: String,
    /// The target: a name from the rule file, one (total weight 1) or weight=K
    #[arg(long, default_value = "one", conflicts_with = "relation")]
    target: String,
    /// Learn R, the pairs (w, f) of equal-length words with w →* f on the finite board, over
    /// letter pairs
    #[arg(long)]
    relation: bool,
    /// Ask the exhaustive search about every word (or pair) up to this length (default: the
    /// largest the limits allow)
    #[arg(long = "max-len", value_name = "N", alias = "bound")]
    bound: Option<usize>,
    /// The board: infinite (blanks all around the word) or finite (the board is the word)
    #[arg(long, default_value = "infinite", conflicts_with = "relation")]
    board: unhop::solitaire::Board,
    /// Print the automaton in Graphviz DOT (with --json: the "dot" field of the JSON object)
    #[arg(long)]
    dot: bool,
    /// Machine-readable output
    #[arg(long)]
    json: bool,
    /// Write the output to this file instead of standard output (.dot or .gv with --dot,
    /// .json with --json, else .txt; - is standard output)
    #[arg(short, long, alias = "output")]
    out: Option<std::path::PathBuf>,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    super::super::output::check(
        args.out.as_deref(),
        super::super::output::json_dot_or_text(args.json, args.dot),
    )?;
    let rules = RuleSet::load(&args.rules)?;
    let symbols: Vec<u8> = rules.chars().iter().map(|&c| c as u8).collect();
    let bar = TerminalProgress::new();
    let (learned, what, same_as_proved) = if args.relation {
        let bound = args.bound.unwrap_or_else(|| default_relation_bound(&rules));
        (
            learn_relation(&rules, bound, &budget(), &bar),
            "R".to_string(),
            None,
        )
    } else {
        let target = Target::named(&rules, &args.target)?;
        let learned = learn_language(
            &rules,
            &target,
            args.board,
            args.bound.unwrap_or_else(|| default_language_bound(&rules)),
            &budget(),
            &bar,
        );
        // The automaton derived from a proved R, when there is one, for comparison.
        let same = match &learned {
            Ok(l) => {
                match proved_language_if_any(&rules, &target, args.board, &budget(), &Quiet)? {
                    Some(p) => Some(l.dfa.shortest_difference(&p, &budget())?.is_none()),
                    None => None,
                }
            }
            Err(_) => None,
        };
        (learned, target.name(), same)
    };
    drop(bar);
    let learned = learned?;
    let mut rows = super::super::output::Rows::open(args.out.as_deref())?;
    let title = format!("{} {what}", rules.name());
    let dot = args.dot.then(|| {
        if args.relation && rules.letters() == 2 {
            pair_dot(&learned.dfa, &title)
        } else if args.relation {
            let pairs: Vec<u8> = (0..rules.letters() * rules.letters())
                .map(|p| b'0' + (p % 75) as u8)
                .collect();
            learned.dfa.to_dot(&title, &pairs)
        } else {
            learned.dfa.to_dot(&title, &symbols)
        }
    });
    if let (Some(dot), false) = (&dot, args.json) {
        super::line(&mut rows, dot.trim_end())?;
    } else if args.json {
        let mut object = serde_json::json!({
            "rules": rules.name(),
            "learned": what,
            "board": (!args.relation).then(|| args.board.to_string()),
            "bound": learned.max_len,
            "queries": learned.queries,
            "states": learned.dfa.states(),
            "same_as_proved": same_as_proved,
        });
        if let Some(dot) = dot {
            object["dot"] = dot.into();
        }
        super::line(&mut rows, object)?;
    } else {
        super::line(
            &mut rows,
            format!(
                "{} states: the minimal automaton of {what} consistent with every {} up to length {} ({} asked){}",
                learned.dfa.states(),
                if args.relation { "pair" } else { "word" },
                learned.max_len,
                learned.queries,
                match same_as_proved {
                    Some(true) => "; the same as the one derived from the proved R",
                    Some(false) => "; DIFFERENT from the one derived from the proved R",
                    None => "",
                }
            ),
        )?;
    }
    rows.finish()?;
    Ok(Verdict::Done)
}
