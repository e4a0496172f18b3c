//! The crate's error type.
//!
//! Every error that user input can cause is an [`Error`]: it names the offending input (cut
//! short when long) and, where it makes sense, the 0-based position in it. The command-line
//! tool prints it and exits with code 2.

use std::fmt;

/// How many characters of an offending input an error message quotes before cutting it short.
const QUOTE_LIMIT: usize = 60;

/// An error caused by input: a malformed word or pattern, a number out of range, a request
/// beyond a documented limit; or, rarely, an internal error ([`Error::is_internal`]): a failed
/// self-check, which is a bug.
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
    internal: bool,
}

impl Error {
    /// An error about `input` at `position`, saying `what` is wrong there.
    pub(crate) fn at(input: &str, position: usize, what: impl fmt::Display) -> Error {
        Error {
            message: format!("{} at position {position} of {}", what, quote(input)),
            position: Some(position),
            internal: false,
        }
    }

    /// An error about a whole input or request, with no position.
    pub(crate) fn new(what: impl fmt::Display) -> Error {
        Error {
            message: what.to_string(),
            position: None,
            internal: false,
        }
    }

    /// A failed self-check: a bug in unhop, not a problem with the input (the command-line
    /// tool exits with code 70 on it).
    pub(crate) fn internal(what: impl fmt::Display) -> Error {
        Error {
            message: format!("internal error (a bug, please report it): {what}"),
            position: None,
            internal: true,
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
        self.internal
    }
}

/// Quotes an input for a message, cut short in the middle if it is long.
pub(crate) fn quote(input: &str) -> String {
    let count = input.chars().count();
    if count <= QUOTE_LIMIT {
        return format!("'{input}'");
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
        &input[..head_end],
        &input[tail_start..]
    )
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}
