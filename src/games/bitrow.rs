//! Duotaire on a row held as the bits of a `u64` (cell i is bit i): the moves, and the peg
//! classes the dense tables are filled by, one class after another and each in parallel.

use super::duotaire::MoveRule;
use crate::error::Error;
use rayon::prelude::*;

/// Calls `found` with every row one move from `bits` on a board of `len` cells (repeats
/// possible). O(pegs) for `single`, O(pegs × chain length) for `chain`.
pub(crate) fn for_each_option(rule: MoveRule, bits: u64, len: usize, found: &mut impl FnMut(u64)) {
    let mut pegs = bits;
    while pegs != 0 {
        let at = pegs.trailing_zeros() as usize;
        pegs &= pegs - 1;
        hops_of(rule, bits, at, len, found);
    }
}

/// The rows reached by moving the peg at `at` (one hop, or under the chain rule any number of
/// hops).
fn hops_of(rule: MoveRule, bits: u64, at: usize, len: usize, found: &mut impl FnMut(u64)) {
    let targets = [
        (at >= 2).then(|| (at - 1, at - 2)),
        (at + 2 < len).then(|| (at + 1, at + 2)),
    ];
    for (over, to) in targets.into_iter().flatten() {
        if bits >> over & 1 == 1 && bits >> to & 1 == 0 {
            let next = bits ^ (1 << at) ^ (1 << over) ^ (1 << to);
            found(next);
            if rule == MoveRule::Chain {
                hops_of(rule, next, to, len, found);
            }
        }
    }
}

/// The smallest value not in the set `seen` (bit v set: some option has value v).
pub(crate) fn mex_of_mask(seen: u64) -> Result<u8, Error> {
    match (!seen).trailing_zeros() {
        v if v < 63 => Ok(v as u8),
        _ => Err(Error::new("a Duotaire value above 62: out of range")),
    }
}

/// The mirror image of the row `bits` of `len` cells.
pub(crate) fn mirror(bits: u64, len: usize) -> u64 {
    match len {
        0 => 0,
        _ => bits.reverse_bits() >> (64 - len),
    }
}

/// Calls `visit` with every `len`-bit number with `ones` ones, in parallel for rows longer than
/// 20: the top bits are split among the threads, the rest enumerated in increasing order
/// (Gosper's hack).
pub(crate) fn for_each_in_class(
    len: usize,
    ones: usize,
    visit: impl Fn(u64) -> Result<(), Error> + Sync,
) -> Result<(), Error> {
    const LOW_BITS: usize = 16;
    let low = len.min(LOW_BITS);
    let part = |top: u64| match ones.checked_sub(top.count_ones() as usize) {
        Some(rest) if rest <= low => each_with_ones(low, rest, |bits| visit(top << low | bits)),
        _ => Ok(()),
    };
    // Short rows: a few thousand numbers, less than the cost of handing them to threads.
    match len {
        ..=20 => (0..1u64 << (len - low)).try_for_each(part),
        _ => (0..1u64 << (len - low)).into_par_iter().try_for_each(part),
    }
}

/// Calls `visit` with every `width`-bit number with `ones` ones, in increasing order.
fn each_with_ones(
    width: usize,
    ones: usize,
    mut visit: impl FnMut(u64) -> Result<(), Error>,
) -> Result<(), Error> {
    if ones == 0 {
        return visit(0);
    }
    let mut bits: u64 = (1 << ones) - 1;
    while bits < 1 << width {
        visit(bits)?;
        let lowest = bits & bits.wrapping_neg();
        let carried = bits + lowest;
        bits = (((carried ^ bits) >> 2) / lowest) | carried;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[test]
    fn classes_enumerate_every_number_with_that_many_ones_once() {
        // Sequential up to 20 cells, split among threads beyond.
        let cases = [0, 1, 5, 17, 19].map(|len| (len, (0..=len).collect::<Vec<_>>()));
        for (len, counts) in cases.into_iter().chain([(22, vec![0, 1, 3, 20, 22])]) {
            for ones in counts {
                let seen = Mutex::new(Vec::new());
                for_each_in_class(len, ones, |bits| {
                    seen.lock().unwrap().push(bits);
                    Ok(())
                })
                .unwrap();
                let mut seen = seen.into_inner().unwrap();
                seen.sort_unstable();
                let want: Vec<u64> = (0..1u64 << len)
                    .filter(|b| b.count_ones() as usize == ones)
                    .collect();
                assert_eq!(seen, want, "len {len}, ones {ones}");
            }
        }
    }
}
