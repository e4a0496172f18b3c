//! `unhop rules learn NAME|FILE [--target T | --relation] [--max-len N] [--board B] [--dot] [--json]`

use super::super::progress::TerminalProgress;
use super::super::{Failure, Verdict, budget};
use super::RULES_HELP;
use unhop::rules::{Learnable, RuleSet, Target, learn_report};

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
    #[arg(long, value_name = "N", alias = "bound")]
    max_len: Option<usize>,
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
    let target;
    let what = if args.relation {
        Learnable::Relation
    } else {
        target = Target::named(&rules, &args.target)?;
        Learnable::Language(&target, args.board)
    };
    let bar = TerminalProgress::new();
    let learned = learn_report(&rules, what, args.max_len, args.dot, &budget(), &bar);
    drop(bar);
    let (report, _) = learned?;
    let mut rows = super::super::output::Rows::open(args.out.as_deref())?;
    match (&report.dot, args.json) {
        (_, true) => super::json(&mut rows, &report)?,
        (Some(dot), false) => super::line(&mut rows, dot.trim_end())?,
        (None, false) => super::line(
            &mut rows,
            format!(
                "{} states: the minimal automaton of {} consistent with every {} up to length {} ({} asked){}",
                report.states,
                report.learned,
                if args.relation { "pair" } else { "word" },
                report.max_len,
                report.queries,
                match report.same_as_proved {
                    Some(true) => "; the same as the one derived from the proved R",
                    Some(false) => "; DIFFERENT from the one derived from the proved R",
                    None => "",
                }
            ),
        )?,
    }
    rows.finish()?;
    Ok(Verdict::Done)
}
