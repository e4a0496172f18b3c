//! The least-weight final word in linear time from a proved automaton of R, with the steps.

use super::exhaustive::Solution;
use super::expand::RULE_TRIES;
use super::relation::proved_relation;
use super::ruleset::RuleSet;
use super::step::{Step, replay, trim};
use crate::automata::{Dfa, StateId};
use crate::budget::{Budget, Meter};
use crate::error::Error;
use crate::progress::Progress;
use crate::solitaire::Board;

/// A solver holding a proved automaton of R for one rule set (learned and proved once, then
/// used for every word).
///
/// ```
/// use unhop::{Quiet, budget::Budget, rules::{Cheapest, RuleSet}, solitaire::Board};
/// let rules = RuleSet::builtin("solitaire").unwrap();
/// let solver = Cheapest::new(&rules, &Budget::default(), &Quiet).unwrap();
/// let s = solver.solve(&[0, 1, 1, 1, 1], Board::Finite, &Budget::default()).unwrap();
/// assert_eq!((s.weight, s.final_word), (2, vec![1, 0, 1, 0, 0]));
/// ```
pub struct Cheapest<'a> {
    rules: &'a RuleSet,
    relation: Dfa,
}

impl<'a> Cheapest<'a> {
    /// Learns R at the largest bound the limits allow and proves it, under `budget`; gives
    /// up when that fails.
    ///
    /// # Complexity
    ///
    /// The learner's and the proof's: O(k^(2·bound)) at the largest bound the limits allow
    /// ([`super::default_relation_bound`]), then products of |A|² × |S| states.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Quiet, budget::Budget, rules::{Cheapest, RuleSet}};
    /// let rules = RuleSet::builtin("kayles").unwrap();
    /// assert_eq!(Cheapest::new(&rules, &Budget::default(), &Quiet).unwrap().relation().states(), 2);
    /// ```
    pub fn new(
        rules: &'a RuleSet,
        budget: &Budget,
        progress: &dyn Progress,
    ) -> Result<Cheapest<'a>, Error> {
        let relation = proved_relation(rules, budget, progress)?;
        Ok(Cheapest { rules, relation })
    }

    /// A solver over an automaton the caller vouches for (it must accept exactly R).
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Quiet, budget::Budget, rules::{Cheapest, RuleSet}, solitaire::{Board, finite::reach_automaton}};
    /// let rules = RuleSet::builtin("solitaire").unwrap();
    /// let cheapest = Cheapest::with_relation(&rules, reach_automaton().clone());
    /// let s = cheapest.solve(&rules.parse_word("01111").unwrap(), Board::Finite, &Budget::default()).unwrap();
    /// assert_eq!(s.weight, 2);
    /// ```
    pub fn with_relation(rules: &'a RuleSet, relation: Dfa) -> Cheapest<'a> {
        Cheapest { rules, relation }
    }

    /// The rule set.
    pub fn rules(&self) -> &RuleSet {
        self.rules
    }

    /// The proved automaton of R.
    pub fn relation(&self) -> &Dfa {
        &self.relation
    }

    /// A meter for `what` on `cells` (the word with its padding), admitted with the estimate
    /// of [`Cheapest::solve`] (`solving`) or of the steps alone: at most ⌊weight / least
    /// drop⌋ steps (every rule lowers the weight by at least its least drop), each trying
    /// every rule at every cell; and the tables: the automaton's states along the word
    /// (4 bytes a state and cell for the cheapest path, a byte for the steps), the words.
    pub(super) fn admit(
        &self,
        what: &str,
        cells: &[u8],
        solving: bool,
        budget: &Budget,
    ) -> Result<Meter, Error> {
        let rules = self.rules;
        let steps = u128::from(rules.weight(cells) / rules.least_drop());
        let (n, s) = (cells.len() as u128, self.relation.states() as u128);
        let work = steps * n * rules.rules().len() as u128;
        let step_tables = (n + 1) * (4 + s) + 2 * steps * size_of::<Step>() as u128 + 2 * n;
        let path_tables = if solving {
            n * 4 * s + 3 * 16 * s + 4 * n
        } else {
            0
        };
        budget.admit(what, RULE_TRIES, work, step_tables + path_tables)
    }

    /// Steps from `g` to `f` (on the finite board of their length) when the automaton accepts
    /// the pair, following the proof's third inclusion; `None` when it rejects it. Charges
    /// every rule application tried to `meter`.
    pub(crate) fn steps_between(
        &self,
        g: &[u8],
        f: &[u8],
        meter: &Meter,
    ) -> Result<Option<Vec<Step>>, Error> {
        let k = self.rules.letters();
        let pairs = g
            .iter()
            .zip(f)
            .map(|(&a, &b)| (a as usize * k + b as usize) as u8);
        if !self.relation.accepts(pairs) {
            return Ok(None);
        }
        let mut g = g.to_vec();
        let mut steps = Vec::new();
        while g != f {
            meter.charge(g.len() as u64 * self.rules.rules().len() as u64)?;
            let step = first_step(&self.relation, self.rules, &g, f).ok_or_else(|| {
                Error::internal("no step from a word towards a final word it reaches")
            })?;
            let rule = &self.rules.rules()[step.rule];
            let at = step.at as usize;
            g[at..at + rule.to.len()].copy_from_slice(&rule.to);
            steps.push(step);
        }
        Ok(Some(steps))
    }

    /// A least-weight configuration `word` reaches on `board`, and steps that reach it.
    ///
    /// The final word f is a cheapest path through R's automaton read along the word: cell i
    /// read with final letter b costs b's weight (one forward pass keeping each state's
    /// cheapest cost and its predecessor, one backward pass). On the infinite board the word
    /// gets s − 1 blanks a side first (s states): a cheapest path's part over the padding
    /// never needs to repeat a state, and more blanks never hurt.
    ///
    /// The steps follow the proof's third inclusion: while g ≠ f, a rule application g → g′
    /// with (g′, f) still accepted exists, and is found by the forward states and the sets of
    /// states from which the rest is accepted.
    ///
    /// Under `budget`, admitted before it starts with an estimate of the rule applications
    /// the steps try (see [`super::RULE_TRIES`]) and of its tables; refused when that is over
    /// a limit.
    ///
    /// # Complexity
    /// O(n × s × k) for the weight and the final word; O(n × (s + rules)) more per step for
    /// the steps, so O(n² × (s + rules)) in the worst case.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, rules::{Cheapest, RuleSet}, solitaire::{Board, finite::reach_automaton}};
    /// let rules = RuleSet::builtin("solitaire").unwrap();
    /// let cheapest = Cheapest::with_relation(&rules, reach_automaton().clone());
    /// let s = cheapest.solve(&rules.parse_word("1101101").unwrap(), Board::Infinite, &Budget::default()).unwrap();
    /// assert_eq!(s.weight, 2);
    /// ```
    pub fn solve(&self, word: &[u8], board: Board, budget: &Budget) -> Result<Solution, Error> {
        let rules = self.rules;
        let dfa = &self.relation;
        let pad = match board {
            Board::Finite => 0,
            Board::Infinite => dfa.states() - 1,
        };
        let blank = rules.blank();
        let mut cells = vec![blank; pad];
        cells.extend_from_slice(word);
        cells.extend(std::iter::repeat_n(blank, pad));
        let meter = self.admit(
            "finding the least weight and its steps",
            &cells,
            true,
            budget,
        )?;
        let last = cheapest_final(dfa, rules, &cells)?;
        let steps = self
            .steps_between(&cells, &last, &meter)?
            .ok_or_else(|| Error::internal("the cheapest final word is not accepted"))?
            .into_iter()
            .map(|s| Step {
                at: s.at - pad as i64,
                rule: s.rule,
            })
            .collect();
        let (final_word, final_offset) = match board {
            Board::Finite => (last, 0),
            Board::Infinite => {
                let (t, at) = trim(&last, blank);
                let at = if t.is_empty() {
                    0
                } else {
                    at as i64 - pad as i64
                };
                (t.to_vec(), at)
            }
        };
        Ok(Solution {
            weight: rules.weight(&final_word),
            final_word,
            final_offset,
            steps,
        })
    }
}

