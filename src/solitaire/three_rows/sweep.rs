//! The fast exhaustive engine: one bit per grid of n columns, filled by a backward sweep from
//! the one-peg grids, level by level in the number of pegs.

use super::{Grid, Hop};
use crate::budget::{Budget, Estimate, WorkUnit};
use crate::error::Error;
use crate::error::Figures;
use crate::progress::Progress;
use crate::solitaire::Board;

/// The most columns the sweep accepts (3 × 20 = 60 bits of index); memory refuses far sooner.
pub const MAX_SWEEP_COLUMNS: usize = 20;

/// The unit of the bitmap engines of three rows (the sweep, the relation, reading saved
/// bitmaps, the class tables): a bitmap step, that is one 64-bit word of a bitmap scanned,
/// read, copied or hashed, one hop tried on one grid, or one word checked, about a
/// nanosecond each. The default limit, 20,000,000,000, is about 20 seconds: the sweep of
/// 3 × 9 (an estimate of 8.1·10^9, 3 s) is admitted, that of 3 × 10 (7.3·10^10 at most,
/// 24 s) needs `--max-work`.
pub const BITMAP_STEPS: WorkUnit = WorkUnit {
    name: "bitmap steps",
    default_limit: 20_000_000_000,
};

/// The grids of n columns that reduce to one peg on the finite board, one bit per grid
/// (bit [`Grid::index`] of the bitmap).
///
/// A grid of p ≥ 2 pegs reduces to one peg exactly when one of its hops leaves a grid of
/// p − 1 pegs that does; so the set is the closure of the 3n one-peg grids under reverse hops
/// (a peg and two holes `x y z = 0 0 1` become `1 1 0`), and every reverse hop adds one peg.
/// [`OnePegSet::compute`] fills it level by level: the grids of p pegs found are read off the
/// bitmap (a 64-bit word holds grids whose indices share all but their 6 lowest bits, so the
/// ones with p pegs are the word masked by a constant) and their reverse hops set the bits of
/// level p + 1.
///
/// # Complexity
/// Memory 2^(3n) bits (n = 10: 128 MiB, n = 11: 1 GiB, n = 12: 8 GiB). Time
/// O(3n · 2^(3n)/64 + |S| · 8n) for |S| members.
///
/// ```
/// use unhop::{Quiet, budget::Budget};
/// use unhop::solitaire::Board;
/// use unhop::solitaire::three_rows::{Grid, OnePegSet, exhaustive_count, replay};
/// let budget = Budget::default();
/// let set = OnePegSet::compute(3, &budget, &Quiet).unwrap();
/// assert_eq!(set.count(), exhaustive_count(3, Board::Finite, &budget).unwrap());
/// let grid: Grid = "110/001/000".parse().unwrap();
/// let hops = set.solution(&grid).unwrap();
/// assert_eq!(replay(&grid, Board::Finite, &hops).unwrap().grid.pegs(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OnePegSet {
    n: usize,
    words: Vec<u64>,
}

/// A hop as bit masks over a grid's index: `cells` its three cells, `landing` its landing cell.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HopMask {
    pub(crate) cells: u64,
    pub(crate) landing: u64,
    pub(crate) hop: Hop,
}

/// The bit of cell (row, column) in a grid of `n` columns.
pub(crate) fn cell_bit(n: usize, row: usize, column: i64) -> u64 {
    1u64 << (3 * (n - 1 - column as usize) + 2 - row)
}

/// Every hop inside `n` columns as masks.
pub(crate) fn hop_masks(n: usize) -> Vec<HopMask> {
    Hop::all_within(n)
        .into_iter()
        .map(|hop| {
            let [a, b, c] = hop.cells().map(|(row, column)| cell_bit(n, row, column));
            HopMask {
                cells: a | b | c,
                landing: c,
                hop,
            }
        })
        .collect()
}

