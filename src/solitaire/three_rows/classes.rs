//! Myhill–Nerode classes and the learned minimal DFA, read off exhaustive bitmaps.
//!
//! The answers for every word of length l are one bitmap of A^l bits (A = 2^k letters, the
//! word's base-A number as index, first letter most significant). For a prefix p of length i
//! and code c, the answers for p·s over all suffixes s of length l are the bits
//! c·A^l .. (c+1)·A^l of the length-(i + l) bitmap: a contiguous slice. A row of the
//! Myhill–Nerode table is the concatenation of those slices for l = 0..=b, so the tables
//! are built by copying slices, never by asking word by word.

use super::sweep::BITMAP_STEPS;
use crate::automata::{Dfa, Learned, StateId};
use crate::budget::{Budget, Estimate, Meter};
use crate::error::Error;
use crate::progress::Progress;
use rustc_hash::{FxHashMap, FxHasher};
use std::hash::Hasher;

/// A set of words given by its answers for every length 0..=N: one bitmap per length over an
/// alphabet of 2^k letters.
///
/// # Complexity
/// Memory: the bitmaps, (A^0 + … + A^N) bits.
///
/// ```
/// use unhop::{Quiet, budget::Budget};
/// use unhop::solitaire::three_rows::{Languages, OnePegSet, class_count};
/// let budget = Budget::default();
/// let sets = (0..=4).map(|n| OnePegSet::compute(n, &budget, &Quiet).unwrap()).collect();
/// let one_peg = Languages::one_peg(sets).unwrap();
/// assert!(one_peg.get(&[6, 0])); // 10/10/00: the first column's hop down leaves one peg
/// assert!(!one_peg.get(&[4, 4])); // 11/00/00: no hop stays on the finite board
/// assert!(class_count(&one_peg, 2, 2, &budget).unwrap() > 2);
/// ```
#[derive(Clone, Debug)]
pub struct Languages {
    letter_bits: u32,
    by_length: Vec<Vec<u64>>,
}

impl Languages {
    /// The answers from one bitmap per length 0..=N over letters of `letter_bits` bits; an
    /// error when a bitmap has the wrong number of words.
    ///
    /// # Complexity
    ///
    /// O(total words) to check the bitmaps; they are kept, not copied.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::solitaire::three_rows::Languages;
    /// // One letter bit: the words of length 0 and 1, each bitmap one 64-bit word.
    /// let even = Languages::new(1, vec![vec![1], vec![0b01]]).unwrap();
    /// assert!(even.get(&[]) && even.get(&[0]) && !even.get(&[1]));
    /// ```
    pub fn new(letter_bits: u32, by_length: Vec<Vec<u64>>) -> Result<Languages, Error> {
        if !(1..=6).contains(&letter_bits) || by_length.is_empty() {
            return Err(Error::new(
                "answers need letters of 1 to 6 bits and at least the empty word",
            ));
        }
        for (len, words) in by_length.iter().enumerate() {
            let bits = 1u128 << (letter_bits as usize * len).min(127);
            if words.len() as u128 != bits.div_ceil(64) {
                return Err(Error::new(format!(
                    "the answers for length {len} have {} words, not {}",
                    words.len(),
                    bits.div_ceil(64)
                )));
            }
        }
        Ok(Languages {
            letter_bits,
            by_length,
        })
    }

    /// The one-peg language of 3-row grids (finite board) from the sets of n = 0, 1, …, N
    /// columns, in that order.
    ///
    /// # Complexity
    ///
    /// O(total words of the sets).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Quiet, budget::Budget, solitaire::three_rows::{Languages, OnePegSet}};
    /// let budget = Budget::default();
    /// let sets = (0..=2).map(|n| OnePegSet::compute(n, &budget, &Quiet).unwrap()).collect();
    /// let languages = Languages::one_peg(sets).unwrap();
    /// assert_eq!(languages.max_len(), 2);
    /// ```
    pub fn one_peg(sets: Vec<super::OnePegSet>) -> Result<Languages, Error> {
        let mut by_length = Vec::with_capacity(sets.len());
        for (n, set) in sets.into_iter().enumerate() {
            if set.n() != n {
                return Err(Error::new(format!(
                    "the one-peg sets go by width 0, 1, 2, …; width {} came at place {n}",
                    set.n()
                )));
            }
            by_length.push(set.into_words());
        }
        Languages::new(3, by_length)
    }

    /// The number of letters, 2^k.
    pub fn alphabet(&self) -> usize {
        1 << self.letter_bits
    }

    /// The longest length answered.
    pub fn max_len(&self) -> usize {
        self.by_length.len() - 1
    }

