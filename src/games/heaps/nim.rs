//! Nim: heaps of stones; a move takes one or more stones from one heap.
//!
//! Bouton's rule (1901): under normal play the player to move loses exactly when the
//! nim-sum (the XOR of the heap sizes, "binary addition without carry") is 0, and the winning
//! moves reduce one heap h to h ⊕ s, where s is the nim-sum, whenever that is smaller than h.
//! Misère play (the player who takes the last stone loses) follows the same rule while some
//! heap has two or more stones; when every heap has at most one, the player to move loses
//! exactly when the number of one-stone heaps is odd.

use crate::automata::Integer;
use crate::budget::{Budget, Estimate};
use crate::error::{Error, Figures};
use crate::games::engine::{Convention, GraphSize, ImpartialGame, Outcome, Played, Retrograde};
use crate::method::Method;
use num_bigint::BigUint;
use num_traits::{One, Zero};

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

    /// The list's buffer.
    fn heap_bytes(&self, heaps: &Vec<u64>) -> usize {
        vec_heap_bytes(heaps)
    }
}

impl Nim {
    /// The size of the game graph from `heaps`. Every position below the heaps is reachable,
    /// Π (h + 1) of them, and a position's moves are its stones, so the moves number
    /// Σ_i h_i (h_i + 1) / 2 × Π_{j≠i} (h_j + 1), at most Σ h from one position.
    ///
    /// # Complexity
    ///
    /// O(heaps); exact, saturating at `u128::MAX`.
    ///
    /// # Examples
    ///
    /// ```
    /// let size = unhop::games::Nim::graph_size(&[2, 3]);
    /// assert_eq!((size.positions, size.moves, size.max_degree), (12, 3 * 4 + 6 * 3, 5));
    /// ```
    pub fn graph_size(heaps: &[u64]) -> GraphSize {
        box_graph_size(
            heaps,
            |h| u128::from(h) * (u128::from(h) + 1) / 2,
            u128::from,
        )
    }

    /// An upper bound of the work and memory of [`Retrograde`](crate::games::Retrograde)
    /// analysis of Nim from `heaps` (its moves and bytes), for refusing before it starts.
    ///
    /// # Complexity
    ///
    /// O(heaps).
    ///
    /// # Examples
    ///
    /// ```
    /// let estimate = unhop::games::Nim::retrograde_estimate(&[2, 3]);
    /// assert_eq!(estimate.work, 3 * 4 + 6 * 3); // the moves of the graph
    /// ```
    pub fn retrograde_estimate(heaps: &[u64]) -> Estimate {
        Retrograde::<Played<Nim>>::estimate(
            format!("the retrograde analysis of Nim on {}", listed(heaps)),
            &Nim::graph_size(heaps),
            8 * heaps.len() as u128,
            0,
        )
    }
}

/// The heap sizes, as messages list them: `3 4 5`.
pub(crate) fn listed(heaps: &[u64]) -> String {
    let listed: Vec<String> = heaps.iter().map(u64::to_string).collect();
    listed.join(" ")
}

/// The bytes the buffer of a list of heaps takes.
pub(crate) fn vec_heap_bytes(heaps: &Vec<u64>) -> usize {
    heaps.capacity() * size_of::<u64>()
}

/// The size of a game on heaps where every position below `heaps` counts,
/// `moves_up_to(h)` is the number of moves from one heap summed over the sizes 0 to h and
/// `moves_of(h)` the number from one heap of h: Π (h + 1) positions,
/// Σ_i moves_up_to(h_i) × Π_{j≠i} (h_j + 1) moves, at most Σ_i moves_of(h_i) from one
/// position; saturating at `u128::MAX`.
pub(crate) fn box_graph_size(
    heaps: &[u64],
    moves_up_to: impl Fn(u64) -> u128,
    moves_of: impl Fn(u64) -> u128,
) -> GraphSize {
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
    let max_degree = heaps
        .iter()
        .fold(0u128, |sum, &h| sum.saturating_add(moves_of(h)));
    GraphSize {
        positions: product(None),
        moves,
        max_degree,
    }
}

