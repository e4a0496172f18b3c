//! A rule set: the alphabet, the blank letter, weights, rules and named targets, read from a
//! TOML rule file (the format is documented in `docs/rules.md`).

use crate::automata::{Dfa, compile_dfa};
use crate::budget::Budget;
use crate::error::Error;
use crate::error::Figures;
use serde::Deserialize;
use std::collections::BTreeMap;

/// The most letters a rule set may have (pairs of letters must fit in one byte).
pub const MAX_LETTERS: usize = 16;

/// The longest rule window.
pub const MAX_RULE_LEN: usize = 12;

/// The most rules a file may expand to (after its `.` wildcards are filled in).
pub const MAX_RULES: usize = 4096;

/// The longest word a rule set reads (letters).
pub const MAX_WORD_LEN: usize = 10_000_000;

/// One rule: a window of letters `from` replaced by `to`, of the same length.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rule {
    pub from: Vec<u8>,
    pub to: Vec<u8>,
}

/// A rule set read from a rule file: words over the letters `0..k`, rules that rewrite a
/// window of equal length, a weight per letter that every rule lowers, the blank letter that
/// fills the infinite board, and named target languages.
///
/// ```
/// use unhop::rules::RuleSet;
/// let rules = RuleSet::builtin("solitaire").unwrap();
/// assert_eq!(rules.letters(), 2);
/// assert_eq!(rules.rules().len(), 2);
/// let word = rules.parse_word("0110").unwrap();
/// assert_eq!((word.clone(), rules.weight(&word)), (vec![0, 1, 1, 0], 2));
/// assert_eq!(rules.show_word(&word), "0110");
/// ```
#[derive(Clone, Debug)]
pub struct RuleSet {
    name: String,
    description: String,
    chars: Vec<char>,
    blank: u8,
    weights: Vec<u32>,
    rows: Option<usize>,
    rules: Vec<Rule>,
    targets: Vec<(String, String)>,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    name: String,
    #[serde(default)]
    description: String,
    letters: String,
    blank: String,
    #[serde(default)]
    rows: Option<usize>,
    #[serde(default)]
    weights: Option<RawWeights>,
    rules: RawRules,
    #[serde(default)]
    targets: BTreeMap<String, String>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawWeights {
    List(Vec<u32>),
    Table(BTreeMap<String, u32>),
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawRules {
    Table(BTreeMap<String, String>),
    List(Vec<RawRule>),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRule {
    from: String,
    to: String,
}

/// The built-in rule files, compiled in.
const BUILTINS: &[(&str, &str)] = &[
    (
        "solitaire",
        include_str!("../../assets/rules/solitaire.toml"),
    ),
    (
        "solitaire3",
        include_str!("../../assets/rules/solitaire3.toml"),
    ),
    ("kayles", include_str!("../../assets/rules/kayles.toml")),
    ("dawson", include_str!("../../assets/rules/dawson.toml")),
];

/// The names of the built-in rule sets.
///
/// ```
/// assert!(unhop::rules::builtin_names().contains(&"solitaire3"));
/// ```
pub fn builtin_names() -> Vec<&'static str> {
    BUILTINS.iter().map(|(name, _)| *name).collect()
}

impl RuleSet {
    /// A built-in rule set by name ([`builtin_names`]). O(size of its file).
    pub fn builtin(name: &str) -> Result<RuleSet, Error> {
        let (_, text) = BUILTINS.iter().find(|(n, _)| *n == name).ok_or_else(|| {
            Error::new(format!(
                "there is no built-in rule set {}; the built-ins are {}",
                crate::error::quote(name),
                builtin_names().join(", ")
            ))
        })?;
        RuleSet::parse(text, &format!("built-in rules {name}"))
    }

    /// A rule set from the text of a rule file; `file` names it in error messages, which give
    /// the line and the reason. O(size of the file + rules after expansion).
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
        let raw: Raw = toml::from_str(text).map_err(|e| {
            let line = e.span().map(|span| line_at(text, span.start)).unwrap_or(1);
            Error::new(format!("{file}:{line}: {}", e.message().trim()))
        })?;
        let fail = |needle: &str, reason: String| {
            Error::new(format!("{file}:{}: {reason}", line_of(text, needle)))
        };
        let chars: Vec<char> = raw.letters.chars().collect();
        if !(2..=MAX_LETTERS).contains(&chars.len()) {
            return Err(fail(
                "letters",
                format!(
                    "a rule set has 2 to {MAX_LETTERS} letters, not {}",
                    chars.len()
                ),
            ));
        }
        for (i, &c) in chars.iter().enumerate() {
            if !c.is_ascii_graphic() || matches!(c, '/' | '.' | '\\') {
                return Err(fail(
                    "letters",
                    format!(
                        "the letter {c:?} is not allowed: letters are printable ASCII other than / . \\"
                    ),
                ));
            }
            if chars[..i].contains(&c) {
                return Err(fail("letters", format!("the letter {c:?} is given twice")));
            }
        }
        let letter_of = |c: char| chars.iter().position(|&x| x == c).map(|i| i as u8);
        let blank = match raw.blank.chars().collect::<Vec<_>>()[..] {
            [c] => letter_of(c),
            _ => None,
        }
        .ok_or_else(|| {
            fail(
                "blank",
                format!("the blank {:?} is not one of the letters", raw.blank),
            )
        })?;
        if let Some(rows) = raw.rows
            && (!(1..=4).contains(&rows) || chars.len() != 1 << rows)
        {
            return Err(fail(
                "rows",
                format!(
                    "a board of {rows} rows needs 2^{rows} letters, one per column (1 to 4 rows), not {}",
                    chars.len()
                ),
            ));
        }
        let k = chars.len();
        let mut weights: Vec<u32> = match raw.rows {
            Some(_) => (0..k as u32).map(u32::count_ones).collect(),
            None => (0..k).map(|l| u32::from(l != blank as usize)).collect(),
        };
        match raw.weights {
            None => {}
            Some(RawWeights::List(list)) => {
                if list.len() != k {
                    return Err(fail(
                        "weights",
                        format!("weights lists {} numbers for {k} letters", list.len()),
                    ));
                }
                weights = list;
            }
            Some(RawWeights::Table(table)) => {
                for (key, w) in table {
                    let letter = match key.chars().collect::<Vec<_>>()[..] {
                        [c] => letter_of(c),
                        _ => None,
                    }
                    .ok_or_else(|| {
                        fail(
                            "weights",
                            format!("the weight of {key:?}: not one of the letters"),
                        )
                    })?;
                    weights[letter as usize] = w;
                }
            }
        }
        if weights[blank as usize] != 0 {
            return Err(fail(
                "weights",
                "the blank letter must weigh 0 (the infinite board is full of it)".to_string(),
            ));
        }
        let pairs: Vec<(String, String)> = match raw.rules {
            RawRules::Table(table) => table.into_iter().collect(),
            RawRules::List(list) => list.into_iter().map(|r| (r.from, r.to)).collect(),
        };
        if pairs.is_empty() {
            return Err(fail(
                "rules",
                "a rule set needs at least one rule".to_string(),
            ));
        }
        let mut rules: Vec<Rule> = Vec::new();
        for (from, to) in &pairs {
            let line = line_of_rule(text, from, to);
            let bad =
                |reason: String| Error::new(format!("{file}:{line}: rule {from} → {to}: {reason}"));
            let pattern = |s: &str| parse_pattern(s, &chars, raw.rows);
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
            for (concrete_from, concrete_to) in expand(&f, &t, k, raw.rows) {
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
                if !rules.contains(&rule) {
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
            if name.is_empty()
                || !name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            {
                return Err(fail(
                    &name,
                    format!("the target name {name:?}: letters, digits, - and _ only"),
                ));
            }
            let symbols: Vec<u8> = chars.iter().map(|&c| c as u8).collect();
            compile_dfa(&regex, &symbols, &Budget::default())
                .map_err(|e| fail(&regex, format!("target {name}: {e}")))?;
            targets.push((name, regex));
        }
        Ok(RuleSet {
            name: raw.name,
            description: raw.description,
            chars,
            blank,
            weights,
            rows: raw.rows,
            rules,
            targets,
            source: text.to_string(),
        })
    }

    /// A built-in rule set by name, or else the rule file at that path.
    pub fn load(name_or_file: &str) -> Result<RuleSet, Error> {
        if builtin_names().contains(&name_or_file) {
            return RuleSet::builtin(name_or_file);
        }
        let text = std::fs::read_to_string(name_or_file).map_err(|e| {
            Error::new(format!(
                "{}: not a built-in rule set ({}) and not a readable rule file: {e}",
                crate::error::quote(name_or_file),
                builtin_names().join(", ")
            ))
        })?;
        RuleSet::parse(&text, name_or_file)
    }

    /// The rule set's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Its one-line description.
    pub fn description(&self) -> &str {
        &self.description
    }

    /// The rule file's text.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// The number of letters k (letters are `0..k`).
    pub fn letters(&self) -> usize {
        self.chars.len()
    }

    /// The character of each letter.
    pub fn chars(&self) -> &[char] {
        &self.chars
    }

    /// The blank letter.
    pub fn blank(&self) -> u8 {
        self.blank
    }

    /// The weight of each letter.
    pub fn weights(&self) -> &[u32] {
        &self.weights
    }

    /// The number of rows of the board, when a letter is a column.
    pub fn rows(&self) -> Option<usize> {
        self.rows
    }

    /// The rules, after `.` wildcards are filled in.
    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }

    /// The named targets and their regular expressions, as the file gives them.
    pub fn targets(&self) -> &[(String, String)] {
        &self.targets
    }

    /// Whether this is peg solitaire on three rows: 3 rows, the blank column empty, weights
    /// the pegs of a column, and exactly the hops of the built-in `solitaire3` (whatever the
    /// file's name). The fast method of the engines answers such a rule set with the
    /// three-row engines of [`crate::solitaire::three_rows`] (see [`super::Engine`]).
    ///
    /// # Complexity
    /// O(r log r) for r rules (the built-in's rules are read once per process).
    ///
    /// ```
    /// use unhop::rules::RuleSet;
    /// assert!(RuleSet::builtin("solitaire3").unwrap().is_three_rows_solitaire());
    /// assert!(!RuleSet::builtin("solitaire").unwrap().is_three_rows_solitaire());
    /// ```
    pub fn is_three_rows_solitaire(&self) -> bool {
        static HOPS: std::sync::OnceLock<Vec<Rule>> = std::sync::OnceLock::new();
        let hops = HOPS.get_or_init(|| {
            let mut rules = RuleSet::builtin("solitaire3")
                .map(|r| r.rules)
                .unwrap_or_default();
            rules.sort_unstable_by(|a, b| (&a.from, &a.to).cmp(&(&b.from, &b.to)));
            rules
        });
        if self.rows != Some(3)
            || self.blank != 0
            || self.weights != (0..8u32).map(u32::count_ones).collect::<Vec<_>>()
            || self.rules.len() != hops.len()
        {
            return false;
        }
        let mut mine = self.rules.clone();
        mine.sort_unstable_by(|a, b| (&a.from, &a.to).cmp(&(&b.from, &b.to)));
        mine == *hops
    }

    /// The longest rule.
    pub fn max_rule_len(&self) -> usize {
        self.rules.iter().map(|r| r.from.len()).max().unwrap_or(1)
    }

    /// The total weight of a word. O(length).
    pub fn weight(&self, word: &[u8]) -> u64 {
        weight_of(&self.weights, word)
    }

    /// A rule shown as `from>to` in letters (`110>001`).
    pub fn show_rule(&self, rule: &Rule) -> String {
        format!(
            "{}>{}",
            show_letters(&self.chars, &rule.from),
            show_letters(&self.chars, &rule.to)
        )
    }

    /// A word from its text: its letters, or on a board of rows its rows separated by `/`
    /// (`110/011/000`). O(length). Errors name the position of a bad character.
    ///
    /// ```
    /// use unhop::rules::RuleSet;
    /// let three = RuleSet::builtin("solitaire3").unwrap();
    /// assert_eq!(three.parse_word("110/011/000").unwrap(), vec![4, 6, 2]);
    /// assert_eq!(three.parse_word("462").unwrap(), vec![4, 6, 2]);
    /// assert_eq!(three.show_word(&[4, 6, 2]), "110/011/000");
    /// ```
    pub fn parse_word(&self, text: &str) -> Result<Vec<u8>, Error> {
        if text.is_empty() {
            return Err(Error::new("the word is empty"));
        }
        if text.len() > MAX_WORD_LEN {
            return Err(Error::refused_with(
                Figures::new(text.len() as u128, MAX_WORD_LEN as u128, "characters"),
                format!(
                    "the word has {} characters; the limit is {MAX_WORD_LEN}",
                    text.len()
                ),
            ));
        }
        if let (Some(rows), true) = (self.rows, text.contains('/')) {
            let lines: Vec<&str> = text.split('/').collect();
            if lines.len() != rows || lines.iter().any(|l| l.len() != lines[0].len()) {
                return Err(Error::new(format!(
                    "{}: a board is {rows} rows of one length separated by /",
                    crate::error::quote(text)
                )));
            }
            let mut word = vec![0u8; lines[0].len()];
            let mut offset = 0;
            for (r, line) in lines.iter().enumerate() {
                for (i, c) in line.chars().enumerate() {
                    match c {
                        '0' | '.' => {}
                        '1' | 'x' => word[i] |= 1 << (rows - 1 - r),
                        _ => {
                            return Err(Error::at(
                                text,
                                offset + i,
                                format!("{c:?} is not a cell (0 or 1)"),
                            ));
                        }
                    }
                }
                offset += line.len() + 1;
            }
            return Ok(word);
        }
        text.chars()
            .enumerate()
            .map(|(i, c)| {
                self.chars
                    .iter()
                    .position(|&x| x == c)
                    .map(|l| l as u8)
                    .ok_or_else(|| {
                        Error::at(
                            text,
                            i,
                            format!(
                                "{c:?} is not a letter of {} ({})",
                                self.name,
                                self.chars.iter().collect::<String>()
                            ),
                        )
                    })
            })
            .collect()
    }

    /// A word as text: its letters, or on a board of rows its rows separated by `/`. O(length).
    pub fn show_word(&self, word: &[u8]) -> String {
        match self.rows {
            None => show_letters(&self.chars, word),
            Some(rows) => (0..rows)
                .map(|r| {
                    word.iter()
                        .map(|&l| {
                            if l >> (rows - 1 - r) & 1 == 1 {
                                '1'
                            } else {
                                '0'
                            }
                        })
                        .collect::<String>()
                })
                .collect::<Vec<_>>()
                .join("/"),
        }
    }

    /// The DFA of a named target's regular expression over the letters (the file's targets;
    /// `one` is total weight 1 unless the file names its own). O(size of the expression's DFA).
    pub fn target_regex_dfa(&self, name: &str) -> Option<Result<Dfa, Error>> {
        let symbols: Vec<u8> = self.chars.iter().map(|&c| c as u8).collect();
        self.targets
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, regex)| {
                let budget = Budget::default();
                compile_dfa(regex, &symbols, &budget)?.minimized(&budget)
            })
    }
}

