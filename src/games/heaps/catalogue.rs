//! The catalogue of heap games: Nim, subtraction games under each of their rules (normal,
//! misère, no repeat, odd wins), and octal codes (with Grundy's game) under normal or misère
//! play, as one [`HeapGame`] with its positions and moves named, its winning moves, its
//! position graph and its table of single heaps.
//!
//! Every answer has two methods that must agree: the fast one (Bouton's rule for Nim, the
//! values with a proved period for normal play of subtraction and octal games) and the
//! exhaustive one (retrograde analysis of every position reachable from the start). Misère
//! play of subtraction and octal games and the two variants have only the exhaustive one.

use super::rare_values::budgeted_rare_value_sequence;
use super::{
    Nim, NoRepeat, NoRepeatPosition, Octal, OctalMove, OddWins, OddWinsPosition, Period,
    Subtraction, nim_analysis, proved_period,
};
use crate::budget::{Budget, Meter};
use crate::error::Figures;
use crate::error::{Error, quote};
use crate::games::engine::{
    Convention, MAX_GRAPH_POSITIONS, MAX_PLAY_POSITIONS, Outcome, Played, PositionGraph,
    RETROGRADE_MOVES, Retrograde, Rules,
};
use crate::method::Method;
use num_bigint::BigUint;
use std::fmt;
use std::str::FromStr;

/// The most positions an analysis of one position reaches by retrograde analysis unless the
/// budget says otherwise.
pub const MAX_HEAP_POSITIONS: u64 = 2_000_000;
/// The most positions a table of single heaps reaches by retrograde analysis unless the
/// budget says otherwise.
pub const MAX_TABLE_POSITIONS: u64 = 8_000_000;
/// The largest heap of a table of single heaps under normal play by the fast method (the
/// table lists every value).
pub const MAX_TABLE_HEAP: u64 = 1_000_000;
/// The largest heap of a table of single heaps by retrograde analysis (the other rules, or
/// the exhaustive method).
pub const MAX_RETROGRADE_TABLE_HEAP: u64 = 100_000;
/// The largest heap of an octal game analysed by its values (the fast method).
pub const MAX_OCTAL_ANALYSIS_HEAP: u64 = 1 << 16;

/// The rule a heap game is played by: `normal`, `misere`, `no-repeat` or `odd-wins` on the
/// command line and in JSON.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum HeapRule {
    /// Whoever cannot move loses (whoever takes the last stone wins).
    #[default]
    Normal,
    /// Whoever makes the last move loses.
    Misere,
    /// Subtraction games on one heap: a player may not take the number the opponent just
    /// took; a player who cannot move loses.
    NoRepeat,
    /// Subtraction games on one odd heap (the set must hold 1): players keep what they take,
    /// and at the end whoever holds an odd number wins.
    OddWins,
}

impl HeapRule {
    /// Every rule, in the order above.
    pub const ALL: [HeapRule; 4] = [
        HeapRule::Normal,
        HeapRule::Misere,
        HeapRule::NoRepeat,
        HeapRule::OddWins,
    ];

    /// The name on the command line and in JSON: `normal`, `misere`, `no-repeat`, `odd-wins`.
    pub fn name(self) -> &'static str {
        match self {
            HeapRule::Normal => "normal",
            HeapRule::Misere => "misere",
            HeapRule::NoRepeat => "no-repeat",
            HeapRule::OddWins => "odd-wins",
        }
    }

    /// The convention, for the two rules that are plain play of the game.
    pub fn convention(self) -> Option<Convention> {
        match self {
            HeapRule::Normal => Some(Convention::Normal),
            HeapRule::Misere => Some(Convention::Misere),
            _ => None,
        }
    }
}

