//! The rational generating function of a regular language: Σ (words of length n) xⁿ = P(x)/Q(x).

use super::dfa::{Dfa, StateId};
use crate::budget::Budget;
use crate::error::Error;
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use std::fmt;

/// A generating function P(x)/Q(x) in lowest terms with Q(0) = 1: `numerator[k]` and
/// `denominator[k]` are the coefficients of x^k.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratingFunction {
    /// P's coefficients, lowest power first.
    pub numerator: Vec<BigInt>,
    /// Q's coefficients, lowest power first; `denominator[0]` is 1.
    pub denominator: Vec<BigInt>,
}

impl Dfa {
    /// The generating function of the number of accepted words of each length.
    ///
    /// On the s states that are reachable and can still accept, with transfer matrix M:
    /// Q(x) = det(I − xM) by the Faddeev–LeVerrier recurrence (exact integer division, the
    /// sparse product taking O(s² × alphabet) a step, O(s³ × alphabet) in all), P(x) = Q(x) ×
    /// (the first s counts) truncated below x^s, then both divided by their greatest common
    /// divisor.
    ///
    /// # Complexity
    /// Admitted by `budget` before it starts with the estimate [`Dfa::count_cost`] of `None`
    /// (in [`COUNT_WORK`](super::COUNT_WORK) and bytes), and charged to it as it runs.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::budget::Budget;
    /// // Words over {0, 1} with no two 1s in a row: (1 + x) / (1 − x − x²).
    /// let dfa = unhop::automata::compile_dfa("(0|10)*1?", b"01", &Budget::default()).unwrap();
    /// let gf = dfa.generating_function(&Budget::default()).unwrap();
    /// assert_eq!(gf.to_string(), "(1 + x) / (1 - x - x^2)");
    /// ```
    pub fn generating_function(&self, budget: &Budget) -> Result<GeneratingFunction, Error> {
        let plan = self.count_plan(None);
        let meter = budget.admit_estimate(&plan.estimate)?;
        let c = self.characteristic_polynomial();
        let polynomial_work = u64::try_from(plan.shape.polynomial_work()).unwrap_or(u64::MAX);
        meter.charge(polynomial_work)?;
        let n = c.len() - 1;
        let denominator: Vec<BigInt> = (0..=n).map(|k| c[n - k].clone()).collect();
        let counts: Vec<BigInt> = self
            .counts_stepwise(n, &plan.shape, &meter)?
            .into_iter()
            .map(BigInt::from)
            .collect();
        let mut numerator = vec![BigInt::zero(); n];
        for (i, q) in denominator.iter().enumerate().take(n) {
            for (j, count) in counts.iter().enumerate().take(n - i) {
                numerator[i + j] += q * count;
            }
        }
        meter.charge(polynomial_work)?;
        Ok(GeneratingFunction::in_lowest_terms(numerator, denominator))
    }

    /// The characteristic polynomial det(λI − M) = Σ c_k λ^k (`c[k]`, c_s = 1) of the transfer
    /// matrix M on the s states that are reachable and can still accept (entry (p, q): the
    /// letters from p to q), by the Faddeev–LeVerrier recurrence: O(s³ × alphabet) big-integer
    /// additions. By Cayley–Hamilton the counts of accepted words satisfy
    /// Σ c_k a_{m+k} = 0 for every m ≥ 0.
    pub(super) fn characteristic_polynomial(&self) -> Vec<BigInt> {
        let useful = self.useful_states();
        let n = useful.len();
        let mut index = vec![usize::MAX; self.states()];
        for (i, &s) in useful.iter().enumerate() {
            index[s as usize] = i;
        }
        // successors[i]: the useful states one letter from useful state i, with repeats.
        let successors: Vec<Vec<usize>> = useful
            .iter()
            .map(|&s| {
                (0..self.alphabet() as u8)
                    .map(|l| index[self.next(s, l) as usize])
                    .filter(|&t| t != usize::MAX)
                    .collect()
            })
            .collect();
        // Faddeev–LeVerrier, with c_n = 1 and M_0 = 0.
        let mut c = vec![BigInt::zero(); n + 1];
        c[n] = BigInt::one();
        let mut m = vec![vec![BigInt::zero(); n]; n];
        for k in 1..=n {
            // M_k = A M_{k−1} + c_{n−k+1} I
            let mut next = vec![vec![BigInt::zero(); n]; n];
            for (i, row) in next.iter_mut().enumerate() {
                for &t in &successors[i] {
                    for (entry, value) in row.iter_mut().zip(&m[t]) {
                        *entry += value;
                    }
                }
                row[i] += &c[n - k + 1];
            }
            m = next;
            // c_{n−k} = −tr(A M_k) / k
            let trace: BigInt = (0..n)
                .flat_map(|i| successors[i].iter().map(move |&t| (i, t)))
                .map(|(i, t)| &m[t][i])
                .sum();
            c[n - k] = -trace / BigInt::from(k);
        }
        c
    }

