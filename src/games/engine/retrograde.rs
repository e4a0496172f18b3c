//! Win/loss labelling of a game graph by retrograde analysis, for games whose end positions
//! are labelled by their own rules (misère play, "odd wins") and whose state may carry more
//! than the stones on the table (the last move taken).
//!
//! The three rules of the seed text: a position is a **win** for the player to move if some
//! move leads to a loss; a **loss** if every move leads to a win; an end position (no move)
//! is labelled by the rules of the game. [`Retrograde::solve`] applies them backwards from
//! the end positions over the whole graph reachable from a start; [`exhaustive_outcome`] applies
//! them forwards by plain recursion, its obviously correct twin.

use super::solver::ImpartialGame;
use crate::budget::{Estimate, WorkUnit};
use crate::error::Error;
use rustc_hash::FxHashMap;
use std::hash::Hash;

/// The most moves the command-line tool lets a retrograde analysis list (each move takes
/// about 64 bytes and 0.1 µs): a game graph with more is refused before it is built.
pub const MAX_RETROGRADE_MOVES: usize = 30_000_000;

/// The unit of a retrograde analysis's work: the moves it lists, at most
/// [`MAX_RETROGRADE_MOVES`] unless the budget says otherwise.
pub const RETROGRADE_MOVES: WorkUnit = WorkUnit {
    name: "moves",
    default_limit: MAX_RETROGRADE_MOVES as u64,
};

/// Who wins a position with perfect play, seen from the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player to move wins.
    Win,
    /// The player to move loses.
    Loss,
}

impl Outcome {
    /// `"win"` or `"loss"`.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Loss => "loss",
        }
    }
}

/// A two-player game with perfect information in which both players have the same moves:
/// the moves from a position and the label of each end position.
pub trait Rules {
    /// A position, including whatever the rules need to remember.
    type Position: Clone + Eq + Hash;
    /// A move, as reported to users.
    type Move: Clone;

    /// Every legal move from `position` with the position it leads to.
    fn moves(&self, position: &Self::Position) -> Vec<(Self::Move, Self::Position)>;

    /// The outcome for the player to move at a position with no legal move.
    fn end_outcome(&self, position: &Self::Position) -> Outcome;
}

/// Who wins when no move is left: normal play (the player who cannot move loses, so the
/// player who makes the last move wins) or misère play (the player who makes the last move
/// loses).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Convention {
    /// The player who cannot move loses.
    Normal,
    /// The player who cannot move wins.
    Misere,
}

impl Convention {
    /// `"normal"` or `"misère"`.
    pub fn name(self) -> &'static str {
        match self {
            Convention::Normal => "normal",
            Convention::Misere => "misère",
        }
    }

    /// `"normal"` or `"misere"`: the name in JSON output, spelt as on the command line
    /// (`--misere`, `--rule misere`).
    pub fn keyword(self) -> &'static str {
        match self {
            Convention::Normal => "normal",
            Convention::Misere => "misere",
        }
    }
}

/// An impartial game played under a [`Convention`]: the [`Rules`] that the retrograde
/// analysis labels.
///
/// ```
/// use unhop::games::{Convention, Outcome, Played, Retrograde, Subtraction};
/// // One heap of 5, take 1 to 3, the player who takes the last stone loses.
/// let game = Played::new(Subtraction::parse("1..3").unwrap(), Convention::Misere);
/// let solved = Retrograde::solve(&game, &vec![5], 1000).unwrap();
/// assert_eq!(solved.outcome(&vec![5]), Some(Outcome::Loss));
/// ```
#[derive(Clone, Debug)]
pub struct Played<G> {
    game: G,
    convention: Convention,
}

impl<G> Played<G> {
    /// `game` under `convention`.
    pub fn new(game: G, convention: Convention) -> Played<G> {
        Played { game, convention }
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }
}

impl<G: ImpartialGame> Rules for Played<G>
where
    G::Move: Clone,
{
    type Position = G::Position;
    type Move = G::Move;

    fn moves(&self, position: &G::Position) -> Vec<(G::Move, G::Position)> {
        self.game.moves(position)
    }

    fn end_outcome(&self, _: &G::Position) -> Outcome {
        match self.convention {
            Convention::Normal => Outcome::Loss,
            Convention::Misere => Outcome::Win,
        }
    }
}

