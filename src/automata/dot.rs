//! Graphviz DOT text: the one writer of every graph the crate draws (automata, the block DAG
//! of a word, the position graphs of games).
//!
//! DOT has its own quoting, which Rust's `{:?}` is not: a quoted string escapes only `"` (as
//! `\"`), a label reads `\\` as one backslash and `\n` as a line break, Graphviz reads HTML
//! entities such as `&amp;` in labels, and a `\u{…}` escape means nothing to it. [`id`] and
//! [`label`] quote a text so that Graphviz reads back exactly that text; [`DotWriter`] writes
//! a `digraph` through them, so no drawing quotes a name of its own.
//!
//! # Examples
//!
//! ```
//! use unhop::automata::dot::DotWriter;
//! let mut dot = DotWriter::digraph(Vec::new(), "say \"hi\"").unwrap();
//! dot.node("a", &[("label", "a\\b")]).unwrap();
//! dot.edge("a", "b c", &[("label", "x & y")]).unwrap();
//! let text = String::from_utf8(dot.finish().unwrap()).unwrap();
//! assert_eq!(
//!     text,
//!     "digraph \"say \\\"hi\\\"\" {\n  a [label=\"a\\\\b\"];\n  a -> \"b c\" [label=\"x &amp; y\"];\n}\n"
//! );
//! ```

use std::fmt;
use std::io::{self, Write};

/// A text quoted as a DOT identifier: written bare when DOT reads it as a name (letters,
/// digits and `_`, not starting with a digit, and not a keyword; or a number), else in
/// double quotes with `"` and `\` escaped and a line break as `\n`. Graphviz names the node
/// (and titles it in SVG) by exactly the text given.
///
/// # Complexity
///
/// O(length of the text), written without allocating.
///
/// # Examples
///
/// ```
/// use unhop::automata::dot::id;
/// assert_eq!(id("q0").to_string(), "q0");
/// assert_eq!(id("2.5").to_string(), "2.5");
/// assert_eq!(id("node").to_string(), "\"node\"");
/// assert_eq!(id("a \"b\" \\ é").to_string(), r#""a \"b\" \\ é""#);
/// ```
pub fn id(text: &str) -> Quoted<'_> {
    Quoted { text, label: false }
}

/// A text quoted as a DOT label (or any other attribute value Graphviz shows): always in
/// double quotes, with `"`, `\` and `&` escaped (`\"`, `\\`, `&amp;`: Graphviz reads HTML
/// entities in labels), a line break as `\n` (a centred line), and any other control
/// character shown as its Unicode picture (`␀` … `␟`), which SVG can hold. Graphviz shows
/// exactly the text given.
///
/// # Complexity
///
/// O(length of the text), written without allocating.
///
/// # Examples
///
/// ```
/// use unhop::automata::dot::label;
/// assert_eq!(label("0,1").to_string(), "\"0,1\"");
/// assert_eq!(label("q1\n3").to_string(), "\"q1\\n3\"");
/// assert_eq!(label("a&lt;\"").to_string(), r#""a&amp;lt;\"""#);
/// ```
pub fn label(text: &str) -> Quoted<'_> {
    Quoted { text, label: true }
}

/// A text quoted for DOT ([`id`], [`label`]); its `Display` writes the quoted form.
#[derive(Clone, Copy, Debug)]
pub struct Quoted<'a> {
    text: &'a str,
    label: bool,
}

/// The keywords of DOT, which a bare identifier may not be (in any case).
const KEYWORDS: &[&str] = &["node", "edge", "graph", "digraph", "subgraph", "strict"];

/// Whether DOT reads `text` unquoted as this very name: an identifier of ASCII letters,
/// digits and `_` not starting with a digit (and not a keyword), or a number.
fn is_bare(text: &str) -> bool {
    let bytes = text.as_bytes();
    let identifier = bytes
        .first()
        .is_some_and(|b| b.is_ascii_alphabetic() || *b == b'_')
        && bytes
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || *b == b'_')
        && !KEYWORDS.iter().any(|k| k.eq_ignore_ascii_case(text));
    let digits = text.strip_prefix('-').unwrap_or(text);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let numeral = !digits.is_empty()
        && digits != "."
        && whole.bytes().all(|b| b.is_ascii_digit())
        && fraction.bytes().all(|b| b.is_ascii_digit());
    identifier || numeral
}

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write as _;
        if !self.label && is_bare(self.text) {
            return f.write_str(self.text);
        }
        f.write_char('"')?;
        for c in self.text.chars() {
            match c {
                '"' => f.write_str("\\\"")?,
                '\\' => f.write_str("\\\\")?,
                '\n' => f.write_str("\\n")?,
                '&' if self.label => f.write_str("&amp;")?,
                c if (c as u32) < 0x20 => {
                    f.write_char(char::from_u32(0x2400 + c as u32).unwrap_or('\u{fffd}'))?
                }
                '\u{7f}' => f.write_char('\u{2421}')?,
                c => f.write_char(c)?,
            }
        }
        f.write_char('"')
    }
}