/// The 64-bit masks of the positions 0..64 whose own number has j bits set, j = 0..=6.
const fn low_masks() -> [u64; 7] {
    let mut masks = [0u64; 7];
    let mut t = 0;
    while t < 64 {
        masks[(t as u64).count_ones() as usize] |= 1 << t;
        t += 1;
    }
    masks
}

const LOW_MASKS: [u64; 7] = low_masks();

impl OnePegSet {
    /// The memory the set of `n` columns takes, in bytes: 2^(3n) bits, at least one word.
    pub fn bytes(n: usize) -> u64 {
        8 * Self::word_count(n) as u64
    }

    fn word_count(n: usize) -> usize {
        (1usize << (3 * n)).div_ceil(64)
    }

    /// What computing the set of `n` columns costs at most, in [`BITMAP_STEPS`]: every 64-grid
    /// word scanned once a level (3n − 1 levels), and every hop tried on every grid (a grid is
    /// a member at one level at most); in bytes: the bitmap and the hops' masks.
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::solitaire::three_rows::OnePegSet;
    /// let cost = OnePegSet::estimate(11);
    /// assert!(cost.bytes >= 1 << 30 && cost.bytes < (1 << 30) + 4096);
    /// assert!(unhop::budget::Budget::default().admit_estimate(&cost).is_err());
    /// ```
    pub fn estimate(n: usize) -> Estimate {
        let grids = 1u128 << (3 * n.min(MAX_SWEEP_COLUMNS));
        let words = grids.div_ceil(64);
        let hops = Hop::all_within(n.min(MAX_SWEEP_COLUMNS)).len() as u128;
        Estimate {
            what: format!("the one-peg bitmap of the 3 × {n} grids"),
            unit: BITMAP_STEPS,
            work: (3 * n as u128).saturating_sub(1) * words + grids * hops,
            bytes: 8 * words + hops * size_of::<HopMask>() as u128,
        }
    }

    /// Computes the set for `n` columns under `budget`, admitted with [`OnePegSet::estimate`]
    /// (refused with the estimate and the limit when its work or its memory is over the
    /// budget) or for n above [`MAX_SWEEP_COLUMNS`]. Reports progress in 64-grid words
    /// scanned.
    ///
    /// # Complexity
    ///
    /// O(3n · 2^(3n)/64 + |S| · 8n) time for |S| members, 2^(3n) bits of memory.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Quiet, budget::Budget, solitaire::three_rows::OnePegSet};
    /// let set = OnePegSet::compute(3, &Budget::default(), &Quiet).unwrap();
    /// assert!(set.contains(&"110/000/000".parse().unwrap()));
    /// ```
    pub fn compute(n: usize, budget: &Budget, progress: &dyn Progress) -> Result<OnePegSet, Error> {
        if n > MAX_SWEEP_COLUMNS {
            return Err(Error::refused_with(
                Figures::new(n as u128, MAX_SWEEP_COLUMNS as u128, "columns"),
                format!(
                    "the one-peg grids of 3 × {n} need 2^{} bits; the sweep goes to {MAX_SWEEP_COLUMNS} \
                 columns",
                    3 * n
                ),
            ));
        }
        let estimate = OnePegSet::estimate(n);
        let meter = budget.admit_estimate(&estimate)?;
        let mut words = meter.vec(Self::word_count(n), 0u64)?;
        let hops = hop_masks(n);
        let set =
            |words: &mut Vec<u64>, index: u64| words[(index >> 6) as usize] |= 1 << (index & 63);
        for bit in 0..3 * n {
            set(&mut words, 1u64 << bit);
        }
        let levels = (3 * n).saturating_sub(1);
        progress.start(&estimate.what, Some(levels as u64 * words.len() as u64));
        for pegs in 1..3 * n as u32 {
            let mut tried = 0u64;
            for w in 0..words.len() {
                let high = (w as u64).count_ones();
                if high > pegs || pegs - high > 6 {
                    continue;
                }
                let mut bits = words[w] & LOW_MASKS[(pegs - high) as usize];
                while bits != 0 {
                    let grid = ((w as u64) << 6) | u64::from(bits.trailing_zeros());
                    bits &= bits - 1;
                    tried += hops.len() as u64;
                    for hop in &hops {
                        if grid & hop.cells == hop.landing {
                            set(&mut words, grid ^ hop.cells);
                        }
                    }
                }
                if w & 0xffff == 0xffff {
                    progress.advance(0x10000);
                }
            }
            meter.charge(words.len() as u64 + tried)?;
            progress.advance((words.len() & 0xffff) as u64);
        }
        Ok(OnePegSet { n, words })
    }

