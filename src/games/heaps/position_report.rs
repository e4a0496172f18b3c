//! [`HeapPositionReport`]: one position of a heap game of the catalogue analysed for a reader:
//! the rules in one line, the nim-value under normal play, who wins, every winning move, and
//! for Nim Bouton's table.

use super::{BoutonTable, HeapGame, HeapRule};
use crate::budget::Budget;
use crate::error::Error;
use crate::games::Outcome;
use crate::method::Method;

/// A move of a heap game: from heap `heap` (its index, from 0) of `from` stones take `take`,
/// leaving the heaps `left` (none, one, or two when an octal game splits the heap).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct HeapStep {
    /// The heap's index in the position, from 0.
    pub heap: usize,
    /// The stones taken.
    pub take: u64,
    /// The heap's size before the move.
    pub from: u64,
    /// The heaps left in its place (empty heaps left out).
    pub left: Vec<u64>,
}

/// A position of a heap game: who wins, how, and under normal play its nim-value.
///
/// # Examples
///
/// ```
/// use unhop::{budget::Budget, games::{HeapGame, HeapRule, Outcome}};
/// let nim = HeapGame::nim(HeapRule::Normal).unwrap();
/// let report = nim.position_report(&[7, 15, 26, 30], &Budget::default()).unwrap();
/// assert_eq!((report.value, report.outcome), (Some(12), Outcome::Win));
/// assert_eq!(report.winning_moves.len(), 3);
/// assert_eq!(report.bouton.unwrap().sum, "01100");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct HeapPositionReport {
    /// The game and its rules, in one line.
    pub rules: String,
    /// The rule.
    pub rule: HeapRule,
    /// The method: by values (fast: Bouton's rule, a proved period, the values of the heaps)
    /// or by retrograde analysis (exhaustive: misère play of subtraction and octal games and
    /// the variants).
    pub method: Method,
    /// The heap sizes.
    pub heaps: Vec<u64>,
    /// The nim-value (Grundy value) of the position under normal play: the XOR of the values
    /// of its heaps; `null` under the other rules, whose positions have outcomes only.
    pub value: Option<u64>,
    /// Who wins: `N`, the player to move, or `P`, the other.
    pub outcome: Outcome,
    /// Every winning move (none when the player to move loses), in the order of the heaps
    /// and then of the stones taken.
    pub winning_moves: Vec<HeapStep>,
    /// Nim only: Bouton's table of the heaps.
    pub bouton: Option<BoutonTable>,
}

impl HeapGame {
    /// The position `heaps` analysed: who wins and every winning move ([`HeapGame::analyse`]
    /// by the game's default method), under normal play its nim-value, and for Nim Bouton's
    /// table, under `budget`.
    ///
    /// # Complexity
    ///
    /// As [`HeapGame::analyse`]; the value of a subtraction game by its proved period (O(1) a
    /// heap once found), of an octal game by the values up to its largest heap (as
    /// [`HeapGame::single_heaps`]), of Nim by Bouton's rule (O(heaps)).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, games::{HeapGame, HeapRule, Outcome, Subtraction}};
    /// let bachet = HeapGame::subtraction(Subtraction::parse("1..3").unwrap(), HeapRule::Normal);
    /// let report = bachet.position_report(&[8], &Budget::default()).unwrap();
    /// assert_eq!((report.value, report.outcome), (Some(0), Outcome::Loss));
    /// let misere = HeapGame::subtraction(Subtraction::parse("1..3").unwrap(), HeapRule::Misere);
    /// assert_eq!(misere.position_report(&[8], &Budget::default()).unwrap().value, None);
    /// ```
    pub fn position_report(
        &self,
        heaps: &[u64],
        budget: &Budget,
    ) -> Result<HeapPositionReport, Error> {
        let method = self.default_method();
        let analysis = self.analyse(heaps, method, budget)?;
        let winning_moves = analysis.winning_moves.iter().map(|m| HeapStep {
            heap: m.heap,
            take: m.taken,
            from: heaps[m.heap],
            left: m.left.clone(),
        });
        Ok(HeapPositionReport {
            rules: self.describe(heaps),
            rule: self.rule(),
            method,
            heaps: heaps.to_vec(),
            value: self.normal_value(heaps, budget)?,
            outcome: analysis.outcome,
            winning_moves: winning_moves.collect(),
            bouton: matches!(self, HeapGame::Nim(_)).then(|| BoutonTable::new(heaps)),
        })
    }

    /// The nim-value of `heaps` under normal play; `None` under the other rules.
    fn normal_value(&self, heaps: &[u64], budget: &Budget) -> Result<Option<u64>, Error> {
        if self.rule() != HeapRule::Normal {
            return Ok(None);
        }
        let xor = |g: &dyn Fn(u64) -> u64| heaps.iter().fold(0, |x, &h| x ^ g(h));
        let value = match self {
            // Bouton: a heap of h stones has value h.
            HeapGame::Nim(_) => xor(&|h| h),
            HeapGame::Subtraction(set, _) => {
                let (values, period) = set.periodic_values(budget)?;
                xor(&|h| u64::from(period.value_at(&values, h)))
            }
            HeapGame::Octal(..) => {
                let max = heaps.iter().copied().max().unwrap_or(0);
                let table = self.single_heaps(max, Method::Fast, budget)?;
                let values = table
                    .values
                    .expect("normal play by the fast method has values");
                xor(&|h| u64::from(values[h as usize]))
            }
        };
        Ok(Some(value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Octal, Subtraction};

    /// The value is 0 exactly when the player to move loses, and every winning move leads to
    /// a position of value 0, for positions of two heaps below 12 of Nim, a subtraction game
    /// and two octal games.
    #[test]
    fn values_agree_with_outcomes_and_winning_moves_lead_to_zero() {
        let budget = Budget::default();
        let games = [
            HeapGame::nim(HeapRule::Normal).unwrap(),
            HeapGame::subtraction(Subtraction::parse("1,3,4").unwrap(), HeapRule::Normal),
            HeapGame::octal("0.07".parse::<Octal>().unwrap(), HeapRule::Normal).unwrap(),
            HeapGame::octal(Octal::grundy(), HeapRule::Normal).unwrap(),
        ];
        for game in &games {
            for a in 0..12 {
                for b in 0..12 {
                    let report = game.position_report(&[a, b], &budget).unwrap();
                    let value = report.value.unwrap();
                    assert_eq!(
                        report.outcome == Outcome::Loss,
                        value == 0,
                        "{game:?} {a} {b}"
                    );
                    for m in &report.winning_moves {
                        let mut after: Vec<u64> = vec![[a, b][1 - m.heap]];
                        after.extend(&m.left);
                        let next = game.position_report(&after, &budget).unwrap();
                        assert_eq!(next.value, Some(0), "{game:?} {a} {b} {m:?}");
                    }
                }
            }
        }
    }
}
