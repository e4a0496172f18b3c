//! Position classes: the parity invariants of a board (the "rule of three" on the square
//! grid), found as the null space of the jumps over GF(2).
//!
//! A set S of holes is an invariant when every jump touches an even number of holes of S:
//! a jump empties `from` and `over` and fills `to`, so the parity of the number of pegs in S
//! never changes. The invariant sets form a vector space over GF(2); the class of a position
//! is the parity of its pegs in each set of a basis. On the English board the space has
//! dimension 4 (the 16 position classes of the literature).

use super::board::Board;
use super::geometry::Position;
use super::position::Goal;

/// A basis of the board's parity invariants.
///
/// Built by Gaussian elimination over GF(2) in O(j · h) word operations for j jumps and h
/// holes; [`PositionClasses::class`] costs one popcount per basis set.
///
/// ```
/// use unhop::boards::{Board, PositionClasses};
/// let english = Board::named("english").unwrap();
/// let classes = PositionClasses::of(&english);
/// assert_eq!(classes.basis().len(), 4);
/// // The central game: start and one peg in the centre are in the same class.
/// let centre = 1u64 << english.hole_named("d4").unwrap();
/// assert_eq!(classes.class(english.default_start()), classes.class(centre));
/// ```
#[derive(Clone, Debug)]
pub struct PositionClasses {
    basis: Vec<Position>,
}

/// Why a goal cannot be reached by class: for each goal position, a set of holes that every
/// jump touches an even number of times and whose peg count has a different parity at the
/// start and at that goal position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassProof {
    /// (goal position, separating set of holes), one pair per goal position.
    pub separators: Vec<(Position, Position)>,
}

impl PositionClasses {
    /// The invariants of `board`.
    ///
    /// # Complexity
    /// Gaussian elimination over GF(2): O(j · h) word operations for j jumps and h holes, no
    /// allocation beyond the basis.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::{Board, PositionClasses};
    /// let english = Board::named("english").unwrap();
    /// assert_eq!(PositionClasses::of(&english).basis().len(), 4); // the 16 classes
    /// ```
    pub fn of(board: &Board) -> PositionClasses {
        let holes = board.holes();
        // Reduced row echelon form of the jump vectors.
        let mut rows: Vec<Position> = Vec::new();
        let mut pivots: Vec<usize> = Vec::new();
        for jump in board.jumps() {
            let mut row = jump.pegs_needed() | 1 << jump.to;
            for (r, &p) in rows.iter().zip(&pivots) {
                if row >> p & 1 == 1 {
                    row ^= r;
                }
            }
            if row == 0 {
                continue;
            }
            let pivot = row.trailing_zeros() as usize;
            for r in rows.iter_mut() {
                if *r >> pivot & 1 == 1 {
                    *r ^= row;
                }
            }
            rows.push(row);
            pivots.push(pivot);
        }
        let basis = (0..holes)
            .filter(|h| !pivots.contains(h))
            .map(|free| {
                let mut v: Position = 1 << free;
                for (r, &p) in rows.iter().zip(&pivots) {
                    if r >> free & 1 == 1 {
                        v |= 1 << p;
                    }
                }
                v
            })
            .collect();
        PositionClasses { basis }
    }

    /// The basis: each a set of holes that every jump touches an even number of times.
    pub fn basis(&self) -> &[Position] {
        &self.basis
    }

    /// The class of `position`: bit i is the parity of its pegs in basis set i.
    pub fn class(&self, position: Position) -> u64 {
        self.basis.iter().enumerate().fold(0, |class, (i, v)| {
            class | u64::from((position & v).count_ones() & 1) << i
        })
    }

    /// The holes a single last peg can be left in, by class, starting from `start`.
    ///
    /// # Complexity
    /// O(h · d) for h holes and d basis sets.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::{Board, PositionClasses};
    /// let english = Board::named("english").unwrap();
    /// let finishes = PositionClasses::of(&english).possible_finishes(&english, english.default_start());
    /// let names: Vec<&str> = finishes.iter().map(|&h| english.hole_name(h)).collect();
    /// assert_eq!(names, ["d1", "a4", "d4", "g4", "d7"]);
    /// ```
    pub fn possible_finishes(&self, board: &Board, start: Position) -> Vec<usize> {
        (0..board.holes())
            .filter(|&h| self.class(1 << h) == self.class(start))
            .collect()
    }

    /// A proof that `goal` cannot be reached from `start` by class, if there is one. For
    /// "one peg anywhere" it exists when no hole is in the start's class, with one separating
    /// set per hole.
    ///
    /// # Complexity
    /// O(h · d) for h holes and d basis sets.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::{Board, Goal, PositionClasses};
    /// let english = Board::named("english").unwrap();
    /// let classes = PositionClasses::of(&english);
    /// let corner = Goal::PegAt(english.hole_named("c1").unwrap());
    /// assert!(classes.rule_out(&english, english.default_start(), corner).is_some());
    /// assert!(classes.rule_out(&english, english.default_start(), english.default_goal()).is_none());
    /// ```
    pub fn rule_out(&self, board: &Board, start: Position, goal: Goal) -> Option<ClassProof> {
        let targets: Vec<Position> = match goal {
            Goal::PegAt(h) => vec![1 << h],
            Goal::Pattern(p) => vec![p],
            Goal::OnePeg => {
                if !self.possible_finishes(board, start).is_empty() {
                    return None;
                }
                (0..board.holes()).map(|h| 1 << h).collect()
            }
        };
        let separators = targets
            .into_iter()
            .map(|target| {
                let parity = |p: Position, v: Position| (p & v).count_ones() % 2;
                let v = self
                    .basis
                    .iter()
                    .find(|&&v| parity(start, v) != parity(target, v))?;
                Some((target, *v))
            })
            .collect::<Option<Vec<_>>>()?;
        Some(ClassProof { separators })
    }
}
