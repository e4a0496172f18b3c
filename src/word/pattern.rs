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

use super::{MAX_LEN, NotCells, Word};
use crate::error::{Error, quote, quote_char};
use num_bigint::BigUint;
use std::fmt;

/// A word with repeated parts, possibly depending on one variable (a family of words).
///
/// A pattern is kept as a flat list of operations (a cell, the start or the end of a group)
/// of 8 bytes each, at most one per character of its text, plus 16 bytes per exponent: memory
/// is proportional to the text, whatever the nesting. Parsing is iterative (no recursion), in
/// O(t) time for a text of t characters; groups may nest at most 64 deep.
///
/// ```
/// use unhop::Pattern;
/// let family = Pattern::parse("011(01)^n0").unwrap();
/// assert_eq!(family.expand(2).unwrap().to_string(), "01101010");
/// let word = Pattern::parse("11(01)^3 00(10)^2 11").unwrap().word().unwrap();
/// assert_eq!(word.to_string(), "1101010100101011");
/// assert_eq!(Pattern::parse("1^(2n-1)").unwrap().expand(3).unwrap().to_string(), "11111");
/// // Sizes are exact, however large: this word would have 10^9 cells.
/// let err = Pattern::parse("(1^(1000))^(1000000)").unwrap().word().unwrap_err();
/// assert!(err.to_string().contains("has 1000000000 cells"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    text: String,
    ops: Vec<Op>,
    /// The exponents `(a, b)`, meaning `a·n + b` repetitions; [`ONCE`] refers to none.
    exponents: Vec<(i64, i64)>,
    variable: Option<char>,
}

/// One step of a pattern, in reading order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    /// A cell (a peg when `true`), repeated by exponent `times`.
    Cell { peg: bool, times: u32 },
    /// The start of a group; its end is the operation at index `close`.
    Open { close: u32 },
    /// The end of a group, which is repeated by exponent `times`.
    Close { times: u32 },
}

/// The exponent index of a part written without `^`: once.
const ONCE: u32 = u32::MAX;

/// Coefficients of exponents are kept below this, so every repetition count fits in i128.
const MAX_COEFFICIENT: i64 = 1 << 40;

/// Groups may nest this deep; deeper input is refused. This keeps exact sizes short (at most
/// 65 factors below 2^105 each), so they are computed quickly.
const MAX_DEPTH: usize = 64;

impl Pattern {
    /// Parses a pattern; errors name the position (in characters) of the first problem.
    ///
    /// O(t) time and memory for a text of t characters, without recursion.
    ///
    /// # Complexity
    ///
    /// O(length of the text) time and space.
    ///
    ///
    /// # Examples
    ///
    /// ```
    /// let err = unhop::Pattern::parse("11(01").unwrap_err();
    /// assert_eq!(err.column(), Some(2));
    /// ```
    pub fn parse(text: &str) -> Result<Pattern, Error> {
        let bytes = text.as_bytes();
        if bytes.len() >= ONCE as usize {
            return Err(Error::new(format!(
                "the pattern has {} bytes, more than the limit of {}",
                bytes.len(),
                ONCE - 1
            )));
        }
        let cells = bytes
            .iter()
            .filter(|b| matches!(b, b'0' | b'1' | b'.' | b'x'))
            .count();
        let opens = bytes.iter().filter(|&&b| b == b'(').count();
        let carets = bytes.iter().filter(|&&b| b == b'^').count();
        let mut parser = Parser {
            text,
            at: 0,
            variable: None,
            ops: Vec::with_capacity(cells + 2 * opens),
            exponents: Vec::with_capacity(carets),
        };
        parser.pattern()?;
        if parser.ops.is_empty() {
            return Err(Error::new(
                "the word is empty: give at least one cell (0 or 1)",
            ));
        }
        parser.ops.shrink_to_fit();
        parser.exponents.shrink_to_fit();
        Ok(Pattern {
            text: text.to_string(),
            ops: parser.ops,
            exponents: parser.exponents,
            variable: parser.variable,
        })
    }

    /// Parses a single word written plainly (`0110`, `..x.`) or as a pattern without a variable
    /// (`11(01)^3 00(10)^2 11`). Plain words take the fast packed parser.
    ///
    /// # Complexity
    ///
    /// O(length of the word) time and space.
    ///
    ///
    /// # Examples
    ///
    /// ```
    /// let w = unhop::Pattern::single_word("1(01)^2").unwrap();
    /// assert_eq!(w.to_string(), "10101");
    /// assert!(unhop::Pattern::single_word("10a1").is_err());
    /// ```
    pub fn single_word(text: &str) -> Result<Word, Error> {
        match Word::parse_cells(text) {
            Ok(word) => Ok(word),
            Err(NotCells::BadChar(_)) => Pattern::parse(text)?.word(),
            Err(NotCells::Refused(error)) => Err(error),
        }
    }

