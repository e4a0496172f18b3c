//! How a game value is written: as the plain integer, or as the nimber combinatorial game
//! theorists write (`0`, `*`, `*2`, …).

use crate::error::Error;
use std::fmt;

/// How values are printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Notation {
    /// The Grundy value as a number: `0`, `1`, `3`.
    #[default]
    Integer,
    /// The nimber of the same value, in combinatorial game theory's notation: `0`, `*`
    /// (star, the nimber 1), `*3`.
    Nimber,
}

impl Notation {
    /// The notation's name as the command line spells it: `integer` or `nimber`.
    pub fn name(self) -> &'static str {
        match self {
            Notation::Integer => "integer",
            Notation::Nimber => "nimber",
        }
    }

    /// `value` (a Grundy value of any integer type, or a big nim-sum) written in this
    /// notation.
    ///
    /// # Complexity
    ///
    /// O(digits).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::Notation;
    /// let written: Vec<String> = (0..4u32).map(|v| Notation::Nimber.write(v)).collect();
    /// assert_eq!(written, ["0", "*", "*2", "*3"]);
    /// assert_eq!(Notation::Integer.write(3u8), "3");
    /// let big = num_bigint::BigUint::from(1u8) << 70u32;
    /// assert_eq!(Notation::Nimber.write(&big), format!("*{big}"));
    /// ```
    pub fn write(self, value: impl fmt::Display) -> String {
        let digits = value.to_string();
        match (self, digits.as_str()) {
            (Notation::Integer, _) | (Notation::Nimber, "0") => digits,
            (Notation::Nimber, "1") => "*".into(),
            (Notation::Nimber, _) => format!("*{digits}"),
        }
    }

    /// Every value of `values` in this notation, separated by single spaces.
    ///
    /// # Complexity
    ///
    /// O(total digits).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::Notation;
    /// assert_eq!(Notation::Nimber.write_all(&[0u32, 1, 2]), "0 * *2");
    /// ```
    pub fn write_all<V: fmt::Display>(self, values: &[V]) -> String {
        let written: Vec<String> = values.iter().map(|v| self.write(v)).collect();
        written.join(" ")
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Notation {
    type Err = Error;
    fn from_str(text: &str) -> Result<Notation, Error> {
        match text {
            "integer" => Ok(Notation::Integer),
            "nimber" => Ok(Notation::Nimber),
            _ => Err(Error::new(format!(
                "unknown notation {} (expected integer or nimber)",
                crate::quote(text)
            ))),
        }
    }
}
