//! Exact counts of accepted words of each length, with big integers.

use super::decimal;
use super::dfa::{Dfa, StateId};
use super::linear_recurrence::LinearRecurrence;
use super::work::{COUNT_WORK, FIXED_BYTES, log2_ceil};
use crate::budget::{Budget, Estimate, Meter};
use crate::error::Error;
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
    /// length), that is done instead.
    ///
    /// # Complexity
    /// Admitted by `budget` before it starts with the cheaper method's estimate
    /// ([`Dfa::count_cost`], in [`COUNT_WORK`] and bytes), and charged to it as it runs.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::budget::Budget;
    /// // Words over {0, 1} with no two 1s in a row: Fibonacci numbers.
    /// let dfa = unhop::automata::compile_dfa("(0|10)*1?", b"01", &Budget::default()).unwrap();
    /// assert_eq!(dfa.count_accepted(10, &Budget::default()).unwrap().to_string(), "144");
    /// ```
    pub fn count_accepted(&self, len: u64, budget: &Budget) -> Result<BigUint, Error> {
        self.count_accepted_reporting(len, &Quiet, budget)
    }

    /// [`Dfa::count_accepted`], telling `progress` the work as it is done when it counts step
    /// by step (the estimate's units, one report per length), or that it started when it
    /// uses the recurrence (one step of unknown length).
    ///
    /// # Complexity
    ///
    /// As [`Dfa::count_accepted`]: the cheaper of the recurrence and the steps, each admitted by
    /// `budget` with its estimate ([`Dfa::count_cost`]).
    ///
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::atomic::{AtomicU64, Ordering};
    /// use unhop::Progress;
    /// use unhop::budget::Budget;
    /// struct Tally(AtomicU64, AtomicU64);
    /// impl Progress for Tally {
    ///     fn start(&self, _: &str, total: Option<u64>) { self.0.store(total.unwrap_or(0), Ordering::Relaxed); }
    ///     fn advance(&self, work: u64) { self.1.fetch_add(work, Ordering::Relaxed); }
    /// }
    /// // (a|b)*a(a|b){11}: 4,096 states, so length 100 is counted step by step.
    /// let budget = Budget::default();
    /// let dfa = unhop::automata::compile_dfa("(a|b)*a(a|b){11}", b"ab", &budget).unwrap();
    /// let dfa = dfa.minimized(&budget).unwrap();
    /// let tally = Tally(AtomicU64::new(0), AtomicU64::new(0));
    /// let count = dfa.count_accepted_reporting(100, &tally, &budget).unwrap();
    /// assert_eq!(count, dfa.count_accepted_stepwise(100, &budget).unwrap());
    /// assert_eq!(count, num_bigint::BigUint::from(2u8).pow(99));
    /// assert!(tally.1.load(Ordering::Relaxed) > 0);
    /// assert_eq!(tally.1.load(Ordering::Relaxed), tally.0.load(Ordering::Relaxed));
    /// ```
    pub fn count_accepted_reporting(
        &self,
        len: u64,
        progress: &dyn Progress,
        budget: &Budget,
    ) -> Result<BigUint, Error> {
        let plan = self.count_plan(Some(len));
        let meter = budget.admit_estimate(&plan.estimate)?;
        match plan.stepwise {
            None => {
                progress.start(&plan.estimate.what, None);
                self.count_by_recurrence(len, &plan.shape, &meter)
            }
            Some(step) => self.count_stepwise_in(len, &plan.shape, step, progress, &meter),
        }
    }

    /// The same count step by step: a vector of counts per useful state pushed through `len`
    /// letters.
    ///
    /// # Complexity
    ///
    /// O(len × s × k) big-integer additions; the slow twin of [`Dfa::count_accepted`], admitted
    /// by `budget` with its own estimate (the step-by-step one of [`Dfa::count_cost`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::budget::Budget;
    /// let dfa = unhop::automata::compile_dfa("(a|b)*", b"ab", &Budget::default()).unwrap();
    /// assert_eq!(dfa.count_accepted_stepwise(10, &Budget::default()).unwrap(), 1024u32.into());
    /// ```
    pub fn count_accepted_stepwise(&self, len: u64, budget: &Budget) -> Result<BigUint, Error> {
        let shape = self.count_shape();
        let (step, estimate) = self.stepwise_plan(len, &shape);
        let meter = budget.admit_estimate(&estimate)?;
        self.count_stepwise_in(len, &shape, step, &Quiet, &meter)
    }

    /// The counts a_len of accepted words as a linear recurrence: the step coefficients
    /// from the characteristic polynomial, the first terms counted step by step. Admitted by
    /// `budget` with the estimate of [`Dfa::count_cost`] of `None`.
    ///
    /// # Complexity
    ///
    /// O(s³) big-integer operations for the characteristic polynomial of s states, then O(s² × s)
    /// for the first terms step by step.
    ///
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::budget::Budget;
    /// let dfa = unhop::automata::compile_dfa("(0|10)*1?", b"01", &Budget::default()).unwrap();
    /// let fibonacci = dfa.count_recurrence(&Budget::default()).unwrap();
    /// assert_eq!(fibonacci.terms(6).iter().map(|t| t.to_string()).collect::<Vec<_>>(),
    ///            ["1", "2", "3", "5", "8", "13"]);
    /// ```
    pub fn count_recurrence(&self, budget: &Budget) -> Result<LinearRecurrence, Error> {
        let plan = self.count_plan(None);
        let meter = budget.admit_estimate(&plan.estimate)?;
        self.count_recurrence_in(&plan.shape, &meter)
    }

    /// [`Dfa::count_recurrence`] under a meter admitted by the caller.
    fn count_recurrence_in(&self, shape: &Shape, meter: &Meter) -> Result<LinearRecurrence, Error> {
        let c = self.characteristic_polynomial();
        meter.charge(u64::try_from(shape.polynomial_work()).unwrap_or(u64::MAX))?;
        let d = c.len() - 1;
        let step: Vec<BigInt> = c[..d].iter().map(|ck| -ck).collect();
        let initial: Vec<BigInt> = self
            .counts_stepwise(d, shape, meter)?
            .into_iter()
            .map(BigInt::from)
            .collect();
        Ok(LinearRecurrence::new(&step, &initial))
    }

    /// The count of length `len` by the recurrence, under `meter`.
    fn count_by_recurrence(
        &self,
        len: u64,
        shape: &Shape,
        meter: &Meter,
    ) -> Result<BigUint, Error> {
        let recurrence = self.count_recurrence_in(shape, meter)?;
        meter.charge(u64::try_from(shape.term_work(len)).unwrap_or(u64::MAX))?;
        Ok(recurrence.term_natural(len))
    }

    /// The count of length `len` step by step, under `meter`, telling `progress`.
    fn count_stepwise_in(
        &self,
        len: u64,
        shape: &Shape,
        step: StepwiseCost,
        progress: &dyn Progress,
        meter: &Meter,
    ) -> Result<BigUint, Error> {
        let lengths = usize::try_from(len)
            .ok()
            .and_then(|l| l.checked_add(1))
            .ok_or_else(|| {
                Error::new(format!(
                    "the length {len} is too large to count step by step"
                ))
            })?;
        let total = step.total(len);
        progress.start(
            &format!("counting the words of length {len} step by step"),
            Some(total),
        );
        let mut reported = 0u64;
        let mut last = BigUint::zero();
        self.stepwise(lengths, shape, meter, |i, count| {
            let work = step.at(i as u128).min(u128::from(total - reported)) as u64;
            progress.advance(work);
            reported += work;
            last = count;
        })?;
        progress.advance(total - reported);
        Ok(last)
    }

    /// The counts of accepted words of lengths 0 to `lengths` − 1, step by step.
    pub(super) fn counts_stepwise(
        &self,
        lengths: usize,
        shape: &Shape,
        meter: &Meter,
    ) -> Result<Vec<BigUint>, Error> {
        let mut counts = Vec::with_capacity(lengths);
        self.stepwise(lengths, shape, meter, |_, count| counts.push(count))?;
        Ok(counts)
    }

    /// Hands `each(i, count)` the count of accepted words of length i, for i = 0 to
    /// `lengths` − 1, by pushing a vector of counts per useful state through the letters
    /// (a word that leaves the useful states is never accepted, so they are all there is to
    /// count), each length charged to `meter` as [`StepwiseCost::at`] says.
    fn stepwise(
        &self,
        lengths: usize,
        shape: &Shape,
        meter: &Meter,
        mut each: impl FnMut(usize, BigUint),
    ) -> Result<(), Error> {
        let step = shape.stepwise_cost();
        let useful = &shape.useful;
        let s = useful.len();
        // index[state]: its place among the useful states, or s for the others.
        let mut index = vec![s; self.states()];
        for (i, &u) in useful.iter().enumerate() {
            index[u as usize] = i;
        }
        let accepting: Vec<usize> = (0..s).filter(|&i| self.is_accepting(useful[i])).collect();
        let mut per_state = vec![BigUint::zero(); s];
        if index[self.start() as usize] < s {
            per_state[index[self.start() as usize]] = BigUint::one();
        }
        for i in 0..lengths {
            meter.charge(u64::try_from(step.at(i as u128)).unwrap_or(u64::MAX))?;
            each(i, accepting.iter().map(|&a| &per_state[a]).sum());
            if i + 1 == lengths {
                break;
            }
            let mut following = vec![BigUint::zero(); s];
            for (from, count) in per_state.iter().enumerate().filter(|(_, c)| !c.is_zero()) {
                for letter in 0..self.alphabet() {
                    let to = index[self.next(useful[from], letter as u8) as usize];
                    if to < s {
                        following[to] += count;
                    }
                }
            }
            per_state = following;
        }
        Ok(())
    }
}