    /// The variable letter of a family (`n` in `011(01)^n0`), or `None` for a single word.
    pub fn variable(&self) -> Option<char> {
        self.variable
    }

    /// The single word of a pattern without a variable.
    ///
    /// # Complexity
    ///
    /// As [`Pattern::expand`].
    ///
    /// # Examples
    ///
    /// ```
    /// let p = unhop::Pattern::parse("11(01)^3").unwrap();
    /// assert_eq!(p.word().unwrap().to_string(), "11010101");
    /// assert!(unhop::Pattern::parse("1(01)^n").unwrap().word().is_err());
    /// ```
    pub fn word(&self) -> Result<Word, Error> {
        match self.variable {
            None => self.expand(0),
            Some(v) => Err(Error::new(format!(
                "{} is a family of words (it depends on {v}); give a single word",
                quote(&self.text)
            ))),
        }
    }

    /// The exact number of cells of the word for variable value `n` (any `n` when the pattern
    /// has no variable), however large; an error when a part would be repeated a negative
    /// number of times.
    ///
    /// # Complexity
    ///
    /// O(p) time for p operations (more, but still linear, when the count passes 2^128).
    ///
    /// # Examples
    ///
    /// ```
    /// let p = unhop::Pattern::parse("((1^(99999))^(99999))^(99999)").unwrap();
    /// assert_eq!(p.len_at(0).unwrap(), num_bigint::BigUint::from(99999u32).pow(3));
    /// ```
    pub fn len_at(&self, n: u64) -> Result<BigUint, Error> {
        match self.small_len(n)? {
            Some(len) => Ok(BigUint::from(len)),
            None => self.big_len(n),
        }
    }

    /// The word for variable value `n`, in time linear in its length and the pattern's.
    ///
    /// Errors when a repetition count is negative for this `n`, or the word would be empty or
    /// longer than [`MAX_LEN`]; the size is checked, exactly, before anything is built. The
    /// word is built once: each group is written once and then copied.
    ///
    /// # Complexity
    ///
    /// O(length of the word + length of the pattern) time, the word's bytes of space.
    ///
    /// # Examples
    ///
    /// ```
    /// let family = unhop::Pattern::parse("011(01)^n0").unwrap();
    /// assert_eq!(family.expand(2).unwrap().to_string(), "01101010");
    /// ```
    pub fn expand(&self, n: u64) -> Result<Word, Error> {
        let len = match self.small_len(n)? {
            Some(len) if len <= MAX_LEN as u128 => len as usize,
            _ => {
                return Err(Error::new(format!(
                    "{} has {} cells{}, more than the limit of {MAX_LEN}",
                    quote(&self.text),
                    self.big_len(n)?,
                    self.for_n(n)
                )));
            }
        };
        if len == 0 {
            return Err(Error::new(format!(
                "{} is the empty word{}",
                quote(&self.text),
                self.for_n(n)
            )));
        }
        let mut word = Word::with_capacity(len);
        let mut starts = Vec::new();
        let mut i = 0;
        while i < self.ops.len() {
            match self.ops[i] {
                Op::Cell { peg, times } => {
                    for _ in 0..self.times(times, n)? {
                        word.push(peg);
                    }
                }
                Op::Open { close } => {
                    let Op::Close { times } = self.ops[close as usize] else {
                        unreachable!("an Open points at its Close");
                    };
                    if self.times(times, n)? == 0 {
                        i = close as usize + 1;
                        continue;
                    }
                    starts.push(word.len());
                }
                Op::Close { times } => {
                    let start = starts.pop().expect("groups are balanced");
                    if start < word.len() {
                        let copies = self.times(times, n)? - 1;
                        word.repeat_from(start, copies as usize);
                    }
                }
            }
            i += 1;
        }
        debug_assert_eq!(word.len(), len);
        Ok(word)
    }

    /// ` for n = 3` when the pattern has a variable, else nothing.
    fn for_n(&self, n: u64) -> String {
        match self.variable {
            Some(v) => format!(" for {v} = {n}"),
            None => String::new(),
        }
    }

