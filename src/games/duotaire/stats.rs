//! The tables one length at a time, as each is done (the dense tables, or their exhaustive
//! twin): the words and values of a length, and its statistics (P-positions, the largest
//! value and the value distribution).

use super::dense::table_word_count;
use super::exhaustive_table::each_exhaustive_length;
use super::{
    CompactTable, CoreLengthCounter, CoreTable, Duotaire, FiniteTable, InfiniteTable,
    LengthCounter, LengthCounts, MoveRule, SavedLengths,
};
use crate::budget::{Budget, Estimate, WorkUnit};
use crate::error::Error;
use crate::files::shown_path;
use crate::games::Convention;
use crate::method::Method;
use crate::progress::Progress;
use crate::solitaire::Board;
use crate::word::Word;
use std::cell::RefCell;
use std::path::Path;

/// The unit of a listing of every word of a table ([`each_table_row`]): the words listed,
/// 2^25 unless the budget says otherwise (every word up to length 24 on the finite board,
/// about 500 MB of text).
pub const LISTED_WORDS: WorkUnit = WorkUnit {
    name: "words listed",
    default_limit: 1 << 25,
};

/// The values of one length of a table: on the finite board every word of the length (index
/// = the word's bits, cell 0 lowest), on the infinite board every word with a peg at both ends
/// (index = its middle cells, as [`InfiniteTable::values`]).
#[derive(Clone, Copy, Debug)]
pub struct TableLength<'a> {
    /// The length.
    pub len: usize,
    /// The game the values are of: its move rule, board and play rule.
    pub game: Duotaire,
    /// The method that valued them.
    pub method: Method,
    /// The values, by index.
    pub values: &'a [u8],
}

impl TableLength<'_> {
    /// The board.
    pub fn board(&self) -> Board {
        self.game.board()
    }

    /// The word at `index`.
    pub fn word(&self, index: usize) -> Word {
        match self.board() {
            Board::Finite => Word::from_bits(index as u128, self.len),
            Board::Infinite => InfiniteTable::word(self.len, index),
        }
    }

    /// Every word of the length with its value, in index order (the order of
    /// [`table_words`](super::table_words)), as the rows of `unhop table --json`.
    pub fn rows(&self) -> impl Iterator<Item = TableRow> + '_ {
        self.values.iter().enumerate().map(|(i, &v)| TableRow {
            word: self.word(i),
            moves: self.game.rule(),
            board: self.board(),
            rule: self.game.convention(),
            method: self.method,
            value: u32::from(v),
        })
    }

    /// The statistics of the length.
    ///
    /// # Complexity
    ///
    /// O(words) time, O(largest value) memory.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Error, Method, Quiet, budget::Budget, games::{Duotaire, MoveRule, each_table_length}, solitaire::Board};
    /// let game = Duotaire::new(MoveRule::Single, Board::Finite);
    /// let mut p = Vec::new();
    /// each_table_length(game, Method::Fast, 3, &Budget::default(), &Quiet, &mut |length| {
    ///     p.push(length.stats().p_positions);
    ///     Ok::<(), Error>(())
    /// }).unwrap();
    /// assert_eq!(p, [2, 4, 6]);
    /// ```
    pub fn stats(&self) -> LengthStats {
        let mut counts = [0u64; 256];
        for &v in self.values {
            counts[v as usize] += 1;
        }
        let max = counts.iter().rposition(|&c| c > 0).unwrap_or(0);
        let first = self
            .values
            .iter()
            .position(|&v| v as usize == max)
            .unwrap_or(0);
        LengthStats {
            len: self.len,
            moves: self.game.rule(),
            board: self.board(),
            rule: self.game.convention(),
            method: self.method,
            words: self.values.len() as u64,
            p_positions: counts[0],
            max_value: max as u32,
            example: self.word(first),
            value_counts: counts[..=max].to_vec(),
        }
    }
}

