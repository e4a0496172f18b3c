//! Duotaire: peg solitaire on a row as a two-player impartial game.
//!
//! Players alternate moves; the player who cannot move loses. Under [`MoveRule::Single`] a
//! move is one hop; under [`MoveRule::Chain`] (the paper's rule) it is one or more hops by the
//! same peg, stopping after any of them. Positions are [`Row`]s of at most 128 cells.
//!
//! Canonical forms: on the infinite board a position is trimmed (holes at the ends do not
//! matter); on both boards a row and its mirror image share one memo entry. On the finite
//! board under normal play a gap of three holes splits a position into a sum,
//! g(u000w) = g(u0) ⊕ g(0w) (the paper's Lemma 1; the tests confirm it on every word they
//! split). Under misère play ([`Duotaire::with_convention`]) nothing splits: misère values do
//! not add.

use super::moves::{Cells, MoveRule, for_each_move};
use crate::error::{Error, Figures};
use crate::games::{Convention, ImpartialGame, Solver};
use crate::solitaire::{Board, Hop};
use crate::word::Word;
use rustc_hash::FxHashSet;

/// A row of at most 128 cells packed into a `u128` (cell i at bit i).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Row {
    bits: u128,
    len: u8,
}

impl Row {
    /// The row as a word.
    pub fn to_word(self) -> Word {
        Word::from_bits(self.bits, usize::from(self.len))
    }

    fn pegs(self) -> u32 {
        self.bits.count_ones()
    }

    /// Without the holes at either end.
    fn trimmed(self) -> Row {
        if self.bits == 0 {
            return Row { bits: 0, len: 0 };
        }
        let bits = self.bits >> self.bits.trailing_zeros();
        Row {
            bits,
            len: (128 - bits.leading_zeros()) as u8,
        }
    }

    fn mirrored(self) -> Row {
        Row {
            bits: self.bits.mirrored(u32::from(self.len)),
            len: self.len,
        }
    }
}

/// Duotaire under one move rule on one board, under normal play unless
/// [`Duotaire::with_convention`] says misère.
///
/// ```
/// use unhop::{Word, games::{Duotaire, MoveRule, Solver}, solitaire::Board};
/// let game = Duotaire::new(MoveRule::Chain, Board::Finite);
/// let mut solver = Solver::new(game);
/// for n in 0..5 {
///     let word = Word::parse(&format!("011{}0", "01".repeat(n))).unwrap();
///     let row = solver.game().position(&word).unwrap();
///     assert_eq!(solver.value(&row), n as u32 + 1);
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Duotaire {
    rule: MoveRule,
    board: Board,
    convention: Convention,
}

impl Duotaire {
    /// The game under `rule` on `board`, under normal play (the player who cannot move loses).
    pub fn new(rule: MoveRule, board: Board) -> Duotaire {
        Duotaire {
            rule,
            board,
            convention: Convention::Normal,
        }
    }

    /// The same game under the play rule `convention`: under [`Convention::Misere`] the player
    /// who cannot move wins, and values are misère values (see [`crate::games::Solver`]).
    ///
    /// ```
    /// use unhop::{Word, games::{Convention, Duotaire, MoveRule, Solver}, solitaire::Board};
    /// let game = Duotaire::new(MoveRule::Chain, Board::Finite).with_convention(Convention::Misere);
    /// let mut solver = Solver::new(game);
    /// let mut value = |w: &str| solver.value(&game.position(&w.parse::<Word>().unwrap()).unwrap());
    /// assert_eq!(value("010"), 1); // no move: the player to move wins
    /// assert_eq!(value("110"), 0); // the one move leaves no move to the opponent, who wins
    /// ```
    pub fn with_convention(self, convention: Convention) -> Duotaire {
        Duotaire { convention, ..self }
    }

    /// The move rule.
    pub fn rule(&self) -> MoveRule {
        self.rule
    }

    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The play rule.
    pub fn convention(&self) -> Convention {
        self.convention
    }