fn weight_of(weights: &[u32], word: &[u8]) -> u64 {
    word.iter().map(|&l| u64::from(weights[l as usize])).sum()
}

fn show_letters(chars: &[char], word: &[u8]) -> String {
    word.iter().map(|&l| chars[l as usize]).collect()
}

/// The line (from 1) of byte `at`.
fn line_at(text: &str, at: usize) -> usize {
    text[..at.min(text.len())].matches('\n').count() + 1
}

/// The line of the first place `needle` occurs outside comments (1 when it does not).
fn line_of(text: &str, needle: &str) -> usize {
    text.lines()
        .position(|line| {
            let code = line.split('#').next().unwrap_or("");
            code.contains(needle)
        })
        .map_or(1, |i| i + 1)
}

/// The line of the rule `from` → `to`: the first line after the one that opens the rules
/// that holds both sides quoted, in order.
fn line_of_rule(text: &str, from: &str, to: &str) -> usize {
    let (qf, qt) = (format!("\"{from}\""), format!("\"{to}\""));
    let opened = line_of(text, "rules");
    text.lines()
        .enumerate()
        .skip(opened.saturating_sub(1))
        .find(|(_, line)| {
            let code = line.split('#').next().unwrap_or("");
            code.find(&qf)
                .is_some_and(|i| code[i + qf.len()..].contains(&qt))
        })
        .map_or(opened, |(i, _)| i + 1)
}

