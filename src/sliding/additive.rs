//! Additive disjoint pattern databases, also looked up on the board reflected along its
//! main diagonal.
//!
//! The tiles are split into disjoint patterns; the sum of their [`PatternDb`] values is a lower
//! bound, since every slide moves a tile of one pattern only. When the goal's gap lies on the
//! main diagonal (the gap first or last), reflecting the board along that diagonal gives a
//! board equally far from the goal, on which the same databases give a second bound; the
//! heuristic is the larger of the two (Korf and Felner 2002).

use super::heuristic::Heuristic;
use super::pdb::{MAX_PATTERN, PatternDb};
use super::state::State;
use crate::error::Error;

/// The most patterns in one heuristic.
pub const MAX_PATTERNS: usize = 4;

/// A way of splitting the 15 tiles of the 15-puzzle into patterns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Split {
    /// Tiles {1,5,6,9,10,13}, {7,8,11,12,14,15}, {2,3,4} (gap last): three
    /// tables of 5,765,760 + 5,765,760 + 3,360 bytes, built in a few seconds.
    SixSixThree,
    /// Tiles {1,…,7} and {8,…,15} (gap last): 57,657,600 + 518,918,400 bytes, several
    /// times fewer nodes. Building them reaches 1.6 billion states (beyond the default work
    /// limit; the first builder took about 20 minutes of CPU) and allocates 2.8 GB at the
    /// peak.
    SevenEight,
}

impl Split {
    /// `"6-6-3"` or `"7-8"`.
    pub fn name(self) -> &'static str {
        match self {
            Split::SixSixThree => "6-6-3",
            Split::SevenEight => "7-8",
        }
    }

    /// The patterns as goal cells of a 4×4 board whose goal has the gap in cell `gap_goal`.
    /// They are defined for the gap in cell 15; a goal with the gap in another corner gets
    /// them turned by the symmetry of the square that takes cell 15 there, any other goal gets
    /// cell `gap_goal` and cell 15 exchanged.
    ///
    /// # Complexity
    /// O(cells).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::sliding::Split;
    /// assert_eq!(Split::SixSixThree.patterns(15)[2], [1, 2, 3]);
    /// // Korf's goal, gap first: the same split turned half a turn.
    /// assert_eq!(Split::SixSixThree.patterns(0)[2], [14, 13, 12]);
    /// ```
    pub fn patterns(self, gap_goal: u8) -> Vec<Vec<u8>> {
        let base: Vec<Vec<u8>> = match self {
            Split::SixSixThree => vec![
                vec![0, 4, 5, 8, 9, 12],
                vec![6, 7, 10, 11, 13, 14],
                vec![1, 2, 3],
            ],
            Split::SevenEight => vec![(0..7).collect(), (7..15).collect()],
        };
        let map = |c: u8| -> u8 {
            let (r, col) = (c / 4, c % 4);
            match gap_goal {
                15 => c,
                0 => 15 - c,
                3 => (3 - r) * 4 + col,
                12 => r * 4 + (3 - col),
                g if c == g => 15,
                g if c == 15 => g,
                _ => c,
            }
        };
        base.into_iter()
            .map(|p| p.into_iter().map(map).collect())
            .collect()
    }
}

/// The additive heuristic over disjoint pattern databases, with the diagonal reflection when
/// the goal allows it. O(k) per slide: one pattern is looked up again, and its reflection.
///
/// ```
/// use unhop::budget::Budget;
/// use unhop::sliding::{AdditivePdbs, Board, Heuristic, PatternDb, State};
/// // The 8-puzzle split into tiles {1,2,3,4} and {5,6,7,8} (goal cells 0–3 and 4–7).
/// let budget = Budget::default();
/// let dbs = vec![
///     PatternDb::build(3, 8, &[0, 1, 2, 3], &budget, &mut |_, _| {}).unwrap(),
///     PatternDb::build(3, 8, &[4, 5, 6, 7], &budget, &mut |_, _| {}).unwrap(),
/// ];
/// let h = AdditivePdbs::new(dbs).unwrap();
/// let board: Board = "8 6 7 2 5 4 3 0 1".parse().unwrap();
/// let (estimate, _) = h.evaluate(&State::new(&board, &Board::solved(3, false)));
/// assert!(estimate >= 21 && estimate <= 31); // at least Manhattan, at most the distance
/// ```
#[derive(Clone, Debug)]
pub struct AdditivePdbs {
    dbs: Vec<PatternDb>,
    /// The pattern of each label (`u8::MAX`: none).
    owner: [u8; 16],
    /// The cell each cell goes to under the diagonal reflection, if the goal allows it.
    mirror: Option<[u8; 16]>,
}

