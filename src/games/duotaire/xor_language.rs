//! The language P' = {a^i b^j c^k : i, j, k ≥ 1, i ⊕ j ⊕ k = 0} (letters 0, 1, 2 for a, b,
//! c): the P-positions X_i 0 X_j 0 X_k of chain Duotaire ([`check_xor_family`]) with each
//! block X_m written as m letters. It is not context-free, which the paper shows two ways,
//! both computed here: the pumping lemma fails for it ([`pumping_probe`]), and its Parikh
//! image along a^m b^2m c^3m, S = {m : m ⊕ 2m ⊕ 3m = 0}, is not eventually periodic
//! ([`parikh_probe`]).
//!
//! [`check_xor_family`]: super::check_xor_family

use super::game::Duotaire;
use super::moves::MoveRule;
use super::xor_family::xor_family_word;
use crate::automata::{PumpingReport, fibbinary_period_break, pumping};
use crate::budget::{Budget, Estimate, WorkUnit};
use crate::error::{Error, Figures};
use crate::games::Solver;
use crate::progress::Progress;
use crate::solitaire::Board;

/// A word as runs of equal letters: (letter, length), in order.
///
/// # Complexity
///
/// O(|word|).
///
/// # Examples
///
/// ```
/// assert_eq!(unhop::games::letter_runs(&[0, 0, 1, 0]), vec![(0, 2), (1, 1), (0, 1)]);
/// ```
pub fn letter_runs(word: &[u8]) -> Vec<(u8, usize)> {
    let mut runs: Vec<(u8, usize)> = Vec::new();
    for &l in word {
        match runs.last_mut() {
            Some((letter, n)) if *letter == l => *n += 1,
            _ => runs.push((l, 1)),
        }
    }
    runs
}

/// A word over {a, b, c, …} (letters 0, 1, 2, …) written with exponents, `a^16 b^3`; the
/// empty word is `ε`.
///
/// # Complexity
///
/// O(|word|).
///
/// # Examples
///
/// ```
/// assert_eq!(unhop::games::spell_runs(&[0, 0, 0, 1]), "a^3 b^1");
/// assert_eq!(unhop::games::spell_runs(&[]), "ε");
/// ```
pub fn spell_runs(word: &[u8]) -> String {
    let parts: Vec<String> = letter_runs(word)
        .iter()
        .map(|&(l, n)| format!("{}^{n}", char::from(b'a' + l)))
        .collect();
    match parts.is_empty() {
        true => "ε".into(),
        false => parts.join(" "),
    }
}

/// Whether `word` is in P' = {a^i b^j c^k : i, j, k ≥ 1, i ⊕ j ⊕ k = 0}.
///
/// # Complexity
///
/// O(|word|).
///
/// # Examples
///
/// ```
/// use unhop::games::in_xor_language;
/// assert!(in_xor_language(&[0, 0, 0, 1, 2, 2])); // a^3 b c^2: 3 ⊕ 1 ⊕ 2 = 0
/// assert!(!in_xor_language(&[0, 1, 2])); // 1 ⊕ 1 ⊕ 1 = 1
/// ```
pub fn in_xor_language(word: &[u8]) -> bool {
    let runs = letter_runs(word);
    runs.len() == 3
        && runs.iter().enumerate().all(|(i, r)| r.0 == i as u8)
        && runs[0].1 ^ runs[1].1 ^ runs[2].1 == 0
}

/// The unit of [`pumping_probe`]'s work: the letters it builds and tests, 4 (|z| + p) for each
/// of its |z| × C(p + 3, 3) tries of a decomposition (a start and the lengths of v, w and x);
/// 8 × 10^9 unless the budget says otherwise, which allows n = 7 with p = 32 (3.3 million
/// tries of a 510-letter z: seconds).
pub const PUMPING_LETTERS: WorkUnit = WorkUnit {
    name: "letters",
    default_limit: 8_000_000_000,
};

