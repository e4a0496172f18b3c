//! The crate's error type.
//!
//! Every error that user input can cause is an [`Error`]: it names the offending input (cut
//! short when long) and, where it makes sense, the 0-based position in it. The command-line
//! tool prints it and exits with code 2.

use std::fmt;

/// How many characters of an offending input an error message quotes before cutting it short.
const QUOTE_LIMIT: usize = 60;

/// Why a computation did not answer: bad input (with the position where it has one), a
/// request refused before the work began because it is beyond a documented limit (the message
/// names the estimate and the limit), a search that gave up, or, rarely, an internal error: a
/// failed self-check, which is a bug. [`Error::kind`] tells which.
///
/// ```
/// let err = unhop::Word::parse("10a1").unwrap_err();
/// assert_eq!(err.position(), Some(2));
/// assert!(err.to_string().contains("'a'"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    message: String,
    position: Option<usize>,
    kind: ErrorKind,
}

/// What kind of failure an [`Error`] is. The command-line tool exits with code 2 on the first
/// three and 70 on [`ErrorKind::Internal`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input is malformed or out of range: a word, pattern, number, board or file.
    Input,
    /// The request is well-formed but beyond a documented limit of time or memory; the message
    /// names the estimate and the limit, and nothing was computed.
    Refused,
    /// A search ran into its budget before it could answer (neither yes nor no).
    GaveUp,
    /// A self-check of unhop failed: a bug, the input is not at fault.
    Internal,
}

impl Error {
    /// An error about `input` at `position`, saying `what` is wrong there.
    pub(crate) fn at(input: &str, position: usize, what: impl fmt::Display) -> Error {
        Error {
            message: format!("{} at position {position} of {}", what, quote(input)),
            position: Some(position),
            kind: ErrorKind::Input,
        }
    }

    /// An error about a whole input or request, with no position.
    pub(crate) fn new(what: impl fmt::Display) -> Error {
        Error::of_kind(ErrorKind::Input, what)
    }

    /// A request refused before any work: `what` names the estimate and the limit.
    pub(crate) fn refused(what: impl fmt::Display) -> Error {
        Error::of_kind(ErrorKind::Refused, what)
    }

    /// A search that ran into its budget without an answer: `what` says which budget.
    pub(crate) fn gave_up(what: impl fmt::Display) -> Error {
        Error::of_kind(ErrorKind::GaveUp, what)
    }

    fn of_kind(kind: ErrorKind, what: impl fmt::Display) -> Error {
        Error {
            message: what.to_string(),
            position: None,
            kind,
        }
    }

    /// A failed self-check: a bug in unhop, not a problem with the input (the command-line
    /// tool exits with code 70 on it).
    pub(crate) fn internal(what: impl fmt::Display) -> Error {
        Error {
            message: format!("internal error (a bug, please report it): {what}"),
            position: None,
            kind: ErrorKind::Internal,
        }
    }

    /// The 0-based position in the input where the problem was found, if it has one.
    pub fn position(&self) -> Option<usize> {
        self.position
    }

    /// Whether this is an internal error: a self-check of unhop failed (a bug), the input is
    /// not at fault.
    ///
    /// ```
    /// let err = unhop::Word::parse("").unwrap_err();
    /// assert!(!err.is_internal());
    /// ```
    pub fn is_internal(&self) -> bool {
        self.kind == ErrorKind::Internal
    }

    /// What kind of failure this is.
    ///
    /// ```
    /// use unhop::{ErrorKind, Word};
    /// assert_eq!(Word::parse("10a1").unwrap_err().kind(), ErrorKind::Input);
    /// ```
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }
}

/// Quotes an input for a message: between single quotes, control and invisible characters
/// escaped (`\x00`, `\r`, `\u{202e}`, and `\\` for a backslash), and cut short in the middle
/// with its length when it has more than 60 characters, so a message stays one readable line
/// however long or strange the input. O(n) time in the length of the input, O(1) extra memory
/// besides the short result.
///
/// ```
/// assert_eq!(unhop::quote("10\0\u{1b}[31m\r"), r"'10\x00\x1b[31m\r'");
/// let long = "1".repeat(1000);
/// let quoted = unhop::quote(&long);
/// assert!(quoted.len() < 100 && quoted.ends_with("(1000 characters)"));
/// ```
pub fn quote(input: &str) -> String {
    let count = input.chars().count();
    if count <= QUOTE_LIMIT {
        return format!("'{}'", escaped(input));
    }
    let half = QUOTE_LIMIT / 2;
    let head_end = input
        .char_indices()
        .nth(half)
        .map_or(input.len(), |(i, _)| i);
    let tail_start = input
        .char_indices()
        .rev()
        .nth(half - 1)
        .map_or(0, |(i, _)| i);
    format!(
        "'{}…{}' ({count} characters)",
        escaped(&input[..head_end]),
        escaped(&input[tail_start..])
    )
}

/// `text` with control and invisible characters escaped, as [`quote`] shows them.
fn escaped(text: &str) -> String {
    use std::fmt::Write;
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_ascii_control() => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c if c.is_control() || is_invisible(c) => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

/// Format characters that change how text around them shows (bidirectional overrides,
/// zero-width characters, the byte-order mark): shown escaped so a message shows what was typed.
fn is_invisible(c: char) -> bool {
    matches!(c, '\u{ad}' | '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{206f}' | '\u{feff}' | '\u{fff9}'..='\u{fffb}')
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_bytes_are_escaped() {
        let quoted = quote("1\u{0}0\u{1b}]0;x\u{7}\r\n\t\u{202e}\u{85}\\é");
        assert_eq!(quoted, r"'1\x000\x1b]0;x\x07\r\n\t\u{202e}\u{85}\\é'");
        assert!(!quoted.chars().any(|c| c.is_control()));
    }

    #[test]
    fn long_inputs_are_cut_short_and_escaped() {
        let long = format!("\u{0}{}\u{1b}", "1".repeat(10_000));
        let quoted = quote(&long);
        assert!(
            quoted.starts_with(r"'\x00111") && quoted.contains("…"),
            "{quoted}"
        );
        assert!(quoted.ends_with(r"111\x1b' (10002 characters)"), "{quoted}");
        assert!(quoted.chars().count() < 100);
        assert!(!quoted.chars().any(|c| c.is_control()));
    }
}
