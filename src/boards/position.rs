//! Starts and goals: parsing them, the defaults of each board, and drawing positions as text.

use super::board::Board;
use super::geometry::{Geometry, Position};
use crate::Error;

/// What a solution must reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// One peg, in this hole.
    PegAt(usize),
    /// One peg, anywhere.
    OnePeg,
    /// Exactly this position.
    Pattern(Position),
}

impl Goal {
    /// The number of pegs of a goal position.
    pub fn pegs(self) -> u32 {
        match self {
            Goal::PegAt(_) | Goal::OnePeg => 1,
            Goal::Pattern(p) => p.count_ones(),
        }
    }

    /// The one goal position, unless the goal is "one peg anywhere".
    pub fn position(self) -> Option<Position> {
        match self {
            Goal::PegAt(h) => Some(1 << h),
            Goal::OnePeg => None,
            Goal::Pattern(p) => Some(p),
        }
    }

    /// Whether `position` is a goal position.
    pub fn is_reached(self, position: Position) -> bool {
        match self {
            Goal::PegAt(h) => position == 1 << h,
            Goal::OnePeg => position.count_ones() == 1,
            Goal::Pattern(p) => position == p,
        }
    }

    /// The positions every symmetry used with this goal must fix (none for "one peg anywhere").
    pub fn fixed_positions(self) -> Vec<Position> {
        match self {
            Goal::PegAt(h) => vec![1 << h],
            Goal::OnePeg => vec![],
            Goal::Pattern(p) => vec![p],
        }
    }

    /// The goal in words, with the board's hole names.
    pub fn describe(self, board: &Board) -> String {
        match self {
            Goal::PegAt(h) => format!("one peg at {}", board.hole_name(h)),
            Goal::OnePeg => "one peg anywhere".to_string(),
            Goal::Pattern(p) => format!("the pattern {}", board.pattern(p)),
        }
    }
}

impl Board {
    /// The default start: the pegs a picture drew when it drew an empty hole; else every hole
    /// filled but the centre (the hole every symmetry fixes) when there is one; else every hole
    /// but the first (a corner of the triangle, the first vertex of a graph).
    ///
    /// # Complexity
    /// O(h · s) for h holes and s symmetries (the centre is found).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::Board;
    /// let english = Board::named("english").unwrap();
    /// assert_eq!(english.default_start(), english.full() & !(1 << english.hole_named("d4").unwrap()));
    /// ```
    pub fn default_start(&self) -> Position {
        if let Some(start) = self.drawn_start {
            return start;
        }
        self.full() & !(1 << self.centre().unwrap_or(0))
    }

    /// The default goal: one peg in the centre when the board has one, else one peg anywhere.
    pub fn default_goal(&self) -> Goal {
        self.centre().map_or(Goal::OnePeg, Goal::PegAt)
    }

    /// A `--start`: a hole name (every hole filled but that one) or a pattern (see
    /// [`Board::parse_pattern`]).
    ///
    /// # Complexity
    /// O(h · length of `text`).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::Board;
    /// let english = Board::named("english").unwrap();
    /// assert_eq!(english.parse_start("d4").unwrap(), english.default_start());
    /// assert_eq!(english.parse_start("ooo/ooo/ooooooo/ooo.ooo/ooooooo/ooo/ooo").unwrap(), english.default_start());
    /// assert!(english.parse_start("z9").unwrap_err().to_string().starts_with("--start"));
    /// ```
    pub fn parse_start(&self, text: &str) -> Result<Position, Error> {
        match self.hole_named(text.trim()) {
            Some(h) => Ok(self.full() & !(1 << h)),
            None => self
                .parse_pattern(text)
                .map_err(|e| Error::new(format!("--start: {e}"))),
        }
    }

    /// A `--goal`: a hole name (one peg there), `any` (one peg anywhere) or a pattern.
    ///
    /// # Complexity
    /// O(h · length of `text`).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::{Board, Goal};
    /// let english = Board::named("english").unwrap();
    /// assert_eq!(english.parse_goal("any").unwrap(), Goal::OnePeg);
    /// assert_eq!(english.parse_goal("d4").unwrap(), english.default_goal());
    /// assert!(english.parse_goal("x").is_err());
    /// ```
    pub fn parse_goal(&self, text: &str) -> Result<Goal, Error> {
        let text = text.trim();
        if text == "any" {
            return Ok(Goal::OnePeg);
        }
        match self.hole_named(text) {
            Some(h) => Ok(Goal::PegAt(h)),
            None => self
                .parse_pattern(text)
                .map(Goal::Pattern)
                .map_err(|e| Error::new(format!("--goal: {e}"))),
        }
    }

    /// A position written hole by hole in the board's order (reading order): `o`, `x` or `1`
    /// for a peg, `.` or `0` for an empty hole; `/` and spaces may separate rows.
    ///
    /// # Complexity
    /// O(length of `text`).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::Board;
    /// let board = Board::named("triangle").unwrap();
    /// let p = board.parse_pattern(".ooooooooooooooo").unwrap_err();
    /// assert!(p.to_string().contains("16 holes"));
    /// assert_eq!(board.parse_pattern("./oo/ooo/oooo/ooooo").unwrap().count_ones(), 14);
    /// ```
    pub fn parse_pattern(&self, text: &str) -> Result<Position, Error> {
        let mut position = 0;
        let mut hole = 0;
        for (i, ch) in text.chars().enumerate() {
            let peg = match ch {
                'o' | 'x' | '1' => true,
                '.' | '0' => false,
                '/' | ' ' => continue,
                _ => {
                    return Err(Error::at(
                        text,
                        i,
                        format!(
                            "{} is neither a hole name of {} nor a peg (o, x, 1) or hole (., 0)",
                            crate::error::quote(ch.encode_utf8(&mut [0; 4])),
                            self.name
                        ),
                    ));
                }
            };
            if hole < self.holes() && peg {
                position |= 1 << hole;
            }
            hole += 1;
        }
        if hole != self.holes() {
            return Err(Error::new(format!(
                "the pattern {} gives {hole} holes but the board {} has {}",
                crate::error::quote(text),
                self.name,
                self.holes()
            )));
        }
        Ok(position)
    }

