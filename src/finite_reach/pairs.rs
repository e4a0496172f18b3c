//! The pair alphabet and the pair oracle.
//!
//! A pair of equal-length words (w, f) is read as one word over the four letter pairs
//! {0,1}×{0,1}: cell i gives the letter `2·wᵢ + fᵢ`, so `0` = (hole, hole), `1` = (hole, peg),
//! `2` = (peg, hole), `3` = (peg, peg). The relation R of the pairs with w →* f by hops on the
//! finite board is then a language over four letters, and [`ReachTable`] answers membership in
//! it by exhaustive reachability.

use crate::error::Error;
use crate::word::Word;

/// The number of letters of the pair alphabet.
pub const PAIR_LETTERS: usize = 4;

/// The letter of the cell pair (w, f): `2·w + f`.
///
/// ```
/// use unhop::finite_reach::{pair_letter, unpair_letter};
/// assert_eq!(pair_letter(true, false), 2);
/// assert_eq!(unpair_letter(1), (false, true));
/// ```
pub fn pair_letter(w: bool, f: bool) -> u8 {
    2 * u8::from(w) + u8::from(f)
}

/// The cell pair (w, f) of a letter (only its two low bits are read).
pub fn unpair_letter(letter: u8) -> (bool, bool) {
    (letter & 2 != 0, letter & 1 != 0)
}

/// The letters of the pair (w, f), which must have the same length.
pub fn pair_letters<'a>(w: &'a Word, f: &'a Word) -> impl Iterator<Item = u8> + 'a {
    w.iter().zip(f.iter()).map(|(a, b)| pair_letter(a, b))
}

/// The two words spelled by a word of letter pairs.
///
/// ```
/// use unhop::finite_reach::unpair;
/// let (w, f) = unpair(&[2, 2, 1]);
/// assert_eq!((w.to_string(), f.to_string()), ("110".to_string(), "001".to_string()));
/// ```
pub fn unpair(letters: &[u8]) -> (Word, Word) {
    let w = Word::from_cells(letters.iter().map(|&l| unpair_letter(l).0));
    let f = Word::from_cells(letters.iter().map(|&l| unpair_letter(l).1));
    (w, f)
}

/// Shows a pair as `w → f` (`ε → ε` for the empty pair).
pub fn show_pair(w: &Word, f: &Word) -> String {
    let show = |x: &Word| match x.len() {
        0 => "ε".to_string(),
        _ => x.to_string(),
    };
    format!("{} → {}", show(w), show(f))
}

/// Exhaustive finite-board reachability for every word up to a length: the pair oracle.
///
/// For each length n and each word w of n cells it keeps the set of words reachable from w
/// as a bit set of 2ⁿ bits, built by plain recursion (a word reaches itself and whatever its
/// one-hop successors reach; successors have one peg fewer, so words are done in order of
/// their peg counts). O(4ⁿ / 8) bytes and O(4ⁿ · n / 64) time for the longest length.
///
/// ```
/// use unhop::{Word, finite_reach::ReachTable};
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
    pub fn reaches(&self, w: &Word, f: &Word) -> bool {
        let (Some(w_bits), Some(f_bits)) = (w.to_bits(), f.to_bits()) else {
            return false;
        };
        w.len() == f.len() && self.reaches_bits(w.len(), w_bits as usize, f_bits as usize)
    }

    /// Whether the word of letter pairs is in R. Panics if it is longer than
    /// [`ReachTable::max_len`].
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