/// A pattern's cells: letters and `.`, or on a board of rows the columns of its rows (a
/// column's fixed bits and the mask of its `.` cells).
fn parse_pattern(
    text: &str,
    chars: &[char],
    rows: Option<usize>,
) -> Result<Vec<PatternCell>, String> {
    match (rows, text.contains('/')) {
        (Some(rows), true) => {
            let lines: Vec<&str> = text.split('/').collect();
            if lines.len() != rows || lines.iter().any(|l| l.len() != lines[0].len()) {
                return Err(format!(
                    "{text:?} is not {rows} rows of one length separated by /"
                ));
            }
            let mut cells = vec![(0u8, 0u8); lines[0].len()];
            for (r, line) in lines.iter().enumerate() {
                let bit = 1 << (rows - 1 - r);
                for (i, c) in line.chars().enumerate() {
                    match c {
                        '0' => {}
                        '1' => cells[i].0 |= bit,
                        '.' => cells[i].1 |= bit,
                        _ => return Err(format!("{c:?} in {text:?} is not 0, 1 or .")),
                    }
                }
            }
            Ok(cells
                .into_iter()
                .map(|(bits, any)| PatternCell { bits, any })
                .collect())
        }
        _ => text
            .chars()
            .map(|c| match c {
                '.' => Ok(PatternCell {
                    bits: 0,
                    any: u8::MAX,
                }),
                _ => chars
                    .iter()
                    .position(|&x| x == c)
                    .map(|l| PatternCell {
                        bits: l as u8,
                        any: 0,
                    })
                    .ok_or_else(|| format!("{c:?} is not one of the letters")),
            })
            .collect(),
    }
}

