//! The crate's error type.
//!
//! Every failure the library reports is an [`Error`]. Its [`ErrorKind`] says what went wrong
//! (bad input, a request refused before it started, a computation that ran out of its budget,
//! a bug), and it carries the figures a script needs without reading the message:
//!
//! * an input error names the input ([`Error::input`]: a quoted word, `standard input`, a
//!   file), and where it has them the 1-based line ([`Error::line`]) and the 0-based column
//!   ([`Error::column`], the cell or character, as cells count from 0);
//! * a refusal, and a computation that ran out of its budget, carry the [`Figures`]: the
//!   estimate, the limit and their unit ([`Error::figures`]);
//! * an error caused by another (a file that could not be read) keeps that cause, reachable
//!   through [`std::error::Error::source`].
//!
//! The message ([`Display`](fmt::Display)) is one line that says all of it in words. With
//! serde, an error serialises to one JSON object: `kind` (`input`, `refused`, `gave_up`,
//! `internal`), `message`, and those of `input`, `line`, `column`, `estimate`, `limit`, `unit`
//! that it has. The command-line tool writes that object to standard error under `--json`;
//! the Python module raises exceptions with the same attributes.

use serde::ser::{Serialize, SerializeMap, Serializer};
use std::fmt;
use std::sync::Arc;

/// How many characters of an offending input an error message quotes before cutting it short.
const QUOTE_LIMIT: usize = 60;

/// Why a computation did not answer, with the figures that say where and by how much.
///
/// ```
/// use unhop::{ErrorKind, Word};
/// let err = Word::parse("10a1").unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::Input);
/// assert_eq!(err.column(), Some(2));
/// assert_eq!(err.input(), Some("'10a1'"));
/// assert!(err.to_string().contains("'a'"));
/// let json = serde_json::to_value(&err).unwrap();
/// assert_eq!(json["kind"], "input");
/// assert_eq!(json["column"], 2);
/// ```
#[derive(Clone, Debug)]
pub struct Error(Box<Inner>);

/// What an [`Error`] says, boxed so that a `Result` stays small.
#[derive(Clone, Debug)]
struct Inner {
    kind: ErrorKind,
    message: String,
    input: Option<String>,
    line: Option<u64>,
    column: Option<usize>,
    figures: Option<Figures>,
    source: Option<Arc<dyn std::error::Error + Send + Sync>>,
}

/// What kind of failure an [`Error`] is. The command-line tool exits with code 2 on the first
/// three and 70 on [`ErrorKind::Internal`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input is malformed or out of range: a word, pattern, number, board or file.
    Input,
    /// The request is well-formed but its estimate is beyond a limit of work or memory; the
    /// error carries the estimate and the limit ([`Error::figures`]), and nothing was computed.
    Refused,
    /// A computation ran into its budget before it could answer (neither yes nor no); when
    /// the budget was work or memory, the error carries what was spent and the limit.
    GaveUp,
    /// A self-check of unhop failed: a bug, the input is not at fault.
    Internal,
}

impl ErrorKind {
    /// The kind's name in JSON: `input`, `refused`, `gave_up` or `internal`.
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::Input => "input",
            ErrorKind::Refused => "refused",
            ErrorKind::GaveUp => "gave_up",
            ErrorKind::Internal => "internal",
        }
    }
}

/// The figures of a refusal or of a spent budget: an estimate (or what was spent), the limit
/// it is over, and the unit of both (`bytes`, `moves`, `positions`, …).
///
/// ```
/// let figures = unhop::Figures::new(3 << 30, 1 << 30, "bytes");
/// assert_eq!(figures.to_string(), "3221225472 bytes (3.00 GiB) against a limit of 1073741824 bytes (1.00 GiB)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Figures {
    /// The estimate of what the request needs (at least), or what a computation had spent.
    pub estimate: u128,
    /// The limit it is over.
    pub limit: u128,
    /// What both count, in the plural.
    pub unit: String,
}

impl Figures {
    /// `estimate` against `limit`, both in `unit`.
    pub fn new(estimate: u128, limit: u128, unit: impl Into<String>) -> Figures {
        Figures {
            estimate,
            limit,
            unit: unit.into(),
        }
    }

    /// An amount in this unit, as messages write it: bytes with their GiB or MiB.
    pub fn amount(&self, value: u128) -> String {
        if self.unit == "bytes" {
            exact(value)
        } else {
            format!("{value} {}", self.unit)
        }
    }
}