impl FromStr for HeapRule {
    type Err = Error;
    fn from_str(text: &str) -> Result<HeapRule, Error> {
        HeapRule::ALL
            .into_iter()
            .find(|r| r.name() == text)
            .ok_or_else(|| {
                Error::new(format!(
                    "unknown rule {} (expected normal, misere, no-repeat or odd-wins)",
                    quote(text)
                ))
            })
    }
}

impl fmt::Display for HeapRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A heap game of the catalogue with its rule.
///
/// ```
/// use unhop::{Method, budget::Budget, games::{HeapGame, HeapRule, Outcome, Subtraction}};
/// let game = HeapGame::subtraction(Subtraction::parse("1..3").unwrap(), HeapRule::Normal);
/// let budget = Budget::default();
/// let fast = game.analyse(&[9, 6], Method::Fast, &budget).unwrap();
/// let slow = game.analyse(&[9, 6], Method::Exhaustive, &budget).unwrap();
/// assert_eq!(fast, slow);
/// assert_eq!(fast.outcome, Outcome::Win);
/// let graph = game.position_graph(&[5], &budget).unwrap();
/// assert_eq!(graph.outcome_name(0), "win");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeapGame {
    /// Nim: take any number of stones from one heap.
    Nim(Convention),
    /// A subtraction game: take a number of stones in the set from one heap.
    Subtraction(Subtraction, HeapRule),
    /// An octal game, or Grundy's game.
    Octal(Octal, Convention),
}

/// Who wins a position of a [`HeapGame`], and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapAnalysis {
    /// Who wins: the player to move, or the other.
    pub outcome: Outcome,
    /// Every winning move (none when the player to move loses), in the order of the heaps
    /// and then of the stones taken.
    pub winning_moves: Vec<OctalMove>,
}

/// The single heaps 0 to a bound of a [`HeapGame`]: which are lost for the player to move,
/// and under normal play by the fast method their values and proved period.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapTable {
    /// The heaps lost for the player to move (odd heaps only under odd wins).
    pub losing: Vec<u64>,
    /// G(0), G(1), … (normal play by the fast method only).
    pub values: Option<Vec<u32>>,
    /// Their period proved by the Guy–Smith criterion, if these values prove one.
    pub period: Option<Period>,
}

impl HeapGame {
    /// Nim under `rule` (normal or misère).
    pub fn nim(rule: HeapRule) -> Result<HeapGame, Error> {
        Ok(HeapGame::Nim(played_by(rule, "nim")?))
    }

    /// The subtraction game taking the numbers in `set`, under any rule.
    pub fn subtraction(set: Subtraction, rule: HeapRule) -> HeapGame {
        HeapGame::Subtraction(set, rule)
    }

    /// The octal game `code` (or Grundy's game) under `rule` (normal or misère).
    pub fn octal(code: Octal, rule: HeapRule) -> Result<HeapGame, Error> {
        Ok(HeapGame::Octal(code, played_by(rule, "octal")?))
    }

    /// The rule.
    pub fn rule(&self) -> HeapRule {
        match self {
            HeapGame::Nim(c) | HeapGame::Octal(_, c) => rule_of(*c),
            HeapGame::Subtraction(_, rule) => *rule,
        }
    }

    /// Whether the fast method applies: Nim, and normal play of the others.
    pub fn has_fast_method(&self) -> bool {
        matches!(self, HeapGame::Nim(_)) || self.rule() == HeapRule::Normal
    }

    /// The fast method where it applies, else the exhaustive one.
    pub fn default_method(&self) -> Method {
        match self.has_fast_method() {
            true => Method::Fast,
            false => Method::Exhaustive,
        }
    }

