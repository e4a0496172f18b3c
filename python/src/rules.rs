//! Rule sets (`unhop rules`): `rules(name_or_file)` gives a `Rules` object with `count`,
//! `solve`, `learn` and `prove`, each answering with the fields of the command's JSON.

use crate::automata::Dfa;
use crate::puzzles::from_json;
use crate::{big_int, interruptible, parse, py_err};
use pyo3::prelude::*;
use serde_json::json;
use unhop::automata::{Alphabet, NamedDfa};
use unhop::budget::Budget;
use unhop::rules::{
    RuleSet, Target, WordSolver, count, default_language_bound, default_relation_bound,
    inclusion_claim, learn_language, learn_relation, prove_automaton, proved_language_if_any,
};
use unhop::solitaire::Board;
use unhop::{Method, Quiet};

/// A rule set: letters, rewriting rules with weights, and targets (``unhop rules list``
/// names the built-in ones; a TOML file gives your own).
///
/// >>> r = unhop.rules("solitaire")
/// >>> r.name, r.count(20, board="finite")
/// ('solitaire', 2157)
#[pyclass(frozen, module = "unhop")]
pub struct Rules {
    inner: RuleSet,
}

/// The rule set named `name_or_file`: a built-in name or a rule file (TOML).
#[pyfunction]
fn rules(name_or_file: &str) -> PyResult<Rules> {
    RuleSet::load(name_or_file)
        .map(|inner| Rules { inner })
        .map_err(py_err)
}

#[pymethods]
impl Rules {
    /// The rule set's name.
    #[getter]
    fn name(&self) -> String {
        self.inner.name().to_string()
    }

    /// The letters, in order.
    #[getter]
    fn letters(&self) -> Vec<String> {
        self.inner.chars().iter().map(char::to_string).collect()
    }

    /// The rules as text (such as ``110>001``).
    #[getter]
    fn rule_list(&self) -> Vec<String> {
        self.inner
            .rules()
            .iter()
            .map(|r| self.inner.show_rule(r))
            .collect()
    }

