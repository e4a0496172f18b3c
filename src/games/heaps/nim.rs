//! Nim: heaps of stones; a move takes one or more stones from one heap.
//!
//! Bouton's rule (1901): under normal play the player to move loses exactly when the
//! nim-sum (the XOR of the heap sizes, "binary addition without carry") is 0, and the winning
//! moves reduce one heap h to h ⊕ s, where s is the nim-sum, whenever that is smaller than h.
//! Misère play (the player who takes the last stone loses) follows the same rule while some
//! heap has two or more stones; when every heap has at most one, the player to move loses
//! exactly when the number of one-stone heaps is odd.

use crate::budget::Estimate;
use crate::error::Error;
use crate::error::Figures;
use crate::games::engine::{
    Convention, ImpartialGame, MAX_RETROGRADE_MOVES, Outcome, Played, Retrograde,
};
use crate::method::Method;
use num_bigint::BigUint;
use num_traits::{One, Zero};

/// Parses a heap size: a whole number of stones (any size), digits only.
///
/// ```
/// assert_eq!(unhop::games::parse_heap("12").unwrap().to_string(), "12");
/// assert_eq!(unhop::games::parse_heap("1x").unwrap_err().column(), Some(1));
/// ```
pub fn parse_heap(text: &str) -> Result<BigUint, Error> {
    if let Some((i, c)) = text.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        let what = if c == '-' && i == 0 {
            "a heap cannot be negative".to_string()
        } else {
            format!("'{c}' is not a digit (a heap is a whole number of stones)")
        };
        return Err(Error::at(text, i, what));
    }
    BigUint::parse_bytes(text.as_bytes(), 10)
        .ok_or_else(|| Error::new("an empty heap size: give a whole number of stones"))
}

/// Nim on heaps of any size, as an [`ImpartialGame`] on small heaps for the generic engines
/// (a position is the list of heap sizes, a move is (heap index, size left)).
///
/// ```
/// use unhop::games::{Nim, Solver};
/// assert_eq!(Solver::new(Nim).value(&vec![3, 5]), 3 ^ 5);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Nim;

impl ImpartialGame for Nim {
    type Position = Vec<u64>;
    type Move = (usize, u64);

    fn moves(&self, heaps: &Vec<u64>) -> Vec<((usize, u64), Vec<u64>)> {
        let mut moves = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            for left in 0..h {
                let mut next = heaps.clone();
                next[i] = left;
                moves.push(((i, left), next));
            }
        }
        moves
    }
}

impl Nim {
    /// The size of the game graph from `heaps`: (positions, moves). Every position below the
    /// heaps is reachable, Π (h + 1) of them, and a position's moves are its stones, so the
    /// moves number Σ_i h_i (h_i + 1) / 2 × Π_{j≠i} (h_j + 1). Exact; saturates at
    /// `u128::MAX`. O(heaps).
    ///
    /// ```
    /// assert_eq!(unhop::games::Nim::graph_size(&[2, 3]), (12, 3 * 4 + 6 * 3));
    /// ```
    pub fn graph_size(heaps: &[u64]) -> (u128, u128) {
        box_graph_size(heaps, |h| u128::from(h) * (u128::from(h) + 1) / 2)
    }

    /// An upper bound of the work and memory of [`Retrograde`](crate::games::Retrograde)
    /// analysis of Nim from `heaps` (its moves and bytes), for refusing before it starts.
    pub fn retrograde_estimate(heaps: &[u64]) -> Estimate {
        let (positions, moves) = Nim::graph_size(heaps);
        Retrograde::<Played<Nim>>::estimate(
            format!("the retrograde analysis of Nim on {}", listed(heaps)),
            positions,
            moves,
            vec_heap_bytes(heaps.len()),
        )
    }
}

/// The heap sizes, as messages list them: `3 4 5`.
pub(crate) fn listed(heaps: &[u64]) -> String {
    let listed: Vec<String> = heaps.iter().map(u64::to_string).collect();
    listed.join(" ")
}

/// The bytes a `Vec<u64>` of `len` heaps takes on the heap, with the allocator's overhead.
pub(crate) fn vec_heap_bytes(len: usize) -> u128 {
    8 * len as u128 + 32
}