    /// A set from its bitmap words (as [`OnePegSet::words`] gives them); an error when the
    /// number of words is wrong, a bit beyond the 2^(3n) grids is set, or a level is not closed
    /// is not checked here (see [`OnePegSet::check_closed`]).
    ///
    /// # Complexity
    ///
    /// O(2^(3n)/64) to check the words, none copied.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Quiet, budget::Budget, solitaire::three_rows::OnePegSet};
    /// let set = OnePegSet::compute(3, &Budget::default(), &Quiet).unwrap();
    /// let copy = OnePegSet::from_words(3, set.words().to_vec()).unwrap();
    /// assert_eq!(copy, set);
    /// assert!(OnePegSet::from_words(3, vec![0]).is_err());
    /// ```
    pub fn from_words(n: usize, words: Vec<u64>) -> Result<OnePegSet, Error> {
        if n > MAX_SWEEP_COLUMNS || words.len() != Self::word_count(n) {
            return Err(Error::new(format!(
                "a one-peg bitmap of {n} columns has {} words, not {}",
                Self::word_count(n.min(MAX_SWEEP_COLUMNS)),
                words.len()
            )));
        }
        if 3 * n < 6 && words[0] >> (1u64 << (3 * n)) != 0 {
            return Err(Error::new(format!(
                "a one-peg bitmap of {n} columns has a bit set beyond its grids"
            )));
        }
        Ok(OnePegSet { n, words })
    }

    /// The number of columns.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The bitmap: bit i of word j is grid 64·j + i.
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// The bitmap, given up.
    pub(crate) fn into_words(self) -> Vec<u64> {
        self.words
    }

