//! The exhaustive twins: every position reachable from a word, searched one by one.

use super::ruleset::RuleSet;
use super::step::{Step, successors, successors_infinite, trim};
use super::target::Target;
use crate::error::Error;
use crate::error::Figures;
use crate::progress::Progress;
use crate::solitaire::Board;
use num_bigint::BigUint;
use rustc_hash::FxHashMap;

/// The most positions an exhaustive search keeps before it gives up.
pub const MAX_POSITIONS: usize = 5_000_000;

/// The most words [`exhaustive_count`] looks at (k^n).
pub const MAX_COUNT_WORDS: u64 = 1 << 26;

/// Whether words reduce to a target, by searching every position reachable from them, with
/// one memo shared by every word asked (the membership oracle of the learners and the tests).
///
/// ```
/// use unhop::{rules::{Exhaustive, RuleSet, Target}, solitaire::Board};
/// let rules = RuleSet::builtin("solitaire").unwrap();
/// let mut one_peg = Exhaustive::new(&rules, Target::Weight(1), Board::Finite);
/// assert!(one_peg.reduces(&[1, 1, 0, 1]).unwrap());
/// assert!(!one_peg.reduces(&[1, 1]).unwrap());
/// ```
pub struct Exhaustive<'a> {
    rules: &'a RuleSet,
    target: Target,
    board: Board,
    memo: FxHashMap<Vec<u8>, bool>,
}

impl<'a> Exhaustive<'a> {
    /// An empty memo for `target` on `board`.
    pub fn new(rules: &'a RuleSet, target: Target, board: Board) -> Exhaustive<'a> {
        Exhaustive {
            rules,
            target,
            board,
            memo: FxHashMap::default(),
        }
    }

    /// Whether `word` reduces to the target. Time and memory proportional to the positions
    /// reachable from it that no earlier question met (exponential in the length); gives up
    /// beyond [`MAX_POSITIONS`] positions.
    pub fn reduces(&mut self, word: &[u8]) -> Result<bool, Error> {
        let key = match self.board {
            Board::Finite => word.to_vec(),
            Board::Infinite => trim(word, self.rules.blank()).0.to_vec(),
        };
        self.search(key)
    }

    fn search(&mut self, key: Vec<u8>) -> Result<bool, Error> {
        if let Some(&known) = self.memo.get(&key) {
            return Ok(known);
        }
        if self.memo.len() >= MAX_POSITIONS {
            return Err(Error::gave_up(format!(
                "the exhaustive search met more than {MAX_POSITIONS} positions and stopped"
            )));
        }
        let mut answer = self.target.contains(self.rules, &key, self.board);
        if !answer {
            let next: Vec<Vec<u8>> = match self.board {
                Board::Finite => successors(self.rules, &key)
                    .into_iter()
                    .map(|s| s.2)
                    .collect(),
                Board::Infinite => successors_infinite(self.rules, &key)
                    .into_iter()
                    .map(|s| s.2)
                    .collect(),
            };
            for w in next {
                if self.search(w)? {
                    answer = true;
                    break;
                }
            }
        }
        self.memo.insert(key, answer);
        Ok(answer)
    }
}

/// The number of words of length `n` that reduce to `target` on `board`, by asking
/// [`Exhaustive`] about every one of the k^n words. Refused beyond [`MAX_COUNT_WORDS`] words
/// (the message gives the estimate and the limit). O(k^n × the positions reachable).
///
/// ```
/// use unhop::{Quiet, rules::{RuleSet, Target, exhaustive_count}, solitaire::Board};
/// let rules = RuleSet::builtin("solitaire").unwrap();
/// let count = exhaustive_count(&rules, 4, &Target::Weight(1), Board::Finite, &Quiet).unwrap();
/// assert_eq!(count, unhop::solitaire::Language::of(Board::Finite).count(4));
/// ```
pub fn exhaustive_count(
    rules: &RuleSet,
    n: u64,
    target: &Target,
    board: Board,
    progress: &dyn Progress,
) -> Result<BigUint, Error> {
    let k = rules.letters() as u64;
    let words = k
        .checked_pow(n as u32)
        .filter(|&w| w <= MAX_COUNT_WORDS && n <= 64)
        .ok_or_else(|| {
            Error::refused_with(
                Figures::new(
                    k.checked_pow(n as u32).map_or(u128::MAX, u128::from),
                    MAX_COUNT_WORDS.into(),
                    "words",
                ),
                format!(
                    "counting words of length {n} one by one looks at {k}^{n} words; the limit is \
                 {MAX_COUNT_WORDS} (the fast method counts from a proved automaton)"
                ),
            )
        })?;
    let mut oracle = Exhaustive::new(rules, target.clone(), board);
    progress.start("searching every word", Some(words));
    let mut word = vec![0u8; n as usize];
    let mut count = 0u64;
    for done in 0..words {
        if oracle.reduces(&word)? {
            count += 1;
        }
        if done % 4096 == 4095 {
            progress.advance(4096);
        }
        for cell in word.iter_mut().rev() {
            *cell += 1;
            if u64::from(*cell) < k {
                break;
            }
            *cell = 0;
        }
    }
    Ok(BigUint::from(count))
}

/// A least-weight final configuration and steps that reach it (see [`super::solve`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The least total weight `word` can reach.
    pub weight: u64,
    /// The final configuration (the whole board on the finite board; trimmed of blanks on the
    /// infinite board).
    pub final_word: Vec<u8>,
    /// The cell of `final_word`'s first letter in the start word's coordinates.
    pub final_offset: i64,
    /// The steps, in the start word's coordinates.
    pub steps: Vec<Step>,
}

