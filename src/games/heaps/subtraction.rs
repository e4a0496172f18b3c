//! Subtraction games: a move takes s stones from one heap, for some s in a finite set S.
//!
//! The seed's game is S = {1, …, k} on one heap: under normal play the player to move loses
//! exactly on the multiples of k + 1 (G(n) = n mod (k + 1)); under misère play (the player
//! who takes the last stone loses) exactly when n ≡ 1 (mod k + 1). Every finite S gives an
//! eventually periodic sequence (it is the octal game with digit 3 at each element of S), and
//! [`Subtraction::periodic_values`] proves the period by the Guy–Smith criterion.

use super::nim::{box_graph_size, listed, vec_heap_bytes};
use super::octal::MEX_OPTIONS;
use super::{Octal, Period, proved_period};
use crate::budget::{Budget, Estimate};
use crate::error::Error;
use crate::games::engine::{Convention, GraphSize, ImpartialGame, Played, Retrograde};
use std::fmt;

/// The largest element a subtraction set may have.
pub const MAX_SUBTRACTION: u64 = 4096;

/// A subtraction game with a finite set.
///
/// ```
/// use unhop::games::{Solver, Subtraction};
/// let game = Subtraction::parse("1..3").unwrap();
/// assert_eq!(game.to_string(), "{1,2,3}");
/// assert_eq!(Solver::new(game).value(&vec![10]), 10 % 4);
/// assert!(Subtraction::parse("0,2").is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subtraction {
    set: Vec<u64>,
}

