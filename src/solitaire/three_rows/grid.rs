//! A 3 × n board: a word of n columns, each a letter 0..8 = top·4 + middle·2 + bottom, written
//! as its three rows separated by `/` (`110/011/000`).

use crate::error::Error;
use std::fmt;
use std::str::FromStr;

/// The most columns a board may have to be numbered by [`Grid::index`] (3 × 21 = 63 bits).
pub const MAX_INDEXED_COLUMNS: usize = 21;

/// A 3 × n peg-solitaire board: n columns, a column being the letter top·4 + middle·2 + bottom.
///
/// Row 0 is the top row, row 2 the bottom row; column 0 is the leftmost.
///
/// # Complexity
/// Parsing, printing and [`Grid::index`] take O(n).
///
/// ```
/// use unhop::solitaire::three_rows::Grid;
/// let board: Grid = "110/011/000".parse().unwrap();
/// assert_eq!(board.columns(), [4, 6, 2]);
/// assert_eq!(board.pegs(), 4);
/// assert!(board.peg(1, 2));
/// assert_eq!(board.to_string(), "110/011/000");
/// assert_eq!(Grid::from_index(3, board.index()), board);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid {
    columns: Vec<u8>,
}

impl Grid {
    /// A board from its columns (letters 0..8); an input error names the first letter out of
    /// range.
    ///
    /// # Complexity
    ///
    /// O(n).
    pub fn from_columns(columns: Vec<u8>) -> Result<Grid, Error> {
        if let Some(i) = columns.iter().position(|&c| c > 7) {
            return Err(Error::new(format!(
                "column {i} is the letter {}; a column of three cells is a letter 0 to 7",
                columns[i]
            )));
        }
        Ok(Grid { columns })
    }

    /// The board numbered `index` among the boards of `n` columns: the base-8 number whose
    /// digits are the columns, column 0 the most significant.
    ///
    /// # Complexity
    ///
    /// O(n).
    pub fn from_index(n: usize, index: u64) -> Grid {
        assert!(
            n <= MAX_INDEXED_COLUMNS,
            "{n} columns cannot be numbered in 64 bits"
        );
        let columns = (0..n)
            .map(|i| ((index >> (3 * (n - 1 - i))) & 7) as u8)
            .collect();
        Grid { columns }
    }

    /// The board's number among the boards of its width (see [`Grid::from_index`]); the bit of
    /// the cell (row r, column c) is `3·(n − 1 − c) + 2 − r`. Panics beyond
    /// [`MAX_INDEXED_COLUMNS`] columns.
    ///
    /// # Complexity
    ///
    /// O(n).
    pub fn index(&self) -> u64 {
        assert!(
            self.columns.len() <= MAX_INDEXED_COLUMNS,
            "{} columns cannot be numbered in 64 bits",
            self.columns.len()
        );
        self.columns
            .iter()
            .fold(0u64, |code, &c| (code << 3) | u64::from(c))
    }

    /// The columns, as letters 0..8.
    pub fn columns(&self) -> &[u8] {
        &self.columns
    }

    /// The number of columns n.
    pub fn len(&self) -> usize {
        self.columns.len()
    }

    /// Whether the board has no column.
    pub fn is_empty(&self) -> bool {
        self.columns.is_empty()
    }

    /// Whether the cell in `row` (0 top, 2 bottom) and `column` holds a peg.
    pub fn peg(&self, row: usize, column: usize) -> bool {
        assert!(row < 3, "a board has rows 0, 1 and 2, not {row}");
        self.columns[column] >> (2 - row) & 1 == 1
    }

    /// Puts a peg (`true`) or a hole in a cell.
    pub fn set(&mut self, row: usize, column: usize, peg: bool) {
        assert!(row < 3, "a board has rows 0, 1 and 2, not {row}");
        let bit = 1 << (2 - row);
        if peg {
            self.columns[column] |= bit;
        } else {
            self.columns[column] &= !bit;
        }
    }

    /// The number of pegs.
    pub fn pegs(&self) -> usize {
        self.columns.iter().map(|c| c.count_ones() as usize).sum()
    }

    /// The board mirrored left to right.
    pub fn mirrored(&self) -> Grid {
        let mut columns = self.columns.clone();
        columns.reverse();
        Grid { columns }
    }

    /// The board flipped top to bottom.
    pub fn flipped(&self) -> Grid {
        let columns = self
            .columns
            .iter()
            .map(|&c| ((c & 1) << 2) | (c & 2) | (c >> 2))
            .collect();
        Grid { columns }
    }
}

impl FromStr for Grid {
    type Err = Error;

    /// Reads `TOP/MIDDLE/BOTTOM`, three rows of `0` (hole) and `1` (peg) of one length; an
    /// error names the position of the first wrong character.
    fn from_str(text: &str) -> Result<Grid, Error> {
        let rows: Vec<&str> = text.split('/').collect();
        if rows.len() != 3 {
            let position = if rows.len() > 3 {
                rows[..3].iter().map(|r| r.len() + 1).sum::<usize>() - 1
            } else {
                text.len()
            };
            return Err(Error::at(
                text,
                position,
                format!(
                    "a 3-row board is three rows of 0 and 1 separated by '/', as 110/011/000; \
                     this has {} rows",
                    rows.len()
                ),
            ));
        }
        let n = rows[0].len();
        let mut columns = vec![0u8; n];
        let mut start = 0;
        for (r, row) in rows.iter().enumerate() {
            if let Some((i, ch)) = row.char_indices().find(|&(_, ch)| ch != '0' && ch != '1') {
                return Err(Error::at(
                    text,
                    start + i,
                    format!("{ch:?} is not a cell: a row is written with 0 (hole) and 1 (peg)"),
                ));
            }
            if row.len() != n {
                return Err(Error::at(
                    text,
                    start + row.len().min(n),
                    format!(
                        "row {} has {} cells but the top row has {n}; the three rows of a \
                         board have one length",
                        r + 1,
                        row.len()
                    ),
                ));
            }
            for (c, ch) in row.bytes().enumerate() {
                if ch == b'1' {
                    columns[c] |= 1 << (2 - r);
                }
            }
            start += row.len() + 1;
        }
        Ok(Grid { columns })
    }
}

impl fmt::Display for Grid {
    /// Writes `TOP/MIDDLE/BOTTOM`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..3 {
            if row > 0 {
                f.write_str("/")?;
            }
            for &c in &self.columns {
                f.write_str(if c >> (2 - row) & 1 == 1 { "1" } else { "0" })?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_position() {
        let err = "110/0x1/000".parse::<Grid>().unwrap_err();
        assert_eq!(err.column(), Some(5));
        let err = "110/01/000".parse::<Grid>().unwrap_err();
        assert_eq!(err.column(), Some(6));
        let err = "110/011".parse::<Grid>().unwrap_err();
        assert_eq!(err.column(), Some(7));
        let err = "1/1/1/1".parse::<Grid>().unwrap_err();
        assert_eq!(err.column(), Some(5));
    }

    #[test]
    fn printing_and_parsing_round_trip() {
        for n in 0..4 {
            for index in 0..1u64 << (3 * n) {
                let board = Grid::from_index(n, index);
                assert_eq!(board.index(), index);
                assert_eq!(board.to_string().parse::<Grid>().unwrap(), board);
                assert_eq!(board.mirrored().mirrored(), board);
                assert_eq!(board.flipped().flipped(), board);
            }
        }
        assert_eq!("//".parse::<Grid>().unwrap().len(), 0);
    }
}