    /// The position of `word`, if it fits: at most 128 cells on the finite board; on the
    /// infinite board the cells from the first peg to the last plus two per peg (the room
    /// moves may need) at most 128.
    ///
    /// # Complexity
    ///
    /// O(|word|).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Word, games::{Duotaire, MoveRule}, solitaire::Board};
    /// let game = Duotaire::new(MoveRule::Chain, Board::Infinite);
    /// assert!(game.position(&"0011".parse::<Word>().unwrap()).is_ok());
    /// let long: Word = "1".repeat(50).parse().unwrap(); // 50 cells + 2 × 50 for its hops
    /// assert_eq!(game.position(&long).unwrap_err().figures().unwrap().limit, 128);
    /// ```
    pub fn position(&self, word: &Word) -> Result<Row, Error> {
        let (cells, limit) = match self.board {
            Board::Finite => (word.len(), word.len()),
            Board::Infinite => {
                let span = word.peg_span().len();
                (span, span + 2 * word.pegs())
            }
        };
        if limit > 128 {
            return Err(Error::refused_with(
                Figures::new(limit as u128, 128, "cells"),
                format!(
                    "Duotaire positions are limited to 128 cells{}; this word needs {limit}",
                    match self.board {
                        Board::Finite => "",
                        Board::Infinite => " (from the first peg to the last, plus two per peg)",
                    }
                ),
            ));
        }
        let row = match self.board {
            Board::Finite => word.clone(),
            Board::Infinite => word.trimmed(),
        };
        Ok(Row {
            bits: row.to_bits().expect("checked to fit"),
            len: cells as u8,
        })
    }

    /// Where cell 0 of `word`'s position ([`Duotaire::position`]) lies in `word`: 0 on the
    /// finite board, the first peg on the infinite board (positions are trimmed there).
    pub fn offset_in(&self, word: &Word) -> i64 {
        match self.board {
            Board::Finite => 0,
            Board::Infinite => word.peg_span().start as i64,
        }
    }

    /// The cells of `row` placed in the frame moves are made in, and its offset there.
    fn frame(&self, row: Row) -> (Row, u32) {
        match self.board {
            Board::Finite => (row, 0),
            Board::Infinite => {
                // A move of h hops reaches at most h ≤ pegs − 1 cells beyond the pegs.
                let offset = row.pegs();
                let len = u32::from(row.len) + 2 * offset;
                (
                    Row {
                        bits: row.bits << offset,
                        len: len as u8,
                    },
                    offset,
                )
            }
        }
    }
}

impl Duotaire {
    /// Every move from `word` as a hop list in the word's coordinates, each replayed by the
    /// independent checker before it is returned.
    ///
    /// # Complexity
    ///
    /// O(pegs) moves for `single`, O(pegs × chain length) for `chain`, each replayed in O(|word|).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Word, games::{Duotaire, MoveRule}, solitaire::Board};
    /// let game = Duotaire::new(MoveRule::Single, Board::Finite);
    /// assert_eq!(game.moves_of(&"0110".parse::<Word>().unwrap()).unwrap().len(), 2);
    /// ```
    pub fn moves_of(&self, word: &Word) -> Result<Vec<Vec<Hop>>, Error> {
        let row = self.position(word)?;
        let moves = self.moves(&row).into_iter().map(|(hops, _)| hops).collect();
        self.checked_in_word(word, moves)
    }

