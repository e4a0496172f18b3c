//! The n-th term of an integer linear recurrence, for n in the millions.
//!
//! Kitamasa's method: with the characteristic polynomial C(x) = x^d − Σ step[k] x^k, the
//! term a_n is the linear functional x^k ↦ a_k applied to x^n mod C. The power is taken by
//! repeated squaring, each polynomial square done as ONE big-integer square (Kronecker
//! substitution: the coefficients packed into slots of one number) so that malachite's FFT
//! multiplication does the work; the last squaring is replaced by a quadratic form with the
//! Hankel matrix of the first terms.

use malachite_base::num::arithmetic::traits::{AddMulAssign, UnsignedAbs};
use malachite_base::num::logic::traits::SignificantBits;
use malachite_nz::integer::Integer;
use malachite_nz::natural::Natural;
use num_bigint::{BigInt, BigUint, Sign};
use rayon::prelude::*;

/// A sequence with a_{n+d} = Σ_{k<d} `step[k]` · a_{n+k} for every n ≥ 0, given by its `d`
/// step coefficients and its first `d` terms.
///
/// ```
/// use num_bigint::BigInt;
/// use unhop::automata::LinearRecurrence;
/// // Fibonacci: a_{n+2} = a_n + a_{n+1}.
/// let fibonacci = LinearRecurrence::new(
///     &[BigInt::from(1), BigInt::from(1)],
///     &[BigInt::from(0), BigInt::from(1)],
/// );
/// assert_eq!(fibonacci.term(90).to_string(), "2880067194370816120");
/// assert_eq!(fibonacci.term(1000), fibonacci.terms(1001)[1000]);
/// ```
#[derive(Clone, Debug)]
pub struct LinearRecurrence {
    step: Vec<Integer>,
    initial: Vec<Integer>,
}

impl LinearRecurrence {
    /// The recurrence with these step coefficients and first terms.
    ///
    /// # Panics
    /// If the two have different lengths (the order d is the length of both).
    ///
    /// # Complexity
    ///
    /// O(d).
    ///
    /// # Examples
    ///
    /// ```
    /// use num_bigint::BigInt;
    /// use unhop::automata::LinearRecurrence;
    /// // Fibonacci: a_n = a_(n-1) + a_(n-2), from 0, 1.
    /// let fib = LinearRecurrence::new(&[BigInt::from(1), BigInt::from(1)], &[BigInt::from(0), BigInt::from(1)]);
    /// assert_eq!(fib.order(), 2);
    /// ```
    pub fn new(step: &[BigInt], initial: &[BigInt]) -> LinearRecurrence {
        assert_eq!(step.len(), initial.len(), "d step coefficients, d terms");
        LinearRecurrence {
            step: step.iter().map(to_integer).collect(),
            initial: initial.iter().map(to_integer).collect(),
        }
    }

    /// The order d.
    pub fn order(&self) -> usize {
        self.step.len()
    }

    /// The first `len` terms, one step of the recurrence after another: the slow twin of
    /// [`LinearRecurrence::term`].
    ///
    /// # Complexity
    ///
    /// O(len × d) big-integer products.
    ///
    /// # Examples
    ///
    /// ```
    /// use num_bigint::BigInt;
    /// use unhop::automata::LinearRecurrence;
    /// // Fibonacci: a_n = a_(n-1) + a_(n-2), from 0, 1.
    /// let fib = LinearRecurrence::new(&[BigInt::from(1), BigInt::from(1)], &[BigInt::from(0), BigInt::from(1)]);
    /// assert_eq!(fib.terms(7), [0, 1, 1, 2, 3, 5, 8].map(BigInt::from));
    /// ```
    pub fn terms(&self, len: usize) -> Vec<BigInt> {
        self.first_terms(len).iter().map(to_bigint).collect()
    }

    /// The term a_n.
    ///
    /// # Complexity
    ///
    /// O(M(d · n · log₂ ρ)) where M(b) is the cost of one product of b-bit numbers
    /// (malachite: FFT, about b log b) and ρ bounds the growth of the sequence (the terms
    /// have about n log₂ ρ bits): about log₂ n squarings of d-coefficient polynomials whose
    /// sizes double each time, so the last ones dominate; plus O(d²) products of a big
    /// number by a small one to reduce each square modulo C.
    ///
    /// # Examples
    ///
    /// ```
    /// use num_bigint::BigInt;
    /// use unhop::automata::LinearRecurrence;
    /// // Fibonacci: a_n = a_(n-1) + a_(n-2), from 0, 1.
    /// let fib = LinearRecurrence::new(&[BigInt::from(1), BigInt::from(1)], &[BigInt::from(0), BigInt::from(1)]);
    /// assert_eq!(fib.term(90), fib.terms(91)[90]);
    /// assert_eq!(fib.term(10), BigInt::from(55));
    /// ```
    pub fn term(&self, n: u64) -> BigInt {
        to_bigint(&self.term_integer(n))
    }

