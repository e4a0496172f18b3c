//! R = {(w, f) : w →* f on the finite board} as an automaton over letter pairs: the one-step
//! transducer, the exhaustive pair oracle, learning, and the proof by three inclusions.

use super::expand::{RULE_TRIES, next_bytes, tries};
use super::ruleset::RuleSet;
use super::step::successors;
use super::words::WordCount;
use crate::automata::relation::{RelationStep, prove_relation};
use crate::automata::{Dfa, Learned, Nfa, StateId, learn};
use crate::budget::{Budget, Meter, WorkUnit};
use crate::error::Error;
use crate::error::Figures;
use crate::progress::Progress;
use crate::solitaire::Board;
use crate::solitaire::three_rows::learn_from;
use crate::solitaire::three_rows::relation::reachability;

/// The unit of R's learner: the pair words it asks (k^(2N) summed over the lengths up to
/// N), at most 2^24 unless the budget says otherwise.
pub const PAIR_WORDS: WorkUnit = WorkUnit {
    name: "pair words",
    default_limit: 1 << 24,
};

/// The pairs (x, y) of equal-length words with x → y by exactly one rule application on the
/// finite board, as a minimal DFA over the k² pair letters `k·x + y`. An NFA (before the
/// application, inside rule r at cell j, after) made deterministic.
///
/// # Complexity
///
/// O(total rule length × k²).
///
/// # Examples
///
/// ```
/// use unhop::rules::{RuleSet, one_step};
/// use unhop::budget::Budget;
/// let step = one_step(&RuleSet::builtin("solitaire").unwrap()).unwrap();
/// let hop = unhop::solitaire::finite::one_hop().minimized(&Budget::default()).unwrap();
/// assert_eq!(step.minimized(&Budget::default()).unwrap(), hop);
/// ```
pub fn one_step(rules: &RuleSet) -> Result<Dfa, Error> {
    let k = rules.letters();
    let pairs = k * k;
    // States: 0 before, 1 after, then one state per (rule, cell) inside a window.
    let mut states = 2usize;
    let mut inside: Vec<usize> = Vec::new();
    for rule in rules.rules() {
        inside.push(states);
        states += rule.from.len() - 1;
    }
    let mut next = vec![Vec::new(); states * pairs];
    for x in 0..k {
        next[x * k + x].push(0);
        next[pairs + x * k + x].push(1);
    }
    for (r, rule) in rules.rules().iter().enumerate() {
        let len = rule.from.len();
        for j in 0..len {
            let from_state = if j == 0 { 0 } else { inside[r] + j - 1 };
            let to_state = if j + 1 == len { 1 } else { inside[r] + j };
            let letter = rule.from[j] as usize * k + rule.to[j] as usize;
            next[from_state * pairs + letter].push(to_state as StateId);
        }
    }
    for targets in &mut next {
        targets.sort_unstable();
        targets.dedup();
    }
    let accepting = (0..states).map(|s| s == 1).collect();
    let budget = Budget::default();
    Nfa::new(pairs, next, accepting, 0)?
        .determinized(&budget)?
        .minimized(&budget)
}

/// Exhaustive finite-board reachability for every pair of words up to a length: for each
/// length n and word w, the set of words w reaches, as k^n bits, built in order of weight
/// (every step lowers it).
///
/// # Complexity
/// O(k^(2n) / 8) bytes and O(k^n × n × rules) rule applications tried for the longest
/// length n, with O(k^(2n) × n / 64) word operations to join the sets.
///
/// ```
/// use unhop::{budget::Budget, rules::{PairOracle, RuleSet}};
/// let rules = RuleSet::builtin("solitaire").unwrap();
/// let oracle = PairOracle::new(&rules, 5, &Budget::default()).unwrap();
/// assert!(oracle.reaches(&[0, 1, 1, 1, 1], &[1, 0, 1, 0, 0]));
/// assert!(!oracle.reaches(&[1, 1, 1, 1], &[1, 0, 0, 1]));
/// assert!(PairOracle::new(&rules, 30, &Budget::default()).is_err());
/// ```
pub struct PairOracle {
    k: usize,
    /// Per length n, the set of word c at blocks c·B .. (c + 1)·B, B = ⌈k^n / 64⌉.
    by_len: Vec<Vec<u64>>,
}

