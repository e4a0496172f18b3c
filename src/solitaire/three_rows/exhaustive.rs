//! The slow twin: a plain depth-first search with a memo, on either board.
//!
//! A position is the set of its pegs' cells; every hop of every peg is tried. On the infinite
//! board a position is remembered up to a shift left or right. The search is exact on both
//! boards without any bound: every hop removes a peg, so a position of p pegs has at most
//! p − 1 hops ahead, and each hop widens the span of the pegs by at most one column.

use super::{Grid, Hop};
use crate::error::Error;
use crate::error::Figures;
use crate::progress::Progress;
use crate::solitaire::{Board, Direction};
use rustc_hash::FxHashMap;
use std::collections::BTreeSet;

/// Pegs as (column, row) cells, in order.
type Pegs = BTreeSet<(i64, usize)>;

/// A depth-first search for one-peg finishes on grids of one width, keeping what it learns
/// across calls.
///
/// # Complexity
/// Exponential: every position reachable from the grids asked about is visited at most once,
/// each in O(p log p) per hop tried.
///
/// ```
/// use unhop::solitaire::Board;
/// use unhop::solitaire::three_rows::{Exhaustive, Grid, replay};
/// let grid: Grid = "110/001/000".parse().unwrap();
/// let mut search = Exhaustive::new(Board::Finite, grid.len());
/// let hops = search.solution(&grid).unwrap();
/// assert_eq!(replay(&grid, Board::Finite, &hops).unwrap().grid.pegs(), 1);
/// // Two pegs far apart never meet.
/// let apart: Grid = "1001/0000/0000".parse().unwrap();
/// assert!(!Exhaustive::new(Board::Infinite, 4).one_peg(&apart));
/// ```
pub struct Exhaustive {
    board: Board,
    width: i64,
    memo: FxHashMap<Vec<(i64, usize)>, bool>,
}

impl Exhaustive {
    /// A search for grids of `width` columns on `board`.
    pub fn new(board: Board, width: usize) -> Exhaustive {
        Exhaustive {
            board,
            width: width as i64,
            memo: FxHashMap::default(),
        }
    }

    /// Whether `grid` (of the search's width) reduces to exactly one peg.
    pub fn one_peg(&mut self, grid: &Grid) -> bool {
        let pegs = self.pegs_of(grid);
        self.solvable(&pegs)
    }

    /// A hop list that leaves one peg, if there is one.
    pub fn solution(&mut self, grid: &Grid) -> Option<Vec<Hop>> {
        let mut pegs = self.pegs_of(grid);
        if !self.solvable(&pegs) {
            return None;
        }
        let mut hops = Vec::new();
        while pegs.len() > 1 {
            let (hop, next) = self
                .moves(&pegs)
                .into_iter()
                .find(|(_, next)| self.solvable(next))
                .expect("a solvable position of two or more pegs has a solvable successor");
            hops.push(hop);
            pegs = next;
        }
        Some(hops)
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

    /// Every legal hop and the position it leaves.
    fn moves(&self, pegs: &Pegs) -> Vec<(Hop, Pegs)> {
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
        moves
    }

    fn solvable(&mut self, pegs: &Pegs) -> bool {
        match pegs.len() {
            0 => return false,
            1 => return true,
            _ => {}
        }
        let key = self.key(pegs);
        if let Some(&known) = self.memo.get(&key) {
            return known;
        }
        let answer = self
            .moves(pegs)
            .into_iter()
            .any(|(_, next)| self.solvable(&next));
        self.memo.insert(key, answer);
        answer
    }
}

/// The number of grids of `n` columns that reduce to one peg on `board`, by [`Exhaustive`].
///
/// # Complexity
/// Exponential in n: 8^n grids and every position reachable from them.
///
/// ```
/// use unhop::solitaire::Board;
/// use unhop::solitaire::three_rows::exhaustive_count;
/// // One column: a single peg (3 grids) or a vertical hop's start (2 grids).
/// assert_eq!(exhaustive_count(1, Board::Finite), 5);
/// ```
pub fn exhaustive_count(n: usize, board: Board) -> u64 {
    let mut search = Exhaustive::new(board, n);
    (0..1u64 << (3 * n))
        .filter(|&index| search.one_peg(&Grid::from_index(n, index)))
        .count() as u64
}

/// The most columns [`search_count`] takes on the finite board.
pub const MAX_SEARCH_COLUMNS_FINITE: usize = 7;

/// The most columns [`search_count`] takes on the infinite board: every column multiplies its
/// work by about 12 (3 × 5: about 5 s in a release build).
pub const MAX_SEARCH_COLUMNS_INFINITE: usize = 6;

/// [`exhaustive_count`] with a refusal and progress: refused beyond
/// [`MAX_SEARCH_COLUMNS_FINITE`] or [`MAX_SEARCH_COLUMNS_INFINITE`] columns (the message
/// names the boards to search and the limit); reports progress in boards asked, weighted by
/// their pegs (a board of more pegs reaches more positions).
///
/// # Complexity
/// As [`exhaustive_count`]: 8^n boards and every position reachable from them.
///
/// ```
/// use unhop::{Quiet, solitaire::Board};
/// use unhop::solitaire::three_rows::{exhaustive_count, search_count};
/// assert_eq!(search_count(3, Board::Infinite, &Quiet).unwrap(), exhaustive_count(3, Board::Infinite));
/// assert!(search_count(40, Board::Infinite, &Quiet).is_err());
/// ```
pub fn search_count(n: usize, board: Board, progress: &dyn Progress) -> Result<u64, Error> {
    let limit = match board {
        Board::Finite => MAX_SEARCH_COLUMNS_FINITE,
        Board::Infinite => MAX_SEARCH_COLUMNS_INFINITE,
    };
    if n > limit {
        return Err(Error::refused_with(
            Figures::new(n as u128, limit as u128, "columns"),
            format!(
                "the plain search on the {board} board asks about all 8^{n} boards of 3 × {n} and \
             every position they reach (each column multiplies the work by about 12); the \
             limit is 3 × {limit}"
            ),
        ));
    }
    let mut search = Exhaustive::new(board, n);
    let boards = 1u64 << (3 * n);
    // A board of p pegs weighs p + 1: the positions it reaches grow with its pegs.
    progress.start(
        &format!("searching every 3 × {n} board ({board} board)"),
        Some(boards * (3 * n as u64 + 2) / 2),
    );
    let mut count = 0;
    for index in 0..boards {
        if search.one_peg(&Grid::from_index(n, index)) {
            count += 1;
        }
        progress.advance(u64::from(index.count_ones()) + 1);
    }
    Ok(count)
}
