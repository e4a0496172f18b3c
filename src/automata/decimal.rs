//! Big counts written in decimal, in about M(b) log b time for a b-bit number.
//!
//! `BigUint`'s own `to_string` divides by powers of ten with quadratic-time division: a count
//! of 30 million bits takes 14 s, one of a billion bits would take hours. malachite converts
//! by dividing and conquering with FFT products instead (a hundred million bits in seconds),
//! so counts are written through it.

use super::work::log2_ceil;
use malachite_nz::natural::Natural;
use num_bigint::BigUint;

/// The number in decimal, as `to_string` writes it.
///
/// # Complexity
/// O(M(w) log w) for w 64-bit words, M(w) the cost of a product of w-word numbers (FFT,
/// about w log w): `cost` gives upper bounds of its work, in
/// [`COUNT_WORK`](super::COUNT_WORK), and of its memory.
///
/// ```
/// let big = num_bigint::BigUint::from(3u8).pow(1000);
/// assert_eq!(unhop::automata::decimal(&big), big.to_string());
/// ```
pub fn decimal(n: &BigUint) -> String {
    Natural::from_owned_limbs_asc(n.to_u64_digits()).to_string()
}

/// Upper bounds of the work (in [`COUNT_WORK`](super::COUNT_WORK)) and of the bytes allocated
/// at once (the number's copy, the digits, and the conversion's products and their scratch
/// space) of [`decimal`] on a number of at most `bits` bits. O(1).
pub(crate) fn cost(bits: u128) -> (u128, u128) {
    let words = bits / 64 + 1;
    let levels = log2_ceil(words) + 1;
    let work = words
        .saturating_mul(levels)
        .saturating_mul(levels)
        .saturating_mul(2);
    // About 19.3 decimal digits a word.
    let digits = words.saturating_mul(20);
    let bytes = words
        .saturating_mul(8 * 12)
        .saturating_add(digits)
        .saturating_add(1 << 16);
    (work, bytes)
}