    /// The term a_n of a sequence of whole numbers that are not negative, such as counts
    /// ([`LinearRecurrence::term`]; a negative term gives its absolute value).
    pub(crate) fn term_natural(&self, n: u64) -> BigUint {
        to_biguint(self.term_integer(n).unsigned_abs())
    }

    /// The most bytes [`LinearRecurrence::term`] allocates at once, for a recurrence of
    /// order `d` whose terms up to the one asked have at most `bits` bits (and so have the
    /// coefficients of the powers of x it squares, half as many before the last squaring):
    /// the d coefficients of x^(n/2) and of the square before its reduction, both packed into
    /// one number of d slots, that number's square and the FFT's scratch space, and the
    /// products of the last step, one per thread at once. O(1).
    pub(crate) fn term_bytes(d: u128, bits: u128) -> u128 {
        let d = d.max(1);
        let threads = (rayon::current_num_threads() as u128).clamp(1, d);
        // A number of `bits` bits, with its 32-byte header, in 64-bit limbs.
        let number = bits / 8 + 64;
        // One slot of a packed square holds twice a coefficient's bits and the carries.
        let slots = d.saturating_mul(2 * number + 16);
        slots
            .saturating_mul(12)
            .saturating_add(threads.saturating_mul(number).saturating_mul(12))
            .saturating_add(d.saturating_mul(d).saturating_mul(64))
            .saturating_add(1 << 16)
    }

    /// The term a_n as a malachite integer.
    fn term_integer(&self, n: u64) -> Integer {
        let d = self.order();
        if d == 0 {
            return Integer::from(0);
        }
        let first = self.first_terms(2 * d);
        if n < 2 * d as u64 {
            return first[n as usize].clone();
        }
        // a_n = L(x^n) with L(x^k) = a_k, and x^n = (x^h)² · x^odd with h = ⌊n/2⌋. With
        // r = x^h mod C, L(r² x^odd) = Σ_{i,j} r_i r_j a_{i+j+odd}: a quadratic form.
        let r = self.power_of_x(n / 2);
        let odd = (n % 2) as usize;
        (0..d)
            .into_par_iter()
            .map(|i| {
                let mut weighted = Integer::from(0);
                for (j, rj) in r.iter().enumerate() {
                    weighted.add_mul_assign(rj, &first[i + j + odd]);
                }
                weighted * &r[i]
            })
            .reduce(|| Integer::from(0), |a, b| a + b)
    }

    fn first_terms(&self, len: usize) -> Vec<Integer> {
        let d = self.order();
        let mut terms: Vec<Integer> = self.initial.iter().take(len).cloned().collect();
        while terms.len() < len {
            let base = terms.len() - d;
            let mut next = Integer::from(0);
            for (k, s) in self.step.iter().enumerate() {
                next.add_mul_assign(s, &terms[base + k]);
            }
            terms.push(next);
        }
        terms
    }

    /// x^e mod C as its d coefficients, lowest first.
    fn power_of_x(&self, e: u64) -> Vec<Integer> {
        let d = self.order();
        let mut r = vec![Integer::from(0); d];
        r[0] = Integer::from(1);
        for bit in (0..u64::BITS - e.leading_zeros()).rev() {
            r = self.reduced(squared(&r));
            if (e >> bit) & 1 == 1 {
                r = self.times_x(r);
            }
        }
        r
    }

    /// p mod C for a polynomial of degree < 2d − 1: x^d ≡ Σ step[k] x^k, from the top down.
    fn reduced(&self, mut p: Vec<Integer>) -> Vec<Integer> {
        let d = self.order();
        for m in (d..p.len()).rev() {
            let top = std::mem::replace(&mut p[m], Integer::from(0));
            for (k, s) in self.step.iter().enumerate() {
                p[m - d + k].add_mul_assign(&top, s);
            }
        }
        p.truncate(d);
        p
    }

    /// x · p mod C for p of degree < d.
    fn times_x(&self, mut p: Vec<Integer>) -> Vec<Integer> {
        let top = p.pop().expect("order ≥ 1");
        p.insert(0, Integer::from(0));
        for (c, s) in p.iter_mut().zip(&self.step) {
            c.add_mul_assign(&top, s);
        }
        p
    }
}

