//! The family behind the proof that the P-positions of chain Duotaire are not regular: with
//! X_m = 011(01)^(m−1)0 (value m under the chain rule), the chain-rule value of
//! X_i 0 X_j 0 X_k is i ⊕ j ⊕ k, so X_i 0 X_j 0 X_k is a P-position exactly when
//! i ⊕ j ⊕ k = 0.

use super::game::Duotaire;
use super::moves::MoveRule;
use crate::budget::{Budget, WorkUnit};
use crate::error::Error;
use crate::games::Solver;
use crate::progress::Progress;
use crate::solitaire::Board;
use crate::word::Word;

/// The unit of a family check's work beyond its values: the triples (i, j, k) checked,
/// 12³ = 1,728 unless the budget says otherwise (words of up to 80 cells).
pub const XOR_FAMILY_TRIPLES: WorkUnit = WorkUnit {
    name: "triples",
    default_limit: 1728,
};

/// X_m = 011(01)^(m−1)0 for m ≥ 1 (2m + 2 cells), the family member of chain value m.
///
/// # Complexity
///
/// O(m) time and memory.
///
/// # Examples
///
/// ```
/// assert_eq!(unhop::games::xor_family_member(3).to_string(), "01101010");
/// ```
pub fn xor_family_member(m: u64) -> Word {
    let mut text = String::from("011");
    for _ in 1..m {
        text.push_str("01");
    }
    text.push('0');
    text.parse().expect("a word of 0s and 1s")
}

/// X_i 0 X_j 0 X_k, the word whose chain value is i ⊕ j ⊕ k (i, j, k ≥ 1).
///
/// # Complexity
///
/// O(i + j + k) time and memory.
///
/// # Examples
///
/// ```
/// let word = unhop::games::xor_family_word(1, 2, 1);
/// assert_eq!(word.to_string(), "0110001101000110");
/// ```
pub fn xor_family_word(i: u64, j: u64, k: u64) -> Word {
    let text = format!(
        "{}0{}0{}",
        xor_family_member(i),
        xor_family_member(j),
        xor_family_member(k)
    );
    text.parse().expect("a word of 0s and 1s")
}

/// The value of one word X_i 0 X_j 0 X_k.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct XorFamilyValue {
    /// The index of the first block.
    pub i: u64,
    /// The index of the second block.
    pub j: u64,
    /// The index of the third block.
    pub k: u64,
    /// The word's value under the chain rule.
    pub value: u32,
}

impl XorFamilyValue {
    /// Whether the value is i ⊕ j ⊕ k, as the identity says.
    pub fn holds(&self) -> bool {
        u64::from(self.value) == self.i ^ self.j ^ self.k
    }
}

/// The values of X_i 0 X_j 0 X_k for every 1 ≤ i, j, k ≤ `max` on one board: what
/// `unhop probe family --json` writes, with the number checked, the failures and whether the
/// identity holds.
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget, games::check_xor_family, solitaire::Board};
/// let check = check_xor_family(Board::Finite, 1, &Budget::default(), &Quiet).unwrap();
/// assert_eq!(
///     serde_json::to_string(&check).unwrap(),
///     r#"{"board":"finite","max_index":1,"checked":1,"values":[{"i":1,"j":1,"k":1,"value":1}],"failures":[],"holds":true}"#
/// );
/// assert!(check.to_string().ends_with("1 triples 1 ≤ i, j, k ≤ 1, 0 failures\n"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XorFamilyCheck {
    /// The board.
    pub board: Board,
    /// The largest index.
    pub max: u64,
    /// Every triple's value, i slowest and k fastest.
    pub values: Vec<XorFamilyValue>,
}

impl XorFamilyCheck {
    /// The triples whose value is not i ⊕ j ⊕ k.
    pub fn failures(&self) -> impl Iterator<Item = &XorFamilyValue> {
        self.values.iter().filter(|v| !v.holds())
    }

    /// Whether the identity holds for every triple checked: the verdict of `unhop probe
    /// family` (exit 0, else 1).
    pub fn holds(&self) -> bool {
        self.failures().next().is_none()
    }
}

