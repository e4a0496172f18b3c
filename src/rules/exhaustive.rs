//! The exhaustive twins: every position reachable from a word, searched one by one, under a
//! budget: the rule applications tried are charged ([`RULE_TRIES`]), the positions kept are
//! counted ([`SEARCH_POSITIONS`] by default) and their memory is held against the limit.

use super::expand::{Next, RULE_TRIES, expand, memo_bytes, too_many_positions};
use super::ruleset::RuleSet;
use super::step::{Step, trim};
use super::target::Target;
use super::words::WordCount;
use crate::budget::{Budget, Meter, WorkUnit};
use crate::error::Error;
use crate::progress::Progress;
use crate::solitaire::Board;
use num_bigint::BigUint;
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::VecDeque;

/// The most positions a search of the rule engines keeps unless the budget says otherwise
/// (`--max-positions`): 5,000,000, a few hundred megabytes of short words.
pub const SEARCH_POSITIONS: u64 = 5_000_000;

/// The unit of [`exhaustive_count`]: the words it asks about, at most 2^26 unless the budget
/// says otherwise (each one a search of its own).
pub const COUNT_WORDS: WorkUnit = WorkUnit {
    name: "words",
    default_limit: 1 << 26,
};

/// A position of a depth-first search, with the successors it has yet to look at.
struct Frame {
    key: Vec<u8>,
    next: Vec<Next>,
    looked: usize,
    reduces: bool,
    held: u64,
}

/// Whether words reduce to a target, by searching every position reachable from them, with
/// one memo shared by every word asked (the membership oracle of the learners and the tests),
/// under a budget: it charges the rule applications it tries ([`RULE_TRIES`]), keeps at most
/// the budget's positions ([`SEARCH_POSITIONS`] by default) and holds the memory of its memo
/// and of its search stack; past any of them a question gives up with the figures.
///
/// ```
/// use unhop::{budget::Budget, rules::{Exhaustive, RuleSet, Target}, solitaire::Board};
/// let rules = RuleSet::builtin("solitaire").unwrap();
/// let budget = Budget::default();
/// let mut one_peg = Exhaustive::new(&rules, Target::Weight(1), Board::Finite, &budget);
/// assert!(one_peg.reduces(&[1, 1, 0, 1]).unwrap());
/// assert!(!one_peg.reduces(&[1, 1]).unwrap());
/// let tight = Budget::default().with_max_work(3);
/// let err = Exhaustive::new(&rules, Target::Weight(1), Board::Finite, &tight).reduces(&[1, 1, 0, 1]);
/// assert_eq!(err.unwrap_err().figures().unwrap().unit, "rule applications tried");
/// ```
pub struct Exhaustive<'a> {
    rules: &'a RuleSet,
    target: Target,
    board: Board,
    memo: FxHashMap<Vec<u8>, bool>,
    meter: Meter,
    max_positions: u64,
}

