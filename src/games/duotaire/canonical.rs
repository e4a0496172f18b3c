//! [`CanonicalWords`]: the words that are not sums, ranked: the finite board's blocks and the
//! infinite board's cores.

use crate::error::Error;
use crate::word::Word;
use std::ops::Range;

/// The automaton's states.
const START: usize = 0;
/// One leading hole read: a second would make two holes at the start.
const LEADING_HOLE: usize = 1;
/// The last cell read is a peg.
const AFTER_PEG: usize = 2;
/// One hole read since the last peg.
const ONE_HOLE: usize = 3;
/// Two holes read since the last peg: a third would be a gap of three.
const TWO_HOLES: usize = 4;
const STATES: usize = 5;
/// No state: the word can no longer be a block.
const DEAD: u8 = STATES as u8;

/// The cells a rank reads with one table look-up.
const STEP_CELLS: usize = 8;

/// The first cells of a class of blocks walked alone, the walks after them handed to the
/// threads (up to 2^12 of them).
const SPLIT_CELLS: usize = 12;

/// A walk through the automaton stopped after some cells: its state, the pegs left to place,
/// the cells read (as bits) and the rank of the first block that starts with them.
#[derive(Clone, Copy, Debug)]
struct Prefix {
    state: usize,
    pegs: usize,
    bits: u64,
    rank: u64,
}

/// The words a [`CanonicalWords`] ranks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// The finite board's blocks: no gap of three holes, at most one hole at each end.
    Blocks,
    /// The infinite board's cores: no gap of three holes, a peg at each end.
    Cores,
}

impl Kind {
    /// The state after reading `peg` (a peg, else a hole) in `state`; `None` when the word
    /// can no longer be one of these.
    fn step(self, state: usize, peg: bool) -> Option<usize> {
        match (state, peg) {
            (_, true) => Some(AFTER_PEG),
            (START, false) if self == Kind::Blocks => Some(LEADING_HOLE),
            (AFTER_PEG, false) => Some(ONE_HOLE),
            (ONE_HOLE, false) => Some(TWO_HOLES),
            _ => None,
        }
    }

    /// Whether a word may end in `state`: a block after a peg or one hole, or as the word
    /// `0`; a core after a peg.
    fn accepts(self, state: usize) -> bool {
        match self {
            Kind::Blocks => matches!(state, LEADING_HOLE | AFTER_PEG | ONE_HOLE),
            Kind::Cores => state == AFTER_PEG,
        }
    }
}

/// The blocks of `word`, the cells of each: every maximal run from a peg to a peg with no gap
/// of three holes, with the hole before it and the hole after it when there are cells there.
/// Under normal play on the finite board the word's value is the XOR of its blocks' values
/// (see [`CanonicalWords`]); a word without a peg has no block.
///
/// # Complexity
///
/// O(|word|): one pass over its cells.
///
/// # Examples
///
/// ```
/// use unhop::games::blocks_of;
/// let word = "0011000101".parse().unwrap();
/// assert_eq!(blocks_of(&word), [1..5, 6..10]); // 0110 and 0101
/// assert!(blocks_of(&"000".parse().unwrap()).is_empty());
/// ```
pub fn blocks_of(word: &Word) -> Vec<Range<usize>> {
    let len = word.len();
    let cells = |(first, last): (usize, usize)| first.saturating_sub(1)..(last + 2).min(len);
    let mut blocks = Vec::new();
    // The first and last peg of the run being read.
    let mut run: Option<(usize, usize)> = None;
    for (i, peg) in word.iter().enumerate() {
        if !peg {
            continue;
        }
        run = match run {
            // Fewer than three holes since the run's last peg.
            Some((first, last)) if i - last <= 3 => Some((first, i)),
            Some(done) => {
                blocks.push(cells(done));
                Some((i, i))
            }
            None => Some((i, i)),
        };
    }
    blocks.extend(run.map(cells));
    blocks
}

