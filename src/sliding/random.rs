//! Random boards: uniformly among the solvable ones, or a random walk from the goal.

use super::Board;
use super::solvability::Parity;
use crate::budget::{Budget, Meter, WorkUnit};
use crate::error::Error;
use rand::seq::SliceRandom;
use rand::{Rng, RngExt};

/// The unit of [`shuffled_boards`]: the boards drawn, 20,000,000 unless the budget says
/// otherwise (a million 15-puzzles are drawn and printed in 2.6 s of CPU here).
pub const SHUFFLED_BOARDS: WorkUnit = WorkUnit {
    name: "boards",
    default_limit: 20_000_000,
};

/// A board drawn uniformly from those that can reach `goal`: a random arrangement, with two
/// tiles exchanged if it is of the wrong parity (which pairs the halves one to one). O(n²).
///
/// # Complexity
/// O(n²) for width n.
///
/// # Examples
///
/// ```
/// use rand::SeedableRng;
/// use unhop::sliding::{Board, random::shuffled, solvability};
/// let goal = Board::solved(4, false);
/// let mut rng = rand::rngs::StdRng::seed_from_u64(7);
/// let board = shuffled(&goal, &mut rng);
/// assert!(solvability(&board, &goal).unwrap().is_solvable());
/// ```
pub fn shuffled(goal: &Board, rng: &mut impl Rng) -> Board {
    let mut cells = goal.cells().to_vec();
    cells.shuffle(rng);
    let mut board = Board::from_cells(&cells).expect("a permutation of a board is a board");
    if !Parity::of(&board).agrees_with(&Parity::of(goal)) {
        let tiles: Vec<usize> = (0..cells.len()).filter(|&c| cells[c] != 0).collect();
        cells.swap(tiles[0], tiles[1]);
        board = Board::from_cells(&cells).expect("a permutation of a board is a board");
    }
    board
}

/// Boards drawn one after another by [`shuffled`], without end. O(n²) each.
///
/// # Complexity
/// O(n²) a board.
///
/// # Examples
///
/// ```
/// use rand::SeedableRng;
/// use unhop::sliding::{Board, random::shuffles, solvability};
/// let goal = Board::solved(3, false);
/// let mut rng = rand::rngs::StdRng::seed_from_u64(7);
/// assert!(shuffles(&goal, &mut rng).take(10).all(|b| solvability(&b, &goal).unwrap().is_solvable()));
/// ```
pub fn shuffles<'a, R: Rng>(goal: &'a Board, rng: &'a mut R) -> impl Iterator<Item = Board> + 'a {
    std::iter::repeat_with(move || shuffled(goal, rng))
}

/// `count` boards drawn by [`shuffled`], under `budget`: the count is admitted before the
/// first is drawn ([`SHUFFLED_BOARDS`]; a refusal names it and the limit), and each board is
/// charged as it is drawn. The boards come one at a time, so a large count takes no memory.
///
/// # Complexity
/// O(n²) time for each board, O(n²) memory.
///
/// # Examples
///
/// ```
/// use rand::SeedableRng;
/// use unhop::{budget::Budget, sliding::{Board, random::shuffled_boards}};
/// let goal = Board::solved(4, false);
/// let mut rng = rand::rngs::StdRng::seed_from_u64(7);
/// let boards = shuffled_boards(&goal, 3, &mut rng, &Budget::default()).unwrap();
/// assert_eq!(boards.collect::<Result<Vec<_>, _>>().unwrap().len(), 3);
/// let tight = Budget::default().with_max_work(2);
/// assert!(shuffled_boards(&goal, 3, &mut rng, &tight).is_err());
/// ```
pub fn shuffled_boards<'a, R: Rng>(
    goal: &'a Board,
    count: u64,
    rng: &'a mut R,
    budget: &Budget,
) -> Result<impl Iterator<Item = Result<Board, Error>> + 'a, Error> {
    let what = format!("drawing {count} random boards");
    let meter: Meter = budget.admit(what, SHUFFLED_BOARDS, count.into(), 0)?;
    Ok(shuffles(goal, rng).take(count as usize).map(move |board| {
        meter.charge(1)?;
        Ok(board)
    }))
}

/// The board after `steps` random slides from `goal`, never undoing the slide just made: at
/// most `steps` slides from the goal. O(steps · n²).
///
/// # Complexity
/// O(steps · n²).
///
/// # Examples
///
/// ```
/// use rand::SeedableRng;
/// use unhop::budget::Budget;
/// use unhop::sliding::{Board, random::random_walk, exhaustive::plain_ida_star};
/// let goal = Board::solved(3, false);
/// let mut rng = rand::rngs::StdRng::seed_from_u64(1);
/// let board = random_walk(&goal, 12, &mut rng);
/// assert!(plain_ida_star(&board, &goal, 12, &Budget::default()).unwrap().is_some());
/// ```
pub fn random_walk(goal: &Board, steps: usize, rng: &mut impl Rng) -> Board {
    let mut board = *goal;
    let mut last = 0;
    for _ in 0..steps {
        let options: Vec<u8> = board
            .movable_tiles()
            .into_iter()
            .filter(|&t| t != last)
            .collect();
        let tile = options[rng.random_range(0..options.len())];
        board.slide(tile).expect("a movable tile slides");
        last = tile;
    }
    board
}
