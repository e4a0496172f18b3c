//! The reports of the one-dimensional commands, as every front end shows them: `unhop solve
//! --json`, the Python module's `unhop.solve` and the page's automata tab serialise
//! [`SolveReport`]; `check`, `count` and `reach` theirs.

use super::{Board, Hop, Solution};
use crate::automata::Integer;
use crate::error::Error;
use crate::method::Method;
use crate::progress::{Progress, Quiet};
use crate::word::Word;
use serde::Serialize;

/// The report of a solved word: `{"word", "board", "method", "min_pegs", "final",
/// "final_offset", "hops": [{"from", "over", "to"}, …]}`. Cells are numbered from 0 in the
/// word; on the infinite board `final_offset` and the hops may be negative or past its end.
///
/// It borrows what it reports, so writing the report of a word of millions of cells with
/// `serde_json::to_writer` streams it: O(n) time and no copy of the word.
///
/// # Examples
///
/// ```
/// use unhop::Method;
/// use unhop::solitaire::{Board, SolveReport, solve};
/// let word = "1101101".parse().unwrap();
/// let solution = solve(&word, Board::Infinite).unwrap();
/// let report = SolveReport::new(&word, Board::Infinite, Method::Fast, &solution);
/// assert_eq!(
///     serde_json::to_string(&report).unwrap(),
///     r#"{"word":"1101101","board":"infinite","method":"fast","min_pegs":2,"final":"0010100","final_offset":0,"hops":[{"from":3,"over":4,"to":5},{"from":6,"over":5,"to":4},{"from":0,"over":1,"to":2}]}"#
/// );
/// ```
#[derive(Clone, Copy, Debug, Serialize, schemars::JsonSchema)]
pub struct SolveReport<'a> {
    /// The word solved.
    pub word: &'a Word,
    /// The board the hops are played on.
    pub board: Board,
    /// The method that found the fewest pegs.
    pub method: Method,
    /// The fewest pegs hops can leave.
    pub min_pegs: usize,
    /// The configuration after the hops, over cells `final_offset ..`.
    #[serde(rename = "final")]
    pub final_word: &'a Word,
    /// The cell of the word where `final` starts (0 or negative).
    pub final_offset: i64,
    /// The hops, replayed before they were returned.
    pub hops: &'a [Hop],
    /// With `--dot`: the paper's shortest-path DAG of the word in Graphviz DOT
    /// ([`super::dag::BlockDag::to_dot`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dot: Option<&'a str>,
}

impl<'a> SolveReport<'a> {
    /// The report of `solution`, found for `word` on `board` with `method`.
    ///
    /// # Complexity
    ///
    /// O(1): it borrows the word and the solution.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Method, solitaire::{Board, SolveReport, solve}};
    /// let word = "0110".parse().unwrap();
    /// let solution = solve(&word, Board::Finite).unwrap();
    /// assert_eq!(SolveReport::new(&word, Board::Finite, Method::Fast, &solution).min_pegs, 1);
    /// ```
    pub fn new(
        word: &'a Word,
        board: Board,
        method: Method,
        solution: &'a Solution,
    ) -> SolveReport<'a> {
        SolveReport {
            word,
            board,
            method,
            min_pegs: solution.min_pegs,
            final_word: &solution.final_word,
            final_offset: solution.final_offset,
            hops: &solution.hops,
            dot: None,
        }
    }
}

