//! A heap game chosen by name with its options, as `unhop graph` and `unhop play` take it:
//! `nim`, `subtraction` with a set, `octal` with a code, each under a rule.

use super::{HeapGame, HeapRule, Octal, Subtraction};
use crate::error::{Error, quote};
use std::fmt;
use std::str::FromStr;

/// The kinds of heap game in the catalogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HeapGameKind {
    /// Nim: take any number of stones from one heap.
    Nim,
    /// A subtraction game: take a number of stones in a set.
    Subtraction,
    /// An octal game, or Grundy's game.
    Octal,
}

impl HeapGameKind {
    /// Every kind, in the order above.
    pub const ALL: [HeapGameKind; 3] = [
        HeapGameKind::Nim,
        HeapGameKind::Subtraction,
        HeapGameKind::Octal,
    ];

    /// The option among a subtraction set (`set`: one was given) and an octal code (`code`)
    /// that this kind does not use, named as the command line spells it, if one was given.
    ///
    /// ```
    /// use unhop::games::HeapGameKind;
    /// assert_eq!(HeapGameKind::Octal.unused_option(true, true), Some("--set (for subtraction games)"));
    /// assert_eq!(HeapGameKind::Octal.unused_option(false, true), None);
    /// ```
    pub fn unused_option(self, set: bool, code: bool) -> Option<&'static str> {
        let set = set.then_some("--set (for subtraction games)");
        let code = code.then_some("--code (for octal games)");
        match self {
            HeapGameKind::Subtraction => code,
            HeapGameKind::Octal => set,
            HeapGameKind::Nim => set.or(code),
        }
    }

    /// The name as the command line spells it: `nim`, `subtraction`, `octal`.
    pub fn name(self) -> &'static str {
        match self {
            HeapGameKind::Nim => "nim",
            HeapGameKind::Subtraction => "subtraction",
            HeapGameKind::Octal => "octal",
        }
    }
}

impl FromStr for HeapGameKind {
    type Err = Error;
    fn from_str(text: &str) -> Result<HeapGameKind, Error> {
        HeapGameKind::ALL
            .into_iter()
            .find(|k| k.name() == text)
            .ok_or_else(|| {
                Error::new(format!(
                    "{} is not a heap game (expected nim, subtraction or octal)",
                    quote(text)
                ))
            })
    }
}

impl fmt::Display for HeapGameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl HeapGame {
    /// The game of kind `kind` under `rule`: a subtraction game needs its `set` (such as
    /// `1..3`), an octal game its `code` (such as `0.77`); an option the kind does not use is
    /// an error, as is a rule it is not played by.
    ///
    /// # Complexity
    ///
    /// O(length of the set or code).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::{HeapGame, HeapGameKind, HeapRule};
    /// let kayles = HeapGame::choose(HeapGameKind::Octal, None, Some("0.77"), HeapRule::Normal).unwrap();
    /// assert_eq!(kayles.rule(), HeapRule::Normal);
    /// let err = HeapGame::choose(HeapGameKind::Nim, Some("1..3"), None, HeapRule::Normal).unwrap_err();
    /// assert_eq!(err.to_string(), "--set (for subtraction games) does not apply to nim");
    /// let err = HeapGame::choose(HeapGameKind::Subtraction, None, None, HeapRule::Normal).unwrap_err();
    /// assert_eq!(err.to_string(), "this game needs --set (such as 1..3)");
    /// ```
    pub fn choose(
        kind: HeapGameKind,
        set: Option<&str>,
        code: Option<&str>,
        rule: HeapRule,
    ) -> Result<HeapGame, Error> {
        if let Some(option) = kind.unused_option(set.is_some(), code.is_some()) {
            return Err(Error::new(format!("{option} does not apply to {kind}")));
        }
        match kind {
            HeapGameKind::Nim => HeapGame::nim(rule),
            HeapGameKind::Octal => {
                let code: Octal = need(code, "--code (such as 0.77)")?.parse()?;
                HeapGame::octal(code, rule)
            }
            HeapGameKind::Subtraction => {
                let set = Subtraction::parse(need(set, "--set (such as 1..3)")?)?;
                Ok(HeapGame::subtraction(set, rule))
            }
        }
    }
}

/// `what`, or the error that the game needs `flag`.
fn need<'a>(what: Option<&'a str>, flag: &str) -> Result<&'a str, Error> {
    what.ok_or_else(|| Error::new(format!("this game needs {flag}")))
}
