//! Whether a word reduces to one peg, for a word read in pieces: a word of any length (a file
//! or a pipe of 10^10 cells) checked in constant memory, at the one-peg DFA's rate.
//!
//! [`StreamCheck`] carries the state of the language's minimal DFA ([`Language::packed_dfa`])
//! from piece to piece: the cells of a piece are read eight at a time (one `u64` of
//! characters, packed into a byte by a few word operations, then one table load), and the
//! cells left over at the piece's end (fewer than eight) one at a time. It counts the cells
//! and reports the first character that is not a cell with its position in the word.

use super::{Board, Language};
use crate::automata::{PackedDfa, StateId};
use crate::error::Error;
use crate::word::{Word, cell_of, pack_eight_cells};
use std::fmt;

/// A membership check of the one-peg language on one board, fed a word's characters (`0`,
/// `1`, `.`, `x`) in pieces of any size; [`StreamCheck::reduces`] is then the verdict of
/// [`Language::contains`] on the whole word.
///
/// Memory: the struct itself (a state, a count, a reference to the language's tables); no
/// allocation however long the word.
///
/// ```
/// use unhop::solitaire::{Board, StreamCheck};
/// let mut check = StreamCheck::new(Board::Infinite);
/// for piece in ["11", "0101010", "1", "01"] {
///     check.feed(piece.as_bytes()).unwrap();
/// }
/// assert_eq!(check.cells(), 12);
/// assert!(check.reduces()); // 11(01)^5 is in L
/// ```
#[derive(Clone, Debug)]
pub struct StreamCheck {
    packed: &'static PackedDfa,
    state: StateId,
    cells: u64,
    /// The first [`StreamCheck::FIRST_CELLS`] cells, cell `i` at bit `i`.
    first_cells: u32,
}

/// A character of a streamed word that is not a cell: its position in the word (0-based,
/// counted over every piece fed before) and what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadCell {
    /// The 0-based position of the character in the word: the number of cells before it.
    pub position: u64,
    /// The byte at that position.
    pub byte: u8,
    /// The character the byte starts, when its piece holds all of it and it is UTF-8.
    pub character: Option<char>,
}

impl fmt::Display for BadCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.character {
            Some(found) => write!(f, "unexpected character {found:?}")?,
            None => write!(f, "unexpected byte 0x{:02x}", self.byte)?,
        }
        write!(
            f,
            " at position {} (a word has only 0, 1, '.' and 'x')",
            self.position
        )
    }
}

impl From<BadCell> for Error {
    fn from(bad: BadCell) -> Error {
        Error::new(bad).at_column(usize::try_from(bad.position).unwrap_or(usize::MAX))
    }
}

impl StreamCheck {
    /// A check of the empty word on `board`, ready to be fed.
    ///
    /// # Complexity
    ///
    /// O(1) once the board's [`Language`] is compiled (a few milliseconds, once per process).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::solitaire::{Board, StreamCheck};
    /// let check = StreamCheck::new(Board::Finite);
    /// assert_eq!((check.cells(), check.reduces()), (0, false));
    /// ```
    pub fn new(board: Board) -> StreamCheck {
        let packed = Language::of(board).packed_dfa();
        StreamCheck {
            packed,
            state: packed.dfa().start(),
            cells: 0,
            first_cells: 0,
        }
    }

    /// How many of the word's first cells are kept, to show it: [`StreamCheck::first_cells`].
    pub const FIRST_CELLS: usize = 20;

    /// Reads the next piece of the word: `0` and `.` are holes, `1` and `x` pegs. A piece
    /// with another character is refused with the character's position in the word, and
    /// leaves the check as it was before the piece.
    ///
    /// # Complexity
    ///
    /// O(p) time for a piece of p characters: one table load per eight cells, plus one step per
    /// cell of the piece's last p mod 8. No allocation.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::solitaire::{Board, StreamCheck};
    /// let mut check = StreamCheck::new(Board::Finite);
    /// check.feed(b".x").unwrap();
    /// let bad = check.feed(b"x1a1").unwrap_err();
    /// assert_eq!((bad.position, bad.character), (4, Some('a')));
    /// assert_eq!(bad.to_string(), "unexpected character 'a' at position 4 (a word has only 0, 1, '.' and 'x')");
    /// check.feed(b"1").unwrap();
    /// assert_eq!(check.cells(), 3);
    /// assert!(check.reduces()); // 011 on the finite board
    /// ```
    pub fn feed(&mut self, piece: &[u8]) -> Result<(), BadCell> {
        let mut state = self.state;
        let mut eights = piece.chunks_exact(8);
        for (k, eight) in eights.by_ref().enumerate() {
            let x = u64::from_le_bytes(eight.try_into().expect("chunks of eight bytes"));
            match pack_eight_cells(x) {
                Ok(cells) => state = self.packed.step_eight(state, cells),
                Err(lane) => return Err(self.bad_cell(piece, 8 * k + lane)),
            }
        }
        let done = piece.len() - eights.remainder().len();
        for (k, &byte) in eights.remainder().iter().enumerate() {
            let peg = cell_of(byte).ok_or_else(|| self.bad_cell(piece, done + k))?;
            state = self.packed.dfa().next(state, u8::from(peg));
        }
        self.state = state;
        let kept = (Self::FIRST_CELLS as u64).saturating_sub(self.cells);
        for (k, &byte) in (self.cells..).zip(piece.iter().take(kept as usize)) {
            self.first_cells |= u32::from(cell_of(byte) == Some(true)) << k;
        }
        self.cells += piece.len() as u64;
        Ok(())
    }