impl fmt::Display for Figures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} against a limit of {}",
            self.amount(self.estimate),
            self.amount(self.limit)
        )
    }
}

impl Error {
    fn of_kind(kind: ErrorKind, message: String) -> Error {
        Error(Box::new(Inner {
            kind,
            message,
            input: None,
            line: None,
            column: None,
            figures: None,
            source: None,
        }))
    }

    /// An input error about a whole input or request, with no position: `what` says what is
    /// wrong.
    pub fn new(what: impl fmt::Display) -> Error {
        Error::of_kind(ErrorKind::Input, what.to_string())
    }

    /// An input error about `input` at the 0-based `column`, saying `what` is wrong there:
    /// `{what} at position {column} of '{input}'`.
    ///
    /// ```
    /// let err = unhop::Error::at("10a1", 2, "'a' is not a cell");
    /// assert_eq!(err.to_string(), "'a' is not a cell at position 2 of '10a1'");
    /// assert_eq!((err.input(), err.column()), (Some("'10a1'"), Some(2)));
    /// ```
    pub fn at(input: &str, column: usize, what: impl fmt::Display) -> Error {
        let quoted = quote(input);
        Error::of_kind(
            ErrorKind::Input,
            format!("{what} at position {column} of {quoted}"),
        )
        .named(quoted)
        .at_column(column)
    }

    /// An input error caused by `cause` (a file that cannot be read, a stream that closed):
    /// `{what}: {cause}`, with the cause kept as [`source`](std::error::Error::source).
    ///
    /// ```
    /// use std::error::Error as _;
    /// let cause = std::io::Error::new(std::io::ErrorKind::NotFound, "no such file");
    /// let err = unhop::Error::io("cannot read 'rules.toml'", cause);
    /// assert_eq!(err.to_string(), "cannot read 'rules.toml': no such file");
    /// assert_eq!(err.source().unwrap().to_string(), "no such file");
    /// ```
    pub fn io(what: impl fmt::Display, cause: std::io::Error) -> Error {
        Error::new(format!("{what}: {cause}")).caused_by(cause)
    }

    /// A request refused before any work: `what` (the request, as "the dense table of length
    /// 40") needs `figures.estimate`, over `figures.limit`. The message says both:
    /// `{what} needs an estimated {estimate}; the limit is {limit}`.
    ///
    /// ```
    /// use unhop::{Error, ErrorKind, Figures};
    /// let err = Error::refused("the table", Figures::new(5000, 1000, "moves"));
    /// assert_eq!(err.kind(), ErrorKind::Refused);
    /// assert_eq!(err.to_string(), "the table needs an estimated 5000 moves; the limit is 1000 moves");
    /// assert_eq!(err.figures().unwrap().limit, 1000);
    /// ```
    pub fn refused(what: impl fmt::Display, figures: Figures) -> Error {
        let message = format!(
            "{what} needs an estimated {}; the limit is {}",
            figures.amount(figures.estimate),
            figures.amount(figures.limit)
        );
        Error::refused_with(figures, message)
    }

    /// A refusal whose message is written in full by the caller: it must name the request,
    /// the estimate and the limit, which `figures` carries as numbers.
    ///
    /// ```
    /// use unhop::{Error, Figures};
    /// let err = Error::refused_with(
    ///     Figures::new(33, 20, "holes"),
    ///     "--method exhaustive takes boards of at most 20 holes; english has 33",
    /// );
    /// assert_eq!(err.figures().unwrap().estimate, 33);
    /// ```
    pub fn refused_with(figures: Figures, message: impl fmt::Display) -> Error {
        let mut err = Error::of_kind(ErrorKind::Refused, message.to_string());
        err.0.figures = Some(figures);
        err
    }

    /// A computation that ran out of its budget: `what` had spent `figures.estimate` when it
    /// passed `figures.limit`, with no answer. `{what} gave up after {spent}, past its limit of
    /// {limit}`.
    ///
    /// ```
    /// use unhop::{Error, ErrorKind, Figures};
    /// let err = Error::out_of_budget("valuing the word", Figures::new(1001, 1000, "moves"));
    /// assert_eq!(err.kind(), ErrorKind::GaveUp);
    /// assert_eq!(err.to_string(), "valuing the word gave up after 1001 moves, past its limit of 1000 moves");
    /// ```
    pub fn out_of_budget(what: impl fmt::Display, figures: Figures) -> Error {
        let message = format!(
            "{what} gave up after {}, past its limit of {}",
            figures.amount(figures.estimate),
            figures.amount(figures.limit)
        );
        let mut err = Error::of_kind(ErrorKind::GaveUp, message);
        err.0.figures = Some(figures);
        err
    }