/// A least-weight configuration `word` reaches on `board`, by a breadth-first search over
/// every reachable position (the first of least weight met, so with fewest steps among
/// those). The slow twin of [`super::cheapest_solution`]. Time and memory proportional to
/// the reachable positions; gives up beyond [`MAX_POSITIONS`].
///
/// ```
/// use unhop::{rules::{RuleSet, exhaustive_solve}, solitaire::Board};
/// let rules = RuleSet::builtin("solitaire").unwrap();
/// let s = exhaustive_solve(&rules, &[0, 1, 1, 1, 1], Board::Finite).unwrap();
/// assert_eq!((s.weight, s.final_word), (2, vec![1, 0, 1, 0, 0]));
/// ```
pub fn exhaustive_solve(rules: &RuleSet, word: &[u8], board: Board) -> Result<Solution, Error> {
    // Each position: (key, offset of its first letter, parent index, step from the parent).
    let (start, offset) = match board {
        Board::Finite => (word.to_vec(), 0i64),
        Board::Infinite => {
            let (t, at) = trim(word, rules.blank());
            (t.to_vec(), at as i64)
        }
    };
    let mut seen: FxHashMap<Vec<u8>, usize> = FxHashMap::default();
    let mut nodes: Vec<(Vec<u8>, i64, usize, Option<Step>)> =
        vec![(start.clone(), offset, 0, None)];
    seen.insert(start, 0);
    let mut head = 0;
    while head < nodes.len() {
        let (key, at, _, _) = nodes[head].clone();
        let next: Vec<(i64, usize, Vec<u8>, i64)> = match board {
            Board::Finite => successors(rules, &key)
                .into_iter()
                .map(|(i, r, w)| (i as i64, r, w, 0))
                .collect(),
            Board::Infinite => successors_infinite(rules, &key),
        };
        for (i, r, w, shift) in next {
            if seen.contains_key(&w) {
                continue;
            }
            if nodes.len() >= MAX_POSITIONS {
                return Err(Error::gave_up(format!(
                    "the exhaustive search met more than {MAX_POSITIONS} positions and stopped"
                )));
            }
            seen.insert(w.clone(), nodes.len());
            nodes.push((
                w,
                at + shift,
                head,
                Some(Step {
                    at: at + i,
                    rule: r,
                }),
            ));
        }
        head += 1;
    }
    let best = (0..nodes.len())
        .min_by_key(|&i| (rules.weight(&nodes[i].0), i))
        .expect("the start position");
    let mut steps = Vec::new();
    let mut i = best;
    while let Some(step) = nodes[i].3 {
        steps.push(step);
        i = nodes[i].2;
    }
    steps.reverse();
    Ok(Solution {
        weight: rules.weight(&nodes[best].0),
        final_word: nodes[best].0.clone(),
        final_offset: if nodes[best].0.is_empty() && board == Board::Infinite {
            0
        } else {
            nodes[best].1
        },
        steps,
    })
}
