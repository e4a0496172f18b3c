//! Which text format an automaton file is in: JSON or AT&T, by its name or its first
//! character.

use super::att::read_att;
use super::edges::Construction;
use super::json::read_json;
use super::named::NamedDfa;
use crate::error::Error;

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
    /// else AT&T. O(1) beyond leading whitespace.
    pub fn sniff(text: &str) -> TextFormat {
        if text.trim_start().starts_with('{') {
            TextFormat::Json
        } else {
            TextFormat::Att
        }
    }

    /// Reads an automaton in this format; `source` names the text in messages.
    pub fn read(self, text: &str, source: &str) -> Result<(NamedDfa, Construction), Error> {
        match self {
            TextFormat::Json => read_json(text, source),
            TextFormat::Att => read_att(text, source),
        }
    }
}
