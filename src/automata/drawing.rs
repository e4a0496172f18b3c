//! Automata drawn in Graphviz DOT through the crate's one writer ([`super::dot`]): states
//! `q0, q1, …`, the start state marked by an arrow from a point, accepting states as double
//! circles, dead states dashed (or left out), and parallel transitions merged into one arrow
//! labelled with all their symbols.

use super::dfa::{Dfa, StateId};
use super::dot::DotWriter;
use super::nfa::Nfa;
use super::relation::unpair_letter;
use std::collections::BTreeMap;

/// How a state is drawn.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Look {
    /// An ordinary state (double when accepting).
    Plain,
    /// A dead state: dashed and grey.
    Dead,
    /// Left out, with every arrow to or from it.
    Hidden,
}

/// Draws an automaton: `accepting[s]` and `looks[s]` for every state `s`, the `start`, and
/// the transitions `(from, to, symbol)`; `separator` joins the symbols of one arrow.
fn draw(
    title: &str,
    accepting: &[bool],
    looks: &[Look],
    start: StateId,
    transitions: impl Iterator<Item = (StateId, StateId, String)>,
    separator: &str,
) -> String {
    let shown = |s: StateId| looks.get(s as usize) != Some(&Look::Hidden);
    let mut arrows: BTreeMap<(StateId, StateId), Vec<String>> = BTreeMap::new();
    for (from, to, symbol) in transitions.filter(|&(from, to, _)| shown(from) && shown(to)) {
        arrows.entry((from, to)).or_default().push(symbol);
    }
    let name = |s: StateId| format!("q{s}");
    super::dot::to_string(title, |dot: &mut DotWriter<Vec<u8>>| {
        dot.attribute("rankdir", "LR")?;
        dot.defaults("node", &[("shape", "circle"), ("fontname", "Helvetica")])?;
        dot.node("start", &[("shape", "point"), ("label", "")])?;
        for (s, &accepts) in accepting.iter().enumerate() {
            let shape = if accepts { "doublecircle" } else { "circle" };
            match looks.get(s).copied().unwrap_or(Look::Plain) {
                Look::Hidden => {}
                Look::Plain => dot.node(&name(s as StateId), &[("shape", shape)])?,
                Look::Dead => dot.node(
                    &name(s as StateId),
                    &[
                        ("shape", shape),
                        ("style", "dashed"),
                        ("color", "gray50"),
                        ("fontcolor", "gray50"),
                    ],
                )?,
            }
        }
        dot.edge("start", &name(start), &[])?;
        for ((from, to), symbols) in arrows {
            let text = symbols.join(separator);
            dot.edge(&name(from), &name(to), &[("label", &text)])?;
        }
        Ok(())
    })
    .expect("writing to memory does not fail")
}

impl Dfa {
    /// The DFA in Graphviz DOT; letter `i` is labelled `symbols[i]`. Dead states are dashed.
    ///
    /// # Complexity
    ///
    /// O(states × alphabet) time and space.
    ///
    /// # Examples
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

    /// The DFA in Graphviz DOT; letter `i` is labelled `names[i]` (quoted as DOT needs, so
    /// any name is drawn as it is). Dead states are dashed.
    ///
    /// # Complexity
    ///
    /// O(states × alphabet) time and space.
    ///
    /// # Examples
    ///
    /// ```
    /// let budget = unhop::budget::Budget::default();
    /// let dfa = unhop::automata::compile_dfa("1(01)*", b"01", &budget).unwrap();
    /// let dfa = dfa.minimized(&budget).unwrap();
    /// let dot = dfa.to_dot_named("alternating", &["off".into(), "\"on\"".into()]);
    /// assert!(dot.contains(r#"label="\"on\"""#));
    /// ```
    pub fn to_dot_named(&self, title: &str, names: &[String]) -> String {
        let accepting: Vec<bool> = (0..self.states() as StateId)
            .map(|s| self.is_accepting(s))
            .collect();
        let looks: Vec<Look> = self
            .live_states()
            .iter()
            .map(|&live| if live { Look::Plain } else { Look::Dead })
            .collect();
        let transitions = (0..self.states() as StateId).flat_map(|s| {
            (0..self.alphabet()).map(move |l| (s, self.next(s, l as u8), names[l].clone()))
        });
        draw(title, &accepting, &looks, self.start(), transitions, ",")
    }

    /// A DFA over letter pairs ([`super::relation`]) in Graphviz DOT: arrows labelled `w/f`
    /// (several letters on one arrow separated by commas), the accepting states doubled,
    /// dead states left out.
    ///
    /// # Complexity
    ///
    /// O(states × 4) time and space.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::relation::identity;
    /// let dot = identity().to_pair_dot("same");
    /// assert!(dot.contains("q0 -> q0 [label=\"0/0, 1/1\"]"));
    /// ```
    pub fn to_pair_dot(&self, title: &str) -> String {
        let live = self.live_states();
        let accepting: Vec<bool> = (0..self.states() as StateId)
            .map(|s| self.is_accepting(s))
            .collect();
        let looks: Vec<Look> = live
            .iter()
            .map(|&l| if l { Look::Plain } else { Look::Hidden })
            .collect();
        let transitions = (0..self.states() as StateId).flat_map(|s| {
            (0..self.alphabet() as u8).map(move |letter| {
                let (w, f) = unpair_letter(letter);
                (
                    s,
                    self.next(s, letter),
                    format!("{}/{}", u8::from(w), u8::from(f)),
                )
            })
        });
        draw(title, &accepting, &looks, self.start(), transitions, ", ")
    }
}

impl Nfa {
    /// The NFA in Graphviz DOT; letter `i` is labelled `symbols[i]`.
    ///
    /// # Complexity
    ///
    /// O(states + transitions) time and space.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::solitaire::{Board, Language};
    /// let dot = Language::of(Board::Finite).nfa().to_dot("NFA", b"01");
    /// assert!(dot.starts_with("digraph \"NFA\" {") && dot.contains("start -> q"));
    /// ```
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
        draw(title, &accepting, &[], self.start(), transitions, ",")
    }
}