/// The square of a polynomial with integer coefficients by one big-integer square.
///
/// Each coefficient goes into a slot of w bits (a whole number of 64-bit limbs) of one
/// signed number X = Σ p_i 2^(w·i); the coefficients of p² are below d · 2^(2b) in absolute
/// value for b-bit coefficients, so w ≥ 2b + bits(d) + 1 keeps each inside (−2^(w−1), 2^(w−1))
/// and X² is read back slot by slot, a negative coefficient borrowing one from the next slot.
fn squared(p: &[Integer]) -> Vec<Integer> {
    let d = p.len();
    let bits = p
        .iter()
        .map(SignificantBits::significant_bits)
        .max()
        .unwrap_or(0);
    let slot_limbs = (2 * bits + u64::from(usize::BITS - d.leading_zeros()) + 1).div_ceil(64);
    let slot_limbs = slot_limbs as usize;
    // The coefficients of each sign packed apart (a sign none has costs nothing).
    let pack = |negative: bool| -> Integer {
        if !p.iter().any(|c| (*c < 0) == negative && *c != 0) {
            return Integer::from(0);
        }
        let mut limbs = vec![0u64; d * slot_limbs];
        for (i, c) in p.iter().enumerate().filter(|(_, c)| (**c < 0) == negative) {
            let digits = c.unsigned_abs_ref().to_limbs_asc();
            limbs[i * slot_limbs..][..digits.len()].copy_from_slice(&digits);
        }
        Integer::from(Natural::from_owned_limbs_asc(limbs))
    };
    let packed = pack(false) - pack(true);
    let square = (&packed * &packed).unsigned_abs().into_limbs_asc();
    let slot_bits = 64 * slot_limbs as u64;
    let mut borrow = false;
    (0..2 * d - 1)
        .map(|m| {
            let start = (m * slot_limbs).min(square.len());
            let end = ((m + 1) * slot_limbs).min(square.len());
            let mut value = Natural::from_limbs_asc(&square[start..end]);
            if borrow {
                value += Natural::from(1u32);
            }
            borrow = value.significant_bits() >= slot_bits;
            if borrow {
                Integer::from(value) - Integer::from(Natural::from(1u32) << slot_bits)
            } else {
                Integer::from(value)
            }
        })
        .collect()
}

fn to_integer(value: &BigInt) -> Integer {
    let (sign, digits) = value.to_u64_digits();
    Integer::from_sign_and_abs(sign != Sign::Minus, Natural::from_owned_limbs_asc(digits))
}

fn to_bigint(value: &Integer) -> BigInt {
    let sign = if *value < 0 { Sign::Minus } else { Sign::Plus };
    BigInt::from_biguint(sign, to_biguint(value.unsigned_abs_ref().clone()))
}

/// The number as a `BigUint`, by way of its 32-bit digits (one copy).
fn to_biguint(value: Natural) -> BigUint {
    let limbs = value.into_limbs_asc();
    let mut digits = Vec::with_capacity(2 * limbs.len());
    for limb in limbs {
        digits.extend([limb as u32, (limb >> 32) as u32]);
    }
    BigUint::new(digits)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn big(values: &[i64]) -> Vec<BigInt> {
        values.iter().map(|&v| BigInt::from(v)).collect()
    }

    proptest::proptest! {
        /// Kitamasa with packed squares = the recurrence stepped term by term, for signed
        /// coefficients and terms, every order 1..8 and lengths past several squarings.
        #[test]
        fn term_matches_stepping(
            step in proptest::collection::vec(-5i64..6, 1..9),
            seed in proptest::collection::vec(-1000i64..1000, 8),
            n in 0u64..400,
        ) {
            let d = step.len();
            let recurrence = LinearRecurrence::new(&big(&step), &big(&seed[..d]));
            let terms = recurrence.terms(n as usize + 1);
            proptest::prop_assert_eq!(recurrence.term(n), terms[n as usize].clone());
        }

        /// Packed squaring = the schoolbook square, with huge and mixed-sign coefficients.
        #[test]
        fn packed_square_matches_schoolbook(
            coefficients in proptest::collection::vec(
                (proptest::bool::ANY, proptest::collection::vec(proptest::num::u64::ANY, 0..5)), 1..7),
        ) {
            let p: Vec<Integer> = coefficients
                .into_iter()
                .map(|(sign, limbs)| Integer::from_sign_and_abs(sign, Natural::from_owned_limbs_asc(limbs)))
                .collect();
            let mut schoolbook = vec![Integer::from(0); 2 * p.len() - 1];
            for (i, a) in p.iter().enumerate() {
                for (j, b) in p.iter().enumerate() {
                    schoolbook[i + j].add_mul_assign(a, b);
                }
            }
            proptest::prop_assert_eq!(squared(&p), schoolbook);
        }
    }

    #[test]
    fn conversions_round_trip() {
        for text in [
            "0",
            "-1",
            "18446744073709551616",
            "-340282366920938463463374607431768211457",
        ] {
            let value: BigInt = text.parse().unwrap();
            assert_eq!(to_bigint(&to_integer(&value)), value);
        }
    }
}
