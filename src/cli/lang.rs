//! `unhop lang [--board B] (--regex | --dot [--nfa | --minimal] | --stats) [--json] [-o FILE]`

use super::output::{check, emit, json_dot_or_text};
use super::{Failure, Verdict};
use std::path::PathBuf;
use unhop::solitaire::{Board, Language};

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
    let board = args.board.name();
    let text = if args.dot {
        let title = format!("one-peg language, {board} board");
        let (kind, states, dot) = if args.nfa {
            let nfa = language.nfa();
            (
                "nfa",
                nfa.states(),
                nfa.to_dot(&format!("{title}: NFA"), b"01"),
            )
        } else if args.minimal {
            let dfa = language.minimal_dfa();
            let dot = dfa.to_dot(&format!("{title}: minimal DFA"), b"01");
            ("minimal_dfa", dfa.states(), dot)
        } else {
            let dfa = language.dfa();
            (
                "dfa",
                dfa.states(),
                dfa.to_dot(&format!("{title}: DFA"), b"01"),
            )
        };
        if args.json {
            let object = serde_json::json!({
                "board": board,
                "automaton": kind,
                "states": states,
                "dot": dot,
            });
            format!("{object}\n")
        } else {
            dot
        }
    } else if args.regex {
        if args.json {
            let object = serde_json::json!({
                "board": board,
                "expression": language.expression(),
                "regex": language.regex(),
            });
            format!("{object}\n")
        } else {
            format!("{}\n{}\n", language.expression(), language.regex())
        }
    } else {
        stats(language, args.json)
    };
    emit(&text, args.out.as_deref())?;
    Ok(Verdict::Done)
}

fn stats(language: &Language, json: bool) -> String {
    let stats = language.stats();
    if json {
        let object = serde_json::json!({
            "board": language.board().name(),
            "dfa_states": stats.dfa_states,
            "minimal_dfa_states": stats.minimal_dfa_states,
            "minimal_dfa_accepting": stats.minimal_dfa_accepting,
            "minimal_dfa_dead": stats.minimal_dfa_dead,
            "nfa_states": stats.nfa_states,
            "nfa_transitions": stats.nfa_transitions,
            "generating_function": stats.generating_function.to_string(),
        });
        format!("{object}\n")
    } else {
        format!(
            "board                 {}\n\
             DFA (regex-automata)  {} states\n\
             minimal DFA           {} states ({} accepting, {} dead)\n\
             NFA without ε-moves   {} states, {} transitions\n\
             generating function   Σ (words of length n) xⁿ = {}\n",
            language.board(),
            stats.dfa_states,
            stats.minimal_dfa_states,
            stats.minimal_dfa_accepting,
            stats.minimal_dfa_dead,
            stats.nfa_states,
            stats.nfa_transitions,
            stats.generating_function
        )
    }
}
