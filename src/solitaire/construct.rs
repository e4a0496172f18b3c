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
/// finite-board one-peg language `0*L0*`; `None` otherwise (also for `11` with no hole
/// beside it, which needs the infinite board).
///
/// O(n) time. The hops are in the word's coordinates.
///
/// ```
/// use unhop::{Word, solitaire::{Board, replay, construct::one_peg_hops}};
/// let word: Word = "00110101001010110".parse().unwrap();
/// let hops = one_peg_hops(&word).unwrap();
/// let done = replay(&word, Board::Finite, &hops).unwrap();
/// assert_eq!(done.final_word.pegs(), 1);
/// ```
pub fn one_peg_hops(word: &Word) -> Option<Vec<Hop>> {
    let span = word.peg_span();
    let core: Vec<bool> = word.slice(span.clone()).iter().collect();
    let start = span.start as i64;
    let hops = match core.as_slice() {
        [] => return None,
        [true] => Vec::new(),
        [true, true] if span.start > 0 => vec![Hop::new(start + 1, Direction::Left)],
        [true, true] if span.end < word.len() => vec![Hop::new(start, Direction::Right)],
        _ => {
            let len = core.len() as i64;
            let hops = match forward_form(&core) {
                Some(form) => build(form, len),
                None => {
                    let mirror: Vec<bool> = core.iter().rev().copied().collect();
                    build(forward_form(&mirror)?, len)
                        .into_iter()
                        .map(|hop| hop.mirrored(len))
                        .collect()
                }
            };
            hops.into_iter().map(|hop| hop.shifted(start)).collect()
        }
    };
    Some(hops)
}

/// `(a, b, tail)` when `core` is `11(01)^a (11)^b T`.
fn forward_form(core: &[bool]) -> Option<(usize, usize, Tail)> {
    let pair = |i: usize| core.get(i..i + 2).map(|p| (p[0], p[1]));
    if pair(0) != Some((true, true)) {
        return None;
    }
    let mut i = 2;
    let count = |i: &mut usize, want: (bool, bool)| {
        let mut k = 0;
        while pair(*i) == Some(want) {
            k += 1;
            *i += 2;
        }
        k
    };
    let a = count(&mut i, (false, true));
    let b = count(&mut i, (true, true));
    let rest = &core[i..];
    // What follows `00` or `1011`: (10)^c 11 to the end.
    let tens_then_eleven = |from: usize| {
        let mut j = from;
        let c = count(&mut j, (true, false));
        (core.get(j..) == Some(&[true, true][..])).then_some(c)
    };
    match rest {
        [false, true] => Some((a, b, Tail::Hole)),
        [] if b == 0 && a > 0 => Some((a - 1, 0, Tail::Hole)),
        [false, false, ..] => Some((a, b, Tail::Gap(tens_then_eleven(i + 2)?))),
        [true, false, true, true, ..] => Some((a, b, Tail::Filled(tens_then_eleven(i + 4)?))),
        _ => None,
    }
}

/// The hops for `11(01)^a (11)^b T` (of length `len`), from the unhops that build it.
fn build((a, b, tail): (usize, usize, Tail), len: i64) -> Vec<Hop> {
    // (m, moves, fill): stage 1 makes 10(10)^m 11, the 00 is moved `moves` times, then filled.
    let (m, moves, fill) = match tail {
        Tail::Hole if b == 0 => {
            // 11(01)^(a+1) is the mirror image of stage 1's 10(10)^a 11.
            return unhops_to_hops(stage_one(0, a))
                .into_iter()
                .map(|hop| hop.mirrored(len))
                .collect();
        }
        Tail::Hole => (b - 1, b, false),
        Tail::Gap(c) => (b + c, b, false),
        Tail::Filled(c) => (b + 1 + c, b + 1, true),
    };
    let offset = 2 * (a as i64 + 1);
    let mut unhops = stage_one(offset, m);
    // Stage 2: the leftmost peg unhops left a + 1 times, leaving 11(01)^a 00 …
    for j in 0..=a as i64 {
        let p = offset - 2 * j;
        unhops.push(Hop::new(p - 2, Direction::Right));
    }
    // Stage 3: move the 00 right by unhopping the peg after it into it.
    let mut gap = 2 * a as i64 + 2;
    for _ in 0..moves {
        unhops.push(Hop::new(gap, Direction::Right));
        gap += 2;
    }
    // Stage 5: fill the 00 from the peg just left of it.
    if fill {
        unhops.push(Hop::new(gap + 1, Direction::Left));
    }
    unhops_to_hops(unhops)
}

/// The unhops that build `10(10)^m 11` at `offset` from one peg at `offset + 2`, each recorded
/// as the hop it undoes.
fn stage_one(offset: i64, m: usize) -> Vec<Hop> {
    let mut unhops = vec![
        Hop::new(offset, Direction::Right),    // 1 → 110
        Hop::new(offset + 3, Direction::Left), // 110 → 1011
    ];
    for j in 0..m as i64 {
        let rightmost = offset + 2 * j + 3;
        unhops.push(Hop::new(rightmost + 2, Direction::Left));
    }
    unhops
}

/// Unhops played backwards are hops.
fn unhops_to_hops(mut unhops: Vec<Hop>) -> Vec<Hop> {
    unhops.reverse();
    unhops
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
