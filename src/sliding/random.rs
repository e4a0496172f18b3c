//! Random boards: uniformly among the solvable ones, or a random walk from the goal.

use super::Board;
use super::solvability::solvability;
use rand::seq::SliceRandom;
use rand::{Rng, RngExt};

/// A board drawn uniformly from those that can reach `goal`: a random arrangement, with two
/// tiles exchanged if it is of the wrong parity (which pairs the halves one to one). O(n²).
///
/// ```
/// use rand::SeedableRng;
/// use unhop::sliding::{Board, random::shuffled, solvability};
/// let goal = Board::solved(4, false);
/// let mut rng = rand::rngs::StdRng::seed_from_u64(7);
/// let board = shuffled(&goal, &mut rng);
/// assert!(solvability(&board, &goal).is_ok());
/// ```
pub fn shuffled(goal: &Board, rng: &mut impl Rng) -> Board {
    let mut cells = goal.cells().to_vec();
    cells.shuffle(rng);
    let mut board = Board::from_cells(&cells).expect("a permutation of a board is a board");
    if solvability(&board, goal).is_err() {
        let tiles: Vec<usize> = (0..cells.len()).filter(|&c| cells[c] != 0).collect();
        cells.swap(tiles[0], tiles[1]);
        board = Board::from_cells(&cells).expect("a permutation of a board is a board");
    }
    board
}

/// Boards drawn one after another by [`shuffled`], without end. O(n²) each.
///
/// ```
/// use rand::SeedableRng;
/// use unhop::sliding::{Board, random::shuffles, solvability};
/// let goal = Board::solved(3, false);
/// let mut rng = rand::rngs::StdRng::seed_from_u64(7);
/// assert!(shuffles(&goal, &mut rng).take(10).all(|b| solvability(&b, &goal).is_ok()));
/// ```
pub fn shuffles<'a, R: Rng>(goal: &'a Board, rng: &'a mut R) -> impl Iterator<Item = Board> + 'a {
    std::iter::repeat_with(move || shuffled(goal, rng))
}

/// The board after `steps` random slides from `goal`, never undoing the slide just made: at
/// most `steps` slides from the goal. O(steps · n²).
///
/// ```
/// use rand::SeedableRng;
/// use unhop::sliding::{Board, random::random_walk, exhaustive::plain_ida_star};
/// let goal = Board::solved(3, false);
/// let mut rng = rand::rngs::StdRng::seed_from_u64(1);
/// let board = random_walk(&goal, 12, &mut rng);
/// assert!(plain_ida_star(&board, &goal, 12).is_some());
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