/// A Nim move: heap `heap` (its index, from 0) goes from `from` stones to `to`; in JSON with
/// `take`, the stones taken, every size in decimal as a string (sizes have any number of
/// digits).
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

/// A Nim move as the reports write it.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(rename = "NimMove")]
struct NimMoveReport {
    /// The heap's index in the position, from 0.
    heap: usize,
    /// Its size before the move.
    from: Integer,
    /// Its size after the move.
    to: Integer,
    /// The stones taken.
    take: Integer,
}

/// A move as `{"heap", "from", "to", "take"}`.
impl serde::Serialize for NimMove {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        NimMoveReport {
            heap: self.heap,
            from: Integer::from(&self.from),
            to: Integer::from(&self.to),
            take: Integer::from(&self.taken()),
        }
        .serialize(serializer)
    }
}

impl schemars::JsonSchema for NimMove {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "NimMove".into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        NimMoveReport::json_schema(generator)
    }
}

/// A whole number of any size, as a JSON integer of all its digits.
fn decimal<S: serde::Serializer>(n: &BigUint, serializer: S) -> Result<S::Ok, S::Error> {
    serde::Serialize::serialize(&Integer::from(n), serializer)
}

/// Whole numbers of any size, as JSON integers of all their digits.
fn decimals<S: serde::Serializer>(ns: &[BigUint], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(ns.iter().map(Integer::from))
}

/// The nim-sum: the XOR of the heap sizes.
///
/// # Complexity
///
/// O(total number of bits).
///
/// # Examples
///
/// ```
/// use num_bigint::BigUint;
/// let heaps: Vec<BigUint> = [7u32, 15, 26, 30].map(BigUint::from).to_vec();
/// assert_eq!(unhop::games::nim_sum(&heaps), BigUint::from(12u32));
/// ```
pub fn nim_sum(heaps: &[BigUint]) -> BigUint {
    heaps.iter().fold(BigUint::zero(), |sum, h| sum ^ h)
}

/// Whether the player to move wins Nim on `heaps` under `convention`.
///
/// # Complexity
///
/// O(total number of bits).
///
/// # Examples
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
/// stones: the player to move has won).
///
/// # Complexity
///
/// O(heaps × bits).
///
/// # Examples
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
/// heap sizes plus one) unless the budget says otherwise; its moves are bounded by the
/// budget's work ([`RETROGRADE_MOVES`](crate::games::RETROGRADE_MOVES)).
pub const MAX_NIM_EXHAUSTIVE_POSITIONS: u64 = 1_000_000;

/// Who wins Nim from a position, and how: what `unhop nim --json` writes, every size in
/// decimal as a string.
///
/// # Examples
///
/// ```
/// use num_bigint::BigUint;
/// use unhop::{Method, budget::Budget, games::{nim_analysis, Convention}};
/// let heaps = [3u32, 4, 5].map(BigUint::from);
/// let analysis = nim_analysis(&heaps, Convention::Normal, Method::Fast, &Budget::default()).unwrap();
/// assert_eq!(
///     serde_json::to_string(&analysis).unwrap(),
///     r#"{"heaps":[3,4,5],"rule":"normal","method":"fast","nim_sum":2,"outcome":"N","winning_moves":[{"heap":0,"from":3,"to":1,"take":2}]}"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct NimAnalysis {
    /// The heap sizes.
    #[serde(serialize_with = "decimals")]
    #[schemars(with = "Vec<Integer>")]
    pub heaps: Vec<BigUint>,
    /// The play rule.
    pub rule: Convention,
    /// The method: Bouton's rule (fast) or retrograde analysis (exhaustive).
    pub method: Method,
    /// The XOR of the heap sizes.
    #[serde(serialize_with = "decimal")]
    #[schemars(with = "Integer")]
    pub nim_sum: BigUint,
    /// Who wins: `N`, the player to move, or `P`, the other.
    pub outcome: Outcome,
    /// Every winning move (none when the player to move loses), in the order of the heaps.
    pub winning_moves: Vec<NimMove>,
}