/// Whether a word reduces to one peg: what `unhop check --json` writes of each word. The
/// word is echoed (`word`), or for a word too long to echo, read as a stream, described by its
/// first cells and its length (`long_word`).
///
/// # Examples
///
/// ```
/// use unhop::Method;
/// use unhop::solitaire::{Board, CheckReport};
/// let word = "011".parse().unwrap();
/// let report = CheckReport::new(&word, Board::Finite, Method::Fast).unwrap();
/// assert!(report.solvable);
/// assert_eq!(
///     serde_json::to_string(&report).unwrap(),
///     r#"{"word":"011","board":"finite","method":"fast","solvable":true}"#
/// );
/// ```
#[derive(Clone, Copy, Debug, Serialize, schemars::JsonSchema)]
pub struct CheckReport<'a> {
    /// The word checked; absent for a word too long to echo (then `long_word` is there).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub word: Option<&'a Word>,
    /// The word checked when it is too long to echo (a line of `unhop check -` longer than
    /// 32 MiB, read as a stream): its first cells and its length.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub long_word: Option<&'a LongWord>,
    /// The board the hops are played on.
    pub board: Board,
    /// The method that decided it.
    pub method: Method,
    /// Whether hops reduce the word to one peg.
    pub solvable: bool,
}

/// A word too long to be echoed, read as a stream: its first cells and its length. Its text
/// is `{first cells}… ({cells} cells)`. (Made by [`LongWord::of`] from a stream check.)
///
/// ```
/// use unhop::solitaire::{Board, LongWord, StreamCheck};
/// let mut check = StreamCheck::new(Board::Infinite);
/// check.feed("11".repeat(20).as_bytes()).unwrap();
/// assert_eq!(LongWord::of(&check).to_string(), "11111111111111111111… (40 cells)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct LongWord {
    /// The word's first cells, 20 of them (fewer if the word is shorter).
    pub first_cells: Word,
    /// The number of cells of the word.
    pub cells: u64,
}

impl LongWord {
    /// The word a stream check has read. O(1).
    pub fn of(check: &super::StreamCheck) -> LongWord {
        LongWord {
            first_cells: check.first_cells(),
            cells: check.cells(),
        }
    }
}

impl std::fmt::Display for LongWord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}… ({} cells)", self.first_cells, self.cells)
    }
}

impl<'a> CheckReport<'a> {
    /// Checks `word` on `board` with `method` ([`super::check_with`]).
    ///
    /// # Complexity
    ///
    /// That of [`super::check_with`]: O(n) with the fast method.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Method, solitaire::{Board, CheckReport}};
    /// assert!(CheckReport::new(&"11".parse().unwrap(), Board::Infinite, Method::Fast).unwrap().solvable);
    /// ```
    pub fn new(word: &'a Word, board: Board, method: Method) -> Result<CheckReport<'a>, Error> {
        CheckReport::with_progress(word, board, method, &Quiet)
    }

    /// [`CheckReport::new`], reporting to `progress`.
    ///
    /// # Complexity
    ///
    /// As [`CheckReport::new`].
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Method, Quiet, solitaire::{Board, CheckReport}};
    /// let word = "01111".parse().unwrap();
    /// assert!(!CheckReport::with_progress(&word, Board::Finite, Method::Exhaustive, &Quiet).unwrap().solvable);
    /// ```
    pub fn with_progress(
        word: &'a Word,
        board: Board,
        method: Method,
        progress: &dyn Progress,
    ) -> Result<CheckReport<'a>, Error> {
        Ok(CheckReport {
            word: Some(word),
            long_word: None,
            board,
            method,
            solvable: super::check_with(word, board, method, progress)?,
        })
    }

    /// The report of a word read as a stream by the fast method: `solvable` is its verdict
    /// ([`super::StreamCheck::reduces`]). O(1).
    ///
    /// ```
    /// use unhop::solitaire::{Board, CheckReport, LongWord, StreamCheck};
    /// let mut check = StreamCheck::new(Board::Finite);
    /// check.feed(b"1011").unwrap();
    /// let long_word = LongWord::of(&check);
    /// let report = CheckReport::of_long_word(&long_word, Board::Finite, check.reduces());
    /// assert_eq!(
    ///     serde_json::to_string(&report).unwrap(),
    ///     r#"{"long_word":{"first_cells":"1011","cells":4},"board":"finite","method":"fast","solvable":true}"#
    /// );
    /// ```
    pub fn of_long_word(long_word: &'a LongWord, board: Board, solvable: bool) -> CheckReport<'a> {
        CheckReport {
            word: None,
            long_word: Some(long_word),
            board,
            method: Method::Fast,
            solvable,
        }
    }
}

