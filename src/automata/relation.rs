//! Relations between words as automata: a pair of equal-length words read as one word over
//! letter pairs, and the relation algebra that proofs about such relations need.
//!
//! A pair of words (w, f) of one length is one word over the four letter pairs
//! {0,1}×{0,1}: cell i gives the letter `2·wᵢ + fᵢ`, so `0` = (0, 0), `1` = (0, 1),
//! `2` = (1, 0), `3` = (1, 1). A relation between words is then a language over four letters,
//! and a synchronous transducer is a DFA over them. More generally a k-tuple of equal-length
//! words is one word over 2ᵏ letters: cell i gives the letter whose bit `k − 1 − c` is cell i of
//! word c (so for pairs this is `2·w + f`).
//!
//! * [`pair_letter`], [`unpair_letter`], [`pair_letters`], [`unpair`], [`show_pair`]: the pair
//!   alphabet.
//! * [`identity`]: the relation (x, x).
//! * [`lift`]: a relation on pairs read on two coordinates of a k-tuple; [`project`]: the
//!   projection that forgets one coordinate of a triple (an NFA, the ∃ of a proof).
//! * [`Dfa::to_pair_dot`]: a DFA over letter pairs in Graphviz DOT, arrows labelled `w/f`.
//!
//! * [`identity_over`], [`lift_over`], [`project_over`]: the same over the letters `0..k` of
//!   any alphabet (k² pair letters `k·w + f`, tuples read in base k), and
//!   [`prove_relation`]: the three automaton inclusions that prove a DFA over letter pairs
//!   accepts exactly the reflexive-transitive closure of a one-step transducer.
//!
//! Nothing here knows a game's rules: `solitaire::finite` and `rules` build their one-step
//! transducers and call [`prove_relation`].

use crate::automata::{Dfa, Nfa, StateId, TRANSITIONS};
use crate::budget::Budget;
use crate::word::Word;

/// The number of letters of the pair alphabet.
pub const PAIR_LETTERS: usize = 4;

/// The letter of the cell pair (w, f): `2·w + f`.
///
/// ```
/// use unhop::automata::relation::{pair_letter, unpair_letter};
/// assert_eq!(pair_letter(true, false), 2);
/// assert_eq!(unpair_letter(1), (false, true));
/// ```
pub fn pair_letter(w: bool, f: bool) -> u8 {
    2 * u8::from(w) + u8::from(f)
}

/// The cell pair (w, f) of a letter (only its two low bits are read).
pub fn unpair_letter(letter: u8) -> (bool, bool) {
    (letter & 2 != 0, letter & 1 != 0)
}

/// The letters of the pair (w, f), which must have the same length.
pub fn pair_letters<'a>(w: &'a Word, f: &'a Word) -> impl Iterator<Item = u8> + 'a {
    w.iter().zip(f.iter()).map(|(a, b)| pair_letter(a, b))
}

/// The two words spelled by a word of letter pairs.
///
/// # Complexity
///
/// O(n) for n letters.
///
///
/// # Examples
///
/// ```
/// use unhop::automata::relation::unpair;
/// let (w, f) = unpair(&[2, 2, 1]);
/// assert_eq!((w.to_string(), f.to_string()), ("110".to_string(), "001".to_string()));
/// ```
pub fn unpair(letters: &[u8]) -> (Word, Word) {
    let w = Word::from_cells(letters.iter().map(|&l| unpair_letter(l).0));
    let f = Word::from_cells(letters.iter().map(|&l| unpair_letter(l).1));
    (w, f)
}

/// Shows a pair as `w → f` (`ε → ε` for the empty pair).
pub fn show_pair(w: &Word, f: &Word) -> String {
    let show = |x: &Word| match x.len() {
        0 => "ε".to_string(),
        _ => x.to_string(),
    };
    format!("{} → {}", show(w), show(f))
}

/// The pairs (x, x): a 2-state DFA over letter pairs.
///
/// # Complexity
///
/// O(1): two states over four letters.
///
///
/// # Examples
///
/// ```
/// assert!(unhop::automata::relation::identity().accepts([0, 3, 3]));
/// assert!(!unhop::automata::relation::identity().accepts([0, 1]));
/// ```
pub fn identity() -> Dfa {
    identity_over(2)
}

