//! The words that reduce to a target: learned from exhaustive data, or derived from a proved
//! automaton of R; and their number for any length.

use super::exhaustive::Exhaustive;
use super::relation::proved_relation;
use super::ruleset::RuleSet;
use super::target::Target;
use crate::automata::{Dfa, Learned, Nfa, StateId, learn};
use crate::budget::Budget;
use crate::error::Error;
use crate::error::Figures;
use crate::progress::Progress;
use crate::solitaire::Board;
use num_bigint::BigUint;

/// The most words [`learn_language`] asks (k^0 + … + k^bound).
pub const MAX_LANGUAGE_WORDS: u64 = 1 << 22;

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
/// ```
/// use unhop::{Quiet, rules::{RuleSet, Target, language_from_relation, prove}, solitaire::{Board, Language}};
/// let rules = RuleSet::builtin("solitaire").unwrap();
/// let proof = prove(&rules, 10, &Quiet).unwrap();
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
/// ([`crate::automata::learn`]). Refused beyond [`MAX_LANGUAGE_WORDS`] words; errors when the
/// table does not close at that bound. O(k^bound × the positions each word reaches).
///
/// ```
/// use unhop::{Quiet, rules::{RuleSet, Target, learn_language}, solitaire::{Board, Language}};
/// let rules = RuleSet::builtin("solitaire").unwrap();
/// let learned = learn_language(&rules, &Target::Weight(1), Board::Infinite, 16, &Quiet).unwrap();
/// let paper = Language::of(Board::Infinite).minimal_dfa();
/// assert_eq!(learned.dfa.shortest_difference(paper, &unhop::budget::Budget::default()).unwrap(), None);
/// ```
pub fn learn_language(
    rules: &RuleSet,
    target: &Target,
    board: Board,
    bound: usize,
    progress: &dyn Progress,
) -> Result<Learned, Error> {
    let k = rules.letters() as u64;
    let words: u64 = (0..=bound as u32)
        .map(|n| k.saturating_pow(n))
        .fold(0, u64::saturating_add);
    if words > MAX_LANGUAGE_WORDS || bound < 2 {
        return Err(Error::refused_with(
            Figures::new(words.into(), MAX_LANGUAGE_WORDS.into(), "words"),
            format!(
                "learning at bound {bound} asks {words} words; the bounds go from 2 to where the \
             words stay within {MAX_LANGUAGE_WORDS}"
            ),
        ));
    }
    let mut oracle = Exhaustive::new(rules, target.clone(), board);
    let mut failure = None;
    progress.start("asking the exhaustive search about every word", Some(words));
    let mut asked = 0u64;
    let learned = learn(
        k as usize,
        bound,
        &mut |word| {
            asked += 1;
            if asked % 4096 == 0 {
                progress.advance(4096);
            }
            oracle.reduces(word).unwrap_or_else(|e| {
                failure.get_or_insert(e);
                false
            })
        },
        &Budget::default(),
    );
    if let Some(e) = failure {
        return Err(e);
    }
    learned
}

/// The longest length [`count_from_automaton`] takes.
pub const MAX_COUNT_LEN: u64 = 1_000_000_000_000_000_000;

/// The longest length [`count_from_automaton`] takes when the counts grow exponentially (their size grows
/// with the length).
pub const MAX_EXPONENTIAL_COUNT_LEN: u64 = 1_000_000;

