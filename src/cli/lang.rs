//! `unhop lang [--board B] (--regex | --dot [--nfa | --minimal] | --stats) [--json] [-o FILE]`

use super::output::{check, emit, json_dot_or_text, json_line};
use super::{Failure, Verdict};
use std::path::PathBuf;
use unhop::solitaire::{Board, Language, LanguageAutomaton};

#[derive(clap::Args)]
#[command(group = clap::ArgGroup::new("what").required(true).args(["regex", "dot", "stats"]))]
#[command(after_help = "Examples:
  unhop lang --regex
  unhop lang --stats --board finite --json
  unhop lang --dot --minimal -o minimal.dot
  unhop lang --dot --nfa --json")]
pub struct Args {
    /// The board: infinite (0*(L + 11)0*) or finite (0*L0*)
    #[arg(long, default_value = "infinite")]
    board: Board,
    /// The regular expression, in the paper's notation and in regex syntax
    #[arg(long)]
    regex: bool,
    /// An automaton in Graphviz DOT (by default the DFA as regex-automata builds it; with
    /// --json, the DOT text and the automaton's size in one JSON object)
    #[arg(long)]
    dot: bool,
    /// With --dot: the NFA without ε-moves used by the shortest-path construction
    // (`requires` alone lets `--nfa --stats` through: the group's requirement is met.)
    #[arg(long, requires = "dot", conflicts_with_all = ["minimal", "regex", "stats"])]
    nfa: bool,
    /// With --dot: the minimal DFA
    #[arg(long, requires = "dot", conflicts_with_all = ["regex", "stats"])]
    minimal: bool,
    /// The automata's sizes and the generating function of the word counts
    #[arg(long)]
    stats: bool,
    /// Machine-readable output: one JSON object
    #[arg(long)]
    json: bool,
    /// Write the output to this file instead of standard output (.json with --json, .dot or
    /// .gv with --dot alone, else .txt; - is standard output)
    #[arg(short, long, alias = "output")]
    out: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    check(args.out.as_deref(), json_dot_or_text(args.json, args.dot))?;
    let language = Language::of(args.board);
    let text = if args.dot {
        let automaton = if args.nfa {
            LanguageAutomaton::Nfa
        } else if args.minimal {
            LanguageAutomaton::MinimalDfa
        } else {
            LanguageAutomaton::Dfa
        };
        let drawing = language.drawing(automaton);
        if args.json {
            json_line(&drawing)
        } else {
            drawing.dot
        }
    } else if args.regex {
        let expressions = language.expressions();
        if args.json {
            json_line(&expressions)
        } else {
            format!("{}\n{}\n", expressions.expression, expressions.regex)
        }
    } else {
        let stats = language.stats();
        if args.json {
            json_line(&stats)
        } else {
            format!(
                "board                 {}\n\
                 DFA (regex-automata)  {} states\n\
                 minimal DFA           {} states ({} accepting, {} dead)\n\
                 NFA without ε-moves   {} states, {} transitions\n\
                 generating function   Σ (words of length n) xⁿ = {}\n",
                stats.board,
                stats.dfa_states,
                stats.minimal_dfa_states,
                stats.minimal_dfa_accepting,
                stats.minimal_dfa_dead,
                stats.nfa_states,
                stats.nfa_transitions,
                stats.generating_function
            )
        }
    };
    emit(&text, args.out.as_deref())?;
    Ok(Verdict::Done)
}