    /// One line saying the rules of the game from `heaps`.
    ///
    /// # Complexity
    ///
    /// O(heaps).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::{HeapGame, HeapRule};
    /// let nim = HeapGame::nim(HeapRule::Misere).unwrap();
    /// assert!(nim.describe(&[1, 2]).ends_with("whoever makes the last move loses"));
    /// ```
    pub fn describe(&self, heaps: &[u64]) -> String {
        let listed = listed(heaps);
        match self {
            HeapGame::Nim(c) => format!(
                "Nim on heaps {listed}: take any number of stones from one heap; {}",
                ending(*c)
            ),
            HeapGame::Octal(code, c) => {
                format!("octal game {code} on heaps {listed}; {}", ending(*c))
            }
            HeapGame::Subtraction(set, rule) => match rule.convention() {
                Some(c) => format!("take {set} stones from one heap of {listed}; {}", ending(c)),
                None if *rule == HeapRule::NoRepeat => format!(
                    "take {set} stones from a heap of {listed}, never the number the opponent \
                     just took (≠s marks it); whoever cannot move loses"
                ),
                None => format!(
                    "take {set} stones from a heap of {listed} and keep them; when it is empty \
                     whoever holds an odd number wins (positions: heap, then e/o for what the \
                     player to move and the other hold)"
                ),
            },
        }
    }

    /// The position graph from `heaps`: every position reachable, labelled, with its moves
    /// named, under `budget`: at most its positions ([`MAX_GRAPH_POSITIONS`] by default: a
    /// picture), its moves ([`RETROGRADE_MOVES`]) and its memory. Refused up front when the
    /// graph is known to be beyond them (Nim, subtraction games: their graphs are bounded in
    /// advance, [`Retrograde::bytes`]); an octal game's graph, which is not, gives up when it
    /// reaches a limit.
    ///
    /// # Complexity
    ///
    /// O(V + E) time and memory for V positions and E moves; the graph is written a position
    /// at a time ([`PositionGraph::write_json`]).
    ///
    /// ```
    /// use unhop::{budget::Budget, games::{HeapGame, HeapRule}};
    /// let nim = HeapGame::nim(HeapRule::Misere).unwrap();
    /// let graph = nim.position_graph(&[1, 1], &Budget::default()).unwrap();
    /// let names: Vec<String> = (0..graph.len()).map(|k| graph.position(k)).collect();
    /// assert_eq!(names, ["1 1", "0 1", "1 0", "0 0"]);
    /// assert_eq!(graph.outcome_name(0), "win");
    /// let refused = nim.position_graph(&[3000], &Budget::default()).unwrap_err();
    /// assert_eq!(refused.figures().unwrap().limit, 2000);
    /// ```
    pub fn position_graph(&self, heaps: &[u64], budget: &Budget) -> Result<PositionGraph, Error> {
        self.graph(heaps, budget, budget.position_limit(MAX_GRAPH_POSITIONS))
    }

    /// [`HeapGame::position_graph`] for playing against the computer: at most
    /// [`MAX_PLAY_POSITIONS`] positions unless the budget says otherwise.
    ///
    /// # Complexity
    ///
    /// As [`HeapGame::position_graph`].
    ///
    /// ```
    /// use unhop::{budget::Budget, games::{HeapGame, HeapRule}};
    /// let nim = HeapGame::nim(HeapRule::Normal).unwrap();
    /// assert_eq!(nim.play_graph(&[3000], &Budget::default()).unwrap().len(), 3001);
    /// ```
    pub fn play_graph(&self, heaps: &[u64], budget: &Budget) -> Result<PositionGraph, Error> {
        self.graph(heaps, budget, budget.position_limit(MAX_PLAY_POSITIONS))
    }