/// Every position reachable from a start, its moves, and its label.
///
/// Solving stores each reachable position once with the indices of its options and of its
/// predecessors: O(V + E) time and memory for V positions and E moves. Positions that the
/// three rules cannot label (only possible when the graph has cycles) are draws and have no
/// outcome.
pub struct Retrograde<R: Rules> {
    positions: Vec<R::Position>,
    index: FxHashMap<R::Position, usize>,
    moves: Vec<Vec<(R::Move, usize)>>,
    outcomes: Vec<Option<Outcome>>,
}

impl<R: Rules> Retrograde<R> {
    /// Labels every position reachable from `start`. Errors when more than `limit` positions
    /// are reachable, before doing the work.
    pub fn solve(rules: &R, start: &R::Position, limit: usize) -> Result<Retrograde<R>, Error> {
        Retrograde::solve_all(rules, std::slice::from_ref(start), limit)
    }

    /// Labels every position reachable from any of `starts` (listed first, in order).
    pub fn solve_all(
        rules: &R,
        starts: &[R::Position],
        limit: usize,
    ) -> Result<Retrograde<R>, Error> {
        Retrograde::solve_within(rules, starts, limit, usize::MAX)
    }

    /// The memory solving takes, at most, for `positions` positions and `moves` moves, when
    /// each position holds `heap_bytes` more bytes on the heap (a `Vec` of heaps, say):
    /// every array and the hash map counted at twice its length (their growth), the heap
    /// part twice (the list of positions and the index). O(1).
    pub fn bytes(positions: u128, moves: u128, heap_bytes: u128) -> u128 {
        let position = size_of::<R::Position>() as u128 + heap_bytes;
        let edge = size_of::<(R::Move, usize)>() as u128;
        // positions, index (key, value, control byte), the move and predecessor lists,
        // unlabelled counts, outcomes, queue.
        let per_position = 2 * position + 2 * (position + 9) + 2 * 24 + 24 + 8 + 2 + 8;
        // each move listed from its position and as a predecessor.
        let per_move = 2 * edge + 2 * 8;
        positions * per_position + moves * per_move
    }

    /// An estimate of solving with at most `positions` positions and `moves` moves (see
    /// [`Retrograde::bytes`]), for [`crate::budget::Budget::admit_estimate`].
    pub fn estimate(what: String, positions: u128, moves: u128, heap_bytes: u128) -> Estimate {
        Estimate {
            what,
            work: moves,
            unit: RETROGRADE_MOVES,
            bytes: Retrograde::<R>::bytes(positions, moves, heap_bytes),
        }
    }

    /// [`Retrograde::solve_all`] that also errors when more than `max_moves` moves are
    /// listed, or when an allocation fails, instead of running out of memory.
    pub fn solve_within(
        rules: &R,
        starts: &[R::Position],
        limit: usize,
        max_moves: usize,
    ) -> Result<Retrograde<R>, Error> {
        let mut solved = Retrograde {
            positions: Vec::new(),
            index: FxHashMap::default(),
            moves: Vec::new(),
            outcomes: Vec::new(),
        };
        let failed = || crate::memory::out_of_memory("the game graph");
        let too_many = || {
            Error::new(format!(
                "this game has more than {limit} positions reachable from its start; choose \
                 smaller numbers"
            ))
        };
        for start in starts {
            if !solved.index.contains_key(start) {
                if solved.positions.len() >= limit {
                    return Err(too_many());
                }
                reserve_one(&mut solved.positions).map_err(|_| failed())?;
                solved.index.try_reserve(1).map_err(|_| failed())?;
                solved.index.insert(start.clone(), solved.positions.len());
                solved.positions.push(start.clone());
            }
        }
        // Forward: discover the graph breadth first.
        let mut next = 0;
        let mut listed_moves = 0usize;
        while next < solved.positions.len() {
            let mut listed = Vec::new();
            let options = rules.moves(&solved.positions[next]);
            listed_moves = listed_moves.saturating_add(options.len());
            if listed_moves > max_moves {
                return Err(Error::new(format!(
                    "this game has more than {max_moves} moves between the positions reachable \
                     from its start, the limit; choose smaller numbers"
                )));
            }
            listed
                .try_reserve_exact(options.len())
                .map_err(|_| failed())?;
            for (m, q) in options {
                let k = match solved.index.get(&q) {
                    Some(&k) => k,
                    None => {
                        if solved.positions.len() >= limit {
                            return Err(too_many());
                        }
                        reserve_one(&mut solved.positions).map_err(|_| failed())?;
                        solved.index.try_reserve(1).map_err(|_| failed())?;
                        solved.index.insert(q.clone(), solved.positions.len());
                        solved.positions.push(q);
                        solved.positions.len() - 1
                    }
                };
                listed.push((m, k));
            }
            reserve_one(&mut solved.moves).map_err(|_| failed())?;
            solved.moves.push(listed);
            next += 1;
        }
        // Backward: from the labelled end positions to their predecessors.
        let count = solved.positions.len();
        let mut incoming = vec![0usize; count];
        for listed in &solved.moves {
            for &(_, q) in listed {
                incoming[q] += 1;
            }
        }
        let mut predecessors: Vec<Vec<usize>> = Vec::new();
        predecessors
            .try_reserve_exact(count)
            .map_err(|_| failed())?;
        for &n in &incoming {
            let mut list = Vec::new();
            list.try_reserve_exact(n).map_err(|_| failed())?;
            predecessors.push(list);
        }
        drop(incoming);
        for (p, listed) in solved.moves.iter().enumerate() {
            for &(_, q) in listed {
                predecessors[q].push(p);
            }
        }
        let mut unlabelled_options: Vec<usize> = solved.moves.iter().map(Vec::len).collect();
        let mut outcomes = vec![None; count];
        let mut queue = Vec::new();
        for (p, listed) in solved.moves.iter().enumerate() {
            if listed.is_empty() {
                outcomes[p] = Some(rules.end_outcome(&solved.positions[p]));
                queue.push(p);
            }
        }
        while let Some(q) = queue.pop() {
            for &p in &predecessors[q] {
                if outcomes[p].is_some() {
                    continue;
                }
                if outcomes[q] == Some(Outcome::Loss) {
                    // Rule 1: a move to a loss makes a win.
                    outcomes[p] = Some(Outcome::Win);
                    queue.push(p);
                } else {
                    // Rule 2: a loss once every move is known to lead to a win.
                    unlabelled_options[p] -= 1;
                    if unlabelled_options[p] == 0 {
                        outcomes[p] = Some(Outcome::Loss);
                        queue.push(p);
                    }
                }
            }
        }
        solved.outcomes = outcomes;
        Ok(solved)
    }

