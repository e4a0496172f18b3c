//! Automata as JSON: one object with `alphabet`, `states`, `start`, `accepting` and
//! `transitions` (the schema is in docs/automata.md, "Bring your own automaton").

use super::alphabet::{Alphabet, EPSILON};
use super::dfa::StateId;
use super::edges::{Construction, Edges, estimate_table};
use super::named::NamedDfa;
use crate::error::Error;
use rustc_hash::FxHashMap;
use serde_json::Value;
use serde_json::value::RawValue;
use std::collections::BTreeMap;

/// The keys of the object; `name` and `comment` may be given and are ignored.
const KEYS: &str = "alphabet, states, start, accepting, transitions (and optionally name, comment)";

/// Reads an automaton from JSON text; `source` names the text in messages (a file name,
/// `standard input`).
///
/// The object's keys: `alphabet`, the symbol names in letter order; `states`, a count n
/// (the states are the integers 0 to n − 1) or a list of state names (strings or integers; 3
/// and "3" are the same name); `start`, a state (or a list of states); `accepting`, a list of
/// states; `transitions`, a list of `[from, symbol, to]` or `{"from": …, "symbol": …,
/// "to": …}`, where the symbol `<eps>` is an ε-move. Missing transitions go to a dead state;
/// nondeterministic input (a state with two targets on one symbol, ε-moves, several start
/// states) is determinised (see [`Edges::to_dfa`] for the costs and the limit). Errors name
/// the line and column and say what is wrong there.
///
/// ```
/// use unhop::automata::read_json;
/// let text = r#"{"alphabet": ["a", "b"], "states": ["even", "odd"], "start": "even",
///                "accepting": ["even"],
///                "transitions": [["even", "a", "odd"], ["odd", "a", "even"],
///                                ["even", "b", "even"], ["odd", "b", "odd"]]}"#;
/// let (dfa, _) = read_json(text, "even.json").unwrap();
/// assert!(dfa.accepts_text("abba") && !dfa.accepts_text("ab"));
/// let err = read_json(&text.replace(r#""b", "odd"]"#, r#""c", "odd"]"#), "even.json");
/// assert!(err.unwrap_err().to_string().starts_with("line 4 of even.json"));
/// ```
pub fn read_json(text: &str, source: &str) -> Result<(NamedDfa, Construction), Error> {
    let doc = Doc { text, source };
    let top: BTreeMap<String, &RawValue> =
        serde_json::from_str(text).map_err(|e| doc.syntax(&e))?;
    for (key, raw) in &top {
        if ![
            "alphabet",
            "states",
            "start",
            "accepting",
            "transitions",
            "name",
            "comment",
        ]
        .contains(&key.as_str())
        {
            return Err(doc.at(raw, format!("unknown key {key:?} (the keys are {KEYS})")));
        }
    }
    let field = |key: &str| {
        top.get(key).copied().ok_or_else(|| {
            Error::new(format!(
                "{source}: the key {key:?} is missing (the keys are {KEYS})"
            ))
        })
    };
    // The alphabet.
    let raw_alphabet = field("alphabet")?;
    let mut names = Vec::new();
    for raw in doc.array(raw_alphabet, "alphabet")? {
        match doc.value(raw)? {
            Value::String(name) => names.push(name),
            _ => return Err(doc.at(raw, "a symbol is a string")),
        }
    }
    let alphabet = Alphabet::new(&names).map_err(|e| doc.at(raw_alphabet, e))?;
    // The states, by name.
    let raw_states = field("states")?;
    let states = match doc.value(raw_states)? {
        Value::Number(n) => {
            let count = n
                .as_u64()
                .filter(|&n| n > 0)
                .ok_or_else(|| doc.at(raw_states, "a count of states is a whole number ≥ 1"))?;
            estimate_table(u128::from(count), alphabet.len()).map_err(|e| doc.at(raw_states, e))?;
            States::Count(count as usize)
        }
        Value::Array(_) => {
            let mut index = FxHashMap::default();
            for raw in doc.array(raw_states, "states")? {
                let name = doc.state_name(raw)?;
                let id = index.len() as StateId;
                if index.insert(name.clone(), id).is_some() {
                    return Err(doc.at(
                        raw,
                        format!("the state {} is named twice", crate::quote(&name)),
                    ));
                }
            }
            if index.is_empty() {
                return Err(doc.at(raw_states, "an automaton needs at least one state"));
            }
            States::Named(index)
        }
        _ => {
            return Err(doc.at(raw_states, "\"states\" is a count or a list of state names"));
        }
    };
    let state = |raw: &RawValue| -> Result<StateId, Error> {
        let name = doc.state_name(raw)?;
        match &states {
            States::Count(n) => name
                .parse::<usize>()
                .ok()
                .filter(|&s| s < *n && matches!(doc.value(raw), Ok(Value::Number(_))))
                .map(|s| s as StateId)
                .ok_or_else(|| {
                    doc.at(
                        raw,
                        format!(
                            "{} is not a state: with \"states\" a count, the states are the \
                             whole numbers 0 to {}",
                            crate::quote(raw.get()),
                            n - 1
                        ),
                    )
                }),
            States::Named(index) => index.get(&name).copied().ok_or_else(|| {
                doc.at(
                    raw,
                    format!("{} is not one of the states", crate::quote(&name)),
                )
            }),
        }
    };
    let count = match &states {
        States::Count(n) => *n,
        States::Named(index) => index.len(),
    };
    // The start and the accepting states.
    let raw_start = field("start")?;
    let starts = match doc.value(raw_start)? {
        Value::Array(_) => doc
            .array(raw_start, "start")?
            .into_iter()
            .map(state)
            .collect::<Result<Vec<_>, _>>()?,
        _ => vec![state(raw_start)?],
    };
    if starts.is_empty() {
        return Err(doc.at(raw_start, "an automaton needs a start state"));
    }
    let mut accepting = vec![false; count];
    for raw in doc.array(field("accepting")?, "accepting")? {
        accepting[state(raw)? as usize] = true;
    }
    // The transitions.
    let mut transitions = Vec::new();
    for raw in doc.array(field("transitions")?, "transitions")? {
        let (from, symbol, to) = match doc.value(raw)? {
            Value::Array(parts) if parts.len() == 3 => {
                let parts = doc.array(raw, "a transition")?;
                (parts[0], parts[1], parts[2])
            }
            Value::Object(_) => {
                let parts: BTreeMap<String, &RawValue> =
                    serde_json::from_str(raw.get()).map_err(|e| doc.at(raw, e))?;
                let part = |key: &str| {
                    parts
                        .get(key)
                        .copied()
                        .ok_or_else(|| doc.at(raw, format!("a transition object needs {key:?}")))
                };
                if let Some(key) = parts
                    .keys()
                    .find(|k| !["from", "symbol", "to"].contains(&k.as_str()))
                {
                    return Err(doc.at(
                        raw,
                        format!("unknown key {key:?} in a transition (from, symbol, to)"),
                    ));
                }
                (part("from")?, part("symbol")?, part("to")?)
            }
            _ => {
                return Err(doc.at(
                    raw,
                    "a transition is [from, symbol, to] or {\"from\": …, \"symbol\": …, \"to\": …}",
                ));
            }
        };
        let letter = match doc.value(symbol)? {
            Value::String(s) if s == EPSILON => None,
            Value::String(s) => Some(
                alphabet
                    .letter(&s)
                    .ok_or_else(|| doc.at(symbol, format!("{s:?} is not in the alphabet")))?,
            ),
            _ => return Err(doc.at(symbol, "a symbol is a string")),
        };
        transitions.push((state(from)?, letter, state(to)?));
    }
    let edges = Edges {
        states: count,
        alphabet: alphabet.len(),
        starts,
        accepting,
        transitions,
    };
    let (dfa, how) = edges.to_dfa().map_err(|e| with_source(e, source))?;
    Ok((NamedDfa::new(dfa, alphabet)?, how))
}

