//! The constructive proof of Theorem 1: hops that reduce a one-peg word to one peg.
//!
//! Moore and Eppstein build every word of L from a single peg by unhops in stages: `1011`;
//! unhopping its rightmost peg gives `10(10)^m 11`; unhopping the leftmost peg a + 1 times gives
//! `11(01)^a 00(10)^m 11`; moving the `00` right (`0010 → 1100`, also `0011 → 1101`) b times,
//! and possibly filling it from the left (`100 → 011`), gives every other form, or its mirror
//! image. [`one_peg_hops`] recognises which form a word has, records those unhops as the
//! hops they undo, and plays them backwards. Everything is linear in the word's length.

use super::{Direction, Hop};
use crate::word::Word;
use std::ops::Range;

/// The last part of a word `11(01)^a (11)^b T` (the forward forms of L).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tail {
    /// `T = 01`
    Hole,
    /// `T = 00(10)^c 11`
    Gap(usize),
    /// `T = 1011(10)^c 11`
    Filled(usize),
}

/// Hops, all inside the word, that reduce `word` to a single peg, when the word is in the
/// finite-board one-peg language `0*L0*`; `None` otherwise (also for `11` with no hole beside
/// it, which needs the infinite board).
///
/// The hops are in the word's coordinates.
///
/// # Complexity
///
/// O(n) time.
///
/// # Examples
///
/// ```
/// use unhop::{Word, solitaire::{Board, replay, construct::one_peg_hops}};
/// let word: Word = "00110101001010110".parse().unwrap();
/// let hops = one_peg_hops(&word).unwrap();
/// let done = replay(&word, Board::Finite, &hops).unwrap();
/// assert_eq!(done.final_word.pegs(), 1);
/// ```
pub fn one_peg_hops(word: &Word) -> Option<Vec<Hop>> {
    let mut hops = Vec::new();
    append_one_peg_hops(word, 0..word.len(), &mut hops).then_some(hops)
}

/// Appends to `hops` the hops of [`one_peg_hops`] for the cells `block` of `word` (in the
/// word's coordinates, all inside `block`) and returns true; returns false and appends
/// nothing when those cells are not in `0*L0*`. Allocates nothing beyond `hops`' growth.
///
/// # Complexity
///
/// O(length of `block`) time; the hops appended are the only memory.
///
/// # Examples
///
/// ```
/// use unhop::{Word, solitaire::{Board, construct::append_one_peg_hops, replay}};
/// let word: Word = "0110".parse().unwrap();
/// let mut hops = Vec::new();
/// assert!(append_one_peg_hops(&word, 0..4, &mut hops));
/// assert_eq!(replay(&word, Board::Finite, &hops).unwrap().final_word.pegs(), 1);
/// assert!(!append_one_peg_hops(&"11".parse().unwrap(), 0..2, &mut hops));
/// ```
pub fn append_one_peg_hops(word: &Word, block: Range<usize>, hops: &mut Vec<Hop>) -> bool {
    // Short blocks (almost all) are read as one 64-bit window.
    let window = match block.len() {
        0 => 0,
        len @ 1..=64 => word.bits_from(block.start) & (u64::MAX >> (64 - len)),
        _ => u64::MAX,
    };
    let short = block.len() <= 64;
    let (first, last) = if short {
        if window == 0 {
            return false;
        }
        let first = block.start + window.trailing_zeros() as usize;
        (first, block.start + 63 - window.leading_zeros() as usize)
    } else {
        let Some(first) = block.clone().find(|&i| word.get(i)) else {
            return false;
        };
        (
            first,
            block.clone().rev().find(|&i| word.get(i)).unwrap_or(first),
        )
    };
    let len = last - first + 1;
    let core = window >> ((first - block.start) % 64);
    let cell = |i: usize| {
        if short {
            core >> i & 1 == 1
        } else {
            word.get(first + i)
        }
    };
    let at = first as i64;
    let appended_from = hops.len();
    match len {
        1 => return true,
        2 if first > block.start => hops.push(Hop::new(at + 1, Direction::Left)),
        2 if last + 1 < block.end => hops.push(Hop::new(at, Direction::Right)),
        _ => {
            if let Some(form) = forward_form(cell, len) {
                build(form, len as i64, hops);
            } else if let Some(form) = forward_form(|i| cell(len - 1 - i), len) {
                build(form, len as i64, hops);
                for hop in &mut hops[appended_from..] {
                    *hop = hop.mirrored(len as i64);
                }
            } else {
                return false;
            }
            for hop in &mut hops[appended_from..] {
                *hop = hop.shifted(at);
            }
        }
    }
    true
}

