//! Which text format an automaton file is in: JSON or AT&T, by its name or its first
//! character.

use super::att::read_att;
use super::edges::Construction;
use super::json::read_json;
use super::named::NamedDfa;
use crate::budget::Budget;
use crate::error::Error;

/// The longest automaton text read, in bytes: 256 MiB.
pub const MAX_AUTOMATON_BYTES: u64 = 256 << 20;

/// The text formats automata are read from and written to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextFormat {
    /// JSON ([`crate::automata::read_json`]).
    Json,
    /// AT&T text ([`crate::automata::read_att`]).
    Att,
}

impl TextFormat {
    /// The format a file name says by its extension (`.json`, `.att`, any case), if any.
    ///
    /// # Complexity
    ///
    /// O(n) time and memory for a name of n bytes (a lower-case copy).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::TextFormat;
    /// assert_eq!(TextFormat::of_name("a.JSON"), Some(TextFormat::Json));
    /// assert_eq!(TextFormat::of_name("(ab)*"), None);
    /// ```
    pub fn of_name(name: &str) -> Option<TextFormat> {
        let lower = name.to_ascii_lowercase();
        if lower.ends_with(".json") {
            Some(TextFormat::Json)
        } else if lower.ends_with(".att") {
            Some(TextFormat::Att)
        } else {
            None
        }
    }

    /// The format of a text without a name: JSON when its first non-blank character is `{`,
    /// else AT&T.
    ///
    /// # Complexity
    ///
    /// O(1) beyond leading whitespace.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::TextFormat;
    /// assert_eq!(TextFormat::sniff("  {\"alphabet\": []}"), TextFormat::Json);
    /// assert_eq!(TextFormat::sniff("0 1 a\n1\n"), TextFormat::Att);
    /// ```
    pub fn sniff(text: &str) -> TextFormat {
        if text.trim_start().starts_with('{') {
            TextFormat::Json
        } else {
            TextFormat::Att
        }
    }

    /// Reads an automaton in this format ([`read_json`], [`read_att`]) under `budget`;
    /// `source` names the text in messages.
    ///
    /// # Complexity
    ///
    /// O(length of the text), then building the automaton ([`crate::automata::Edges::to_dfa`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{automata::TextFormat, budget::Budget};
    /// let (dfa, _) = TextFormat::Att.read("0 1 a\n1\n", "a.att", &Budget::default()).unwrap();
    /// assert!(dfa.accepts_text("a"));
    /// ```
    pub fn read(
        self,
        text: &str,
        source: &str,
        budget: &Budget,
    ) -> Result<(NamedDfa, Construction), Error> {
        match self {
            TextFormat::Json => read_json(text, source, budget),
            TextFormat::Att => read_att(text, source, budget),
        }
    }

    /// Reads an automaton from a stream (a file, standard input) named `source` in messages:
    /// at most [`MAX_AUTOMATON_BYTES`] of UTF-8 text (more is refused after reading just
    /// past the limit; a byte that is not UTF-8 is named with its line and place), in
    /// `format`, or when that is `None` in the format the text's first character says
    /// ([`TextFormat::sniff`]).
    ///
    /// # Complexity
    /// O(length of the text), then what [`TextFormat::read`] costs.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::TextFormat;
    /// use unhop::budget::Budget;
    /// let (dfa, _) = TextFormat::read_from(&b"0 1 a\n1\n"[..], "standard input", None, &Budget::default()).unwrap();
    /// assert!(dfa.accepts_text("a"));
    /// let err = TextFormat::read_from(&b"0 1 a\n1 \xe9\n"[..], "standard input", None, &Budget::default());
    /// assert_eq!(err.unwrap_err().to_string(), "line 2 of standard input: not UTF-8 text: byte 2 (0-based) is 0xe9");
    /// ```
    pub fn read_from(
        reader: impl std::io::Read,
        source: &str,
        format: Option<TextFormat>,
        budget: &Budget,
    ) -> Result<(NamedDfa, Construction), Error> {
        let text = crate::batch_lines::read_text(reader, source, MAX_AUTOMATON_BYTES)?;
        format
            .unwrap_or_else(|| TextFormat::sniff(&text))
            .read(&text, source, budget)
    }
}
