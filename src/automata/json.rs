//! Automata as JSON: one object with `alphabet`, `states`, `start`, `accepting` and
//! `transitions` (the schema is in docs/automata.md, "Bring your own automaton").

use super::alphabet::{Alphabet, EPSILON};
use super::dfa::StateId;
use super::edges::{Construction, Edges, check_table};
use super::named::NamedDfa;
use crate::budget::Budget;
use crate::error::Error;
use rustc_hash::{FxHashMap, FxHashSet};
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use serde_json::value::RawValue;
use std::cell::Cell;
use std::collections::BTreeMap;

/// The keys of the object; `name` and `comment` may be given and are ignored.
const KEYS: &str =
    "alphabet, states, start, accepting, transitions (and optionally name, comment, dot)";

/// Reads an automaton from JSON text; `source` names the text in messages (a file name,
/// `standard input`).
///
/// The object's keys: `alphabet`, the symbol names in letter order; `states`, a count n
/// (the states are the integers 0 to n − 1) or a list of state names (strings or integers; 3
/// and "3" are the same name); `start`, a state (or a list of states); `accepting`, a list of
/// states; `transitions`, a list of `[from, symbol, to]` or `{"from": …, "symbol": …,
/// "to": …}`, where the symbol `<eps>` is an ε-move. Missing transitions go to a dead state;
/// nondeterministic input (a state with two targets on one symbol, ε-moves, several start
/// states) is determinised under `budget` (see [`Edges::to_dfa`] for the costs and the
/// limits). A key given twice in an object is an error (JSON parsers differ on which one
/// counts). Errors are input errors that name `source`, the line (from 1) and the position in
/// the line (the character, from 0), and say what is wrong there.
///
/// # Complexity
/// O(length of the text) to read it, then [`Edges::to_dfa`].
///
/// # Examples
///
/// ```
/// use unhop::automata::read_json;
/// use unhop::budget::Budget;
/// let budget = Budget::default();
/// let text = r#"{"alphabet": ["a", "b"], "states": ["even", "odd"], "start": "even",
///                "accepting": ["even"],
///                "transitions": [["even", "a", "odd"], ["odd", "a", "even"],
///                                ["even", "b", "even"], ["odd", "b", "odd"]]}"#;
/// let (dfa, _) = read_json(text, "even.json", &budget).unwrap();
/// assert!(dfa.accepts_text("abba") && !dfa.accepts_text("ab"));
/// let err = read_json(&text.replace(r#""b", "odd"]"#, r#""c", "odd"]"#), "even.json", &budget);
/// let err = err.unwrap_err();
/// assert!(err.to_string().starts_with("line 4 of even.json: \"c\" is not in the alphabet"));
/// assert_eq!((err.line(), err.column()), (Some(4), Some(62)));
/// let twice = read_json(&text.replace(r#""start": "even""#, r#""start": "even", "start": "odd""#), "even.json", &budget);
/// assert!(twice.unwrap_err().to_string().contains("the key \"start\" is a duplicate"));
/// ```
pub fn read_json(
    text: &str,
    source: &str,
    budget: &Budget,
) -> Result<(NamedDfa, Construction), Error> {
    let doc = Doc { text, source };
    doc.check_unique_keys()?;
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
            "dot",
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
            .named(source)
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
            check_table(u128::from(count), alphabet.len(), budget)
                .map_err(|e| with_source(e, source))?;
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
    let (dfa, how) = edges.to_dfa(budget).map_err(|e| with_source(e, source))?;
    Ok((NamedDfa::new(dfa, alphabet)?, how))
}

/// An error about the whole of `source`: its kind, figures and cause kept, `source` named
/// and said in front of the message.
pub(crate) fn with_source(err: Error, source: &str) -> Error {
    let named = err.input().is_none();
    let err = err.context(source);
    if named { err.named(source) } else { err }
}

enum States {
    Count(usize),
    Named(FxHashMap<String, StateId>),
}