/// What the cost of counting depends on: the useful states (reachable, and from which an
/// accepting state can be reached) and how fast the counts can grow.
pub(super) struct Shape {
    /// The useful states, in increasing order.
    pub useful: Vec<StateId>,
    /// The number of letters.
    alphabet: u128,
    /// The most letters from a useful state to useful states.
    most: u128,
    /// Whether some strongly connected part of the useful states branches (has a state with
    /// two letters to states of the same part): then the counts can grow exponentially,
    /// else polynomially.
    branching: bool,
}

impl Shape {
    fn s(&self) -> u128 {
        self.useful.len() as u128
    }

    /// An upper bound of the bits of the count of length `len`: len × log₂ d + 1 (no more
    /// than dˡᵉⁿ paths, d the most letters from a useful state to useful ones, summed over
    /// at most s accepting states), and, when no part branches (the counts grow
    /// polynomially), s × log₂(alphabet × (len + 1)) + 1.
    fn bits(&self, len: u64) -> u128 {
        let len = u128::from(len);
        let exponential = len
            .saturating_mul(log2_ceil(self.most))
            .saturating_add(log2_ceil(self.s()) + 1);
        if self.branching {
            exponential
        } else {
            // At most (len + 1)^s ways to leave the s parts, alphabet^s letters to leave them by.
            exponential
                .min(self.s() * log2_ceil(self.alphabet * (len + 1)) + log2_ceil(self.s()) + 1)
        }
    }