/// The positions and moves of a game on heaps where every position below `heaps` counts
/// and `moves_up_to(h)` is the number of moves from one heap, summed over the sizes 0 to h:
/// (Π (h + 1), Σ_i moves_up_to(h_i) × Π_{j≠i} (h_j + 1)), saturating at `u128::MAX`.
pub(crate) fn box_graph_size(heaps: &[u64], moves_up_to: impl Fn(u64) -> u128) -> (u128, u128) {
    let product = |skip: Option<usize>| {
        heaps
            .iter()
            .enumerate()
            .filter(|&(i, _)| Some(i) != skip)
            .fold(1u128, |p, (_, &h)| p.saturating_mul(u128::from(h) + 1))
    };
    let moves = (0..heaps.len()).fold(0u128, |sum, i| {
        sum.saturating_add(moves_up_to(heaps[i]).saturating_mul(product(Some(i))))
    });
    (product(None), moves)
}

/// A Nim move: heap `heap` (0-based) goes from `from` stones to `to`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NimMove {
    /// The heap's index, from 0.
    pub heap: usize,
    /// Its size before the move.
    pub from: BigUint,
    /// Its size after the move (smaller).
    pub to: BigUint,
}

impl NimMove {
    /// How many stones the move takes.
    pub fn taken(&self) -> BigUint {
        &self.from - &self.to
    }
}

/// The nim-sum: the XOR of the heap sizes. O(total number of bits).
///
/// ```
/// use num_bigint::BigUint;
/// let heaps: Vec<BigUint> = [7u32, 15, 26, 30].map(BigUint::from).to_vec();
/// assert_eq!(unhop::games::nim_sum(&heaps), BigUint::from(12u32));
/// ```
pub fn nim_sum(heaps: &[BigUint]) -> BigUint {
    heaps.iter().fold(BigUint::zero(), |sum, h| sum ^ h)
}

/// Whether the player to move wins Nim on `heaps` under `convention`. O(total bits).
///
/// ```
/// use num_bigint::BigUint;
/// use unhop::games::{nim_wins, Convention};
/// let heaps = [1u32, 1].map(BigUint::from);
/// assert!(!nim_wins(&heaps, Convention::Normal));
/// assert!(nim_wins(&heaps, Convention::Misere));
/// ```
pub fn nim_wins(heaps: &[BigUint], convention: Convention) -> bool {
    let one = BigUint::one();
    if convention == Convention::Misere && heaps.iter().all(|h| *h <= one) {
        return heaps.iter().filter(|h| **h == one).count() % 2 == 0;
    }
    !nim_sum(heaps).is_zero()
}

/// Every winning move from `heaps` under `convention`: the moves after which the opponent
/// loses. Empty when the player to move loses, and also for the misère end position (no
/// stones: the player to move has won). O(heaps × bits).
///
/// ```
/// use num_bigint::BigUint;
/// use unhop::games::{nim_winning_moves, Convention};
/// let heaps = [7u32, 15, 26, 30].map(BigUint::from);
/// assert_eq!(nim_winning_moves(&heaps, Convention::Normal).len(), 3);
/// ```
pub fn nim_winning_moves(heaps: &[BigUint], convention: Convention) -> Vec<NimMove> {
    let one = BigUint::one();
    let big: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > one).collect();
    let ones = heaps.iter().filter(|h| **h == one).count();
    let to = |heap: usize, size: BigUint| NimMove {
        heap,
        from: heaps[heap].clone(),
        to: size,
    };
    match (convention, big.len()) {
        (Convention::Misere, 0) if ones % 2 == 0 => (0..heaps.len())
            .filter(|&i| heaps[i] == one)
            .map(|i| to(i, BigUint::zero()))
            .collect(),
        (Convention::Misere, 0) => Vec::new(),
        // One big heap: leave an odd number of one-stone heaps, the big one cut to 0 or 1.
        (Convention::Misere, 1) => {
            let left = if ones % 2 == 0 { one } else { BigUint::zero() };
            vec![to(big[0], left)]
        }
        _ => {
            let sum = nim_sum(heaps);
            (0..heaps.len())
                .filter_map(|i| {
                    let target = &heaps[i] ^ &sum;
                    (target < heaps[i]).then(|| to(i, target))
                })
                .collect()
        }
    }
}

