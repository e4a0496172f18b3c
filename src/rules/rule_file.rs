//! The rule file format: its TOML read with each key's value checked for its type, with where
//! it stands in the file, and then for its meaning ([`RuleSet::parse`]), so that every error
//! says in the file's own terms what is wrong and where (`FILE:LINE:COLUMN: reason`).

use super::row_grammar::{expand, expansions, parse_pattern, show_letters};
use super::ruleset::{MAX_LETTERS, MAX_RULE_LEN, MAX_RULES, Rule, RuleSet, weight_of};
use crate::automata::compile_dfa;
use crate::budget::Budget;
use crate::error::Error;
use std::fmt;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// The keys a rule file may have.
const KEYS: [&str; 8] = [
    "name",
    "description",
    "letters",
    "blank",
    "rows",
    "weights",
    "rules",
    "targets",
];

/// A rule file's text and name, for errors that point into it.
#[derive(Clone, Copy)]
pub(super) struct Source<'a> {
    pub(super) text: &'a str,
    pub(super) file: &'a str,
}

impl Source<'_> {
    /// An input error at byte `at` of the file: `FILE:LINE:COLUMN: reason` (line and column
    /// from 1, as editors count), naming the file and the 0-based column.
    pub(super) fn error(&self, at: usize, reason: impl fmt::Display) -> Error {
        let before = self.text.get(..at).unwrap_or(self.text);
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().unwrap_or("").chars().count();
        Error::new(format!("{}:{line}:{}: {reason}", self.file, column + 1))
            .named(self.file)
            .at_column(column)
    }
}

/// The parts of a rule file, each with where it stands, before their meaning is checked.
pub(super) struct RawFile {
    pub(super) name: String,
    pub(super) description: String,
    pub(super) letters: Spanned<String>,
    pub(super) blank: Spanned<String>,
    pub(super) rows: Option<Spanned<i128>>,
    pub(super) weights: Option<Spanned<RawWeights>>,
    pub(super) rules: Spanned<Vec<RawRule>>,
    pub(super) targets: Vec<(Spanned<String>, Spanned<String>)>,
}

/// The weights as written: a list in letter order, or a table by letter.
pub(super) enum RawWeights {
    List(Vec<Spanned<u32>>),
    Table(Vec<(Spanned<String>, Spanned<u32>)>),
}

/// One rule as written, and where it starts.
pub(super) struct RawRule {
    pub(super) from: String,
    pub(super) to: String,
    pub(super) at: usize,
}

/// A value as a message names it: `the integer -1`, `a list`, …
fn describe(value: &DeValue<'_>) -> String {
    match value {
        DeValue::String(s) => format!("the string {s:?}"),
        DeValue::Integer(i) => format!("the integer {}", integer(i).unwrap_or(0)),
        DeValue::Float(f) => format!("the number {}", f.as_str()),
        DeValue::Boolean(b) => format!("{b}"),
        DeValue::Datetime(d) => format!("the date {d}"),
        DeValue::Array(_) => "a list".to_string(),
        DeValue::Table(_) => "a table".to_string(),
    }
}

/// A TOML integer's value (TOML integers fit in 64 bits).
fn integer(i: &toml::de::DeInteger<'_>) -> Option<i128> {
    i128::from_str_radix(i.as_str(), i.radix()).ok()
}