/// A pattern cell: fixed bits and a mask of free bits (`u8::MAX`: any letter at all).
#[derive(Clone, Copy, PartialEq, Eq)]
struct PatternCell {
    bits: u8,
    any: u8,
}

/// Every concrete rule a pattern pair stands for: each free cell (or free bit of a column)
/// takes every value, the same on both sides.
fn expand(
    from: &[PatternCell],
    to: &[PatternCell],
    k: usize,
    rows: Option<usize>,
) -> Vec<(Vec<u8>, Vec<u8>)> {
    let mut out = vec![(Vec::new(), Vec::new())];
    for (f, t) in from.iter().zip(to) {
        let choices: Vec<u8> = match (f.any, rows) {
            (0, _) => vec![0],
            (u8::MAX, None) => (0..k as u8).collect(),
            (mask, _) => (0..=mask).filter(|v| v & !mask == 0).collect(),
        };
        let mut next = Vec::with_capacity(out.len() * choices.len());
        for (a, b) in &out {
            for &v in &choices {
                let (x, y) = if f.any == u8::MAX {
                    (v, v)
                } else {
                    (f.bits | v, t.bits | v)
                };
                let (mut a, mut b) = (a.clone(), b.clone());
                a.push(x);
                b.push(y);
                next.push((a, b));
            }
        }
        out = next;
    }
    out
}
