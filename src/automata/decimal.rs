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
/// # Examples
///
/// ```
/// let big = num_bigint::BigUint::from(3u8).pow(1000);
/// assert_eq!(unhop::automata::decimal(&big), big.to_string());
/// ```
pub fn decimal(n: &BigUint) -> String {
    Natural::from_owned_limbs_asc(n.to_u64_digits()).to_string()
}

/// An integer of any size in a report: written in decimal, and serialised as a JSON integer
/// of all its digits (JSON integers have no size limit; a `u64` field would have one).
///
/// # Complexity
///
/// Building it costs what [`decimal`] costs; serialising it copies the digits once.
///
/// # Examples
///
/// ```
/// use unhop::automata::Integer;
/// let big = num_bigint::BigUint::from(2u8).pow(100);
/// let n = Integer::from(&big);
/// assert_eq!(serde_json::to_string(&n).unwrap(), "1267650600228229401496703205376");
/// assert_eq!(serde_json::to_string(&Integer::from(&num_bigint::BigInt::from(-3))).unwrap(), "-3");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Integer(String);

impl Integer {
    /// The decimal digits, with a `-` in front of a negative number.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl From<&BigUint> for Integer {
    fn from(n: &BigUint) -> Integer {
        Integer(decimal(n))
    }
}

impl From<&num_bigint::BigInt> for Integer {
    fn from(n: &num_bigint::BigInt) -> Integer {
        let digits = decimal(n.magnitude());
        Integer(match n.sign() {
            num_bigint::Sign::Minus => format!("-{digits}"),
            _ => digits,
        })
    }
}

impl std::fmt::Display for Integer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl serde::Serialize for Integer {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let raw = serde_json::value::RawValue::from_string(self.0.clone())
            .map_err(serde::ser::Error::custom)?;
        raw.serialize(serializer)
    }
}

impl schemars::JsonSchema for Integer {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Integer".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "An integer of any size, written with all its digits.",
            "type": "integer"
        })
    }
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
