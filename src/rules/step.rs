//! One rule application: where, which rule; the successors of a word on either board, and the
//! independent checker that replays a sequence of steps.

use super::ruleset::RuleSet;
use crate::error::Error;
use crate::solitaire::Board;

/// One rule application: rule number `rule` (an index into [`RuleSet::rules`]) at cell `at`
/// of the start word's coordinates (negative on the infinite board when play spreads left).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// The cell of the window's first letter, in the start word's coordinates.
    pub at: i64,
    /// The rule's index into [`RuleSet::rules`].
    pub rule: usize,
}

/// The part of `word` between its first and last non-blank letters, and where it starts (the
/// empty word, at 0, when every letter is blank).
///
/// # Complexity
///
/// O(length).
///
/// # Examples
///
/// ```
/// assert_eq!(unhop::rules::trim(&[0, 1, 0, 1, 0], 0), (&[1, 0, 1][..], 1));
/// ```
pub fn trim(word: &[u8], blank: u8) -> (&[u8], usize) {
    match word.iter().position(|&l| l != blank) {
        None => (&[], 0),
        Some(first) => {
            let last = word
                .iter()
                .rposition(|&l| l != blank)
                .expect("a non-blank letter");
            (&word[first..=last], first)
        }
    }
}

/// Calls `found` with the cell, the rule number and the cells after the rule is applied,
/// for every rule application on `cells`, by cell then rule; the cells are as before when
/// it returns, and at each call but the one window. The one loop of every successor list.
/// O(length × rules × window).
pub(crate) fn for_each_application<E>(
    rules: &RuleSet,
    cells: &mut [u8],
    mut found: impl FnMut(usize, usize, &[u8]) -> Result<(), E>,
) -> Result<(), E> {
    for i in 0..cells.len() {
        for (r, rule) in rules.rules().iter().enumerate() {
            let end = i + rule.from.len();
            if end <= cells.len() && cells[i..end] == rule.from[..] {
                cells[i..end].copy_from_slice(&rule.to);
                let result = found(i, r, cells);
                cells[i..end].copy_from_slice(&rule.from);
                result?;
            }
        }
    }
    Ok(())
}

/// Every word one rule application leads to from `word` on the finite board (the word is the
/// board): (cell, rule number, new word), by cell then rule.
///
/// # Complexity
///
/// O(length × rules × window).
///
/// # Examples
///
/// ```
/// use unhop::rules::{RuleSet, successors};
/// let rules = RuleSet::builtin("solitaire").unwrap();
/// let next: Vec<Vec<u8>> = successors(&rules, &[1, 1, 0, 1]).into_iter().map(|s| s.2).collect();
/// assert_eq!(next, vec![vec![0, 0, 1, 1]]);
/// ```
pub fn successors(rules: &RuleSet, word: &[u8]) -> Vec<(usize, usize, Vec<u8>)> {
    let mut out = Vec::new();
    let mut cells = word.to_vec();
    let done: Result<(), std::convert::Infallible> =
        for_each_application(rules, &mut cells, |i, r, next| {
            out.push((i, r, next.to_vec()));
            Ok(())
        });
    let Ok(()) = done;
    out
}

/// `word` with `pad` blanks a side: the cells an infinite-board step can touch.
pub(crate) fn padded(rules: &RuleSet, word: &[u8], pad: usize) -> Vec<u8> {
    let mut cells = Vec::with_capacity(word.len() + 2 * pad);
    cells.resize(pad, rules.blank());
    cells.extend_from_slice(word);
    cells.resize(word.len() + 2 * pad, rules.blank());
    cells
}

