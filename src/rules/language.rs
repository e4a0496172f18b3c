//! The words that reduce to a target: learned from exhaustive data, or derived from a proved
//! automaton of R; and their number for any length.

use super::exhaustive::Exhaustive;
use super::relation::proved_relation;
use super::ruleset::RuleSet;
use super::target::Target;
use super::words::WordCount;
use crate::automata::{Dfa, Learned, Nfa, StateId, learn};
use crate::budget::{Budget, WorkUnit};
use crate::error::Error;
use crate::progress::Progress;
use crate::solitaire::Board;
use num_bigint::BigUint;

/// The unit of [`learn_language`]: the words it asks (k^0 + … + k^bound), each a search of
/// its own, at most 2^22 unless the budget says otherwise.
pub const LANGUAGE_WORDS: WorkUnit = WorkUnit {
    name: "words",
    default_limit: 1 << 22,
};

/// The minimal DFA of the words that reduce to `target` on `board`, derived from `relation`,
/// a DFA over pair letters accepting exactly R (the finite board's reachability, proved by
/// [`super::prove`]):
///
/// * finite board: w is in the language when some f with (w, f) in R is in the target: the
///   projection of R ∩ (Σ* × T), made deterministic;
/// * infinite board: w is when bᵃwbᶜ is, for some a, c, in the finite-board language L′ of
///   the target b*Tb* (b the blank): a rule application sees only finitely many cells, and
///   more blanks never hurt (L′ is closed under adding them). Membership is monotone in a and
///   in c, and the state reached on bᵃ repeats with a period once a ≥ s (s the states of L′'s
///   DFA), so a = c = s decide it: the DFA of L′ with start δ(q₀, bˢ) and accepting the states
///   q with δ(q, bˢ) accepting.
///
/// # Complexity
/// A subset construction over |R| × |T| states (small in practice), then minimisation.
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget, rules::{RuleSet, Target, language_from_relation, prove}, solitaire::{Board, Language}};
/// let rules = RuleSet::builtin("solitaire").unwrap();
/// let proof = prove(&rules, 10, &Budget::default(), &Quiet).unwrap();
/// let finite = language_from_relation(&rules, proof.proved().unwrap(), &Target::Weight(1), Board::Finite).unwrap();
/// let paper = Language::of(Board::Finite).minimal_dfa();
/// assert_eq!(finite.shortest_difference(paper, &unhop::budget::Budget::default()).unwrap(), None);
/// ```
pub fn language_from_relation(
    rules: &RuleSet,
    relation: &Dfa,
    target: &Target,
    board: Board,
) -> Result<Dfa, Error> {
    let k = rules.letters();
    if relation.alphabet() != k * k {
        return Err(Error::new(format!(
            "a relation over {} letters is not over the {} letter pairs of {}",
            relation.alphabet(),
            k * k,
            rules.name()
        )));
    }
    let t = target.dfa(rules, board)?;
    let (rs, ts) = (relation.states(), t.states());
    let mut next = Vec::with_capacity(rs * ts * k);
    for r in 0..rs as StateId {
        for q in 0..ts as StateId {
            for a in 0..k {
                let mut targets: Vec<StateId> = (0..k)
                    .map(|b| {
                        let r2 = relation.next(r, (a * k + b) as u8);
                        let q2 = t.next(q, b as u8);
                        r2 * ts as StateId + q2
                    })
                    .collect();
                targets.sort_unstable();
                targets.dedup();
                next.push(targets);
            }
        }
    }
    let accepting = (0..rs * ts)
        .map(|s| relation.is_accepting((s / ts) as StateId) && t.is_accepting((s % ts) as StateId))
        .collect();
    let start = relation.start() * ts as StateId + t.start();
    let budget = Budget::default();
    let finite = Nfa::new(k, next, accepting, start)?
        .determinized(&budget)?
        .minimized(&budget)?;
    match board {
        Board::Finite => Ok(finite),
        Board::Infinite => {
            let s = finite.states();
            let blanks = || std::iter::repeat_n(rules.blank(), s);
            let table: Vec<StateId> = (0..s as StateId)
                .flat_map(|q| (0..k).map(move |l| (q, l as u8)))
                .map(|(q, l)| finite.next(q, l))
                .collect();
            let accepting = (0..s as StateId)
                .map(|q| finite.is_accepting(finite.run_from(q, blanks())))
                .collect();
            let start = finite.run_from(finite.start(), blanks());
            Dfa::new(k, table, accepting, start)?.minimized(&budget)
        }
    }
}

