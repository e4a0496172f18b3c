//! Reachability: whether w →* f, with the steps, from a proved automaton of R or by search.

use super::cheapest::Cheapest;
use super::ruleset::RuleSet;
use super::step::{Step, successors, successors_infinite, trim};
use crate::error::Error;
use crate::solitaire::Board;
use rustc_hash::FxHashMap;

/// The most positions [`exhaustive_reach`] keeps before it gives up.
pub const MAX_REACH_POSITIONS: usize = 5_000_000;

impl Cheapest<'_> {
    /// Steps that take `w` to `f` (words of one length) on `board`, or `None` when w does not
    /// reach f. On the infinite board f is placed over the same cells as w, blanks all
    /// around. From the proved automaton of R: on the finite board (w, f) is accepted or not;
    /// on the infinite board both words get s − 1 blanks a side (s states of R's automaton):
    /// more blank pairs never hurt, and the state reached on them repeats with a period after
    /// at most s − 1 of them, so s − 1 decide it.
    ///
    /// # Complexity
    /// O(n) for the answer, O(n × s) a step for the steps.
    ///
    /// ```
    /// use unhop::{Quiet, rules::{Cheapest, RuleSet}, solitaire::Board};
    /// let rules = RuleSet::builtin("solitaire").unwrap();
    /// let solver = Cheapest::new(&rules, &Quiet).unwrap();
    /// assert_eq!(solver.reach(&[1, 1, 0], &[0, 0, 1], Board::Finite).unwrap().map(|s| s.len()), Some(1));
    /// assert_eq!(solver.reach(&[1, 1, 1, 1], &[1, 0, 0, 1], Board::Infinite).unwrap(), None);
    /// ```
    pub fn reach(&self, w: &[u8], f: &[u8], board: Board) -> Result<Option<Vec<Step>>, Error> {
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
        Ok(self.steps_between(&from, &to)?.map(|steps| {
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

/// A position of the search: where its trimmed word starts, and the word.
type Placed = (i64, Vec<u8>);

/// Steps that take `w` to `f` on `board`, or `None`, by breadth-first search over every
/// position reachable from `w`: the slow twin of [`Cheapest::reach`]. On the infinite board a
/// position is its trimmed word and where it starts. Time and memory proportional to the
/// reachable positions; gives up beyond [`MAX_REACH_POSITIONS`].
///
/// ```
/// use unhop::{rules::{RuleSet, exhaustive_reach}, solitaire::Board};
/// let rules = RuleSet::builtin("solitaire").unwrap();
/// assert!(exhaustive_reach(&rules, &[0, 1, 1, 1, 1], &[1, 0, 1, 0, 0], Board::Finite).unwrap().is_some());
/// assert!(exhaustive_reach(&rules, &[1, 1, 1, 1], &[1, 0, 0, 1], Board::Infinite).unwrap().is_none());
/// ```
pub fn exhaustive_reach(
    rules: &RuleSet,
    w: &[u8],
    f: &[u8],
    board: Board,
) -> Result<Option<Vec<Step>>, Error> {
    if w.len() != f.len() {
        return Err(Error::new("give two words of one length"));
    }
    if rules.weight(f) > rules.weight(w) {
        return Ok(None);
    }
    let blank = rules.blank();
    let place = |x: &[u8]| -> (i64, Vec<u8>) {
        match board {
            Board::Finite => (0, x.to_vec()),
            Board::Infinite => {
                let (t, at) = trim(x, blank);
                (if t.is_empty() { 0 } else { at as i64 }, t.to_vec())
            }
        }
    };
    let start = place(w);
    let goal = place(f);
    let mut parent: FxHashMap<Placed, (Placed, Step)> = FxHashMap::default();
    let mut frontier = vec![start.clone()];
    let mut found = start == goal;
    while !found && !frontier.is_empty() {
        let mut next_frontier = Vec::new();
        for position in &frontier {
            let (at, word) = position;
            let next: Vec<(i64, usize, Vec<u8>, i64)> = match board {
                Board::Finite => successors(rules, word)
                    .into_iter()
                    .map(|(i, r, x)| (i as i64, r, x, 0))
                    .collect(),
                Board::Infinite => successors_infinite(rules, word),
            };
            for (i, r, x, shift) in next {
                let key = (if x.is_empty() { 0 } else { at + shift }, x);
                if key == start || parent.contains_key(&key) {
                    continue;
                }
                if parent.len() >= MAX_REACH_POSITIONS {
                    return Err(Error::gave_up(format!(
                        "the exhaustive search met more than {MAX_REACH_POSITIONS} positions and stopped"
                    )));
                }
                parent.insert(
                    key.clone(),
                    (
                        position.clone(),
                        Step {
                            at: at + i,
                            rule: r,
                        },
                    ),
                );
                found |= key == goal;
                next_frontier.push(key);
            }
        }
        frontier = next_frontier;
    }
    if !found {
        return Ok(None);
    }
    let mut steps = Vec::new();
    let mut position = goal;
    while position != start {
        let (before, step) = parent[&position].clone();
        steps.push(step);
        position = before;
    }
    steps.reverse();
    Ok(Some(steps))
}