impl AdditivePdbs {
    /// The heuristic over `dbs`, which must share the board and the goal's gap and be
    /// disjoint; at most [`MAX_PATTERNS`] of them.
    ///
    /// # Complexity
    /// O(cells · databases).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, sliding::{AdditivePdbs, PatternDb}};
    /// let budget = Budget::default();
    /// let build = |cells: &[u8]| PatternDb::build(3, 8, cells, &budget, &mut |_, _| {}).unwrap();
    /// assert!(AdditivePdbs::new(vec![build(&[0, 1, 2, 3]), build(&[4, 5, 6, 7])]).is_ok());
    /// let overlapping = AdditivePdbs::new(vec![build(&[0, 1]), build(&[1, 2])]);
    /// assert!(overlapping.is_err());
    /// ```
    pub fn new(dbs: Vec<PatternDb>) -> Result<AdditivePdbs, Error> {
        let Some(first) = dbs.first() else {
            return Err(Error::new(
                "an additive heuristic needs at least one pattern",
            ));
        };
        let (width, gap) = (first.width(), first.gap_goal());
        if dbs.len() > MAX_PATTERNS {
            return Err(Error::new(format!("at most {MAX_PATTERNS} patterns")));
        }
        let mut owner = [u8::MAX; 16];
        for (j, db) in dbs.iter().enumerate() {
            if db.width() != width || db.gap_goal() != gap {
                return Err(Error::new("the patterns are for different boards or goals"));
            }
            for &c in db.cells() {
                if owner[c as usize] != u8::MAX {
                    return Err(Error::new(format!("cell {c} is in two patterns")));
                }
                owner[c as usize] = j as u8;
            }
        }
        let mut mirror = [0u8; 16];
        for (c, slot) in mirror.iter_mut().enumerate().take(width * width) {
            *slot = ((c % width) * width + c / width) as u8;
        }
        let symmetric = mirror[gap as usize] == gap;
        Ok(AdditivePdbs {
            dbs,
            owner,
            mirror: symmetric.then_some(mirror),
        })
    }

    /// Whether the reflected board is looked up too (the goal's gap on the main diagonal).
    pub fn reflects(&self) -> bool {
        self.mirror.is_some()
    }

    /// The databases.
    pub fn databases(&self) -> &[PatternDb] {
        &self.dbs
    }

    /// The value of pattern `j` on `state`, or on its reflection.
    #[inline]
    fn lookup(&self, state: &State, j: usize, reflected: bool) -> u8 {
        let db = &self.dbs[j];
        let cells = db.cells();
        let mut positions = [0u8; MAX_PATTERN];
        match (reflected, &self.mirror) {
            (true, Some(m)) => {
                for (p, &c) in positions.iter_mut().zip(cells) {
                    *p = m[state.pos[m[c as usize] as usize] as usize];
                }
            }
            _ => {
                for (p, &c) in positions.iter_mut().zip(cells) {
                    *p = state.pos[c as usize];
                }
            }
        }
        db.value(db.index(&positions[..cells.len()]))
    }

    fn total(&self, memo: &[u8; 2 * MAX_PATTERNS]) -> u32 {
        let m = self.dbs.len();
        let direct: u32 = memo[..m].iter().map(|&v| v as u32).sum();
        let reflected: u32 = memo[MAX_PATTERNS..MAX_PATTERNS + m]
            .iter()
            .map(|&v| v as u32)
            .sum();
        direct.max(reflected)
    }
}

impl Heuristic for AdditivePdbs {
    /// Each pattern's value, then each pattern's value on the reflected board.
    type Memo = [u8; 2 * MAX_PATTERNS];

    fn evaluate(&self, state: &State) -> (u32, Self::Memo) {
        let mut memo = [0u8; 2 * MAX_PATTERNS];
        for j in 0..self.dbs.len() {
            memo[j] = self.lookup(state, j, false);
            if self.mirror.is_some() {
                memo[MAX_PATTERNS + j] = self.lookup(state, j, true);
            }
        }
        (self.total(&memo), memo)
    }

    #[inline]
    fn update(
        &self,
        state: &State,
        mut memo: Self::Memo,
        label: u8,
        _: u8,
        _: u8,
    ) -> (u32, Self::Memo) {
        let j = self.owner[label as usize];
        if j != u8::MAX {
            memo[j as usize] = self.lookup(state, j as usize, false);
        }
        if let Some(m) = &self.mirror {
            let j = self.owner[m[label as usize] as usize];
            if j != u8::MAX {
                memo[MAX_PATTERNS + j as usize] = self.lookup(state, j as usize, true);
            }
        }
        (self.total(&memo), memo)
    }
}
