//! [`Method`]: the fast algorithm or its exhaustive twin, for every computation that has both.

use crate::error::{Error, quote};
use std::fmt;

/// Which of two algorithms that must agree computes an answer.
///
/// Every fast algorithm in unhop has a slow twin that is obviously correct: an exhaustive
/// search over every hop sequence, move or position. The tests compare the two on every small
/// input; the command line offers the twin as `--method exhaustive` so a user can check an
/// answer independently. The exhaustive twin is exponential almost everywhere and refuses
/// inputs beyond its documented limits.
///
/// ```
/// use unhop::{Method, Word, solitaire::{Board, solve_with}};
/// let word: Word = "1101101".parse().unwrap();
/// let fast = solve_with(&word, Board::Infinite, Method::Fast).unwrap();
/// let slow = solve_with(&word, Board::Infinite, Method::Exhaustive).unwrap();
/// assert_eq!(fast.min_pegs, slow.min_pegs);
/// assert_eq!("exhaustive".parse::<Method>().unwrap(), Method::Exhaustive);
/// ```
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    /// The fast exact method (linear time or a table lookup where one exists).
    #[default]
    Fast,
    /// The slow twin: an exhaustive search, used to check the fast method.
    Exhaustive,
}

impl Method {
    /// Both methods, fast first.
    pub const ALL: [Method; 2] = [Method::Fast, Method::Exhaustive];

    /// The name used on the command line and in JSON: `fast` or `exhaustive`.
    pub fn name(self) -> &'static str {
        match self {
            Method::Fast => "fast",
            Method::Exhaustive => "exhaustive",
        }
    }
}

impl std::str::FromStr for Method {
    type Err = Error;
    fn from_str(text: &str) -> Result<Method, Error> {
        Method::ALL
            .into_iter()
            .find(|m| m.name() == text)
            .ok_or_else(|| {
                Error::new(format!(
                    "unknown method {} (expected fast or exhaustive)",
                    quote(text)
                ))
            })
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