    /// The label of `position`: `None` if it is not reachable from the start or is a draw.
    pub fn outcome(&self, position: &R::Position) -> Option<Outcome> {
        self.outcomes[*self.index.get(position)?]
    }

    /// The moves from `position` that lead to a loss for the opponent (empty if it is not
    /// reachable from the start).
    pub fn winning_moves(&self, position: &R::Position) -> Vec<R::Move> {
        let Some(&p) = self.index.get(position) else {
            return Vec::new();
        };
        self.moves[p]
            .iter()
            .filter(|(_, q)| self.outcomes[*q] == Some(Outcome::Loss))
            .map(|(m, _)| m.clone())
            .collect()
    }

    /// Every reachable position, the starts first, in breadth-first order.
    pub fn positions(&self) -> &[R::Position] {
        &self.positions
    }

    /// The moves of the `k`-th position, each with the index of the position it leads to.
    pub fn moves_of(&self, k: usize) -> &[(R::Move, usize)] {
        &self.moves[k]
    }

    /// The label of the `k`-th position.
    pub fn outcome_of(&self, k: usize) -> Option<Outcome> {
        self.outcomes[k]
    }
}

/// Makes room for one more element, doubling the capacity when full, without aborting when
/// the memory cannot be had.
fn reserve_one<T>(v: &mut Vec<T>) -> Result<(), std::collections::TryReserveError> {
    if v.len() == v.capacity() {
        v.try_reserve(v.len().max(16))?;
    }
    Ok(())
}

/// The outcome of `position` by plain recursion over the three rules, memoised: the
/// obviously correct twin of [`Retrograde`]. Only for games without cycles (it would not
/// end on a cycle). O(V + E) for the V positions and E moves reachable.
///
/// ```
/// use unhop::games::{exhaustive_outcome, Convention, Nim, Outcome, Played};
/// let game = Played::new(Nim, Convention::Normal);
/// assert_eq!(exhaustive_outcome(&game, &vec![1, 2, 3], &mut Default::default()), Outcome::Loss);
/// ```
pub fn exhaustive_outcome<R: Rules>(
    rules: &R,
    position: &R::Position,
    memo: &mut FxHashMap<R::Position, Outcome>,
) -> Outcome {
    if let Some(&known) = memo.get(position) {
        return known;
    }
    let moves = rules.moves(position);
    let outcome = if moves.is_empty() {
        rules.end_outcome(position)
    } else if moves
        .iter()
        .any(|(_, q)| exhaustive_outcome(rules, q, memo) == Outcome::Loss)
    {
        Outcome::Win
    } else {
        Outcome::Loss
    };
    memo.insert(position.clone(), outcome);
    outcome
}