/// `(a, b, tail)` when the `len` cells given by `cell` spell `11(01)^a (11)^b T`.
fn forward_form(cell: impl Fn(usize) -> bool, len: usize) -> Option<(usize, usize, Tail)> {
    let pair = |i: usize| (i + 2 <= len).then(|| (cell(i), cell(i + 1)));
    if pair(0) != Some((true, true)) {
        return None;
    }
    let count = |i: &mut usize, want: (bool, bool)| {
        let mut k = 0;
        while pair(*i) == Some(want) {
            k += 1;
            *i += 2;
        }
        k
    };
    let mut i = 2;
    let a = count(&mut i, (false, true));
    let b = count(&mut i, (true, true));
    // What follows `00` or `1011`: (10)^c 11 to the end.
    let tens_then_eleven = |from: usize| {
        let mut j = from;
        let c = count(&mut j, (true, false));
        (j + 2 == len && pair(j) == Some((true, true))).then_some(c)
    };
    let rest = len - i;
    let starts = |pattern: &[bool]| {
        rest >= pattern.len() && pattern.iter().enumerate().all(|(k, &p)| cell(i + k) == p)
    };
    if rest == 2 && starts(&[false, true]) {
        Some((a, b, Tail::Hole))
    } else if rest == 0 && b == 0 && a > 0 {
        Some((a - 1, 0, Tail::Hole))
    } else if starts(&[false, false]) {
        Some((a, b, Tail::Gap(tens_then_eleven(i + 2)?)))
    } else if starts(&[true, false, true, true]) {
        Some((a, b, Tail::Filled(tens_then_eleven(i + 4)?)))
    } else {
        None
    }
}

/// Appends the hops for `11(01)^a (11)^b T` (of length `len`), from the unhops that build it.
fn build((a, b, tail): (usize, usize, Tail), len: i64, hops: &mut Vec<Hop>) {
    let from = hops.len();
    // (m, moves, fill): stage 1 makes 10(10)^m 11, the 00 is moved `moves` times, then filled.
    let (m, moves, fill) = match tail {
        Tail::Hole if b == 0 => {
            // 11(01)^(a+1) is the mirror image of stage 1's 10(10)^a 11.
            stage_one(0, a, hops);
            hops[from..].reverse();
            for hop in &mut hops[from..] {
                *hop = hop.mirrored(len);
            }
            return;
        }
        Tail::Hole => (b - 1, b, false),
        Tail::Gap(c) => (b + c, b, false),
        Tail::Filled(c) => (b + 1 + c, b + 1, true),
    };
    let offset = 2 * (a as i64 + 1);
    stage_one(offset, m, hops);
    // Stage 2: the leftmost peg unhops left a + 1 times, leaving 11(01)^a 00 …
    for j in 0..=a as i64 {
        let p = offset - 2 * j;
        hops.push(Hop::new(p - 2, Direction::Right));
    }
    // Stage 3: move the 00 right by unhopping the peg after it into it.
    let mut gap = 2 * a as i64 + 2;
    for _ in 0..moves {
        hops.push(Hop::new(gap, Direction::Right));
        gap += 2;
    }
    // Stage 5: fill the 00 from the peg just left of it.
    if fill {
        hops.push(Hop::new(gap + 1, Direction::Left));
    }
    // Unhops played backwards are hops.
    hops[from..].reverse();
}

/// Appends the unhops that build `10(10)^m 11` at `offset` from one peg at `offset + 2`, each
/// recorded as the hop it undoes.
fn stage_one(offset: i64, m: usize, unhops: &mut Vec<Hop>) {
    unhops.push(Hop::new(offset, Direction::Right)); // 1 → 110
    unhops.push(Hop::new(offset + 3, Direction::Left)); // 110 → 1011
    for j in 0..m as i64 {
        let rightmost = offset + 2 * j + 3;
        unhops.push(Hop::new(rightmost + 2, Direction::Left));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solitaire::{Board, Language, replay};

    /// Every word of the finite-board language up to length 16 gets hops that replay to one
    /// peg inside the word; every other word gets none.
    #[test]
    fn every_solvable_word_is_constructed() {
        let language = Language::of(Board::Finite);
        for len in 1..=16 {
            for bits in 0..1u128 << len {
                let word = Word::from_bits(bits, len);
                let hops = one_peg_hops(&word);
                if language.contains(&word) {
                    let hops = hops.unwrap_or_else(|| panic!("no construction for {word}"));
                    let done = replay(&word, Board::Finite, &hops).unwrap();
                    assert_eq!(done.final_word.pegs(), 1, "{word}");
                } else {
                    assert!(hops.is_none(), "{word} is not in L but got hops");
                }
            }
        }
    }
}
