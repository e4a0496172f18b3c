//! [`Convention`]: the play rule, who wins when no move is left (normal or misère play).

use crate::error::Error;

/// The play rule, who wins when no move is left: normal play (the player who cannot move
/// loses, so the player who makes the last move wins) or misère play (the player who makes the
/// last move loses); `normal` or `misere` on the command line and in JSON.
///
/// ```
/// use unhop::games::Convention;
/// assert_eq!("misere".parse::<Convention>().unwrap(), Convention::Misere);
/// assert_eq!(serde_json::to_string(&Convention::Misere).unwrap(), r#""misere""#);
/// assert!("losing".parse::<Convention>().is_err());
/// ```
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Convention {
    /// The player who cannot move loses.
    #[default]
    Normal,
    /// The player who cannot move wins.
    Misere,
}

impl std::str::FromStr for Convention {
    type Err = Error;
    fn from_str(text: &str) -> Result<Convention, Error> {
        match text {
            "normal" => Ok(Convention::Normal),
            "misere" | "misère" => Ok(Convention::Misere),
            _ => Err(Error::new(format!(
                "unknown play rule {} (expected normal or misere)",
                crate::quote(text)
            ))),
        }
    }
}

impl std::fmt::Display for Convention {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.keyword())
    }
}

impl Convention {
    /// `"normal"` or `"misère"`.
    pub fn name(self) -> &'static str {
        match self {
            Convention::Normal => "normal",
            Convention::Misere => "misère",
        }
    }

    /// `"normal"` or `"misere"`: the name in JSON output, spelt as on the command line
    /// (`--misere`, `--rule misere`).
    pub fn keyword(self) -> &'static str {
        match self {
            Convention::Normal => "normal",
            Convention::Misere => "misere",
        }
    }
}