/// The words of length `n` over `k` letters, and the 64-bit blocks of a set of them.
fn words_and_blocks(k: usize, n: usize) -> Option<(usize, usize)> {
    let words = k.checked_pow(u32::try_from(n).ok()?)?;
    Some((words, words.div_ceil(64)))
}

impl PairOracle {
    /// What the oracle up to `max_len` costs at most: the rule applications tried (every
    /// rule at every cell of every word), and the bytes of its sets, of the order of the
    /// words and of one word's successors at a time; `None` beyond 64-bit sizes.
    fn cost(rules: &RuleSet, max_len: usize) -> Option<(u128, u128)> {
        let k = rules.letters();
        let (mut work, mut bytes) = (0u128, 0u128);
        for n in 0..=max_len {
            let (words, blocks) = words_and_blocks(k, n)?;
            work += words as u128 * u128::from(tries(rules, n, Board::Finite));
            bytes += words as u128 * (8 * blocks as u128 + 16);
        }
        let one_word = next_bytes(tries(rules, max_len, Board::Finite), max_len);
        Some((work, bytes + 2 * u128::from(one_word) + 2 * max_len as u128))
    }

    /// The oracle for every length up to `max_len`, under `budget`: admitted with its
    /// estimate ([`RULE_TRIES`] and bytes), else refused with the estimate and the limit.
    ///
    /// # Complexity
    ///
    /// O(k^(2·max_len) / 8) bytes of reachable sets and O(k^n × n × rules) rule applications
    /// for each length n.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{ErrorKind, budget::Budget, rules::{PairOracle, RuleSet}};
    /// let rules = RuleSet::builtin("solitaire").unwrap();
    /// let oracle = PairOracle::new(&rules, 3, &Budget::default()).unwrap();
    /// assert!(oracle.reaches(&[1, 1, 0], &[0, 0, 1]));
    /// assert!(!oracle.reaches(&[1, 0, 1], &[0, 1, 0]));
    /// let tight = Budget::default().with_max_work(10);
    /// let refused = PairOracle::new(&rules, 8, &tight).map(|_| ()).unwrap_err();
    /// assert_eq!(refused.kind(), ErrorKind::Refused);
    /// ```
    pub fn new(rules: &RuleSet, max_len: usize, budget: &Budget) -> Result<PairOracle, Error> {
        let what = format!("the reachable sets of every word up to length {max_len}");
        let (work, bytes) = PairOracle::cost(rules, max_len).unwrap_or((u128::MAX, u128::MAX));
        let meter = budget.admit(what, RULE_TRIES, work, bytes)?;
        let by_len = (0..=max_len)
            .map(|n| reach_sets(rules, n, &meter))
            .collect::<Result<_, _>>()?;
        Ok(PairOracle {
            k: rules.letters(),
            by_len,
        })
    }

    /// Whether `w` reaches `f` on the finite board (false when their lengths differ).
    ///
    /// # Complexity
    ///
    /// O(n) for words of n letters.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, rules::{PairOracle, RuleSet}};
    /// let oracle = PairOracle::new(&RuleSet::builtin("solitaire").unwrap(), 4, &Budget::default()).unwrap();
    /// assert!(oracle.reaches(&[0, 1, 1, 0], &[1, 0, 0, 0]));
    /// ```
    pub fn reaches(&self, w: &[u8], f: &[u8]) -> bool {
        w.len() == f.len() && w.len() < self.by_len.len() && {
            let code = |x: &[u8]| x.iter().fold(0usize, |c, &l| c * self.k + l as usize);
            let (a, b) = (code(w), code(f));
            let blocks = self.k.pow(w.len() as u32).div_ceil(64);
            self.by_len[w.len()][a * blocks + b / 64] >> (b % 64) & 1 == 1
        }
    }