    fn graph(
        &self,
        heaps: &[u64],
        budget: &Budget,
        max_positions: u64,
    ) -> Result<PositionGraph, Error> {
        if heaps.is_empty() {
            return Err(Error::new("give the heap sizes of the start"));
        }
        let title = self.describe(heaps);
        let name = |p: &Vec<u64>| listed(p);
        let starts = [heaps.to_vec()];
        match self {
            HeapGame::Nim(c) => {
                let positions = Nim::graph_size(heaps).positions;
                if positions > u128::from(max_positions) {
                    let shown = match positions {
                        u128::MAX => "more than 2^128".to_string(),
                        _ => positions.to_string(),
                    };
                    return Err(Error::refused_with(
                        Figures::new(positions, max_positions.into(), "positions"),
                        format!(
                            "the graph of Nim on {} has {shown} positions; the limit is \
                             {max_positions} positions: choose smaller heaps or raise \
                             --max-positions",
                            listed(heaps),
                        ),
                    ));
                }
                let game = Played::new(Nim, *c);
                let meter = budget.admit_estimate(&Nim::retrograde_estimate(heaps))?;
                let solved = Retrograde::solve_metered(&game, &starts, &meter, max_positions)?;
                let step = |&(i, left): &(usize, u64)| format!("heap {i}: leave {left}");
                Ok(PositionGraph::new(solved, &title, name, step))
            }
            HeapGame::Octal(code, c) => {
                let meter = octal_meter(code, heaps, budget)?;
                let game = Played::new(code.clone(), *c);
                let solved = Retrograde::solve_metered(&game, &starts, &meter, max_positions)?;
                Ok(PositionGraph::new(solved, &title, name, |m| m.to_string()))
            }
            HeapGame::Subtraction(set, rule) => match rule {
                HeapRule::Normal | HeapRule::Misere => {
                    let game = Played::new(set.clone(), rule_convention(*rule));
                    let meter = budget.admit_estimate(&set.retrograde_estimate(heaps))?;
                    let solved = Retrograde::solve_metered(&game, &starts, &meter, max_positions)?;
                    let one_heap = heaps.len() == 1;
                    let step = move |&(i, s): &(usize, u64)| match one_heap {
                        true => format!("take {s}"),
                        false => format!("heap {i}: take {s}"),
                    };
                    Ok(PositionGraph::new(solved, &title, name, step))
                }
                HeapRule::NoRepeat => {
                    let heap = single_heap(heaps, *rule)?;
                    let (solved, _) = no_repeat(set, heap, budget, max_positions)?;
                    Ok(PositionGraph::new(solved, &title, |p| p.to_string(), take))
                }
                HeapRule::OddWins => {
                    let heap = single_heap(heaps, *rule)?;
                    let (solved, _) = odd_wins(set, heap, budget, max_positions)?;
                    Ok(PositionGraph::new(solved, &title, |p| p.to_string(), take))
                }
            },
        }
    }