/// An error about the whole of `source`, keeping its kind (a refusal stays a refusal).
pub(crate) fn with_source(err: Error, source: &str) -> Error {
    match err.kind() {
        crate::ErrorKind::Refused => err.context(source),
        _ => Error::new(format!("{source}: {err}")),
    }
}

enum States {
    Count(usize),
    Named(FxHashMap<String, StateId>),
}

/// The text being read, for messages with lines and columns.
struct Doc<'a> {
    text: &'a str,
    source: &'a str,
}

impl Doc<'_> {
    /// An error at the start of `raw` (a slice of the text).
    fn at(&self, raw: &RawValue, what: impl std::fmt::Display) -> Error {
        let offset = (raw.get().as_ptr() as usize)
            .saturating_sub(self.text.as_ptr() as usize)
            .min(self.text.len());
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        Error::new(format!(
            "line {line} of {}, column {column}: {what}",
            self.source
        ))
    }

    /// A syntax error of serde_json, with its line and column.
    fn syntax(&self, e: &serde_json::Error) -> Error {
        let message = e.to_string();
        let what = message
            .rsplit_once(" at line ")
            .map_or(message.as_str(), |(what, _)| what);
        Error::new(format!(
            "line {} of {}, column {}: {what}",
            e.line(),
            self.source,
            e.column()
        ))
    }

    fn value(&self, raw: &RawValue) -> Result<Value, Error> {
        serde_json::from_str(raw.get()).map_err(|e| self.at(raw, e))
    }

    fn array<'t>(&self, raw: &'t RawValue, what: &str) -> Result<Vec<&'t RawValue>, Error> {
        serde_json::from_str(raw.get()).map_err(|_| self.at(raw, format!("{what} is a list")))
    }

    /// A state's name: a string, or a whole number written in decimal.
    fn state_name(&self, raw: &RawValue) -> Result<String, Error> {
        match self.value(raw)? {
            Value::String(s) => Ok(s),
            Value::Number(n) if n.as_u64().is_some() => Ok(n.to_string()),
            _ => Err(self.at(raw, "a state is a string or a whole number")),
        }
    }
}

