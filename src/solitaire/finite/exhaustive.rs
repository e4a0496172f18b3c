//! The exhaustive twins of finite-board reachability: the pair oracle [`ReachTable`] (every
//! pair up to a length, the learner's and the tests' oracle) and [`exhaustive_reach`] (one
//! pair, by searching every position reachable from the start word, on either board).

use crate::automata::relation::unpair_letter;
use crate::error::Error;
use crate::error::Figures;
use crate::solitaire::{Board, Direction, Hop};
use crate::word::Word;
use rustc_hash::FxHashMap;

/// Exhaustive finite-board reachability for every word up to a length: the pair oracle.
///
/// For each length n and each word w of n cells it keeps the set of words reachable from w
/// as a bit set of 2ⁿ bits, built by plain recursion (a word reaches itself and whatever its
/// one-hop successors reach; successors have one peg fewer, so words are done in order of
/// their peg counts). O(4ⁿ / 8) bytes and O(4ⁿ · n / 64) time for the longest length.
///
/// ```
/// use unhop::{Word, solitaire::finite::ReachTable};
/// let table = ReachTable::new(5).unwrap();
/// let (w, f): (Word, Word) = ("01111".parse().unwrap(), "10100".parse().unwrap());
/// assert!(table.reaches(&w, &f));
/// assert!(!table.reaches(&"1111".parse().unwrap(), &"1001".parse().unwrap()));
/// ```
pub struct ReachTable {
    /// `by_len[n][w]`: the reachable set of the n-cell word with bits w (cell i at bit i).
    by_len: Vec<Vec<Vec<u64>>>,
}

impl ReachTable {
    /// The longest length the table is built for (32 MiB of bit sets).
    pub const MAX_LEN: usize = 14;

    /// The table for every length up to `max_len` (at most [`ReachTable::MAX_LEN`]).
    ///
    /// # Complexity
    ///
    /// O(4^max_len / 8) bytes (32 MiB at 14) and O(2^n × n) hops tried for each length n, with
    /// the sets joined in O(4^n / 64) word operations.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::solitaire::finite::ReachTable;
    /// assert_eq!(ReachTable::new(6).unwrap().max_len(), 6);
    /// assert!(ReachTable::new(15).is_err());
    /// ```
    pub fn new(max_len: usize) -> Result<ReachTable, Error> {
        if max_len > Self::MAX_LEN {
            return Err(Error::new(format!(
                "the exhaustive pair oracle goes up to length {}, not {max_len} (4^n bits)",
                Self::MAX_LEN
            )));
        }
        let by_len = (0..=max_len).map(reach_sets).collect();
        Ok(ReachTable { by_len })
    }

    /// The longest length the table covers.
    pub fn max_len(&self) -> usize {
        self.by_len.len() - 1
    }

    /// Whether `w` reaches `f` on the finite board (false when their lengths differ).
    /// Panics if they are longer than [`ReachTable::max_len`].
    ///
    /// # Complexity
    ///
    /// O(n) for words of n cells (a table look-up).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::solitaire::finite::ReachTable;
    /// let table = ReachTable::new(5).unwrap();
    /// assert!(table.reaches(&"01111".parse().unwrap(), &"10100".parse().unwrap()));
    /// ```
    pub fn reaches(&self, w: &Word, f: &Word) -> bool {
        let (Some(w_bits), Some(f_bits)) = (w.to_bits(), f.to_bits()) else {
            return false;
        };
        w.len() == f.len() && self.reaches_bits(w.len(), w_bits as usize, f_bits as usize)
    }

    /// Whether the word of letter pairs is in R. Panics if it is longer than
    /// [`ReachTable::max_len`].
    ///
    /// # Complexity
    ///
    /// O(n) for n letters.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::solitaire::finite::ReachTable;
    /// use unhop::automata::relation::pair_letters;
    /// let table = ReachTable::new(4).unwrap();
    /// let (w, f) = ("0110".parse().unwrap(), "1000".parse().unwrap());
    /// assert!(table.contains(&pair_letters(&w, &f).collect::<Vec<_>>()));
    /// ```
    pub fn contains(&self, letters: &[u8]) -> bool {
        let (mut w, mut f) = (0usize, 0usize);
        for (i, &l) in letters.iter().enumerate() {
            let (a, b) = unpair_letter(l);
            w |= usize::from(a) << i;
            f |= usize::from(b) << i;
        }
        self.reaches_bits(letters.len(), w, f)
    }

    /// Whether the n-cell word with bits `w` reaches the one with bits `f`.
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::solitaire::finite::ReachTable;
    /// let table = ReachTable::new(4).unwrap();
    /// // 0110 (cells 1 and 2) reaches 1000 (cell 0).
    /// assert!(table.reaches_bits(4, 0b0110, 0b0001));
    /// ```
    pub fn reaches_bits(&self, n: usize, w: usize, f: usize) -> bool {
        self.by_len[n][w][f / 64] >> (f % 64) & 1 == 1
    }
}

/// The one-hop successors of the n-cell word `w` on the finite board.
pub(crate) fn hop_successors(w: usize, n: usize) -> impl Iterator<Item = usize> {
    (0..n.saturating_sub(2)).filter_map(move |i| match (w >> i) & 7 {
        0b011 | 0b110 => Some(w ^ (7 << i)),
        _ => None,
    })
}