    /// The states reachable from the start from which an accepting state can be reached.
    pub(super) fn useful_states(&self) -> Vec<StateId> {
        let live = self.live_states();
        let mut reached = vec![false; self.states()];
        let mut stack = vec![self.start()];
        reached[self.start() as usize] = true;
        while let Some(s) = stack.pop() {
            for l in 0..self.alphabet() as u8 {
                let t = self.next(s, l);
                if !reached[t as usize] {
                    reached[t as usize] = true;
                    stack.push(t);
                }
            }
        }
        (0..self.states() as StateId)
            .filter(|&s| reached[s as usize] && live[s as usize])
            .collect()
    }
}

impl GeneratingFunction {
    fn in_lowest_terms(numerator: Vec<BigInt>, denominator: Vec<BigInt>) -> GeneratingFunction {
        let (numerator, denominator) = (trimmed(numerator), trimmed(denominator));
        if numerator.is_empty() {
            return GeneratingFunction {
                numerator,
                denominator: vec![BigInt::one()],
            };
        }
        let divisor = gcd(&numerator, &denominator);
        let mut numerator = exact_quotient(&numerator, &divisor);
        let mut denominator = exact_quotient(&denominator, &divisor);
        // Q(0) divides the original Q(0) = 1: it is ±1.
        if denominator[0].is_negative() {
            numerator.iter_mut().for_each(|c| *c = -&*c);
            denominator.iter_mut().for_each(|c| *c = -&*c);
        }
        GeneratingFunction {
            numerator,
            denominator,
        }
    }

    /// The first `len` coefficients of the power series: the counts of lengths 0 to len − 1.
    ///
    /// # Complexity
    ///
    /// O(len × deg Q) big-integer operations.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{automata::NamedDfa, budget::Budget};
    /// let budget = Budget::default();
    /// let dfa = NamedDfa::from_regex("(0|10)*1?", None, &budget).unwrap();
    /// let gf = dfa.generating_function(&unhop::Quiet, &budget).unwrap();
    /// assert_eq!(gf.series(6), [1, 2, 3, 5, 8, 13].map(num_bigint::BigInt::from));
    /// ```
    pub fn series(&self, len: usize) -> Vec<BigInt> {
        let mut series: Vec<BigInt> = Vec::with_capacity(len);
        for k in 0..len {
            let mut value = self.numerator.get(k).cloned().unwrap_or_default();
            for (i, q) in self.denominator.iter().enumerate().skip(1).take(k) {
                value -= q * &series[k - i];
            }
            series.push(value); // Q(0) = 1
        }
        series
    }
}

/// Without the zero coefficients at the top.
fn trimmed(mut p: Vec<BigInt>) -> Vec<BigInt> {
    while p.last().is_some_and(|c| c.is_zero()) {
        p.pop();
    }
    p
}

/// The greatest common divisor of two nonzero integer polynomials, primitive (its
/// coefficients have no common factor), by the primitive pseudo-remainder sequence.
fn gcd(a: &[BigInt], b: &[BigInt]) -> Vec<BigInt> {
    let (mut a, mut b) = (primitive(a.to_vec()), primitive(b.to_vec()));
    if a.len() < b.len() {
        std::mem::swap(&mut a, &mut b);
    }
    while !b.is_empty() {
        let r = primitive(pseudo_remainder(&a, &b));
        a = b;
        b = r;
    }
    a
}

/// The polynomial divided by the gcd of its coefficients.
fn primitive(p: Vec<BigInt>) -> Vec<BigInt> {
    let p = trimmed(p);
    let content = p
        .iter()
        .fold(BigInt::zero(), |g, c| num_integer::Integer::gcd(&g, c));
    if content.is_zero() {
        return p;
    }
    p.into_iter().map(|c| c / &content).collect()
}

/// lc(b)^(deg a − deg b + 1) × a reduced modulo b (deg a ≥ deg b, b nonzero).
fn pseudo_remainder(a: &[BigInt], b: &[BigInt]) -> Vec<BigInt> {
    let mut r = a.to_vec();
    let lead = b.last().expect("nonzero divisor");
    while r.len() >= b.len() {
        let top = r.last().expect("nonempty").clone();
        let shift = r.len() - b.len();
        r.iter_mut().for_each(|c| *c *= lead);
        for (i, bi) in b.iter().enumerate() {
            r[shift + i] -= &top * bi;
        }
        r = trimmed(r);
        if r.is_empty() {
            break;
        }
    }
    r
}

