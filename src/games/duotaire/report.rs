//! [`GrundyReport`]: what `unhop grundy`, the Python module and the page's Duotaire tab show of
//! a word: its value and, when asked, its winning moves and its options, in one serialisation.

use super::analysis::{Analysis, WordOption};
use super::game::Duotaire;
use super::moves::MoveRule;
use crate::error::Error;
use crate::games::Convention;
use crate::method::Method;
use crate::solitaire::{Board, Hop};
use crate::word::Word;
use serde::ser::{Serialize, Serializer};

/// A word's Grundy value in Duotaire, with its winning moves and its options when they were
/// asked for (`None` is left out of the JSON).
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget, games::{Analysis, Duotaire, MoveRule}, solitaire::Board};
/// let budget = Budget::default();
/// let mut analysis = Analysis::new(Duotaire::new(MoveRule::Single, Board::Finite), &budget, &Quiet);
/// let report = analysis.report(&"0110".parse().unwrap(), true, false).unwrap();
/// assert_eq!(
///     serde_json::to_string(&report).unwrap(),
///     r#"{"word":"0110","moves":"single","board":"finite","rule":"normal","method":"fast","value":1,"winning_moves":[[{"from":1,"over":2,"to":3}],[{"from":2,"over":1,"to":0}]]}"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct GrundyReport {
    /// The word valued.
    pub word: Word,
    /// The move rule.
    pub moves: MoveRule,
    /// The board.
    pub board: Board,
    /// The play rule.
    pub rule: Convention,
    /// The method that valued it.
    pub method: Method,
    /// The word's Grundy value, its misère value under misère play (0: the player to move
    /// loses).
    pub value: u32,
    /// Every winning move (to a position of value 0) as a hop list, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winning_moves: Option<Vec<Vec<Hop>>>,
    /// Every option, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub options: Option<Vec<WordOption>>,
}

/// An option as the reports write it: [`WordOption`] with `winning` ([`WordOption::wins`]).
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(rename = "WordOption")]
struct OptionReport<'a> {
    /// The move as hops in the word's coordinates (several for a chain move).
    hops: &'a [Hop],
    /// The word after the move, over the cells of the word and every cell a hop touched.
    word: &'a Word,
    /// Where that word's cell 0 lies in the original word's coordinates.
    offset: i64,
    /// The value of the word after the move.
    value: u32,
    /// Whether the move wins: it leaves a position of value 0.
    winning: bool,
}

/// An option as `{"hops", "word", "offset", "value", "winning"}`.
impl Serialize for WordOption {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        OptionReport {
            hops: &self.hops,
            word: &self.word,
            offset: self.offset,
            value: self.value,
            winning: self.wins(),
        }
        .serialize(serializer)
    }
}

impl schemars::JsonSchema for WordOption {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "WordOption".into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        OptionReport::json_schema(generator)
    }
}

impl Analysis<'_> {
    /// The report of `word`: its value, and its winning moves ([`Analysis::winning_moves`])
    /// and options ([`Analysis::options`]) when asked for.
    ///
    /// # Complexity
    ///
    /// As [`Analysis::value`], plus one value for each option.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Quiet, budget::Budget, games::{Analysis, Duotaire, MoveRule}, solitaire::Board};
    /// let budget = Budget::default();
    /// let mut analysis = Analysis::new(Duotaire::new(MoveRule::Chain, Board::Infinite), &budget, &Quiet);
    /// let report = analysis.report(&"0110".parse().unwrap(), false, true).unwrap();
    /// assert_eq!(report.value, 1);
    /// assert!(report.winning_moves.is_none());
    /// assert_eq!(report.options.unwrap().len(), 1); // both hops leave a single peg
    /// ```
    pub fn report(
        &mut self,
        word: &Word,
        winning_moves: bool,
        options: bool,
    ) -> Result<GrundyReport, Error> {
        let value = self.value(word)?;
        Ok(GrundyReport {
            winning_moves: match winning_moves {
                true => Some(self.winning_moves(word)?),
                false => None,
            },
            options: match options {
                true => Some(self.options(word)?),
                false => None,
            },
            ..GrundyReport::of_value(word, self.game(), self.method(), value)
        })
    }
}

impl GrundyReport {
    /// The report of `word` in `game` with its `value` found by `method`, without winning
    /// moves or options.
    pub(crate) fn of_value(word: &Word, game: Duotaire, method: Method, value: u32) -> Self {
        GrundyReport {
            word: word.clone(),
            moves: game.rule(),
            board: game.board(),
            rule: game.convention(),
            method,
            value,
            winning_moves: None,
            options: None,
        }
    }
}
