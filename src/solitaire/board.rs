//! The two boards a word can be played on.

use crate::error::Error;
use std::fmt;

/// Where hops may land: the finite board is the word's own cells, the infinite board adds
/// holes without end on both sides.
///
/// ```
/// use unhop::solitaire::Board;
/// assert_eq!("finite".parse::<Board>().unwrap(), Board::Finite);
/// assert_eq!(Board::default().to_string(), "infinite");
/// ```
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Board {
    /// The word lies on an endless row of holes; hops may leave the word.
    #[default]
    Infinite,
    /// The board is exactly the word; hops must land inside it.
    Finite,
}

impl Board {
    /// Both boards, infinite first.
    pub const ALL: [Board; 2] = [Board::Infinite, Board::Finite];

    /// The board's name as the command line spells it.
    pub fn name(self) -> &'static str {
        match self {
            Board::Infinite => "infinite",
            Board::Finite => "finite",
        }
    }
}

impl std::str::FromStr for Board {
    type Err = Error;
    fn from_str(text: &str) -> Result<Board, Error> {
        match text {
            "infinite" => Ok(Board::Infinite),
            "finite" => Ok(Board::Finite),
            _ => Err(Error::new(format!(
                "unknown board {} (expected infinite or finite)",
                crate::error::quote(text)
            ))),
        }
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
