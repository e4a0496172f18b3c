//! Rule sets (`unhop rules`): `rules(name_or_file)` gives a `Rules` object with `count`,
//! `solve`, `learn` and `prove`, each answering with the library's report, the fields of the
//! command's JSON.

use crate::automata::Dfa;
use crate::report::to_python;
use crate::{big_int, interruptible, parse, py_err};
use pyo3::prelude::*;
use unhop::Method;
use unhop::automata::{Alphabet, NamedDfa};
use unhop::budget::Budget;
use unhop::rules::{Learnable, RuleSet, Target, WordSolver, count, learn_report, prove_report};
use unhop::solitaire::Board;

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

    /// The cheapest way to reduce `word` (in the rule set's letters): a dict with the fields
    /// of ``unhop rules solve --json`` (the library's `RulesSolveReport`): `word`, `board`,
    /// `weight`, `final`, `final_offset`, `steps` (dicts `at`, `rule`) and `engine`,
    /// replayed by the library's checker.
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
        let report = interruptible(py, |progress| {
            let budget = Budget::default();
            WordSolver::new(rules, method, &budget, progress)?
                .report(word, &letters, board, &budget)
        })?;
        to_python(py, &report)
    }

    /// Learns the minimal automaton of the words that reach `target` from every word up to
    /// length `max_len` (default: the library's), or with ``relation=True`` the relation
    /// "w reaches f" on word pairs. A dict with the fields of ``unhop rules learn --json``
    /// (the library's `RulesLearnReport`; `same_as_proved`: whether it equals the automaton
    /// derived from a proved relation), and for a language its automaton as `dfa`.
    /// `bound` is the old name of `max_len`.
    ///
    /// >>> r = unhop.rules("solitaire").learn(board="finite")
    /// >>> r["same_as_proved"], r["dfa"].count(20)
    /// (True, 2157)
    #[pyo3(signature = (target = "one", board = "infinite", max_len = None, relation = false, bound = None))]
    fn learn<'py>(
        &self,
        py: Python<'py>,
        target: &str,
        board: &str,
        max_len: Option<usize>,
        relation: bool,
        bound: Option<usize>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let board: Board = parse(board)?;
        let rules = &self.inner;
        let target = Target::named(rules, target).map_err(py_err)?;
        let what = match relation {
            true => Learnable::Relation,
            false => Learnable::Language(&target, board),
        };
        let (report, dfa) = interruptible(py, |progress| {
            learn_report(
                rules,
                what,
                max_len.or(bound),
                false,
                &Budget::default(),
                progress,
            )
        })?;
        let out = to_python(py, &report)?;
        if !relation {
            let alphabet = Alphabet::new(self.letters()).map_err(py_err)?;
            let named = NamedDfa::new(dfa, alphabet).map_err(py_err)?;
            out.set_item("dfa", Py::new(py, Dfa::from(named))?)?;
        }
        Ok(out)
    }

    /// Learns the relation "w reaches f" on the finite board from every pair up to length
    /// `max_len` and proves it by automata (identity, closure under a step, a first step): a
    /// dict with the fields of ``unhop rules prove --json`` (the library's
    /// `RulesProofReport`; `holds`: whether every step holds; each step with its claim and a
    /// counterexample when it fails). `bound` is the old name of `max_len`.
    ///
    /// >>> unhop.rules("solitaire").prove()["holds"]
    /// True
    #[pyo3(signature = (max_len = None, bound = None))]
    fn prove<'py>(
        &self,
        py: Python<'py>,
        max_len: Option<usize>,
        bound: Option<usize>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let rules = &self.inner;
        let report = interruptible(py, |progress| {
            prove_report(
                rules,
                max_len.or(bound),
                None,
                false,
                &Budget::default(),
                progress,
            )
        })?;
        to_python(py, &report)
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