    /// A position written as the page and the Python module write it: one character a hole in
    /// the board's order, `1` a peg and `0` an empty hole, nothing else.
    ///
    /// # Complexity
    /// O(h).
    ///
    /// # Errors
    /// A character other than `0` or `1` (named with its place in the position), or a length
    /// other than the board's number of holes.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::Board;
    /// let row = Board::named("path:4").unwrap();
    /// assert_eq!(row.parse_position("1101").unwrap(), 0b1011);
    /// let err = row.parse_position("11a1").unwrap_err();
    /// assert_eq!((err.input(), err.column()), (Some("'11a1'"), Some(2)));
    /// assert!(row.parse_position("110").unwrap_err().to_string().contains("4 characters"));
    /// ```
    pub fn parse_position(&self, text: &str) -> Result<Position, Error> {
        let mut position: Position = 0;
        let mut holes = 0;
        for (i, ch) in text.chars().enumerate() {
            let peg = match ch {
                '1' => true,
                '0' => false,
                _ => {
                    return Err(Error::at(
                        text,
                        i,
                        format!(
                            "{} is neither 0 (an empty hole) nor 1 (a peg)",
                            crate::error::quote(ch.encode_utf8(&mut [0; 4]))
                        ),
                    ));
                }
            };
            if i < self.holes() && peg {
                position |= 1 << i;
            }
            holes += 1;
        }
        if holes != self.holes() {
            return Err(Error::new(format!(
                "the position {} has {holes} characters, but a position of {} is {} characters \
                 0 or 1, one a hole",
                crate::error::quote(text),
                self.name,
                self.holes()
            ))
            .named(crate::error::quote(text)));
        }
        Ok(position)
    }

    /// A position as [`Board::parse_position`] reads it: `1` a peg, `0` an empty hole, one
    /// character a hole in the board's order. O(h).
    ///
    /// # Complexity
    /// O(h).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::Board;
    /// let triangle = Board::named("triangle").unwrap();
    /// assert_eq!(triangle.position_text(triangle.default_start()), "011111111111111");
    /// ```
    pub fn position_text(&self, position: Position) -> String {
        (0..self.holes())
            .map(|h| if position >> h & 1 == 1 { '1' } else { '0' })
            .collect()
    }

    /// The names of the holes in `holes` (a set of holes as a position), in the board's
    /// order. O(h).
    ///
    /// # Complexity
    /// O(h).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::Board;
    /// let english = Board::named("english").unwrap();
    /// assert_eq!(english.hole_names_in(1 << 16 | 1), vec!["c1", "d4"]);
    /// ```
    pub fn hole_names_in(&self, holes: Position) -> Vec<&str> {
        (0..self.holes())
            .filter(|&h| holes >> h & 1 == 1)
            .map(|h| self.hole_name(h))
            .collect()
    }

    /// A position as a one-line pattern in reading order, rows separated by `/` on grids.
    ///
    /// # Complexity
    /// O(h).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::Board;
    /// let triangle = Board::named("triangle").unwrap();
    /// assert_eq!(triangle.pattern(triangle.default_start()), "./oo/ooo/oooo/ooooo");
    /// ```
    pub fn pattern(&self, position: Position) -> String {
        let mut text = String::new();
        for h in 0..self.holes() {
            if h > 0 && self.geometry != Geometry::Graph && self.coords[h].0 != self.coords[h - 1].0
            {
                text.push('/');
            }
            text.push(if position >> h & 1 == 1 { 'o' } else { '.' });
        }
        text
    }

    /// A position drawn as text: `o` a peg, `.` an empty hole, one line per row (grids) or
    /// `name:o` per vertex (graphs).
    ///
    /// # Complexity
    /// O(h + rows · columns) time and text.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::Board;
    /// let board = Board::named("triangle").unwrap();
    /// assert_eq!(board.draw(board.default_start()), "    .\n   o o\n  o o o\n o o o o\no o o o o\n");
    /// ```
    pub fn draw(&self, position: Position) -> String {
        let mark = |h: usize| if position >> h & 1 == 1 { 'o' } else { '.' };
        match self.geometry {
            Geometry::Graph => {
                let cells: Vec<String> = (0..self.holes())
                    .map(|h| format!("{}:{}", self.names[h], mark(h)))
                    .collect();
                cells.join(" ") + "\n"
            }
            Geometry::Square | Geometry::Triangle => {
                let rows = self.coords.iter().map(|c| c.0).max().unwrap_or(0) + 1;
                let columns = self.coords.iter().map(|c| c.1).max().unwrap_or(0) + 1;
                let mut text = String::new();
                for r in 0..rows {
                    let mut line = String::new();
                    if self.geometry == Geometry::Triangle {
                        line.push_str(&" ".repeat((rows - 1 - r) as usize));
                    }
                    for c in 0..columns {
                        match self.coords.binary_search(&(r, c)) {
                            Ok(h) => line.push(mark(h)),
                            Err(_) => line.push(' '),
                        }
                        line.push(' ');
                    }
                    text.push_str(line.trim_end());
                    text.push('\n');
                }
                text
            }
        }
    }
}