    /// Who wins from `heaps` and every winning move, by `method`, under `budget`: the fast
    /// method (Bouton's rule; the values G(h) with their proved period, O(period search +
    /// heaps × moves)) where [`HeapGame::has_fast_method`], else an error; the exhaustive
    /// method, retrograde analysis of every position reachable (O(V + E), at most
    /// [`MAX_HEAP_POSITIONS`] positions unless the budget says otherwise, refused up front
    /// when its moves or memory are known to be beyond the budget's limits).
    ///
    /// # Complexity
    ///
    /// Fast: the values with their proved period, O(period search + heaps × moves). Exhaustive: O(V + E) time and memory for the V positions and E moves reachable.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Method, budget::Budget, games::{HeapGame, HeapRule, Octal}};
    /// let kayles = HeapGame::octal("0.77".parse::<Octal>().unwrap(), HeapRule::Normal).unwrap();
    /// let budget = Budget::default();
    /// let fast = kayles.analyse(&[7, 4], Method::Fast, &budget).unwrap();
    /// assert_eq!(fast, kayles.analyse(&[7, 4], Method::Exhaustive, &budget).unwrap());
    /// ```
    pub fn analyse(
        &self,
        heaps: &[u64],
        method: Method,
        budget: &Budget,
    ) -> Result<HeapAnalysis, Error> {
        if heaps.is_empty() {
            return Err(Error::new("give the heap sizes of a position"));
        }
        if method == Method::Fast && !self.has_fast_method() {
            return Err(Error::new(format!(
                "the {} rule has no fast method: its positions are solved by the exhaustive \
                 method (retrograde analysis)",
                self.rule()
            )));
        }
        let take = |i: usize, s: u64| OctalMove {
            heap: i,
            taken: s,
            left: [heaps[i] - s].into_iter().filter(|&l| l > 0).collect(),
        };
        let max_positions = budget.position_limit(MAX_HEAP_POSITIONS);
        let start = heaps.to_vec();
        match (self, method) {
            (HeapGame::Nim(c), _) => {
                let big: Vec<BigUint> = heaps.iter().map(|&h| BigUint::from(h)).collect();
                let found = nim_analysis(&big, *c, method, budget)?;
                let moves = found.winning_moves.iter().map(|m| {
                    let left = u64::try_from(&m.to).expect("a Nim move leaves a smaller heap");
                    take(m.heap, heaps[m.heap] - left)
                });
                Ok(HeapAnalysis {
                    outcome: found.outcome,
                    winning_moves: moves.collect(),
                })
            }
            (HeapGame::Subtraction(set, _), Method::Fast) => {
                let (values, period) = set.periodic_values(budget)?;
                let g = |n: u64| period.value_at(&values, n);
                let moves = |i: usize, h: u64| {
                    let sizes = set.set().iter().take_while(move |&&s| s <= h);
                    sizes.map(move |&s| (take(i, s), vec![h - s]))
                };
                Ok(by_values(heaps, g, moves))
            }
            (HeapGame::Octal(code, _), Method::Fast) => {
                let max = heaps.iter().copied().max().unwrap_or(0);
                if max > MAX_OCTAL_ANALYSIS_HEAP {
                    return Err(Error::refused_with(
                        Figures::new(
                            max.into(),
                            MAX_OCTAL_ANALYSIS_HEAP.into(),
                            "stones in the largest heap",
                        ),
                        format!(
                            "the fast method computes the values of {} up to the largest heap, \
                             {max}; the limit is {MAX_OCTAL_ANALYSIS_HEAP}: choose smaller heaps",
                            code.short_name()
                        ),
                    ));
                }
                let (values, _) = budgeted_rare_value_sequence(code, max as usize, budget, |_| {})?;
                let g = |n: u64| values[n as usize];
                let moves = |i: usize, h: u64| {
                    code.heap_moves(h).into_iter().map(move |(taken, left)| {
                        let m = OctalMove {
                            heap: i,
                            taken,
                            left: left.clone(),
                        };
                        (m, left)
                    })
                };
                Ok(by_values(heaps, g, moves))
            }
            (HeapGame::Octal(code, c), _) => {
                let game = Played::new(code.clone(), *c);
                let meter = octal_meter(code, heaps, budget)?;
                let solved = solve_from(&game, &start, &meter, max_positions)?;
                let (outcome, winning_moves) = won(&solved, &start);
                Ok(HeapAnalysis {
                    outcome,
                    winning_moves,
                })
            }
            (HeapGame::Subtraction(set, rule), _) => {
                let (wins, moves) = match rule {
                    HeapRule::Normal | HeapRule::Misere => {
                        let game = Played::new(set.clone(), rule_convention(*rule));
                        let meter = budget.admit_estimate(&set.retrograde_estimate(heaps))?;
                        let solved = solve_from(&game, &start, &meter, max_positions)?;
                        won(&solved, &start)
                    }
                    HeapRule::NoRepeat => {
                        let heap = single_heap(heaps, *rule)?;
                        let (solved, start) = no_repeat(set, heap, budget, max_positions)?;
                        let (wins, moves) = won(&solved, &start);
                        (wins, moves.into_iter().map(|s| (0, s)).collect())
                    }
                    HeapRule::OddWins => {
                        let heap = single_heap(heaps, *rule)?;
                        let (solved, start) = odd_wins(set, heap, budget, max_positions)?;
                        let (wins, moves) = won(&solved, &start);
                        (wins, moves.into_iter().map(|s| (0, s)).collect())
                    }
                };
                Ok(HeapAnalysis {
                    outcome: wins,
                    winning_moves: moves.into_iter().map(|(i, s)| take(i, s)).collect(),
                })
            }
        }
    }