/// The cheapest f with (cells, f) accepted, by weight.
fn cheapest_final(dfa: &Dfa, rules: &RuleSet, cells: &[u8]) -> Result<Vec<u8>, Error> {
    let k = rules.letters();
    let s = dfa.states();
    const NONE: u64 = u64::MAX;
    let mut cost = vec![NONE; s];
    cost[dfa.start() as usize] = 0;
    let mut back: Vec<u32> = Vec::with_capacity(cells.len() * s);
    for &a in cells {
        let mut fresh = vec![NONE; s];
        let mut from = vec![u32::MAX; s];
        for (p, &here) in cost.iter().enumerate() {
            if here == NONE {
                continue;
            }
            for b in 0..k {
                let q = dfa.next(p as StateId, (a as usize * k + b) as u8) as usize;
                let c = here + u64::from(rules.weights()[b]);
                if c < fresh[q] {
                    fresh[q] = c;
                    from[q] = (p * k + b) as u32;
                }
            }
        }
        cost = fresh;
        back.extend_from_slice(&from);
    }
    let mut state = (0..s)
        .filter(|&q| dfa.is_accepting(q as StateId) && cost[q] != NONE)
        .min_by_key(|&q| cost[q])
        .ok_or_else(|| Error::internal("the automaton of R rejects every pair of this word"))?;
    let mut f = vec![0u8; cells.len()];
    for i in (0..cells.len()).rev() {
        let code = back[i * s + state] as usize;
        f[i] = (code % k) as u8;
        state = code / k;
    }
    Ok(f)
}