    /// Whether the word of pair letters `k·w + f` is in R.
    ///
    /// # Complexity
    ///
    /// O(n) for n pair letters.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, rules::{PairOracle, RuleSet}};
    /// let oracle = PairOracle::new(&RuleSet::builtin("solitaire").unwrap(), 4, &Budget::default()).unwrap();
    /// // (0110, 1000) as pair letters 2w + f: 1, 2, 2, 0.
    /// assert!(oracle.contains(&[1, 2, 2, 0]));
    /// ```
    pub fn contains(&self, pairs: &[u8]) -> bool {
        let w: Vec<u8> = pairs.iter().map(|&p| p / self.k as u8).collect();
        let f: Vec<u8> = pairs.iter().map(|&p| p % self.k as u8).collect();
        self.reaches(&w, &f)
    }
}

/// The reachable sets of the words of length `n`, one after the other in one table.
fn reach_sets(rules: &RuleSet, n: usize, meter: &Meter) -> Result<Vec<u64>, Error> {
    let k = rules.letters();
    let (words, blocks) = words_and_blocks(k, n).expect("admitted, so it fits");
    let decode = |mut c: usize| {
        let mut w = vec![0u8; n];
        for cell in w.iter_mut().rev() {
            *cell = (c % k) as u8;
            c /= k;
        }
        w
    };
    let encode = |w: &[u8]| w.iter().fold(0usize, |c, &l| c * k + l as usize);
    let mut order: Vec<(u64, usize)> = meter.vec(words, (0, 0))?;
    for (c, slot) in order.iter_mut().enumerate() {
        *slot = (rules.weight(&decode(c)), c);
    }
    order.sort_unstable();
    let mut sets = meter.vec(words * blocks, 0u64)?;
    for &(_, c) in &order {
        sets[c * blocks + c / 64] |= 1 << (c % 64);
        let word = decode(c);
        meter.charge(tries(rules, n, Board::Finite))?;
        for (_, _, next) in successors(rules, &word) {
            let theirs = encode(&next) * blocks;
            for b in 0..blocks {
                let bits = sets[theirs + b];
                sets[c * blocks + b] |= bits;
            }
        }
    }
    meter.release(16 * words as u64);
    Ok(sets)
}

