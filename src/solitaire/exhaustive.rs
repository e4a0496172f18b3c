//! Exhaustive searches: the slow, obviously correct twins of the fast methods.
//!
//! Two independent searches over every position reachable by hops:
//!
//! * [`search`]: depth-first with a memo of the minimum reachable from each position, on
//!   positions packed into a `u128`; it also returns hops that reach that minimum. The
//!   infinite board is played on the word padded with k − 1 holes on each side (k pegs), which
//!   is enough: each hop widens the occupied stretch by at most one cell, and k pegs make at
//!   most k − 1 hops.
//! * [`reachable_min_pegs`]: breadth-first over the set of reachable positions, kept as
//!   [`Word`]s, the infinite board by trimming after every hop; it needs no padding argument.
//!
//! Both take time and memory proportional to the number of reachable positions, which grows
//! exponentially with the length; [`MAX_FINITE_LEN`] and [`MAX_POSITIONS`] bound them.

use super::{Board, Direction, Hop};
use crate::error::{Error, Figures};
use crate::progress::Progress;
use crate::word::Word;
use rustc_hash::{FxHashMap, FxHashSet};

/// The longest word (finite board), or padded word (infinite board), the search accepts.
pub const MAX_FINITE_LEN: usize = 128;

/// The most positions a search may memoise (about 400 MB, some ten seconds) before it gives
/// up with an error.
pub const MAX_POSITIONS: usize = 10_000_000;

/// The result of an exhaustive search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The fewest pegs any sequence of hops leaves.
    pub min_pegs: usize,
    /// Hops that leave that many, in the word's coordinates.
    pub hops: Vec<Hop>,
}

/// The minimum number of pegs and hops that reach it, by memoised depth-first search.
///
/// Errors when the (padded) word is longer than [`MAX_FINITE_LEN`] or the search meets more
/// than [`MAX_POSITIONS`] positions.
///
/// # Complexity
///
/// Time and memory proportional to the positions the word reaches (at most
/// [`MAX_POSITIONS`], each a bit-packed word of at most [`MAX_FINITE_LEN`] cells).
///
///
/// # Examples
///
/// ```
/// use unhop::{Word, solitaire::{Board, exhaustive}};
/// let word: Word = "01111".parse().unwrap();
/// assert_eq!(exhaustive::search(&word, Board::Finite).unwrap().min_pegs, 2);
/// assert_eq!(exhaustive::search(&"1111".parse().unwrap(), Board::Finite).unwrap().min_pegs, 4);
/// assert_eq!(exhaustive::search(&"1111".parse().unwrap(), Board::Infinite).unwrap().min_pegs, 2);
/// ```
pub fn search(word: &Word, board: Board) -> Result<Outcome, Error> {
    search_with_progress(word, board, &crate::Quiet)
}

/// [`search`], reporting to `progress` the positions memoised, [`PROGRESS_EVERY`] at a time
/// (the search's time is proportional to them; the total is not known in advance).
///
/// # Complexity
///
/// As [`search`].
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, solitaire::{Board, exhaustive}};
/// let outcome = exhaustive::search_with_progress(&"01111".parse().unwrap(), Board::Finite, &Quiet).unwrap();
/// assert_eq!(outcome.min_pegs, 2);
/// ```
pub fn search_with_progress(
    word: &Word,
    board: Board,
    progress: &dyn Progress,
) -> Result<Outcome, Error> {
    progress.start("exhaustive search: positions", None);
    let (cells, shift) = match board {
        Board::Finite => (word.clone(), 0),
        Board::Infinite => {
            let span = word.peg_span();
            let pad = word.pegs().saturating_sub(1);
            let mut cells = Word::holes(pad);
            for peg in word.slice(span.clone()).iter() {
                cells.push(peg);
            }
            for _ in 0..pad {
                cells.push(false);
            }
            (cells, span.start as i64 - pad as i64)
        }
    };
    let Some(start) = cells.to_bits() else {
        let figures = Figures::new(cells.len() as u128, MAX_FINITE_LEN as u128, "cells");
        return Err(Error::refused_with(
            figures,
            format!(
                "the exhaustive search is limited to words of at most {MAX_FINITE_LEN} cells{}; this \
                 word needs {}",
                match board {
                    Board::Finite => "",
                    Board::Infinite => " (the word's pegs with k − 1 holes of padding each side)",
                },
                cells.len()
            ),
        ));
    };
    let mut memo = Memo::new(cells.len());
    memo.progress = Some(progress);
    let min_pegs = memo.min_pegs(start)? as usize;
    let mut hops = Vec::new();
    let mut position = start;
    while position.count_ones() as usize > min_pegs {
        let (hop, next) = memo
            .moves(position)
            .find(|&(_, next)| memo.best.get(&next) == Some(&(min_pegs as u8)))
            .expect("a position above the minimum has a move that keeps it");
        hops.push(hop.shifted(shift));
        position = next;
    }
    Ok(Outcome { min_pegs, hops })
}

