//! A rule set: the alphabet, the blank letter, weights, rules and named targets, read from a
//! TOML rule file (the format is documented in `docs/rules.md`).

use super::rule_file::{RawFile, RawWeights, Source};
use crate::automata::{Dfa, compile_dfa};
use crate::budget::Budget;
use crate::error::Error;
use crate::error::Figures;

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
    /// The window replaced, as letter indices.
    pub from: Vec<u8>,
    /// What replaces it, as letter indices, of the same length.
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
            if weights[blank as usize] != 0 {
                return Err(fail(
                    given.span().start,
                    "the blank letter must weigh 0 (the infinite board is full of it)".to_string(),
                ));
            }
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

    /// The least weight a rule takes off (at least 1): every move lowers the total weight by
    /// at least this much, so a play from a word of weight W has at most W / (least drop)
    /// moves. O(rules × window).
    ///
    /// ```
    /// let rules = unhop::rules::RuleSet::builtin("kayles").unwrap();
    /// assert_eq!(rules.least_drop(), 1);
    /// ```
    pub fn least_drop(&self) -> u64 {
        self.rules
            .iter()
            .map(|r| self.weight(&r.from) - self.weight(&r.to))
            .min()
            .unwrap_or(1)
            .max(1)
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

/// The number of concrete rules a pattern stands for: the product of the choices of its free
/// cells (at most 16^12, which fits).
fn expansions(from: &[PatternCell], k: usize) -> u128 {
    from.iter()
        .map(|cell| match cell.any {
            0 => 1,
            u8::MAX => k as u128,
            mask => 1u128 << mask.count_ones(),
        })
        .product()
}

/// Every concrete rule a pattern pair stands for: each free cell (or free bit of a column)
/// takes every value, the same on both sides.
fn expand(from: &[PatternCell], to: &[PatternCell], k: usize) -> Vec<(Vec<u8>, Vec<u8>)> {
    let mut out = vec![(Vec::new(), Vec::new())];
    for (f, t) in from.iter().zip(to) {
        let choices: Vec<u8> = match f.any {
            0 => vec![0],
            u8::MAX => (0..k as u8).collect(),
            mask => (0..=mask).filter(|v| v & !mask == 0).collect(),
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