impl NamedDfa {
    /// The automaton as one line of JSON in the schema [`read_json`] reads: the states as a
    /// count (numbered as in the table), every transition as `[from, symbol, to]`, in order
    /// of state and letter. Reading it back gives the same table. O(states × alphabet).
    ///
    /// ```
    /// use unhop::automata::{NamedDfa, read_json};
    /// let dfa = NamedDfa::from_regex("a(b|c)*", None).unwrap().minimized();
    /// let json = dfa.to_json();
    /// assert!(json.starts_with(r#"{"accepting":[1],"alphabet":["a","b","c"],"start":0,"states":3,"transitions":[[0,"a",1],"#));
    /// assert_eq!(read_json(&json, "copy").unwrap().0, dfa);
    /// ```
    pub fn to_json(&self) -> String {
        let dfa = self.dfa();
        let states = dfa.states() as StateId;
        let accepting: Vec<StateId> = (0..states).filter(|&s| dfa.is_accepting(s)).collect();
        let transitions: Vec<Value> = (0..states)
            .flat_map(|s| (0..dfa.alphabet() as u8).map(move |l| (s, l)))
            .map(|(s, l)| serde_json::json!([s, self.alphabet().name(l), dfa.next(s, l)]))
            .collect();
        serde_json::json!({
            "alphabet": self.alphabet().names(),
            "states": dfa.states(),
            "start": dfa.start(),
            "accepting": accepting,
            "transitions": transitions,
        })
        .to_string()
    }
}
