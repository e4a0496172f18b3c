//! Myhill–Nerode class tables of the sets the non-regularity argument compares: the words that
//! reduce to one peg (a regular language, whose classes level off at its minimal DFA) and the
//! P-positions of Duotaire under each move rule (whose classes keep growing).

use super::dense::power_of_two;
use super::moves::MoveRule;
use super::p_positions::{answers_bytes, p_position_answers_metered, p_position_estimate};
use crate::automata::{Answers, nerode_classes};
use crate::budget::{Budget, Estimate, Meter, WorkUnit};
use crate::error::Error;
use crate::progress::Progress;
use crate::solitaire::{Board, Language};
use crate::word::Word;
use std::fmt;

/// The unit of a class table's work: the answers it looks up, (2^(a+1) − 1)(2^(b+1) − 1) for
/// each cell a, b, and one for each word of the dense Duotaire tables it values first;
/// 160,000,000 unless the budget says otherwise, which allows a + b ≤ 20 (151 million lookups
/// and 2 million words, about 20 s) and refuses 21 (319 million lookups).
pub const CLASS_LOOKUPS: WorkUnit = WorkUnit {
    name: "lookups",
    default_limit: 160_000_000,
};

/// The bytes of the one-peg language's automata, at most (a few kilobytes).
const LANGUAGE_BYTES: u128 = 1 << 20;

/// A set of words over {0, 1} (1 a peg) whose classes a table counts: `solitaire`,
/// `p-single` or `p-chain` on the command line and in JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, schemars::JsonSchema)]
pub enum ClassSet {
    /// The words that reduce to one peg.
    #[serde(rename = "solitaire")]
    OnePeg,
    /// The P-positions of Duotaire under the single-hop rule.
    #[serde(rename = "p-single")]
    PSingle,
    /// The P-positions of Duotaire under the chain rule.
    #[serde(rename = "p-chain")]
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

    /// What [`ClassSet::answers`] costs: the dense Duotaire tables' words (none for the
    /// one-peg language) and the bytes of the tables and of the answers.
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{games::ClassSet, solitaire::Board};
    /// assert_eq!(ClassSet::OnePeg.answers_estimate(Board::Finite, 12).work, 0);
    /// assert_eq!(ClassSet::PChain.answers_estimate(Board::Finite, 12).work, (1 << 13) - 2);
    /// ```
    pub fn answers_estimate(self, board: Board, max_len: usize) -> Estimate {
        match self {
            ClassSet::OnePeg => Estimate {
                what: format!("the {self} answers to length {max_len}"),
                unit: CLASS_LOOKUPS,
                work: 0,
                bytes: answers_bytes(max_len).saturating_add(LANGUAGE_BYTES),
            },
            ClassSet::PSingle | ClassSet::PChain => p_position_estimate(board, max_len),
        }
    }

    /// Membership of every word up to `max_len` on `board` under `budget`: the one-peg
    /// language's DFA, or the dense Duotaire tables; refused up front when
    /// [`ClassSet::answers_estimate`] is beyond the budget's limits.
    ///
    /// # Complexity
    ///
    /// O(2^N) answers (and the tables: O(2^N × moves)); the bytes of the estimate.
    ///
    /// ```
    /// use unhop::{budget::Budget, games::ClassSet, solitaire::Board};
    /// let answers = ClassSet::OnePeg.answers(Board::Finite, 4, &Budget::default()).unwrap();
    /// assert!(answers.get(&[1, 1, 0]) && !answers.get(&[1, 1, 1]));
    /// ```
    pub fn answers(self, board: Board, max_len: usize, budget: &Budget) -> Result<Answers, Error> {
        let meter = budget.reserve(&self.answers_estimate(board, max_len))?;
        self.answers_metered(board, max_len, &meter)
    }

