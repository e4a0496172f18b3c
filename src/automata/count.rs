//! Exact counts of accepted words of each length, with big integers.

use super::dfa::Dfa;
use super::linear_recurrence::LinearRecurrence;
use crate::progress::{Progress, Quiet};
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
    /// under a second (BENCHMARKS.md). When counting step by step
    /// ([`Dfa::count_accepted_stepwise`]) is estimated to be cheaper (many states, a short
    /// length), that is done instead: [`Dfa::count_cost`] gives the cheaper estimate.
    ///
    /// ```
    /// // Words over {0, 1} with no two 1s in a row: Fibonacci numbers.
    /// let dfa = unhop::automata::compile_dfa("(0|10)*1?", b"01").unwrap().minimized();
    /// assert_eq!(dfa.count_accepted(10).to_string(), "144");
    /// ```
    pub fn count_accepted(&self, len: u64) -> BigUint {
        self.count_accepted_reporting(len, &Quiet)
    }

    /// [`Dfa::count_accepted`], telling `progress` the work as it is done when it counts step
    /// by step (the estimate's units, one report per length), or that it started when it
    /// uses the recurrence (one step of unknown length).
    ///
    /// ```
    /// use std::sync::atomic::{AtomicU64, Ordering};
    /// use unhop::Progress;
    /// struct Tally(AtomicU64, AtomicU64);
    /// impl Progress for Tally {
    ///     fn start(&self, _: &str, total: Option<u64>) { self.0.store(total.unwrap_or(0), Ordering::Relaxed); }
    ///     fn advance(&self, work: u64) { self.1.fetch_add(work, Ordering::Relaxed); }
    /// }
    /// // (a|b)*a(a|b){11}: 4,096 states, so length 100 is counted step by step.
    /// let dfa = unhop::automata::compile_dfa("(a|b)*a(a|b){11}", b"ab").unwrap().minimized();
    /// let tally = Tally(AtomicU64::new(0), AtomicU64::new(0));
    /// let count = dfa.count_accepted_reporting(100, &tally);
    /// assert_eq!(count, dfa.count_accepted_stepwise(100));
    /// assert_eq!(count, num_bigint::BigUint::from(2u8).pow(99));
    /// assert!(tally.1.load(Ordering::Relaxed) > 0);
    /// assert_eq!(tally.1.load(Ordering::Relaxed), tally.0.load(Ordering::Relaxed));
    /// ```
    pub fn count_accepted_reporting(&self, len: u64, progress: &dyn Progress) -> BigUint {
        let plan = self.count_plan(Some(len));
        let Some(step) = plan.stepwise else {
            progress.start(&plan.estimate.what, None);
            let count = self.count_recurrence().term(len);
            return count.to_biguint().expect("a count is not negative");
        };
        let total = step.total(len);
        progress.start(&plan.estimate.what, Some(total));
        let mut reported = 0u64;
        let mut last = BigUint::zero();
        self.stepwise(len as usize + 1, |i, count| {
            let work = step.at(i as u128).min(u128::from(total - reported)) as u64;
            progress.advance(work);
            reported += work;
            last = count;
        });
        progress.advance(total - reported);
        last
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
        let mut last = BigUint::zero();
        self.stepwise(len as usize + 1, |_, count| last = count);
        last
    }

    /// The counts of accepted words of lengths 0 to `lengths` − 1, step by step.
    fn counts_stepwise(&self, lengths: usize) -> Vec<BigUint> {
        let mut counts = Vec::with_capacity(lengths);
        self.stepwise(lengths, |_, count| counts.push(count));
        counts
    }

    /// Hands `each(i, count)` the count of accepted words of length i, for i = 0 to
    /// `lengths` − 1, by pushing a vector of counts per state through the letters.
    fn stepwise(&self, lengths: usize, mut each: impl FnMut(usize, BigUint)) {
        let n = self.states();
        let mut per_state = vec![BigUint::zero(); n];
        per_state[self.start() as usize] = BigUint::one();
        for i in 0..lengths {
            each(
                i,
                (0..n)
                    .filter(|&s| self.is_accepting(s as u32))
                    .map(|s| &per_state[s])
                    .sum(),
            );
            if i + 1 == lengths {
                break;
            }
            let mut following = vec![BigUint::zero(); n];
            for (s, c) in per_state.iter().enumerate().filter(|(_, c)| !c.is_zero()) {
                for letter in 0..self.alphabet() {
                    following[self.next(s as u32, letter as u8) as usize] += c;
                }
            }
            per_state = following;
        }
    }
}

/// The cost of counting step by step, in the units of [`Dfa::count_cost`]: length i takes one
/// unit per state and letter for every 64-bit word of its counts, which grow by at most
/// `growth_bits` bits a length, plus one per state to add up the accepted ones.
#[derive(Clone, Copy, Debug)]
struct StepwiseCost {
    states: u128,
    per_word: u128,
    growth_bits: u128,
}

impl StepwiseCost {
    /// The units of length i.
    fn at(&self, i: u128) -> u128 {
        self.per_word
            .saturating_mul(i.saturating_mul(self.growth_bits) / 64 + 1)
            .saturating_add(self.states)
    }

