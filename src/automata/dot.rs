//! Graphviz DOT output for automata.

use super::dfa::{Dfa, StateId};
use super::nfa::Nfa;
use std::collections::BTreeMap;
use std::fmt::Write;

/// Writes an automaton: states `q0, q1, …`, the start state marked by an arrow from a point,
/// accepting states as double circles, dead states (if any are flagged) dashed, and parallel
/// transitions merged into one arrow labelled with all their symbols.
fn write_dot(
    title: &str,
    accepting: &[bool],
    dead: &[bool],
    start: StateId,
    transitions: impl Iterator<Item = (StateId, StateId, String)>,
) -> String {
    let mut arrows: BTreeMap<(StateId, StateId), Vec<String>> = BTreeMap::new();
    for (from, to, symbol) in transitions {
        let escaped = symbol.replace('\\', "\\\\").replace('"', "\\\"");
        arrows.entry((from, to)).or_default().push(escaped);
    }
    let mut out = String::new();
    let _ = writeln!(out, "digraph {title:?} {{");
    let _ = writeln!(out, "  rankdir=LR;");
    let _ = writeln!(out, "  node [shape=circle, fontname=\"Helvetica\"];");
    let _ = writeln!(out, "  start [shape=point, label=\"\"];");
    for (s, &accepts) in accepting.iter().enumerate() {
        let shape = if accepts { "doublecircle" } else { "circle" };
        let style = if dead.get(s) == Some(&true) {
            ", style=dashed, color=gray50, fontcolor=gray50"
        } else {
            ""
        };
        let _ = writeln!(out, "  q{s} [shape={shape}{style}];");
    }
    let _ = writeln!(out, "  start -> q{start};");
    for ((from, to), symbols) in arrows {
        let _ = writeln!(out, "  q{from} -> q{to} [label=\"{}\"];", symbols.join(","));
    }
    out.push_str("}\n");
    out
}

impl Dfa {
    /// The DFA in Graphviz DOT; letter `i` is labelled `symbols[i]`. Dead states are dashed.
    ///
    /// ```
    /// let budget = unhop::budget::Budget::default();
    /// let dfa = unhop::automata::compile_dfa("1(01)*", b"01", &budget).unwrap();
    /// let dfa = dfa.minimized(&budget).unwrap();
    /// let dot = dfa.to_dot("alternating", b"01");
    /// assert!(dot.contains("doublecircle") && dot.contains("start -> q0"));
    /// ```
    pub fn to_dot(&self, title: &str, symbols: &[u8]) -> String {
        let names: Vec<String> = symbols.iter().map(|&b| (b as char).to_string()).collect();
        self.to_dot_named(title, &names)
    }

    /// The DFA in Graphviz DOT; letter `i` is labelled `names[i]` (quotes and backslashes
    /// escaped). Dead states are dashed. O(states × alphabet).
    ///
    /// ```
    /// let budget = unhop::budget::Budget::default();
    /// let dfa = unhop::automata::compile_dfa("1(01)*", b"01", &budget).unwrap();
    /// let dfa = dfa.minimized(&budget).unwrap();
    /// let dot = dfa.to_dot_named("alternating", &["off".into(), "on".into()]);
    /// assert!(dot.contains("label=\"on\""));
    /// ```
    pub fn to_dot_named(&self, title: &str, names: &[String]) -> String {
        let accepting: Vec<bool> = (0..self.states() as StateId)
            .map(|s| self.is_accepting(s))
            .collect();
        let dead: Vec<bool> = self.live_states().iter().map(|live| !live).collect();
        let transitions = (0..self.states() as StateId).flat_map(|s| {
            (0..self.alphabet()).map(move |l| (s, self.next(s, l as u8), names[l].clone()))
        });
        write_dot(title, &accepting, &dead, self.start(), transitions)
    }
}

impl Nfa {
    /// The NFA in Graphviz DOT; letter `i` is labelled `symbols[i]`.
    pub fn to_dot(&self, title: &str, symbols: &[u8]) -> String {
        let accepting: Vec<bool> = (0..self.states() as StateId)
            .map(|s| self.is_accepting(s))
            .collect();
        let transitions = (0..self.states() as StateId).flat_map(|s| {
            (0..self.alphabet()).flat_map(move |l| {
                self.next(s, l as u8)
                    .iter()
                    .map(move |&t| (s, t, (symbols[l] as char).to_string()))
            })
        });
        write_dot(title, &accepting, &[], self.start(), transitions)
    }
}