/// The number of words of one length that reduce to one peg: `unhop count --json`.
///
/// # Examples
///
/// ```
/// use unhop::Method;
/// use unhop::solitaire::{Board, CountReport};
/// let report = CountReport::new(20, Board::Finite, Method::Fast, &unhop::Quiet).unwrap();
/// assert_eq!(
///     serde_json::to_string(&report).unwrap(),
///     r#"{"length":20,"board":"finite","method":"fast","count":2157}"#
/// );
/// ```
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct CountReport {
    /// The length of the words counted.
    pub length: u64,
    /// The board the hops are played on.
    pub board: Board,
    /// The method that counted them.
    pub method: Method,
    /// The number of words of that length that reduce to one peg (of any size).
    pub count: Integer,
}

impl CountReport {
    /// Counts the words of length `length` ([`super::count_with`]): a length from 1 to
    /// [`super::MAX_COUNT_LEN`] (at most 20 with the exhaustive method), else an input error.
    ///
    /// # Complexity
    ///
    /// That of [`super::count_with`]: O(s³ log n) big-integer products with the fast method.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Method, Quiet, solitaire::{Board, CountReport}};
    /// let fast = CountReport::new(12, Board::Finite, Method::Fast, &Quiet).unwrap();
    /// let slow = CountReport::new(12, Board::Finite, Method::Exhaustive, &Quiet).unwrap();
    /// assert_eq!(fast.count, slow.count);
    /// ```
    pub fn new(
        length: u64,
        board: Board,
        method: Method,
        progress: &dyn Progress,
    ) -> Result<CountReport, Error> {
        let count = super::count_with(length, board, method, progress)?;
        Ok(CountReport {
            length,
            board,
            method,
            count: Integer::from(&count),
        })
    }
}

/// Whether a word reaches another by hops, with the hops: `unhop reach --json`.
///
/// # Examples
///
/// ```
/// use unhop::Method;
/// use unhop::solitaire::{Board, ReachReport};
/// let (w, f) = ("01111".parse().unwrap(), "10100".parse().unwrap());
/// let report = ReachReport::new(&w, &f, Board::Finite, Method::Fast).unwrap();
/// assert!(report.reachable);
/// assert_eq!(report.hops.as_ref().unwrap().len(), 2);
/// ```
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct ReachReport<'a> {
    /// The start word.
    pub word: &'a Word,
    /// The word to reach, over the same cells.
    #[serde(rename = "final")]
    pub final_word: &'a Word,
    /// The board the hops are played on.
    pub board: Board,
    /// The method that decided it.
    pub method: Method,
    /// Whether hops lead from `word` to `final`.
    pub reachable: bool,
    /// The hops, replayed before they were returned (only when `final` is reachable).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hops: Option<Vec<Hop>>,
}

impl<'a> ReachReport<'a> {
    /// Decides whether `word` reaches `final_word` on `board` with `method`
    /// ([`super::reach_with`]).
    ///
    /// # Complexity
    ///
    /// That of [`super::reach_with`]: linear time with the fast method.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Method, solitaire::{Board, ReachReport}};
    /// let (w, f) = ("1111".parse().unwrap(), "1001".parse().unwrap());
    /// assert!(!ReachReport::new(&w, &f, Board::Finite, Method::Fast).unwrap().reachable);
    /// ```
    pub fn new(
        word: &'a Word,
        final_word: &'a Word,
        board: Board,
        method: Method,
    ) -> Result<ReachReport<'a>, Error> {
        let hops = super::reach_with(word, final_word, board, method)?;
        Ok(ReachReport {
            word,
            final_word,
            board,
            method,
            reachable: hops.is_some(),
            hops,
        })
    }
}
