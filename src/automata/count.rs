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

/// The most work [`Dfa::count_cost`] lets a count or a generating function take: 2^32 units
/// (big-integer word operations, about half a minute).
pub const MAX_COUNT_WORK: u128 = 1 << 32;

impl Dfa {
    /// What [`Dfa::count_accepted`] of `len` (or, for `None`, [`Dfa::generating_function`])
    /// will cost, from the s useful states (reachable, can still accept) alone: the
    /// characteristic polynomial takes about s³ × alphabet × (s log₂ alphabet / 64 + 1) word
    /// operations, and the count for `len` about s times its number of bits. The bits are
    /// bounded by len × log₂ d (d: the most letters from a useful state to useful states;
    /// no more than dˡᵉⁿ words), and, when no strongly connected part of the useful states
    /// branches (the counts then grow polynomially), by s × log₂(alphabet × (len + 1)).
    /// Check it with [`crate::memory::Estimate::check`] and [`MAX_COUNT_WORK`].
    /// O(states × alphabet).
    ///
    /// ```
    /// let dfa = unhop::automata::compile_dfa("0*1*", b"01").unwrap();
    /// let cost = dfa.count_cost(Some(1_000_000_000_000));
    /// assert!(cost.check(unhop::automata::MAX_COUNT_WORK).is_ok());
    /// let all = unhop::automata::compile_dfa("(0|1)*", b"01").unwrap();
    /// assert!(all.count_cost(Some(1_000_000_000_000)).check(unhop::automata::MAX_COUNT_WORK).is_err());
    /// ```
    pub fn count_cost(&self, len: Option<u64>) -> crate::memory::Estimate {
        let useful = self.useful_states();
        let s = useful.len() as u128;
        let k = self.alphabet() as u128;
        let mut is_useful = vec![false; self.states()];
        for &u in &useful {
            is_useful[u as usize] = true;
        }
        let mut graph = petgraph::graph::DiGraph::<(), ()>::new();
        let nodes: Vec<_> = (0..self.states()).map(|_| graph.add_node(())).collect();
        let mut most = 0u128;
        for &u in &useful {
            let mut out = 0;
            for l in 0..self.alphabet() as u8 {
                let t = self.next(u, l);
                if is_useful[t as usize] {
                    out += 1;
                    graph.add_edge(nodes[u as usize], nodes[t as usize], ());
                }
            }
            most = most.max(out);
        }
        let mut component = vec![usize::MAX; self.states()];
        for (c, members) in petgraph::algo::tarjan_scc(&graph).iter().enumerate() {
            for node in members {
                component[node.index()] = c;
            }
        }
        let branching = useful.iter().any(|&u| {
            let inside = (0..self.alphabet() as u8)
                .map(|l| self.next(u, l))
                .filter(|&t| {
                    is_useful[t as usize] && component[t as usize] == component[u as usize]
                })
                .count();
            inside >= 2
        });
        // ⌈log₂ x⌉
        let log2 = |x: u128| {
            if x <= 1 {
                0
            } else {
                128 - u128::from((x - 1).leading_zeros())
            }
        };
        let bits = len.map_or(0, |len| {
            let len = u128::from(len);
            let exponential = len.saturating_mul(log2(most)) + 1;
            if branching {
                exponential
            } else {
                // At most (len + 1)^s ways to leave the s parts, k^s letters to leave them by.
                exponential.min(s * log2(k * (len + 1)) + 1)
            }
        });
        let polynomial = s.pow(3) * k * (s * log2(k) / 64 + 1);
        let work = polynomial.saturating_add(bits.saturating_mul(s.max(1)));
        crate::memory::Estimate {
            what: match len {
                Some(len) => format!(
                    "counting the words of length {len} of an automaton with {s} useful states"
                ),
                None => format!("the generating function of an automaton with {s} useful states"),
            },
            work,
            unit: "big-integer word operations",
            bytes: (bits / 8 + 64).saturating_mul(s.max(1) * 6) + s * s * (s + 8) * 8,
        }
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