/// Writes one `digraph` in DOT: its statements one a line, indented by two spaces, every
/// name through [`id`] and every attribute value through [`label`] (or bare when DOT reads
/// it bare, as `circle` or `2.5`).
///
/// # Complexity
///
/// Each statement O(its text); nothing is kept but the output.
///
/// # Examples
///
/// ```
/// use unhop::automata::dot::DotWriter;
/// let mut dot = DotWriter::digraph(Vec::new(), "g").unwrap();
/// dot.defaults("node", &[("shape", "circle")]).unwrap();
/// dot.same_rank(&["a", "b"]).unwrap();
/// dot.edge("a", "b", &[]).unwrap();
/// let text = String::from_utf8(dot.finish().unwrap()).unwrap();
/// assert_eq!(text, "digraph \"g\" {\n  node [shape=circle];\n  { rank=same; a; b; }\n  a -> b;\n}\n");
/// ```
pub struct DotWriter<W: Write> {
    out: W,
}

impl<W: Write> DotWriter<W> {
    /// Starts `digraph "name" {` on `out`.
    pub fn digraph(mut out: W, name: &str) -> io::Result<DotWriter<W>> {
        writeln!(out, "digraph {} {{", label(name))?;
        Ok(DotWriter { out })
    }

    /// A statement of defaults: `kind` is `graph`, `node` or `edge`.
    pub fn defaults(&mut self, kind: &str, attributes: &[(&str, &str)]) -> io::Result<()> {
        write!(self.out, "  {kind}")?;
        self.attributes(attributes)?;
        writeln!(self.out, ";")
    }

    /// A graph attribute on a line of its own: `  key="value";`.
    pub fn attribute(&mut self, key: &str, value: &str) -> io::Result<()> {
        writeln!(self.out, "  {key}={};", value_of(key, value))
    }

    /// A node and its attributes.
    pub fn node(&mut self, name: &str, attributes: &[(&str, &str)]) -> io::Result<()> {
        write!(self.out, "  {}", id(name))?;
        self.attributes(attributes)?;
        writeln!(self.out, ";")
    }

    /// An arrow from `from` to `to` and its attributes.
    pub fn edge(&mut self, from: &str, to: &str, attributes: &[(&str, &str)]) -> io::Result<()> {
        write!(self.out, "  {} -> {}", id(from), id(to))?;
        self.attributes(attributes)?;
        writeln!(self.out, ";")
    }

    /// The nodes `names` drawn in one rank: `{ rank=same; a; b; }`.
    pub fn same_rank<S: AsRef<str>>(&mut self, names: &[S]) -> io::Result<()> {
        write!(self.out, "  {{ rank=same;")?;
        for name in names {
            write!(self.out, " {};", id(name.as_ref()))?;
        }
        writeln!(self.out, " }}")
    }

    /// Closes the graph and gives the output back.
    pub fn finish(mut self) -> io::Result<W> {
        self.out.write_all(b"}\n")?;
        Ok(self.out)
    }

    /// ` [k=v, …]`, nothing for no attributes.
    fn attributes(&mut self, attributes: &[(&str, &str)]) -> io::Result<()> {
        if attributes.is_empty() {
            return Ok(());
        }
        write!(self.out, " [")?;
        for (k, (key, value)) in attributes.iter().enumerate() {
            let comma = if k == 0 { "" } else { ", " };
            write!(self.out, "{comma}{key}={}", value_of(key, value))?;
        }
        write!(self.out, "]")
    }
}

/// An attribute's value: a label or tooltip always quoted ([`label`]), any other value bare
/// when DOT reads it bare.
fn value_of<'a>(key: &str, value: &'a str) -> Quoted<'a> {
    if matches!(key, "label" | "tooltip" | "xlabel") || !is_bare(value) {
        label(value)
    } else {
        id(value)
    }
}

/// Runs `draw` on a [`DotWriter`] over a byte buffer and gives the text written.
///
/// # Complexity
///
/// What `draw` writes, once.
///
/// # Examples
///
/// ```
/// let text = unhop::automata::dot::to_string("g", |dot| dot.node("a", &[])).unwrap();
/// assert_eq!(text, "digraph \"g\" {\n  a;\n}\n");
/// ```
pub fn to_string(
    name: &str,
    draw: impl FnOnce(&mut DotWriter<Vec<u8>>) -> io::Result<()>,
) -> io::Result<String> {
    let mut dot = DotWriter::digraph(Vec::new(), name)?;
    draw(&mut dot)?;
    let bytes = dot.finish()?;
    Ok(String::from_utf8(bytes).expect("DOT text written from text is text"))
}

#[cfg(test)]
mod tests {
    use super::{id, is_bare, label};

    #[test]
    fn bare_names_are_identifiers_and_numbers_only() {
        for bare in ["q0", "_x", "start", "12", "-3", "2.5", ".5", "7."] {
            assert!(is_bare(bare), "{bare}");
        }
        for quoted in [
            "", "0a", "a-b", "a b", "é", "Node", "EDGE", "-", ".", "1.2.3", "a\"b",
        ] {
            assert!(!is_bare(quoted), "{quoted}");
        }
    }

    #[test]
    fn control_characters_are_shown_not_written() {
        assert_eq!(label("a\tb\u{0}\u{7f}").to_string(), "\"a␉b␀␡\"");
        assert_eq!(id("a\rb").to_string(), "\"a␍b\"");
    }
}
