//! Reachability: whether w →* f, with the steps, from a proved automaton of R or by search.

use super::cheapest::Cheapest;
use super::exhaustive::SEARCH_POSITIONS;
use super::expand::{RULE_TRIES, expand, memo_bytes, too_many_positions};
use super::ruleset::RuleSet;
use super::step::{Step, trim};
use crate::budget::Budget;
use crate::error::Error;
use crate::solitaire::Board;
use rustc_hash::FxHashMap;

impl Cheapest<'_> {
    /// Steps that take `w` to `f` (words of one length) on `board`, or `None` when w does not
    /// reach f. On the infinite board f is placed over the same cells as w, blanks all
    /// around. From the proved automaton of R: on the finite board (w, f) is accepted or not;
    /// on the infinite board both words get s − 1 blanks a side (s states of R's automaton):
    /// more blank pairs never hurt, and the state reached on them repeats with a period after
    /// at most s − 1 of them, so s − 1 decide it.
    ///
    /// Under `budget`, admitted with an estimate as [`Cheapest::solve`] is.
    ///
    /// # Complexity
    /// O(n) for the answer, O(n × (s + rules)) a step for the steps.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Quiet, budget::Budget, rules::{Cheapest, RuleSet}, solitaire::Board};
    /// let rules = RuleSet::builtin("solitaire").unwrap();
    /// let budget = Budget::default();
    /// let solver = Cheapest::new(&rules, &budget, &Quiet).unwrap();
    /// assert_eq!(solver.reach(&[1, 1, 0], &[0, 0, 1], Board::Finite, &budget).unwrap().map(|s| s.len()), Some(1));
    /// assert_eq!(solver.reach(&[1, 1, 1, 1], &[1, 0, 0, 1], Board::Infinite, &budget).unwrap(), None);
    /// ```
    pub fn reach(
        &self,
        w: &[u8],
        f: &[u8],
        board: Board,
        budget: &Budget,
    ) -> Result<Option<Vec<Step>>, Error> {
        if w.len() != f.len() {
            return Err(Error::new(format!(
                "the start word has {} letters and the final word {}; give two words of one length",
                w.len(),
                f.len()
            )));
        }
        let pad = match board {
            Board::Finite => 0,
            Board::Infinite => self.relation().states() - 1,
        };
        let blank = self.rules().blank();
        let padded = |x: &[u8]| {
            let mut cells = vec![blank; pad];
            cells.extend_from_slice(x);
            cells.extend(std::iter::repeat_n(blank, pad));
            cells
        };
        let (from, to) = (padded(w), padded(f));
        let meter = self.admit("finding the steps between the words", &from, false, budget)?;
        Ok(self.steps_between(&from, &to, &meter)?.map(|steps| {
            steps
                .into_iter()
                .map(|s| Step {
                    at: s.at - pad as i64,
                    rule: s.rule,
                })
                .collect()
        }))
    }
}

/// The bytes [`exhaustive_reach`] holds for a position of `len` letters: its entry in the map
/// of positions met (its place and word, with its record), its record in the list (twice, as
/// the list grows) and its place in the next frontier with its own copy of the word.
fn position_bytes(len: usize) -> u64 {
    memo_bytes::<(i64, u32)>(len)
        + 2 * size_of::<(u32, Step)>() as u64
        + 3 * size_of::<(u32, i64, Vec<u8>)>() as u64
        + len as u64
}

/// Steps that take `w` to `f` on `board`, or `None`, by breadth-first search over every
/// position reachable from `w`: the slow twin of [`Cheapest::reach`]. On the infinite board a
/// position is its trimmed word and where it starts. Under `budget`: it charges the rule
/// applications it tries ([`RULE_TRIES`]), keeps at most the budget's positions
/// ([`SEARCH_POSITIONS`] by default) and holds their memory; past any of them it gives up
/// with the figures.
///
/// # Complexity
/// Time and memory proportional to the reachable positions.
///
/// # Examples
///
/// ```
/// use unhop::{budget::Budget, rules::{RuleSet, exhaustive_reach}, solitaire::Board};
/// let rules = RuleSet::builtin("solitaire").unwrap();
/// let budget = Budget::default();
/// assert!(exhaustive_reach(&rules, &[0, 1, 1, 1, 1], &[1, 0, 1, 0, 0], Board::Finite, &budget).unwrap().is_some());
/// assert!(exhaustive_reach(&rules, &[1, 1, 1, 1], &[1, 0, 0, 1], Board::Infinite, &budget).unwrap().is_none());
/// ```
pub fn exhaustive_reach(
    rules: &RuleSet,
    w: &[u8],
    f: &[u8],
    board: Board,
    budget: &Budget,
) -> Result<Option<Vec<Step>>, Error> {
    if w.len() != f.len() {
        return Err(Error::new("give two words of one length"));
    }
    if rules.weight(f) > rules.weight(w) {
        return Ok(None);
    }
    let what = "searching every position the start word reaches";
    let meter = budget.meter(what, RULE_TRIES);
    let max_positions = budget.position_limit(SEARCH_POSITIONS);
    let place = |x: &[u8]| -> (i64, Vec<u8>) {
        match board {
            Board::Finite => (0, x.to_vec()),
            Board::Infinite => {
                let (t, at) = trim(x, rules.blank());
                (if t.is_empty() { 0 } else { at as i64 }, t.to_vec())
            }
        }
    };
    let start = place(w);
    let goal = place(f);
    // Each position met: its index in `reached`, which holds how it was reached.
    let mut met: FxHashMap<(i64, Vec<u8>), u32> = FxHashMap::default();
    let mut reached: Vec<(u32, Step)> = vec![(0, Step { at: 0, rule: 0 })];
    meter.hold(position_bytes(start.1.len()))?;
    met.insert(start.clone(), 0);
    let mut frontier = vec![(0u32, start.0, start.1)];
    let mut found = met.get(&goal).copied();
    while found.is_none() && !frontier.is_empty() {
        let mut next_frontier = Vec::new();
        for (index, at, word) in frontier {
            let (next, held) = expand(rules, &word, board, &meter)?;
            for successor in next {
                let key = (
                    if successor.word.is_empty() {
                        0
                    } else {
                        at + successor.shift
                    },
                    successor.word,
                );
                if met.contains_key(&key) {
                    continue;
                }
                if reached.len() as u64 >= max_positions {
                    return Err(too_many_positions(what, max_positions));
                }
                let new = reached.len() as u32;
                meter.hold(position_bytes(key.1.len()))?;
                reached.push((
                    index,
                    Step {
                        at: at + successor.at,
                        rule: successor.rule,
                    },
                ));
                if key == goal {
                    found = Some(new);
                }
                met.insert(key.clone(), new);
                next_frontier.push((new, key.0, key.1));
            }
            meter.release(held);
        }
        frontier = next_frontier;
    }
    let Some(mut i) = found else {
        return Ok(None);
    };
    let mut steps = Vec::new();
    while i != 0 {
        let (parent, step) = reached[i as usize];
        steps.push(step);
        i = parent;
    }
    steps.reverse();
    Ok(Some(steps))
}