    /// A search that ended without an answer for a reason other than its budget (a learner
    /// whose table does not close at its bound): `what` says why.
    pub fn gave_up(what: impl fmt::Display) -> Error {
        Error::of_kind(ErrorKind::GaveUp, what.to_string())
    }

    /// A failed self-check: a bug in unhop, not a problem with the input (the command-line
    /// tool exits with code 70 on it).
    pub fn internal(what: impl fmt::Display) -> Error {
        Error::of_kind(
            ErrorKind::Internal,
            format!("internal error (a bug, please report it): {what}"),
        )
    }

    /// The same error, found on line `line` (1-based) of the input named `input` (as
    /// `standard input`): the message starts with `line {line} of {input}: `.
    ///
    /// ```
    /// let err = unhop::Word::parse("1a").unwrap_err().at_line("standard input", 3);
    /// assert!(err.to_string().starts_with("line 3 of standard input: "));
    /// assert_eq!((err.input(), err.line(), err.column()), (Some("standard input"), Some(3), Some(1)));
    /// ```
    pub fn at_line(mut self, input: impl Into<String>, line: u64) -> Error {
        let input = input.into();
        self.0.message = format!("line {line} of {input}: {}", self.0.message);
        self.0.input = Some(input);
        self.0.line = Some(line);
        self
    }

    /// The same error at the 0-based `column` of its input (or of its line), the message
    /// unchanged (it should say where).
    pub fn at_column(mut self, column: usize) -> Error {
        self.0.column = Some(column);
        self
    }

    /// The same error with `input` as the name of its input, the message unchanged.
    pub fn named(mut self, input: impl Into<String>) -> Error {
        self.0.input = Some(input.into());
        self
    }

    /// The same error with `what` in front of its message (`{what}: {message}`), as a step of
    /// a larger task; kind, place and figures are kept.
    ///
    /// ```
    /// let err = unhop::Word::parse("").unwrap_err().context("argument 2");
    /// assert!(err.to_string().starts_with("argument 2: "));
    /// ```
    pub fn context(mut self, what: impl fmt::Display) -> Error {
        self.0.message = format!("{what}: {}", self.0.message);
        self
    }

    /// The same error with `note` after its message (`{message}; {note}`): advice, or which
    /// limit a figure is.
    pub fn with_note(mut self, note: impl fmt::Display) -> Error {
        self.0.message = format!("{}; {note}", self.0.message);
        self
    }

    /// The same error with `cause` as its [`source`](std::error::Error::source).
    pub fn caused_by(mut self, cause: impl std::error::Error + Send + Sync + 'static) -> Error {
        self.0.source = Some(Arc::new(cause));
        self
    }

    /// What kind of failure this is.
    ///
    /// ```
    /// use unhop::{ErrorKind, Word};
    /// assert_eq!(Word::parse("10a1").unwrap_err().kind(), ErrorKind::Input);
    /// ```
    pub fn kind(&self) -> ErrorKind {
        self.0.kind
    }

    /// Whether this is an internal error: a self-check of unhop failed (a bug), the input is
    /// not at fault.
    ///
    /// ```
    /// let err = unhop::Word::parse("").unwrap_err();
    /// assert!(!err.is_internal());
    /// ```
    pub fn is_internal(&self) -> bool {
        self.0.kind == ErrorKind::Internal
    }

    /// The input at fault, as messages name it: a quoted word, `standard input`, a file.
    pub fn input(&self) -> Option<&str> {
        self.0.input.as_deref()
    }

    /// The 1-based line of the input where the problem was found, if the input has lines.
    pub fn line(&self) -> Option<u64> {
        self.0.line
    }

    /// The 0-based column (cell or character) in the input, or in its line, where the
    /// problem was found, if it has one.
    pub fn column(&self) -> Option<usize> {
        self.0.column
    }

    /// The estimate (or what was spent), the limit and their unit, for a refusal or a
    /// computation that ran out of its budget.
    pub fn figures(&self) -> Option<&Figures> {
        self.0.figures.as_ref()
    }
}

