//! The move rules and the one Duotaire move generator, used by the solver's positions (rows of up to 128 cells
//! in a `u128`, with the hops of each move) and by the dense tables (rows of up to 64 cells
//! in a `u64`, the reached rows only).
//!
//! A row of `len` cells holds cell i in bit i. A move takes the peg at `at` over a peg beside
//! it into the hole beyond, inside the row; under [`MoveRule::Chain`] the same peg may go on
//! hopping, and every row along the way is a move of its own. Whether the hops are recorded is
//! chosen by the [`Trail`] passed in: `()` records nothing (and costs nothing), a `Vec<Hop>`
//! holds the hops of the move being reported.

use crate::error::Error;
use crate::solitaire::{Direction, Hop};
use std::fmt;

/// How many hops one move may make.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum MoveRule {
    /// A move is exactly one hop.
    Single,
    /// A move is one or more hops by the same peg (the paper's rule).
    #[default]
    Chain,
}

impl MoveRule {
    /// The rule's name as the command line spells it.
    pub fn name(self) -> &'static str {
        match self {
            MoveRule::Single => "single",
            MoveRule::Chain => "chain",
        }
    }
}

impl std::str::FromStr for MoveRule {
    type Err = Error;
    fn from_str(text: &str) -> Result<MoveRule, Error> {
        match text {
            "single" => Ok(MoveRule::Single),
            "chain" => Ok(MoveRule::Chain),
            _ => Err(Error::new(format!(
                "unknown move rule '{text}' (expected single or chain)"
            ))),
        }
    }
}

impl fmt::Display for MoveRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The cells of a row as the bits of an unsigned integer.
pub(crate) trait Cells: Copy {
    /// Whether cell `i` holds a peg.
    fn peg(self, i: u32) -> bool;
    /// The row after the peg at `from` hops over `over` into `to` (all three cells flip).
    fn hopped(self, from: u32, over: u32, to: u32) -> Self;
    /// The first peg and the row without it, or `None` for a row without pegs.
    fn pop_first(self) -> Option<(u32, Self)>;
    /// The mirror image of the row of `len` cells.
    fn mirrored(self, len: u32) -> Self;
}

macro_rules! cells {
    ($bits:ty) => {
        impl Cells for $bits {
            #[inline(always)]
            fn peg(self, i: u32) -> bool {
                self >> i & 1 == 1
            }
            #[inline(always)]
            fn hopped(self, from: u32, over: u32, to: u32) -> $bits {
                self ^ (1 << from) ^ (1 << over) ^ (1 << to)
            }
            #[inline(always)]
            fn pop_first(self) -> Option<(u32, $bits)> {
                (self != 0).then(|| (self.trailing_zeros(), self & (self - 1)))
            }
            #[inline(always)]
            fn mirrored(self, len: u32) -> $bits {
                match len {
                    0 => 0,
                    len => self.reverse_bits() >> (<$bits>::BITS - len),
                }
            }
        }
    };
}
cells!(u64);
cells!(u128);

/// What a move generator records of the hops of the move it reports.
pub(crate) trait Trail {
    /// The peg at `from` hops in `direction`.
    fn push(&mut self, from: u32, direction: Direction);
    /// Takes back the last hop pushed.
    fn pop(&mut self);
}

/// Records nothing: the dense tables need only the rows reached.
impl Trail for () {
    #[inline(always)]
    fn push(&mut self, _: u32, _: Direction) {}
    #[inline(always)]
    fn pop(&mut self) {}
}

/// The hops of the move, in the row's coordinates.
impl Trail for Vec<Hop> {
    fn push(&mut self, from: u32, direction: Direction) {
        Vec::push(self, Hop::new(i64::from(from), direction));
    }
    fn pop(&mut self) {
        Vec::pop(self);
    }
}

/// Calls `found` with the hops (as `trail` records them) and the row of every move from
/// `cells`, a row of `len` cells, pegs from the first to the last, each peg's hops to the left
/// before those to the right, a chain's shorter moves before the longer ones. A row may be
/// reached by several moves. O(pegs) moves for `single`, O(pegs × chain length) for `chain`.
#[inline]
pub(crate) fn for_each_move<C: Cells, T: Trail>(
    rule: MoveRule,
    cells: C,
    len: u32,
    trail: &mut T,
    found: &mut impl FnMut(&T, C),
) {
    let mut pegs = cells;
    while let Some((at, rest)) = pegs.pop_first() {
        pegs = rest;
        hops_from(rule, cells, at, len, trail, found);
    }
}

