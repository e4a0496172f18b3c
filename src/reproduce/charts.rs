//! The charts of Duotaire values (`unhop plot`, `unhop probe classes --plot`): a family's
//! values under both move rules ([`family_chart`]), the share of P-positions and the largest
//! value per length ([`stats_chart`]), the values of every finite-board word of one length as
//! a heat map ([`heat_map`]), and the class counts of class tables ([`class_tables_chart`]).

use super::classes_chart;
use crate::budget::Budget;
use crate::error::Error;
use crate::games::{
    Analysis, ClassTable, Convention, Duotaire, FamilyRange, FiniteTable, MoveRule, length_stats,
};
use crate::method::Method;
use crate::plot::{HeatMap, LineChart, Panels, Series, admit_heat_map};
use crate::progress::Progress;
use crate::solitaire::Board;
use crate::word::Pattern;

/// Both move rules, in the order the charts list them.
const RULES: [MoveRule; 2] = [MoveRule::Single, MoveRule::Chain];

/// "Duotaire values", or "Duotaire misère values".
fn values_of(convention: Convention) -> &'static str {
    match convention {
        Convention::Normal => "Duotaire values",
        Convention::Misere => "Duotaire misère values",
    }
}

/// The values of the members of `pattern`'s family for n in `range` on `board` under
/// `convention`, one series per move rule (single, then chain), each valued under `budget`
/// ([`Analysis::each_family_member`]).
///
/// # Complexity
///
/// As [`Analysis::each_family_member`], twice.
///
/// # Examples
///
/// ```
/// use unhop::{Pattern, Quiet, budget::Budget, games::Convention, reproduce::family_chart, solitaire::Board};
/// let pattern = Pattern::parse("011(01)^n0").unwrap();
/// let budget = Budget::default();
/// let chart = family_chart(&pattern, "0..3".parse().unwrap(), Board::Finite, Convention::Normal, &budget, &Quiet).unwrap();
/// let chain: Vec<f64> = chart.series[1].points.iter().map(|p| p.1).collect();
/// assert_eq!(chain, [1.0, 2.0, 3.0, 4.0]);
/// ```
pub fn family_chart(
    pattern: &Pattern,
    range: FamilyRange,
    board: Board,
    convention: Convention,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<LineChart, Error> {
    let mut series = Vec::new();
    for rule in RULES {
        let game = Duotaire::new(rule, board).with_convention(convention);
        let mut points = Vec::new();
        Analysis::new(game, budget, progress).each_family_member(pattern, range, &mut |m| {
            points.push((m.n as f64, f64::from(m.value)));
            Ok::<(), Error>(())
        })?;
        series.push(Series {
            name: format!("{rule} moves"),
            points,
        });
    }
    Ok(LineChart {
        title: format!("{} of {pattern} ({board} board)", values_of(convention)),
        x_label: "n".into(),
        y_label: "Grundy value".into(),
        series,
        integer_y: true,
    })
}

/// Per length 1 to `max_len` on `board` under `convention`: the share of P-positions (value
/// 0) and the largest value, one panel each, one series per move rule, from the tables
/// ([`length_stats`]) under `budget`.
///
/// # Complexity
///
/// As [`length_stats`], twice.
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget, games::Convention, reproduce::stats_chart, solitaire::Board};
/// let panels = stats_chart(Board::Finite, Convention::Normal, 3, &Budget::default(), &Quiet).unwrap();
/// let single_shares: Vec<f64> = panels.charts[0].series[0].points.iter().map(|p| p.1).collect();
/// assert_eq!(single_shares, [1.0, 1.0, 0.75]); // 2 of 2, 4 of 4, 6 of 8
/// ```
pub fn stats_chart(
    board: Board,
    convention: Convention,
    max_len: usize,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<Panels, Error> {
    let (mut shares, mut maxima) = (Vec::new(), Vec::new());
    for rule in RULES {
        let game = Duotaire::new(rule, board).with_convention(convention);
        let stats = length_stats(game, Method::Fast, max_len, budget, progress)?;
        let share = stats
            .iter()
            .map(|s| (s.len as f64, s.p_positions as f64 / s.words as f64));
        let max = stats.iter().map(|s| (s.len as f64, f64::from(s.max_value)));
        shares.push(Series {
            name: format!("{rule} moves"),
            points: share.collect(),
        });
        maxima.push(Series {
            name: format!("{rule} moves"),
            points: max.collect(),
        });
    }
    let rule = match convention {
        Convention::Normal => "",
        Convention::Misere => " (misère play)",
    };
    Ok(Panels {
        charts: vec![
            LineChart {
                title: format!("Share of P-positions (value 0), {board} board{rule}"),
                x_label: "word length".into(),
                y_label: "P-positions / words".into(),
                series: shares,
                integer_y: false,
            },
            LineChart {
                title: format!("Largest Grundy value, {board} board{rule}"),
                x_label: "word length".into(),
                y_label: "largest value".into(),
                series: maxima,
                integer_y: true,
            },
        ],
    })
}

/// The values of every finite-board word of length `len` (2 to 20) under `rule` and
/// `convention` as a heat map: the first ⌊len/2⌋ cells pick the row, the last ⌈len/2⌉ the
/// column, each read as a binary number with its first cell lowest ([`FiniteTable::grid`]).
/// Refused beyond [`crate::plot::MAX_HEATMAP_CELLS`] before anything is computed.
///
/// # Complexity
///
/// As [`FiniteTable::build`] to `len`: O(2^len × moves) time, O(2^len) memory.
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget, games::{Convention, MoveRule}, reproduce::heat_map};
/// let map = heat_map(MoveRule::Chain, Convention::Normal, 3, &Budget::default(), &Quiet).unwrap();
/// assert_eq!(map.cells, [[0, 0, 0, 1], [0, 1, 0, 0]]);
/// assert!(heat_map(MoveRule::Chain, Convention::Normal, 1, &Budget::default(), &Quiet).is_err());
/// ```
pub fn heat_map(
    rule: MoveRule,
    convention: Convention,
    len: usize,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<HeatMap, Error> {
    if len < 2 {
        return Err(Error::new(format!(
            "a heat map needs words of at least 2 cells, not {len}"
        )));
    }
    admit_heat_map(len)?;
    let mut none = |_, _: &[u8]| Ok::<(), Error>(());
    let table = FiniteTable::build_under(rule, convention, len, budget, progress, &mut none)?;
    let low = len / 2;
    Ok(HeatMap {
        title: format!(
            "{} of all {len}-cell words ({rule} moves, finite board)",
            values_of(convention)
        ),
        x_label: format!("cells {low}..{len} as a binary number (cell {low} lowest)"),
        y_label: format!("cells 0..{low} (cell 0 lowest)"),
        cells: table.grid(len),
    })
}

/// The class counts of `tables` at the balanced bounds (prefixes ≤ ⌈n/2⌉, suffixes ≤ ⌊n/2⌋)
/// against n, one series per table ([`classes_chart`]).
///
/// # Complexity
///
/// O(N) per table of bound N.
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget, games::{ClassSet, class_table}, reproduce::class_tables_chart, solitaire::Board};
/// let table = class_table(ClassSet::OnePeg, Board::Finite, 6, &Budget::default(), &Quiet).unwrap();
/// let chart = class_tables_chart(&[table]);
/// assert_eq!(chart.series[0].points.len(), 7);
/// ```
pub fn class_tables_chart(tables: &[ClassTable]) -> LineChart {
    let series = tables.iter().map(|table| Series {
        name: table.set.description(table.board),
        points: table
            .balanced()
            .into_iter()
            .map(|(n, c)| (n as f64, c as f64))
            .collect(),
    });
    classes_chart(series.collect())
}
