//! How many words an engine that asks about every word up to a length asks, said exactly
//! however large (`2^101 − 1`), and its admission by a budget.

use crate::budget::{Budget, Meter, WorkUnit};
use crate::error::{Error, Figures};

/// A number of words: exact when it fits 128 bits, and as a message says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct WordCount {
    /// The number, when it fits 128 bits.
    pub(crate) count: Option<u128>,
    /// The number as a power: `2^40`, `2^101 − 1`, `(3^11 − 1)/2`.
    pub(crate) said: String,
}

impl WordCount {
    /// The k^n words of length n over k letters.
    pub(crate) fn of_length(k: usize, n: u64) -> WordCount {
        WordCount {
            count: u32::try_from(n)
                .ok()
                .and_then(|n| (k as u128).checked_pow(n)),
            said: format!("{k}^{n}"),
        }
    }

    /// The k^0 + k^1 + … + k^bound words of every length up to `bound` over k letters
    /// (k ≥ 2): (k^(bound+1) − 1)/(k − 1).
    pub(crate) fn up_to(k: usize, bound: u64) -> WordCount {
        let all = WordCount::of_length(k, bound.saturating_add(1));
        let said = if k == 2 {
            format!("2^{} − 1", bound.saturating_add(1))
        } else {
            format!("({k}^{} − 1)/{}", bound.saturating_add(1), k - 1)
        };
        WordCount {
            count: all.count.map(|c| (c - 1) / (k as u128 - 1)),
            said,
        }
    }

    /// A meter for asking these words, admitted when their number (in `unit`) is within the
    /// budget's work limit; else a refusal with the true number, as a power too.
    pub(crate) fn admit(
        &self,
        budget: &Budget,
        what: &str,
        unit: WorkUnit,
    ) -> Result<Meter, Error> {
        let what = format!("{what} ({} {})", self.said, unit.name);
        match self.count {
            Some(count) => budget.admit(what, unit, count, 0),
            None => Err(Error::refused_with(
                Figures::new(u128::MAX, budget.work_limit(unit).into(), unit.name),
                format!(
                    "{what} needs more than 2^128 {}; the limit is {} {}",
                    unit.name,
                    budget.work_limit(unit),
                    unit.name
                ),
            )
            .with_note("choose a smaller request or raise --max-work")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_exact_or_said_as_powers() {
        assert_eq!(WordCount::of_length(2, 10).count, Some(1024));
        assert_eq!(WordCount::up_to(2, 3).count, Some(15));
        assert_eq!(WordCount::up_to(3, 2).count, Some(13));
        let huge = WordCount::up_to(2, 100);
        assert_eq!(
            (huge.count, huge.said.as_str()),
            (Some((1 << 101) - 1), "2^101 − 1")
        );
        assert_eq!(WordCount::up_to(16, 100).count, None);
        assert_eq!(WordCount::of_length(2, u64::MAX).count, None);
    }
}