/// The blocks of every length up to a maximum, ranked.
///
/// Under normal play on the finite board two holes at an end play as one, g(00w) = g(0w),
/// and a gap of three holes splits a word into a sum, g(u000w) = g(u0) ⊕ g(0w) (Lemma 1; the
/// weights that prove both are in the notes of [`FiniteTable`](super::FiniteTable)). So every
/// word's value is the XOR of the values of its *blocks*: the words with no gap of three holes
/// and at most one hole at each end. They are a regular language, recognised by an automaton
/// of five states (nothing read, one leading hole, and the last run of holes of length 0, 1
/// or 2), and they number about 1.84^n of length n against 2^n words in all.
///
/// A block of n cells is *ranked* by its place among the blocks of n cells in the order of
/// their texts (cell 0 first, `0` before `1`): the rank is a sum of counts of completions, one
/// for each peg, read off a table of the automaton's completions per state and length.
///
/// # Complexity
///
/// Building: O(L² · S) for lengths up to L (S = 5 states). Ranking a block of n cells: O(n).
///
/// # Examples
///
/// ```
/// use unhop::games::CanonicalWords;
/// let blocks = CanonicalWords::new(4).unwrap();
/// // 0, 1; 01, 10, 11; 010, 011, 101, 110, 111; …
/// assert_eq!((1..=4).map(|n| blocks.count(n)).collect::<Vec<_>>(), [2, 3, 5, 9]);
/// assert_eq!(blocks.rank("0110".parse().unwrap()), Some(1)); // 0101 comes first
/// assert_eq!(blocks.rank("0001".parse().unwrap()), None); // two holes at the start
/// ```
#[derive(Clone, Debug)]
pub struct CanonicalWords {
    kind: Kind,
    max_len: usize,
    /// `completions[r][s]`: the words of `r` cells that take state `s` to an accepting state.
    completions: Vec<[u64; STATES]>,
    /// `with_pegs[r][p][s]`: those of them with exactly `p` pegs.
    with_pegs: Vec<Vec<[u64; STATES]>>,
    /// `byte_steps[r][s][byte]`: reading the 8 cells `byte` in state `s` with `r` cells after
    /// them, the rank added and the state reached ([`DEAD`] for none).
    byte_steps: Vec<[[(u64, u8); 256]; STATES]>,
    /// `last_steps[w][s][cells]`: the same for the last `w` (0 to 7) cells of a word.
    last_steps: Vec<[[(u64, u8); 256]; STATES]>,
}

impl CanonicalWords {
    /// The blocks of lengths 1 to `max_len` (at most 64).
    ///
    /// # Complexity
    ///
    /// O(L² · S) time and memory for L = `max_len` (S = 5 states): the completions of every
    /// length from every state, by number of pegs; and O(L · S · 256 · 8) time, L · S · 256
    /// entries (1.2 MiB at L = 60), for the steps of eight cells and the last ones.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::CanonicalWords;
    /// let blocks = CanonicalWords::new(30).unwrap();
    /// assert_eq!(blocks.count(30), 69_700_671); // of 2^30 = 1,073,741,824 words
    /// assert_eq!(blocks.count_with_pegs(3, 2), 3); // 011, 101, 110
    /// ```
    ///
    /// An error when `max_len` is above 64 (a block is read as the bits of a `u64`).
    pub fn new(max_len: usize) -> Result<CanonicalWords, Error> {
        CanonicalWords::of_kind(Kind::Blocks, max_len)
    }