/// The pumping lemma tried on P' with one word: what [`pumping_probe`] found, and what
/// `unhop probe pumping --json` writes (the words spelt as runs, `a^4 b^3 c^7`).
///
/// # Examples
///
/// ```
/// use unhop::{budget::Budget, games::pumping_probe};
/// let probe = pumping_probe(1, 1, &Budget::default()).unwrap();
/// assert_eq!(
///     serde_json::to_string(&probe).unwrap(),
///     r#"{"n":1,"p":1,"z":"a^2 b^1 c^3","z_in_language":true,"decompositions":12,"left_when_pumped_up":12,"stayed_when_pumped_down":0,"stays_down":null,"no_pumping_length":true}"#
/// );
/// assert!(probe.to_string().contains("no decomposition pumps"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PumpingProbe {
    /// The exponent n of z's blocks.
    pub n: u32,
    /// The pumping length tried.
    pub p: usize,
    /// z = a^i b^j c^k with i = 2^n, j = 2^n − 1, k = 2^(n+1) − 1.
    pub z: Vec<u8>,
    /// Whether z is in P' (it is: i ⊕ j ⊕ k = 0).
    pub z_in_language: bool,
    /// Every decomposition z = uvwxy with |vwx| ≤ p, |vx| ≥ 1, pumped up and down.
    pub report: PumpingReport,
}

impl PumpingProbe {
    /// Whether every decomposition leaves P' when pumped up once: then P' has no pumping
    /// length ≤ p (for this z). The verdict of `unhop probe pumping` (exit 0, else 1).
    pub fn no_decomposition_pumps(&self) -> bool {
        self.report.left_when_pumped_up == self.report.decompositions
    }
}

/// A probe as the reports write it.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(rename = "PumpingProbe")]
struct PumpingJson {
    /// The exponent n of z's blocks.
    n: u32,
    /// The pumping length tried.
    p: usize,
    /// z = a^i b^j c^k with i = 2^n, j = 2^n − 1, k = 2^(n+1) − 1, spelt as runs.
    z: String,
    /// Whether z is in P'.
    z_in_language: bool,
    /// The decompositions z = uvwxy with |vwx| ≤ p and |vx| ≥ 1.
    decompositions: u64,
    /// How many leave P' when pumped up once (u v² w x² y).
    left_when_pumped_up: u64,
    /// How many stay in P' when pumped down (u w y).
    stayed_when_pumped_down: u64,
    /// The first decomposition that stays in P' when pumped down (`null`: none does).
    stays_down: Option<Decomposition>,
    /// Whether every decomposition leaves P' when pumped up: P' has no pumping length ≤ p.
    no_pumping_length: bool,
}

/// A decomposition z = uvwxy, each part spelt as runs.
#[derive(serde::Serialize, schemars::JsonSchema)]
struct Decomposition {
    /// The part before.
    u: String,
    /// The first part pumped.
    v: String,
    /// The part between.
    w: String,
    /// The second part pumped.
    x: String,
    /// The part after.
    y: String,
}

impl PumpingProbe {
    fn json(&self) -> PumpingJson {
        let report = &self.report;
        PumpingJson {
            n: self.n,
            p: self.p,
            z: spell_runs(&self.z),
            z_in_language: self.z_in_language,
            decompositions: report.decompositions,
            left_when_pumped_up: report.left_when_pumped_up,
            stayed_when_pumped_down: report.stayed_when_pumped_down,
            stays_down: report.stays_down.as_ref().map(|parts| {
                let [u, v, w, x, y] = parts.each_ref().map(|part| spell_runs(part));
                Decomposition { u, v, w, x, y }
            }),
            no_pumping_length: self.no_decomposition_pumps(),
        }
    }
}

/// A probe as `{"n", "p", "z", "z_in_language", "decompositions", "left_when_pumped_up",
/// "stayed_when_pumped_down", "stays_down", "no_pumping_length"}`.
impl serde::Serialize for PumpingProbe {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.json().serialize(serializer)
    }
}

impl schemars::JsonSchema for PumpingProbe {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "PumpingProbe".into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        PumpingJson::json_schema(generator)
    }
}

/// The probe as text: the language, z, the decompositions and what pumping did to them.
impl std::fmt::Display for PumpingProbe {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (report, n, p) = (&self.report, self.n, self.p);
        writeln!(
            f,
            "P' = {{a^i b^j c^k : i ⊕ j ⊕ k = 0}} (the P-positions X_i 0 X_j 0 X_k of chain \
             Duotaire, transduced)"
        )?;
        writeln!(
            f,
            "z = {} (i = 2^{n}, j = 2^{n} − 1, k = 2^{} − 1; in P': {})",
            spell_runs(&self.z),
            n + 1,
            self.z_in_language
        )?;
        writeln!(
            f,
            "decompositions z = uvwxy with |vwx| ≤ {p}, |vx| ≥ 1: {}",
            report.decompositions
        )?;
        let verdict = match self.no_decomposition_pumps() {
            true => format!(" — no decomposition pumps: P' has no pumping length ≤ {p}"),
            false => String::new(),
        };
        writeln!(
            f,
            "pumped up once (u v² w x² y), leaving P': {} of {}{verdict}",
            report.left_when_pumped_up, report.decompositions
        )?;
        writeln!(
            f,
            "pumped down (u w y), staying in P': {}",
            report.stayed_when_pumped_down
        )?;
        if let Some(parts) = &report.stays_down {
            let [u, v, w, x, y] = parts.each_ref().map(|part| spell_runs(part));
            writeln!(
                f,
                "  e.g. u = {u}, v = {v}, w = {w}, x = {x}, y = {y}: pumping down alone proves \
                 nothing"
            )?;
        }
        Ok(())
    }
}