impl<'a> Exhaustive<'a> {
    /// An empty memo for `target` on `board`, under `budget`.
    ///
    /// # Complexity
    ///
    /// O(1): the memo starts empty.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, rules::{Exhaustive, RuleSet, Target}, solitaire::Board};
    /// let rules = RuleSet::builtin("solitaire").unwrap();
    /// let mut memo = Exhaustive::new(&rules, Target::Weight(1), Board::Finite, &Budget::default());
    /// assert!(memo.reduces(&rules.parse_word("0110").unwrap()).unwrap());
    /// ```
    pub fn new(
        rules: &'a RuleSet,
        target: Target,
        board: Board,
        budget: &Budget,
    ) -> Exhaustive<'a> {
        Exhaustive {
            rules,
            target,
            board,
            memo: FxHashMap::default(),
            meter: budget.meter("searching the positions the words reach", RULE_TRIES),
            max_positions: budget.position_limit(SEARCH_POSITIONS),
        }
    }

    /// Whether `word` reduces to the target.
    ///
    /// # Complexity
    /// Time and memory proportional to the positions reachable from it that no earlier
    /// question met (exponential in the length), each costing [`super::tries`] rule
    /// applications; the search keeps its own stack, so a long play needs no more than its
    /// memory.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, rules::{Exhaustive, RuleSet, Target}, solitaire::Board};
    /// let rules = RuleSet::builtin("solitaire").unwrap();
    /// let mut memo = Exhaustive::new(&rules, Target::Weight(1), Board::Finite, &Budget::default());
    /// assert!(!memo.reduces(&rules.parse_word("1111").unwrap()).unwrap());
    /// ```
    pub fn reduces(&mut self, word: &[u8]) -> Result<bool, Error> {
        let key = match self.board {
            Board::Finite => word.to_vec(),
            Board::Infinite => trim(word, self.rules.blank()).0.to_vec(),
        };
        if let Some(&known) = self.memo.get(&key) {
            return Ok(known);
        }
        let mut stack = Vec::new();
        let answer = self.search(key, &mut stack);
        let held: u64 = stack.iter().map(|f| f.held).sum();
        self.meter.release(held);
        answer
    }

    /// The depth-first search from `start` (not memoised yet), its frames on `stack`.
    fn search(&mut self, start: Vec<u8>, stack: &mut Vec<Frame>) -> Result<bool, Error> {
        let first = self.open(start, 0)?;
        stack.push(first);
        loop {
            let top = stack.last_mut().expect("a frame until the answer");
            if !top.reduces && top.looked < top.next.len() {
                let child = std::mem::take(&mut top.next[top.looked].word);
                top.looked += 1;
                match self.memo.get(&child) {
                    Some(&known) => top.reduces = known,
                    None => {
                        let frame = self.open(child, stack.len())?;
                        stack.push(frame);
                    }
                }
                continue;
            }
            let done = stack.pop().expect("the frame just looked at");
            self.meter.release(done.held);
            self.meter.hold(memo_bytes::<bool>(done.key.len()))?;
            self.memo.insert(done.key, done.reduces);
            match stack.last_mut() {
                Some(parent) => parent.reduces = done.reduces,
                None => return Ok(done.reduces),
            }
        }
    }

    /// The frame of `key`, with `open` positions on the stack: in the target at once, else
    /// with its successors listed.
    fn open(&mut self, key: Vec<u8>, open: usize) -> Result<Frame, Error> {
        if (self.memo.len() + open) as u64 >= self.max_positions {
            return Err(too_many_positions(
                "searching the positions the words reach",
                self.max_positions,
            ));
        }
        let reduces = self.target.contains(self.rules, &key, self.board);
        let (next, held) = if reduces {
            (Vec::new(), 0)
        } else {
            expand(self.rules, &key, self.board, &self.meter)?
        };
        Ok(Frame {
            key,
            next,
            looked: 0,
            reduces,
            held,
        })
    }
}

