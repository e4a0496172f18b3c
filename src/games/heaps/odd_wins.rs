//! The seed's "odd wins" variant: one heap of an odd number of stones; players alternately
//! take a number of stones from a subtraction set that contains 1, and keep them; when the
//! heap is empty, the player holding an odd number of stones wins (exactly one does, since
//! the total is odd).
//!
//! The state is the heap and the parities of what each player holds (the counts themselves
//! do not matter).

use super::Subtraction;
use crate::budget::Estimate;
use crate::error::Error;
use crate::games::engine::{GraphSize, Outcome, Retrograde, Rules};
use std::fmt;

/// A position of [`OddWins`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OddWinsPosition {
    /// Stones on the heap.
    pub heap: u64,
    /// Whether the player to move holds an odd number of stones.
    pub mover_odd: bool,
    /// Whether the other player holds an odd number.
    pub other_odd: bool,
}

impl OddWinsPosition {
    /// The start: `heap` stones, both players holding none.
    pub fn start(heap: u64) -> OddWinsPosition {
        OddWinsPosition {
            heap,
            mover_odd: false,
            other_odd: false,
        }
    }
}

impl fmt::Display for OddWinsPosition {
    /// `5 e/e`: the heap, then the parity held by the player to move and by the other
    /// (`e` even, `o` odd).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parity = |odd: bool| if odd { 'o' } else { 'e' };
        write!(
            f,
            "{} {}/{}",
            self.heap,
            parity(self.mover_odd),
            parity(self.other_odd)
        )
    }
}

/// The odd-wins game with a subtraction set containing 1.
///
/// ```
/// use unhop::budget::Budget;
/// use unhop::games::{OddWins, OddWinsPosition, Outcome, Retrograde, Subtraction};
/// let game = OddWins::new(Subtraction::parse("1..2").unwrap()).unwrap();
/// let start = OddWinsPosition::start(5);
/// let solved = Retrograde::solve(&game, &start, &Budget::default()).unwrap();
/// assert_eq!(solved.outcome(&start), Some(Outcome::Win));
/// ```
#[derive(Clone, Debug)]
pub struct OddWins {
    set: Subtraction,
}

impl OddWins {
    /// The game with the numbers of `set`, which must contain 1 (so that the game ends only
    /// when the heap is empty).
    pub fn new(set: Subtraction) -> Result<OddWins, Error> {
        if set.set().first() != Some(&1) {
            return Err(Error::new(format!(
                "odd wins needs 1 in the set (so that the game ends only when the heap is \
                 empty); {set} does not contain it"
            )));
        }
        Ok(OddWins { set })
    }

    /// An upper bound of the game graph from the starts up to `max_heap`. A position is a heap up to `max_heap` and two parities, and has the moves of
    /// its heap in the plain subtraction game.
    ///
    /// # Complexity
    ///
    /// O(|S|).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::{OddWins, Subtraction};
    /// let game = OddWins::new(Subtraction::parse("1..2").unwrap()).unwrap();
    /// assert_eq!(game.graph_size(9).positions, 10 * 4); // heaps 0 to 9, two parities each
    /// ```
    pub fn graph_size(&self, max_heap: u64) -> GraphSize {
        let heaps = self.set.graph_size(&[max_heap]);
        GraphSize {
            positions: heaps.positions.saturating_mul(4),
            moves: heaps.moves.saturating_mul(4),
            max_degree: heaps.max_degree,
        }
    }

    /// An upper bound of the work and memory of [`Retrograde`] analysis from the starts up
    /// to `max_heap`, for refusing before it starts.
    ///
    /// # Complexity
    ///
    /// O(|S|).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::{OddWins, Subtraction};
    /// let game = OddWins::new(Subtraction::parse("1..2").unwrap()).unwrap();
    /// assert!(game.retrograde_estimate(9).work > 0);
    /// ```
    pub fn retrograde_estimate(&self, max_heap: u64) -> Estimate {
        Retrograde::<OddWins>::estimate(
            format!(
                "the retrograde analysis of odd-wins {} up to heap {max_heap}",
                self.set.short_name()
            ),
            &self.graph_size(max_heap),
            0,
            0,
        )
    }

    /// Checks that a starting heap is odd, so that exactly one player ends with an odd count.
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::OddWins;
    /// assert!(OddWins::check_start(7).is_ok());
    /// assert!(OddWins::check_start(8).is_err());
    /// ```
    pub fn check_start(heap: u64) -> Result<(), Error> {
        if heap % 2 == 0 {
            return Err(Error::new(format!(
                "odd wins needs an odd number of stones (so that exactly one player ends with an \
                 odd count), not {heap}"
            )));
        }
        Ok(())
    }
}

impl Rules for OddWins {
    type Position = OddWinsPosition;
    /// Stones taken.
    type Move = u64;

    fn moves(&self, p: &OddWinsPosition) -> Vec<(u64, OddWinsPosition)> {
        self.set
            .set()
            .iter()
            .take_while(|&&s| s <= p.heap)
            .map(|&s| {
                // The players swap roles: the mover becomes the other.
                let next = OddWinsPosition {
                    heap: p.heap - s,
                    mover_odd: p.other_odd,
                    other_odd: p.mover_odd ^ (s % 2 == 1),
                };
                (s, next)
            })
            .collect()
    }

    /// The heap is empty: the player to move wins when holding an odd number.
    fn end_outcome(&self, p: &OddWinsPosition) -> Outcome {
        if p.mover_odd {
            Outcome::Win
        } else {
            Outcome::Loss
        }
    }
}
