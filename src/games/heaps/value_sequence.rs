//! [`ValueSequence`]: the nim-values G(0) … G(N) of single heaps of a heap game under normal
//! play, with the period the Guy–Smith criterion proves from them and the split of the values
//! into common and rare ones that the rare-value method uses: what a chart of the sequence
//! shows.

use super::rare_values::choose_common;
use super::{HeapGame, HeapRule, octal_values, proved_period};
use crate::budget::Budget;
use crate::error::Error;
use crate::method::Method;
use crate::progress::Progress;

/// G(0) to G(max_heap) of a heap game under normal play.
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget, games::{HeapGame, HeapRule, Octal}};
/// let kayles = HeapGame::octal("0.77".parse::<Octal>().unwrap(), HeapRule::Normal).unwrap();
/// let sequence = kayles.value_sequence(200, &Budget::default(), &Quiet).unwrap();
/// assert_eq!(&sequence.values[..9], [0, 1, 2, 3, 1, 4, 3, 2, 1]);
/// assert_eq!((sequence.preperiod, sequence.period), (Some(71), Some(12)));
/// assert_eq!(sequence.common_values, [1, 2, 4, 7, 8]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct ValueSequence {
    /// The game, as its rules name it: `nim`, the subtraction set (such as `{1,3,4}`), the
    /// octal code (such as `0.07`) or `grundy`.
    pub game: String,
    /// The largest heap valued.
    pub max_heap: u64,
    /// G(0), G(1), …, G(max_heap).
    pub values: Vec<u32>,
    /// The largest value.
    pub largest: u32,
    /// Where the period proved by the Guy–Smith criterion starts (`null`: these values prove
    /// none, or the criterion does not apply, as for Nim and Grundy's game).
    pub preperiod: Option<usize>,
    /// The period proved by the Guy–Smith criterion (`null` as for `preperiod`).
    pub period: Option<usize>,
    /// The common values, in increasing order: chosen greedily from the most frequent value
    /// down, each kept when no two kept values XOR to a third, as the rare-value method
    /// chooses them. Every other value is rare (0 always is).
    pub common_values: Vec<u32>,
    /// The heaps whose value is rare.
    pub rare_heaps: Vec<u64>,
}

impl HeapGame {
    /// The values G(0) to G(`max`) of single heaps under normal play, under `budget`, with
    /// `progress` told of the heaps done: Nim's G(n) = n (to [`MAX_TABLE_HEAP`](super::MAX_TABLE_HEAP)); a subtraction game's and an octal
    /// game's by the rare-value method ([`octal_values`], refused beyond its limits), with the
    /// period they prove. An error under the other rules, whose positions have outcomes but
    /// no nim-values.
    ///
    /// # Complexity
    ///
    /// As [`octal_values`] (near-linear when few heaps are rare, O(max²) at worst; O(max) for
    /// Nim), and O(max × p) for the period p found; O(V²) for the V distinct values to split
    /// them into common and rare.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Quiet, budget::Budget, games::{HeapGame, HeapRule, Subtraction}};
    /// let game = HeapGame::subtraction(Subtraction::parse("1,3,4").unwrap(), HeapRule::Normal);
    /// let sequence = game.value_sequence(30, &Budget::default(), &Quiet).unwrap();
    /// assert_eq!((sequence.preperiod, sequence.period), (Some(0), Some(7)));
    /// let misere = HeapGame::subtraction(Subtraction::parse("1,3,4").unwrap(), HeapRule::Misere);
    /// assert!(misere.value_sequence(30, &Budget::default(), &Quiet).is_err());
    /// ```
    pub fn value_sequence(
        &self,
        max: u64,
        budget: &Budget,
        progress: &dyn Progress,
    ) -> Result<ValueSequence, Error> {
        if self.rule() != HeapRule::Normal {
            return Err(Error::new(format!(
                "a sequence of nim-values is for normal play: under the {} rule positions have \
                 outcomes, not nim-values",
                self.rule()
            )));
        }
        let heaps = usize::try_from(max).unwrap_or(usize::MAX);
        let (game, values, period) = match self {
            HeapGame::Nim(_) => {
                let table = self.single_heaps(max, Method::Fast, budget)?;
                let values = table
                    .values
                    .expect("normal play by the fast method has values");
                ("nim".to_string(), values, None)
            }
            HeapGame::Subtraction(set, _) => {
                let code = set.to_octal();
                let (values, _) = octal_values(&code, heaps, Method::Fast, budget, progress)?;
                let period = proved_period(&values, code.max_taken());
                (set.to_string(), values, period)
            }
            HeapGame::Octal(code, _) => {
                let (values, _) = octal_values(code, heaps, Method::Fast, budget, progress)?;
                let period = match code.is_grundy() {
                    true => None,
                    false => proved_period(&values, code.max_taken()),
                };
                (code.to_string(), values, period)
            }
        };
        let largest = values.iter().copied().max().unwrap_or(0);
        let mut counts = vec![0; largest as usize + 1];
        values.iter().for_each(|&g| counts[g as usize] += 1);
        let common = choose_common(&counts);
        let is_common = |g: u32| common.get(g as usize).copied().unwrap_or(false);
        Ok(ValueSequence {
            game,
            max_heap: max,
            largest,
            preperiod: period.map(|p| p.preperiod),
            period: period.map(|p| p.period),
            common_values: (0..=largest).filter(|&g| is_common(g)).collect(),
            rare_heaps: (0..=max)
                .filter(|&n| !is_common(values[n as usize]))
                .collect(),
            values,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Quiet;
    use crate::games::{Octal, Subtraction};

    /// The values are the plain mex loop's, the proved period holds on them, and no two
    /// common values XOR to a third.
    #[test]
    fn values_match_the_mex_loop_and_common_values_are_xor_free() {
        let budget = Budget::default();
        for code in ["0.77", "0.07", "0.007", "0.137", "4.7"] {
            let octal: Octal = code.parse().unwrap();
            let game = HeapGame::octal(octal.clone(), HeapRule::Normal).unwrap();
            let sequence = game.value_sequence(300, &budget, &Quiet).unwrap();
            assert_eq!(sequence.values, octal.exhaustive_values(300), "{code}");
            if let (Some(start), Some(p)) = (sequence.preperiod, sequence.period) {
                for n in start..=300 - p {
                    assert_eq!(sequence.values[n], sequence.values[n + p], "{code} {n}");
                }
            }
            let common = &sequence.common_values;
            for &a in common {
                for &b in common {
                    assert!(!common.contains(&(a ^ b)), "{code}: {a} ^ {b}");
                }
            }
            for (n, &g) in sequence.values.iter().enumerate() {
                let rare = sequence.rare_heaps.binary_search(&(n as u64)).is_ok();
                assert_eq!(rare, !common.contains(&g), "{code} heap {n}");
            }
        }
        let set = Subtraction::parse("1,3,4").unwrap();
        let game = HeapGame::subtraction(set.clone(), HeapRule::Normal);
        let sequence = game.value_sequence(100, &budget, &Quiet).unwrap();
        assert_eq!(sequence.values, set.to_octal().exhaustive_values(100));
        let nim = HeapGame::nim(HeapRule::Normal).unwrap();
        let sequence = nim.value_sequence(40, &budget, &Quiet).unwrap();
        assert!(
            sequence
                .values
                .iter()
                .enumerate()
                .all(|(n, &g)| g as usize == n)
        );
    }
}