/// The words of length ≤ `bound` that reduce to `target` on `board`, asked of the exhaustive
/// search ([`Exhaustive`]), and the minimal DFA consistent with every answer
/// ([`crate::automata::learn`]), under `budget`: refused beyond its words
/// ([`LANGUAGE_WORDS`]; the message gives their number exactly, as a power too), the
/// searches under their own limits. A bound below 2 is an input error; errors when the table
/// does not close at that bound.
///
/// # Complexity
/// O(k^bound × the positions each word reaches).
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget, rules::{RuleSet, Target, learn_language}, solitaire::{Board, Language}};
/// let rules = RuleSet::builtin("solitaire").unwrap();
/// let budget = Budget::default();
/// let learned = learn_language(&rules, &Target::Weight(1), Board::Infinite, 16, &budget, &Quiet).unwrap();
/// let paper = Language::of(Board::Infinite).minimal_dfa();
/// assert_eq!(learned.dfa.shortest_difference(paper, &budget).unwrap(), None);
/// let err = learn_language(&rules, &Target::Weight(1), Board::Infinite, 100, &budget, &Quiet).unwrap_err();
/// assert!(err.to_string().contains("2^101 − 1 words"), "{err}");
/// ```
pub fn learn_language(
    rules: &RuleSet,
    target: &Target,
    board: Board,
    bound: usize,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<Learned, Error> {
    if bound < 2 {
        return Err(Error::new(format!(
            "the bound is {bound}; the language is learned from every word up to a bound of at \
             least 2"
        )));
    }
    let k = rules.letters();
    let words = WordCount::up_to(k, bound as u64);
    let meter = words.admit(
        budget,
        &format!("learning at bound {bound}"),
        LANGUAGE_WORDS,
    )?;
    let mut oracle = Exhaustive::new(rules, target.clone(), board, budget);
    let mut failure = None;
    progress.start(
        "asking the exhaustive search about every word",
        words.count.map(|c| c as u64),
    );
    let mut asked = 0u64;
    let learned = learn(
        k,
        bound,
        &mut |word| {
            asked += 1;
            if asked % 4096 == 0 {
                progress.advance(4096);
            }
            if failure.is_some() {
                return false;
            }
            oracle.reduces(word).unwrap_or_else(|e| {
                failure = Some(e);
                false
            })
        },
        budget,
    );
    if let Some(e) = failure {
        return Err(e);
    }
    meter.charge(asked)?;
    learned
}

/// The longest length [`count_from_automaton`] takes.
pub const MAX_COUNT_LEN: u64 = 1_000_000_000_000_000_000;

/// The default bound of [`learn_language`]: the largest with at most 2^17 words asked
/// (16 for two letters).
///
/// # Complexity
///
/// O(bound) arithmetic.
///
///
/// # Examples
///
/// ```
/// let rules = unhop::rules::RuleSet::builtin("solitaire").unwrap();
/// assert_eq!(unhop::rules::default_language_bound(&rules), 16);
/// ```
pub fn default_language_bound(rules: &RuleSet) -> usize {
    let k = rules.letters() as u64;
    (2..=40)
        .take_while(|&b| {
            (0..=b as u32)
                .map(|n| k.saturating_pow(n))
                .fold(0u64, u64::saturating_add)
                < 1 << 17
        })
        .last()
        .unwrap_or(2)
}

/// Gives up when R is not learned and proved at that bound, naming why; an input error beyond
/// [`MAX_COUNT_LEN`]; refused when the count's estimate ([`Dfa::count_cost`]: the count has
/// about n × log₂(growth) bits when the counts grow exponentially) is over the budget.
///
/// # Complexity
///
/// The number of words of length `n` that reduce to `target` on `board`, counted from the
/// automaton derived from R, learned and proved at the largest bound the limits allow
/// ([`super::prove`], [`language_from_relation`]), with big integers in O(s³ + log n FFT
/// products) ([`Dfa::count_accepted`]), under `budget`.
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget, rules::{RuleSet, Target, count_from_automaton}, solitaire::{Board, Language}};
/// let rules = RuleSet::builtin("solitaire").unwrap();
/// let fast = count_from_automaton(&rules, 40, &Target::Weight(1), Board::Infinite, &Budget::default(), &Quiet).unwrap();
/// assert_eq!(fast, Language::of(Board::Infinite).count(40));
/// ```
pub fn count_from_automaton(
    rules: &RuleSet,
    n: u64,
    target: &Target,
    board: Board,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<BigUint, Error> {
    if n > MAX_COUNT_LEN {
        return Err(Error::new(format!(
            "the length must be at most {MAX_COUNT_LEN}, not {n}"
        )));
    }
    let dfa = proved_language(rules, target, board, budget, progress)?;
    dfa.count_accepted(n, budget)
}

/// The minimal DFA of the words that reduce to `target` on `board`, from R learned at the
/// largest bound the limits allow and proved, under `budget`; gives up when that fails.
///
/// # Complexity
///
/// That of [`super::proved_relation`], then a subset construction over |R| × |T| states
/// ([`language_from_relation`]).
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget, rules::{RuleSet, Target, proved_language}, solitaire::{Board, Language}};
/// let rules = RuleSet::builtin("solitaire").unwrap();
/// let dfa = proved_language(&rules, &Target::Weight(1), Board::Finite, &Budget::default(), &Quiet).unwrap();
/// assert_eq!(dfa.shortest_difference(Language::of(Board::Finite).minimal_dfa(), &Budget::default()).unwrap(), None);
/// ```
pub fn proved_language(
    rules: &RuleSet,
    target: &Target,
    board: Board,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<Dfa, Error> {
    let relation = proved_relation(rules, budget, progress)?;
    language_from_relation(rules, &relation, target, board)
}

/// [`proved_language`] when R is learned and proved, `None` when that gives up (there is no
/// proved automaton to compare with); any other error is returned.
///
/// # Complexity
///
/// As [`proved_language`].
///
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget, rules::{RuleSet, Target, proved_language_if_any}, solitaire::Board};
/// let budget = Budget::default();
/// let kayles = RuleSet::builtin("kayles").unwrap();
/// assert!(proved_language_if_any(&kayles, &Target::Weight(1), Board::Finite, &budget, &Quiet).unwrap().is_some());
/// let three = RuleSet::builtin("solitaire3").unwrap();
/// assert!(proved_language_if_any(&three, &Target::Weight(1), Board::Finite, &budget, &Quiet).unwrap().is_none());
/// ```
pub fn proved_language_if_any(
    rules: &RuleSet,
    target: &Target,
    board: Board,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<Option<Dfa>, Error> {
    match proved_language(rules, target, board, budget, progress) {
        Ok(dfa) => Ok(Some(dfa)),
        Err(e) if e.kind() == crate::ErrorKind::GaveUp => Ok(None),
        Err(e) => Err(e),
    }
}