/// The text being read, for messages with lines and positions.
struct Doc<'a> {
    text: &'a str,
    source: &'a str,
}

impl<'a> Doc<'a> {
    /// The line (from 1) and the position in it (the character, from 0) of byte `offset`.
    fn place(&self, offset: usize) -> (u64, usize) {
        let before = &self.text[..offset.min(self.text.len())];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count());
        (line as u64, column)
    }

    /// An input error at `line`, position `column`: `line {line} of {source}: {what} at
    /// position {column}`.
    fn error_at(&self, line: u64, column: usize, what: impl std::fmt::Display) -> Error {
        Error::new(format!("{what} at position {column}"))
            .at_line(self.source, line)
            .at_column(column)
    }

    /// An error at the start of `raw` (a slice of the text).
    fn at(&self, raw: &RawValue, what: impl std::fmt::Display) -> Error {
        let offset = (raw.get().as_ptr() as usize).saturating_sub(self.text.as_ptr() as usize);
        let (line, column) = self.place(offset);
        self.error_at(line, column, what)
    }

    /// A syntax error of serde_json, with its line and column.
    fn syntax(&self, e: &serde_json::Error) -> Error {
        let message = e.to_string();
        let what = message
            .rsplit_once(" at line ")
            .map_or(message.as_str(), |(what, _)| what);
        // serde_json counts columns from 1, and from 0 at the start of a line.
        self.error_at(e.line() as u64, e.column().saturating_sub(1), what)
    }

    /// An error for the first object of the document that has a key twice, naming the key
    /// where it is given the second time. O(length of the text).
    fn check_unique_keys(&self) -> Result<(), Error> {
        let twice = Cell::new(None);
        let mut reader = serde_json::Deserializer::from_str(self.text);
        match (Walk { twice: &twice }).deserialize(&mut reader) {
            Ok(()) => Ok(()),
            Err(e) => Err(match twice.get() {
                Some(key) => {
                    let name: String = serde_json::from_str(key.get()).unwrap_or_default();
                    self.at(
                        key,
                        format!("the key {name:?} is a duplicate: it appears a second time in its object"),
                    )
                }
                None => self.syntax(&e),
            }),
        }
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

/// A walk through a whole JSON document that stops at the first object with a key given
/// twice, leaving that key (its text in the document) in `twice`.
struct Walk<'c, 'a> {
    twice: &'c Cell<Option<&'a RawValue>>,
}

impl<'de, 'c> DeserializeSeed<'de> for Walk<'c, 'de> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de, 'c> Visitor<'de> for Walk<'c, 'de> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }

    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }

    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }

    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }

    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }

    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element_seed(Walk { twice: self.twice })?.is_some() {}
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut keys = FxHashSet::default();
        while let Some(key) = map.next_key::<&'de RawValue>()? {
            let name: String = serde_json::from_str(key.get()).map_err(de::Error::custom)?;
            if !keys.insert(name) {
                self.twice.set(Some(key));
                return Err(de::Error::custom("a key given twice"));
            }
            map.next_value_seed(Walk { twice: self.twice })?;
        }
        Ok(())
    }
}

impl NamedDfa {
    /// The automaton as one line of JSON in the schema [`read_json`] reads: the states as a
    /// count (numbered as in the table), every transition as `[from, symbol, to]`, in order of
    /// state and letter. Reading it back gives the same table.
    ///
    /// # Complexity
    ///
    /// O(states × alphabet).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::{NamedDfa, read_json};
    /// use unhop::budget::Budget;
    /// let budget = Budget::default();
    /// let dfa = NamedDfa::from_regex("a(b|c)*", None, &budget).unwrap().minimized(&budget).unwrap();
    /// let json = dfa.to_json();
    /// assert!(json.starts_with(r#"{"accepting":[1],"alphabet":["a","b","c"],"start":0,"states":3,"transitions":[[0,"a",1],"#));
    /// assert_eq!(read_json(&json, "copy", &budget).unwrap().0, dfa);
    /// ```
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.report(None)).expect("an automaton serialises")
    }
}