    /// [`ClassSet::answers`] admitted already.
    fn answers_metered(
        self,
        board: Board,
        max_len: usize,
        meter: &Meter,
    ) -> Result<Answers, Error> {
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
        p_position_answers_metered(rule, board, max_len, meter)
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

    /// Every cell of the table, row by row: the lines of `unhop probe classes --json`.
    ///
    /// # Complexity
    ///
    /// O(N²) cells.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Quiet, budget::Budget, games::{ClassSet, class_table}, solitaire::Board};
    /// let table = class_table(ClassSet::PChain, Board::Finite, 2, &Budget::default(), &Quiet).unwrap();
    /// let cells: Vec<_> = table.cells().collect();
    /// assert_eq!(cells.len(), 6); // a + b ≤ 2
    /// assert_eq!(
    ///     serde_json::to_string(&cells[1]).unwrap(),
    ///     r#"{"set":"p-chain","board":"finite","prefix_len":0,"suffix_len":1,"classes":1}"#
    /// );
    /// ```
    pub fn cells(&self) -> impl Iterator<Item = ClassCell> + '_ {
        self.classes.iter().enumerate().flat_map(move |(a, row)| {
            row.iter().enumerate().map(move |(b, &classes)| ClassCell {
                set: self.set,
                board: self.board,
                prefix_len: a,
                suffix_len: b,
                classes,
            })
        })
    }
}

/// One cell of a class table: how many classes prefixes of length ≤ `prefix_len` fall into,
/// told apart by suffixes of length ≤ `suffix_len`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct ClassCell {
    /// The set.
    pub set: ClassSet,
    /// The board.
    pub board: Board,
    /// The bound a on the prefixes' length.
    pub prefix_len: usize,
    /// The bound b on the suffixes' length.
    pub suffix_len: usize,
    /// The number of classes.
    pub classes: usize,
}

/// A whole class table as the reports write it (the Python module's `classes`).
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(rename = "ClassTable")]
struct ClassTableReport<'a> {
    /// The set.
    set: ClassSet,
    /// The board.
    board: Board,
    /// What the set is, in words.
    description: String,
    /// The bound N on a + b.
    max_len: usize,
    /// Row a: the counts for b = 0 … N − a.
    classes: &'a [Vec<usize>],
    /// The counts at a = ⌈n/2⌉, b = ⌊n/2⌋ for n = 0 … N (bounded for a regular set).
    balanced: Vec<usize>,
}

/// A table as `{"set", "board", "description", "max_len", "classes", "balanced"}`.
impl serde::Serialize for ClassTable {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        ClassTableReport {
            set: self.set,
            board: self.board,
            description: self.set.description(self.board),
            max_len: self.max_len,
            classes: &self.classes,
            balanced: self.balanced().into_iter().map(|(_, c)| c).collect(),
        }
        .serialize(serializer)
    }
}

impl schemars::JsonSchema for ClassTable {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "ClassTable".into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        ClassTableReport::json_schema(generator)
    }
}

