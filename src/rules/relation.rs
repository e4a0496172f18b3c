//! R = {(w, f) : w →* f on the finite board} as an automaton over letter pairs: the one-step
//! transducer, the exhaustive pair oracle, learning, and the proof by three inclusions.

use super::ruleset::RuleSet;
use super::step::successors;
use crate::automata::relation::{Inclusion, RelationStep, prove_relation};
use crate::automata::{Dfa, Learned, Nfa, StateId, learn};
use crate::budget::Budget;
use crate::error::Error;
use crate::error::Figures;
use crate::progress::Progress;
use crate::solitaire::three_rows::learn_from;
use crate::solitaire::three_rows::relation::reachability;

/// The most bytes of reachable sets the pair oracle keeps.
pub const MAX_PAIR_ORACLE_BYTES: u64 = 1 << 28;

/// The most pair words the relation learner asks (k^(2N) summed over lengths).
pub const MAX_PAIR_WORDS: u64 = 1 << 24;

/// The pairs (x, y) of equal-length words with x → y by exactly one rule application on the
/// finite board, as a minimal DFA over the k² pair letters `k·x + y`. An NFA (before the
/// application, inside rule r at cell j, after) made deterministic. O(total rule length × k²).
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
/// (every step lowers it). O(k^(2n) / 8) bytes and O(k^(2n) × rules / 64) time for the
/// longest length.
///
/// ```
/// use unhop::rules::{PairOracle, RuleSet};
/// let rules = RuleSet::builtin("solitaire").unwrap();
/// let oracle = PairOracle::new(&rules, 5).unwrap();
/// assert!(oracle.reaches(&[0, 1, 1, 1, 1], &[1, 0, 1, 0, 0]));
/// assert!(!oracle.reaches(&[1, 1, 1, 1], &[1, 0, 0, 1]));
/// ```
pub struct PairOracle {
    k: usize,
    by_len: Vec<Vec<Vec<u64>>>,
}

impl PairOracle {
    /// The oracle for every length up to `max_len`; refused beyond
    /// [`MAX_PAIR_ORACLE_BYTES`] (the message names the estimate and the limit).
    pub fn new(rules: &RuleSet, max_len: usize) -> Result<PairOracle, Error> {
        let k = rules.letters() as u64;
        let bytes = k
            .checked_pow(2 * max_len as u32)
            .map(|b| b / 8 + 1)
            .filter(|&b| b <= MAX_PAIR_ORACLE_BYTES);
        let Some(_) = bytes else {
            return Err(Error::refused_with(
                Figures::new(
                    k.checked_pow(2 * max_len as u32)
                        .map_or(u128::MAX, |b| u128::from(b / 8 + 1)),
                    MAX_PAIR_ORACLE_BYTES.into(),
                    "bytes",
                ),
                format!(
                    "the pair oracle up to length {max_len} needs {k}^{} bits; the limit is {} bytes",
                    2 * max_len,
                    MAX_PAIR_ORACLE_BYTES
                ),
            ));
        };
        let by_len = (0..=max_len).map(|n| reach_sets(rules, n)).collect();
        Ok(PairOracle {
            k: rules.letters(),
            by_len,
        })
    }

    /// Whether `w` reaches `f` on the finite board (false when their lengths differ).
    pub fn reaches(&self, w: &[u8], f: &[u8]) -> bool {
        w.len() == f.len() && {
            let code = |x: &[u8]| x.iter().fold(0usize, |c, &l| c * self.k + l as usize);
            let (a, b) = (code(w), code(f));
            self.by_len[w.len()][a][b / 64] >> (b % 64) & 1 == 1
        }
    }

    /// Whether the word of pair letters `k·w + f` is in R.
    pub fn contains(&self, pairs: &[u8]) -> bool {
        let w: Vec<u8> = pairs.iter().map(|&p| p / self.k as u8).collect();
        let f: Vec<u8> = pairs.iter().map(|&p| p % self.k as u8).collect();
        self.reaches(&w, &f)
    }
}

fn reach_sets(rules: &RuleSet, n: usize) -> Vec<Vec<u64>> {
    let k = rules.letters();
    let words = k.pow(n as u32);
    let blocks = words.div_ceil(64);
    let decode = |mut c: usize| {
        let mut w = vec![0u8; n];
        for cell in w.iter_mut().rev() {
            *cell = (c % k) as u8;
            c /= k;
        }
        w
    };
    let encode = |w: &[u8]| w.iter().fold(0usize, |c, &l| c * k + l as usize);
    let mut order: Vec<(u64, usize)> = (0..words).map(|c| (rules.weight(&decode(c)), c)).collect();
    order.sort_unstable();
    let mut sets = vec![Vec::new(); words];
    for (_, c) in order {
        let mut set = vec![0u64; blocks];
        set[c / 64] |= 1 << (c % 64);
        for (_, _, next) in successors(rules, &decode(c)) {
            for (mine, theirs) in set.iter_mut().zip(&sets[encode(&next)]) {
                *mine |= *theirs;
            }
        }
        sets[c] = set;
    }
    sets
}