    /// The single heaps 0 to `max`: which are lost for the player to move, by `method`, under
    /// `budget`. The fast method (normal play) computes the values by the rare-value method
    /// (near-linear when few heaps are rare, O(max²) at worst; for a subtraction game O(max ×
    /// |S|) until a proved period fills the rest) and the period they prove; the exhaustive
    /// method solves every start by retrograde analysis (O(V + E), at most
    /// [`MAX_TABLE_POSITIONS`] positions unless the budget says otherwise). Refused beyond
    /// [`MAX_TABLE_HEAP`] (fast) or [`MAX_RETROGRADE_TABLE_HEAP`] (exhaustive), or when the
    /// moves or the memory are known to be beyond the budget's limits; gives up when a
    /// computation whose reach is not known in advance reaches one.
    ///
    /// # Complexity
    ///
    /// Fast: near-linear when few heaps are rare, O(max²) at worst. Exhaustive: O(V + E) time and memory.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Method, budget::Budget, games::{HeapGame, HeapRule, Subtraction}};
    /// let game = HeapGame::subtraction(Subtraction::parse("1,3,4").unwrap(), HeapRule::Normal);
    /// let budget = Budget::default();
    /// let fast = game.single_heaps(30, Method::Fast, &budget).unwrap();
    /// assert_eq!(fast.losing, game.single_heaps(30, Method::Exhaustive, &budget).unwrap().losing);
    /// assert_eq!(fast.period.map(|p| p.period), Some(7));
    /// ```
    pub fn single_heaps(
        &self,
        max: u64,
        method: Method,
        budget: &Budget,
    ) -> Result<HeapTable, Error> {
        if method == Method::Fast && !self.has_fast_method() {
            return Err(Error::new(format!(
                "the {} rule has no fast method: its table is computed by the exhaustive method \
                 (retrograde analysis)",
                self.rule()
            )));
        }
        let limit = match method {
            Method::Fast => MAX_TABLE_HEAP,
            Method::Exhaustive => MAX_RETROGRADE_TABLE_HEAP,
        };
        if max > limit {
            return Err(Error::refused_with(
                Figures::new(max.into(), limit.into(), "stones in the largest heap"),
                format!(
                    "a table to heap {max} is above the limit of heap {limit} for the {} method \
                     under the {} rule (the table lists every heap)",
                    method,
                    self.rule()
                ),
            ));
        }
        let plain = |losing: Vec<u64>| HeapTable {
            losing,
            values: None,
            period: None,
        };
        let max_positions = budget.position_limit(MAX_TABLE_POSITIONS);
        let heaps = || (0..=max).map(|n| vec![n]).collect::<Vec<Vec<u64>>>();
        match (self, method) {
            (HeapGame::Nim(Convention::Normal), Method::Fast) => {
                // G(n) = n: only the empty heap is lost.
                Ok(HeapTable {
                    losing: vec![0],
                    values: Some((0..=max as u32).collect()),
                    period: None,
                })
            }
            (HeapGame::Nim(Convention::Misere), Method::Fast) => {
                // A single heap is lost in misère Nim exactly when it holds one stone.
                Ok(plain((max >= 1).then_some(1).into_iter().collect()))
            }
            (HeapGame::Subtraction(set, _), Method::Fast) => {
                values_table(&set.to_octal(), max, budget)
            }
            (HeapGame::Octal(code, _), Method::Fast) => values_table(code, max, budget),
            (HeapGame::Nim(c), _) => {
                let game = Played::new(Nim, *c);
                let meter = budget.admit_estimate(&Nim::retrograde_estimate(&[max]))?;
                losing(&game, heaps(), &meter, max_positions, |p| p[0]).map(plain)
            }
            (HeapGame::Octal(code, c), _) => {
                let game = Played::new(code.clone(), *c);
                let meter = octal_meter(code, &[max], budget)?;
                losing(&game, heaps(), &meter, max_positions, |p| p[0]).map(plain)
            }
            (HeapGame::Subtraction(set, rule), _) => match rule {
                HeapRule::Normal | HeapRule::Misere => {
                    let game = Played::new(set.clone(), rule_convention(*rule));
                    let meter = budget.admit_estimate(&set.retrograde_estimate(&[max]))?;
                    losing(&game, heaps(), &meter, max_positions, |p| p[0]).map(plain)
                }
                HeapRule::NoRepeat => {
                    let game = NoRepeat::new(set.clone());
                    let meter = budget.admit_estimate(&game.retrograde_estimate(max))?;
                    let starts: Vec<_> = (0..=max).map(NoRepeatPosition::start).collect();
                    losing(&game, starts, &meter, max_positions, |p| p.heap).map(plain)
                }
                HeapRule::OddWins => {
                    let game = OddWins::new(set.clone())?;
                    let meter = budget.admit_estimate(&game.retrograde_estimate(max))?;
                    let starts: Vec<_> = (0..=max)
                        .filter(|n| n % 2 == 1)
                        .map(OddWinsPosition::start)
                        .collect();
                    losing(&game, starts, &meter, max_positions, |p| p.heap).map(plain)
                }
            },
        }
    }
}