    /// The exact number of words of length `n` from which the target ("one", "empty", …) can
    /// be reached, as a Python int (``unhop rules count``).
    #[pyo3(signature = (n, target = "one", board = "infinite", method = "fast"))]
    fn count<'py>(
        &self,
        py: Python<'py>,
        n: u64,
        target: &str,
        board: &str,
        method: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (board, method): (Board, Method) = (parse(board)?, parse(method)?);
        let target = Target::named(&self.inner, target).map_err(py_err)?;
        let c = interruptible(py, |progress| {
            count(
                &self.inner,
                n,
                &target,
                board,
                method,
                &Budget::default(),
                progress,
            )
        })?;
        big_int(py, &c.to_string())
    }

    /// The cheapest way to reduce `word` (in the rule set's letters): a dict with `word`,
    /// `board`, `weight`, `final`, `offset` and `steps` (dicts `at`, `rule`), replayed by the
    /// library's checker (``unhop rules solve --json``).
    ///
    /// >>> unhop.rules("solitaire").solve("0110")["weight"]
    /// 1
    #[pyo3(signature = (word, board = "infinite", method = "fast"))]
    fn solve<'py>(
        &self,
        py: Python<'py>,
        word: &str,
        board: &str,
        method: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (board, method): (Board, Method) = (parse(board)?, parse(method)?);
        let rules = &self.inner;
        let letters = rules.parse_word(word).map_err(py_err)?;
        let answer = interruptible(py, |progress| {
            let budget = Budget::default();
            let solver = WordSolver::new(rules, method, &budget, progress)?;
            let s = solver.solve(&letters, board, &budget)?;
            let steps: Vec<serde_json::Value> = s
                .steps
                .iter()
                .map(|st| json!({"at": st.at, "rule": rules.show_rule(&rules.rules()[st.rule])}))
                .collect();
            Ok(json!({
                "word": word, "board": board.to_string(), "weight": s.weight,
                "final": rules.show_word(&s.final_word), "offset": s.final_offset,
                "steps": steps, "engine": solver.engine().name(),
            }))
        })?;
        from_json(py, &answer)
    }

    /// Learns the minimal automaton of the words that reach `target` from every word up to
    /// length `bound` (default: the library's), or with ``relation=True`` the relation
    /// "w reaches f" on word pairs. A dict with the fields of ``unhop rules learn --json``
    /// (`same_as_proved`: whether it equals the automaton derived from a proved relation),
    /// and for a language its automaton as `dfa`.
    ///
    /// >>> r = unhop.rules("solitaire").learn(board="finite")
    /// >>> r["same_as_proved"], r["dfa"].count(20)
    /// (True, 2157)
    #[pyo3(signature = (target = "one", board = "infinite", bound = None, relation = false))]
    fn learn<'py>(
        &self,
        py: Python<'py>,
        target: &str,
        board: &str,
        bound: Option<usize>,
        relation: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let board: Board = parse(board)?;
        let rules = &self.inner;
        let target = Target::named(rules, target).map_err(py_err)?;
        let (learned, what, same) = interruptible(py, |progress| {
            if relation {
                let bound = bound.unwrap_or_else(|| default_relation_bound(rules));
                Ok((
                    learn_relation(rules, bound, &Budget::default(), progress)?,
                    "R".to_string(),
                    None,
                ))
            } else {
                let bound = bound.unwrap_or_else(|| default_language_bound(rules));
                let budget = Budget::default();
                let learned = learn_language(rules, &target, board, bound, &budget, progress)?;
                let proved = proved_language_if_any(rules, &target, board, &budget, &Quiet)?;
                let same = match proved {
                    Some(p) => Some(
                        learned
                            .dfa
                            .shortest_difference(&p, &unhop::budget::Budget::default())?
                            .is_none(),
                    ),
                    None => None,
                };
                Ok((learned, target.name(), same))
            }
        })?;
        let answer = json!({
            "rules": rules.name(), "learned": what,
            "board": (!relation).then(|| board.to_string()),
            "bound": learned.max_len, "queries": learned.queries,
            "states": learned.dfa.states(), "same_as_proved": same,
        });
        let out = from_json(py, &answer)?;
        if !relation {
            let alphabet = Alphabet::new(self.letters()).map_err(py_err)?;
            let named = NamedDfa::new(learned.dfa, alphabet).map_err(py_err)?;
            out.set_item("dfa", Py::new(py, Dfa::from(named))?)?;
        }
        Ok(out)
    }

    /// Learns the relation "w reaches f" on the finite board from every pair up to length
    /// `bound` and proves it by automata (identity, closure under a step, a first step): a
    /// dict with the fields of ``unhop rules prove --json`` (`holds`: whether every step
    /// holds; each step with its claim and a counterexample when it fails).
    ///
    /// >>> unhop.rules("solitaire").prove()["holds"]
    /// True
    #[pyo3(signature = (bound = None))]
    fn prove<'py>(&self, py: Python<'py>, bound: Option<usize>) -> PyResult<Bound<'py, PyAny>> {
        let rules = &self.inner;
        let answer = interruptible(py, |progress| {
            let bound = bound.unwrap_or_else(|| default_relation_bound(rules));
            let learned = learn_relation(rules, bound, &Budget::default(), progress)?;
            let proof = prove_automaton(rules, learned)?;
            let show = |words: &Vec<Vec<u8>>| -> Vec<String> {
                words.iter().map(|w| rules.show_word(w)).collect()
            };
            let steps: Vec<serde_json::Value> = proof
                .steps
                .iter()
                .map(|s| {
                    let (name, claim) = inclusion_claim(s.inclusion);
                    json!({
                        "name": name, "claim": claim, "holds": s.counterexample.is_none(),
                        "product_states": s.product_states,
                        "counterexample": s.counterexample.as_ref().map(show),
                    })
                })
                .collect();
            Ok(json!({
                "rules": rules.name(), "bound": proof.learned.max_len,
                "states": proof.learned.dfa.states(), "flip_state": null,
                "steps": steps, "holds": proof.holds(),
            }))
        })?;
        from_json(py, &answer)
    }

    fn __repr__(&self) -> String {
        format!(
            "<Rules {:?}: {} rules>",
            self.inner.name(),
            self.inner.rules().len()
        )
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Rules>()?;
    m.add_function(wrap_pyfunction!(rules, m)?)?;
    Ok(())
}