/// The most positions [`nim_analysis`] visits with the exhaustive method (the product of the
/// heap sizes plus one); it also refuses more than
/// [`MAX_RETROGRADE_MOVES`](crate::games::MAX_RETROGRADE_MOVES) moves.
pub const MAX_NIM_EXHAUSTIVE_POSITIONS: usize = 1_000_000;

/// Who wins Nim from a position, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NimAnalysis {
    /// The XOR of the heap sizes.
    pub nim_sum: BigUint,
    /// Whether the player to move wins.
    pub wins: bool,
    /// Every winning move (none when the player to move loses).
    pub winning_moves: Vec<NimMove>,
}

/// Who wins Nim on `heaps` under `convention`, with every winning move: by Bouton's rule
/// ([`Method::Fast`], O(heaps × bits), heaps of any size) or by retrograde analysis of every
/// position below the heaps ([`Method::Exhaustive`], its twin: O(Π (h + 1) × Σ h) time;
/// refused beyond [`MAX_NIM_EXHAUSTIVE_POSITIONS`] positions or 30,000,000 moves).
///
/// ```
/// use num_bigint::BigUint;
/// use unhop::{Method, games::{nim_analysis, Convention}};
/// let heaps = [3u32, 4, 5].map(BigUint::from);
/// let fast = nim_analysis(&heaps, Convention::Misere, Method::Fast).unwrap();
/// let slow = nim_analysis(&heaps, Convention::Misere, Method::Exhaustive).unwrap();
/// assert_eq!(fast, slow);
/// ```
pub fn nim_analysis(
    heaps: &[BigUint],
    convention: Convention,
    method: Method,
) -> Result<NimAnalysis, Error> {
    let (wins, winning_moves) = match method {
        Method::Fast => (
            nim_wins(heaps, convention),
            nim_winning_moves(heaps, convention),
        ),
        Method::Exhaustive => exhaustive_nim(heaps, convention)?,
    };
    Ok(NimAnalysis {
        nim_sum: nim_sum(heaps),
        wins,
        winning_moves,
    })
}

/// The winning moves by retrograde analysis of every position below `heaps`.
fn exhaustive_nim(
    heaps: &[BigUint],
    convention: Convention,
) -> Result<(bool, Vec<NimMove>), Error> {
    let too_many = |count: u128| {
        let shown = if count == u128::MAX {
            "more than 2^64".to_string()
        } else {
            count.to_string()
        };
        Error::refused_with(
            Figures::new(count, MAX_NIM_EXHAUSTIVE_POSITIONS as u128, "positions"),
            format!(
                "the exhaustive method visits every position below the heaps, the product of \
                 the heap sizes plus one: {shown}; the limit is {MAX_NIM_EXHAUSTIVE_POSITIONS} \
                 positions: use the fast method (Bouton's rule)"
            ),
        )
    };
    let mut small = Vec::new();
    let mut count = 1u128;
    for h in heaps {
        let Some(h) = u64::try_from(h).ok() else {
            return Err(too_many(u128::MAX));
        };
        count = count.saturating_mul(h as u128 + 1);
        small.push(h);
    }
    if count > MAX_NIM_EXHAUSTIVE_POSITIONS as u128 {
        return Err(too_many(count));
    }
    crate::budget::Budget::default().admit_estimate(&Nim::retrograde_estimate(&small))?;
    let game = Played::new(Nim, convention);
    let solved = Retrograde::solve_within(
        &game,
        std::slice::from_ref(&small),
        MAX_NIM_EXHAUSTIVE_POSITIONS,
        MAX_RETROGRADE_MOVES,
    )?;
    let wins = solved.outcome(&small) == Some(Outcome::Win);
    let moves = solved
        .winning_moves(&small)
        .into_iter()
        .map(|(heap, left)| NimMove {
            heap,
            from: heaps[heap].clone(),
            to: BigUint::from(left),
        })
        .collect();
    Ok((wins, moves))
}