/// How often (in positions) a search reports its progress.
pub const PROGRESS_EVERY: usize = 1 << 16;

struct Memo<'a> {
    mask: u128,
    best: FxHashMap<u128, u8>,
    progress: Option<&'a dyn Progress>,
}

impl Memo<'_> {
    /// An empty memo for positions of `width` cells (1 ≤ width ≤ 128; 0 counts as 1).
    fn new(width: usize) -> Self {
        Memo {
            mask: u128::MAX >> (128 - width.clamp(1, 128)),
            best: FxHashMap::default(),
            progress: None,
        }
    }

    /// The legal hops of a position and the positions they lead to.
    fn moves(&self, position: u128) -> impl Iterator<Item = (Hop, u128)> {
        let holes = !position & self.mask;
        let right = position & (position >> 1) & (holes >> 2);
        let left = position & (position << 1) & (holes << 2);
        bits(right)
            .map(|i| (Hop::new(i as i64, Direction::Right), 0b111u128 << i))
            .chain(bits(left).map(|i| (Hop::new(i as i64, Direction::Left), 0b111u128 << (i - 2))))
            .map(move |(hop, flip)| (hop, position ^ flip))
    }

    fn min_pegs(&mut self, position: u128) -> Result<u8, Error> {
        if let Some(&known) = self.best.get(&position) {
            return Ok(known);
        }
        if self.best.len() >= MAX_POSITIONS {
            return Err(Error::new(format!(
                "the exhaustive search met more than {MAX_POSITIONS} positions and stopped \
                 (--method fast is exact and linear-time on both boards)"
            )));
        }
        let mut best = position.count_ones() as u8;
        let children: Vec<u128> = self.moves(position).map(|(_, next)| next).collect();
        for next in children {
            best = best.min(self.min_pegs(next)?);
            if best == 1 {
                break; // nothing beats one peg
            }
        }
        self.best.insert(position, best);
        if self.best.len() % PROGRESS_EVERY == 0 {
            if let Some(progress) = self.progress {
                progress.advance(PROGRESS_EVERY as u64);
            }
        }
        Ok(best)
    }
}

/// The longest length [`count_one_peg`] enumerates.
pub const MAX_COUNT_LEN: usize = 20;

/// The number of words of length `len` that reduce to one peg, by searching from every one
/// of the 2^len words with one shared memo: the slow twin of [`crate::solitaire::Language::count`].
///
/// On the infinite board every word is placed in the middle of a row of 3·len − 2 cells,
/// enough padding for any hop sequence (each of the at most len − 1 hops widens the occupied
/// stretch by at most one cell). Errors beyond [`MAX_COUNT_LEN`].
///
/// # Complexity
///
/// 2^len searches, each over the positions its word reaches: seconds at 20 cells.
///
///
/// # Examples
///
/// ```
/// use unhop::solitaire::{Board, exhaustive};
/// assert_eq!(exhaustive::count_one_peg(6, Board::Finite).unwrap(), 22);
/// assert_eq!(exhaustive::count_one_peg(2, Board::Infinite).unwrap(), 3);
/// ```
pub fn count_one_peg(len: usize, board: Board) -> Result<u64, Error> {
    count_one_peg_with_progress(len, board, &crate::Quiet)
}