    /// An upper bound of the units of lengths 0 to `len`, in closed form: the sum of
    /// [`StepwiseCost::at`] without rounding down. O(1).
    fn total(&self, len: u64) -> u64 {
        let l = u128::from(len);
        let lengths = l + 1;
        let growth = self
            .per_word
            .saturating_mul(self.growth_bits)
            .saturating_mul(l.saturating_mul(lengths) / 2)
            / 64;
        lengths
            .saturating_mul(self.per_word.saturating_add(self.states))
            .saturating_add(growth)
            .saturating_add(1)
            .min(u128::from(u64::MAX)) as u64
    }
}

/// How [`Dfa::count_accepted`] will count: its estimate, and the step-by-step cost when that
/// is the cheaper method.
struct CountPlan {
    estimate: crate::budget::Estimate,
    stepwise: Option<StepwiseCost>,
}

/// The unit of the work of a count or a generating function ([`Dfa::count_cost`]): big-integer
/// word operations, 2^32 of them (about half a minute) unless the budget says otherwise.
pub const COUNT_WORK: crate::budget::WorkUnit = crate::budget::WorkUnit {
    name: "big-integer word operations",
    default_limit: 1 << 32,
};

impl Dfa {
    /// What [`Dfa::count_accepted`] of `len` (or, for `None`, [`Dfa::generating_function`])
    /// will cost, from the s useful states (reachable, can still accept) alone: the
    /// characteristic polynomial takes about s³ × alphabet × (s log₂ alphabet / 64 + 1) word
    /// operations, and the count for `len` about s times its number of bits. The bits are
    /// bounded by len × log₂ d (d: the most letters from a useful state to useful states;
    /// no more than dˡᵉⁿ words), and, when no strongly connected part of the useful states
    /// branches (the counts then grow polynomially), by s × log₂(alphabet × (len + 1)).
    /// Counting step by step costs about (len + 1) × states × alphabet × (len × log₂ d / 64 + 1)
    /// units; when that is less, it is the estimate, and [`Dfa::count_accepted`] counts step
    /// by step. Admit it with [`crate::budget::Budget::admit_estimate`].
    /// O(states × alphabet).
    ///
    /// ```
    /// let dfa = unhop::automata::compile_dfa("0*1*", b"01").unwrap();
    /// let cost = dfa.count_cost(Some(1_000_000_000_000));
    /// let budget = unhop::budget::Budget::default();
    /// assert!(budget.admit_estimate(&cost).is_ok());
    /// let all = unhop::automata::compile_dfa("(0|1)*", b"01").unwrap();
    /// assert!(budget.admit_estimate(&all.count_cost(Some(1_000_000_000_000))).is_err());
    /// ```
    pub fn count_cost(&self, len: Option<u64>) -> crate::budget::Estimate {
        self.count_plan(len).estimate
    }

    /// The cheaper of the two ways to count, with its estimate.
    fn count_plan(&self, len: Option<u64>) -> CountPlan {
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
        let what = match len {
            Some(len) => {
                format!("counting the words of length {len} of an automaton with {s} useful states")
            }
            None => format!("the generating function of an automaton with {s} useful states"),
        };
        let bytes = (bits / 8 + 64).saturating_mul(s.max(1) * 6) + s * s * (s + 8) * 8;
        // Step by step: every state's count through every letter, at each length.
        let n = self.states() as u128;
        let step = StepwiseCost {
            states: n,
            per_word: n * k,
            growth_bits: log2(most).max(1),
        };
        let stepwise = len.map(|len| {
            let total = u128::from(step.total(len));
            (total, (bits / 8 + 64).saturating_mul(2 * n))
        });
        match stepwise {
            // A saturated total is no estimate, and the lengths must fit in memory's indices.
            Some((total, step_bytes))
                if total < work
                    && total < u128::from(u64::MAX)
                    && len.is_some_and(|l| usize::try_from(l).is_ok_and(|l| l < usize::MAX)) =>
            {
                CountPlan {
                    estimate: crate::budget::Estimate {
                        what,
                        work: total,
                        unit: COUNT_WORK,
                        bytes: step_bytes,
                    },
                    stepwise: Some(step),
                }
            }
            _ => CountPlan {
                estimate: crate::budget::Estimate {
                    what,
                    work,
                    unit: COUNT_WORK,
                    bytes,
                },
                stepwise: None,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    /// A length too large to count step by step never picks that method, even when the
    /// recurrence's estimate is larger still (a saturated step-by-step total is no estimate;
    /// taking it would truncate the length to a usize).
    #[test]
    fn a_huge_length_is_never_counted_step_by_step() {
        let dfa = crate::automata::compile_dfa("(a|b)*a(a|b){12}", b"ab")
            .unwrap()
            .minimized();
        assert!(dfa.count_plan(Some(u64::MAX)).stepwise.is_none());
        assert!(dfa.count_plan(Some(100)).stepwise.is_some());
    }

    proptest::proptest! {
        #[test]
        fn recurrence_matches_stepwise(
            table in proptest::collection::vec(0u32..5, 10),
            accepting in proptest::collection::vec(proptest::bool::ANY, 5),
            len in 0u64..200,
        ) {
            let dfa = crate::automata::Dfa::new(2, table, accepting, 0).unwrap();
            let recurrence = dfa.count_recurrence().term(len).to_biguint().unwrap();
            proptest::prop_assert_eq!(&recurrence, &dfa.count_accepted_stepwise(len));
            proptest::prop_assert_eq!(dfa.count_accepted(len), recurrence);
        }
    }
}