/// The pairs (x, x) of words over the letters `0..k`: a 2-state DFA over the k² pair letters
/// `k·x + y`.
///
/// # Complexity
///
/// O(k²).
///
/// # Examples
///
/// ```
/// let same = unhop::automata::relation::identity_over(3);
/// assert!(same.accepts([0, 4, 8]) && !same.accepts([1]));
/// ```
pub fn identity_over(k: usize) -> Dfa {
    let mut next = vec![1; 2 * k * k];
    for x in 0..k {
        next[x * k + x] = 0;
    }
    Dfa::new(k * k, next, vec![true, false], 0).expect("a complete table")
}

/// Cell `coord` of a tuple letter of `arity` words over the letters `0..k` (base k, the first
/// word's cell the most significant digit).
fn cell_over(letter: usize, k: usize, arity: usize, coord: usize) -> usize {
    letter / k.pow((arity - 1 - coord) as u32) % k
}

/// The tuple letter of `cells` (one cell of each word), base k.
///
/// ```
/// use unhop::automata::relation::tuple_letter;
/// assert_eq!(tuple_letter(3, &[1, 2]), 5);
/// assert_eq!(tuple_letter(2, &[1, 0, 1]), 0b101);
/// ```
pub fn tuple_letter(k: usize, cells: &[u8]) -> usize {
    cells.iter().fold(0, |t, &c| t * k + c as usize)
}

/// The words of a word of tuple letters over `0..k` with `arity` words.
///
/// # Complexity
///
/// O(n × arity) for n letters.
///
///
/// # Examples
///
/// ```
/// use unhop::automata::relation::untuple;
/// assert_eq!(untuple(3, 2, &[5, 0]), vec![vec![1, 0], vec![2, 0]]);
/// ```
pub fn untuple(k: usize, arity: usize, letters: &[u32]) -> Vec<Vec<u8>> {
    (0..arity)
        .map(|c| {
            letters
                .iter()
                .map(|&t| cell_over(t as usize, k, arity, c) as u8)
                .collect()
        })
        .collect()
}

/// The DFA over `arity`-tuples that accepts a tuple when `pair` accepts its words number
/// `coords.0` and `coords.1`. Same states as `pair`;
///
/// # Complexity
///
/// O(states × 2^arity).
///
/// # Examples
///
/// ```
/// use unhop::automata::relation::{identity, lift};
/// // Triples (x, y, z) with x = z: letters 0b000, 0b010, 0b101, 0b111.
/// let same_ends = lift(&identity(), 3, (0, 2));
/// assert!(same_ends.accepts([0b010, 0b101]));
/// assert!(!same_ends.accepts([0b100]));
/// ```
pub fn lift(pair: &Dfa, arity: usize, coords: (usize, usize)) -> Dfa {
    lift_over(pair, 2, arity, coords)
}

/// [`lift`] over the letters `0..k`: `pair` reads the k² pair letters, the result the k^arity
/// tuple letters (at most 256 of them, one byte a letter).
///
/// # Complexity
///
/// O(states × k^arity).
///
/// # Examples
///
/// ```
/// use unhop::automata::relation::{identity_over, lift_over, tuple_letter};
/// let same_ends = lift_over(&identity_over(3), 3, 3, (0, 2));
/// assert!(same_ends.accepts([tuple_letter(3, &[2, 0, 2]) as u8]));
/// assert!(!same_ends.accepts([tuple_letter(3, &[2, 0, 1]) as u8]));
/// ```
pub fn lift_over(pair: &Dfa, k: usize, arity: usize, coords: (usize, usize)) -> Dfa {
    let letters = k.pow(arity as u32);
    let next = (0..pair.states() as StateId)
        .flat_map(|s| {
            (0..letters).map(move |t| {
                let letter =
                    k * cell_over(t, k, arity, coords.0) + cell_over(t, k, arity, coords.1);
                pair.next(s, letter as u8)
            })
        })
        .collect();
    let accepting = (0..pair.states() as StateId)
        .map(|s| pair.is_accepting(s))
        .collect();
    Dfa::new(letters, next, accepting, pair.start()).expect("same shape as the pair DFA")
}