    /// The word's first [`StreamCheck::FIRST_CELLS`] cells (all of them when it is shorter).
    ///
    /// ```
    /// use unhop::solitaire::{Board, StreamCheck};
    /// let mut check = StreamCheck::new(Board::Finite);
    /// check.feed(b"x.").unwrap();
    /// check.feed("10".repeat(30).as_bytes()).unwrap();
    /// assert_eq!(check.first_cells().to_string(), "10101010101010101010");
    /// ```
    pub fn first_cells(&self) -> Word {
        let len = self.cells.min(Self::FIRST_CELLS as u64) as usize;
        Word::from_bits(u128::from(self.first_cells), len)
    }

    /// The bad character at `index` of `piece`.
    fn bad_cell(&self, piece: &[u8], index: usize) -> BadCell {
        let rest = &piece[index..piece.len().min(index + 4)];
        let valid = match std::str::from_utf8(rest) {
            Ok(text) => text,
            Err(e) => std::str::from_utf8(&rest[..e.valid_up_to()]).unwrap_or_default(),
        };
        BadCell {
            position: self.cells + index as u64,
            byte: piece[index],
            character: valid.chars().next(),
        }
    }

    /// The number of cells read so far.
    pub fn cells(&self) -> u64 {
        self.cells
    }

    /// Whether the cells read so far reduce to one peg on the board: the verdict of
    /// [`Language::contains`] on the word they make (the empty word does not).
    pub fn reduces(&self) -> bool {
        self.packed.dfa().is_accepting(self.state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solitaire::exhaustive;
    use proptest::prelude::*;

    /// The verdict of feeding `text` cut at `cuts` (positions, in order).
    fn streamed(text: &[u8], cuts: &[usize], board: Board) -> Result<(u64, bool), BadCell> {
        let mut check = StreamCheck::new(board);
        let mut start = 0;
        for &cut in cuts.iter().chain([&text.len()]) {
            check.feed(&text[start..cut])?;
            start = cut;
        }
        Ok((check.cells(), check.reduces()))
    }

    #[test]
    fn every_word_to_length_14_in_any_two_pieces_agrees_with_the_whole_word() {
        for board in [Board::Finite, Board::Infinite] {
            let language = Language::of(board);
            for len in 0..=14 {
                for bits in 0..1u128 << len {
                    let word = Word::from_bits(bits, len);
                    let text = word.to_string();
                    let want = language.contains(&word);
                    for cut in 0..=len {
                        let got = streamed(text.as_bytes(), &[cut], board);
                        assert_eq!(got, Ok((len as u64, want)), "{text} cut at {cut}");
                    }
                }
            }
        }
    }

    #[test]
    fn every_word_to_length_10_agrees_with_the_exhaustive_solver() {
        for board in [Board::Finite, Board::Infinite] {
            for len in 1..=10 {
                for bits in 0..1u128 << len {
                    let word = Word::from_bits(bits, len);
                    let one_peg = exhaustive::search(&word, board).unwrap().min_pegs == 1;
                    let cells_one_by_one: Vec<usize> = (1..len).collect();
                    let got = streamed(word.to_string().as_bytes(), &cells_one_by_one, board);
                    assert_eq!(
                        got,
                        Ok((len as u64, one_peg)),
                        "{word} on the {board} board"
                    );
                }
            }
        }
    }

    #[test]
    fn a_bad_byte_names_its_position_and_leaves_the_check_as_it_was() {
        let mut check = StreamCheck::new(Board::Infinite);
        check.feed(b"0000000011").unwrap();
        let bad = check.feed("0110é".as_bytes()).unwrap_err();
        assert_eq!(
            (bad.position, bad.byte, bad.character),
            (14, 0xc3, Some('é'))
        );
        // A character cut by the piece's end is named by its byte.
        let bad = check.feed(&[b'0', 0xc3]).unwrap_err();
        assert_eq!((bad.position, bad.character), (11, None));
        assert!(
            bad.to_string()
                .starts_with("unexpected byte 0xc3 at position 11")
        );
        assert_eq!(Error::from(bad).column(), Some(11));
        assert_eq!((check.cells(), check.reduces()), (10, true));
    }

    /// Characters of a word, `.` and `x` among them, now and then a bad one.
    fn characters() -> impl Strategy<Value = Vec<u8>> {
        proptest::collection::vec(
            prop_oneof![
                8 => Just(b'0'),
                8 => Just(b'1'),
                2 => Just(b'.'),
                2 => Just(b'x'),
                1 => any::<u8>(),
            ],
            0..400,
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        #[test]
        fn random_words_in_random_pieces_agree_with_the_whole_word(
            text in characters(),
            mut cuts in proptest::collection::vec(0usize..400, 0..12),
            finite in any::<bool>(),
        ) {
            let board = if finite { Board::Finite } else { Board::Infinite };
            cuts.iter_mut().for_each(|cut| *cut = (*cut).min(text.len()));
            cuts.sort_unstable();
            let got = streamed(&text, &cuts, board);
            match std::str::from_utf8(&text).ok().and_then(|t| Word::parse(t).ok()) {
                Some(word) => prop_assert_eq!(
                    got,
                    Ok((text.len() as u64, Language::of(board).contains(&word)))
                ),
                None if text.is_empty() => prop_assert_eq!(got, Ok((0, false))),
                None => {
                    let first_bad = text.iter().position(|&b| cell_of(b).is_none());
                    prop_assert_eq!(got.map_err(|bad| bad.position as usize), Err(first_bad.unwrap()));
                }
            }
        }
    }
}
