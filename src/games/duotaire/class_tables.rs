//! Myhill–Nerode class tables of the sets the non-regularity argument compares: the words that
//! reduce to one peg (a regular language, whose classes level off at its minimal DFA) and the
//! P-positions of Duotaire under each move rule (whose classes keep growing).

use super::moves::MoveRule;
use super::p_positions::p_position_answers;
use crate::automata::{Answers, nerode_classes};
use crate::error::Error;
use crate::progress::Progress;
use crate::solitaire::{Board, Language};
use crate::word::Word;
use std::fmt;

/// The largest bound a + b ≤ N for [`class_table`]: 2^21 answers, about 20 s for the table.
pub const MAX_CLASS_TABLE_LEN: usize = 20;

/// A set of words over {0, 1} (1 a peg) whose classes a table counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClassSet {
    /// The words that reduce to one peg.
    OnePeg,
    /// The P-positions of Duotaire under the single-hop rule.
    PSingle,
    /// The P-positions of Duotaire under the chain rule.
    PChain,
}

impl ClassSet {
    /// Every set, in the order the tables list them.
    pub const ALL: [ClassSet; 3] = [ClassSet::OnePeg, ClassSet::PSingle, ClassSet::PChain];

    /// The set's name as the command line spells it: `solitaire`, `p-single`, `p-chain`.
    pub fn name(self) -> &'static str {
        match self {
            ClassSet::OnePeg => "solitaire",
            ClassSet::PSingle => "p-single",
            ClassSet::PChain => "p-chain",
        }
    }

    /// What the set is, on `board`, in words.
    pub fn description(self, board: Board) -> String {
        match self {
            ClassSet::OnePeg => format!("words that reduce to one peg ({board} board)"),
            ClassSet::PSingle => format!("P-positions of single-move Duotaire ({board} board)"),
            ClassSet::PChain => format!("P-positions of chain Duotaire ({board} board)"),
        }
    }

    /// Membership of every word up to `max_len` on `board`: the one-peg language's DFA, or
    /// the dense Duotaire tables. O(2^N) time and bytes.
    ///
    /// ```
    /// use unhop::{games::ClassSet, solitaire::Board};
    /// let answers = ClassSet::OnePeg.answers(Board::Finite, 4).unwrap();
    /// assert!(answers.get(&[1, 1, 0]) && !answers.get(&[1, 1, 1]));
    /// ```
    pub fn answers(self, board: Board, max_len: usize) -> Result<Answers, Error> {
        let rule = match self {
            ClassSet::OnePeg => {
                let language = Language::of(board);
                return Ok(Answers::ask(2, max_len, &mut |w| {
                    language.contains(&Word::from_cells(w.iter().map(|&l| l == 1)))
                }));
            }
            ClassSet::PSingle => MoveRule::Single,
            ClassSet::PChain => MoveRule::Chain,
        };
        p_position_answers(rule, board, max_len)
    }
}

impl fmt::Display for ClassSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for ClassSet {
    type Err = Error;
    fn from_str(text: &str) -> Result<ClassSet, Error> {
        ClassSet::ALL
            .into_iter()
            .find(|s| s.name() == text)
            .ok_or_else(|| {
                Error::new(format!(
                    "unknown set {} (expected solitaire, p-single or p-chain)",
                    crate::quote(text)
                ))
            })
    }
}

/// The class counts of one set: `classes[a][b]` for prefixes of length ≤ a told apart by
/// suffixes of length ≤ b, for every a + b ≤ `max_len`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassTable {
    /// The set.
    pub set: ClassSet,
    /// The board.
    pub board: Board,
    /// The bound N on a + b.
    pub max_len: usize,
    /// Row a has the counts for b = 0 … N − a.
    pub classes: Vec<Vec<usize>>,
}

impl ClassTable {
    /// The counts at the balanced bounds a = ⌈n/2⌉, b = ⌊n/2⌋ for n = 0 … N, as (n, classes).
    pub fn balanced(&self) -> Vec<(usize, usize)> {
        (0..=self.max_len)
            .map(|n| (n, self.classes[n.div_ceil(2)][n / 2]))
            .collect()
    }
}

/// The class table of `set` on `board` for every a + b ≤ `max_len` (2 to
/// [`MAX_CLASS_TABLE_LEN`]). `progress` advances by 2^(a+b) per cell, the cell's share of
/// the work.
///
/// # Complexity
///
/// O(2^N) answers, then O(2^(a+b)) lookups per cell: O(N × 2^N) in all (about 20 s at 20).
///
/// ```
/// use unhop::{Quiet, games::{ClassSet, class_table}, solitaire::{Board, Language}};
/// let table = class_table(ClassSet::OnePeg, Board::Finite, 12, &Quiet).unwrap();
/// let minimal = Language::of(Board::Finite).minimal_dfa().states();
/// assert_eq!(table.classes[6][6], minimal); // levelled off: regular
/// ```
pub fn class_table(
    set: ClassSet,
    board: Board,
    max_len: usize,
    progress: &dyn Progress,
) -> Result<ClassTable, Error> {
    if !(2..=MAX_CLASS_TABLE_LEN).contains(&max_len) {
        return Err(Error::new(format!(
            "the bound on a + b must be from 2 to {MAX_CLASS_TABLE_LEN}, not {max_len}"
        )));
    }
    let answers = set.answers(board, max_len)?;
    let total: u64 = (0..=max_len).map(|n| (n as u64 + 1) << n).sum();
    progress.start(&format!("counting classes of {set}"), Some(total));
    let classes = (0..=max_len)
        .map(|a| {
            (0..=max_len - a)
                .map(|b| {
                    let classes = nerode_classes(&answers, a, b);
                    progress.advance(1 << (a + b));
                    classes
                })
                .collect()
        })
        .collect();
    Ok(ClassTable {
        set,
        board,
        max_len,
        classes,
    })
}
