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

use super::learn::learn_reach_with_progress;
use super::reach_automaton;
use super::transducer::one_hop;
use crate::automata::relation::{Move, PAIR_LETTERS, prove_relation};
use crate::automata::{Dfa, Learned};
use crate::budget::Budget;
use crate::error::Error;
use crate::progress::Progress;
use crate::word::Word;

pub use crate::automata::relation::{Counterexample, Step};

/// The three steps' verdicts for one automaton.
#[derive(Clone, Debug)]
pub struct Proof {
    /// The verdicts of steps 1, 2 and 3, in order.
    pub steps: Vec<Step>,
}

impl Proof {
    /// Whether every step holds, so that A = R.
    pub fn holds(&self) -> bool {
        self.steps.iter().all(|s| s.holds)
    }
}

/// Runs the three checks on `a`, a DFA over the pair alphabet.
///
/// # Complexity
///
/// Products of at most |A|² × 7 states; milliseconds for the 16-state automaton of R.
///
/// # Examples
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
        .iter()
        .map(|step| step.report(Move::Hop, word))
        .collect();
    Ok(Proof { steps })
}

/// The theorem `unhop prove finite-reach` proves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Theorem {
    /// Finite-board reachability is the 16-state automaton over letter pairs.
    FiniteReach,
}

/// What the theorem states.
pub const STATEMENT: &str = "for words w, f of equal length, w reaches f by hops on the \
finite board if and only if the automaton accepts the pair (w, f)";

/// The verdict of `unhop prove finite-reach`: the automaton learned from exhaustive
/// reachability, compared with the built-in table and put to the proof.
#[derive(Clone, Debug, serde::Serialize, schemars::JsonSchema)]
pub struct FiniteReachProof {
    /// The theorem proved.
    pub theorem: Theorem,
    /// What it states.
    pub statement: &'static str,
    /// The bound: every pair up to this length was asked.
    pub max_len: usize,
    /// The learned automaton's number of states.
    pub states: usize,
    /// Its live states (from which an accepting state can be reached).
    pub live_states: usize,
    /// The pair words asked.
    pub queries: u64,
    /// The prefixes' length bound of the learner's table.
    pub prefix_len: usize,
    /// The suffixes' length bound of the learner's table.
    pub suffix_len: usize,
    /// Whether the learned automaton is the built-in table of R.
    pub matches_builtin: bool,
    /// The state whose acceptance was flipped before the proof (to make the automaton
    /// deliberately wrong), if any.
    pub flip_state: Option<u32>,
    /// The three steps of the proof, in order.
    pub steps: Vec<Step>,
    /// Whether the theorem is proved: every step holds and the automaton is the built-in
    /// one.
    pub holds: bool,
    /// With `--dot`: the automaton proved (after any flip) in Graphviz DOT, arrows labelled
    /// `w/f`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dot: Option<String>,
}

/// Proves the theorem: learns R from every pair up to `max_len` (2 to
/// [`super::MAX_LEARN_LEN`]), flips the acceptance of `flip_state` if given, and runs the
/// proof ([`prove`]); with `dot`, draws the automaton proved.
///
/// # Complexity
///
/// The learner's O(4^max_len) time and bytes (about a second at 12), then the proof's
/// milliseconds.
///
/// # Examples
///
/// ```
/// use unhop::solitaire::finite::prove_finite_reach;
/// let proof = prove_finite_reach(10, None, false, &unhop::Quiet).unwrap();
/// assert!(proof.holds && proof.matches_builtin && proof.states == 16);
/// let wrong = prove_finite_reach(10, Some(3), false, &unhop::Quiet).unwrap();
/// assert!(!wrong.holds && wrong.steps.iter().any(|s| s.counterexample.is_some()));
/// ```
pub fn prove_finite_reach(
    max_len: usize,
    flip_state: Option<u32>,
    dot: bool,
    progress: &dyn Progress,
) -> Result<FiniteReachProof, Error> {
    let learned: Learned = learn_reach_with_progress(max_len, progress)?;
    let matches_builtin = learned.dfa.canonical() == *reach_automaton();
    let automaton = match flip_state {
        None => learned.dfa.clone(),
        Some(state) => learned
            .dfa
            .with_acceptance_flipped(state)
            .map_err(|e| Error::new(format!("--flip-state {state}: {e}")))?,
    };
    let proof = prove(&automaton)?;
    let title = format!(
        "finite-board reachability R, learned from every pair up to length {}",
        learned.max_len
    );
    Ok(FiniteReachProof {
        theorem: Theorem::FiniteReach,
        statement: STATEMENT,
        max_len: learned.max_len,
        states: automaton.states(),
        live_states: automaton.live_states().iter().filter(|&&l| l).count(),
        queries: learned.queries,
        prefix_len: learned.prefix_len,
        suffix_len: learned.suffix_len,
        matches_builtin,
        flip_state,
        holds: proof.holds() && matches_builtin,
        steps: proof.steps,
        dot: dot.then(|| automaton.to_pair_dot(&title)),
    })
}