    /// The answer for the word of length `len` and base-A number `code`.
    pub fn get_code(&self, len: usize, code: u64) -> bool {
        self.by_length[len][(code >> 6) as usize] >> (code & 63) & 1 == 1
    }

    /// The answer for `word` (at most N letters, each below the alphabet).
    pub fn get(&self, word: &[u8]) -> bool {
        let code = word
            .iter()
            .fold(0u64, |code, &l| (code << self.letter_bits) | u64::from(l));
        self.get_code(word.len(), code)
    }

    /// The number of words of length `len` in the set.
    ///
    /// # Complexity
    ///
    /// O(2^(k·len)/64) population counts.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::solitaire::three_rows::Languages;
    /// let even = Languages::new(1, vec![vec![1], vec![0b01]]).unwrap();
    /// assert_eq!((even.count(0), even.count(1)), (1, 1));
    /// ```
    pub fn count(&self, len: usize) -> u64 {
        self.by_length[len]
            .iter()
            .map(|w| u64::from(w.count_ones()))
            .sum()
    }

    /// The 64-bit words of a row over the suffixes of length 0..=`b`: one slice per suffix
    /// length, each at least one word.
    fn row_words(&self, b: usize) -> u128 {
        (0..=b)
            .map(|l| {
                let shift = self.letter_bits as usize * l;
                if shift >= 6 { 1u128 << (shift - 6) } else { 1 }
            })
            .sum()
    }

    /// The prefixes of every length up to `len`, exclusive: A^0 + … + A^(len − 1).
    fn prefixes_below(&self, len: usize) -> u128 {
        (0..len)
            .map(|l| 1u128 << (self.letter_bits as usize * l).min(127))
            .sum()
    }

    /// The row of prefix (`len`, `code`) over the suffixes of length 0..=`b`, into `row`:
    /// one slice per suffix length, each starting on a fresh 64-bit word.
    fn row(&self, len: usize, code: u64, b: usize, row: &mut Vec<u64>) {
        row.clear();
        for l in 0..=b {
            let shift = self.letter_bits as usize * l;
            let words = &self.by_length[len + l];
            if shift >= 6 {
                let per = 1usize << (shift - 6);
                let start = code as usize * per;
                row.extend_from_slice(&words[start..start + per]);
            } else {
                let first = code << shift;
                let slice = words[(first >> 6) as usize] >> (first & 63);
                row.push(slice & ((1u64 << (1u64 << shift)) - 1));
            }
        }
    }
}

/// A table of distinct rows, each kept by its first prefix and found again by a hash of the
/// row; equal hashes are checked by comparing the rows themselves, so the count is exact.
/// Every row built is charged to the meter, a bitmap step a 64-bit word.
struct Rows<'a> {
    answers: &'a Languages,
    b: usize,
    by_hash: FxHashMap<u64, Vec<(usize, u64, StateId)>>,
    classes: StateId,
    row: Vec<u64>,
    other: Vec<u64>,
    meter: &'a Meter,
    row_words: u64,
}

/// The bytes a class takes at most in the table of rows: its slot in the hash map (four
/// times, with the control byte: the table's growth) and its entry in a vector that holds
/// room for four.
const CLASS_BYTES: u128 = 4 * (size_of::<(u64, Vec<(usize, u64, StateId)>)>() as u128 + 1)
    + 4 * size_of::<(usize, u64, StateId)>() as u128;

impl<'a> Rows<'a> {
    fn new(answers: &'a Languages, b: usize, meter: &'a Meter) -> Rows<'a> {
        Rows {
            answers,
            b,
            by_hash: FxHashMap::default(),
            classes: 0,
            row: Vec::new(),
            other: Vec::new(),
            meter,
            row_words: answers.row_words(b) as u64,
        }
    }

    /// The class of the prefix's row, `Ok(Err(hash))` when no earlier prefix has it.
    fn find(&mut self, len: usize, code: u64) -> Result<Result<StateId, u64>, Error> {
        self.meter.charge(self.row_words)?;
        self.answers.row(len, code, self.b, &mut self.row);
        let mut hasher = FxHasher::default();
        for &w in &self.row {
            hasher.write_u64(w);
        }
        let hash = hasher.finish();
        if let Some(known) = self.by_hash.get(&hash) {
            for &(l, c, class) in known {
                self.meter.charge(self.row_words)?;
                self.answers.row(l, c, self.b, &mut self.other);
                if self.other == self.row {
                    return Ok(Ok(class));
                }
            }
        }
        Ok(Err(hash))
    }

    /// The class of the prefix's row, a new one when no earlier prefix has it.
    fn class(&mut self, len: usize, code: u64) -> Result<StateId, Error> {
        Ok(match self.find(len, code)? {
            Ok(class) => class,
            Err(hash) => {
                let class = self.classes;
                self.by_hash
                    .entry(hash)
                    .or_default()
                    .push((len, code, class));
                self.classes += 1;
                class
            }
        })
    }
}