    /// The bits of the coefficients of the characteristic polynomial and of the matrices of
    /// the Faddeev–LeVerrier recurrence: at most s × (log₂ alphabet + 1) + 1 (the eigenvalues
    /// are at most alphabet in size, so the k-th coefficient is at most C(s, k) alphabetᵏ).
    fn polynomial_bits(&self) -> u128 {
        self.s() * (log2_ceil(self.alphabet) + 1) + 1
    }

    /// The characteristic polynomial: s steps of a sparse matrix product, s² × alphabet
    /// additions of numbers of [`Shape::polynomial_bits`].
    pub(super) fn polynomial_work(&self) -> u128 {
        let s = self.s();
        s.saturating_pow(3)
            .saturating_mul(self.alphabet)
            .saturating_mul(self.polynomial_bits() / 64 + 1)
    }

    /// The count of length `len` from the recurrence: about log₂ len squarings of s
    /// coefficients whose sizes double each time (the last dominating), each an FFT product
    /// of about s × bits / 64 words; a word operation a word and level.
    fn term_work(&self, len: u64) -> u128 {
        let words = self.bits(len) / 64 + 1;
        let s = self.s().max(1);
        (s * words).saturating_mul(log2_ceil(s * words) + 4)
    }

    /// The cost of counting step by step ([`StepwiseCost`]).
    fn stepwise_cost(&self) -> StepwiseCost {
        let s = self.s();
        StepwiseCost {
            states: s,
            per_word: s * self.alphabet,
            growth_bits: log2_ceil(self.most).max(1),
        }
    }
}

/// The cost of counting step by step, in the units of [`Dfa::count_cost`]: length i takes one
/// unit per useful state and letter for every 64-bit word of its counts, which grow by at
/// most `growth_bits` bits a length, plus one per useful state to add up the accepted ones.
#[derive(Clone, Copy, Debug)]
pub(super) struct StepwiseCost {
    states: u128,
    per_word: u128,
    growth_bits: u128,
}

