//! The proof that an automaton A accepts exactly R, the pairs (w, f) with w →* f by hops on
//! the finite board, with automata only.
//!
//! Three inclusions between synchronous relations, each decided by an emptiness check on a
//! product automaton (a shortest counterexample when it fails):
//!
//! 1. **Identity.** Every pair (w, w) is in A.
//! 2. **Closed under a hop.** If (w, f) ∈ A and f → g by one hop, then (w, g) ∈ A: the
//!    triples (w, f, g) with A(w, f), H(f, g) and not A(w, g) form an empty language
//!    (H is the one-hop transducer, [`super::one_hop`]).
//! 3. **A first hop.** If (w, f) ∈ A and w ≠ f, some hop w → g has (g, f) ∈ A: the pairs
//!    with A(w, f), w ≠ f and not ∃g H(w, g) ∧ A(g, f) form an empty language (the ∃ is a
//!    projection, determinised by the subset construction).
//!
//! Then R ⊆ A by induction on the number of hops (1 starts it, 2 carries it), and A ⊆ R by
//! induction on the number of pegs of w: by 3 a pair in A with w ≠ f has a hop w → g with
//! (g, f) ∈ A, g has one peg fewer, so g →* f, hence w →* f; a pair with w = f is in R.
//! The third step is constructive: [`super::hops_between`] follows it.

use super::transducer::one_hop;
use crate::automata::Dfa;
use crate::automata::relation::{PAIR_LETTERS, identity, lift, project, show_pair, unpair};
use crate::error::Error;
use crate::word::Word;

/// One step of the proof and its verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// A short name: `identity`, `closed under a hop`, `a first hop`.
    pub name: &'static str,
    /// What the step claims.
    pub claim: &'static str,
    /// The number of states of the product automaton whose emptiness decides it.
    pub product_states: usize,
    /// `None` when the claim holds; otherwise a shortest counterexample.
    pub counterexample: Option<Counterexample>,
}

/// A shortest pair on which a step fails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counterexample {
    /// The pair (w, f).
    pub w: Word,
    pub f: Word,
    /// For step 2: the word between (w reaches `via` in A, `via` → f is one hop).
    pub via: Option<Word>,
    /// Why the pair refutes the step.
    pub reason: String,
}

/// The three steps' verdicts for one automaton.
#[derive(Clone, Debug)]
pub struct Proof {
    pub steps: Vec<Step>,
}

impl Proof {
    /// Whether every step holds, so that A = R.
    pub fn holds(&self) -> bool {
        self.steps.iter().all(|s| s.counterexample.is_none())
    }
}

/// Runs the three checks on `a`, a DFA over the pair alphabet. Products of at most
/// |A|² × 7 states; milliseconds for the 16-state automaton of R.
///
/// ```
/// use unhop::solitaire::finite::{prove, reach_automaton};
/// assert!(prove(reach_automaton()).unwrap().holds());
/// ```
pub fn prove(a: &Dfa) -> Result<Proof, Error> {
    if a.alphabet() != PAIR_LETTERS {
        return Err(Error::new(format!(
            "the proof takes an automaton over the {PAIR_LETTERS} letter pairs, not {} letters",
            a.alphabet()
        )));
    }
    let hop = one_hop();
    let same = identity();

    let missing_identity = same.difference(a)?;
    let identity_step = Step {
        name: "identity",
        claim: "every pair (w, w) is accepted",
        product_states: missing_identity.states(),
        counterexample: shortest_accepted(&missing_identity)?.map(|letters| {
            pair_failure(&letters, |w, f| format!("{} is rejected", show_pair(w, f)))
        }),
    };

    // Triples (w, f, g): A(w, f) ∧ H(f, g) ∧ ¬A(w, g).
    let escapes = lift(a, 3, (0, 1))
        .intersection(&lift(&hop, 3, (1, 2)))?
        .difference(&lift(a, 3, (0, 2)))?;
    let closed_step = Step {
        name: "closed under a hop",
        claim: "if (w, f) is accepted and f → g by one hop, (w, g) is accepted",
        product_states: escapes.states(),
        counterexample: shortest_accepted(&escapes)?.map(|letters| {
            let triple =
                |c: usize| Word::from_cells(letters.iter().map(|&t| t >> (2 - c) & 1 == 1));
            let (w, f, g) = (triple(0), triple(1), triple(2));
            Counterexample {
                reason: format!(
                    "{} is accepted and {f} → {g} is a hop, but {} is rejected",
                    show_pair(&w, &f),
                    show_pair(&w, &g)
                ),
                w,
                f: g,
                via: Some(f),
            }
        }),
    };

    // Pairs (w, f): A(w, f) ∧ w ≠ f ∧ ¬∃g H(w, g) ∧ A(g, f).
    let first_hop = project(
        &lift(&hop, 3, (0, 1)).intersection(&lift(a, 3, (1, 2)))?,
        (0, 2),
    )
    .determinized();
    let stuck = a.difference(&same)?.difference(&first_hop)?;
    let first_hop_step = Step {
        name: "a first hop",
        claim: "if (w, f) is accepted and w ≠ f, some hop w → g leaves (g, f) accepted",
        product_states: stuck.states(),
        counterexample: shortest_accepted(&stuck)?.map(|letters| {
            pair_failure(&letters, |w, f| {
                format!(
                    "{} is accepted, but no hop from {w} leads to a word accepted with {f}",
                    show_pair(w, f)
                )
            })
        }),
    };
    Ok(Proof {
        steps: vec![identity_step, closed_step, first_hop_step],
    })
}

/// The counterexample of a pair word, explained by `reason`.
fn pair_failure(letters: &[u8], reason: impl Fn(&Word, &Word) -> String) -> Counterexample {
    let (w, f) = unpair(letters);
    Counterexample {
        reason: reason(&w, &f),
        w,
        f,
        via: None,
    }
}

/// A shortest word `dfa` accepts, if any.
fn shortest_accepted(dfa: &Dfa) -> Result<Option<Vec<u8>>, Error> {
    let letters = dfa.alphabet();
    let empty = Dfa::new(letters, vec![0; letters], vec![false], 0)?;
    dfa.shortest_difference(&empty)
}