/// The letters of z for the exponent n: 2^n + (2^n − 1) + (2^(n+1) − 1) = 2^(n+2) − 2
/// (saturating).
fn pumped_word_len(n: u32) -> u128 {
    1u128
        .checked_shl(n.saturating_add(2))
        .filter(|_| n < 120)
        .map_or(u128::MAX, |len| len - 2)
}

/// What [`pumping_probe`] costs for `n` and `p`: 4 (|z| + p) letters for each of the
/// |z| × C(p + 3, 3) tries (an upper bound of the decompositions, each pumped up and down and
/// tested), and the bytes of z and of the words built (|z| + 2p each, three of them).
///
/// # Complexity
///
/// O(1).
///
/// # Examples
///
/// ```
/// let estimate = unhop::games::pumping_estimate(7, 32);
/// assert_eq!(estimate.work, 510 * 6545 * 4 * (510 + 32));
/// ```
pub fn pumping_estimate(n: u32, p: usize) -> Estimate {
    let z = pumped_word_len(n);
    let p = p as u128;
    let tries = (p + 3).saturating_mul(p + 2).saturating_mul(p + 1) / 6;
    let letters = 4u128.saturating_mul(z.saturating_add(p));
    Estimate {
        what: format!("pumping z for n = {n} at every decomposition with |vwx| ≤ {p}"),
        unit: PUMPING_LETTERS,
        work: z.saturating_mul(tries).saturating_mul(letters),
        bytes: z.saturating_add(2 * p).saturating_mul(4),
    }
}

/// Pumps z = a^(2^n) b^(2^n − 1) c^(2^(n+1) − 1) at every decomposition with |vwx| ≤ `p`
/// (n and p at least 1), under `budget`: refused up front when [`pumping_estimate`] is beyond
/// its limits (by default n = 7 with p = 32 is allowed).
///
/// # Complexity
///
/// O(|z| × p³) decompositions, each pumped and tested in O(|z| + p): about 3.2 million
/// decompositions of a 510-letter word at n = 7, p = 32 (seconds).
///
/// # Examples
///
/// ```
/// use unhop::budget::Budget;
/// let budget = Budget::default();
/// let probe = unhop::games::pumping_probe(3, 6, &budget).unwrap();
/// assert!(probe.z_in_language && probe.no_decomposition_pumps());
/// assert!(!unhop::games::pumping_probe(2, 12, &budget).unwrap().no_decomposition_pumps());
/// assert!(unhop::games::pumping_probe(40, 12, &budget).is_err());
/// ```
pub fn pumping_probe(n: u32, p: usize, budget: &Budget) -> Result<PumpingProbe, Error> {
    if n == 0 || p == 0 {
        return Err(Error::new(format!(
            "n and the pumping length must be at least 1, not {n} and {p}"
        )));
    }
    let estimate = pumping_estimate(n, p);
    let meter = budget.admit_estimate(&estimate)?;
    let (i, j, k) = (1usize << n, (1usize << n) - 1, (1usize << (n + 1)) - 1);
    let z: Vec<u8> = [(0u8, i), (1, j), (2, k)]
        .iter()
        .flat_map(|&(l, count)| std::iter::repeat_n(l, count))
        .collect();
    let report = pumping(&z, p, in_xor_language);
    let letters = 4 * (z.len() as u128 + p as u128);
    meter.charge((u128::from(report.decompositions) * letters) as u64)?;
    Ok(PumpingProbe {
        n,
        p,
        z_in_language: in_xor_language(&z),
        report,
        z,
    })
}