impl StepwiseCost {
    /// The units of length i.
    fn at(&self, i: u128) -> u128 {
        self.per_word
            .saturating_mul(i.saturating_mul(self.growth_bits) / 64 + 2)
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
            .saturating_mul(self.per_word.saturating_mul(2).saturating_add(self.states))
            .saturating_add(growth)
            .saturating_add(1)
            .min(u128::from(u64::MAX)) as u64
    }
}

/// How [`Dfa::count_accepted`] will count: its estimate, and the step-by-step cost when that
/// is the cheaper method.
pub(super) struct CountPlan {
    pub estimate: Estimate,
    pub shape: Shape,
    stepwise: Option<StepwiseCost>,
}

/// The bytes of `count` numbers of at most `bits` bits in `BigUint`s or `BigInt`s: 32 bytes
/// each and twice the words of the bits (capacities grow by doubling).
fn numbers_bytes(count: u128, bits: u128) -> u128 {
    count.saturating_mul((bits / 64 + 2).saturating_mul(16).saturating_add(32))
}

impl Dfa {
    /// What [`Dfa::count_accepted`] of `len` (or, for `None`, [`Dfa::generating_function`])
    /// will cost, and what writing the count in decimal ([`decimal`]) will cost after it, from
    /// the s useful states (reachable, can still accept) alone: upper bounds of the work (in
    /// [`COUNT_WORK`]) and of the bytes allocated at once.
    ///
    /// The characteristic polynomial takes about s³ × alphabet × (s log₂ alphabet / 64 + 1)
    /// word operations, and the count for `len` about s × w × log₂(s × w) for its w words
    /// (log₂ len FFT squarings). The bits of the count are bounded by len × log₂ d (d: the
    /// most letters from a useful state to useful states; no more than dˡᵉⁿ words), and, when
    /// no strongly connected part of the useful states branches (the counts then grow
    /// polynomially), by s × log₂(alphabet × (len + 1)). Counting step by step costs about
    /// (len + 1) × s × alphabet × (len × log₂ d / 64 + 2) units; when that is less, it is the
    /// estimate, and [`Dfa::count_accepted`] counts step by step. The memory is that of the
    /// numbers the chosen method holds at once (for the recurrence, s polynomial coefficients
    /// of the size of the count and the FFT products' scratch space) and of the decimal
    /// digits. Admit it with [`Budget::admit_estimate`].
    ///
    /// # Complexity
    ///
    /// O(states × alphabet).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::budget::Budget;
    /// let budget = Budget::default();
    /// let dfa = unhop::automata::compile_dfa("0*1*", b"01", &budget).unwrap();
    /// let cost = dfa.count_cost(Some(1_000_000_000_000));
    /// assert!(budget.admit_estimate(&cost).is_ok());
    /// let all = unhop::automata::compile_dfa("(0|1)*", b"01", &budget).unwrap();
    /// assert!(budget.admit_estimate(&all.count_cost(Some(1_000_000_000_000))).is_err());
    /// ```
    pub fn count_cost(&self, len: Option<u64>) -> Estimate {
        self.count_plan(len).estimate
    }