/// The moves of the peg at `at`: one hop, or under the chain rule any number of hops.
fn hops_from<C: Cells, T: Trail>(
    rule: MoveRule,
    cells: C,
    at: u32,
    len: u32,
    trail: &mut T,
    found: &mut impl FnMut(&T, C),
) {
    for direction in [Direction::Left, Direction::Right] {
        let (over, to) = match direction {
            Direction::Left if at >= 2 => (at - 1, at - 2),
            Direction::Right if at + 2 < len => (at + 1, at + 2),
            _ => continue,
        };
        if cells.peg(over) && !cells.peg(to) {
            let next = cells.hopped(at, over, to);
            trail.push(at, direction);
            found(trail, next);
            if rule == MoveRule::Chain {
                hops_from(rule, next, to, len, trail, found);
            }
            trail.pop();
        }
    }
}

/// Calls `found` with every row one move from `bits` on a board of `len` cells (repeats
/// possible): [`for_each_move`] without the hops.
#[inline]
pub(crate) fn for_each_option(rule: MoveRule, bits: u64, len: usize, found: &mut impl FnMut(u64)) {
    for_each_move(rule, bits, len as u32, &mut (), &mut |_, next| found(next));
}

/// The mirror image of the row `bits` of `len` cells.
#[inline]
pub(crate) fn mirror(bits: u64, len: usize) -> u64 {
    bits.mirrored(len as u32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solitaire::{Board, replay};
    use crate::word::Word;

    /// Every move the generator reports, on every row of up to 10 cells, is a legal move by
    /// the independent replay checker, ends at the row reported, and is found whether the
    /// cells are a `u64` or a `u128`; every single hop that is legal is among them.
    #[test]
    fn moves_replay_and_agree_across_widths() {
        for rule in [MoveRule::Single, MoveRule::Chain] {
            for len in 0..=10u32 {
                for bits in 0..1u64 << len {
                    let word = Word::from_bits(u128::from(bits), len as usize);
                    let mut narrow = Vec::new();
                    for_each_move(rule, bits, len, &mut Vec::new(), &mut |hops, next| {
                        narrow.push((hops.clone(), next))
                    });
                    let mut wide = Vec::new();
                    for_each_move(rule, u128::from(bits), len, &mut (), &mut |_, next| {
                        wide.push(next)
                    });
                    let rows: Vec<u128> = narrow.iter().map(|m| u128::from(m.1)).collect();
                    assert_eq!(rows, wide, "{rule} {word}");
                    for (hops, next) in &narrow {
                        assert!(rule == MoveRule::Chain || hops.len() == 1);
                        assert!(hops.windows(2).all(|h| h[1].from() == h[0].to()));
                        let end = replay(&word, Board::Finite, hops).unwrap().final_word;
                        assert_eq!(end, Word::from_bits(u128::from(*next), len as usize));
                    }
                    let single_hops = (0..len as i64)
                        .flat_map(|from| {
                            [Direction::Left, Direction::Right].map(|d| Hop::new(from, d))
                        })
                        .filter(|&h| replay(&word, Board::Finite, &[h]).is_ok())
                        .count();
                    let one_hop = narrow.iter().filter(|m| m.0.len() == 1).count();
                    assert_eq!(one_hop, single_hops, "{rule} {word}");
                }
            }
        }
    }

    #[test]
    fn mirror_reverses_the_cells() {
        for len in 0..=12usize {
            for bits in 0..1u64 << len {
                let word = Word::from_bits(u128::from(bits), len);
                let mirrored = Word::from_bits(u128::from(mirror(bits, len)), len);
                assert_eq!(mirrored, word.reversed());
                assert_eq!(
                    u128::from(bits).mirrored(len as u32),
                    u128::from(mirror(bits, len))
                );
            }
        }
    }
}
