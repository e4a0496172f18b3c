//! Proofs of periodicity for octal games: the Guy–Smith criterion.
//!
//! **Theorem** (Guy and Smith, 1956; Winning Ways ch. 4). Let an octal game take at most t
//! stones in a move. If G(n + p) = G(n) for every n with n₀ ≤ n < 2n₀ + p + t, then
//! G(n + p) = G(n) for every n ≥ n₀.
//!
//! (For n ≥ 2n₀ + p + t, every move from n + p leaves heaps a ≤ b with b ≥ n₀ + p; it
//! corresponds to the move from n that leaves a and b − p, of the same value by induction.)
//! The theorem needs all splits to be allowed, so it does not apply to Grundy's game, whose
//! splits must be unequal: a and b − p may be equal.

/// An eventually periodic sequence: G(n + period) = G(n) for every n ≥ preperiod.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct Period {
    /// The first index from which the sequence repeats (the number of exceptional values).
    pub preperiod: usize,
    /// The length of the repeating part.
    pub period: usize,
}

impl Period {
    /// The number of values the Guy–Smith criterion needs for this period in a game taking
    /// at most `max_taken` stones: G(0) to G(2·preperiod + 2·period + max_taken − 1).
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::Period;
    /// let kayles = Period { preperiod: 71, period: 12 };
    /// assert_eq!(kayles.values_needed(2), 168); // G(0) to G(167)
    /// ```
    pub fn values_needed(self, max_taken: usize) -> usize {
        2 * self.preperiod + 2 * self.period + max_taken
    }

    /// G(n) for any n, from `values` (G(0), G(1), …, at least up to the preperiod plus one
    /// period) and this period.
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::Period;
    /// let period = Period { preperiod: 1, period: 2 };
    /// assert_eq!(period.value_at(&[5, 0, 1], 1_000_000_000_001), 0);
    /// ```
    pub fn value_at(self, values: &[u32], n: u64) -> u32 {
        let start = self.preperiod as u64;
        let index = if n < start {
            n
        } else {
            start + (n - start) % self.period as u64
        };
        values[index as usize]
    }
}

/// The shortest period, with its least preperiod, that the Guy–Smith criterion proves from
/// `values` (G(0), G(1), …) for a game taking at most `max_taken` stones in a move; `None`
/// when no period is proved by these values (compute more).
///
/// # Complexity
///
/// O(len × p) for the period p found, at worst O(len²); O(1) memory.
///
/// # Examples
///
/// ```
/// use unhop::games::{proved_period, Octal, Period};
/// let kayles: Octal = "0.77".parse().unwrap();
/// let values = kayles.exhaustive_values(200);
/// assert_eq!(proved_period(&values, 2), Some(Period { preperiod: 71, period: 12 }));
/// assert_eq!(proved_period(&values[..150], 2), None);
/// ```
pub fn proved_period(values: &[u32], max_taken: usize) -> Option<Period> {
    checked_period(values, max_taken, &mut 0)
}

/// [`proved_period`] that adds the values it compares to `work`. A period p that fails is
/// given up at the first difference it would need to be equal (at most (len + t)/2
/// comparisons); only the period found is followed down to its least preperiod.
pub(crate) fn checked_period(values: &[u32], max_taken: usize, work: &mut u64) -> Option<Period> {
    let len = values.len();
    for period in 1..=len / 2 {
        // The criterion needs 2·preperiod + 2·period + t ≤ len.
        let Some(room) = len.checked_sub(2 * period + max_taken) else {
            break;
        };
        let most = room / 2;
        // Every n ≥ most must repeat; n < len − period.
        let mut n = len - period;
        let mut found = true;
        while n > most {
            n -= 1;
            *work += 1;
            if values[n] != values[n + period] {
                found = false;
                break;
            }
        }
        if !found {
            continue;
        }
        // The least preperiod: the last difference below, plus one.
        let preperiod = (0..n)
            .rev()
            .find(|&i| values[i] != values[i + period])
            .map_or(0, |i| i + 1);
        *work += (n - preperiod) as u64 + 1;
        return Some(Period { preperiod, period });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};

    /// The criterion read literally: for each period, the least preperiod consistent with
    /// every value, accepted when the values needed are there.
    fn exhaustive_period(values: &[u32], max_taken: usize) -> Option<Period> {
        let len = values.len();
        (1..=len / 2).find_map(|period| {
            let preperiod = (0..len - period)
                .rev()
                .find(|&n| values[n] != values[n + period])
                .map_or(0, |n| n + 1);
            let found = Period { preperiod, period };
            (found.values_needed(max_taken) <= len).then_some(found)
        })
    }

    #[test]
    fn the_early_exit_finds_the_period_the_literal_criterion_finds() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        for _ in 0..3000 {
            let preperiod = rng.random_range(0..40);
            let period = rng.random_range(1..20);
            let len = rng.random_range(0..200);
            let alphabet = rng.random_range(1..5);
            let head: Vec<u32> = (0..preperiod)
                .map(|_| rng.random_range(0..alphabet))
                .collect();
            let cycle: Vec<u32> = (0..period).map(|_| rng.random_range(0..alphabet)).collect();
            let mut values: Vec<u32> = (0..len)
                .map(|n| match n < preperiod {
                    true => head[n],
                    false => cycle[(n - preperiod) % period],
                })
                .collect();
            if len > 0 && rng.random_range(0..4) == 0 {
                let at = rng.random_range(0..len);
                values[at] = rng.random_range(0..alphabet);
            }
            let max_taken = rng.random_range(0..6);
            let mut work = 0;
            assert_eq!(
                checked_period(&values, max_taken, &mut work),
                exhaustive_period(&values, max_taken),
                "{values:?} {max_taken}"
            );
        }
    }
}
