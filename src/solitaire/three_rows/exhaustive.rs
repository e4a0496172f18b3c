//! The slow twin: a plain depth-first search with a memo, on either board.
//!
//! A position is the set of its pegs' cells; every hop of every peg is tried. On the infinite
//! board a position is remembered up to a shift left or right. The search is exact on both
//! boards without any bound: every hop removes a peg, so a position of p pegs has at most
//! p − 1 hops ahead, and each hop widens the span of the pegs by at most one column.

use super::{Grid, Hop, MAX_INDEXED_COLUMNS};
use crate::budget::{Budget, Meter, WorkUnit};
use crate::error::Error;
use crate::error::Figures;
use crate::progress::Progress;
use crate::solitaire::{Board, Direction};
use rustc_hash::FxHashMap;
use std::collections::BTreeSet;

/// The unit of the plain search of three rows: a search step, that is one board asked about
/// or one hop tried on a position, about half a microsecond each. The default limit,
/// 60,000,000, is about 30 seconds: the search of every 3 × 6 board of the infinite board
/// takes 51,846,625 steps (25 s in a release build), that of 3 × 5 4,394,846 (1.4 s).
pub const SEARCH_STEPS: WorkUnit = WorkUnit {
    name: "search steps",
    default_limit: 60_000_000,
};

/// The most positions the plain search of three rows keeps unless the budget says otherwise
/// (`--max-positions`): 20,000,000, about 2 GB of positions of a dozen pegs (3 × 6 on the
/// infinite board holds 530 MB).
pub const SEARCH_POSITIONS: u64 = 20_000_000;

/// Pegs as (column, row) cells, in order.
type Pegs = BTreeSet<(i64, usize)>;

/// A depth-first search for one-peg finishes on grids of one width, keeping what it learns
/// across calls.
///
/// Under a budget: it charges a search step for every board asked about and every hop
/// tried ([`SEARCH_STEPS`]), keeps at most the budget's positions ([`SEARCH_POSITIONS`] by
/// default) and holds its memo against the memory limit; past any of them a question gives
/// up with the figures.
///
/// # Complexity
/// Exponential: every position reachable from the grids asked about is visited at most once,
/// each in O(p log p) per hop tried.
///
/// ```
/// use unhop::{budget::Budget, solitaire::Board};
/// use unhop::solitaire::three_rows::{Exhaustive, Grid, replay};
/// let budget = Budget::default();
/// let grid: Grid = "110/001/000".parse().unwrap();
/// let mut search = Exhaustive::new(Board::Finite, grid.len(), &budget);
/// let hops = search.solution(&grid).unwrap().unwrap();
/// assert_eq!(replay(&grid, Board::Finite, &hops).unwrap().grid.pegs(), 1);
/// // Two pegs far apart never meet.
/// let apart: Grid = "1001/0000/0000".parse().unwrap();
/// assert!(!Exhaustive::new(Board::Infinite, 4, &budget).one_peg(&apart).unwrap());
/// ```
pub struct Exhaustive {
    board: Board,
    width: i64,
    memo: FxHashMap<Vec<(i64, usize)>, bool>,
    meter: Meter,
    max_positions: u64,
}

/// The bytes a memo entry of `pegs` pegs takes at most: four times the entry with its
/// control byte (the table's growth), and its cells.
fn entry_bytes(pegs: usize) -> u64 {
    4 * (size_of::<(Vec<(i64, usize)>, bool)>() as u64 + 1)
        + (pegs * size_of::<(i64, usize)>()) as u64
}

impl Exhaustive {
    /// A search for grids of `width` columns on `board`, under `budget`.
    ///
    /// # Complexity
    ///
    /// O(1): the memo starts empty.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, solitaire::{Board, three_rows::Exhaustive}};
    /// let mut search = Exhaustive::new(Board::Finite, 3, &Budget::default());
    /// assert!(search.one_peg(&"110/000/000".parse().unwrap()).unwrap());
    /// ```
    pub fn new(board: Board, width: usize, budget: &Budget) -> Exhaustive {
        Exhaustive {
            board,
            width: width as i64,
            memo: FxHashMap::default(),
            meter: budget.meter("the plain search of three rows", SEARCH_STEPS),
            max_positions: budget.position_limit(SEARCH_POSITIONS),
        }
    }