/// A check as the reports write it.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(rename = "XorFamilyCheck")]
struct XorFamilyReport<'a> {
    /// The board.
    board: Board,
    /// The largest index M: every 1 ≤ i, j, k ≤ M was checked.
    max_index: u64,
    /// How many triples were checked (M³).
    checked: usize,
    /// Every triple's value, i slowest and k fastest.
    values: &'a [XorFamilyValue],
    /// The triples whose value is not i ⊕ j ⊕ k.
    failures: Vec<XorFamilyValue>,
    /// Whether the identity holds for every triple checked.
    holds: bool,
}

/// A check as `{"board", "max_index", "checked", "values", "failures", "holds"}`.
impl serde::Serialize for XorFamilyCheck {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        XorFamilyReport {
            board: self.board,
            max_index: self.max,
            checked: self.values.len(),
            values: &self.values,
            failures: self.failures().copied().collect(),
            holds: self.holds(),
        }
        .serialize(serializer)
    }
}

impl schemars::JsonSchema for XorFamilyCheck {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "XorFamilyCheck".into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        XorFamilyReport::json_schema(generator)
    }
}

/// The check as text: the identity, the triples checked and the failures, one a line.
impl std::fmt::Display for XorFamilyCheck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let failures: Vec<&XorFamilyValue> = self.failures().collect();
        writeln!(
            f,
            "g(X_i 0 X_j 0 X_k) = i ⊕ j ⊕ k with X_m = 011(01)^(m−1)0, chain moves, {} \
             board: {} triples 1 ≤ i, j, k ≤ {}, {} failures",
            self.board,
            self.values.len(),
            self.max,
            failures.len()
        )?;
        for v in failures {
            writeln!(
                f,
                "  i = {}, j = {}, k = {}: value {}",
                v.i, v.j, v.k, v.value
            )?;
        }
        Ok(())
    }
}

/// Checks g(X_i 0 X_j 0 X_k) = i ⊕ j ⊕ k under the chain rule on `board` for every
/// 1 ≤ i, j, k ≤ `max` (at least 1), with one solver for all of them, under `budget`: the
/// triples are refused up front beyond its work in [`XOR_FAMILY_TRIPLES`] (by default
/// `max` ≤ 12), and the solver runs under its limits (by default
/// [`crate::games::SOLVER_POSITIONS`] and [`crate::games::SOLVER_MOVES`]). `progress` advances
/// by one per triple.
///
/// # Complexity
///
/// `max`³ solver calls. On the finite board each word splits at its gaps of three holes into
/// three family members, so the memo holds little more than X_1 … X_max; on the infinite board
/// nothing splits and the memo grows with the whole words (about a second at `max` 5).
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget, games::check_xor_family, solitaire::Board};
/// let budget = Budget::default();
/// let check = check_xor_family(Board::Finite, 4, &budget, &Quiet).unwrap();
/// assert_eq!(check.values.len(), 64);
/// assert!(check.holds());
/// let refused = check_xor_family(Board::Finite, 13, &budget, &Quiet).unwrap_err();
/// assert_eq!(refused.figures().unwrap().estimate, 13 * 13 * 13);
/// ```
pub fn check_xor_family(
    board: Board,
    max: u64,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<XorFamilyCheck, Error> {
    if max == 0 {
        return Err(Error::new(
            "the family's largest index must be at least 1, not 0",
        ));
    }
    let triples = u128::from(max).saturating_pow(3);
    let what = format!("checking the family to index {max}");
    let meter = budget.admit(what, XOR_FAMILY_TRIPLES, triples, 0)?;
    let game = Duotaire::new(MoveRule::Chain, board);
    // The longest word first: a family whose words do not fit is refused before any work.
    game.position(&xor_family_word(max, max, max))?;
    let mut solver = Solver::with_budget(game, budget);
    progress.start("checking X_i 0 X_j 0 X_k", Some(max.saturating_pow(3)));
    let mut values = Vec::new();
    for i in 1..=max {
        for j in 1..=max {
            for k in 1..=max {
                meter.charge(1)?;
                let word = xor_family_word(i, j, k);
                let value = solver.try_value(&game.position(&word)?)?;
                values.push(XorFamilyValue { i, j, k, value });
                progress.advance(1);
            }
        }
    }
    Ok(XorFamilyCheck { board, max, values })
}