impl NimAnalysis {
    /// Whether the player to move wins.
    pub fn wins(&self) -> bool {
        self.outcome == Outcome::Win
    }
}

/// Who wins Nim on `heaps` under `convention`, with every winning move: by Bouton's rule
/// ([`Method::Fast`], O(heaps × bits), heaps of any size) or by retrograde analysis of every
/// position below the heaps ([`Method::Exhaustive`], its twin: O(Π (h + 1) × Σ h) time, under
/// `budget`: refused up front beyond [`MAX_NIM_EXHAUSTIVE_POSITIONS`] positions, or when its
/// moves or memory ([`Nim::retrograde_estimate`]) are beyond the budget's limits).
///
/// # Complexity
///
/// Fast: O(heaps × bits). Exhaustive: O(Π (h + 1) × Σ h) time, O(Π (h + 1)) memory.
///
/// # Examples
///
/// ```
/// use num_bigint::BigUint;
/// use unhop::{Method, budget::Budget, games::{nim_analysis, Convention}};
/// let heaps = [3u32, 4, 5].map(BigUint::from);
/// let budget = Budget::default();
/// let fast = nim_analysis(&heaps, Convention::Misere, Method::Fast, &budget).unwrap();
/// let slow = nim_analysis(&heaps, Convention::Misere, Method::Exhaustive, &budget).unwrap();
/// assert_eq!((fast.outcome, fast.winning_moves), (slow.outcome, slow.winning_moves));
/// let big = [999_999u32].map(BigUint::from);
/// let refused = nim_analysis(&big, Convention::Normal, Method::Exhaustive, &budget);
/// assert_eq!(refused.unwrap_err().figures().unwrap().unit, "moves");
/// ```
pub fn nim_analysis(
    heaps: &[BigUint],
    convention: Convention,
    method: Method,
    budget: &Budget,
) -> Result<NimAnalysis, Error> {
    let (wins, winning_moves) = match method {
        Method::Fast => (
            nim_wins(heaps, convention),
            nim_winning_moves(heaps, convention),
        ),
        Method::Exhaustive => exhaustive_nim(heaps, convention, budget)?,
    };
    Ok(NimAnalysis {
        heaps: heaps.to_vec(),
        rule: convention,
        method,
        nim_sum: nim_sum(heaps),
        outcome: Outcome::of_win(wins),
        winning_moves,
    })
}

/// The winning moves by retrograde analysis of every position below `heaps`.
fn exhaustive_nim(
    heaps: &[BigUint],
    convention: Convention,
    budget: &Budget,
) -> Result<(bool, Vec<NimMove>), Error> {
    let limit = budget.position_limit(MAX_NIM_EXHAUSTIVE_POSITIONS);
    let count = heaps.iter().try_fold(1u128, |count, h| {
        let h = u128::try_from(h).ok()?;
        count.checked_mul(h.checked_add(1)?)
    });
    let small: Option<Vec<u64>> = heaps.iter().map(|h| u64::try_from(h).ok()).collect();
    let count = count.unwrap_or(u128::MAX);
    let Some(small) = small.filter(|_| count <= u128::from(limit)) else {
        let shown = match count {
            u128::MAX => "more than 2^128".to_string(),
            _ => count.to_string(),
        };
        return Err(Error::refused_with(
            Figures::new(count, limit.into(), "positions"),
            format!(
                "the exhaustive method visits every position below the heaps, the product of \
                 the heap sizes plus one: {shown}; the limit is {limit} positions: use the fast \
                 method (Bouton's rule) or raise --max-positions"
            ),
        ));
    };
    let meter = budget.admit_estimate(&Nim::retrograde_estimate(&small))?;
    let game = Played::new(Nim, convention);
    let solved = Retrograde::solve_metered(&game, std::slice::from_ref(&small), &meter, limit)?;
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