/// Whether m is in S = {m : a^m b^(2m) c^(3m) ∈ P'} = {m : m ⊕ 2m ⊕ 3m = 0} (the numbers
/// without two adjacent 1 bits).
///
/// # Complexity
///
/// O(1).
///
/// # Examples
///
/// ```
/// use unhop::games::in_parikh_set;
/// assert!(in_parikh_set(5) && !in_parikh_set(3));
/// ```
pub fn in_parikh_set(m: u64) -> bool {
    m ^ (2 * m) ^ (3 * m) == 0
}

/// The most members of S at which m and m + p agree that the search for one period's least
/// witness visits before it gives up.
const MAX_WITNESS_STEPS: u64 = 1 << 20;
/// The unit of [`parikh_probe`]'s work: the periods it finds witnesses for, 2^20 unless the
/// budget says otherwise (each a walk of at most 2^20 members of S).
pub const PARIKH_PERIODS: WorkUnit = WorkUnit {
    name: "periods",
    default_limit: 1 << 20,
};
/// The largest preperiod [`parikh_probe`] accepts.
pub const MAX_PARIKH_PREPERIOD: u64 = 1 << 40;
/// The game check runs X_m 0 X_2m 0 X_3m for m = 1 to this.
const GAME_CHECKED_UP_TO: u64 = 6;

/// Why S is not periodic with one period from the preperiod on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct ParikhWitness {
    /// The period p.
    pub period: u64,
    /// Whether p is in S.
    pub period_in_set: bool,
    /// The paper's power of two 2^k > max(preperiod, 3p), in S.
    pub power: u64,
    /// 2^k + 3p if p ∈ S, else 2^k + p: not in S, so S does not repeat with period p.
    pub other: u64,
    /// Whether the paper's witness holds (2^k ∈ S and `other` ∉ S).
    pub paper_holds: bool,
    /// The least m ≥ the preperiod with m ∈ S ≠ m + p ∈ S, if one is below 2^k + 3p.
    pub least: Option<u64>,
}

/// What [`parikh_probe`] found: what `unhop probe parikh --json` writes.
///
/// # Examples
///
/// ```
/// let budget = unhop::budget::Budget::default();
/// let probe = unhop::games::parikh_probe(1, 10, &budget, &unhop::Quiet).unwrap();
/// let json = serde_json::to_value(&probe).unwrap();
/// assert_eq!(json["witnesses"][0]["power"], 16);
/// assert_eq!(json["refuted"], true);
/// assert!(probe.to_string().ends_with("S repeats with no period ≤ 1 from any preperiod ≤ 10: true\n"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct ParikhProbe {
    /// Periods 1 to this were tried.
    pub max_period: u64,
    /// From this preperiod.
    pub max_preperiod: u64,
    /// The members of S below 40.
    pub first_members: Vec<u64>,
    /// The m for which the game was asked whether X_m 0 X_2m 0 X_3m is a P-position.
    pub game_checked: Vec<u64>,
    /// Whether the game's answer was "m ∈ S" for each of them.
    pub game_agrees: bool,
    /// One witness per period.
    pub witnesses: Vec<ParikhWitness>,
    /// Whether every period up to the bound has a witness (the paper's and a least one): S
    /// repeats with no period ≤ `max_period` from any preperiod ≤ `max_preperiod`.
    pub refuted: bool,
}

impl ParikhProbe {
    /// Whether every period up to the bound has a witness (the paper's and a least one).
    pub fn refuted(&self) -> bool {
        self.refuted
    }

    /// The verdict of `unhop probe parikh` (exit 0, else 1): refuted, and the game agrees
    /// with S.
    pub fn holds(&self) -> bool {
        self.refuted && self.game_agrees
    }
}

/// The probe as text: S, its first members, the game check and a line per witness.
impl std::fmt::Display for ParikhProbe {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let first: Vec<String> = self.first_members.iter().map(u64::to_string).collect();
        writeln!(
            f,
            "S = {{m : a^m b^(2m) c^(3m) ∈ P'}} = {{m : m ⊕ 2m ⊕ 3m = 0}} (no two adjacent 1 \
             bits)"
        )?;
        writeln!(f, "first members: {} …", first.join(" "))?;
        writeln!(
            f,
            "chain Duotaire, finite board: X_m 0 X_2m 0 X_3m is a P-position exactly for m in \
             S, m = 1 … {}: {}",
            self.game_checked.len(),
            self.game_agrees
        )?;
        writeln!(
            f,
            "not eventually periodic: for each period p, from preperiod s = {}, the paper's \
             witness (2^k > max(s, 3p): 2^k ∈ S, and 2^k + 3p ∉ S if p ∈ S, else 2^k + p ∉ S) \
             and the least m ≥ s with m ∈ S ≠ m + p ∈ S",
            self.max_preperiod
        )?;
        writeln!(f, "   p  p ∈ S  paper's witness           least witness")?;
        for w in &self.witnesses {
            let p = w.period;
            let least = w.least.map_or("none".into(), |m| {
                format!(
                    "{m} ({}), {} ({})",
                    in_parikh_set(m),
                    m + p,
                    in_parikh_set(m + p)
                )
            });
            writeln!(
                f,
                "{p:>4}  {:<5}  {} ∈ S, {} ∉ S: {:<5}  {least}",
                w.period_in_set, w.power, w.other, w.paper_holds
            )?;
        }
        writeln!(
            f,
            "S repeats with no period ≤ {} from any preperiod ≤ {}: {}",
            self.max_period, self.max_preperiod, self.refuted
        )
    }
}