impl RawFile {
    /// Reads the TOML of a rule file: a TOML syntax error, an unknown or missing key, or a
    /// value of the wrong type is an error at its place. O(size of the file).
    pub(super) fn read(source: Source<'_>) -> Result<RawFile, Error> {
        let doc = DeTable::parse(source.text).map_err(|e| {
            let at = e.span().map_or(0, |span| span.start);
            source.error(at, e.message().trim())
        })?;
        let mut fields: Vec<(&str, &Spanned<DeValue<'_>>)> = Vec::new();
        for (key, value) in doc.get_ref().iter() {
            if !KEYS.contains(&key.get_ref().as_ref()) {
                return Err(source.error(
                    key.span().start,
                    format!(
                        "{:?} is not a key of a rule file; the keys are {}",
                        key.get_ref(),
                        KEYS.join(", ")
                    ),
                ));
            }
            fields.push((key.get_ref().as_ref(), value));
        }
        let field = |key: &str| fields.iter().find(|(k, _)| *k == key).map(|(_, v)| *v);
        let required = |key: &str, example: &str| {
            field(key).ok_or_else(|| {
                source.error(0, format!("the rule file has no {key} (as {example})"))
            })
        };
        let string = |value: &Spanned<DeValue<'_>>, what: &str| match value.get_ref() {
            DeValue::String(s) => Ok(Spanned::new(value.span(), s.to_string())),
            other => Err(source.error(
                value.span().start,
                format!("{what} must be a string, not {}", describe(other)),
            )),
        };
        let name = string(required("name", "name = \"mine\"")?, "name")?.into_inner();
        let description = match field("description") {
            Some(value) => string(value, "description")?.into_inner(),
            None => String::new(),
        };
        let letters = string(required("letters", "letters = \"01\"")?, "letters")?;
        let blank = string(required("blank", "blank = \"0\"")?, "blank")?;
        let rows = match field("rows") {
            None => None,
            Some(value) => match value.get_ref() {
                DeValue::Integer(i) => Some(Spanned::new(value.span(), integer(i).unwrap_or(0))),
                other => {
                    return Err(source.error(
                        value.span().start,
                        format!("rows must be a number, 1 to 4, not {}", describe(other)),
                    ));
                }
            },
        };
        let weights = field("weights")
            .map(|value| read_weights(source, value, letters.get_ref()))
            .transpose()?;
        let rules = read_rules(
            source,
            required("rules", "[rules] followed by \"110\" = \"001\"")?,
        )?;
        let targets = match field("targets") {
            None => Vec::new(),
            Some(value) => {
                let DeValue::Table(table) = value.get_ref() else {
                    return Err(source.error(
                        value.span().start,
                        format!(
                            "targets must be a table of named expressions, as \
                             [targets] one = \"0*10*\"; not {}",
                            describe(value.get_ref())
                        ),
                    ));
                };
                let mut targets = Vec::new();
                for (key, regex) in table.iter() {
                    let what = format!("the target {:?}", key.get_ref());
                    targets.push((
                        Spanned::new(key.span(), key.get_ref().to_string()),
                        string(regex, &what)?,
                    ));
                }
                targets
            }
        };
        Ok(RawFile {
            name,
            description,
            letters,
            blank,
            rows,
            weights,
            rules,
            targets,
        })
    }
}

/// A weight: a whole number that fits 32 bits.
fn read_weight(
    source: Source<'_>,
    value: &Spanned<DeValue<'_>>,
    whose: &str,
) -> Result<Spanned<u32>, Error> {
    let weight = match value.get_ref() {
        DeValue::Integer(i) => integer(i).and_then(|w| u32::try_from(w).ok()),
        _ => None,
    };
    weight
        .map(|w| Spanned::new(value.span(), w))
        .ok_or_else(|| {
            source.error(
                value.span().start,
                format!(
                    "the weight of {whose} is {}; a weight is a whole number from 0 to {}",
                    describe(value.get_ref()),
                    u32::MAX
                ),
            )
        })
}

/// The weights, named in messages by their letters (`letters` in order).
fn read_weights(
    source: Source<'_>,
    value: &Spanned<DeValue<'_>>,
    letters: &str,
) -> Result<Spanned<RawWeights>, Error> {
    let weights = match value.get_ref() {
        DeValue::Array(list) => RawWeights::List(
            list.iter()
                .zip(letters.chars().map(Some).chain(std::iter::repeat(None)))
                .enumerate()
                .map(|(i, (w, letter))| {
                    let whose = match letter {
                        Some(c) => format!("{:?}", c.to_string()),
                        None => format!("letter {}", i + 1),
                    };
                    read_weight(source, w, &whose)
                })
                .collect::<Result<_, _>>()?,
        ),
        DeValue::Table(table) => RawWeights::Table(
            table
                .iter()
                .map(|(key, w)| {
                    let weight = read_weight(source, w, &format!("{:?}", key.get_ref()))?;
                    Ok((Spanned::new(key.span(), key.get_ref().to_string()), weight))
                })
                .collect::<Result<_, Error>>()?,
        ),
        other => {
            return Err(source.error(
                value.span().start,
                format!(
                    "weights must be a list of numbers in letter order, as [0, 1], or a table \
                     by letter, as {{ \"0\" = 0, \"1\" = 1 }}; not {}",
                    describe(other)
                ),
            ));
        }
    };
    Ok(Spanned::new(value.span(), weights))
}

