//! Families of words such as 011(01)^n0: the range of n they are valued over
//! ([`FamilyRange`], `A..B` on the command line) and the report of one member
//! ([`FamilyMember`], a line of `unhop family --json`).

use super::moves::MoveRule;
use crate::error::{Error, quote};
use crate::games::Convention;
use crate::method::Method;
use crate::solitaire::Board;
use crate::word::Word;
use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

/// The values of a family's variable n: `A..B`, both ends included, A ≤ B.
///
/// # Examples
///
/// ```
/// use unhop::games::FamilyRange;
/// let range: FamilyRange = "2..5".parse().unwrap();
/// assert_eq!(range.values().collect::<Vec<_>>(), [2, 3, 4, 5]);
/// assert_eq!(range.members(), 4);
/// assert!("5..2".parse::<FamilyRange>().is_err());
/// assert!("3".parse::<FamilyRange>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FamilyRange {
    start: u64,
    end: u64,
}

impl FamilyRange {
    /// The values `start` to `end`, or an error when `start` > `end`.
    pub fn new(start: u64, end: u64) -> Result<FamilyRange, Error> {
        match start <= end {
            true => Ok(FamilyRange { start, end }),
            false => Err(Error::new(format!(
                "a range A..B needs A ≤ B, not {start}..{end}"
            ))),
        }
    }

    /// The first value.
    pub fn start(&self) -> u64 {
        self.start
    }

    /// The last value.
    pub fn end(&self) -> u64 {
        self.end
    }

    /// How many values the range holds (up to 2^64).
    pub fn members(&self) -> u128 {
        u128::from(self.end - self.start) + 1
    }

    /// The values, in increasing order.
    pub fn values(&self) -> RangeInclusive<u64> {
        self.start..=self.end
    }
}

impl FromStr for FamilyRange {
    type Err = Error;

    /// `A..B` with whole numbers A ≤ B (blanks around each allowed).
    fn from_str(text: &str) -> Result<FamilyRange, Error> {
        let parsed = text.split_once("..").and_then(|(a, b)| {
            let (a, b): (u64, u64) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
            FamilyRange::new(a, b).ok()
        });
        parsed.ok_or_else(|| {
            Error::new(format!(
                "a range is A..B with whole numbers A ≤ B, not {}",
                quote(text)
            ))
        })
    }
}

impl fmt::Display for FamilyRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

/// One member of a family with its value: what `unhop family --json` writes per member.
///
/// # Examples
///
/// ```
/// use unhop::{Error, Pattern, Quiet, budget::Budget, games::{Analysis, Duotaire, MoveRule}, solitaire::Board};
/// let budget = Budget::default();
/// let mut analysis = Analysis::new(Duotaire::new(MoveRule::Single, Board::Finite), &budget, &Quiet);
/// let mut lines = Vec::new();
/// let pattern = Pattern::parse("011(01)^n0").unwrap();
/// analysis.each_family_member(&pattern, "1..1".parse().unwrap(), &mut |member| {
///     lines.push(serde_json::to_string(member).unwrap());
///     Ok::<(), Error>(())
/// }).unwrap();
/// assert_eq!(
///     lines,
///     [r#"{"n":1,"word":"011010","moves":"single","board":"finite","rule":"normal","method":"fast","value":2}"#]
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct FamilyMember {
    /// The value of the family's variable.
    pub n: u64,
    /// The member: the pattern with n in place of its variable.
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