/// The single heaps 0 to `max` of normal play of `code` by its values, under `budget`.
fn values_table(code: &Octal, max: u64, budget: &Budget) -> Result<HeapTable, Error> {
    let (values, _) = budgeted_rare_value_sequence(code, max as usize, budget, |_| {})?;
    let period = match code.is_grundy() {
        true => None,
        false => proved_period(&values, code.max_taken()),
    };
    let losing = (0..=max).filter(|&n| values[n as usize] == 0).collect();
    Ok(HeapTable {
        losing,
        values: Some(values),
        period,
    })
}

/// Who wins and the winning moves of a sum of heaps from the values `g` of single heaps:
/// a move wins when it leaves heaps whose values XOR to the nim-sum of the rest.
fn by_values<I: Iterator<Item = (OctalMove, Vec<u64>)>>(
    heaps: &[u64],
    g: impl Fn(u64) -> u32,
    moves: impl Fn(usize, u64) -> I,
) -> HeapAnalysis {
    let sum = heaps.iter().fold(0, |x, &h| x ^ g(h));
    let mut winning = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        for (m, left) in moves(i, h) {
            if left.iter().fold(0, |x, &l| x ^ g(l)) == sum ^ g(h) {
                winning.push(m);
            }
        }
    }
    HeapAnalysis {
        outcome: Outcome::of_value(sum),
        winning_moves: winning,
    }
}

/// A meter for the game graph of the octal game `code` from `heaps`, whose size is not known
/// in advance: refused when the start alone has more moves than the work limit (listing them
/// would take the memory of that many moves at once).
fn octal_meter(code: &Octal, heaps: &[u64], budget: &Budget) -> Result<Meter, Error> {
    let what = format!(
        "the game graph of {} on {}",
        code.short_name(),
        listed(heaps)
    );
    let first = heaps
        .iter()
        .fold(0u128, |sum, &h| sum.saturating_add(code.heap_move_count(h)));
    let limit = budget.work_limit(RETROGRADE_MOVES);
    if first > u128::from(limit) {
        return Err(Error::refused(
            &what,
            Figures::new(first, limit.into(), RETROGRADE_MOVES.name),
        )
        .with_note("the start alone has that many moves: choose smaller heaps"));
    }
    Ok(budget.meter(what, RETROGRADE_MOVES))
}

