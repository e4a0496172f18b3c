//! Words: configurations of pegs (`1`) and holes (`0`) on a row, bit-packed.
//!
//! A [`Word`] stores one bit per cell, 64 cells to a `u64`, cell `i` at bit `i % 64` of block
//! `i / 64`. Parsing accepts `0`/`1` and `.`/`x` (a hole and a peg, as puzzle books draw them) and packs eight characters at a
//! time; display always uses `0`/`1`. Families of words such as `011(01)^n0` are
//! [`Pattern`]s.

mod pattern;

pub use pattern::Pattern;

use crate::error::Error;
use std::fmt;
use std::ops::Range;

/// The longest word the crate accepts, in cells (32 Mi cells).
///
/// The linear-time solver needs about 14 bytes a cell, so this keeps any single request under
/// half a gigabyte; longer inputs are refused with an error rather than risking the machine.
pub const MAX_LEN: usize = 1 << 25;

/// A configuration of pegs and holes on a row of cells.
///
/// ```
/// use unhop::Word;
/// let w: Word = "..x1x.".parse().unwrap();
/// assert_eq!(w.to_string(), "001110");
/// assert_eq!(w.pegs(), 3);
/// assert_eq!(w.trimmed().to_string(), "111");
/// assert_eq!("0110".parse::<Word>().unwrap().reversed().to_string(), "0110");
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Word {
    len: usize,
    blocks: Vec<u64>,
}

const LANES_LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
const LANES_HIGH: u64 = 0x8080_8080_8080_8080;

/// The high bit of each byte lane of `x` that equals `byte`, exactly (no false positives).
fn lanes_equal(x: u64, byte: u8) -> u64 {
    let t = x ^ (u64::from(byte) * 0x0101_0101_0101_0101);
    !(((t & LANES_LOW) + LANES_LOW) | t) & LANES_HIGH
}

