//! Family patterns: words with repeated parts, such as `011(01)^n0` or `11(01)^3 00(10)^2 11`.
//!
//! Grammar (spaces are ignored):
//!
//! ```text
//! pattern  := item*
//! item     := atom ('^' exponent)?
//! atom     := '0' | '1' | '.' | 'x' | '(' pattern ')'
//! exponent := number | letter | '(' linear ')'        e.g. 3, n, (n-1), (2n+1), (2*m − 1)
//! linear   := term (('+' | '-' | '−') term)*
//! term     := number | number? '*'? letter
//! ```
//!
//! At most one variable letter may appear; a pattern without one is a single word.

use super::{MAX_LEN, Word};
use crate::error::Error;
use std::fmt;

/// A word with repeated parts, possibly depending on one variable (a family of words).
///
/// ```
/// use unhop::Pattern;
/// let family = Pattern::parse("011(01)^n0").unwrap();
/// assert_eq!(family.expand(2).unwrap().to_string(), "01101010");
/// let word = Pattern::parse("11(01)^3 00(10)^2 11").unwrap().word().unwrap();
/// assert_eq!(word.to_string(), "1101010100101011");
/// assert_eq!(Pattern::parse("1^(2n-1)").unwrap().expand(3).unwrap().to_string(), "11111");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    text: String,
    items: Vec<Item>,
    variable: Option<char>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Atom {
    Cell(bool),
    Group(Vec<Item>),
}

/// An atom repeated `times.0 * n + times.1` times.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Item {
    atom: Atom,
    times: (i64, i64),
}

/// Coefficients of exponents are kept below this, so every length computation fits in i128.
const MAX_COEFFICIENT: i64 = 1 << 40;

/// Groups may nest this deep; deeper input is refused (parsing recurses once per level).
const MAX_DEPTH: usize = 64;

impl Pattern {
    /// Parses a pattern; errors name the position of the first problem.
    ///
    /// ```
    /// let err = unhop::Pattern::parse("11(01").unwrap_err();
    /// assert_eq!(err.position(), Some(2));
    /// ```
    pub fn parse(text: &str) -> Result<Pattern, Error> {
        let mut parser = Parser {
            text,
            chars: text.char_indices().collect(),
            at: 0,
            variable: None,
            depth: 0,
        };
        let items = parser.sequence()?;
        if let Some(&(_, c)) = parser.chars.get(parser.at) {
            let what = if c == ')' {
                "a ')' that closes no '('".to_string()
            } else {
                format!("unexpected character {c:?}")
            };
            return Err(Error::at(text, parser.at, what));
        }
        if items.is_empty() {
            return Err(Error::new(
                "the word is empty: give at least one cell (0 or 1)",
            ));
        }
        Ok(Pattern {
            text: text.to_string(),
            items,
            variable: parser.variable,
        })
    }

    /// Parses a single word written plainly (`0110`, `..x.`) or as a pattern without a variable
    /// (`11(01)^3 00(10)^2 11`). Plain words take the fast packed parser.
    ///
    /// ```
    /// let w = unhop::Pattern::single_word("1(01)^2").unwrap();
    /// assert_eq!(w.to_string(), "10101");
    /// assert!(unhop::Pattern::single_word("10a1").is_err());
    /// ```
    pub fn single_word(text: &str) -> Result<Word, Error> {
        if text.bytes().all(|b| matches!(b, b'0' | b'1' | b'.' | b'x')) {
            Word::parse(text)
        } else {
            Pattern::parse(text)?.word()
        }
    }

    /// The variable letter of a family (`n` in `011(01)^n0`), or `None` for a single word.
    pub fn variable(&self) -> Option<char> {
        self.variable
    }

    /// The single word of a pattern without a variable.
    pub fn word(&self) -> Result<Word, Error> {
        match self.variable {
            None => self.expand(0),
            Some(v) => Err(Error::new(format!(
                "'{}' is a family of words (it depends on {v}); give a single word",
                self.text
            ))),
        }
    }