/// Whether the number of words `dfa` accepts grows exponentially with the length: some
/// strongly connected part of its useful states (reachable and live) holds two different
/// cycles, that is more arrows inside it than states. Otherwise the counts grow
/// polynomially. O(states × alphabet).
///
/// ```
/// use unhop::{automata::compile_dfa, rules::grows_exponentially};
/// let budget = unhop::budget::Budget::default();
/// assert!(grows_exponentially(&compile_dfa("(0|1)*", b"01", &budget).unwrap()));
/// let one = compile_dfa("0*10*", b"01", &budget).unwrap().minimized(&budget).unwrap();
/// assert!(!grows_exponentially(&one));
/// ```
pub fn grows_exponentially(dfa: &Dfa) -> bool {
    let live = dfa.live_states();
    let mut reached = vec![false; dfa.states()];
    let mut stack = vec![dfa.start()];
    reached[dfa.start() as usize] = true;
    while let Some(q) = stack.pop() {
        for l in 0..dfa.alphabet() {
            let t = dfa.next(q, l as u8);
            if !reached[t as usize] {
                reached[t as usize] = true;
                stack.push(t);
            }
        }
    }
    let useful = |q: usize| live[q] && reached[q];
    let mut graph = petgraph::graph::DiGraph::<(), ()>::new();
    let nodes: Vec<_> = (0..dfa.states()).map(|_| graph.add_node(())).collect();
    for q in (0..dfa.states()).filter(|&q| useful(q)) {
        for l in 0..dfa.alphabet() {
            let t = dfa.next(q as StateId, l as u8) as usize;
            if useful(t) {
                graph.add_edge(nodes[q], nodes[t], ());
            }
        }
    }
    let mut part = vec![usize::MAX; dfa.states()];
    let parts = petgraph::algo::tarjan_scc(&graph);
    for (i, scc) in parts.iter().enumerate() {
        for n in scc {
            part[n.index()] = i;
        }
    }
    let mut inside = vec![0usize; parts.len()];
    for e in graph.raw_edges() {
        let (a, b) = (e.source().index(), e.target().index());
        if part[a] == part[b] {
            inside[part[a]] += 1;
        }
    }
    parts
        .iter()
        .enumerate()
        .any(|(i, scc)| inside[i] > scc.len())
}

/// The default bound of [`learn_language`]: the largest with at most 2^17 words asked
/// (16 for two letters).
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

/// The number of words of length `n` that reduce to `target` on `board`, counted from the
/// automaton derived from R, learned and proved at the largest bound the limits allow
/// ([`super::prove`], [`language_from_relation`]), with big integers in O(s³ + log n FFT
/// products) ([`Dfa::count_accepted`]). Gives up when R is not learned and proved at that
/// bound, naming why; refused beyond [`MAX_COUNT_LEN`], and beyond
/// [`MAX_EXPONENTIAL_COUNT_LEN`] when the counts grow exponentially.
///
/// ```
/// use unhop::{Quiet, rules::{RuleSet, Target, count_from_automaton}, solitaire::{Board, Language}};
/// let rules = RuleSet::builtin("solitaire").unwrap();
/// let fast = count_from_automaton(&rules, 40, &Target::Weight(1), Board::Infinite, &Quiet).unwrap();
/// assert_eq!(fast, Language::of(Board::Infinite).count(40));
/// ```
pub fn count_from_automaton(
    rules: &RuleSet,
    n: u64,
    target: &Target,
    board: Board,
    progress: &dyn Progress,
) -> Result<BigUint, Error> {
    if n > MAX_COUNT_LEN {
        return Err(Error::new(format!(
            "the length must be at most {MAX_COUNT_LEN}, not {n}"
        )));
    }
    let dfa = proved_language(rules, target, board, progress)?;
    if n > MAX_EXPONENTIAL_COUNT_LEN && grows_exponentially(&dfa) {
        return Err(Error::refused_with(
            Figures::new(n.into(), MAX_EXPONENTIAL_COUNT_LEN.into(), "letters"),
            format!(
                "the number of words grows exponentially with the length, so the count for \
             length {n} has about {n} × log₂(growth) bits; the limit is length \
             {MAX_EXPONENTIAL_COUNT_LEN}"
            ),
        ));
    }
    dfa.count_accepted(n, &Budget::default())
}

/// The minimal DFA of the words that reduce to `target` on `board`, from R learned at the
/// largest bound the limits allow and proved; gives up when that fails.
pub fn proved_language(
    rules: &RuleSet,
    target: &Target,
    board: Board,
    progress: &dyn Progress,
) -> Result<Dfa, Error> {
    let relation = proved_relation(rules, progress)?;
    language_from_relation(rules, &relation, target, board)
}