/// A rule application g → g′ (cell in g's coordinates) with (g′, f) accepted.
fn first_step(dfa: &Dfa, rules: &RuleSet, g: &[u8], f: &[u8]) -> Option<Step> {
    let k = rules.letters();
    let s = dfa.states();
    let n = g.len();
    let pair = |x: u8, y: u8| (x as usize * k + y as usize) as u8;
    let mut forward = Vec::with_capacity(n + 1);
    forward.push(dfa.start());
    for i in 0..n {
        forward.push(dfa.next(forward[i], pair(g[i], f[i])));
    }
    // good[i * s + q]: reading the pairs from i on, q ends accepting.
    let mut good = vec![false; (n + 1) * s];
    for q in 0..s {
        good[n * s + q] = dfa.is_accepting(q as StateId);
    }
    for i in (0..n).rev() {
        for q in 0..s {
            let t = dfa.next(q as StateId, pair(g[i], f[i])) as usize;
            good[i * s + q] = good[(i + 1) * s + t];
        }
    }
    for i in 0..n {
        for (r, rule) in rules.rules().iter().enumerate() {
            let end = i + rule.from.len();
            if end > n || g[i..end] != rule.from[..] {
                continue;
            }
            let q =
                (0..rule.to.len()).fold(forward[i], |q, j| dfa.next(q, pair(rule.to[j], f[i + j])));
            if good[end * s + q as usize] {
                return Some(Step {
                    at: i as i64,
                    rule: r,
                });
            }
        }
    }
    None
}

/// `solution` after the independent checker agrees with it.
///
/// # Complexity
///
/// The replay: O(steps × rule length) plus a copy of the word per step.
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget, rules::{RuleSet, checked, exhaustive_solve}, solitaire::Board};
/// let rules = RuleSet::builtin("solitaire").unwrap();
/// let word = rules.parse_word("0110").unwrap();
/// let solution = exhaustive_solve(&rules, &word, Board::Finite, &Budget::default()).unwrap();
/// assert_eq!(checked(&rules, &word, Board::Finite, solution).unwrap().weight, 1);
/// ```
pub fn checked(
    rules: &RuleSet,
    word: &[u8],
    board: Board,
    solution: Solution,
) -> Result<Solution, Error> {
    let (last, at) = replay(rules, word, board, &solution.steps)
        .map_err(|e| Error::internal(format!("the steps do not replay: {e}")))?;
    if last != solution.final_word || at != solution.final_offset {
        return Err(Error::internal(
            "the steps replay to another final configuration",
        ));
    }
    Ok(solution)
}