/// A word of a table with its value: a row of `unhop table --json`.
///
/// # Examples
///
/// ```
/// use unhop::{Error, Method, Quiet, budget::Budget, games::{Duotaire, MoveRule, each_table_row}, solitaire::Board};
/// let mut rows = Vec::new();
/// let game = Duotaire::new(MoveRule::Single, Board::Finite);
/// each_table_row(game, Method::Fast, 1, &Budget::default(), &Quiet, &mut |row| {
///     rows.push(serde_json::to_string(row).unwrap());
///     Ok::<(), Error>(())
/// }).unwrap();
/// assert_eq!(
///     rows[1],
///     r#"{"word":"1","moves":"single","board":"finite","rule":"normal","method":"fast","value":0}"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct TableRow {
    /// The word.
    pub word: Word,
    /// The move rule.
    pub moves: MoveRule,
    /// The board.
    pub board: Board,
    /// The play rule.
    pub rule: Convention,
    /// The method that valued it.
    pub method: Method,
    /// Its Grundy value (its misère value under misère play; 0: the player to move loses).
    pub value: u32,
}

/// The statistics of one length: a row of `unhop table --stats --json`.
///
/// # Examples
///
/// ```
/// use unhop::{Method, Quiet, budget::Budget, games::{length_stats, Duotaire, MoveRule}, solitaire::Board};
/// let game = Duotaire::new(MoveRule::Single, Board::Finite);
/// let stats = length_stats(game, Method::Fast, 3, &Budget::default(), &Quiet);
/// assert_eq!(
///     serde_json::to_string(&stats.unwrap()[2]).unwrap(),
///     r#"{"length":3,"moves":"single","board":"finite","rule":"normal","method":"fast","words":8,"p_positions":6,"max_value":1,"example":"110","value_counts":[6,2]}"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct LengthStats {
    /// The length.
    #[serde(rename = "length")]
    pub len: usize,
    /// The move rule.
    pub moves: MoveRule,
    /// The board.
    pub board: Board,
    /// The play rule.
    pub rule: Convention,
    /// The method that valued the words.
    pub method: Method,
    /// How many words the table covers at this length (on the infinite board, those with a
    /// peg at both ends).
    pub words: u64,
    /// How many of them have value 0 (the player to move loses).
    pub p_positions: u64,
    /// The largest value.
    pub max_value: u32,
    /// The first word (smallest as a binary number, cell 0 lowest) with the largest value.
    pub example: Word,
    /// How many words have each value 0, 1, …, `max_value` (the value distribution; entry 0
    /// is `p_positions`, and the entries add up to `words`).
    pub value_counts: Vec<u64>,
}

