//! Automata as AT&T text, the format of OpenFst's `fstcompile` and `fstprint` for acceptors.

use super::alphabet::{Alphabet, EPSILON, MAX_SYMBOLS};
use super::dfa::StateId;
use super::edges::{Construction, Edges};
use super::json::with_source;
use super::named::NamedDfa;
use crate::batch_lines::BatchLines;
use crate::budget::Budget;
use crate::error::Error;
use rustc_hash::FxHashMap;
use std::fmt::Write;

/// The longest line read from an AT&T file (1 MiB).
const MAX_LINE: usize = 1 << 20;

/// Reads an acceptor in AT&T text; `source` names the text in messages.
///
/// One line per transition, `from to symbol [weight]`, and one per accepting state,
/// `state [weight]`, fields separated by spaces or tabs; states are whole numbers; the start
/// state is the first line's first state. The symbol `<eps>` is an ε-move. A transducer line
/// `from to input output [weight]` is read when its two labels are equal (an acceptor
/// printed as a transducer) and refused otherwise; with four fields, a number in the fourth
/// is taken as a weight. Weights must be finite numbers and are ignored: the language read
/// is the set of words with an accepting path. Blank lines and lines starting with `#` are
/// skipped. The symbols are numbered in order of first appearance, the states in increasing
/// order of their numbers. Missing transitions go to a dead state; nondeterministic input is
/// determinised under `budget` ([`Edges::to_dfa`]). Errors are input errors that name
/// `source` and the line and say what is wrong there.
///
/// # Complexity
/// O(length of the text) to read it (lines of at most 1 MiB), then [`Edges::to_dfa`].
///
/// # Examples
///
/// ```
/// use unhop::automata::read_att;
/// use unhop::budget::Budget;
/// let text = "0 1 a\n1 1 b\n1\n";
/// let (dfa, _) = read_att(text, "ab.att", &Budget::default()).unwrap();
/// assert!(dfa.accepts_text("abb") && !dfa.accepts_text("b"));
/// let err = read_att("0 1 a\n1 x b\n", "bad.att", &Budget::default()).unwrap_err();
/// assert!(err.to_string().starts_with("line 2 of bad.att"));
/// assert_eq!(err.line(), Some(2));
/// ```
pub fn read_att(
    text: &str,
    source: &str,
    budget: &Budget,
) -> Result<(NamedDfa, Construction), Error> {
    let mut lines = BatchLines::new(text.as_bytes(), source, MAX_LINE);
    let mut symbols: Vec<String> = Vec::new();
    let mut symbol_ids: FxHashMap<String, u8> = FxHashMap::default();
    let mut raw_transitions: Vec<(u64, Option<u8>, u64)> = Vec::new();
    let mut finals: Vec<u64> = Vec::new();
    let mut start: Option<u64> = None;
    while let Some(line) = lines.next_line()? {
        let fields: Vec<&str> = line.text().split_whitespace().collect();
        let state = |field: &str| -> Result<u64, Error> {
            field.parse::<u64>().map_err(|_| {
                line.error(format!(
                    "{} is not a state (a whole number)",
                    crate::quote(field)
                ))
            })
        };
        let weight = |field: &str| -> Result<(), Error> {
            match field.parse::<f64>() {
                Ok(w) if w.is_finite() => Ok(()),
                _ => Err(line.error(format!(
                    "{} is not a weight (a finite number; an infinite weight would remove \
                     the line: leave the line out instead)",
                    crate::quote(field)
                ))),
            }
        };
        let is_number = |field: &str| field.parse::<f64>().is_ok();
        let label = match fields.len() {
            1 | 2 => {
                let s = state(fields[0])?;
                if let Some(w) = fields.get(1) {
                    weight(w)?;
                }
                start.get_or_insert(s);
                finals.push(s);
                continue;
            }
            3 => fields[2],
            4 if is_number(fields[3]) => {
                weight(fields[3])?;
                fields[2]
            }
            4 | 5 => {
                if fields[2] != fields[3] {
                    return Err(line.error(format!(
                        "a transducer line (input {} and output {} differ): unhop reads \
                         acceptors, one label per transition",
                        crate::quote(fields[2]),
                        crate::quote(fields[3])
                    )));
                }
                if let Some(w) = fields.get(4) {
                    weight(w)?;
                }
                fields[2]
            }
            n => {
                return Err(line.error(format!(
                    "{n} fields: a line is `from to symbol [weight]` or `state [weight]`"
                )));
            }
        };
        let (from, to) = (state(fields[0])?, state(fields[1])?);
        start.get_or_insert(from);
        let letter = if label == EPSILON {
            None
        } else if let Some(&id) = symbol_ids.get(label) {
            Some(id)
        } else {
            if symbols.len() == MAX_SYMBOLS {
                return Err(line.error(format!(
                    "a symbol more than the limit of {MAX_SYMBOLS} symbols"
                )));
            }
            Alphabet::new([label]).map_err(|e| line.error(e))?;
            let id = symbols.len() as u8;
            symbols.push(label.to_string());
            symbol_ids.insert(label.to_string(), id);
            Some(id)
        };
        raw_transitions.push((from, letter, to));
    }
    let Some(start) = start else {
        return Err(Error::new(format!(
            "{source} has no transition and no accepting state: an automaton needs a start state"
        ))
        .named(source));
    };
    if symbols.is_empty() {
        return Err(Error::new(format!(
            "{source} names no symbol (only ε-moves or none): unhop needs at least one symbol"
        ))
        .named(source));
    }
    // States in increasing order of their numbers.
    let mut numbers: Vec<u64> = raw_transitions
        .iter()
        .flat_map(|t| [t.0, t.2])
        .chain(finals.iter().copied())
        .chain([start])
        .collect();
    numbers.sort_unstable();
    numbers.dedup();
    let id = |n: u64| numbers.binary_search(&n).expect("collected") as StateId;
    let mut accepting = vec![false; numbers.len()];
    for &f in &finals {
        accepting[id(f) as usize] = true;
    }
    let edges = Edges {
        states: numbers.len(),
        alphabet: symbols.len(),
        starts: vec![id(start)],
        accepting,
        transitions: raw_transitions
            .iter()
            .map(|&(from, letter, to)| (id(from), letter, id(to)))
            .collect(),
    };
    let (dfa, how) = edges.to_dfa(budget).map_err(|e| with_source(e, source))?;
    Ok((NamedDfa::new(dfa, Alphabet::new(symbols)?)?, how))
}