    /// The useful states and how fast the counts through them can grow. O(states ×
    /// alphabet).
    fn count_shape(&self) -> Shape {
        let useful = self.useful_states();
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
        for (c, members) in petgraph::algo::kosaraju_scc(&graph).iter().enumerate() {
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
        Shape {
            useful,
            alphabet: self.alphabet() as u128,
            most,
            branching,
        }
    }

    /// The step-by-step method's cost for `len`, with its estimate.
    fn stepwise_plan(&self, len: u64, shape: &Shape) -> (StepwiseCost, Estimate) {
        let step = shape.stepwise_cost();
        let bits = shape.bits(len);
        let s = shape.s();
        // Two vectors of s counts (this length's and the next), the sum, and the shape.
        let bytes = numbers_bytes(2 * s + 1, bits)
            .saturating_add(self.shape_bytes())
            .saturating_add(s * 16);
        let (digits_work, digits_bytes) = decimal::cost(bits);
        let estimate = Estimate {
            what: format!(
                "counting the words of length {len} of an automaton with {s} useful states \
                 step by step"
            ),
            unit: COUNT_WORK,
            work: u128::from(step.total(len)).saturating_add(digits_work),
            bytes: bytes
                .max(digits_bytes.saturating_add(numbers_bytes(1, bits)))
                .saturating_add(FIXED_BYTES),
        };
        (step, estimate)
    }

    /// The bytes of finding the useful states and their shape: a few arrays and lists of a
    /// word a state and transition (the search for the strongly connected parts).
    fn shape_bytes(&self) -> u128 {
        let (n, k) = (self.states() as u128, self.alphabet() as u128);
        n * 160 + n * k * 96 + 4096
    }

    /// The cheaper of the two ways to count, with its estimate.
    pub(super) fn count_plan(&self, len: Option<u64>) -> CountPlan {
        let shape = self.count_shape();
        let s = shape.s();
        // The characteristic polynomial, then its first s counts step by step.
        let polynomial = shape
            .polynomial_work()
            .saturating_add(u128::from(shape.stepwise_cost().total(s as u64)));
        // The Faddeev–LeVerrier matrices (two of s² numbers) and those counts.
        let polynomial_bytes = numbers_bytes(2 * s * s + 2 * s + 2, shape.polynomial_bits())
            .saturating_add(self.shape_bytes());
        let Some(len) = len else {
            // The generating function: the polynomial, the first s counts, and the greatest
            // common divisor of two polynomials of degree s (charged as much as the
            // polynomial).
            let estimate = Estimate {
                what: format!("the generating function of an automaton with {s} useful states"),
                unit: COUNT_WORK,
                work: polynomial.saturating_add(shape.polynomial_work()),
                bytes: polynomial_bytes
                    .saturating_mul(2)
                    .saturating_add(FIXED_BYTES),
            };
            return CountPlan {
                estimate,
                shape,
                stepwise: None,
            };
        };
        let bits = shape.bits(len);
        let (digits_work, digits_bytes) = decimal::cost(bits);
        let work = polynomial
            .saturating_add(shape.term_work(len))
            .saturating_add(digits_work);
        let bytes = polynomial_bytes
            .saturating_add(LinearRecurrence::term_bytes(s, bits))
            .max(digits_bytes.saturating_add(numbers_bytes(1, bits)))
            .saturating_add(FIXED_BYTES);
        let what =
            format!("counting the words of length {len} of an automaton with {s} useful states");
        let (step, stepwise) = self.stepwise_plan(len, &shape);
        let lengths_fit = usize::try_from(len).is_ok_and(|l| l < usize::MAX);
        if stepwise.work < work && stepwise.work < u128::from(u64::MAX) && lengths_fit {
            return CountPlan {
                estimate: stepwise,
                shape,
                stepwise: Some(step),
            };
        }
        CountPlan {
            estimate: Estimate {
                what,
                unit: COUNT_WORK,
                work,
                bytes,
            },
            shape,
            stepwise: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::budget::Budget;

    /// A length too large to count step by step never picks that method, even when the
    /// recurrence's estimate is larger still (a saturated step-by-step total is no estimate;
    /// taking it would truncate the length to a usize).
    /// A chain of 300,000 states, deeper than any recursion over the states could go on a
    /// thread's stack: the components are found without recursion.
    #[test]
    fn a_long_chain_is_counted_without_recursion() {
        let n = 300_000u32;
        // State i reads the one letter into i + 1; n + 1 is the dead state.
        let table: Vec<u32> = (0..=n + 1).map(|i| (i + 1).min(n + 1)).collect();
        let accepting = (0..=n + 1).map(|i| i == n).collect();
        let dfa = crate::automata::Dfa::new(1, table, accepting, 0).unwrap();
        let budget = Budget::default();
        assert_eq!(dfa.count_accepted(10, &budget).unwrap(), 0u32.into());
        // The one word is counted, or the count is refused on its estimate: never a crash.
        match dfa.count_accepted(u64::from(n), &budget) {
            Ok(count) => assert_eq!(count, 1u32.into()),
            Err(err) => assert_eq!(err.kind(), crate::ErrorKind::Refused, "{err}"),
        }
    }

    #[test]
    fn a_huge_length_is_never_counted_step_by_step() {
        let budget = Budget::default();
        let dfa = crate::automata::compile_dfa("(a|b)*a(a|b){12}", b"ab", &budget)
            .unwrap()
            .minimized(&budget)
            .unwrap();
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
            let budget = Budget::default();
            let dfa = crate::automata::Dfa::new(2, table, accepting, 0).unwrap();
            let recurrence = dfa.count_recurrence(&budget).unwrap().term(len).to_biguint().unwrap();
            proptest::prop_assert_eq!(&recurrence, &dfa.count_accepted_stepwise(len, &budget).unwrap());
            proptest::prop_assert_eq!(dfa.count_accepted(len, &budget).unwrap(), recurrence);
        }
    }
}