/// The table as text: a line saying what it counts, then a row per a, a column per b.
impl fmt::Display for ClassTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}: Myhill–Nerode classes among prefixes of length ≤ a (rows) told apart by \
             suffixes of length ≤ b (columns)",
            self.set.description(self.board)
        )?;
        write!(f, " a\\b")?;
        for b in 0..=self.max_len {
            write!(f, "{b:>6}")?;
        }
        writeln!(f)?;
        for (a, row) in self.classes.iter().enumerate() {
            write!(f, "{a:>4}")?;
            for c in row {
                write!(f, "{c:>6}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// The lookups of one cell of a class table: every prefix of length ≤ a with every suffix of
/// length ≤ b.
fn cell_lookups(a: usize, b: usize) -> u128 {
    (power_of_two(a + 1) - 1).saturating_mul(power_of_two(b + 1) - 1)
}

/// The bytes counting the classes of one cell allocates, at most: the suffixes (a list grown
/// by doubling, each a short vector), and the distinct rows of answers (each a bit row of
/// the suffixes) in a hash set (four buckets an entry while it grows), with one row and the
/// word being built besides.
fn cell_bytes(a: usize, b: usize) -> u128 {
    let suffixes = power_of_two(b + 1) - 1;
    let prefixes = power_of_two(a + 1) - 1;
    let row = 8 * suffixes.div_ceil(64);
    let bucket = size_of::<Vec<u64>>() as u128 + 1;
    let buckets = prefixes.saturating_mul(4).saturating_add(8);
    (2 * 24 + b as u128)
        .saturating_mul(suffixes)
        .saturating_add(prefixes.saturating_mul(row))
        .saturating_add(buckets.saturating_mul(bucket))
        .saturating_add(row)
        .saturating_add(3 * (a + b) as u128 + 96)
}

/// What [`class_table`] of `set` on `board` to a + b ≤ `max_len` costs: every cell's lookups
/// and the words of the answers' tables ([`CLASS_LOOKUPS`]); the answers' memory
/// ([`ClassSet::answers_estimate`]), the largest cell's and the table of counts.
///
/// # Complexity
///
/// O(N²) for the bound N (every cell); saturating.
///
/// # Examples
///
/// ```
/// use unhop::{games::{ClassSet, class_table_estimate, CLASS_LOOKUPS}, solitaire::Board};
/// let twenty = class_table_estimate(ClassSet::OnePeg, Board::Finite, 20);
/// assert_eq!(twenty.work, 150_995_271);
/// let chain = class_table_estimate(ClassSet::PChain, Board::Finite, 20);
/// assert_eq!(chain.work, 150_995_271 + (1 << 21) - 2);
/// assert!(class_table_estimate(ClassSet::OnePeg, Board::Finite, 21).work > u128::from(CLASS_LOOKUPS.default_limit));
/// ```
pub fn class_table_estimate(set: ClassSet, board: Board, max_len: usize) -> Estimate {
    // Beyond 128 every figure saturates: the cells are not walked.
    let bound = max_len.min(128);
    let cells = (0..=bound).flat_map(|a| (0..=bound - a).map(move |b| (a, b)));
    let answers = set.answers_estimate(board, max_len);
    let work = cells.clone().fold(answers.work, |sum, (a, b)| {
        sum.saturating_add(cell_lookups(a, b))
    });
    let largest = cells.map(|(a, b)| cell_bytes(a, b)).max().unwrap_or(0);
    let counts = (max_len as u128 + 1)
        .saturating_mul(max_len as u128 + 4)
        .saturating_mul(16);
    Estimate {
        what: format!("the class table of {set} to a + b ≤ {max_len} ({board} board)"),
        unit: CLASS_LOOKUPS,
        work,
        bytes: answers.bytes.saturating_add(largest).saturating_add(counts),
    }
}

/// The class table of `set` on `board` for every a + b ≤ `max_len` (at least 2), under
/// `budget`: refused up front when [`class_table_estimate`] is beyond its limits (by default
/// a + b ≤ 20 is allowed). `progress` advances by 2^(a+b) per cell, the cell's share of the
/// work.
///
/// # Complexity
///
/// O(2^N) answers, then O(2^(a+b)) lookups per cell: O(N × 2^N) in all (about 20 s at 20).
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget, games::{ClassSet, class_table}, solitaire::{Board, Language}};
/// let table = class_table(ClassSet::OnePeg, Board::Finite, 12, &Budget::default(), &Quiet).unwrap();
/// let minimal = Language::of(Board::Finite).minimal_dfa().states();
/// assert_eq!(table.classes[6][6], minimal); // levelled off: regular
/// ```
pub fn class_table(
    set: ClassSet,
    board: Board,
    max_len: usize,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<ClassTable, Error> {
    if max_len < 2 {
        return Err(Error::new(format!(
            "the bound on a + b must be at least 2, not {max_len}"
        )));
    }
    let meter = budget.reserve(&class_table_estimate(set, board, max_len))?;
    let answers = set.answers_metered(board, max_len, &meter)?;
    let total: u64 = (0..=max_len).map(|n| (n as u64 + 1) << n).sum();
    progress.start(&format!("counting classes of {set}"), Some(total));
    let mut classes = Vec::with_capacity(max_len + 1);
    for a in 0..=max_len {
        let mut row = Vec::with_capacity(max_len - a + 1);
        for b in 0..=max_len - a {
            meter.charge(cell_lookups(a, b) as u64)?;
            row.push(nerode_classes(&answers, a, b));
            progress.advance(1 << (a + b));
        }
        classes.push(row);
    }
    Ok(ClassTable {
        set,
        board,
        max_len,
        classes,
    })
}