    /// The word for variable value `n`, in time linear in its length.
    ///
    /// Errors when a repetition count is negative for this `n`, or the word would be empty or
    /// longer than [`MAX_LEN`].
    pub fn expand(&self, n: u64) -> Result<Word, Error> {
        let n = i128::from(n);
        let len = length(&self.items, n, &self.text)?;
        if len == 0 {
            return Err(Error::new(format!(
                "'{}' is the empty word for n = {n}",
                self.text
            )));
        }
        if len > MAX_LEN as i128 {
            return Err(Error::new(format!(
                "'{}' has {len} cells for n = {n}, more than the limit of {MAX_LEN}",
                self.text
            )));
        }
        let mut word = Word::holes(0);
        emit(&self.items, n, &mut word);
        Ok(word)
    }
}

/// The length of `items` at `n`, or an error for a negative repetition count.
fn length(items: &[Item], n: i128, text: &str) -> Result<i128, Error> {
    let mut total: i128 = 0;
    for item in items {
        let times = i128::from(item.times.0) * n + i128::from(item.times.1);
        if times < 0 {
            return Err(Error::new(format!(
                "'{text}' repeats a part {times} times for n = {n}"
            )));
        }
        let unit = match &item.atom {
            Atom::Cell(_) => 1,
            Atom::Group(inner) => length(inner, n, text)?,
        };
        total = total.saturating_add(times.saturating_mul(unit));
    }
    Ok(total)
}

fn emit(items: &[Item], n: i128, word: &mut Word) {
    for item in items {
        let times = i128::from(item.times.0) * n + i128::from(item.times.1);
        for _ in 0..times {
            let before = word.len();
            match &item.atom {
                Atom::Cell(peg) => word.push(*peg),
                Atom::Group(inner) => emit(inner, n, word),
            }
            if word.len() == before {
                break; // a group of no cells, however often repeated, adds nothing
            }
        }
    }
}

struct Parser<'a> {
    text: &'a str,
    chars: Vec<(usize, char)>,
    at: usize,
    variable: Option<char>,
    depth: usize,
}

impl Parser<'_> {
    fn peek(&mut self) -> Option<char> {
        while let Some(&(_, c)) = self.chars.get(self.at) {
            if !c.is_whitespace() {
                return Some(c);
            }
            self.at += 1;
        }
        None
    }

    fn error(&self, what: impl fmt::Display) -> Error {
        Error::at(self.text, self.at, what)
    }

    fn sequence(&mut self) -> Result<Vec<Item>, Error> {
        let mut items = Vec::new();
        while let Some(c) = self.peek() {
            let atom = match c {
                '0' | '.' => Atom::Cell(false),
                '1' | 'x' => Atom::Cell(true),
                '(' => {
                    let open = self.at;
                    if self.depth == MAX_DEPTH {
                        return Err(self.error(format!("groups nested more than {MAX_DEPTH} deep")));
                    }
                    self.at += 1;
                    self.depth += 1;
                    let inner = self.sequence()?;
                    self.depth -= 1;
                    if self.peek() != Some(')') {
                        self.at = open;
                        return Err(self.error("a '(' that is never closed"));
                    }
                    if inner.is_empty() {
                        self.at = open;
                        return Err(self.error("an empty group '()'"));
                    }
                    Atom::Group(inner)
                }
                _ => break,
            };
            self.at += 1;
            let times = if self.peek() == Some('^') {
                self.at += 1;
                self.exponent()?
            } else {
                (0, 1)
            };
            items.push(Item { atom, times });
        }
        Ok(items)
    }

    fn exponent(&mut self) -> Result<(i64, i64), Error> {
        match self.peek() {
            Some('(') => {
                self.at += 1;
                let linear = self.linear()?;
                if self.peek() != Some(')') {
                    return Err(self.error("expected ')' to close the exponent"));
                }
                self.at += 1;
                Ok(linear)
            }
            Some(c) if c.is_ascii_digit() => Ok((0, self.number()?)),
            Some(c) if c.is_ascii_alphabetic() && c != 'x' => {
                self.letter()?;
                Ok((1, 0))
            }
            _ => Err(self.error("expected an exponent after '^' (a number, n, or (n-1))")),
        }
    }

    fn linear(&mut self) -> Result<(i64, i64), Error> {
        let (mut a, mut b) = (0i64, 0i64);
        let mut sign = 1;
        loop {
            let (ta, tb) = self.term()?;
            a += sign * ta;
            b += sign * tb;
            if a.abs() > MAX_COEFFICIENT || b.abs() > MAX_COEFFICIENT {
                return Err(self.error("the exponent is too large"));
            }
            sign = match self.peek() {
                Some('+') => 1,
                Some('-' | '−') => -1,
                _ => return Ok((a, b)),
            };
            self.at += 1;
        }
    }

    fn term(&mut self) -> Result<(i64, i64), Error> {
        let coefficient = match self.peek() {
            Some(c) if c.is_ascii_digit() => Some(self.number()?),
            _ => None,
        };
        if self.peek() == Some('*') && coefficient.is_some() {
            self.at += 1;
        }
        match self.peek() {
            Some(c) if c.is_ascii_alphabetic() && c != 'x' => {
                self.letter()?;
                Ok((coefficient.unwrap_or(1), 0))
            }
            _ => match coefficient {
                Some(k) => Ok((0, k)),
                None => Err(self.error("expected a number or a variable")),
            },
        }
    }

    fn number(&mut self) -> Result<i64, Error> {
        let start = self.at;
        let mut value: i64 = 0;
        while let Some(&(_, c)) = self.chars.get(self.at) {
            let Some(d) = c.to_digit(10) else { break };
            value = value * 10 + i64::from(d);
            if value > MAX_COEFFICIENT {
                self.at = start;
                return Err(self.error("the number is too large"));
            }
            self.at += 1;
        }
        Ok(value)
    }

    fn letter(&mut self) -> Result<(), Error> {
        let c = self.chars[self.at].1;
        match self.variable {
            Some(v) if v != c => {
                return Err(self.error(format!(
                    "a second variable {c:?} (this pattern already uses {v:?})"
                )));
            }
            _ => self.variable = Some(c),
        }
        self.at += 1;
        Ok(())
    }
}

impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families_expand_by_repetition() {
        let p = Pattern::parse("011(01)^n0").unwrap();
        assert_eq!(p.variable(), Some('n'));
        for n in 0..6 {
            let want = format!("011{}0", "01".repeat(n));
            assert_eq!(p.expand(n as u64).unwrap().to_string(), want);
        }
        let q = Pattern::parse("011(01)^(m − 1)0").unwrap();
        assert_eq!(q.expand(1).unwrap().to_string(), "0110");
        assert!(q.expand(0).unwrap_err().to_string().contains("-1 times"));
        let nested = Pattern::parse("(1(0)^2)^3 x.").unwrap().word().unwrap();
        assert_eq!(nested.to_string(), "10010010010");
        let linear = Pattern::parse("1^(2*n+3)").unwrap();
        assert_eq!(linear.expand(2).unwrap().len(), 7);
    }

    #[test]
    fn malformed_patterns_name_the_position() {
        for (text, position) in [
            ("11(01", 2),
            ("11)", 2),
            ("1^", 2),
            ("1^n^m", 3),
            ("10a1", 2),
            ("()", 0),
            ("1^(n", 4),
            ("1^(n+)", 5),
        ] {
            let err = Pattern::parse(text).unwrap_err();
            assert_eq!(err.position(), Some(position), "{text}: {err}");
        }
        assert!(Pattern::parse("  ").is_err());
        assert!(Pattern::parse("1^n").unwrap().word().is_err());
    }

    #[test]
    fn huge_expansions_are_refused_before_building() {
        let p = Pattern::parse("(10)^99999999999").unwrap();
        assert!(p.word().unwrap_err().to_string().contains("limit"));
        let q = Pattern::parse("(((1)^1000000)^1000000)^1000000").unwrap();
        assert!(q.word().is_err());
        let empty_groups = Pattern::parse("1(0^0)^999999999999").unwrap();
        assert_eq!(empty_groups.word().unwrap().to_string(), "1");
        let deep = format!("{}1{}", "(".repeat(100_000), ")".repeat(100_000));
        assert!(
            Pattern::parse(&deep)
                .unwrap_err()
                .to_string()
                .contains("deep")
        );
    }
}