/// What building the rows of `prefixes` prefixes costs at most: each row built once and
/// compared with the row of the class it joins (a third time only on a collision of 64-bit
/// hashes), and a class's room for each.
fn rows_cost(answers: &Languages, b: usize, prefixes: u128) -> (u128, u128) {
    let words = answers.row_words(b);
    (2 * prefixes * words, prefixes * CLASS_BYTES + 16 * words)
}

/// The number of Myhill–Nerode classes among the prefixes of length ≤ `a`, two prefixes being
/// in one class when no suffix of length ≤ `b` tells them apart (as
/// [`crate::automata::nerode_classes`], read off the bitmaps). A lower bound on the states of
/// any DFA agreeing with the set up to length a + b.
///
/// Under `budget`, admitted with an estimate of the row words it copies (in
/// [`super::BITMAP_STEPS`]) and of its table; an input error when a + b is beyond the
/// answers.
///
/// # Complexity
/// O((A^0 + … + A^a) · (A^0 + … + A^b) / 64) word copies and hashes, and one stored prefix
/// per class.
///
/// # Examples
///
/// ```
/// use unhop::automata::{Answers, nerode_classes};
/// use unhop::solitaire::three_rows::{Languages, class_count};
/// // Words over {0, 1} with an even number of 1s, as bitmaps of lengths 0..=6.
/// let by_length = (0..=6u32)
///     .map(|len| {
///         let mut words = vec![0u64; (1usize << len).div_ceil(64)];
///         for code in 0..1u64 << len {
///             if code.count_ones() % 2 == 0 {
///                 words[(code >> 6) as usize] |= 1 << (code & 63);
///             }
///         }
///         words
///     })
///     .collect();
/// let even = Languages::new(1, by_length).unwrap();
/// let answers = Answers::ask(2, 6, &mut |w: &[u8]| w.iter().filter(|&&l| l == 1).count() % 2 == 0);
/// let budget = unhop::budget::Budget::default();
/// assert_eq!(class_count(&even, 3, 3, &budget).unwrap(), nerode_classes(&answers, 3, 3));
/// assert_eq!(class_count(&even, 3, 3, &budget).unwrap(), 2);
/// assert!(class_count(&even, 4, 3, &budget).is_err());
/// ```
pub fn class_count(
    answers: &Languages,
    a: usize,
    b: usize,
    budget: &Budget,
) -> Result<usize, Error> {
    if a + b > answers.max_len() {
        return Err(Error::new(format!(
            "the answers go up to length {}, not {a} + {b}",
            answers.max_len()
        )));
    }
    let (work, bytes) = rows_cost(answers, b, answers.prefixes_below(a + 1));
    let meter = budget.admit(
        format!("the classes of the prefixes up to length {a}"),
        BITMAP_STEPS,
        work,
        bytes,
    )?;
    let mut rows = Rows::new(answers, b, &meter);
    for len in 0..=a {
        for code in 0..1u64 << (answers.letter_bits as usize * len) {
            rows.class(len, code)?;
        }
    }
    Ok(rows.classes as usize)
}

