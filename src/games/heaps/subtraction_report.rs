//! The reports of a subtraction game: a position with its winning moves
//! ([`SubtractionReport`], `unhop subtraction SET HEAPS --json`) and the table of single heaps
//! ([`SubtractionTable`], `unhop subtraction SET --max-heap N --json`).

use super::{HeapGame, HeapRule, Subtraction};
use crate::budget::Budget;
use crate::error::Error;
use crate::games::Outcome;
use crate::method::Method;

/// A move of a subtraction game: from heap `heap` (its index, from 0) of `from` stones, take
/// `take`, leaving `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct HeapMove {
    /// The heap's index in the position, from 0.
    pub heap: usize,
    /// The stones taken.
    pub take: u64,
    /// The heap's size before the move.
    pub from: u64,
    /// Its size after the move.
    pub to: u64,
}

/// A position of a subtraction game: who wins, and every winning move.
///
/// # Examples
///
/// ```
/// use unhop::{budget::Budget, games::{HeapRule, Outcome, Subtraction}};
/// let set = Subtraction::parse("1..3").unwrap();
/// let report = set.report(HeapRule::Normal, &[9, 6], None, &Budget::default()).unwrap();
/// assert_eq!(report.outcome, Outcome::Win);
/// assert_eq!(
///     serde_json::to_string(&report).unwrap(),
///     r#"{"set":[1,2,3],"rule":"normal","method":"fast","heaps":[9,6],"outcome":"N","winning_moves":[{"heap":0,"take":3,"from":9,"to":6},{"heap":1,"take":1,"from":6,"to":5}]}"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct SubtractionReport {
    /// The subtraction set: the numbers of stones a move may take.
    pub set: Vec<u64>,
    /// The rule.
    pub rule: HeapRule,
    /// The method: the values with a proved period (fast), or retrograde analysis
    /// (exhaustive).
    pub method: Method,
    /// The heap sizes.
    pub heaps: Vec<u64>,
    /// Who wins: `N`, the player to move, or `P`, the other.
    pub outcome: Outcome,
    /// Every winning move (none when the player to move loses).
    pub winning_moves: Vec<HeapMove>,
}

/// The single heaps 0 to `max_heap` of a subtraction game: which are lost for the player to
/// move, and under normal play by the fast method their values and proved period (`null`
/// otherwise).
///
/// # Examples
///
/// ```
/// use unhop::{budget::Budget, games::{HeapRule, Subtraction}};
/// let set = Subtraction::parse("1,3,4").unwrap();
/// let table = set.table(HeapRule::Normal, 30, None, &Budget::default()).unwrap();
/// assert_eq!((table.preperiod, table.period), (Some(0), Some(7)));
/// assert_eq!(&table.losing[..4], [0, 2, 7, 9]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct SubtractionTable {
    /// The subtraction set.
    pub set: Vec<u64>,
    /// The rule.
    pub rule: HeapRule,
    /// The method.
    pub method: Method,
    /// The largest heap.
    pub max_heap: u64,
    /// The heaps lost for the player to move (odd heaps only under odd wins).
    pub losing: Vec<u64>,
    /// G(0), G(1), …, G(max_heap): normal play by the fast method only.
    pub values: Option<Vec<u32>>,
    /// Where the proved period starts, when the values prove one.
    pub preperiod: Option<usize>,
    /// The period proved by the Guy–Smith criterion, when the values prove one.
    pub period: Option<usize>,
}

impl Subtraction {
    /// The position `heaps` of this game under `rule`: who wins and every winning move, by
    /// `method` (by default the fast one where the rule has it, else the exhaustive one;
    /// [`HeapGame::analyse`]) under `budget`.
    ///
    /// # Complexity
    ///
    /// As [`HeapGame::analyse`].
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, games::{HeapRule, Outcome, Subtraction}};
    /// let set = Subtraction::parse("1..3").unwrap();
    /// let report = set.report(HeapRule::Misere, &[5], None, &Budget::default()).unwrap();
    /// assert_eq!((report.outcome, report.method), (Outcome::Loss, unhop::Method::Exhaustive));
    /// ```
    pub fn report(
        &self,
        rule: HeapRule,
        heaps: &[u64],
        method: Option<Method>,
        budget: &Budget,
    ) -> Result<SubtractionReport, Error> {
        let game = HeapGame::subtraction(self.clone(), rule);
        let method = method.unwrap_or(game.default_method());
        let analysis = game.analyse(heaps, method, budget)?;
        let winning_moves = analysis.winning_moves.iter().map(|m| HeapMove {
            heap: m.heap,
            take: m.taken,
            from: heaps[m.heap],
            to: heaps[m.heap] - m.taken,
        });
        Ok(SubtractionReport {
            set: self.set().to_vec(),
            rule,
            method,
            heaps: heaps.to_vec(),
            outcome: analysis.outcome,
            winning_moves: winning_moves.collect(),
        })
    }

    /// The table of the single heaps 0 to `max` of this game under `rule`, by `method` (by
    /// default the fast one where the rule has it; [`HeapGame::single_heaps`]) under `budget`.
    ///
    /// # Complexity
    ///
    /// As [`HeapGame::single_heaps`].
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, games::{HeapRule, Subtraction}};
    /// let set = Subtraction::parse("1..3").unwrap();
    /// let table = set.table(HeapRule::Misere, 12, None, &Budget::default()).unwrap();
    /// assert_eq!(table.losing, [1, 5, 9]);
    /// assert_eq!(table.values, None); // misère play has no values here
    /// ```
    pub fn table(
        &self,
        rule: HeapRule,
        max: u64,
        method: Option<Method>,
        budget: &Budget,
    ) -> Result<SubtractionTable, Error> {
        let game = HeapGame::subtraction(self.clone(), rule);
        let method = method.unwrap_or(game.default_method());
        let table = game.single_heaps(max, method, budget)?;
        Ok(SubtractionTable {
            set: self.set().to_vec(),
            rule,
            method,
            max_heap: max,
            losing: table.losing,
            values: table.values,
            preperiod: table.period.map(|p| p.preperiod),
            period: table.period.map(|p| p.period),
        })
    }
}