/// The reachable sets of all n-cell words.
fn reach_sets(n: usize) -> Vec<Vec<u64>> {
    let words = 1usize << n;
    let blocks = words.div_ceil(64);
    let mut order: Vec<usize> = (0..words).collect();
    order.sort_by_key(|w| w.count_ones());
    let mut sets = vec![vec![0u64; blocks]; words];
    for w in order {
        let mut set = vec![0u64; blocks];
        set[w / 64] |= 1 << (w % 64);
        for next in hop_successors(w, n) {
            for (mine, theirs) in set.iter_mut().zip(&sets[next]) {
                *mine |= theirs;
            }
        }
        sets[w] = set;
    }
    sets
}

/// The most positions [`exhaustive_reach`] visits before it gives up.
pub const MAX_REACH_POSITIONS: usize = 10_000_000;

/// The longest row [`exhaustive_reach`] searches: the word, plus k − 1 holes a side on the
/// infinite board (k pegs).
pub const MAX_REACH_CELLS: usize = 128;

/// Hops taking `w` to `f` (words of one length) on `board`, or `None` when there are none, by
/// breadth-first search over every position reachable from `w`: the slow, obviously correct
/// twin of [`super::reach`]. On the infinite board f is placed over the same cells as w,
/// holes all around; the search runs on the word with k − 1 holes added each side (k pegs of
/// w), enough for every hop sequence (each hop widens the occupied stretch by at most one
/// cell, and there are at most k − 1 hops).
///
/// # Complexity
/// Time and memory proportional to the number of positions reachable from `w` (exponential
/// in the length); errors beyond [`MAX_REACH_CELLS`] cells or [`MAX_REACH_POSITIONS`]
/// positions.
///
/// # Examples
///
/// ```
/// use unhop::{Word, solitaire::{Board, finite::exhaustive_reach}};
/// let (w, f): (Word, Word) = ("01111".parse().unwrap(), "10100".parse().unwrap());
/// assert_eq!(exhaustive_reach(&w, &f, Board::Finite).unwrap().map(|h| h.len()), Some(2));
/// let (w, f): (Word, Word) = ("1111".parse().unwrap(), "1001".parse().unwrap());
/// assert_eq!(exhaustive_reach(&w, &f, Board::Infinite).unwrap(), None);
/// ```
pub fn exhaustive_reach(w: &Word, f: &Word, board: Board) -> Result<Option<Vec<Hop>>, Error> {
    super::same_length(w, f)?;
    let pad = match board {
        Board::Finite => 0,
        Board::Infinite => w.pegs().saturating_sub(1),
    };
    let width = w.len() + 2 * pad;
    if width > MAX_REACH_CELLS {
        return Err(Error::refused_with(
            Figures::new(width as u128, MAX_REACH_CELLS as u128, "cells"),
            format!(
                "exhaustive reachability searches a row of at most {MAX_REACH_CELLS} cells; this \
             pair needs {width} (the word with k − 1 holes each side on the infinite board)"
            ),
        ));
    }
    if w.pegs() < f.pegs() {
        return Ok(None);
    }
    let place = |x: &Word| {
        x.iter()
            .enumerate()
            .fold(0u128, |bits, (i, peg)| bits | u128::from(peg) << (i + pad))
    };
    let (start, target) = (place(w), place(f));
    let mask = if width == 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    };
    // Each position's parent and the hop from it, for the way back.
    let mut parent: FxHashMap<u128, (u128, Hop)> = FxHashMap::default();
    let mut frontier = vec![start];
    let mut found = start == target;
    while !found && !frontier.is_empty() {
        let mut next_frontier = Vec::new();
        for &position in &frontier {
            let holes = !position & mask;
            let right = position & (position >> 1) & (holes >> 2);
            let left = position & (position << 1) & (holes << 2);
            let hops = set_bits(right)
                .map(|i| (Hop::new(i as i64, Direction::Right), 0b111u128 << i))
                .chain(
                    set_bits(left)
                        .map(|i| (Hop::new(i as i64, Direction::Left), 0b111u128 << (i - 2))),
                );
            for (hop, flip) in hops {
                let next = position ^ flip;
                if next == start || parent.contains_key(&next) {
                    continue;
                }
                parent.insert(next, (position, hop));
                if parent.len() > MAX_REACH_POSITIONS {
                    return Err(Error::gave_up(format!(
                        "exhaustive reachability met more than {MAX_REACH_POSITIONS} positions \
                         and stopped (--method fast is exact and linear-time)"
                    )));
                }
                found |= next == target;
                next_frontier.push(next);
            }
        }
        frontier = next_frontier;
    }
    if !found {
        return Ok(None);
    }
    let mut hops = Vec::new();
    let mut position = target;
    while position != start {
        let (before, hop) = parent[&position];
        hops.push(hop.shifted(-(pad as i64)));
        position = before;
    }
    hops.reverse();
    Ok(Some(hops))
}

/// The set bits of `x`, lowest first.
fn set_bits(mut x: u128) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (x != 0).then(|| {
            let i = x.trailing_zeros();
            x &= x - 1;
            i
        })
    })
}