/// The no-repeat game from one heap, labelled (at most `max_positions` positions), and its
/// start.
fn no_repeat(
    set: &Subtraction,
    heap: u64,
    budget: &Budget,
    max_positions: u64,
) -> Result<(Retrograde<NoRepeat>, NoRepeatPosition), Error> {
    let game = NoRepeat::new(set.clone());
    let start = NoRepeatPosition::start(heap);
    let meter = budget.admit_estimate(&game.retrograde_estimate(heap))?;
    let solved = Retrograde::solve_metered(&game, &[start], &meter, max_positions)?;
    Ok((solved, start))
}

/// The odd-wins game from one (odd) heap, labelled (at most `max_positions` positions), and
/// its start.
fn odd_wins(
    set: &Subtraction,
    heap: u64,
    budget: &Budget,
    max_positions: u64,
) -> Result<(Retrograde<OddWins>, OddWinsPosition), Error> {
    OddWins::check_start(heap)?;
    let game = OddWins::new(set.clone())?;
    let start = OddWinsPosition::start(heap);
    let meter = budget.admit_estimate(&game.retrograde_estimate(heap))?;
    let solved = Retrograde::solve_metered(&game, &[start], &meter, max_positions)?;
    Ok((solved, start))
}

/// The heaps of the starts that are lost for the player to move, by retrograde analysis of
/// every position reachable from them (at most `max_positions`) under `meter`.
fn losing<R: Rules>(
    rules: &R,
    starts: Vec<R::Position>,
    meter: &Meter,
    max_positions: u64,
    heap: impl Fn(&R::Position) -> u64,
) -> Result<Vec<u64>, Error> {
    let solved = Retrograde::solve_metered(rules, &starts, meter, max_positions)?;
    let lost = starts
        .into_iter()
        .filter(|p| solved.outcome(p) == Some(Outcome::Loss));
    Ok(lost.map(|p| heap(&p)).collect())
}

/// The game graph from `start` by retrograde analysis under `meter`, at most `max_positions`
/// positions.
fn solve_from<R: Rules>(
    rules: &R,
    start: &R::Position,
    meter: &Meter,
    max_positions: u64,
) -> Result<Retrograde<R>, Error> {
    Retrograde::solve_metered(rules, std::slice::from_ref(start), meter, max_positions)
}

/// Who wins at `start`, and the winning moves.
fn won<R: Rules>(solved: &Retrograde<R>, start: &R::Position) -> (Outcome, Vec<R::Move>) {
    let wins = solved.outcome(start) == Some(Outcome::Win);
    (Outcome::of_win(wins), solved.winning_moves(start))
}

fn take(s: &u64) -> String {
    format!("take {s}")
}

fn listed(heaps: &[u64]) -> String {
    super::nim::listed(heaps)
}

fn rule_of(convention: Convention) -> HeapRule {
    match convention {
        Convention::Normal => HeapRule::Normal,
        Convention::Misere => HeapRule::Misere,
    }
}

fn rule_convention(rule: HeapRule) -> Convention {
    rule.convention().unwrap_or(Convention::Normal)
}

fn played_by(rule: HeapRule, game: &str) -> Result<Convention, Error> {
    rule.convention().ok_or_else(|| {
        Error::new(format!(
            "the {rule} rule is for subtraction games; {game} takes the rule normal or misere"
        ))
    })
}

fn ending(convention: Convention) -> &'static str {
    match convention {
        Convention::Normal => "whoever cannot move loses",
        Convention::Misere => "whoever makes the last move loses",
    }
}

/// The one heap that the variants are played on.
fn single_heap(heaps: &[u64], rule: HeapRule) -> Result<u64, Error> {
    match heaps {
        [h] => Ok(*h),
        _ => Err(Error::new(format!(
            "the {rule} rule is played on one heap; {} were given",
            heaps.len()
        ))),
    }
}