    /// The repetition count of exponent `index` at `n`: an error when it is negative.
    fn times(&self, index: u32, n: u64) -> Result<i128, Error> {
        if index == ONCE {
            return Ok(1);
        }
        let (a, b) = self.exponents[index as usize];
        let times = i128::from(a) * i128::from(n) + i128::from(b);
        if times < 0 {
            return Err(Error::new(format!(
                "{} repeats a part {times} times{}",
                quote(&self.text),
                self.for_n(n)
            )));
        }
        Ok(times)
    }

    /// The length at `n`, or `None` when it does not fit in a u128.
    fn small_len(&self, n: u64) -> Result<Option<u128>, Error> {
        let mut totals: Vec<u128> = vec![0];
        for op in &self.ops {
            match *op {
                Op::Cell { times, .. } => {
                    let t = self.times(times, n)? as u128;
                    let top = totals.last_mut().expect("the outermost total stays");
                    let Some(sum) = top.checked_add(t) else {
                        return Ok(None);
                    };
                    *top = sum;
                }
                Op::Open { .. } => totals.push(0),
                Op::Close { times } => {
                    let inner = totals.pop().expect("groups are balanced");
                    let t = self.times(times, n)? as u128;
                    let top = totals.last_mut().expect("the outermost total stays");
                    let Some(sum) = inner.checked_mul(t).and_then(|p| top.checked_add(p)) else {
                        return Ok(None);
                    };
                    *top = sum;
                }
            }
        }
        Ok(totals.pop())
    }

    /// The length at `n` as an exact big number.
    fn big_len(&self, n: u64) -> Result<BigUint, Error> {
        let mut totals: Vec<BigUint> = vec![BigUint::ZERO];
        for op in &self.ops {
            match *op {
                Op::Cell { times, .. } => {
                    *totals.last_mut().expect("the outermost total stays") +=
                        self.times(times, n)? as u128;
                }
                Op::Open { .. } => totals.push(BigUint::ZERO),
                Op::Close { times } => {
                    let inner = totals.pop().expect("groups are balanced");
                    *totals.last_mut().expect("the outermost total stays") +=
                        inner * (self.times(times, n)? as u128);
                }
            }
        }
        Ok(totals.pop().unwrap_or_default())
    }
}

/// The parser: one pass over the text, an explicit stack of open groups.
struct Parser<'a> {
    text: &'a str,
    /// Byte offset of the next character.
    at: usize,
    variable: Option<char>,
    ops: Vec<Op>,
    exponents: Vec<(i64, i64)>,
}