    /// Whether `grid` (of the search's width) reduces to exactly one peg.
    ///
    /// # Complexity
    ///
    /// Time and memory proportional to the positions reachable from the grid that no earlier
    /// question met, each costing its hops (at most 8n).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, solitaire::{Board, three_rows::Exhaustive}};
    /// let mut search = Exhaustive::new(Board::Finite, 3, &Budget::default());
    /// assert!(!search.one_peg(&"101/000/000".parse().unwrap()).unwrap());
    /// ```
    pub fn one_peg(&mut self, grid: &Grid) -> Result<bool, Error> {
        self.meter.charge(1)?;
        let pegs = self.pegs_of(grid);
        self.solvable(&pegs)
    }

    /// A hop list that leaves one peg, if there is one.
    ///
    /// # Complexity
    ///
    /// As [`Exhaustive::one_peg`], then O(pegs × 8n) to read the hops off the memo.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, solitaire::{Board, three_rows::{Exhaustive, replay}}};
    /// let grid = "110/001/000".parse().unwrap();
    /// let mut search = Exhaustive::new(Board::Finite, 3, &Budget::default());
    /// let hops = search.solution(&grid).unwrap().unwrap();
    /// assert_eq!(replay(&grid, Board::Finite, &hops).unwrap().grid.pegs(), 1);
    /// ```
    pub fn solution(&mut self, grid: &Grid) -> Result<Option<Vec<Hop>>, Error> {
        let mut pegs = self.pegs_of(grid);
        if !self.solvable(&pegs)? {
            return Ok(None);
        }
        let mut hops = Vec::new();
        while pegs.len() > 1 {
            let mut found = None;
            for (hop, next) in self.moves(&pegs)? {
                if self.solvable(&next)? {
                    found = Some((hop, next));
                    break;
                }
            }
            let (hop, next) = found.ok_or_else(|| {
                Error::internal("a solvable position of two or more pegs has no solvable successor")
            })?;
            hops.push(hop);
            pegs = next;
        }
        Ok(Some(hops))
    }

    fn pegs_of(&self, grid: &Grid) -> Pegs {
        assert_eq!(grid.len() as i64, self.width, "the grid's width");
        let mut pegs = Pegs::new();
        for column in 0..grid.len() {
            for row in 0..3 {
                if grid.peg(row, column) {
                    pegs.insert((column as i64, row));
                }
            }
        }
        pegs
    }

    /// The memo's key: the cells, shifted to start at column 0 on the infinite board.
    fn key(&self, pegs: &Pegs) -> Vec<(i64, usize)> {
        let shift = match (self.board, pegs.first()) {
            (Board::Infinite, Some(&(c, _))) => c,
            _ => 0,
        };
        pegs.iter().map(|&(c, r)| (c - shift, r)).collect()
    }

    /// Every legal hop and the position it leaves, after charging the hops tried (two or
    /// three a peg).
    fn moves(&self, pegs: &Pegs) -> Result<Vec<(Hop, Pegs)>, Error> {
        self.meter.charge(3 * pegs.len() as u64)?;
        let mut moves = Vec::new();
        for &(column, row) in pegs {
            let mut candidates = vec![
                Hop::Row {
                    row,
                    from: column,
                    direction: Direction::Right,
                },
                Hop::Row {
                    row,
                    from: column,
                    direction: Direction::Left,
                },
            ];
            if row == 0 {
                candidates.push(Hop::Column {
                    column,
                    direction: Direction::Right,
                });
            }
            if row == 2 {
                candidates.push(Hop::Column {
                    column,
                    direction: Direction::Left,
                });
            }
            for hop in candidates {
                let [from, over, to] = hop.cells().map(|(r, c)| (c, r));
                let on_board = self.board == Board::Infinite || (0..self.width).contains(&to.0);
                if on_board && pegs.contains(&over) && !pegs.contains(&to) {
                    let mut next = pegs.clone();
                    next.remove(&from);
                    next.remove(&over);
                    next.insert(to);
                    moves.push((hop, next));
                }
            }
        }
        Ok(moves)
    }