/// Shows S = {m : m ⊕ 2m ⊕ 3m = 0} is not eventually periodic up to bounds: for each period
/// p from 1 to `max_period` (at least 1), from the preperiod `max_preperiod`
/// (≤ [`MAX_PARIKH_PREPERIOD`]), the paper's witness and the least one; and links S to the
/// game: X_m 0 X_2m 0 X_3m is a P-position of chain Duotaire (finite board) exactly when
/// m ∈ S, for m = 1 to 6, by a solver under `budget`. The periods are refused up front
/// beyond the budget's work in [`PARIKH_PERIODS`]. `progress` advances by one per period.
/// An error if a least witness is not found within 2^20 members of S (a gave-up error with
/// the figures).
///
/// # Complexity
///
/// O(max_period × log) for the witnesses (each a walk over the members of S, which are
/// sparse); the game check takes milliseconds.
///
/// # Examples
///
/// ```
/// let budget = unhop::budget::Budget::default();
/// let probe = unhop::games::parikh_probe(12, 300, &budget, &unhop::Quiet).unwrap();
/// assert!(probe.game_agrees && probe.refuted());
/// assert_eq!(probe.witnesses.len(), 12);
/// ```
pub fn parikh_probe(
    max_period: u64,
    max_preperiod: u64,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<ParikhProbe, Error> {
    if max_period == 0 || max_preperiod > MAX_PARIKH_PREPERIOD {
        return Err(Error::new(format!(
            "the largest period must be at least 1 and the preperiod at most 2^40, not \
             {max_period} and {max_preperiod}"
        )));
    }
    let what = format!("finding the witnesses for the periods 1 to {max_period}");
    let meter = budget.admit(what, PARIKH_PERIODS, max_period.into(), 0)?;
    let game = Duotaire::new(MoveRule::Chain, Board::Finite);
    let mut solver = Solver::with_budget(game, budget);
    let game_checked: Vec<u64> = (1..=GAME_CHECKED_UP_TO).collect();
    let mut game_agrees = true;
    for &m in &game_checked {
        let word = xor_family_word(m, 2 * m, 3 * m);
        game_agrees &= (solver.try_value(&game.position(&word)?)? == 0) == in_parikh_set(m);
    }
    progress.start("looking for witnesses", Some(max_period));
    let mut witnesses = Vec::new();
    for p in 1..=max_period {
        let power = (max_preperiod.max(3 * p) + 1).next_power_of_two();
        let other = if in_parikh_set(p) {
            power + 3 * p
        } else {
            power + p
        };
        meter.charge(1)?;
        let least = fibbinary_period_break(max_preperiod, p, power + 3 * p, MAX_WITNESS_STEPS)
            .map_err(|steps| {
                Error::out_of_budget(
                    format!("looking for the least witness for period {p}"),
                    Figures::new(steps.into(), MAX_WITNESS_STEPS.into(), "members of S"),
                )
                .with_note("every member of S visited agreed with its shift")
            })?;
        witnesses.push(ParikhWitness {
            period: p,
            period_in_set: in_parikh_set(p),
            power,
            other,
            paper_holds: in_parikh_set(power) && !in_parikh_set(other),
            least,
        });
        progress.advance(1);
    }
    let refuted = witnesses.iter().all(|w| w.paper_holds && w.least.is_some());
    Ok(ParikhProbe {
        max_period,
        max_preperiod,
        first_members: (0..40).filter(|&m| in_parikh_set(m)).collect(),
        game_checked,
        game_agrees,
        witnesses,
        refuted,
    })
}