/// The rules: a table `"FROM" = "TO"`, or a list of tables `{ from = "FROM", to = "TO" }`.
fn read_rules(
    source: Source<'_>,
    value: &Spanned<DeValue<'_>>,
) -> Result<Spanned<Vec<RawRule>>, Error> {
    let side = |value: &Spanned<DeValue<'_>>, what: &str| match value.get_ref() {
        DeValue::String(s) => Ok(s.to_string()),
        other => Err(source.error(
            value.span().start,
            format!(
                "{what} must be a string of letters, not {}",
                describe(other)
            ),
        )),
    };
    let mut rules = Vec::new();
    match value.get_ref() {
        DeValue::Table(table) => {
            for (from, to) in table.iter() {
                let what = format!("the right side of the rule {:?}", from.get_ref());
                rules.push(RawRule {
                    from: from.get_ref().to_string(),
                    to: side(to, &what)?,
                    at: from.span().start,
                });
            }
        }
        DeValue::Array(list) => {
            for (i, rule) in list.iter().enumerate() {
                let number = i + 1;
                let DeValue::Table(table) = rule.get_ref() else {
                    return Err(source.error(
                        rule.span().start,
                        format!(
                            "rule {number} must be a table {{ from = \"…\", to = \"…\" }}, not {}",
                            describe(rule.get_ref())
                        ),
                    ));
                };
                let mut sides: [Option<String>; 2] = [None, None];
                for (key, value) in table.iter() {
                    let slot = match key.get_ref().as_ref() {
                        "from" => 0,
                        "to" => 1,
                        other => {
                            return Err(source.error(
                                key.span().start,
                                format!(
                                    "rule {number} has the key {other:?}; a rule has from and to"
                                ),
                            ));
                        }
                    };
                    sides[slot] =
                        Some(side(value, &format!("{} of rule {number}", key.get_ref()))?);
                }
                let [Some(from), Some(to)] = sides else {
                    return Err(source.error(
                        rule.span().start,
                        format!("rule {number} needs both from and to"),
                    ));
                };
                rules.push(RawRule {
                    from,
                    to,
                    at: rule.span().start,
                });
            }
        }
        other => {
            return Err(source.error(
                value.span().start,
                format!(
                    "rules must be a table, as [rules] \"110\" = \"001\", or a list, as \
                     rules = [{{ from = \"110\", to = \"001\" }}]; not {}",
                    describe(other)
                ),
            ));
        }
    }
    Ok(Spanned::new(value.span(), rules))
}

