//! The row grammar of rule sets: how the two sides of a rule are read (letters and `.`, or
//! on a board of rows its rows separated by `/`, `.` a free cell) and expanded into letter
//! rules, and how a word is read and shown (its letters, or its rows).

use super::ruleset::{MAX_WORD_LEN, Rule, RuleSet};
use crate::error::{Error, Figures};

impl RuleSet {
    /// A word from its text: its letters, or on a board of rows its rows separated by `/`
    /// (`110/011/000`). Errors name the position of a bad character.
    ///
    /// # Complexity
    ///
    /// O(length).
    ///
    /// # Examples
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

    /// A rule shown as `from>to` in letters (`110>001`).
    ///
    /// # Complexity
    ///
    /// O(length of the rule).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::rules::RuleSet;
    /// let rules = RuleSet::builtin("solitaire").unwrap();
    /// let shown: Vec<String> = rules.rules().iter().map(|r| rules.show_rule(r)).collect();
    /// assert_eq!(shown, ["011>100", "110>001"]);
    /// ```
    pub fn show_rule(&self, rule: &Rule) -> String {
        format!(
            "{}>{}",
            show_letters(&self.chars, &rule.from),
            show_letters(&self.chars, &rule.to)
        )
    }

    /// A word as text: its letters, or on a board of rows its rows separated by `/`.
    ///
    /// # Complexity
    ///
    /// O(length).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::rules::RuleSet;
    /// let three = RuleSet::builtin("solitaire3").unwrap();
    /// assert_eq!(three.show_word(&three.parse_word("110/011/000").unwrap()), "110/011/000");
    /// ```
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
}

/// A word's letters as text. O(length).
pub(super) fn show_letters(chars: &[char], word: &[u8]) -> String {
    word.iter().map(|&l| chars[l as usize]).collect()
}

/// A pattern's cells: letters and `.`, or on a board of rows the columns of its rows (a
/// column's fixed bits and the mask of its `.` cells).
pub(super) fn parse_pattern(
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
pub(super) struct PatternCell {
    pub(super) bits: u8,
    pub(super) any: u8,
}

/// The number of concrete rules a pattern stands for: the product of the choices of its free
/// cells (at most 16^12, which fits).
pub(super) fn expansions(from: &[PatternCell], k: usize) -> u128 {
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
pub(super) fn expand(
    from: &[PatternCell],
    to: &[PatternCell],
    k: usize,
) -> Vec<(Vec<u8>, Vec<u8>)> {
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