    /// The cores of lengths 1 to `max_len` (at most 64): the words with a peg at each end and
    /// no gap of three holes, which on the infinite board are not sums (a gap of three holes
    /// splits a word there: g(u000w) = g(u) ⊕ g(w)). Ranked, walked and counted as the blocks
    /// of [`CanonicalWords::new`] are; about 1.84^n of length n.
    ///
    /// # Complexity
    ///
    /// As [`CanonicalWords::new`].
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::CanonicalWords;
    /// let cores = CanonicalWords::cores(5).unwrap();
    /// // 1; 11; 101, 111; 1001, 1011, 1101, 1111; …
    /// assert_eq!((1..=4).map(|n| cores.count(n)).collect::<Vec<_>>(), [1, 1, 2, 4]);
    /// assert_eq!(cores.count(5), 7); // not 10001
    /// assert_eq!(cores.rank("1011".parse().unwrap()), Some(1)); // 1001 comes first
    /// assert_eq!(cores.rank("0110".parse().unwrap()), None);
    /// ```
    pub fn cores(max_len: usize) -> Result<CanonicalWords, Error> {
        CanonicalWords::of_kind(Kind::Cores, max_len)
    }

    fn of_kind(kind: Kind, max_len: usize) -> Result<CanonicalWords, Error> {
        let name = match kind {
            Kind::Blocks => "blocks",
            Kind::Cores => "cores",
        };
        if max_len > 64 {
            return Err(Error::new(format!("{name} of {max_len} cells: at most 64")));
        }
        let mut completions = vec![[0u64; STATES]; max_len + 1];
        let mut with_pegs = vec![vec![[0u64; STATES]; max_len + 1]; max_len + 1];
        for s in 0..STATES {
            completions[0][s] = u64::from(kind.accepts(s));
            with_pegs[0][0][s] = u64::from(kind.accepts(s));
        }
        for r in 1..=max_len {
            for s in 0..STATES {
                for peg in [false, true] {
                    let Some(next) = kind.step(s, peg) else {
                        continue;
                    };
                    completions[r][s] += completions[r - 1][next];
                    for p in usize::from(peg)..=r {
                        with_pegs[r][p][s] += with_pegs[r - 1][p - usize::from(peg)][next];
                    }
                }
            }
        }
        // Reading `width` cells `cells` from `state` with `rest` cells after them.
        let read = |state: usize, cells: usize, width: usize, rest: usize| {
            let (mut state, mut rank) = (Some(state), 0);
            for i in 0..width {
                let Some(s) = state else { break };
                let peg = cells >> i & 1 == 1;
                if peg && let Some(hole) = kind.step(s, false) {
                    rank += completions[rest + width - 1 - i][hole];
                }
                state = kind.step(s, peg);
            }
            (rank, state.map_or(DEAD, |s| s as u8))
        };
        let steps = |width: usize, rest: usize| {
            std::array::from_fn(|state| {
                std::array::from_fn(|cells| read(state, cells, width, rest))
            })
        };
        let byte_steps = (0..(max_len + 1).saturating_sub(STEP_CELLS))
            .map(|rest| steps(STEP_CELLS, rest))
            .collect();
        let last_steps = (0..=max_len.min(STEP_CELLS - 1))
            .map(|width| steps(width, 0))
            .collect();
        Ok(CanonicalWords {
            kind,
            max_len,
            completions,
            with_pegs,
            byte_steps,
            last_steps,
        })
    }

    /// The longest length ranked.
    pub fn max_len(&self) -> usize {
        self.max_len
    }

    /// The number of blocks of `len` cells (0 for none, or above the maximum).
    ///
    /// # Complexity
    ///
    /// O(1).
    pub fn count(&self, len: usize) -> u64 {
        match len {
            0 => 0,
            _ => self.completions.get(len).map_or(0, |c| c[START]),
        }
    }

    /// The number of blocks of `len` cells with `pegs` pegs.
    ///
    /// # Complexity
    ///
    /// O(1).
    pub fn count_with_pegs(&self, len: usize, pegs: usize) -> u64 {
        match len {
            0 => 0,
            _ => self
                .with_pegs
                .get(len)
                .and_then(|p| p.get(pegs))
                .map_or(0, |c| c[START]),
        }
    }