impl Subtraction {
    /// Parses a set such as `1..3`, `1,3,4` or `1..3,7` (elements 1 to [`MAX_SUBTRACTION`]).
    ///
    /// # Complexity
    ///
    /// O(length of the text + the largest element).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::Subtraction;
    /// assert_eq!(Subtraction::parse("1..3,7").unwrap().set(), [1, 2, 3, 7]);
    /// assert!(Subtraction::parse("0").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Subtraction, Error> {
        let mut set = Vec::new();
        let mut offset = 0;
        for part in text.split(',') {
            let at = |what: String| Error::at(text, offset, what);
            let number = |s: &str| -> Result<u64, Error> {
                let s = s.trim();
                let n: u64 = s.parse().map_err(|_| {
                    at(format!(
                        "{} is not a whole number (write a set as 1..3 or 1,3,4)",
                        crate::quote(s)
                    ))
                })?;
                if n == 0 || n > MAX_SUBTRACTION {
                    return Err(at(format!(
                        "{n} is not a number of stones between 1 and {MAX_SUBTRACTION}"
                    )));
                }
                Ok(n)
            };
            match part.split_once("..") {
                Some((a, b)) => {
                    let (a, b) = (number(a)?, number(b)?);
                    if a > b {
                        return Err(at(format!("the range {a}..{b} is empty")));
                    }
                    set.extend(a..=b);
                }
                None => set.push(number(part)?),
            }
            offset += part.chars().count() + 1;
        }
        set.sort_unstable();
        set.dedup();
        Ok(Subtraction { set })
    }

    /// The set, sorted.
    pub fn set(&self) -> &[u64] {
        &self.set
    }

    /// The same game as an octal code (digit 3 at each element).
    pub fn to_octal(&self) -> Octal {
        Octal::taking(&self.set)
    }

    /// k when the set is {1, …, k}, the seed's game.
    pub fn up_to(&self) -> Option<u64> {
        let k = self.set.len() as u64;
        (self.set.iter().copied().eq(1..=k)).then_some(k)
    }

    /// For the set {1, …, k}: whether the player to move loses one heap of `n`, by the
    /// closed form (n ≡ 0 mod k + 1 under normal play, n ≡ 1 under misère play). `None` for
    /// other sets. O(1).
    ///
    /// # Complexity
    ///
    /// O(|S|).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::{Convention, Subtraction};
    /// let game = Subtraction::parse("1..3").unwrap();
    /// assert_eq!(game.closed_form_loses(8, Convention::Normal), Some(true));
    /// assert_eq!(game.closed_form_loses(9, Convention::Misere), Some(true));
    /// assert_eq!(Subtraction::parse("1,3,4").unwrap().closed_form_loses(7, Convention::Normal), None);
    /// ```
    pub fn closed_form_loses(&self, n: u64, convention: Convention) -> Option<bool> {
        let k = self.up_to()?;
        let residue = match convention {
            Convention::Normal => 0,
            Convention::Misere => 1,
        };
        Some(n % (k + 1) == residue)
    }

    /// The set in short: runs of three or more written as ranges, `{1..4096}` or
    /// `{1,3..7,9}`.
    ///
    /// # Complexity
    ///
    /// O(|S|) time and memory: one pass over the sorted set, its numbers written in decimal.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::Subtraction;
    /// assert_eq!(Subtraction::parse("1,3,4,5,9").unwrap().short_name(), "{1,3..5,9}");
    /// assert_eq!(Subtraction::parse("1..4096").unwrap().short_name(), "{1..4096}");
    /// ```
    pub fn short_name(&self) -> String {
        let mut parts = Vec::new();
        let mut i = 0;
        while i < self.set.len() {
            let mut j = i;
            while j + 1 < self.set.len() && self.set[j + 1] == self.set[j] + 1 {
                j += 1;
            }
            match j - i {
                0 => parts.push(self.set[i].to_string()),
                1 => parts.push(format!("{},{}", self.set[i], self.set[j])),
                _ => parts.push(format!("{}..{}", self.set[i], self.set[j])),
            }
            i = j + 1;
        }
        format!("{{{}}}", parts.join(","))
    }

    /// The moves from one heap, summed over the heap sizes 0 to `h`: Σ_{s ∈ S, s ≤ h}
    /// (h − s + 1).
    ///
    /// # Complexity
    ///
    /// O(|S|).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::Subtraction;
    /// // Taking 1 or 2 from heaps 0 to 3: 0 + 1 + 2 + 2 moves.
    /// assert_eq!(Subtraction::parse("1,2").unwrap().moves_up_to(3), 5);
    /// ```
    pub fn moves_up_to(&self, h: u64) -> u128 {
        self.set
            .iter()
            .take_while(|&&s| s <= h)
            .map(|&s| u128::from(h - s) + 1)
            .sum()
    }

    /// The moves from one heap of `h`: the elements of the set up to `h`. O(log |S|).
    pub fn moves_of(&self, h: u64) -> u128 {
        self.set.partition_point(|&s| s <= h) as u128
    }

    /// An upper bound of the game graph from `heaps`, counting every position below the heaps
    /// (Π (h + 1)) and all of their moves. Exact when every such position is reachable (1 in
    /// the set). Saturates at `u128::MAX`. O(heaps × |S|).
    ///
    /// # Complexity
    ///
    /// O(heaps × |S|).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::Subtraction;
    /// // Heaps 0 to 5 with {2, 3}: moves 0 0 1 2 2 2.
    /// let size = Subtraction::parse("2,3").unwrap().graph_size(&[5]);
    /// assert_eq!((size.positions, size.moves, size.max_degree), (6, 7, 2));
    /// ```
    pub fn graph_size(&self, heaps: &[u64]) -> GraphSize {
        box_graph_size(heaps, |h| self.moves_up_to(h), |h| self.moves_of(h))
    }

    /// An upper bound of the work and memory of [`Retrograde`] analysis of this game from
    /// `heaps` (or from every single heap up to `heaps[0]`: the same graph), for refusing
    /// before it starts.
    ///
    /// # Complexity
    ///
    /// O(heaps × |S|).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::Subtraction;
    /// let estimate = Subtraction::parse("1..3").unwrap().retrograde_estimate(&[10]);
    /// assert_eq!(estimate.unit.name, "moves");
    /// ```
    pub fn retrograde_estimate(&self, heaps: &[u64]) -> Estimate {
        Retrograde::<Played<Subtraction>>::estimate(
            format!(
                "the retrograde analysis of the subtraction game {} on {}",
                self.short_name(),
                listed(heaps)
            ),
            &self.graph_size(heaps),
            8 * heaps.len() as u128,
            0,
        )
    }

    /// The values G(0), G(1), … far enough to prove their period by the Guy–Smith criterion,
    /// with the period, under `budget`: doubles the number of values from 64, each time by
    /// the plain mex loop, until a period is proved; gives up when the options it looks at
    /// ([`MEX_OPTIONS`](crate::games::MEX_OPTIONS)) or its memory are beyond the budget's
    /// limits.
    ///
    /// # Complexity
    ///
    /// O(values × |S|) time, at most twice the options of the last round; 4 bytes a value.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, games::Subtraction};
    /// let set = Subtraction::parse("2,5").unwrap();
    /// let (values, period) = set.periodic_values(&Budget::default()).unwrap();
    /// assert_eq!((period.preperiod, period.period), (0, 7));
    /// assert_eq!(period.value_at(&values, 10_000_000_000), [0, 0, 1, 1, 0, 2, 1][10_000_000_000 % 7]);
    /// ```
    pub fn periodic_values(&self, budget: &Budget) -> Result<(Vec<u32>, Period), Error> {
        let octal = self.to_octal();
        let meter = budget.meter(
            format!("proving the period of {}", self.short_name()),
            MEX_OPTIONS,
        );
        let mut len: usize = 64;
        loop {
            let values = octal.metered_values(len - 1, &meter)?;
            if let Some(period) = proved_period(&values, octal.max_taken()) {
                return Ok((values, period));
            }
            len = len.saturating_mul(2);
        }
    }
}

impl fmt::Display for Subtraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let listed: Vec<String> = self.set.iter().map(u64::to_string).collect();
        write!(f, "{{{}}}", listed.join(","))
    }
}

impl ImpartialGame for Subtraction {
    /// The heap sizes.
    type Position = Vec<u64>;
    /// (heap index, stones taken).
    type Move = (usize, u64);

    fn moves(&self, heaps: &Vec<u64>) -> Vec<((usize, u64), Vec<u64>)> {
        let mut moves = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            for &s in self.set.iter().take_while(|&&s| s <= h) {
                let mut next = heaps.clone();
                next[i] = h - s;
                moves.push(((i, s), next));
            }
        }
        moves
    }

    /// The list's buffer.
    fn heap_bytes(&self, heaps: &Vec<u64>) -> usize {
        vec_heap_bytes(heaps)
    }
}