    /// Whether `pegs` reduce to one peg: a plain recursion, one level a hop (at most one a
    /// peg, so no deeper than the pegs).
    fn solvable(&mut self, pegs: &Pegs) -> Result<bool, Error> {
        match pegs.len() {
            0 => return Ok(false),
            1 => return Ok(true),
            _ => {}
        }
        let key = self.key(pegs);
        if let Some(&known) = self.memo.get(&key) {
            return Ok(known);
        }
        if self.memo.len() as u64 >= self.max_positions {
            return Err(Error::out_of_budget(
                "the plain search of three rows",
                Figures::new(
                    u128::from(self.max_positions) + 1,
                    self.max_positions.into(),
                    "positions",
                ),
            )
            .with_note("raise --max-positions or ask about fewer columns"));
        }
        let mut answer = false;
        for (_, next) in self.moves(pegs)? {
            if self.solvable(&next)? {
                answer = true;
                break;
            }
        }
        self.meter.hold(entry_bytes(key.len()))?;
        self.memo.insert(key, answer);
        Ok(answer)
    }
}

/// The number of grids of `n` columns that reduce to one peg on `board`, by [`Exhaustive`]
/// under `budget`: refused when the 8^n boards it asks about are more than its limit of
/// search steps (each board is one step at least) or n is above
/// [`MAX_INDEXED_COLUMNS`].
///
/// # Complexity
/// Exponential in n: 8^n grids and every position reachable from them.
///
/// # Examples
///
/// ```
/// use unhop::{budget::Budget, solitaire::Board};
/// use unhop::solitaire::three_rows::exhaustive_count;
/// // One column: a single peg (3 grids) or a vertical hop's start (2 grids).
/// assert_eq!(exhaustive_count(1, Board::Finite, &Budget::default()).unwrap(), 5);
/// ```
pub fn exhaustive_count(n: usize, board: Board, budget: &Budget) -> Result<u64, Error> {
    search_count(n, board, budget, &crate::progress::Quiet)
}

/// [`exhaustive_count`] with progress, in boards asked weighted by their pegs (a board of
/// more pegs reaches more positions).
///
/// # Complexity
/// As [`exhaustive_count`]: 8^n boards and every position reachable from them.
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget, solitaire::Board};
/// use unhop::solitaire::three_rows::{exhaustive_count, search_count};
/// let budget = Budget::default();
/// assert_eq!(search_count(3, Board::Infinite, &budget, &Quiet).unwrap(),
///            exhaustive_count(3, Board::Infinite, &budget).unwrap());
/// let err = search_count(12, Board::Infinite, &budget, &Quiet).unwrap_err();
/// assert_eq!(err.figures().unwrap().estimate, 1 << 36);
/// ```
pub fn search_count(
    n: usize,
    board: Board,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<u64, Error> {
    let limit = budget.work_limit(SEARCH_STEPS);
    let boards = 1u128 << (3 * n.min(MAX_INDEXED_COLUMNS + 1));
    if n > MAX_INDEXED_COLUMNS || boards > u128::from(limit) {
        return Err(Error::refused(
            format!("the plain search of every 3 × {n} board on the {board} board"),
            Figures::new(boards, limit.into(), SEARCH_STEPS.name),
        )
        .with_note(format!(
            "it asks about all 8^{n} boards, a step each at least, and every position they \
             reach; raise --max-work for more"
        )));
    }
    let boards = boards as u64;
    let mut search = Exhaustive::new(board, n, budget);
    // A board of p pegs weighs p + 1: the positions it reaches grow with its pegs.
    progress.start(
        &format!("searching every 3 × {n} board ({board} board)"),
        Some(boards * (3 * n as u64 + 2) / 2),
    );
    let mut count = 0;
    for index in 0..boards {
        if search.one_peg(&Grid::from_index(n, index))? {
            count += 1;
        }
        progress.advance(u64::from(index.count_ones()) + 1);
    }
    Ok(count)
}