/// Gathers the high bits of the eight byte lanes into one byte, lane `i` at bit `i`.
fn gather_lanes(high_bits: u64) -> u8 {
    ((high_bits >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

/// The cells of eight characters, read as one little-endian `u64` (character `i` in byte
/// lane `i`), as the bits of a byte (cell `i` at bit `i`, a peg 1); or the lane of the first
/// character that is not `0`, `1`, `.` or `x`. O(1): a few word operations, a fast path for
/// `0`/`1` alone.
pub(crate) fn pack_eight_cells(x: u64) -> Result<u8, usize> {
    // Every byte 0x30 or 0x31: the low bits are the cells.
    if x & 0xfefe_fefe_fefe_fefe == 0x3030_3030_3030_3030 {
        return Ok(gather_lanes((x & 0x0101_0101_0101_0101) << 7));
    }
    let pegs = lanes_equal(x, b'1') | lanes_equal(x, b'x');
    let holes = lanes_equal(x, b'0') | lanes_equal(x, b'.');
    match pegs | holes == LANES_HIGH {
        true => Ok(gather_lanes(pegs)),
        false => Err((!(pegs | holes) & LANES_HIGH).trailing_zeros() as usize / 8),
    }
}

/// Why a text is not a word: a character that is not a cell (at this byte), or a word refused
/// as a whole.
pub(crate) enum NotCells {
    BadChar(usize),
    Refused(Error),
}

/// Whether a character is a cell, and then whether it is a peg: `Some(true)` for `1` and
/// `x`, `Some(false)` for `0` and `.`, `None` for any other byte.
pub(crate) fn cell_of(byte: u8) -> Option<bool> {
    match byte {
        b'1' | b'x' => Some(true),
        b'0' | b'.' => Some(false),
        _ => None,
    }
}

impl Word {
    /// Parses a word of `0`, `1`, `.` (hole) and `x` (peg).
    ///
    /// Errors name the first bad character and its position, or say that the word is empty or
    /// longer than [`MAX_LEN`].
    ///
    /// # Complexity
    ///
    /// O(n) time for n characters, eight a step (eight bytes tested at once in one `u64`);
    /// one allocation of ⌈n / 64⌉ words, n / 8 bytes. An error counts the characters before the
    /// bad one, O(n) more.
    ///
    /// # Examples
    ///
    /// ```
    /// let word = unhop::Word::parse("..x1x.0").unwrap();
    /// assert_eq!((word.to_string(), word.pegs()), ("0011100".to_string(), 3));
    /// let err = unhop::Word::parse("").unwrap_err();
    /// assert!(err.to_string().contains("empty"));
    /// assert!(unhop::Word::parse("0120").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Word, Error> {
        Word::parse_cells(text).map_err(|failure| match failure {
            NotCells::BadChar(at) => bad_char(text, at),
            NotCells::Refused(error) => error,
        })
    }

    /// [`Word::parse`], a bad character told apart from the other errors (an empty word, a
    /// word too long), so that [`Pattern::single_word`] reads such a text as a pattern.
    pub(crate) fn parse_cells(text: &str) -> Result<Word, NotCells> {
        let bytes = text.as_bytes();
        if bytes.is_empty() {
            return Err(NotCells::Refused(Error::new(
                "the word is empty: give at least one cell (0 or 1)",
            )));
        }
        if bytes.len() > MAX_LEN {
            return Err(NotCells::Refused(Error::new(format!(
                "the word has {} characters, more than the limit of {MAX_LEN} cells",
                bytes.len()
            ))));
        }
        let mut word = Word::holes(bytes.len());
        let mut chunks = bytes.chunks_exact(8);
        for (i, chunk) in chunks.by_ref().enumerate() {
            let x = u64::from_le_bytes(chunk.try_into().expect("chunks of eight bytes"));
            let cells = pack_eight_cells(x).map_err(|lane| NotCells::BadChar(8 * i + lane))?;
            word.blocks[i / 8] |= u64::from(cells) << (8 * (i % 8));
        }
        let done = bytes.len() - chunks.remainder().len();
        for (k, &b) in chunks.remainder().iter().enumerate() {
            let peg = cell_of(b).ok_or(NotCells::BadChar(done + k))?;
            if peg {
                word.set(done + k, true);
            }
        }
        Ok(word)
    }

    /// A word of `len` holes.
    pub fn holes(len: usize) -> Word {
        Word {
            len,
            blocks: vec![0; len.div_ceil(64)],
        }
    }

    /// The word whose cells are the given pegs (`true`) and holes (`false`).
    ///
    /// # Complexity
    ///
    /// O(n) time for n cells, one bit each; memory: ⌈n / 64⌉ words of 8 bytes, the vector growing
    /// as blocks fill (amortised O(1) a block).
    ///
    /// # Examples
    ///
    /// ```
    /// let w = unhop::Word::from_cells([true, false, true]);
    /// assert_eq!(w.to_string(), "101");
    /// let long = unhop::Word::from_cells((0..130).map(|i| i % 2 == 0));
    /// assert_eq!((long.len(), long.pegs()), (130, 65));
    /// ```
    pub fn from_cells(cells: impl IntoIterator<Item = bool>) -> Word {
        let (mut blocks, mut len, mut block) = (Vec::new(), 0, 0u64);
        for peg in cells {
            block |= u64::from(peg) << (len % 64);
            len += 1;
            if len % 64 == 0 {
                blocks.push(block);
                block = 0;
            }
        }
        if len % 64 != 0 {
            blocks.push(block);
        }
        Word { len, blocks }
    }

    /// The word of length `len` whose cell `i` is bit `i` of `bits` (`len` ≤ 128).
    ///
    /// ```
    /// assert_eq!(unhop::Word::from_bits(0b0110, 5).to_string(), "01100");
    /// ```
    pub fn from_bits(bits: u128, len: usize) -> Word {
        assert!(len <= 128, "from_bits takes at most 128 cells");
        let mut word = Word::holes(len);
        for (i, block) in word.blocks.iter_mut().enumerate() {
            *block = (bits >> (64 * i)) as u64;
        }
        word.clear_tail();
        word
    }

    /// Cells 0..len as the bits of a `u128` (cell `i` at bit `i`), if the word fits.
    pub fn to_bits(&self) -> Option<u128> {
        (self.len <= 128).then(|| {
            self.blocks
                .iter()
                .enumerate()
                .fold(0, |acc, (i, &b)| acc | u128::from(b) << (64 * i))
        })
    }

    /// An empty word with room for `cells` cells, so pushing that many never reallocates.
    pub(crate) fn with_capacity(cells: usize) -> Word {
        Word {
            len: 0,
            blocks: Vec::with_capacity(cells.div_ceil(64)),
        }
    }

    /// Appends `copies` more copies of the cells from `start` to the end. O(copies × (len −
    /// start)) time, the number of cells added.
    pub(crate) fn repeat_from(&mut self, start: usize, copies: usize) {
        let end = self.len;
        for _ in 0..copies {
            for i in start..end {
                let peg = self.get(i);
                self.push(peg);
            }
        }
    }

    /// Appends a cell at the right end.
    pub fn push(&mut self, peg: bool) {
        if self.len % 64 == 0 {
            self.blocks.push(0);
        }
        self.len += 1;
        self.set(self.len - 1, peg);
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the word has no cells at all.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether cell `i` holds a peg. Panics if `i` is not below [`len`](Word::len).
    pub fn get(&self, i: usize) -> bool {
        assert!(
            i < self.len,
            "cell {i} is outside a word of length {}",
            self.len
        );
        self.blocks[i / 64] >> (i % 64) & 1 == 1
    }

    /// Puts a peg (`true`) or a hole into cell `i`. Panics if `i` is not below the length.
    ///
    /// # Complexity
    ///
    /// O(1): one bit of one block; no allocation.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut w = unhop::Word::holes(4);
    /// w.set(1, true);
    /// w.set(3, true);
    /// w.set(3, false);
    /// assert_eq!(w.to_string(), "0100");
    /// ```
    pub fn set(&mut self, i: usize, peg: bool) {
        assert!(
            i < self.len,
            "cell {i} is outside a word of length {}",
            self.len
        );
        let bit = 1u64 << (i % 64);
        if peg {
            self.blocks[i / 64] |= bit;
        } else {
            self.blocks[i / 64] &= !bit;
        }
    }

    /// The number of pegs, in O(n / 64).
    pub fn pegs(&self) -> usize {
        self.blocks.iter().map(|b| b.count_ones() as usize).sum()
    }

    /// The cells from the first peg to the last; empty (at 0) when there is no peg.
    ///
    /// # Complexity
    ///
    /// O(n / 64) time for n cells, a block at a time from each end; no allocation.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!("0010100".parse::<unhop::Word>().unwrap().peg_span(), 2..5);
    /// assert_eq!(unhop::Word::holes(200).peg_span(), 0..0);
    /// ```
    pub fn peg_span(&self) -> Range<usize> {
        let first = self.blocks.iter().position(|&b| b != 0);
        let last = self.blocks.iter().rposition(|&b| b != 0);
        match (first, last) {
            (Some(f), Some(l)) => {
                let start = 64 * f + self.blocks[f].trailing_zeros() as usize;
                let end = 64 * l + 64 - self.blocks[l].leading_zeros() as usize;
                start..end
            }
            _ => 0..0,
        }
    }

    /// The word without the holes at either end (empty when there is no peg).
    pub fn trimmed(&self) -> Word {
        self.slice(self.peg_span())
    }

    /// Cells `range` as a word of their own. Panics if `range` ends past the word.
    ///
    /// # Complexity
    ///
    /// O(m / 64) time for a slice of m cells, 64 cells a step; one allocation of ⌈m / 64⌉ words.
    ///
    /// # Examples
    ///
    /// ```
    /// let w: unhop::Word = "0110100".parse().unwrap();
    /// assert_eq!(w.slice(1..5).to_string(), "1101");
    /// assert!(w.slice(3..3).is_empty());
    /// ```
    pub fn slice(&self, range: Range<usize>) -> Word {
        assert!(
            range.end <= self.len,
            "slice {range:?} outside a word of length {}",
            self.len
        );
        let mut word = Word::holes(range.len());
        for (k, block) in word.blocks.iter_mut().enumerate() {
            *block = self.bits_from(range.start + 64 * k);
        }
        word.clear_tail();
        word
    }

    /// The word read right to left.
    pub fn reversed(&self) -> Word {
        Word::from_cells((0..self.len).rev().map(|i| self.get(i)))
    }

    /// The cells, left to right.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = bool> + ExactSizeIterator + '_ {
        (0..self.len).map(|i| self.blocks[i / 64] >> (i % 64) & 1 == 1)
    }

    /// The packed cells, eight to a byte (cell `8k + j` at bit `j` of byte `k`); the last byte
    /// holds `len % 8` cells (or eight) and zero bits above them.
    pub fn packed_bytes(&self) -> impl Iterator<Item = u8> + '_ {
        self.blocks
            .iter()
            .flat_map(|b| b.to_le_bytes())
            .take(self.len.div_ceil(8))
    }

    /// The 64 cells starting at `start` as bits, cell `start + i` at bit `i` (cells past the
    /// end read as holes).
    pub fn bits_from(&self, start: usize) -> u64 {
        let (block, shift) = (start / 64, start % 64);
        let low = self.blocks.get(block).map_or(0, |b| b >> shift);
        let high = match shift {
            0 => 0,
            _ => self.blocks.get(block + 1).map_or(0, |b| b << (64 - shift)),
        };
        low | high
    }

    /// Clears the bits above `len` in the last block, keeping equality and hashing exact.
    fn clear_tail(&mut self) {
        if self.len % 64 != 0 {
            if let Some(last) = self.blocks.last_mut() {
                *last &= (1u64 << (self.len % 64)) - 1;
            }
        }
    }
}

fn bad_char(text: &str, byte_index: usize) -> Error {
    let found = text[byte_index..].chars().next().unwrap_or('?');
    let position = text[..byte_index].chars().count();
    Error::at(
        text,
        position,
        format!("unexpected character {found:?} (a word has only 0, 1, '.' and 'x')"),
    )
}

impl std::str::FromStr for Word {
    type Err = Error;
    fn from_str(text: &str) -> Result<Word, Error> {
        Word::parse(text)
    }
}

/// The word's text, written 64 cells at a time through a buffer on the stack (no allocation).
impl fmt::Display for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = [0u8; 64];
        for (k, block) in self.blocks.iter().enumerate() {
            for (eight, cells) in text.chunks_exact_mut(8).zip(block.to_le_bytes()) {
                eight.copy_from_slice(&unpack_eight_cells(cells).to_le_bytes());
            }
            let n = (self.len - 64 * k).min(64);
            f.write_str(std::str::from_utf8(&text[..n]).expect("0s and 1s"))?;
        }
        Ok(())
    }
}