impl NamedDfa {
    /// The automaton as AT&T text: every transition `from to symbol` (the start state's first,
    /// so that it is the start when read back; then in order of state and letter), then every
    /// accepting state on a line of its own. The dead state is written too, so that every
    /// symbol appears and [`read_att`] gives back the same table.
    ///
    /// # Complexity
    ///
    /// O(states × alphabet).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::{NamedDfa, read_att};
    /// use unhop::budget::Budget;
    /// let budget = Budget::default();
    /// let dfa = NamedDfa::from_regex("ab*", None, &budget).unwrap().minimized(&budget).unwrap();
    /// let att = dfa.to_att();
    /// assert!(att.starts_with("0 1 a\n0 2 b\n"));
    /// assert_eq!(read_att(&att, "copy", &budget).unwrap().0, dfa);
    /// ```
    pub fn to_att(&self) -> String {
        let dfa = self.dfa();
        let start = dfa.start();
        let order =
            std::iter::once(start).chain((0..dfa.states() as StateId).filter(|&s| s != start));
        let mut out = String::new();
        for s in order.clone() {
            for l in 0..dfa.alphabet() as u8 {
                let _ = writeln!(out, "{s} {} {}", dfa.next(s, l), self.alphabet().name(l));
            }
        }
        for s in order.filter(|&s| dfa.is_accepting(s)) {
            let _ = writeln!(out, "{s}");
        }
        out
    }
}
