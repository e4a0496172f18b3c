//! A rule set: the alphabet, the blank letter, weights, rules and named targets, read from a
//! TOML rule file (the format is documented in `docs/rules.md`).

use crate::automata::{Dfa, compile_dfa};
use crate::budget::Budget;
use crate::error::Error;

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
    pub(super) name: String,
    pub(super) description: String,
    pub(super) chars: Vec<char>,
    pub(super) blank: u8,
    pub(super) weights: Vec<u32>,
    pub(super) rows: Option<usize>,
    pub(super) rules: Vec<Rule>,
    pub(super) targets: Vec<(String, String)>,
    pub(super) source: String,
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
/// # Complexity
///
/// O(number of built-ins).
///
///
/// # Examples
///
/// ```
/// assert!(unhop::rules::builtin_names().contains(&"solitaire3"));
/// ```
pub fn builtin_names() -> Vec<&'static str> {
    BUILTINS.iter().map(|(name, _)| *name).collect()
}

impl RuleSet {
    /// A built-in rule set by name ([`builtin_names`]).
    ///
    /// # Complexity
    ///
    /// O(size of its file).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::rules::RuleSet;
    /// assert_eq!(RuleSet::builtin("kayles").unwrap().name(), "kayles");
    /// assert!(RuleSet::builtin("chess").is_err());
    /// ```
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

    /// A built-in rule set by name, or else the rule file at that path.
    ///
    /// # Complexity
    ///
    /// O(size of the file + rules after expansion), the file read through the crate's capped
    /// reader.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::rules::RuleSet;
    /// assert_eq!(RuleSet::load("dawson").unwrap().name(), "dawson");
    /// assert!(RuleSet::load("no/such/rules.toml").is_err());
    /// ```
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
    /// # Examples
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

    /// The least weight a rule takes off (at least 1): every move lowers the total weight by at
    /// least this much, so a play from a word of weight W has at most W / (least drop) moves.
    ///
    /// # Complexity
    ///
    /// O(rules × window).
    ///
    /// # Examples
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

    /// The total weight of a word.
    ///
    /// # Complexity
    ///
    /// O(length).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::rules::RuleSet;
    /// let rules = RuleSet::builtin("solitaire").unwrap();
    /// assert_eq!(rules.weight(&rules.parse_word("01101").unwrap()), 3);
    /// ```
    pub fn weight(&self, word: &[u8]) -> u64 {
        weight_of(&self.weights, word)
    }

    /// The DFA of a named target's regular expression over the letters (the file's targets;
    /// `one` is total weight 1 unless the file names its own).
    ///
    /// # Complexity
    ///
    /// O(size of the expression's DFA).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::rules::RuleSet;
    /// let rules = RuleSet::builtin("solitaire").unwrap();
    /// assert!(rules.target_regex_dfa("nothing").is_none());
    /// ```
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

/// The total weight of `word` under `weights`. O(length).
pub(super) fn weight_of(weights: &[u32], word: &[u8]) -> u64 {
    word.iter().map(|&l| u64::from(weights[l as usize])).sum()
}