/// [`count_one_peg`], reporting to `progress` the words searched from (2^len in all).
///
/// # Complexity
///
/// As [`count_one_peg`].
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, solitaire::{Board, exhaustive}};
/// assert_eq!(exhaustive::count_one_peg_with_progress(6, Board::Finite, &Quiet).unwrap(), 22);
/// ```
pub fn count_one_peg_with_progress(
    len: usize,
    board: Board,
    progress: &dyn Progress,
) -> Result<u64, Error> {
    if len == 0 || len > MAX_COUNT_LEN {
        return Err(Error::new(format!(
            "exhaustive counting enumerates every word: length 1 to {MAX_COUNT_LEN}, not {len}"
        )));
    }
    let pad = match board {
        Board::Finite => 0,
        Board::Infinite => len - 1,
    };
    let mut memo = Memo::new(len + 2 * pad);
    let mut count = 0;
    progress.start("exhaustive count: words", Some(1 << len));
    for bits in 0..1u128 << len {
        if memo.min_pegs(bits << pad)? == 1 {
            count += 1;
        }
        if bits % 4096 == 4095 {
            progress.advance(4096);
        }
    }
    progress.advance((1u64 << len) % 4096);
    Ok(count)
}

/// The set bits of `x`, lowest first.
fn bits(mut x: u128) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (x != 0).then(|| {
            let i = x.trailing_zeros();
            x &= x - 1;
            i
        })
    })
}

/// The minimum number of pegs over all reachable positions, by breadth-first search.
///
/// The second, independent exhaustive method: positions are [`Word`]s in a hash set; on the
/// infinite board each position is stored trimmed and padded by two holes before its hops
/// are generated, so no bound on the padding is assumed. Errors past [`MAX_POSITIONS`].
///
/// # Complexity
///
/// Time and memory proportional to the positions reachable (at most [`MAX_POSITIONS`]),
/// each hashed and stored once.
///
///
/// # Examples
///
/// ```
/// use unhop::{Word, solitaire::{Board, exhaustive}};
/// let word: Word = "01111".parse().unwrap();
/// assert_eq!(exhaustive::reachable_min_pegs(&word, Board::Finite).unwrap(), 2);
/// ```
pub fn reachable_min_pegs(word: &Word, board: Board) -> Result<usize, Error> {
    let normal = |w: Word| match board {
        Board::Finite => w,
        Board::Infinite => w.trimmed(),
    };
    let first = normal(word.clone());
    let mut seen: FxHashSet<Word> = FxHashSet::default();
    let mut frontier = vec![first.clone()];
    seen.insert(first);
    let mut best = word.pegs();
    while let Some(position) = frontier.pop() {
        best = best.min(position.pegs());
        let cells: Vec<bool> = match board {
            Board::Finite => position.iter().collect(),
            Board::Infinite => [false, false]
                .into_iter()
                .chain(position.iter())
                .chain([false, false])
                .collect(),
        };
        for i in 0..cells.len().saturating_sub(2) {
            for (a, b, c) in [(i, i + 1, i + 2), (i + 2, i + 1, i)] {
                if cells[a] && cells[b] && !cells[c] {
                    let mut next = cells.clone();
                    next[a] = false;
                    next[b] = false;
                    next[c] = true;
                    let next = normal(Word::from_cells(next));
                    if seen.insert(next.clone()) {
                        if seen.len() > MAX_POSITIONS {
                            return Err(Error::new(format!(
                                "the reachable set has more than {MAX_POSITIONS} positions"
                            )));
                        }
                        frontier.push(next);
                    }
                }
            }
        }
    }
    Ok(best)
}