/// Fills the table of `game` up to `max_len` by `method` under `budget` and calls `each` with
/// every length 1 to `max_len`, in order, as soon as it is done; an error from `each` stops
/// the work. The fast method fills the dense tables ([`FiniteTable`] or [`InfiniteTable`]; on
/// the infinite board the last four lengths come together at the end), refused up front when
/// their memory is beyond the budget's memory limit ([`FiniteTable::estimate`],
/// [`InfiniteTable::estimate`]) or their words beyond its work limit; the exhaustive method
/// values every word one by one by the plain recursion (under the solver's limits, refused up
/// front when the table's words are more positions than it may keep). `progress` advances by
/// one per word valued. `max_len` 0 is refused: it would answer nothing.
///
/// # Complexity
///
/// Fast: O(2^N × moves) time; 1.75 × 2^N bytes (finite board) or 2^(N+1) bytes (infinite
/// board). Exhaustive: time and memory proportional to the positions the words reach.
///
/// # Examples
///
/// ```
/// use unhop::{Error, Method, Quiet, budget::Budget, games::{Duotaire, MoveRule, each_table_length}, solitaire::Board};
/// let mut rows = Vec::new();
/// let budget = Budget::default();
/// let game = Duotaire::new(MoveRule::Single, Board::Infinite);
/// each_table_length(game, Method::Fast, 3, &budget, &Quiet, &mut |length| {
///     rows.extend(length.rows().map(|row| format!("{}:{}", row.word, row.value)));
///     Ok::<(), Error>(())
/// })
/// .unwrap();
/// assert_eq!(rows, ["1:0", "11:1", "101:0", "111:1"]);
/// let chain = Duotaire::new(MoveRule::Chain, Board::Infinite);
/// let refused = each_table_length(chain, Method::Fast, 60, &budget, &Quiet, &mut |_| Ok::<(), Error>(()));
/// assert_eq!(refused.unwrap_err().kind(), unhop::ErrorKind::Refused);
/// ```
pub fn each_table_length<E: From<Error>>(
    game: Duotaire,
    method: Method,
    max_len: usize,
    budget: &Budget,
    progress: &dyn Progress,
    each: &mut dyn FnMut(TableLength<'_>) -> Result<(), E>,
) -> Result<(), E> {
    if max_len == 0 {
        return Err(Error::new(
            "--max-len must be at least 1, not 0: a table covers the lengths 1 to N",
        )
        .into());
    }
    let mut length = |len, values: &[u8]| {
        each(TableLength {
            len,
            game,
            method,
            values,
        })
    };
    let (rule, convention) = (game.rule(), game.convention());
    let (n, b, p) = (max_len, budget, progress);
    match (method, game.board()) {
        (Method::Fast, Board::Finite) => drop(FiniteTable::build_under(
            rule,
            convention,
            n,
            b,
            p,
            &mut length,
        )?),
        (Method::Fast, Board::Infinite) => drop(InfiniteTable::build_under(
            rule,
            convention,
            n,
            b,
            p,
            &mut length,
        )?),
        (Method::Exhaustive, _) => each_exhaustive_length(game, n, b, p, &mut length)?,
    }
    Ok(())
}

/// What listing every word of the table of `board` up to `max_len` costs beyond the table
/// itself: the words listed, 2^(N+1) − 2 on the finite board, 2^(N−1) on the infinite board
/// (saturating).
///
/// # Complexity
///
/// O(1).
///
/// # Examples
///
/// ```
/// use unhop::{games::listing_estimate, solitaire::Board};
/// assert_eq!(listing_estimate(Board::Finite, 3).work, 2 + 4 + 8);
/// assert_eq!(listing_estimate(Board::Infinite, 3).work, 1 + 1 + 2);
/// ```
pub fn listing_estimate(board: Board, max_len: usize) -> Estimate {
    let work = table_word_count(board, max_len);
    Estimate {
        what: format!("listing every word of the {board}-board table to length {max_len}"),
        unit: LISTED_WORDS,
        work,
        bytes: 0,
    }
}

/// Every word of the table of `game` up to `max_len` with its value by `method`, in order of
/// length and then of index (as [`TableLength::rows`]), handed to `each`; under `budget`,
/// refused up front when the words listed ([`listing_estimate`], in [`LISTED_WORDS`]) or the
/// table ([`each_table_length`]) are beyond its limits.
///
/// # Complexity
///
/// As [`each_table_length`], and O(1) per word listed.
///
/// # Examples
///
/// ```
/// use unhop::{Error, Method, Quiet, budget::Budget, games::{Convention, Duotaire, MoveRule, each_table_row}, solitaire::Board};
/// let mut rows = Vec::new();
/// let budget = Budget::default();
/// let game = Duotaire::new(MoveRule::Single, Board::Finite);
/// each_table_row(game, Method::Fast, 2, &budget, &Quiet, &mut |row| {
///     rows.push(format!("{}:{}", row.word, row.value));
///     Ok::<(), Error>(())
/// })
/// .unwrap();
/// assert_eq!(rows, ["0:0", "1:0", "00:0", "10:0", "01:0", "11:0"]);
/// // Under misère play a word without moves is won: every word here.
/// let misere = game.with_convention(Convention::Misere);
/// let mut values = Vec::new();
/// each_table_row(misere, Method::Exhaustive, 2, &budget, &Quiet, &mut |row| {
///     values.push(row.value);
///     Ok::<(), Error>(())
/// })
/// .unwrap();
/// assert_eq!(values, [1; 6]);
/// let refused = each_table_row(game, Method::Fast, 25, &budget, &Quiet, &mut |_| Ok::<(), Error>(()));
/// assert_eq!(refused.unwrap_err().figures().unwrap().unit, "words listed");
/// ```
pub fn each_table_row<E: From<Error>>(
    game: Duotaire,
    method: Method,
    max_len: usize,
    budget: &Budget,
    progress: &dyn Progress,
    each: &mut dyn FnMut(&TableRow) -> Result<(), E>,
) -> Result<(), E> {
    let meter = budget.admit_estimate(&listing_estimate(game.board(), max_len))?;
    each_table_length(game, method, max_len, budget, progress, &mut |length| {
        meter.charge(length.values.len() as u64)?;
        for row in length.rows() {
            each(&row)?;
        }
        Ok(())
    })
}

/// The statistics of every length 1 to `max_len` of `game` by `method` under `budget`, each
/// handed to `each` as soon as its length is done ([`each_length_stats`]).
///
/// # Complexity
///
/// As [`each_length_stats`].
///
/// # Examples
///
/// ```
/// use unhop::{Method, Quiet, budget::Budget, games::{length_stats, Duotaire, MoveRule}, solitaire::Board};
/// let budget = Budget::default();
/// let game = Duotaire::new(MoveRule::Single, Board::Finite);
/// let stats = length_stats(game, Method::Fast, 3, &budget, &Quiet).unwrap();
/// assert_eq!((stats[2].words, stats[2].p_positions, stats[2].max_value), (8, 6, 1));
/// assert!(length_stats(game, Method::Fast, 0, &budget, &Quiet).is_err());
/// ```
pub fn length_stats(
    game: Duotaire,
    method: Method,
    max_len: usize,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<Vec<LengthStats>, Error> {
    let mut stats = Vec::new();
    each_length_stats(
        game,
        method,
        max_len,
        budget,
        progress,
        None,
        &mut |length| {
            stats.push(length);
            Ok::<(), Error>(())
        },
    )?;
    Ok(stats)
}

/// Hands `each` the statistics of every length 1 to `max_len` of `game` by `method`, each as
/// soon as its length is done, under `budget`.
///
/// * **The finite board under normal play, fast**: counted from a [`CompactTable`] of the
///   blocks alone ([`LengthCounter`]), built on every core, refused up front when its
///   estimate ([`CompactTable::estimate`]: a byte and a unit of work, in
///   [`COMPACT_TABLE_BLOCKS`](super::COMPACT_TABLE_BLOCKS), for each block) is beyond the
///   budget. With a `resume` folder (made if missing), each length is saved there when done
///   and a length saved before is read back instead of computed ([`SavedLengths`]): a run
///   stopped at any moment resumes from its last whole length, with the same statistics.
/// * **The infinite board under normal play, fast**: counted from a [`CoreTable`] of the
///   cores alone ([`CoreLengthCounter`]), likewise refused up front by its estimate
///   ([`CoreTable::estimate`]); its lengths are not saved.
/// * **Otherwise**: from the dense tables or the exhaustive twin ([`each_table_length`]).
///
/// `resume` is refused but for the finite board's compact table, before the folder is
/// touched.
///
/// # Complexity
///
/// Compact: O(B · m · L) time and B / 2 bytes for the B ≈ 1.84^N blocks or cores (as
/// [`CompactTable::build`] and [`CoreTable::build`]), then O(B) to count them. Otherwise as
/// [`each_table_length`].
///
/// # Examples
///
/// ```
/// use unhop::{Error, Method, Quiet, budget::Budget, games::{Duotaire, MoveRule, each_length_stats}, solitaire::Board};
/// let game = Duotaire::new(MoveRule::Single, Board::Finite);
/// let folder = tempfile::tempdir().unwrap();
/// let mut rows = Vec::new();
/// let mut each = |s: unhop::games::LengthStats| {
///     rows.push((s.len, s.p_positions, s.max_value, s.example.to_string()));
///     Ok::<(), Error>(())
/// };
/// each_length_stats(game, Method::Fast, 12, &Budget::default(), &Quiet, Some(folder.path()), &mut each).unwrap();
/// assert_eq!(rows[11], (12, 1627, 5, "110011011101".to_string()));
/// assert_eq!(std::fs::read_dir(folder.path()).unwrap().count(), 12); // a file a length
///
/// // The infinite board's table keeps no saved lengths: refused, and no folder is made.
/// let elsewhere = folder.path().join("infinite");
/// let infinite = Duotaire::new(MoveRule::Single, Board::Infinite);
/// let refused = each_length_stats(infinite, Method::Fast, 12, &Budget::default(), &Quiet, Some(&elsewhere), &mut |_| Ok::<(), Error>(()));
/// assert!(refused.unwrap_err().to_string().starts_with("--resume"));
/// assert!(!elsewhere.exists());
/// ```
pub fn each_length_stats<E: From<Error>>(
    game: Duotaire,
    method: Method,
    max_len: usize,
    budget: &Budget,
    progress: &dyn Progress,
    resume: Option<&Path>,
    each: &mut dyn FnMut(LengthStats) -> Result<(), E>,
) -> Result<(), E> {
    let compact = method == Method::Fast && game.convention() == Convention::Normal;
    if !(compact && game.board() == Board::Finite) {
        if let Some(folder) = resume {
            return Err(Error::new(format!(
                "--resume {}: saved lengths are kept of the finite board's compact tables \
                 only, under normal play by the fast method, and this is not one",
                shown_path(folder)
            ))
            .into());
        }
    }
    if !compact {
        return each_table_length(game, method, max_len, budget, progress, &mut |length| {
            each(length.stats())
        });
    }
    if max_len == 0 {
        return Err(Error::new(
            "--max-len must be at least 1, not 0: a table covers the lengths 1 to N",
        )
        .into());
    }
    let stats = |counts: LengthCounts| LengthStats {
        len: counts.len,
        moves: game.rule(),
        board: game.board(),
        rule: Convention::Normal,
        method,
        words: counts.words,
        p_positions: counts.p_positions,
        max_value: counts.max_value,
        example: counts.witness,
        value_counts: counts.value_counts,
    };
    if game.board() == Board::Infinite {
        let mut counter = CoreLengthCounter::new();
        let mut done = |table: &CoreTable, _| -> Result<(), E> {
            while let Some(counts) = counter.count_next(table) {
                each(stats(counts))?;
            }
            Ok(())
        };
        CoreTable::build_each(game.rule(), max_len, budget, progress, &mut done)?;
        return Ok(());
    }
    let saved = resume.map(SavedLengths::open).transpose()?;
    let saved = saved.as_ref();
    let rule = game.rule();
    // The lengths read back from `saved` rather than computed (not saved again).
    let read_back = RefCell::new(Vec::new());
    let mut from_saved = |len, count| -> Result<Option<Vec<u8>>, E> {
        match saved {
            Some(saved) => {
                let values = saved.load(rule, len, count)?;
                if values.is_some() {
                    read_back.borrow_mut().push(len);
                }
                Ok(values)
            }
            None => Ok(None),
        }
    };
    let mut counter = LengthCounter::new();
    let mut done = |table: &CompactTable, len| -> Result<(), E> {
        if let Some(saved) = saved.filter(|_| !read_back.borrow().contains(&len)) {
            saved.save(rule, len, table.length_values(len))?;
        }
        while let Some(counts) = counter.count_next(table) {
            each(stats(counts))?;
        }
        Ok(())
    };
    CompactTable::build_each(rule, max_len, budget, progress, &mut from_saved, &mut done)?;
    Ok(())
}