impl PartialEq for Error {
    /// Two errors are equal when they say the same thing about the same place; their causes
    /// are not compared.
    fn eq(&self, other: &Error) -> bool {
        let (a, b) = (&self.0, &other.0);
        (a.kind, &a.message, &a.input, a.line, a.column, &a.figures)
            == (b.kind, &b.message, &b.input, b.line, b.column, &b.figures)
    }
}

impl Eq for Error {}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.message)
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0
            .source
            .as_deref()
            .map(|e| e as &(dyn std::error::Error + 'static))
    }
}

impl Serialize for Error {
    /// One JSON object: `kind`, `message`, then those of `input`, `line`, `column`,
    /// `estimate`, `limit`, `unit` that the error has.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let e = &self.0;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("kind", e.kind.name())?;
        map.serialize_entry("message", &e.message)?;
        if let Some(input) = &e.input {
            map.serialize_entry("input", input)?;
        }
        if let Some(line) = e.line {
            map.serialize_entry("line", &line)?;
        }
        if let Some(column) = e.column {
            map.serialize_entry("column", &column)?;
        }
        if let Some(figures) = &e.figures {
            map.serialize_entry("estimate", &figures.estimate)?;
            map.serialize_entry("limit", &figures.limit)?;
            map.serialize_entry("unit", &figures.unit)?;
        }
        map.end()
    }
}

/// An error's schema: the object [`Error`] serialises to, what `--json` writes to standard
/// error.
impl schemars::JsonSchema for Error {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Error".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "An error: what went wrong, and where it applies the input at fault, its line (from 1) and column (from 0), and the estimate, limit and unit of a refusal.",
            "type": "object",
            "properties": {
                "kind": {
                    "description": "input: bad input or usage; refused: a request over a limit, refused before it started; gave_up: a search that reached its limit; internal: a bug.",
                    "enum": ["input", "refused", "gave_up", "internal"]
                },
                "message": {"type": "string"},
                "input": {"description": "The input at fault, as the message names it.", "type": "string"},
                "line": {"description": "The line of a batch, from 1.", "type": "integer", "minimum": 1},
                "column": {"description": "The column in the line or word, from 0.", "type": "integer", "minimum": 0},
                "estimate": {"description": "The estimate of what the request needs, or what was spent.", "type": "integer", "minimum": 0},
                "limit": {"description": "The limit it is over.", "type": "integer", "minimum": 0},
                "unit": {"description": "What estimate and limit count, in the plural.", "type": "string"}
            },
            "required": ["kind", "message"],
            "dependentRequired": {"estimate": ["limit", "unit"], "limit": ["estimate", "unit"], "unit": ["estimate", "limit"]},
            "additionalProperties": false
        })
    }
}

/// A size in bytes, exact, with its value in GiB or MiB: `2147483648 bytes (2.00 GiB)`.
///
/// # Complexity
///
/// O(1): at most 39 digits and the value in GiB or MiB, one short string.
///
/// # Examples
///
/// ```
/// assert_eq!(unhop::memory::exact(3u64 << 29), "1610612736 bytes (1.50 GiB)");
/// assert_eq!(unhop::memory::exact(1u64 << 20), "1048576 bytes (1.00 MiB)");
/// ```
pub fn exact(bytes: impl Into<u128>) -> String {
    let bytes: u128 = bytes.into();
    if bytes >= 1 << 30 {
        format!(
            "{bytes} bytes ({:.2} GiB)",
            bytes as f64 / (1u64 << 30) as f64
        )
    } else {
        format!(
            "{bytes} bytes ({:.2} MiB)",
            bytes as f64 / (1u64 << 20) as f64
        )
    }
}

/// Quotes an input for a message: between single quotes, control and invisible characters
/// escaped (`\x00`, `\r`, `\u{202e}`, and `\\` for a backslash), and cut short in the middle
/// with its length when it has more than 60 characters, so a message stays one readable line
/// however long or strange the input.
///
/// # Complexity
///
/// O(n) time for an input of n bytes (its characters are counted); O(1) memory: the result
/// holds at most 60 of its characters, each escaped to at most 10 bytes.
///
/// # Examples
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

/// A character for a message, quoted and escaped like an input.
pub(crate) fn quote_char(c: char) -> String {
    quote(c.encode_utf8(&mut [0; 4]))
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
