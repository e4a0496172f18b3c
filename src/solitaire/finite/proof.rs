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
use crate::automata::relation::{Inclusion, PAIR_LETTERS, prove_relation, show_pair};
use crate::budget::Budget;
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
    /// The start word w of the pair (w, f).
    pub w: Word,
    /// The final word f of the pair (w, f).
    pub f: Word,
    /// For step 2: the word between (w reaches `via` in A, `via` → f is one hop).
    pub via: Option<Word>,
    /// Why the pair refutes the step.
    pub reason: String,
}

/// The three steps' verdicts for one automaton.
#[derive(Clone, Debug)]
pub struct Proof {
    /// The verdicts of steps 1, 2 and 3, in order.
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
    let word = |cells: &[u8]| Word::from_cells(cells.iter().map(|&c| c == 1));
    let steps = prove_relation(a, &one_hop(), 2, &Budget::default())?
        .into_iter()
        .map(|step| {
            let counterexample = step.counterexample.map(|words| {
                let (w, f) = (word(&words[0]), word(&words[1]));
                match step.inclusion {
                    Inclusion::Identity => Counterexample {
                        reason: format!("{} is rejected", show_pair(&w, &f)),
                        w,
                        f,
                        via: None,
                    },
                    Inclusion::Closed => {
                        let g = word(&words[2]);
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
                    }
                    Inclusion::FirstStep => Counterexample {
                        reason: format!(
                            "{} is accepted, but no hop from {w} leads to a word accepted with {f}",
                            show_pair(&w, &f)
                        ),
                        w,
                        f,
                        via: None,
                    },
                }
            });
            let (name, claim) = match step.inclusion {
                Inclusion::Identity => ("identity", "every pair (w, w) is accepted"),
                Inclusion::Closed => (
                    "closed under a hop",
                    "if (w, f) is accepted and f → g by one hop, (w, g) is accepted",
                ),
                Inclusion::FirstStep => (
                    "a first hop",
                    "if (w, f) is accepted and w ≠ f, some hop w → g leaves (g, f) accepted",
                ),
            };
            Step {
                name,
                claim,
                product_states: step.product_states,
                counterexample,
            }
        })
        .collect();
    Ok(Proof { steps })
}