/// a / b for integer polynomials that b divides exactly (b's leading coefficient divides).
fn exact_quotient(a: &[BigInt], b: &[BigInt]) -> Vec<BigInt> {
    let mut r = a.to_vec();
    let lead = b.last().expect("nonzero divisor");
    let mut q = vec![BigInt::zero(); a.len() + 1 - b.len()];
    for shift in (0..q.len()).rev() {
        let c = &r[shift + b.len() - 1] / lead;
        for (i, bi) in b.iter().enumerate() {
            r[shift + i] -= &c * bi;
        }
        q[shift] = c;
    }
    debug_assert!(r.iter().all(|c| c.is_zero()), "the division is exact");
    q
}

impl fmt::Display for GeneratingFunction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "({}) / ({})",
            Polynomial(&self.numerator),
            Polynomial(&self.denominator)
        )
    }
}

/// A polynomial written in x, lowest power first: `1 - 2x + x^3`.
struct Polynomial<'a>(&'a [BigInt]);

impl fmt::Display for Polynomial<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for (k, c) in self.0.iter().enumerate().filter(|(_, c)| !c.is_zero()) {
            let sign = match (first, c.is_negative()) {
                (true, true) => "-",
                (true, false) => "",
                (false, true) => " - ",
                (false, false) => " + ",
            };
            let magnitude = c.abs();
            let number = match (k, magnitude.is_one()) {
                (0, _) => magnitude.to_string(),
                (_, true) => String::new(),
                (_, false) => magnitude.to_string(),
            };
            let power = match k {
                0 => String::new(),
                1 => "x".to_string(),
                _ => format!("x^{k}"),
            };
            write!(f, "{sign}{number}{power}")?;
            first = false;
        }
        if first {
            write!(f, "0")?;
        }
        Ok(())
    }
}

/// Serialises a value as its text (`Display`), for report fields such as a generating
/// function written as `(1) / (1 - 2x)`.
pub(crate) fn as_text<T: fmt::Display, S: serde::Serializer>(
    value: &T,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

/// A generating function as every front end reports it (`unhop dfa gf --json`, the Python
/// module's `Dfa.generating_function`): its text and the coefficients of both polynomials,
/// integers of any size.
///
/// # Examples
///
/// ```
/// use unhop::automata::{GeneratingFunctionReport, NamedDfa};
/// use unhop::budget::Budget;
/// let budget = Budget::default();
/// let dfa = NamedDfa::from_regex("(0|1)*", None, &budget).unwrap();
/// let gf = dfa.generating_function(&unhop::Quiet, &budget).unwrap();
/// assert_eq!(
///     serde_json::to_string(&GeneratingFunctionReport::from(&gf)).unwrap(),
///     r#"{"generating_function":"(1) / (1 - 2x)","numerator":[1],"denominator":[1,-2]}"#
/// );
/// ```
#[derive(Clone, Debug, serde::Serialize, schemars::JsonSchema)]
pub struct GeneratingFunctionReport {
    /// Σ (accepted words of length n) xⁿ as text, `(P) / (Q)`.
    pub generating_function: String,
    /// The numerator's coefficients, the constant term first.
    pub numerator: Vec<super::Integer>,
    /// The denominator's coefficients, the constant term (1) first.
    pub denominator: Vec<super::Integer>,
}

impl From<&GeneratingFunction> for GeneratingFunctionReport {
    fn from(gf: &GeneratingFunction) -> GeneratingFunctionReport {
        let coefficients = |p: &[BigInt]| p.iter().map(super::Integer::from).collect();
        GeneratingFunctionReport {
            generating_function: gf.to_string(),
            numerator: coefficients(&gf.numerator),
            denominator: coefficients(&gf.denominator),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::automata::Dfa;
    use num_bigint::BigInt;

    proptest::proptest! {
        /// The power series of P/Q is the sequence of counts, far beyond the degrees.
        #[test]
        fn series_matches_the_counts(
            table in proptest::collection::vec(0u32..6, 18),
            accepting in proptest::collection::vec(proptest::bool::ANY, 6),
        ) {
            let dfa = Dfa::new(3, table, accepting, 0).unwrap();
            let budget = crate::budget::Budget::default();
            let gf = dfa.generating_function(&budget).unwrap();
            let counts: Vec<BigInt> = (0..40)
                .map(|n| BigInt::from(dfa.count_accepted_stepwise(n, &budget).unwrap()))
                .collect();
            proptest::prop_assert_eq!(gf.series(40), counts);
            proptest::prop_assert!(gf.denominator.len() <= 7);
        }
    }
}