/// Learns the minimal DFA that agrees with the answers on every word of length ≤ `max_len`
/// (at most N), as [`crate::automata::learn`] does from an oracle: prefixes up to
/// a = ⌈max_len/2⌉, suffixes up to b = max_len − a; the states are the distinct rows of the
/// prefixes shorter than a; an error when the table is not closed (a prefix of length a is
/// told apart from every shorter one) or the automaton disagrees with an answer. Reports
/// progress in prefixes and words checked.
///
/// Under `budget`, admitted with an estimate (in [`super::BITMAP_STEPS`]) of the row words
/// copied for the prefixes shorter than a and their extensions by a letter, and of the words
/// checked; in bytes, of its tables, the automaton and the stack of the check.
///
/// # Complexity
/// As [`class_count`] for the table, and O(A^0 + … + A^max_len) steps for the final check.
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget};
/// use unhop::solitaire::three_rows::{Languages, OnePegSet, learn_from};
/// let budget = Budget::default();
/// let sets = (0..=4).map(|n| OnePegSet::compute(n, &budget, &Quiet).unwrap()).collect();
/// let one_peg = Languages::one_peg(sets).unwrap();
/// // Four columns are far too few to learn the language: the table is not closed.
/// let err = learn_from(&one_peg, 4, &budget, &Quiet).unwrap_err().to_string();
/// assert!(err.contains("not closed"), "{err}");
/// ```
pub fn learn_from(
    answers: &Languages,
    max_len: usize,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<Learned, Error> {
    if max_len < 2 || max_len > answers.max_len() {
        return Err(Error::new(format!(
            "learning needs a bound from 2 to the longest length answered, {}; not {max_len}",
            answers.max_len()
        )));
    }
    let alphabet = answers.alphabet();
    let bits = answers.letter_bits as usize;
    let a = max_len.div_ceil(2);
    let b = max_len - a;
    let meter = budget.admit_estimate(&learn_estimate(answers, max_len))?;
    let mut rows = Rows::new(answers, b, &meter);
    let mut access: Vec<(usize, u64)> = Vec::new();
    progress.start("the table of prefixes", None);
    for len in 0..a {
        for code in 0..1u64 << (bits * len) {
            if rows.class(len, code)? as usize == access.len() {
                access.push((len, code));
            }
        }
        progress.advance(1 << (bits * len));
    }
    let mut next: Vec<StateId> = Vec::with_capacity(access.len() * alphabet);
    for &(len, code) in &access {
        for letter in 0..alphabet as u64 {
            let extended = (code << bits) | letter;
            let target = rows.find(len + 1, extended)?.map_err(|_| {
                Error::new(format!(
                    "the table at bound {max_len} is not closed: the prefix {} is told apart \
                     from every shorter one ({} classes among the shorter prefixes); learn \
                     with a larger bound",
                    spell(bits, len + 1, extended),
                    access.len()
                ))
            })?;
            next.push(target);
        }
    }
    let accepting = access
        .iter()
        .map(|&(len, code)| answers.get_code(len, code))
        .collect();
    let dfa = Dfa::new(alphabet, next, accepting, 0)?;
    progress.start("checking the automaton against every answer", None);
    // Depth-first over every word up to max_len, with the state of each prefix.
    let mut stack: Vec<(usize, u64, StateId)> = vec![(0, 0, dfa.start())];
    let mut checked = 0u64;
    while let Some((len, code, state)) = stack.pop() {
        if dfa.is_accepting(state) != answers.get_code(len, code) {
            return Err(Error::new(format!(
                "the automaton of the table at bound {max_len} disagrees with the answers on \
                 {}; learn with a larger bound",
                spell(bits, len, code)
            )));
        }
        if len < max_len {
            for letter in 0..alphabet as u64 {
                stack.push((
                    len + 1,
                    (code << bits) | letter,
                    dfa.next(state, letter as u8),
                ));
            }
        }
        checked += 1;
        if checked & 0xfffff == 0 {
            meter.charge(0x100000)?;
            progress.advance(0x100000);
        }
    }
    meter.charge(checked & 0xfffff)?;
    let queries = (0..=max_len).map(|l| 1u64 << (bits * l)).sum();
    Ok(Learned {
        dfa,
        max_len,
        prefix_len: a,
        suffix_len: b,
        queries,
    })
}

/// What [`learn_from`] at `max_len` costs at most: the rows of the prefixes shorter than
/// a = ⌈max_len/2⌉ and of their extensions by a letter (as [`rows_cost`]), and every word up
/// to `max_len` checked; in bytes, the table, the automaton (twice: its transitions as built
/// and as kept) and the stack of the check (a vector that grows by doubling).
fn learn_estimate(answers: &Languages, max_len: usize) -> Estimate {
    let a = max_len.div_ceil(2);
    let alphabet = answers.alphabet() as u128;
    let classes = answers.prefixes_below(a);
    let (table_work, table_bytes) = rows_cost(answers, max_len - a, classes * (1 + alphabet));
    let automaton = classes * (2 * 4 * alphabet + 1 + 3 * size_of::<(usize, u64)>() as u128);
    let stack = 3 * (max_len as u128 * alphabet + 1) * size_of::<(usize, u64, StateId)>() as u128;
    Estimate {
        what: format!("learning from the answers up to length {max_len}"),
        unit: BITMAP_STEPS,
        work: table_work + answers.prefixes_below(max_len + 1),
        bytes: table_bytes + automaton + stack,
    }
}

/// A word by its code: a 3-row grid for 8 letters, else its letters separated by commas.
fn spell(bits: usize, len: usize, code: u64) -> String {
    if bits == 3 {
        return super::Grid::from_index(len, code).to_string();
    }
    let letters: Vec<String> = (0..len)
        .rev()
        .map(|i| ((code >> (bits * i)) & ((1 << bits) - 1)).to_string())
        .collect();
    format!("[{}]", letters.join(","))
}