/// The minimal DFA over pair letters that agrees with exhaustive reachability on every pair
/// of length ≤ `bound`, by the Myhill–Nerode learner with [`PairOracle`]. Refused beyond
/// [`MAX_PAIR_WORDS`] pair words; errors when the table does not close at that bound. Peg
/// solitaire on three rows ([`RuleSet::is_three_rows_solitaire`], 64 pair letters) is learned
/// from its exhaustive pair bitmaps instead, and gives up when the table does not close.
/// O(k^(2·bound)) time and memory.
///
/// ```
/// use unhop::{Quiet, rules::{RuleSet, learn_relation}};
/// let learned = learn_relation(&RuleSet::builtin("solitaire").unwrap(), 10, &Quiet).unwrap();
/// assert_eq!(learned.dfa.states(), 16);
/// ```
pub fn learn_relation(
    rules: &RuleSet,
    bound: usize,
    progress: &dyn Progress,
) -> Result<Learned, Error> {
    if rules.is_three_rows_solitaire() {
        return learn_three_rows(bound, progress);
    }
    let pairs = (rules.letters() * rules.letters()) as u64;
    if pairs > 16 {
        return Err(Error::refused_with(
            Figures::new(pairs.into(), 16, "letter pairs"),
            format!(
                "R is learned over the letter pairs, {pairs} of them for {} letters; the learner \
             takes at most 16 (4 letters)",
                rules.letters()
            ),
        ));
    }
    let words: u64 = (0..=bound as u32)
        .map(|n| pairs.saturating_pow(n))
        .fold(0, u64::saturating_add);
    if words > MAX_PAIR_WORDS || bound < 2 {
        return Err(Error::refused_with(
            Figures::new(words.into(), MAX_PAIR_WORDS.into(), "pair words"),
            format!(
                "learning R at bound {bound} asks {words} pair words; the bounds go from 2 to where \
             the words stay within {MAX_PAIR_WORDS}"
            ),
        ));
    }
    let oracle = PairOracle::new(rules, bound)?;
    progress.start("asking reachability about every pair", Some(words));
    let mut asked = 0u64;
    let learned = learn(
        pairs as usize,
        bound,
        &mut |letters| {
            asked += 1;
            if asked % 16384 == 0 {
                progress.advance(16384);
            }
            oracle.contains(letters)
        },
        &Budget::default(),
    );
    progress.advance(asked % 16384);
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
fn learn_three_rows(bound: usize, progress: &dyn Progress) -> Result<Learned, Error> {
    let answers = reachability(bound, progress)?;
    learn_from(&answers, bound, progress).map_err(|e| {
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
                <= MAX_PAIR_WORDS / 16
        })
        .last()
        .unwrap_or(2)
}

/// R learned and put to the proof: the automaton, the bound, and the three inclusions'
/// verdicts ([`prove_relation`]).
#[derive(Clone, Debug)]
pub struct RelationProof {
    pub learned: Learned,
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
/// ```
/// use unhop::{Quiet, rules::{RuleSet, prove}};
/// let proof = prove(&RuleSet::builtin("solitaire").unwrap(), 10, &Quiet).unwrap();
/// assert!(proof.holds());
/// assert_eq!(proof.learned.dfa.canonical(), *unhop::solitaire::finite::reach_automaton());
/// ```
pub fn prove(
    rules: &RuleSet,
    bound: usize,
    progress: &dyn Progress,
) -> Result<RelationProof, Error> {
    prove_automaton(rules, learn_relation(rules, bound, progress)?)
}

/// The proof of an automaton already learned (or made deliberately wrong, to test the proof).
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

/// What an inclusion claims, in words.
pub fn inclusion_claim(inclusion: Inclusion) -> (&'static str, &'static str) {
    match inclusion {
        Inclusion::Identity => ("identity", "every pair (w, w) is accepted"),
        Inclusion::Closed => (
            "closed under a step",
            "if (w, f) is accepted and f → g by one rule, (w, g) is accepted",
        ),
        Inclusion::FirstStep => (
            "a first step",
            "if (w, f) is accepted and w ≠ f, some rule w → g leaves (g, f) accepted",
        ),
    }
}

/// The automaton of R, learned at the largest bound the limits allow
/// ([`default_relation_bound`]) and proved; gives up, naming why, when either fails.
///
/// ```
/// use unhop::{Quiet, rules::{RuleSet, proved_relation}};
/// assert_eq!(proved_relation(&RuleSet::builtin("kayles").unwrap(), &Quiet).unwrap().states(), 2);
/// assert!(proved_relation(&RuleSet::builtin("solitaire3").unwrap(), &Quiet).is_err());
/// ```
pub fn proved_relation(rules: &RuleSet, progress: &dyn Progress) -> Result<Dfa, Error> {
    let bound = default_relation_bound(rules);
    let why =
        |what: String| Error::gave_up(format!("no proved automaton for {}: {what}", rules.name()));
    let proof = prove(rules, bound, progress)
        .map_err(|e| why(format!("learning R at bound {bound} failed ({e})")))?;
    match proof.proved() {
        Some(dfa) => Ok(dfa.clone()),
        None => Err(why(format!(
            "the automaton learned at bound {bound} fails its proof"
        ))),
    }
}