/// The characters (`0`, `1`) of eight cells (cell `i` at bit `i`) in the byte lanes of a
/// little-endian `u64`, character `i` in lane `i`: the inverse of [`pack_eight_cells`]. O(1).
fn unpack_eight_cells(cells: u8) -> u64 {
    let spread = u64::from(cells).wrapping_mul(0x0101_0101_0101_0101) & 0x8040_2010_0804_0201;
    let pegs = (spread + LANES_LOW) & LANES_HIGH;
    (pegs >> 7) | 0x3030_3030_3030_3030
}

/// A word serialises as its text of `0`s and `1`s.
impl serde::Serialize for Word {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A word's schema: a string of `0`s and `1`s.
impl schemars::JsonSchema for Word {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Word".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A row of cells: 1 a peg, 0 a hole; cell 0 first.",
            "type": "string",
            "pattern": "^[01]*$"
        })
    }
}

impl fmt::Debug for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Word({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The slow twin of the packed parser: one character at a time.
    fn parse_slowly(text: &str) -> Option<Vec<bool>> {
        text.chars()
            .map(|c| match c {
                '1' | 'x' => Some(true),
                '0' | '.' => Some(false),
                _ => None,
            })
            .collect()
    }

    proptest::proptest! {
        #[test]
        fn packed_parse_matches_char_by_char(text in "[01.x]{1,200}") {
            let word = Word::parse(&text).unwrap();
            let cells: Vec<bool> = word.iter().collect();
            proptest::prop_assert_eq!(Some(cells), parse_slowly(&text));
        }

        #[test]
        fn first_bad_character_is_reported(text in "[01.x]{0,80}", bad in "[^01.x]", tail in ".{0,20}") {
            let input = format!("{text}{bad}{tail}");
            let err = Word::parse(&input).unwrap_err();
            proptest::prop_assert_eq!(err.column(), Some(text.chars().count()));
        }

        #[test]
        fn slicing_and_reversal_agree_with_vectors(text in "[01]{1,300}", a in 0usize..300, b in 0usize..300) {
            let word = Word::parse(&text).unwrap();
            let (lo, hi) = (a.min(b).min(text.len()), a.max(b).min(text.len()));
            proptest::prop_assert_eq!(word.slice(lo..hi).to_string(), &text[lo..hi]);
            let rev: String = text.chars().rev().collect();
            proptest::prop_assert_eq!(word.reversed().to_string(), rev);
            let trimmed = text.trim_matches('0');
            proptest::prop_assert_eq!(word.trimmed().to_string(), trimmed);
            proptest::prop_assert_eq!(word.pegs(), text.matches('1').count());
        }
    }

    #[test]
    fn empty_and_overlong_words_are_refused() {
        assert!(Word::parse("").is_err());
        let long = "0".repeat(MAX_LEN + 1);
        assert!(
            Word::parse(&long)
                .unwrap_err()
                .to_string()
                .contains("limit")
        );
    }

    #[test]
    fn non_ascii_position_counts_characters() {
        let err = Word::parse("10é1").unwrap_err();
        assert_eq!(err.column(), Some(2));
        assert!(err.to_string().contains('é'));
    }
}