    /// Whether the grid numbered `index` reduces to one peg.
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Quiet, budget::Budget, solitaire::three_rows::OnePegSet};
    /// let set = OnePegSet::compute(3, &Budget::default(), &Quiet).unwrap();
    /// let grid: unhop::solitaire::three_rows::Grid = "110/000/000".parse().unwrap();
    /// assert!(set.contains_index(grid.index()));
    /// ```
    pub fn contains_index(&self, index: u64) -> bool {
        self.words[(index >> 6) as usize] >> (index & 63) & 1 == 1
    }

    /// Whether `grid` (of n columns) reduces to one peg on the finite board.
    ///
    /// # Complexity
    ///
    /// O(n) for the grid's index.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Quiet, budget::Budget, solitaire::three_rows::OnePegSet};
    /// let set = OnePegSet::compute(3, &Budget::default(), &Quiet).unwrap();
    /// assert!(!set.contains(&"101/000/000".parse().unwrap()));
    /// ```
    pub fn contains(&self, grid: &Grid) -> bool {
        assert_eq!(grid.len(), self.n, "the grid's width");
        self.contains_index(grid.index())
    }

    /// The number of grids that reduce to one peg.
    ///
    /// # Complexity
    ///
    /// O(2^(3n)/64) population counts.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Quiet, budget::Budget, solitaire::three_rows::OnePegSet};
    /// let set = OnePegSet::compute(3, &Budget::default(), &Quiet).unwrap();
    /// assert_eq!(set.count(), set.words().iter().map(|w| u64::from(w.count_ones())).sum::<u64>());
    /// ```
    pub fn count(&self) -> u64 {
        self.words.iter().map(|w| u64::from(w.count_ones())).sum()
    }

    /// A hop list leaving one peg, read off the set: from a member, a hop to a member with one
    /// peg less.
    ///
    /// # Complexity
    ///
    /// O(p · 8n).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Quiet, budget::Budget, solitaire::three_rows::OnePegSet};
    /// let set = OnePegSet::compute(3, &Budget::default(), &Quiet).unwrap();
    /// assert!(set.solution(&"111/000/000".parse().unwrap()).is_none());
    /// ```
    pub fn solution(&self, grid: &Grid) -> Option<Vec<Hop>> {
        if !self.contains(grid) {
            return None;
        }
        let masks = hop_masks(self.n);
        let mut index = grid.index();
        let mut hops = Vec::new();
        while index.count_ones() > 1 {
            let mask = masks
                .iter()
                .find(|m| {
                    index & m.cells == m.cells ^ m.landing && self.contains_index(index ^ m.cells)
                })
                .expect("a member of two or more pegs has a hop to a member");
            hops.push(mask.hop);
            index ^= mask.cells;
        }
        Some(hops)
    }

    /// Checks the set is what the sweep makes: it holds exactly the one-peg grids among the
    /// grids of at most one peg, and a grid of two or more pegs is in it exactly when one of
    /// its hops leads into it. Returns the first grid that breaks this.
    ///
    /// # Complexity
    ///
    /// O(2^(3n) · 8n).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Quiet, budget::Budget, solitaire::three_rows::OnePegSet};
    /// let set = OnePegSet::compute(3, &Budget::default(), &Quiet).unwrap();
    /// assert_eq!(set.check_closed(), None);
    /// ```
    pub fn check_closed(&self) -> Option<Grid> {
        let masks = hop_masks(self.n);
        (0..1u64 << (3 * self.n))
            .find(|&index| {
                let expected = match index.count_ones() {
                    0 => false,
                    1 => true,
                    _ => masks.iter().any(|m| {
                        index & m.cells == m.cells ^ m.landing
                            && self.contains_index(index ^ m.cells)
                    }),
                };
                expected != self.contains_index(index)
            })
            .map(|index| Grid::from_index(self.n, index))
    }
}

/// The finite board only: the sweep has no bound on how far pegs spread on the infinite one.
pub(crate) fn finite_only(board: Board) -> Result<(), Error> {
    match board {
        Board::Finite => Ok(()),
        Board::Infinite => Err(Error::new(
            "the bitmap sweep counts the finite board only: no sound bound on how far \
             solutions spread on the infinite board is known to it; use the exhaustive search",
        )),
    }
}

/// The number of grids of `n` columns that reduce to one peg on `board`, by the sweep
/// ([`OnePegSet`], finite board) or the plain search ([`super::search_count`]), under
/// `budget`.
///
/// # Complexity
/// Fast: as [`OnePegSet::compute`]; exhaustive: exponential.
///
/// # Examples
///
/// ```
/// use unhop::{Method, Quiet, budget::Budget};
/// use unhop::solitaire::Board;
/// use unhop::solitaire::three_rows::count_with;
/// let budget = Budget::default();
/// let fast = count_with(4, Board::Finite, Method::Fast, &budget, &Quiet).unwrap();
/// assert_eq!(fast, count_with(4, Board::Finite, Method::Exhaustive, &budget, &Quiet).unwrap());
/// assert!(count_with(4, Board::Infinite, Method::Fast, &budget, &Quiet).is_err());
/// ```
pub fn count_with(
    n: usize,
    board: Board,
    method: crate::Method,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<u64, Error> {
    match method {
        crate::Method::Fast => {
            finite_only(board)?;
            Ok(OnePegSet::compute(n, budget, progress)?.count())
        }
        crate::Method::Exhaustive => super::search_count(n, board, budget, progress),
    }
}