impl RuleSet {
    /// A rule set from the text of a rule file; `file` names it in error messages, which give
    /// the line and the reason.
    ///
    /// # Complexity
    ///
    /// O(size of the file + rules after expansion).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::rules::RuleSet;
    /// let text = "name = \"drop\"\nletters = \"01\"\nblank = \"0\"\n[rules]\n\"1\" = \"0\"\n";
    /// assert_eq!(RuleSet::parse(text, "drop.toml").unwrap().rules().len(), 1);
    /// let bad = "name = \"up\"\nletters = \"01\"\nblank = \"0\"\n[rules]\n\"0\" = \"1\"\n";
    /// let err = RuleSet::parse(bad, "up.toml").unwrap_err().to_string();
    /// assert!(err.starts_with("up.toml:5:"), "{err}");
    /// ```
    pub fn parse(text: &str, file: &str) -> Result<RuleSet, Error> {
        let source = Source { text, file };
        let raw = RawFile::read(source)?;
        let fail = |at: usize, reason: String| source.error(at, reason);
        let chars: Vec<char> = raw.letters.get_ref().chars().collect();
        let letters_at = raw.letters.span().start;
        if !(2..=MAX_LETTERS).contains(&chars.len()) {
            return Err(fail(
                letters_at,
                format!(
                    "a rule set has 2 to {MAX_LETTERS} letters, not {}",
                    chars.len()
                ),
            ));
        }
        for (i, &c) in chars.iter().enumerate() {
            if !c.is_ascii_graphic() || matches!(c, '/' | '.' | '\\') {
                return Err(fail(
                    letters_at,
                    format!(
                        "the letter {c:?} is not allowed: letters are printable ASCII other than / . \\"
                    ),
                ));
            }
            if chars[..i].contains(&c) {
                return Err(fail(letters_at, format!("the letter {c:?} is given twice")));
            }
        }
        let letter_of = |text: &str| match text.chars().collect::<Vec<_>>()[..] {
            [c] => chars.iter().position(|&x| x == c).map(|i| i as u8),
            _ => None,
        };
        let blank = letter_of(raw.blank.get_ref()).ok_or_else(|| {
            fail(
                raw.blank.span().start,
                format!(
                    "the blank {:?} is not one of the letters",
                    raw.blank.get_ref()
                ),
            )
        })?;
        let k = chars.len();
        let rows = match &raw.rows {
            None => None,
            Some(rows) => {
                let r = *rows.get_ref();
                if !(1..=4).contains(&r) {
                    return Err(fail(rows.span().start, format!("rows is 1 to 4, not {r}")));
                }
                if k != 1 << r {
                    return Err(fail(
                        rows.span().start,
                        format!(
                            "a board of {r} rows needs {} letters, one per column; letters has {k}",
                            1 << r
                        ),
                    ));
                }
                Some(r as usize)
            }
        };
        let mut weights: Vec<u32> = match rows {
            Some(_) => (0..k as u32).map(u32::count_ones).collect(),
            None => (0..k).map(|l| u32::from(l != blank as usize)).collect(),
        };
        if let Some(given) = &raw.weights {
            match given.get_ref() {
                RawWeights::List(list) => {
                    if list.len() != k {
                        return Err(fail(
                            given.span().start,
                            format!("weights lists {} numbers for {k} letters", list.len()),
                        ));
                    }
                    weights = list.iter().map(|w| *w.get_ref()).collect();
                }
                RawWeights::Table(table) => {
                    for (key, w) in table {
                        let letter = letter_of(key.get_ref()).ok_or_else(|| {
                            fail(
                                key.span().start,
                                format!(
                                    "the weight of {:?}: not one of the letters",
                                    key.get_ref()
                                ),
                            )
                        })?;
                        weights[letter as usize] = *w.get_ref();
                    }
                }
            }
        }
        if weights[blank as usize] != 0 {
            // Named where the blank's weight came from: the weights given, or else `rows`
            // (a column's weight is its pegs, so only the empty column weighs 0).
            let at = match (&raw.weights, &raw.rows) {
                (Some(given), _) => given.span().start,
                (None, Some(rows)) => rows.span().start,
                (None, None) => raw.blank.span().start,
            };
            return Err(fail(
                at,
                format!(
                    "the blank letter must weigh 0 (the infinite board is full of it); {:?} \
                     weighs {}",
                    raw.blank.get_ref(),
                    weights[blank as usize]
                ),
            ));
        }
        if raw.rules.get_ref().is_empty() {
            return Err(fail(
                raw.rules.span().start,
                "a rule set needs at least one rule".to_string(),
            ));
        }
        let mut rules: Vec<Rule> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for raw_rule in raw.rules.get_ref() {
            let (from, to) = (&raw_rule.from, &raw_rule.to);
            let bad = |reason: String| fail(raw_rule.at, format!("rule {from} → {to}: {reason}"));
            let pattern = |s: &str| parse_pattern(s, &chars, rows);
            let (f, t) = match (pattern(from), pattern(to)) {
                (Ok(f), Ok(t)) => (f, t),
                (Err(e), _) | (_, Err(e)) => return Err(bad(e)),
            };
            if f.len() != t.len() || f.is_empty() {
                return Err(bad(
                    "the two sides must be non-empty and of the same length".to_string(),
                ));
            }
            if f.len() > MAX_RULE_LEN {
                return Err(bad(format!(
                    "a rule is at most {MAX_RULE_LEN} letters long"
                )));
            }
            if f.iter().zip(&t).any(|(a, b)| a.any != b.any) {
                return Err(bad(
                    "a . (any letter) must stand at the same place on both sides".to_string(),
                ));
            }
            if expansions(&f, k) > MAX_RULES as u128 {
                return Err(bad(format!(
                    "its . cells stand for more than {MAX_RULES} letter rules"
                )));
            }
            for (concrete_from, concrete_to) in expand(&f, &t, k) {
                let (wf, wt) = (
                    weight_of(&weights, &concrete_from),
                    weight_of(&weights, &concrete_to),
                );
                if wt >= wf {
                    return Err(bad(format!(
                        "{} → {} does not lower the total weight ({wf} → {wt}); every rule \
                         must, so that play always ends",
                        show_letters(&chars, &concrete_from),
                        show_letters(&chars, &concrete_to)
                    )));
                }
                let rule = Rule {
                    from: concrete_from,
                    to: concrete_to,
                };
                if seen.insert(rule.clone()) {
                    rules.push(rule);
                }
                if rules.len() > MAX_RULES {
                    return Err(bad(format!(
                        "the rules expand to more than {MAX_RULES} letter rules"
                    )));
                }
            }
        }
        let mut targets = Vec::new();
        for (name, regex) in raw.targets {
            let (name, at) = (name.get_ref().clone(), name.span().start);
            if name.is_empty()
                || !name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            {
                return Err(fail(
                    at,
                    format!("the target name {name:?}: letters, digits, - and _ only"),
                ));
            }
            let symbols: Vec<u8> = chars.iter().map(|&c| c as u8).collect();
            compile_dfa(regex.get_ref(), &symbols, &Budget::default())
                .map_err(|e| fail(regex.span().start, format!("target {name}: {e}")))?;
            targets.push((name, regex.into_inner()));
        }
        Ok(RuleSet {
            name: raw.name,
            description: raw.description,
            chars,
            blank,
            weights,
            rows,
            rules,
            targets,
            source: text.to_string(),
        })
    }
}