/// The minimal DFA over pair letters that agrees with exhaustive reachability on every pair of
/// length ≤ `bound`, by the Myhill–Nerode learner with [`PairOracle`]. Refused beyond the
/// budget's pair words ([`PAIR_WORDS`]; the message gives their number exactly, as a power too)
/// and when the oracle ([`PairOracle::new`]) is over the budget; a bound below 2 is an input
/// error; errors when the table does not close at that bound. Peg solitaire on three rows
/// ([`RuleSet::is_three_rows_solitaire`], 64 pair letters) is learned from its exhaustive pair
/// bitmaps instead, and gives up when the table does not close.
///
/// # Complexity
///
/// O(k^(2·bound)) time and memory.
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget, rules::{RuleSet, learn_relation}};
/// let solitaire = RuleSet::builtin("solitaire").unwrap();
/// let learned = learn_relation(&solitaire, 10, &Budget::default(), &Quiet).unwrap();
/// assert_eq!(learned.dfa.states(), 16);
/// let err = learn_relation(&solitaire, 100, &Budget::default(), &Quiet).unwrap_err();
/// assert!(err.to_string().contains("(4^101 − 1)/3 pair words"), "{err}");
/// assert_eq!(learn_relation(&solitaire, 1, &Budget::default(), &Quiet).unwrap_err().kind(), unhop::ErrorKind::Input);
/// ```
pub fn learn_relation(
    rules: &RuleSet,
    bound: usize,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<Learned, Error> {
    if bound < 2 {
        return Err(Error::new(format!(
            "the bound is {bound}; R is learned from the pairs of every length up to a bound \
             of at least 2"
        )));
    }
    if rules.is_three_rows_solitaire() {
        return learn_three_rows(bound, budget, progress);
    }
    let pairs = rules.letters() * rules.letters();
    if pairs > 16 {
        return Err(Error::refused_with(
            Figures::new(pairs as u128, 16, "letter pairs"),
            format!(
                "R is learned over the letter pairs, {pairs} of them for {} letters; the learner \
             takes at most 16 (4 letters)",
                rules.letters()
            ),
        ));
    }
    let words = WordCount::up_to(pairs, bound as u64);
    let meter = words.admit(budget, &format!("learning R at bound {bound}"), PAIR_WORDS)?;
    let oracle = PairOracle::new(rules, bound, budget)?;
    progress.start(
        "asking reachability about every pair",
        words.count.map(|c| c as u64),
    );
    let mut asked = 0u64;
    let learned = learn(
        pairs,
        bound,
        &mut |letters| {
            asked += 1;
            if asked % 16384 == 0 {
                progress.advance(16384);
            }
            oracle.contains(letters)
        },
        budget,
    );
    progress.advance(asked % 16384);
    meter.charge(asked)?;
    learned
}

/// The default bound of R's learner for peg solitaire on three rows: the pair bitmaps of
/// boards up to 3 × 4 take 2 MiB (3 × 5: 128 MiB, 3 × 6: 8 GiB).
pub const THREE_ROWS_RELATION_BOUND: usize = 4;

/// R of peg solitaire on three rows, learned from the exhaustive pair bitmaps of
/// [`crate::solitaire::three_rows::relation::reachability`] (64 pair letters, `8·w + f`, as
/// [`one_step`] numbers them) by [`crate::solitaire::three_rows::learn_from`]. The table does
/// not close at any bound this machine reaches, so this gives up, saying what was tried, the
/// bound and that the automaton is not known.
fn learn_three_rows(
    bound: usize,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<Learned, Error> {
    let answers = reachability(bound, budget, progress)?;
    learn_from(&answers, bound, budget, progress).map_err(|e| {
        if e.kind() != crate::ErrorKind::Input {
            return e;
        }
        Error::gave_up(format!(
            "learning R of peg solitaire on three rows from every pair of boards of 3 × 0 to \
             3 × {bound} ({} pair words) gave up: {e}. The automaton of R on three rows is not \
             known: its Myhill–Nerode class counts still grow at every bound computed so far \
             (see docs/three-rows.md)",
            (0..=bound as u32).map(|n| 64u64.pow(n)).sum::<u64>()
        ))
    })
}

/// The largest bound [`learn_relation`] accepts for `rules` (at least 2);
/// [`THREE_ROWS_RELATION_BOUND`] for peg solitaire on three rows.
///
/// # Complexity
///
/// O(1): at most 24 sums.
///
/// # Examples
///
/// ```
/// use unhop::rules::{RuleSet, default_relation_bound};
/// assert_eq!(default_relation_bound(&RuleSet::builtin("solitaire").unwrap()), 9);
/// ```
pub fn default_relation_bound(rules: &RuleSet) -> usize {
    if rules.is_three_rows_solitaire() {
        return THREE_ROWS_RELATION_BOUND;
    }
    let pairs = (rules.letters() * rules.letters()) as u64;
    (2..=24)
        .take_while(|&b| {
            (0..=b as u32)
                .map(|n| pairs.saturating_pow(n))
                .fold(0u64, u64::saturating_add)
                <= PAIR_WORDS.default_limit / 16
        })
        .last()
        .unwrap_or(2)
}

/// R learned and put to the proof: the automaton, the bound, and the three inclusions'
/// verdicts ([`prove_relation`]).
#[derive(Clone, Debug)]
pub struct RelationProof {
    /// The automaton learned and its bound.
    pub learned: Learned,
    /// The three inclusions' verdicts, in the order of [`crate::automata::relation::Inclusion`].
    pub steps: Vec<RelationStep>,
}

impl RelationProof {
    /// Whether all three inclusions hold, so that the automaton accepts exactly R.
    pub fn holds(&self) -> bool {
        self.steps.iter().all(|s| s.counterexample.is_none())
    }

    /// The automaton, when it is proved.
    pub fn proved(&self) -> Option<&Dfa> {
        self.holds().then_some(&self.learned.dfa)
    }
}

/// Learns R at `bound` ([`learn_relation`]) and proves it by the three inclusions with the
/// one-step transducer ([`one_step`]): identity pairs are accepted, acceptance is closed
/// under one step, every accepted pair other than an identity has a first step. Every rule
/// lowers the weight, so the induction of the third inclusion ends. Refused for more than 6
/// letters (triples of letters must fit one byte).
///
/// # Complexity
/// The learner's O(k^(2·bound)), then products of |A|² × |S| states over k³ letters.
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget, rules::{RuleSet, prove}};
/// let proof = prove(&RuleSet::builtin("solitaire").unwrap(), 10, &Budget::default(), &Quiet).unwrap();
/// assert!(proof.holds());
/// assert_eq!(proof.learned.dfa.canonical(), *unhop::solitaire::finite::reach_automaton());
/// ```
pub fn prove(
    rules: &RuleSet,
    bound: usize,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<RelationProof, Error> {
    prove_automaton(rules, learn_relation(rules, bound, budget, progress)?)
}

/// The proof of an automaton already learned (or made deliberately wrong, to test the proof).
///
/// # Complexity
///
/// Products of |A|² × |S| states over k³ letters, and a subset construction on |S| × |A|
/// states for the third inclusion ([`prove_relation`]).
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget, rules::{RuleSet, learn_relation, prove_automaton}};
/// let rules = RuleSet::builtin("kayles").unwrap();
/// let learned = learn_relation(&rules, 6, &Budget::default(), &Quiet).unwrap();
/// assert!(prove_automaton(&rules, learned).unwrap().holds());
/// ```
pub fn prove_automaton(rules: &RuleSet, learned: Learned) -> Result<RelationProof, Error> {
    if rules.letters() > 6 {
        return Err(Error::refused_with(
            Figures::new(rules.letters() as u128, 6, "letters"),
            format!(
                "the proof reads triples of letters, {}^3 of them; the limit is 6 letters (216)",
                rules.letters()
            ),
        ));
    }
    let steps = prove_relation(
        &learned.dfa,
        &one_step(rules)?,
        rules.letters(),
        &Budget::default(),
    )?;
    Ok(RelationProof { learned, steps })
}

/// The automaton of R, learned at the largest bound the limits allow
/// ([`default_relation_bound`]) and proved, under `budget`; gives up, naming why, when
/// either fails.
///
/// # Complexity
///
/// As [`prove`] at [`default_relation_bound`].
///
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget, rules::{RuleSet, proved_relation}};
/// let budget = Budget::default();
/// assert_eq!(proved_relation(&RuleSet::builtin("kayles").unwrap(), &budget, &Quiet).unwrap().states(), 2);
/// assert!(proved_relation(&RuleSet::builtin("solitaire3").unwrap(), &budget, &Quiet).is_err());
/// ```
pub fn proved_relation(
    rules: &RuleSet,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<Dfa, Error> {
    let bound = default_relation_bound(rules);
    let why =
        |what: String| Error::gave_up(format!("no proved automaton for {}: {what}", rules.name()));
    let proof = prove(rules, bound, budget, progress)
        .map_err(|e| why(format!("learning R at bound {bound} failed ({e})")))?;
    match proof.proved() {
        Some(dfa) => Ok(dfa.clone()),
        None => Err(why(format!(
            "the automaton learned at bound {bound} fails its proof"
        ))),
    }
}
