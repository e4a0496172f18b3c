//! `unhop lang [--board B] (--regex | --dot [--nfa | --minimal] | --stats) [--json] [-o FILE]`

use super::output::{check, dot_json_or_text, emit};
use super::{Failure, Verdict};
use std::path::PathBuf;
use unhop::solitaire::{Board, Language};

#[derive(clap::Args)]
#[command(group = clap::ArgGroup::new("what").required(true).args(["regex", "dot", "stats"]))]
pub struct Args {
    /// The board: infinite (0*(L + 11)0*) or finite (0*L0*)
    #[arg(long, default_value = "infinite")]
    board: Board,
    /// The regular expression, in the paper's notation and in regex syntax
    #[arg(long)]
    regex: bool,
    /// An automaton in Graphviz DOT (by default the DFA as regex-automata builds it)
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
    /// JSON output (with --regex or --stats)
    #[arg(long, conflicts_with = "dot")]
    json: bool,
    /// Write the output to this file instead of standard output (.dot or .gv with --dot, .json
    /// with --json, else .txt; - is standard output)
    #[arg(short, long)]
    out: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    check(args.out.as_deref(), dot_json_or_text(args.dot, args.json))?;
    let language = Language::of(args.board);
    let board = args.board.name();
    let text = if args.dot {
        let title = format!("one-peg language, {board} board");
        if args.nfa {
            language.nfa().to_dot(&format!("{title}: NFA"), b"01")
        } else if args.minimal {
            language
                .minimal_dfa()
                .to_dot(&format!("{title}: minimal DFA"), b"01")
        } else {
            language.dfa().to_dot(&format!("{title}: DFA"), b"01")
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
    let minimal = language.minimal_dfa();
    let live = minimal.live_states();
    let accepting = (0..minimal.states() as u32)
        .filter(|&s| minimal.is_accepting(s))
        .count();
    let dead = live.iter().filter(|&&l| !l).count();
    let (dfa, nfa) = (language.dfa(), language.nfa());
    let generating = minimal.generating_function();
    if json {
        let object = serde_json::json!({
            "board": language.board().name(),
            "dfa_states": dfa.states(),
            "minimal_dfa_states": minimal.states(),
            "minimal_dfa_accepting": accepting,
            "minimal_dfa_dead": dead,
            "nfa_states": nfa.states(),
            "nfa_transitions": nfa.transitions(),
            "generating_function": generating.to_string(),
        });
        format!("{object}\n")
    } else {
        format!(
            "board                 {}\n\
             DFA (regex-automata)  {} states\n\
             minimal DFA           {} states ({accepting} accepting, {dead} dead)\n\
             NFA without ε-moves   {} states, {} transitions\n\
             generating function   Σ (words of length n) xⁿ = {generating}\n",
            language.board(),
            dfa.states(),
            minimal.states(),
            nfa.states(),
            nfa.transitions()
        )
    }
}
