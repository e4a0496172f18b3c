//! The seed's first variant: a subtraction game on one heap in which a player may not take
//! the number of stones the opponent has just taken.
//!
//! Rules: a position is the heap and the number the opponent took last (none at the start).
//! A move takes s stones, s in the set, s ≤ heap, s ≠ the number just taken. A player with no
//! legal move loses: with an empty heap (the opponent took the last stone) and also with
//! stones left when every allowed number is barred or too large.

use super::Subtraction;
use crate::budget::Estimate;
use crate::games::engine::{GraphSize, Outcome, Retrograde, Rules};
use std::fmt;

/// A position of [`NoRepeat`]: the heap and the number the opponent just took.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NoRepeatPosition {
    /// Stones on the heap.
    pub heap: u64,
    /// The number the opponent took last, which the player to move may not take.
    pub barred: Option<u64>,
}

impl NoRepeatPosition {
    /// The start: `heap` stones, nothing barred.
    pub fn start(heap: u64) -> NoRepeatPosition {
        NoRepeatPosition { heap, barred: None }
    }
}

impl fmt::Display for NoRepeatPosition {
    /// `8`, or `5 ≠3` when 3 may not be taken.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.barred {
            None => write!(f, "{}", self.heap),
            Some(s) => write!(f, "{} ≠{s}", self.heap),
        }
    }
}

/// The no-repeat game with a subtraction set.
///
/// ```
/// use unhop::budget::Budget;
/// use unhop::games::{NoRepeat, NoRepeatPosition, Outcome, Retrograde, Subtraction};
/// let game = NoRepeat::new(Subtraction::parse("1..2").unwrap());
/// let start = NoRepeatPosition::start(3);
/// // 3: taking 1 leaves 2 ≠1, where the opponent must take 2 and wins; taking 2 leaves
/// // 1 ≠2, where the opponent takes the last stone. So 3 is lost.
/// let solved = Retrograde::solve(&game, &start, &Budget::default()).unwrap();
/// assert_eq!(solved.outcome(&start), Some(Outcome::Loss));
/// ```
#[derive(Clone, Debug)]
pub struct NoRepeat {
    set: Subtraction,
}

impl NoRepeat {
    /// The game with the numbers of `set`.
    pub fn new(set: Subtraction) -> NoRepeat {
        NoRepeat { set }
    }

    /// An upper bound of the game graph from the starts 0 to `max_heap` (or from one start
    /// `max_heap`). A position is a heap up to `max_heap` and a barred
    /// number (one of S, or none), and has at most the moves of its heap in the plain
    /// subtraction game.
    ///
    /// # Complexity
    ///
    /// O(|S|).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::{NoRepeat, Subtraction};
    /// let game = NoRepeat::new(Subtraction::parse("1..3").unwrap());
    /// let size = game.graph_size(10);
    /// assert_eq!(size.positions, 11 * 4); // heaps 0 to 10, each with one of 3 numbers barred or none
    /// ```
    pub fn graph_size(&self, max_heap: u64) -> GraphSize {
        let barred = self.set.set().len() as u128 + 1;
        let heaps = self.set.graph_size(&[max_heap]);
        GraphSize {
            positions: heaps.positions.saturating_mul(barred),
            moves: heaps.moves.saturating_mul(barred),
            max_degree: heaps.max_degree,
        }
    }

    /// An upper bound of the work and memory of [`Retrograde`] analysis from the starts 0 to
    /// `max_heap`, for refusing before it starts.
    ///
    /// # Complexity
    ///
    /// O(|S|).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::{NoRepeat, Subtraction};
    /// let estimate = NoRepeat::new(Subtraction::parse("1..3").unwrap()).retrograde_estimate(10);
    /// assert_eq!(estimate.unit.name, "moves");
    /// ```
    pub fn retrograde_estimate(&self, max_heap: u64) -> Estimate {
        Retrograde::<NoRepeat>::estimate(
            format!(
                "the retrograde analysis of no-repeat {} up to heap {max_heap}",
                self.set.short_name()
            ),
            &self.graph_size(max_heap),
            0,
            0,
        )
    }
}

impl Rules for NoRepeat {
    type Position = NoRepeatPosition;
    /// Stones taken.
    type Move = u64;

    fn moves(&self, p: &NoRepeatPosition) -> Vec<(u64, NoRepeatPosition)> {
        self.set
            .set()
            .iter()
            .take_while(|&&s| s <= p.heap)
            .filter(|&&s| Some(s) != p.barred)
            .map(|&s| {
                let next = NoRepeatPosition {
                    heap: p.heap - s,
                    barred: Some(s),
                };
                (s, next)
            })
            .collect()
    }

    fn end_outcome(&self, _: &NoRepeatPosition) -> Outcome {
        Outcome::Loss
    }
}
