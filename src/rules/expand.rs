//! A position's successors under a budget: the rule applications tried are charged to a
//! meter before they are tried, and every word made is held against the memory limit before
//! it is allocated, so that no list of successors, however long the word, is allocated
//! beyond the limit.

use super::ruleset::RuleSet;
use super::step::{for_each_application, padded, trim};
use crate::budget::{Meter, WorkUnit};
use crate::error::{Error, Figures};
use crate::solitaire::Board;

/// The unit of the rule engines' work: a rule application tried, that is one rule's left
/// side compared with the window at one cell. The default limit, 2,000,000,000, is 12 to
/// 20 seconds of the searches: a try took 6.2 ns in the search of a file of 4,095 rules of
/// 12 letters, 9.3 ns in that of `solitaire3` (386 rules) on a full 3 × 8 board (release
/// build, a shared machine).
pub const RULE_TRIES: WorkUnit = WorkUnit {
    name: "rule applications tried",
    default_limit: 2_000_000_000,
};

/// The blanks an infinite-board search puts on each side of a trimmed word: a rule's window
/// overlaps the word (its left side outweighs its right, so it holds a non-blank letter), so
/// (longest rule − 1) blanks a side reach every application.
///
/// # Complexity
///
/// O(rules).
///
/// # Examples
///
/// ```
/// use unhop::{rules::{RuleSet, padding}, solitaire::Board};
/// let rules = RuleSet::builtin("solitaire").unwrap();
/// assert_eq!((padding(&rules, Board::Infinite), padding(&rules, Board::Finite)), (2, 0));
/// ```
pub fn padding(rules: &RuleSet, board: Board) -> usize {
    match board {
        Board::Finite => 0,
        Board::Infinite => rules.max_rule_len() - 1,
    }
}

/// The rule applications tried to list the successors of a position of `len` letters on
/// `board`: every rule at every cell, the padding included.
///
/// # Complexity
///
/// O(1).
///
/// # Examples
///
/// ```
/// use unhop::{rules::{RuleSet, tries}, solitaire::Board};
/// let rules = RuleSet::builtin("solitaire").unwrap();
/// assert_eq!(tries(&rules, 5, Board::Finite), 10);
/// assert_eq!(tries(&rules, 5, Board::Infinite), 18);
/// ```
pub fn tries(rules: &RuleSet, len: usize, board: Board) -> u64 {
    (len as u64 + 2 * padding(rules, board) as u64).saturating_mul(rules.rules().len() as u64)
}

/// One successor of a position.
#[derive(Clone, Debug)]
pub(crate) struct Next {
    /// The cell of the application, relative to the position's first letter.
    pub(crate) at: i64,
    /// The rule's number.
    pub(crate) rule: usize,
    /// The new position: the whole board on the finite board, trimmed on the infinite one.
    pub(crate) word: Vec<u8>,
    /// Where `word` starts, relative to the position's first letter (0 on the finite board).
    pub(crate) shift: i64,
}

/// The bytes a list of successors holds for one beside its word: three entries (a vector
/// that grows by doubling has at most three entries' room allocated per entry while it
/// moves).
pub(crate) const NEXT_BYTES: u64 = 3 * size_of::<Next>() as u64;

/// The bytes a list of `count` successors of `len` letters each holds, at most.
pub(crate) fn next_bytes(count: u64, len: usize) -> u64 {
    count.saturating_mul(NEXT_BYTES + len as u64)
}

/// The successors of the position `word` on `board` (on the infinite board, a trimmed word),
/// by cell then rule, and the bytes held on `meter` for them: the caller releases those when
/// it drops the list. The tries ([`tries`]) are charged first; each successor's bytes are
/// held before it is made, so past the memory limit this gives up (releasing what it held)
/// without allocating more.
///
/// # Complexity
/// O(tries × window + successors × length).
pub(crate) fn expand(
    rules: &RuleSet,
    word: &[u8],
    board: Board,
    meter: &Meter,
) -> Result<(Vec<Next>, u64), Error> {
    meter.charge(tries(rules, word.len(), board))?;
    let pad = padding(rules, board);
    let scratch = (word.len() + 2 * pad) as u64;
    meter.hold(scratch)?;
    let mut cells = padded(rules, word, pad);
    let mut out = Vec::new();
    let mut held = 0u64;
    let made = for_each_application(rules, &mut cells, |i, r, next| {
        let (kept, start) = match board {
            Board::Finite => (next, 0),
            Board::Infinite => trim(next, rules.blank()),
        };
        let bytes = next_bytes(1, kept.len());
        meter.hold(bytes)?;
        held += bytes;
        out.push(Next {
            at: i as i64 - pad as i64,
            rule: r,
            word: kept.to_vec(),
            shift: start as i64 - pad as i64,
        });
        Ok(())
    });
    meter.release(scratch);
    match made {
        Ok(()) => Ok((out, held)),
        Err(e) => {
            meter.release(held);
            Err(e)
        }
    }
}

/// The bytes a memo entry of a word of `len` letters takes at most in a hash map of
/// `(Vec<u8>, V)`: four times the entry with its control byte (a table is at most 8/7 full,
/// and while it grows the old table and the new one of twice the size are both allocated:
/// 3 × 8/7 < 4 slots an entry), and the word's own buffer.
pub(crate) fn memo_bytes<V>(len: usize) -> u64 {
    4 * (size_of::<(Vec<u8>, V)>() as u64 + 1) + len as u64
}

/// The error of a search that would keep more than `limit` positions.
pub(crate) fn too_many_positions(what: &str, limit: u64) -> Error {
    Error::out_of_budget(
        what,
        Figures::new(u128::from(limit) + 1, limit.into(), "positions"),
    )
    .with_note(
        "the positions grow exponentially with long dense words; raise --max-positions or \
         try a shorter or sparser word",
    )
}