    /// The rank of `word` among the blocks of its length, or `None` when it is not a block
    /// (or longer than the maximum).
    ///
    /// # Complexity
    ///
    /// O(|word|).
    pub fn rank(&self, word: crate::word::Word) -> Option<u64> {
        let len = word.len();
        if len == 0 || len > self.max_len {
            return None;
        }
        self.rank_bits(word.bits_from(0), len)
    }

    /// The rank of the block whose cell i is bit i of `bits`, of `len` cells (1 to the
    /// maximum), or `None` when it is not a block.
    ///
    /// # Complexity
    ///
    /// O(len / 8): a table look-up for every eight cells, and one for the cells left.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::CanonicalWords;
    /// let blocks = CanonicalWords::new(3).unwrap();
    /// // 010, 011, 101, 110, 111: 110 is cell 0 and cell 1 pegs, bits 0b011.
    /// assert_eq!(blocks.rank_bits(0b011, 3), Some(3));
    /// assert_eq!(blocks.rank_bits(0b001, 3), None); // 100: two holes at the end
    /// ```
    pub fn rank_bits(&self, bits: u64, len: usize) -> Option<u64> {
        if len == 0 || len > self.max_len {
            return None;
        }
        let mut state = START;
        let mut rank = 0;
        let mut i = 0;
        while i + STEP_CELLS <= len {
            let (added, next) =
                self.byte_steps[len - i - STEP_CELLS][state][(bits >> i) as u8 as usize];
            if next == DEAD {
                return None;
            }
            (rank, state, i) = (rank + added, usize::from(next), i + STEP_CELLS);
        }
        let last = (bits >> i) as usize & ((1 << (len - i)) - 1);
        let (added, end) = self.last_steps[len - i][state][last];
        (end != DEAD && self.kind.accepts(usize::from(end))).then_some(rank + added)
    }

    /// Calls `each(bits, rank)` for every block of `len` cells with `pegs` pegs, in the order
    /// of their ranks.
    ///
    /// # Complexity
    ///
    /// O(len) per block (a depth-first walk of the automaton that enters no branch without a
    /// block at its end).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::CanonicalWords;
    /// let mut listed = Vec::new();
    /// CanonicalWords::new(3).unwrap().each_with_pegs(3, 2, &mut |bits, rank| listed.push((bits, rank)));
    /// assert_eq!(listed, [(0b110, 1), (0b101, 2), (0b011, 3)]); // 011, 101, 110
    /// ```
    pub fn each_with_pegs(&self, len: usize, pegs: usize, each: &mut impl FnMut(u64, u64)) {
        if self.count_with_pegs(len, pegs) > 0 {
            let start = Prefix {
                state: START,
                pegs,
                bits: 0,
                rank: 0,
            };
            self.walk(len, len, 0, start, &mut |p| each(p.bits, p.rank));
        }
    }

    /// [`CanonicalWords::each_with_pegs`] on every thread: the walks of the first cells are
    /// handed to the threads, `each` called from any of them, in no order.
    ///
    /// # Complexity
    ///
    /// As [`CanonicalWords::each_with_pegs`], on every thread.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::CanonicalWords;
    /// let blocks = CanonicalWords::new(20).unwrap();
    /// let ranks = std::sync::Mutex::new(Vec::new());
    /// blocks.par_each_with_pegs(20, 9, &|_, rank| ranks.lock().unwrap().push(rank));
    /// let mut ranks = ranks.into_inner().unwrap();
    /// ranks.sort();
    /// ranks.dedup();
    /// assert_eq!(ranks.len() as u64, blocks.count_with_pegs(20, 9));
    /// ```
    pub fn par_each_with_pegs(&self, len: usize, pegs: usize, each: &(impl Fn(u64, u64) + Sync)) {
        self.par_fold_with_pegs(len, pegs, || (), |(), bits, rank| each(bits, rank));
    }