impl Parser<'_> {
    /// The next character that is not whitespace (moving past the whitespace).
    fn peek(&mut self) -> Option<char> {
        while let Some(c) = self.text[self.at..].chars().next() {
            if !c.is_whitespace() {
                return Some(c);
            }
            self.at += c.len_utf8();
        }
        None
    }

    /// Moves past the character `c` just peeked.
    fn bump(&mut self, c: char) {
        self.at += c.len_utf8();
    }

    /// An error at byte offset `byte`, reported as a character position.
    fn error_at(&self, byte: usize, what: impl fmt::Display) -> Error {
        Error::at(self.text, self.text[..byte].chars().count(), what)
    }

    fn error(&self, what: impl fmt::Display) -> Error {
        self.error_at(self.at, what)
    }

    /// The whole pattern, groups matched with an explicit stack.
    fn pattern(&mut self) -> Result<(), Error> {
        // The index of each open group's Open and the byte offset of its '('.
        let mut open: Vec<(usize, usize)> = Vec::new();
        while let Some(c) = self.peek() {
            match c {
                '0' | '.' | '1' | 'x' => {
                    self.bump(c);
                    let times = self.exponent_if_any()?;
                    let peg = matches!(c, '1' | 'x');
                    self.ops.push(Op::Cell { peg, times });
                }
                '(' => {
                    if open.len() == MAX_DEPTH {
                        return Err(self.error(format!("groups nested more than {MAX_DEPTH} deep")));
                    }
                    open.push((self.ops.len(), self.at));
                    self.ops.push(Op::Open { close: 0 });
                    self.bump(c);
                }
                ')' => {
                    let Some((start, at)) = open.pop() else {
                        return Err(self.error("a ')' that closes no '('"));
                    };
                    if start + 1 == self.ops.len() {
                        return Err(self.error_at(at, "an empty group '()'"));
                    }
                    self.bump(c);
                    let times = self.exponent_if_any()?;
                    let close = u32::try_from(self.ops.len()).expect("texts are below 4 GiB");
                    self.ops[start] = Op::Open { close };
                    self.ops.push(Op::Close { times });
                }
                _ => return Err(self.error(format!("unexpected character {}", quote_char(c)))),
            }
        }
        match open.pop() {
            Some((_, at)) => Err(self.error_at(at, "a '(' that is never closed")),
            None => Ok(()),
        }
    }

    /// After an atom: `^` and its exponent (stored, its index returned), or [`ONCE`].
    fn exponent_if_any(&mut self) -> Result<u32, Error> {
        if self.peek() != Some('^') {
            return Ok(ONCE);
        }
        self.bump('^');
        let exponent = self.exponent()?;
        let index = u32::try_from(self.exponents.len()).expect("texts are below 4 GiB");
        self.exponents.push(exponent);
        Ok(index)
    }

    fn exponent(&mut self) -> Result<(i64, i64), Error> {
        match self.peek() {
            Some('(') => {
                self.bump('(');
                let linear = self.linear()?;
                if self.peek() != Some(')') {
                    return Err(self.error("expected ')' to close the exponent"));
                }
                self.bump(')');
                Ok(linear)
            }
            Some(c) if c.is_ascii_digit() => Ok((0, self.number()?)),
            Some(c) if c.is_ascii_alphabetic() && c != 'x' => {
                self.letter(c)?;
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
            let c = self.peek().expect("just peeked");
            self.bump(c);
        }
    }

    fn term(&mut self) -> Result<(i64, i64), Error> {
        let coefficient = match self.peek() {
            Some(c) if c.is_ascii_digit() => Some(self.number()?),
            _ => None,
        };
        let star = self.peek() == Some('*') && coefficient.is_some();
        if star {
            self.bump('*');
        }
        match self.peek() {
            Some(c) if c.is_ascii_alphabetic() && c != 'x' => {
                self.letter(c)?;
                Ok((coefficient.unwrap_or(1), 0))
            }
            // `2*` is a typo for `2*n`, never the number 2.
            _ if star => Err(self.error("expected a variable after '*'")),
            _ => match coefficient {
                Some(k) => Ok((0, k)),
                None => Err(self.error("expected a number or a variable")),
            },
        }
    }

    fn number(&mut self) -> Result<i64, Error> {
        let start = self.at;
        let mut value: i64 = 0;
        while let Some(&b) = self.text.as_bytes().get(self.at) {
            if !b.is_ascii_digit() {
                break;
            }
            value = value * 10 + i64::from(b - b'0');
            if value > MAX_COEFFICIENT {
                return Err(self.error_at(start, "the number is too large"));
            }
            self.at += 1;
        }
        Ok(value)
    }

    fn letter(&mut self, c: char) -> Result<(), Error> {
        match self.variable {
            Some(v) if v != c => {
                return Err(self.error(format!(
                    "a second variable {} (this pattern already uses {})",
                    quote_char(c),
                    quote_char(v)
                )));
            }
            _ => self.variable = Some(c),
        }
        self.bump(c);
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
            assert_eq!(err.column(), Some(position), "{text}: {err}");
        }
        assert!(Pattern::parse("  ").is_err());
        assert!(Pattern::parse("1^n").unwrap().word().is_err());
    }

    /// A random pattern as text, with its expansion at n computed the obvious way: by
    /// expanding every part recursively as a string.
    #[derive(Clone, Debug)]
    enum Tree {
        Cell(bool, Option<(i64, i64)>),
        Group(Vec<Tree>, Option<(i64, i64)>),
    }

    fn exponent_text(e: &Option<(i64, i64)>) -> String {
        match e {
            None => String::new(),
            Some((0, b)) => format!("^{b} "),
            Some((a, b)) => format!("^({a}n+{b})"),
        }
    }

    fn text_of(items: &[Tree]) -> String {
        items
            .iter()
            .map(|t| match t {
                Tree::Cell(peg, e) => {
                    format!("{} {}", if *peg { "1" } else { "." }, exponent_text(e))
                }
                Tree::Group(inner, e) => format!("({}){}", text_of(inner), exponent_text(e)),
            })
            .collect()
    }

    fn expand_slowly(items: &[Tree], n: i64) -> String {
        let times = |e: &Option<(i64, i64)>| e.map_or(1, |(a, b)| a * n + b) as usize;
        items
            .iter()
            .map(|t| match t {
                Tree::Cell(peg, e) => (if *peg { "1" } else { "0" }).repeat(times(e)),
                Tree::Group(inner, e) => expand_slowly(inner, n).repeat(times(e)),
            })
            .collect()
    }

    fn trees() -> impl proptest::strategy::Strategy<Value = Vec<Tree>> {
        use proptest::prelude::*;
        let exponent = proptest::option::of((0i64..3, 0i64..4));
        let leaf = (any::<bool>(), exponent.clone()).prop_map(|(p, e)| Tree::Cell(p, e));
        let tree = leaf.prop_recursive(5, 40, 4, move |inner| {
            (proptest::collection::vec(inner, 1..4), exponent.clone())
                .prop_map(|(items, e)| Tree::Group(items, e))
        });
        proptest::collection::vec(tree, 1..5)
    }

    proptest::proptest! {
        #[test]
        fn expansion_agrees_with_recursive_strings(items in trees(), n in 0u64..4) {
            let text = text_of(&items);
            let pattern = Pattern::parse(&text).unwrap();
            let want = expand_slowly(&items, n as i64);
            proptest::prop_assert_eq!(pattern.len_at(n).unwrap(), BigUint::from(want.len()));
            match pattern.expand(n) {
                Ok(word) => proptest::prop_assert_eq!(word.to_string(), want),
                Err(e) => {
                    proptest::prop_assert!(want.is_empty());
                    proptest::prop_assert!(e.to_string().contains("empty word"));
                }
            }
            // Memory proportional to the text: one operation at most per character, one
            // exponent per '^'.
            proptest::prop_assert!(pattern.ops.len() <= text.len());
            proptest::prop_assert_eq!(pattern.exponents.len(), text.matches('^').count());
        }
    }

    #[test]
    fn refusals_name_the_exact_size() {
        let err = Pattern::parse("(1^(1000))^(1000000)")
            .unwrap()
            .word()
            .unwrap_err();
        let message = err.to_string();
        assert!(message.contains("has 1000000000 cells"), "{message}");
        assert!(!message.contains("for n"), "{message}");
        assert!(message.contains(&MAX_LEN.to_string()), "{message}");
        let family = Pattern::parse("(1^(1000))^m")
            .unwrap()
            .expand(40000)
            .unwrap_err();
        assert!(
            family
                .to_string()
                .contains("has 40000000 cells for m = 40000"),
            "{family}"
        );
        // 63 nested groups repeated 99999 times: 99999^63 cells, far beyond 2^128.
        let deep = format!("{}1{}", "(".repeat(63), ")^(99999)".repeat(63));
        let message = Pattern::parse(&deep)
            .unwrap()
            .word()
            .unwrap_err()
            .to_string();
        let exact = BigUint::from(99_999u32).pow(63).to_string();
        assert!(message.contains(&format!("has {exact} cells")), "{message}");
        // Negative counts without a variable say no "for n".
        let negative = Pattern::parse("1^(3-5)")
            .unwrap()
            .word()
            .unwrap_err()
            .to_string();
        assert!(
            negative.contains("-2 times") && !negative.contains("for"),
            "{negative}"
        );
    }

    #[test]
    fn deep_nesting_needs_no_recursion_and_bounded_memory() {
        // 64 levels are accepted, 65 refused; a million levels are refused, not a stack overflow.
        let ok = format!("{}1{}", "(".repeat(64), ")".repeat(64));
        assert_eq!(
            Pattern::parse(&ok).unwrap().word().unwrap().to_string(),
            "1"
        );
        let too_deep = format!("{}1{}", "(".repeat(65), ")".repeat(65));
        assert_eq!(Pattern::parse(&too_deep).unwrap_err().column(), Some(64));
        let million = "(".repeat(1_000_000);
        assert!(
            Pattern::parse(&million)
                .unwrap_err()
                .to_string()
                .contains("deep")
        );
        // Many groups side by side: one operation per character at most.
        let wide = "(1)^1".repeat(100_000);
        let p = Pattern::parse(&wide).unwrap();
        assert!(p.ops.len() <= wide.len() && p.ops.capacity() <= wide.len());
        assert_eq!(p.word().unwrap().len(), 100_000);
    }

    #[test]
    fn control_characters_are_escaped_in_messages() {
        let err = Pattern::parse("1\u{1b}[2J").unwrap_err();
        assert_eq!(err.column(), Some(1));
        assert!(err.to_string().contains(r"\x1b"), "{err}");
        assert!(!err.to_string().contains('\u{1b}'));
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