/// The pairs (x_a, x_b), `keep = (a, b)`, of the triples `triple` accepts for some third word:
/// an NFA over the pair alphabet with the same states (each pair letter may come from either
/// value of the forgotten cell).
///
/// # Complexity
///
/// O(states × 8).
///
/// # Examples
///
/// ```
/// use unhop::automata::relation::{lift, project};
/// use unhop::solitaire::finite::one_hop;
/// // (x, y) with x → y by one hop, read on coordinates 0 and 1 of a triple, projected back.
/// let triples = lift(&one_hop(), 3, (0, 1));
/// let pairs = project(&triples, (0, 1));
/// assert!(pairs.accepts([2, 2, 1]) && !pairs.accepts([2, 2, 0]));
/// ```
pub fn project(triple: &Dfa, keep: (usize, usize)) -> Nfa {
    project_over(triple, 2, keep)
}

/// [`project`] over the letters `0..k`: an NFA over the k² pair letters.
///
/// # Complexity
///
/// O(states × k³).
///
/// # Examples
///
/// ```
/// use unhop::automata::relation::{identity_over, lift_over, project_over};
/// let triples = lift_over(&identity_over(3), 3, 3, (0, 2));
/// let pairs = project_over(&triples, 3, (0, 2));
/// // Over 3 letters the pair letter of (x, y) is 3x + y: (2, 2) is 8.
/// assert!(pairs.accepts([8, 0]) && !pairs.accepts([7]));
/// ```
pub fn project_over(triple: &Dfa, k: usize, keep: (usize, usize)) -> Nfa {
    let dropped = (0..3)
        .find(|c| *c != keep.0 && *c != keep.1)
        .expect("three coordinates, two kept");
    let weight = |c: usize| k.pow((2 - c) as u32);
    let mut next = Vec::with_capacity(triple.states() * k * k);
    for s in 0..triple.states() as StateId {
        for pair in 0..k * k {
            let mut targets: Vec<StateId> = (0..k)
                .map(|free| {
                    let letter = (pair / k) * weight(keep.0)
                        + (pair % k) * weight(keep.1)
                        + free * weight(dropped);
                    triple.next(s, letter as u8)
                })
                .collect();
            targets.sort_unstable();
            targets.dedup();
            next.push(targets);
        }
    }
    let accepting = (0..triple.states() as StateId)
        .map(|s| triple.is_accepting(s))
        .collect();
    Nfa::new(k * k, next, accepting, triple.start()).expect("same shape as the triple DFA")
}

/// Which of the three inclusions of [`prove_relation`] a [`RelationStep`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Inclusion {
    /// Every pair (w, w) is accepted.
    Identity,
    /// If (w, f) is accepted and f → g by one step, (w, g) is accepted.
    Closed,
    /// If (w, f) is accepted and w ≠ f, some step w → g leaves (g, f) accepted.
    FirstStep,
}

/// One inclusion's verdict: the size of the product automaton whose emptiness decides it and,
/// when it fails, a shortest counterexample as words over `0..k`: `[w, f]` for
/// [`Inclusion::Identity`] and [`Inclusion::FirstStep`], `[w, f, g]` for
/// [`Inclusion::Closed`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RelationStep {
    /// Which inclusion was decided.
    pub inclusion: Inclusion,
    /// The states of the product automaton whose emptiness decided it.
    pub product_states: usize,
    /// A shortest counterexample, or `None` when the inclusion holds.
    pub counterexample: Option<Vec<Vec<u8>>>,
}

/// What one move of a relation is called in a proof's report: a hop of peg solitaire, or the
/// application of one rule of a rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// A hop: the steps are named `closed under a hop` and `a first hop`.
    Hop,
    /// One rule application: `closed under a step` and `a first step`.
    Rule,
}

impl Inclusion {
    /// The inclusion's short name, in the words of `by`.
    ///
    /// ```
    /// use unhop::automata::relation::{Inclusion, Move};
    /// assert_eq!(Inclusion::Closed.name(Move::Hop), "closed under a hop");
    /// assert_eq!(Inclusion::FirstStep.name(Move::Rule), "a first step");
    /// ```
    pub fn name(self, by: Move) -> &'static str {
        match (self, by) {
            (Inclusion::Identity, _) => "identity",
            (Inclusion::Closed, Move::Hop) => "closed under a hop",
            (Inclusion::Closed, Move::Rule) => "closed under a step",
            (Inclusion::FirstStep, Move::Hop) => "a first hop",
            (Inclusion::FirstStep, Move::Rule) => "a first step",
        }
    }

    /// What the inclusion claims, in the words of `by`.
    ///
    /// # Complexity
    ///
    /// O(1): a static string.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::relation::{Inclusion, Move};
    /// assert_eq!(Inclusion::Identity.claim(Move::Hop), "every pair (w, w) is accepted");
    /// assert!(Inclusion::Closed.claim(Move::Rule).contains("by one rule"));
    /// ```
    pub fn claim(self, by: Move) -> &'static str {
        match (self, by) {
            (Inclusion::Identity, _) => "every pair (w, w) is accepted",
            (Inclusion::Closed, Move::Hop) => {
                "if (w, f) is accepted and f → g by one hop, (w, g) is accepted"
            }
            (Inclusion::Closed, Move::Rule) => {
                "if (w, f) is accepted and f → g by one rule, (w, g) is accepted"
            }
            (Inclusion::FirstStep, Move::Hop) => {
                "if (w, f) is accepted and w ≠ f, some hop w → g leaves (g, f) accepted"
            }
            (Inclusion::FirstStep, Move::Rule) => {
                "if (w, f) is accepted and w ≠ f, some rule w → g leaves (g, f) accepted"
            }
        }
    }
}