    /// [`CanonicalWords::par_each_with_pegs`] with a call that may fail: the first error
    /// found is returned (a thread stops calling at its own first error).
    ///
    /// # Complexity
    ///
    /// As [`CanonicalWords::each_with_pegs`], on every thread.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Error, games::CanonicalWords};
    /// let blocks = CanonicalWords::new(12).unwrap();
    /// assert!(blocks.try_par_each_with_pegs(12, 5, &|_, _| Ok(())).is_ok());
    /// let refused = blocks.try_par_each_with_pegs(12, 8, &|bits, _| match bits {
    ///     0b011011011011 => Err(Error::new("not this one")), // 110110110110
    ///     _ => Ok(()),
    /// });
    /// assert_eq!(refused.unwrap_err().to_string(), "not this one");
    /// ```
    pub fn try_par_each_with_pegs(
        &self,
        len: usize,
        pegs: usize,
        each: &(impl Fn(u64, u64) -> Result<(), Error> + Sync),
    ) -> Result<(), Error> {
        let failed = self.par_fold_with_pegs(
            len,
            pegs,
            || None,
            |first: &mut Option<Error>, bits, rank| {
                if first.is_none() {
                    *first = each(bits, rank).err();
                }
            },
        );
        match failed.into_iter().flatten().next() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// Folds every block of `len` cells with `pegs` pegs into accumulators on every thread
    /// (each begun with `start`, `fold` called with the block's bits and rank, in no order),
    /// and returns them, one for each piece of work handed to a thread.
    ///
    /// # Complexity
    ///
    /// As [`CanonicalWords::each_with_pegs`], on every thread; up to 2^12 accumulators.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::CanonicalWords;
    /// let blocks = CanonicalWords::new(20).unwrap();
    /// let counts = blocks.par_fold_with_pegs(20, 9, || 0u64, |n, _, _| *n += 1);
    /// assert_eq!(counts.iter().sum::<u64>(), blocks.count_with_pegs(20, 9));
    /// ```
    pub fn par_fold_with_pegs<T: Send>(
        &self,
        len: usize,
        pegs: usize,
        start: impl Fn() -> T + Sync,
        fold: impl Fn(&mut T, u64, u64) + Sync,
    ) -> Vec<T> {
        use rayon::prelude::*;
        if self.count_with_pegs(len, pegs) == 0 {
            return Vec::new();
        }
        let first = Prefix {
            state: START,
            pegs,
            bits: 0,
            rank: 0,
        };
        let split = len.min(SPLIT_CELLS);
        let mut prefixes = Vec::new();
        self.walk(len, split, 0, first, &mut |p| prefixes.push(p));
        prefixes
            .par_iter()
            .fold(&start, |mut folded, &prefix| {
                self.walk(len, len, split, prefix, &mut |p| {
                    fold(&mut folded, p.bits, p.rank)
                });
                folded
            })
            .collect()
    }

    /// Walks the blocks of `len` cells from cell `i` on, the cells before read as `from`, and
    /// calls `each` with every walk that reaches cell `stop` on the way to a block.
    fn walk(&self, len: usize, stop: usize, i: usize, from: Prefix, each: &mut impl FnMut(Prefix)) {
        if i == stop {
            each(from);
            return;
        }
        let rest = len - i - 1;
        let hole = self.kind.step(from.state, false);
        if let Some(hole) = hole
            && self.with_pegs[rest][from.pegs][hole] > 0
        {
            let next = Prefix {
                state: hole,
                ..from
            };
            self.walk(len, stop, i + 1, next, each);
        }
        if from.pegs > 0 && self.with_pegs[rest][from.pegs - 1][AFTER_PEG] > 0 {
            let skipped = hole.map_or(0, |hole| self.completions[rest][hole]);
            let next = Prefix {
                state: AFTER_PEG,
                pegs: from.pegs - 1,
                bits: from.bits | 1 << i,
                rank: from.rank + skipped,
            };
            self.walk(len, stop, i + 1, next, each);
        }
    }
}