/// The number of words of length `n` that reduce to `target` on `board`, by asking
/// [`Exhaustive`] about every one of the k^n words, under `budget`: refused when k^n is over
/// its limit of words ([`COUNT_WORDS`]; the message gives the number exactly, as a power
/// too), and the searches under their own limits.
///
/// # Complexity
/// O(k^n × the positions reachable).
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget, rules::{RuleSet, Target, exhaustive_count}, solitaire::Board};
/// let rules = RuleSet::builtin("solitaire").unwrap();
/// let budget = Budget::default();
/// let count = exhaustive_count(&rules, 4, &Target::Weight(1), Board::Finite, &budget, &Quiet).unwrap();
/// assert_eq!(count, unhop::solitaire::Language::of(Board::Finite).count(4));
/// let err = exhaustive_count(&rules, 40, &Target::Weight(1), Board::Finite, &budget, &Quiet).unwrap_err();
/// assert!(err.to_string().contains("2^40 words"), "{err}");
/// ```
pub fn exhaustive_count(
    rules: &RuleSet,
    n: u64,
    target: &Target,
    board: Board,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<BigUint, Error> {
    let k = rules.letters();
    let all = WordCount::of_length(k, n);
    let meter = all.admit(
        budget,
        &format!("counting the words of length {n} one by one"),
        COUNT_WORDS,
    )?;
    let words = all.count.expect("admitted, so counted") as u64;
    let mut oracle = Exhaustive::new(rules, target.clone(), board, budget);
    progress.start("searching every word", Some(words));
    let mut word = vec![0u8; n as usize];
    let mut count = 0u64;
    for done in 0..words {
        if oracle.reduces(&word)? {
            count += 1;
        }
        if done % 4096 == 4095 {
            meter.charge(4096)?;
            progress.advance(4096);
        }
        for cell in word.iter_mut().rev() {
            *cell += 1;
            if usize::from(*cell) < k {
                break;
            }
            *cell = 0;
        }
    }
    meter.charge(words % 4096)?;
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

/// How a position of the breadth-first search was reached.
#[derive(Clone, Copy)]
struct Reached {
    parent: u32,
    step: Option<Step>,
}

/// The bytes the breadth-first search of [`exhaustive_solve`] holds for a position of `len`
/// letters while it is queued: its entry in the set of positions met, its record (twice, as
/// the vector of records grows) and its place in the queue with its own copy of the word.
fn queued_bytes(len: usize) -> u64 {
    memo_bytes::<()>(len)
        + 2 * size_of::<Reached>() as u64
        + 3 * size_of::<(u32, i64, Vec<u8>)>() as u64
        + len as u64
}

/// A least-weight configuration `word` reaches on `board`, by a breadth-first search over
/// every reachable position (the first of least weight met, so with fewest steps among
/// those): the slow twin of [`super::Cheapest::solve`]. Under `budget`: it charges the rule
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
/// use unhop::{budget::Budget, rules::{RuleSet, exhaustive_solve}, solitaire::Board};
/// let rules = RuleSet::builtin("solitaire").unwrap();
/// let s = exhaustive_solve(&rules, &[0, 1, 1, 1, 1], Board::Finite, &Budget::default()).unwrap();
/// assert_eq!((s.weight, s.final_word), (2, vec![1, 0, 1, 0, 0]));
/// ```
pub fn exhaustive_solve(
    rules: &RuleSet,
    word: &[u8],
    board: Board,
    budget: &Budget,
) -> Result<Solution, Error> {
    let what = "searching every position the word reaches";
    let meter = budget.meter(what, RULE_TRIES);
    let max_positions = budget.position_limit(SEARCH_POSITIONS);
    let (start, offset) = match board {
        Board::Finite => (word.to_vec(), 0i64),
        Board::Infinite => {
            let (t, at) = trim(word, rules.blank());
            (t.to_vec(), at as i64)
        }
    };
    let mut seen: FxHashSet<Vec<u8>> = FxHashSet::default();
    let mut reached = vec![Reached {
        parent: 0,
        step: None,
    }];
    let mut best = (rules.weight(&start), 0usize, start.clone(), offset);
    meter.hold(queued_bytes(start.len()))?;
    seen.insert(start.clone());
    let mut queue = VecDeque::from([(0u32, offset, start)]);
    while let Some((index, at, key)) = queue.pop_front() {
        let (next, held) = expand(rules, &key, board, &meter)?;
        for successor in next {
            if seen.contains(&successor.word) {
                continue;
            }
            if reached.len() as u64 >= max_positions {
                return Err(too_many_positions(what, max_positions));
            }
            let placed = at + successor.shift;
            let weight = rules.weight(&successor.word);
            if weight < best.0 {
                best = (weight, reached.len(), successor.word.clone(), placed);
            }
            meter.hold(queued_bytes(successor.word.len()))?;
            seen.insert(successor.word.clone());
            queue.push_back((reached.len() as u32, placed, successor.word));
            reached.push(Reached {
                parent: index,
                step: Some(Step {
                    at: at + successor.at,
                    rule: successor.rule,
                }),
            });
        }
        meter.release(held + size_of::<(u32, i64, Vec<u8>)>() as u64 + key.len() as u64);
    }
    let (weight, mut i, final_word, placed) = best;
    let mut steps = Vec::new();
    while let Some(step) = reached[i].step {
        steps.push(step);
        i = reached[i].parent as usize;
    }
    steps.reverse();
    let final_offset = if final_word.is_empty() && board == Board::Infinite {
        0
    } else {
        placed
    };
    Ok(Solution {
        weight,
        final_word,
        final_offset,
        steps,
    })
}