/// One step of a proof by automata and its verdict, as every front end reports it: the
/// steps of `unhop prove finite-reach --json` (words [`Word`]) and of `unhop rules prove
/// --json` (words in a rule set's letters, [`String`]).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct Step<W = Word> {
    /// A short name: `identity`, `closed under a hop` (or `a step`), `a first hop` (or `a
    /// first step`).
    pub name: &'static str,
    /// What the step claims.
    pub claim: &'static str,
    /// Whether the claim holds.
    pub holds: bool,
    /// The number of states of the product automaton whose emptiness decides it.
    pub product_states: usize,
    /// `null` when the claim holds; otherwise a shortest counterexample.
    pub counterexample: Option<Counterexample<W>>,
}

/// A shortest pair on which a step of a proof fails.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct Counterexample<W = Word> {
    /// The start word w of the pair (w, f).
    pub w: W,
    /// The final word f of the pair (w, f).
    pub f: W,
    /// For the step "closed under a hop": the word between (the automaton accepts (w,
    /// via), and via → f is one move).
    pub via: Option<W>,
    /// Why the pair refutes the step.
    pub reason: String,
}

impl RelationStep {
    /// The step's verdict in words: its name and claim in the words of `by`, and the
    /// counterexample's words made by `word` from letters (`0..k`).
    ///
    /// # Complexity
    ///
    /// O(length of the counterexample).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::relation::{Move, identity_over, prove_relation};
    /// use unhop::budget::Budget;
    /// use unhop::solitaire::finite::one_hop;
    /// let steps = prove_relation(&identity_over(2), &one_hop(), 2, &Budget::default()).unwrap();
    /// let closed = steps[1].report(Move::Hop, |letters| format!("{letters:?}"));
    /// assert_eq!(closed.name, "closed under a hop");
    /// assert!(!closed.holds && closed.counterexample.unwrap().via.is_some());
    /// ```
    pub fn report<W: std::fmt::Display>(&self, by: Move, word: impl Fn(&[u8]) -> W) -> Step<W> {
        let show = |x: &W| match x.to_string() {
            text if text.is_empty() => "ε".to_string(),
            text => text,
        };
        let pair = |w: &W, f: &W| format!("{} → {}", show(w), show(f));
        let moved = match by {
            Move::Hop => "a hop",
            Move::Rule => "one step",
        };
        let counterexample = self.counterexample.as_ref().map(|words| {
            let (w, f) = (word(&words[0]), word(&words[1]));
            match self.inclusion {
                Inclusion::Identity => Counterexample {
                    reason: format!("{} is rejected", pair(&w, &f)),
                    w,
                    f,
                    via: None,
                },
                Inclusion::Closed => {
                    let g = word(&words[2]);
                    Counterexample {
                        reason: format!(
                            "{} is accepted and {} → {} is {moved}, but {} is rejected",
                            pair(&w, &f),
                            show(&f),
                            show(&g),
                            pair(&w, &g)
                        ),
                        w,
                        f: g,
                        via: Some(f),
                    }
                }
                Inclusion::FirstStep => Counterexample {
                    reason: format!(
                        "{} is accepted, but no {} from {} leads to a word accepted with {}",
                        pair(&w, &f),
                        match by {
                            Move::Hop => "hop",
                            Move::Rule => "rule",
                        },
                        show(&w),
                        show(&f)
                    ),
                    w,
                    f,
                    via: None,
                },
            }
        });
        Step {
            name: self.inclusion.name(by),
            claim: self.inclusion.claim(by),
            holds: counterexample.is_none(),
            product_states: self.product_states,
            counterexample,
        }
    }
}

