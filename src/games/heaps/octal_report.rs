//! [`OctalReport`]: what `unhop octal --json` writes of an octal game's values: the values,
//! the largest, the heaps of value 0, the rare-value method's account and the period proved,
//! with the rule that the Guy–Smith criterion proves nothing for Grundy's game.

use super::{Octal, Period, RareValueStats, octal_values, proved_period};
use crate::budget::Budget;
use crate::error::Error;
use crate::method::Method;
use crate::progress::Progress;

/// The values G(0) to G(max_heap) of an octal game (or Grundy's game) and their summary.
///
/// # Examples
///
/// ```
/// use unhop::{Method, Quiet, budget::Budget, games::{Octal, OctalReport}};
/// let kayles: Octal = "0.77".parse().unwrap();
/// let report = OctalReport::new(&kayles, 200, Method::Fast, true, &Budget::default(), &Quiet).unwrap();
/// assert_eq!((report.preperiod, report.period), (Some(71), Some(12)));
/// assert_eq!(report.zeros, report.values.as_ref().unwrap().iter().filter(|&&g| g == 0).count());
/// let summary = serde_json::to_value(report.summary()).unwrap();
/// assert!(summary.get("values").is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct OctalReport {
    /// The game's code (such as `0.77`), or `grundy` for Grundy's game.
    pub code: String,
    /// The largest heap valued.
    pub max_heap: usize,
    /// The method: the rare-value method (fast) or the plain mex loop (exhaustive).
    pub method: Method,
    /// The largest value.
    pub largest: u32,
    /// How many heaps have value 0 (lost for the player to move).
    pub zeros: usize,
    /// G(0), G(1), …, G(max_heap); left out of a summary.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values: Option<Vec<u32>>,
    /// The rare-value method's account (the fast method only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rare_value_method: Option<RareValueStats>,
    /// Where the period proved by the Guy–Smith criterion starts (`null` when none was asked
    /// for or these values prove none).
    pub preperiod: Option<usize>,
    /// The period proved by the Guy–Smith criterion (`null` when none was asked for or these
    /// values prove none).
    pub period: Option<usize>,
}

impl OctalReport {
    /// The values G(0) to G(`max`) of `game` by `method` ([`octal_values`]) under `budget`,
    /// and with `period` the shortest period the Guy–Smith criterion proves from them
    /// ([`proved_period`]). Asking for a period of Grundy's game is an error: the criterion
    /// needs every split to be allowed, and Grundy's game allows only unequal ones.
    ///
    /// # Complexity
    ///
    /// As [`octal_values`], and O(max × p) for the period p found (O(max²) at worst).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Method, Quiet, budget::Budget, games::{Octal, OctalReport}};
    /// let grundy = Octal::grundy();
    /// let budget = Budget::default();
    /// assert!(OctalReport::new(&grundy, 50, Method::Fast, true, &budget, &Quiet).is_err());
    /// let report = OctalReport::new(&grundy, 50, Method::Fast, false, &budget, &Quiet).unwrap();
    /// assert_eq!(&report.values.unwrap()[..6], [0, 0, 0, 1, 0, 2]);
    /// ```
    pub fn new(
        game: &Octal,
        max: usize,
        method: Method,
        period: bool,
        budget: &Budget,
        progress: &dyn Progress,
    ) -> Result<OctalReport, Error> {
        if period && game.is_grundy() {
            return Err(Error::new(
                "the Guy–Smith criterion needs every split to be allowed, so it proves nothing \
                 for Grundy's game (whose splits must be unequal); leave out --period",
            ));
        }
        let (values, stats) = octal_values(game, max, method, budget, progress)?;
        let proved = match period {
            true => proved_period(&values, game.max_taken()),
            false => None,
        };
        Ok(OctalReport {
            code: game.to_string(),
            max_heap: max,
            method,
            largest: values.iter().copied().max().unwrap_or(0),
            zeros: values.iter().filter(|&&g| g == 0).count(),
            values: Some(values),
            rare_value_method: stats,
            preperiod: proved.map(|p| p.preperiod),
            period: proved.map(|p| p.period),
        })
    }

    /// The same report without the values: what `--summary` writes.
    pub fn summary(self) -> OctalReport {
        OctalReport {
            values: None,
            ..self
        }
    }

    /// The period proved, if one was.
    pub fn proved_period(&self) -> Option<Period> {
        Some(Period {
            preperiod: self.preperiod?,
            period: self.period?,
        })
    }
}

/// The rare-value method's account as the reports write it.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(rename = "RareValueStats")]
struct RareValueReport {
    /// How many values are common (in the sparse space) at the end.
    common_values: usize,
    /// How many heaps have a rare value.
    rare_heaps: usize,
    /// How many splits were marked one by one.
    pairs_marked: u64,
    /// How many (split, doubtful value) comparisons the vectorised search made.
    pairs_compared: u64,
    /// How many heaps had every split searched.
    full_scans: usize,
    /// The first heap filled in by the proved period instead of computed (`null`: none was).
    filled_from: Option<usize>,
    /// The period that filled in the rest (`null`: none did).
    filled_by_period: Option<Period>,
}

/// The account as `{"common_values", "rare_heaps", "pairs_marked", "pairs_compared",
/// "full_scans", "filled_from", "filled_by_period"}`.
impl serde::Serialize for RareValueStats {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        RareValueReport {
            common_values: self.common_values,
            rare_heaps: self.rare_heaps,
            pairs_marked: self.pairs_scanned,
            pairs_compared: self.pairs_compared,
            full_scans: self.full_scans,
            filled_from: self.period.map(|_| self.computed),
            filled_by_period: self.period,
        }
        .serialize(serializer)
    }
}

impl schemars::JsonSchema for RareValueStats {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "RareValueStats".into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        RareValueReport::json_schema(generator)
    }
}
