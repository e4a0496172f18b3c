//! Hops: a peg jumps over an adjacent peg into the hole just beyond it.

use std::fmt;

/// Which way a hop goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards smaller positions: `011 → 100`.
    Left,
    /// Towards larger positions: `110 → 001`.
    Right,
}

/// One hop: the peg at `from` jumps over `over` (removed) into the hole at `to`.
///
/// Positions are 0-based cells of the word as given; on the infinite board they may be
/// negative or beyond the word. A hop takes 16 bytes.
///
/// ```
/// use unhop::solitaire::{Direction, Hop};
/// let hop = Hop::new(0, Direction::Right);
/// assert_eq!((hop.from(), hop.over(), hop.to()), (0, 1, 2));
/// assert_eq!(Hop::between(5, 3), Some(Hop::new(5, Direction::Left)));
/// assert_eq!(hop.to_string(), "0→2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hop {
    from: i64,
    direction: Direction,
}

impl Hop {
    /// The hop from `from` in `direction`.
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::solitaire::{Direction, Hop};
    /// assert_eq!(Hop::new(3, Direction::Left).to(), 1);
    /// ```
    pub fn new(from: i64, direction: Direction) -> Hop {
        Hop { from, direction }
    }

    /// The hop from `from` to `to`, if they are two cells apart.
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::solitaire::{Direction, Hop};
    /// assert_eq!(Hop::between(1, 3), Some(Hop::new(1, Direction::Right)));
    /// assert_eq!(Hop::between(1, 4), None);
    /// ```
    pub fn between(from: i64, to: i64) -> Option<Hop> {
        match to.checked_sub(from)? {
            2 => Some(Hop::new(from, Direction::Right)),
            -2 => Some(Hop::new(from, Direction::Left)),
            _ => None,
        }
    }

    /// The cell the peg leaves.
    pub fn from(self) -> i64 {
        self.from
    }

    /// The cell of the peg jumped over and removed.
    pub fn over(self) -> i64 {
        match self.direction {
            Direction::Left => self.from - 1,
            Direction::Right => self.from + 1,
        }
    }

    /// The cell the peg lands in.
    pub fn to(self) -> i64 {
        match self.direction {
            Direction::Left => self.from - 2,
            Direction::Right => self.from + 2,
        }
    }

    /// The direction of the hop.
    pub fn direction(self) -> Direction {
        self.direction
    }

    /// The same hop `offset` cells further right.
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::solitaire::{Direction, Hop};
    /// assert_eq!(Hop::new(0, Direction::Right).shifted(-2).to_string(), "-2→0");
    /// ```
    pub fn shifted(self, offset: i64) -> Hop {
        Hop::new(self.from + offset, self.direction)
    }

    /// The hop seen in a mirror that maps cell `p` to `len - 1 - p`.
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::solitaire::{Direction, Hop};
    /// // In a word of 5 cells, 0→2 seen in a mirror is 4→2.
    /// assert_eq!(Hop::new(0, Direction::Right).mirrored(5).to_string(), "4→2");
    /// ```
    pub fn mirrored(self, len: i64) -> Hop {
        let direction = match self.direction {
            Direction::Left => Direction::Right,
            Direction::Right => Direction::Left,
        };
        Hop::new(len - 1 - self.from, direction)
    }
}

/// A hop serialises as `{"from": i, "over": j, "to": k}`, the cells it jumps from, over and to.
impl serde::Serialize for Hop {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut hop = serializer.serialize_struct("Hop", 3)?;
        hop.serialize_field("from", &self.from())?;
        hop.serialize_field("over", &self.over())?;
        hop.serialize_field("to", &self.to())?;
        hop.end()
    }
}

/// A hop's schema: the object of its three cells.
impl schemars::JsonSchema for Hop {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Hop".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A hop: the peg in cell `from` jumps over the peg in `over` into the hole `to`; cells count from 0 in the word, and on the infinite board may be negative or past its end.",
            "type": "object",
            "properties": {
                "from": {"type": "integer"},
                "over": {"type": "integer"},
                "to": {"type": "integer"}
            },
            "required": ["from", "over", "to"],
            "additionalProperties": false
        })
    }
}

impl fmt::Display for Hop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}→{}", self.from, self.to())
    }
}

/// A list of hops as text, the one way every front end writes it: the hops `from→to`
/// separated by spaces, `none` for no hop.
///
/// # Complexity
///
/// O(number of hops) time; nothing is allocated.
///
/// # Examples
///
/// ```
/// use unhop::solitaire::{Direction, Hop, HopList};
/// let hops = [Hop::new(3, Direction::Right), Hop::new(6, Direction::Left)];
/// assert_eq!(HopList(&hops).to_string(), "3→5 6→4");
/// assert_eq!(HopList(&[]).to_string(), "none");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct HopList<'a>(pub &'a [Hop]);

impl fmt::Display for HopList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("none");
        }
        for (k, hop) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{hop}")?;
        }
        Ok(())
    }
}