/// Every position one rule application leads to from the trimmed word `word` on the infinite
/// board: (cell relative to `word`'s first letter, rule number, the new trimmed word, where it
/// starts relative to `word`'s first letter). A rule's left side weighs more than its right, so
/// it holds a non-blank letter and every application overlaps `word`: padding it with (longest
/// rule − 1) blanks a side finds them all.
///
/// # Complexity
///
/// O((length + rules) × rules × window).
///
/// # Examples
///
/// ```
/// use unhop::rules::{RuleSet, successors_infinite};
/// let rules = RuleSet::builtin("solitaire").unwrap();
/// // 11 hops either way: to the right (cell 0 to 2) or to the left (cell 1 to −1).
/// assert_eq!(successors_infinite(&rules, &[1, 1]).len(), 2);
/// ```
pub fn successors_infinite(rules: &RuleSet, word: &[u8]) -> Vec<(i64, usize, Vec<u8>, i64)> {
    let pad = rules.max_rule_len() - 1;
    let blank = rules.blank();
    let mut cells = padded(rules, word, pad);
    let mut out = Vec::new();
    let done: Result<(), std::convert::Infallible> =
        for_each_application(rules, &mut cells, |i, r, next| {
            let (trimmed, start) = trim(next, blank);
            out.push((
                i as i64 - pad as i64,
                r,
                trimmed.to_vec(),
                start as i64 - pad as i64,
            ));
            Ok(())
        });
    let Ok(()) = done;
    out
}

/// Replays `steps` from `word` on `board`, checking that each rule's left side is there, and
/// returns the final configuration and the cell of its first letter in the word's coordinates
/// (on the infinite board blanks are trimmed off both ends; on the finite board the final word
/// is the whole board, at 0). The independent checker: it shares no code with the searches.
///
/// # Complexity
///
/// O(length + steps × window).
///
/// # Examples
///
/// ```
/// use unhop::rules::{RuleSet, Step, replay};
/// use unhop::solitaire::Board;
/// let rules = RuleSet::builtin("solitaire").unwrap();
/// let hop = rules.rules().iter().position(|r| rules.show_rule(r) == "110>001").unwrap();
/// let (last, at) = replay(&rules, &[1, 1], Board::Infinite, &[Step { at: 0, rule: hop }]).unwrap();
/// assert_eq!((last, at), (vec![1], 2));
/// assert!(replay(&rules, &[1, 1], Board::Finite, &[Step { at: 0, rule: hop }]).is_err());
/// assert!(replay(&rules, &[1, 1], Board::Infinite, &[Step { at: 1, rule: hop }]).is_err());
/// ```
pub fn replay(
    rules: &RuleSet,
    word: &[u8],
    board: Board,
    steps: &[Step],
) -> Result<(Vec<u8>, i64), Error> {
    let n = word.len() as i64;
    let reach = |s: &Step| -> Result<(i64, i64), Error> {
        let rule = rules.rules().get(s.rule).ok_or_else(|| {
            Error::new(format!(
                "step at {}: there is no rule number {}",
                s.at, s.rule
            ))
        })?;
        Ok((s.at, s.at + rule.from.len() as i64))
    };
    let (mut low, mut high) = (0i64, n);
    for s in steps {
        let (a, b) = reach(s)?;
        if board == Board::Finite && (a < 0 || b > n) {
            return Err(Error::new(format!(
                "step {} at {}: the window leaves the finite board of {n} cells",
                rules.show_rule(&rules.rules()[s.rule]),
                s.at
            )));
        }
        low = low.min(a);
        high = high.max(b);
    }
    let shift = -low;
    let mut cells = vec![rules.blank(); (high - low) as usize];
    cells[shift as usize..(shift + n) as usize].copy_from_slice(word);
    for (k, s) in steps.iter().enumerate() {
        let rule = &rules.rules()[s.rule];
        let at = (s.at + shift) as usize;
        let window = &mut cells[at..at + rule.from.len()];
        if window != &rule.from[..] {
            return Err(Error::new(format!(
                "step {} ({} at {}): the cells there read {}",
                k + 1,
                rules.show_rule(rule),
                s.at,
                rules.show_word(window)
            )));
        }
        window.copy_from_slice(&rule.to);
    }
    Ok(match board {
        Board::Finite => (cells, 0),
        Board::Infinite => {
            let (trimmed, start) = trim(&cells, rules.blank());
            let at = if trimmed.is_empty() {
                0
            } else {
                start as i64 - shift
            };
            (trimmed.to_vec(), at)
        }
    })
}
