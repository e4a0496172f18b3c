//! Exact counts of accepted words of each length, with big integers.

use super::dfa::Dfa;
use super::linear_recurrence::LinearRecurrence;
use num_bigint::{BigInt, BigUint};
use num_traits::{One, Zero};

impl Dfa {
    /// The exact number of accepted words of length `len`.
    ///
    /// The counts satisfy the linear recurrence of the characteristic polynomial of the
    /// transfer matrix on the s useful states (Cayley–Hamilton), so this is
    /// [`LinearRecurrence::term`]: O(s³ × alphabet) to find the recurrence, then about
    /// log₂ len squarings of s-coefficient polynomials as single FFT products. For a binary
    /// alphabet and s = 64 the count for length 1,000,000 (up to a million bits) takes well
    /// under a second (BENCHMARKS.md).
    ///
    /// ```
    /// // Words over {0, 1} with no two 1s in a row: Fibonacci numbers.
    /// let dfa = unhop::automata::compile_dfa("(0|10)*1?", b"01").unwrap().minimized();
    /// assert_eq!(dfa.count_accepted(10).to_string(), "144");
    /// ```
    pub fn count_accepted(&self, len: u64) -> BigUint {
        let count = self.count_recurrence().term(len);
        count.to_biguint().expect("a count is not negative")
    }

    /// The counts a_len of accepted words as a linear recurrence: the step coefficients
    /// from the characteristic polynomial, the first terms counted step by step.
    pub fn count_recurrence(&self) -> LinearRecurrence {
        let c = self.characteristic_polynomial();
        let d = c.len() - 1;
        let step: Vec<BigInt> = c[..d].iter().map(|ck| -ck).collect();
        let initial: Vec<BigInt> = self
            .counts_stepwise(d)
            .into_iter()
            .map(BigInt::from)
            .collect();
        LinearRecurrence::new(&step, &initial)
    }

    /// The same count step by step: a vector of counts per state pushed through `len` letters.
    /// O(len × s × k) big-integer additions; the slow twin of [`Dfa::count_accepted`].
    pub fn count_accepted_stepwise(&self, len: u64) -> BigUint {
        let mut counts = self.counts_stepwise(len as usize + 1);
        counts.pop().expect("one count per length")
    }

    /// The counts of accepted words of lengths 0 to `lengths` − 1, step by step.
    fn counts_stepwise(&self, lengths: usize) -> Vec<BigUint> {
        let n = self.states();
        let mut per_state = vec![BigUint::zero(); n];
        per_state[self.start() as usize] = BigUint::one();
        let mut counts = Vec::with_capacity(lengths);
        for _ in 0..lengths {
            counts.push(
                (0..n)
                    .filter(|&s| self.is_accepting(s as u32))
                    .map(|s| &per_state[s])
                    .sum(),
            );
            let mut following = vec![BigUint::zero(); n];
            for (s, c) in per_state.iter().enumerate().filter(|(_, c)| !c.is_zero()) {
                for letter in 0..self.alphabet() {
                    following[self.next(s as u32, letter as u8) as usize] += c;
                }
            }
            per_state = following;
        }
        counts
    }
}

#[cfg(test)]
mod tests {
    proptest::proptest! {
        #[test]
        fn recurrence_matches_stepwise(
            table in proptest::collection::vec(0u32..5, 10),
            accepting in proptest::collection::vec(proptest::bool::ANY, 5),
            len in 0u64..200,
        ) {
            let dfa = crate::automata::Dfa::new(2, table, accepting, 0).unwrap();
            proptest::prop_assert_eq!(dfa.count_accepted(len), dfa.count_accepted_stepwise(len));
        }
    }
}
