//! Exact counts of accepted words of each length, with big integers.

use super::dfa::Dfa;
use num_bigint::BigUint;
use num_traits::{One, Zero};

/// A square matrix of big integers: `entries[row * size + column]`.
#[derive(Clone)]
struct Matrix {
    size: usize,
    entries: Vec<BigUint>,
}

impl Matrix {
    fn identity(size: usize) -> Matrix {
        let mut entries = vec![BigUint::zero(); size * size];
        for i in 0..size {
            entries[i * size + i] = BigUint::one();
        }
        Matrix { size, entries }
    }

    fn product(&self, other: &Matrix) -> Matrix {
        let n = self.size;
        let mut entries = vec![BigUint::zero(); n * n];
        for i in 0..n {
            for k in 0..n {
                let a = &self.entries[i * n + k];
                if a.is_zero() {
                    continue;
                }
                for j in 0..n {
                    let b = &other.entries[k * n + j];
                    if !b.is_zero() {
                        entries[i * n + j] += a * b;
                    }
                }
            }
        }
        Matrix { size: n, entries }
    }
}

impl Dfa {
    /// The transfer matrix: entry (s, t) counts the letters leading from s to t.
    fn transfer_matrix(&self) -> Matrix {
        let n = self.states();
        let mut m = Matrix {
            size: n,
            entries: vec![BigUint::zero(); n * n],
        };
        for s in 0..n {
            for letter in 0..self.alphabet() {
                let t = self.next(s as u32, letter as u8) as usize;
                m.entries[s * n + t] += 1u32;
            }
        }
        m
    }

    /// The exact number of accepted words of length `len`.
    ///
    /// Raises the transfer matrix to the power `len` by repeated squaring: O(s³ log len)
    /// big-integer products for s states. Entries grow no faster than the count itself, so for
    /// a language with polynomial growth (like the one-peg language) this is instant for any
    /// `u64` length.
    ///
    /// ```
    /// // Words over {0, 1} with no two 1s in a row: Fibonacci numbers.
    /// let dfa = unhop::automata::compile_dfa("(0|10)*1?", b"01").unwrap().minimized();
    /// assert_eq!(dfa.count_accepted(10).to_string(), "144");
    /// ```
    pub fn count_accepted(&self, len: u64) -> BigUint {
        let mut power = self.transfer_matrix();
        let mut result = Matrix::identity(self.states());
        let mut e = len;
        while e > 0 {
            if e & 1 == 1 {
                result = result.product(&power);
            }
            e >>= 1;
            if e > 0 {
                power = power.product(&power);
            }
        }
        let n = self.states();
        let start = self.start() as usize;
        (0..n)
            .filter(|&t| self.is_accepting(t as u32))
            .map(|t| &result.entries[start * n + t])
            .sum()
    }

    /// The same count step by step: a vector of counts per state pushed through `len` letters.
    /// O(len × s × k) big-integer additions; the slow twin of [`Dfa::count_accepted`].
    pub fn count_accepted_stepwise(&self, len: u64) -> BigUint {
        let n = self.states();
        let mut counts = vec![BigUint::zero(); n];
        counts[self.start() as usize] = BigUint::one();
        for _ in 0..len {
            let mut following = vec![BigUint::zero(); n];
            for (s, c) in counts.iter().enumerate().filter(|(_, c)| !c.is_zero()) {
                for letter in 0..self.alphabet() {
                    following[self.next(s as u32, letter as u8) as usize] += c;
                }
            }
            counts = following;
        }
        (0..n)
            .filter(|&s| self.is_accepting(s as u32))
            .map(|s| &counts[s])
            .sum()
    }
}

#[cfg(test)]
mod tests {
    proptest::proptest! {
        #[test]
        fn matrix_power_matches_stepwise(
            table in proptest::collection::vec(0u32..5, 10),
            accepting in proptest::collection::vec(proptest::bool::ANY, 5),
            len in 0u64..80,
        ) {
            let dfa = crate::automata::Dfa::new(2, table, accepting, 0).unwrap();
            proptest::prop_assert_eq!(dfa.count_accepted(len), dfa.count_accepted_stepwise(len));
        }
    }
}