/// Proves (or refutes) that `a`, a DFA over the k² pair letters, accepts exactly R, the
/// pairs (w, f) with w →* f, where `step` (a DFA over the same letters) accepts the pairs
/// (x, y) with x → y in one step. Three emptiness checks:
///
/// 1. identity pairs are in A (R ⊆ A starts);
/// 2. A is closed under one step: A(w, f) ∧ S(f, g) ∧ ¬A(w, g) is empty (R ⊆ A carries on);
/// 3. every accepted pair other than an identity has a first step in A:
///    A(w, f) ∧ w ≠ f ∧ ¬∃g S(w, g) ∧ A(g, f) is empty (A ⊆ R by induction on a measure that
///    every step lowers, such as the weight of a rule set whose rules all lower it).
///
/// # Complexity
/// Products of at most |A|² × |S| states over k³ letters (k³ ≤ 256), and a subset
/// construction on |S| × |A| states for step 3 (exponential in the worst case, milliseconds
/// for the 16-state automaton of peg solitaire). The subset construction has no estimate in
/// advance, so the whole proof is charged to `budget` as it runs (in
/// [`TRANSITIONS`]) and gives up past its work or memory
/// limit.
///
/// # Examples
///
/// ```
/// use unhop::automata::relation::{prove_relation, identity_over};
/// use unhop::budget::Budget;
/// use unhop::solitaire::finite::{one_hop, reach_automaton};
/// let budget = Budget::default();
/// let steps = prove_relation(reach_automaton(), &one_hop(), 2, &budget).unwrap();
/// assert!(steps.iter().all(|s| s.counterexample.is_none()));
/// // The identity alone is not closed under hops.
/// let steps = prove_relation(&identity_over(2), &one_hop(), 2, &budget).unwrap();
/// assert!(steps[1].counterexample.is_some());
/// ```
pub fn prove_relation(
    a: &Dfa,
    step: &Dfa,
    k: usize,
    budget: &Budget,
) -> Result<Vec<RelationStep>, crate::error::Error> {
    if a.alphabet() != k * k || step.alphabet() != k * k || k.pow(3) > 255 {
        return Err(crate::error::Error::new(format!(
            "the proof takes automata over the {} letter pairs of {k} letters (at most 6 \
             letters), not {} and {}",
            k * k,
            a.alphabet(),
            step.alphabet()
        )));
    }
    let meter = budget.meter(
        format!(
            "proving that an automaton of {} states is the closure of a step of {} states",
            a.states(),
            step.states()
        ),
        TRANSITIONS,
    );
    let and = |x: bool, y: bool| x && y;
    let minus = |x: bool, y: bool| x && !y;
    let same = identity_over(k);
    let missing_identity = same.product_in(a, minus, &meter)?;
    let escapes = lift_over(a, k, 3, (0, 1))
        .product_in(&lift_over(step, k, 3, (1, 2)), and, &meter)?
        .product_in(&lift_over(a, k, 3, (0, 2)), minus, &meter)?;
    let first_step = project_over(
        &lift_over(step, k, 3, (0, 1)).product_in(&lift_over(a, k, 3, (1, 2)), and, &meter)?,
        k,
        (0, 2),
    )
    .determinized_in(&meter)?;
    let stuck = a
        .product_in(&same, minus, &meter)?
        .product_in(&first_step, minus, &meter)?;
    let verdict = |inclusion, dfa: &Dfa, arity| -> Result<RelationStep, crate::error::Error> {
        let empty = Dfa::new(dfa.alphabet(), vec![0; dfa.alphabet()], vec![false], 0)?;
        let word = dfa.shortest_difference_in(&empty, &meter)?;
        Ok(RelationStep {
            inclusion,
            product_states: dfa.states(),
            counterexample: word.map(|w| {
                let letters: Vec<u32> = w.iter().map(|&l| u32::from(l)).collect();
                untuple(k, arity, &letters)
            }),
        })
    };
    Ok(vec![
        verdict(Inclusion::Identity, &missing_identity, 2)?,
        verdict(Inclusion::Closed, &escapes, 3)?,
        verdict(Inclusion::FirstStep, &stuck, 2)?,
    ])
}