    /// Moves in the coordinates of `word`'s position, shifted into the word's own and each
    /// replayed by the independent checker: legal hops, one peg, one hop for `single`.
    pub(crate) fn checked_in_word(
        &self,
        word: &Word,
        moves: Vec<Vec<Hop>>,
    ) -> Result<Vec<Vec<Hop>>, Error> {
        let shift = self.offset_in(word);
        moves
            .into_iter()
            .map(|hops| {
                let hops: Vec<Hop> = hops.into_iter().map(|h| h.shifted(shift)).collect();
                let one_peg = hops.windows(2).all(|h| h[1].from() == h[0].to());
                let allowed = self.rule == MoveRule::Chain || hops.len() == 1;
                if hops.is_empty() || !one_peg || !allowed {
                    return Err(Error::internal("a move breaks the move rule"));
                }
                crate::solitaire::replay(word, self.board, &hops)
                    .map_err(|e| Error::internal(format!("a move failed replay: {e}")))?;
                Ok(hops)
            })
            .collect()
    }
}

impl Solver<Duotaire> {
    /// The winning moves from `word` (to a position of value 0) as hop lists in the word's
    /// coordinates, each replayed by the independent checker; none when the player to move
    /// loses.
    ///
    /// # Complexity
    ///
    /// As [`Solver::try_value`] for each option, each move replayed in O(|word|).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Word, games::{Duotaire, MoveRule, Solver}, solitaire::Board};
    /// let mut solver = Solver::new(Duotaire::new(MoveRule::Chain, Board::Finite));
    /// let moves = solver.winning_moves_of(&"0110101".parse::<Word>().unwrap()).unwrap();
    /// assert_eq!(moves.len(), 1); // 2→0 (1→3 3→5 5→7 would leave the board)
    /// ```
    pub fn winning_moves_of(&mut self, word: &Word) -> Result<Vec<Vec<Hop>>, Error> {
        let game = *self.game();
        let row = game.position(word)?;
        let moves = self.winning_moves(&row)?;
        game.checked_in_word(word, moves)
    }
}

impl ImpartialGame for Duotaire {
    type Position = Row;
    type Move = Vec<Hop>;

    fn moves(&self, position: &Row) -> Vec<(Vec<Hop>, Row)> {
        let (frame, offset) = self.frame(*position);
        let mut found = Vec::new();
        let len = u32::from(frame.len);
        for_each_move(
            self.rule,
            frame.bits,
            len,
            &mut Vec::new(),
            &mut |hops, bits| {
                found.push((
                    hops.clone(),
                    Row {
                        bits,
                        len: frame.len,
                    },
                ))
            },
        );
        let mut seen = FxHashSet::default();
        found
            .into_iter()
            .filter_map(|(hops, row)| {
                let row = match self.board {
                    Board::Finite => row,
                    Board::Infinite => row.trimmed(),
                };
                seen.insert(row).then(|| {
                    let hops = hops.iter().map(|h| h.shifted(-i64::from(offset))).collect();
                    (hops, row)
                })
            })
            .collect()
    }

    fn canonical(&self, position: &Row) -> Row {
        let row = match self.board {
            Board::Finite => *position,
            Board::Infinite => position.trimmed(),
        };
        row.min(row.mirrored())
    }

    fn convention(&self) -> Convention {
        self.convention
    }

    fn split(&self, position: &Row) -> Vec<Row> {
        let gap = match self.board {
            Board::Finite => inner_gap(position.bits),
            Board::Infinite => None,
        };
        let Some(gap) = gap else {
            return vec![*position];
        };
        // u000w → u0, 0w
        let left = Row {
            bits: position.bits & ((1 << gap) - 1),
            len: (gap + 1) as u8,
        };
        let right = Row {
            bits: position.bits >> (gap + 2),
            len: position.len - (gap + 2) as u8,
        };
        vec![left, right]
    }
}

/// The first cell of the first run of three holes strictly between two pegs of `bits`.
pub(crate) fn inner_gap(bits: u128) -> Option<u32> {
    if bits == 0 {
        return None;
    }
    let first = bits.trailing_zeros();
    let last = 127 - bits.leading_zeros();
    let holes = !bits;
    let gaps = (holes & (holes >> 1) & (holes >> 2)) >> first << first;
    let gap = gaps.trailing_zeros();
    (gap < last).then_some(gap)
}
