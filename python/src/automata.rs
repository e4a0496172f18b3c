//! Automata: the `Dfa` class over the library's named-symbol DFAs.

use crate::report::to_python;
use crate::{big_int, interruptible, py_err};
use pyo3::prelude::*;
use unhop::automata::{GeneratingFunctionReport, NamedDfa, TextFormat, decimal, load_automaton};
use unhop::budget::Budget;

/// A complete deterministic automaton whose symbols have names (single characters such as
/// 0 and 1, or longer names read from JSON or AT&T text).
///
/// ``Dfa(regex, alphabet=None)`` compiles a regular expression (``alphabet``: the
/// characters of the words, such as "01"; by default those the expression uses);
/// ``Dfa.from_json(text)``, ``Dfa.from_att(text)`` and ``Dfa.read(text)`` (either, JSON when
/// it starts with ``{``) read the formats ``to_json`` and ``to_att`` write.
///
/// >>> a = unhop.Dfa("(0|1)*1", alphabet="01")
/// >>> a.accepts("0101"), a.accepts("10")
/// (True, False)
/// >>> a.minimize().states
/// 2
/// >>> [a.count(n) for n in range(5)]
/// [0, 1, 2, 4, 8]
/// >>> a.equivalent(unhop.Dfa("(0|1)*1|0", alphabet="01"))
/// (False, '0')
#[pyclass(frozen, module = "unhop")]
pub struct Dfa {
    inner: NamedDfa,
}

impl From<NamedDfa> for Dfa {
    fn from(inner: NamedDfa) -> Dfa {
        Dfa { inner }
    }
}

fn dfa(inner: NamedDfa) -> Dfa {
    Dfa { inner }
}

impl Dfa {
    /// The minimal DFA of the product with `other`, a word accepted when `accept` says so of
    /// the two verdicts (symbols merged by name).
    fn product(&self, other: &Dfa, accept: fn(bool, bool) -> bool) -> PyResult<Dfa> {
        let both = [self.inner.clone(), other.inner.clone()];
        NamedDfa::product_of(&both, accept, &Budget::default())
            .map(dfa)
            .map_err(py_err)
    }
}

#[pymethods]
impl Dfa {
    #[new]
    #[pyo3(signature = (regex, alphabet = None))]
    fn new(regex: &str, alphabet: Option<&str>) -> PyResult<Dfa> {
        NamedDfa::from_regex(regex, alphabet, &Budget::default())
            .map(dfa)
            .map_err(py_err)
    }

    /// The automaton of a regular expression (as the constructor).
    #[staticmethod]
    #[pyo3(signature = (regex, alphabet = None))]
    fn from_regex(regex: &str, alphabet: Option<&str>) -> PyResult<Dfa> {
        Dfa::new(regex, alphabet)
    }

    /// An automaton from the JSON text `to_json` writes.
    ///
    /// >>> a = unhop.Dfa("ab*")
    /// >>> unhop.Dfa.from_json(a.to_json()).equivalent(a)
    /// (True, None)
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<Dfa> {
        TextFormat::Json
            .read(text, "the JSON text", &Budget::default())
            .map(|(d, _)| dfa(d))
            .map_err(py_err)
    }

    /// An automaton from AT&T (OpenFst) text, as `to_att` writes: lines ``from to symbol``
    /// and accepting states alone on a line.
    ///
    /// >>> unhop.Dfa.from_att("0 1 a\n1 1 b\n1\n").accepts("abb")
    /// True
    #[staticmethod]
    fn from_att(text: &str) -> PyResult<Dfa> {
        TextFormat::Att
            .read(text, "the AT&T text", &Budget::default())
            .map(|(d, _)| dfa(d))
            .map_err(py_err)
    }

    /// An automaton from JSON (text starting with ``{``) or AT&T text, read by the library's
    /// one loader (as ``unhop dfa`` reads standard input).
    ///
    /// >>> unhop.Dfa.read("0 1 a\n1\n").accepts("a")
    /// True
    #[staticmethod]
    fn read(text: &str) -> PyResult<Dfa> {
        load_automaton("-", None, || Ok(text.as_bytes()), &Budget::default())
            .map(dfa)
            .map_err(py_err)
    }

    /// The automaton `spec` names, as ``unhop dfa`` takes it (the library's one loader): a
    /// ``.json`` or ``.att`` file (at most 256 MiB), else a regular expression over
    /// `alphabet` (by default the characters it uses).
    ///
    /// >>> unhop.Dfa.load("(a|b)*abb").accepts("babb")
    /// True
    #[staticmethod]
    #[pyo3(signature = (spec, alphabet = None))]
    fn load(spec: &str, alphabet: Option<&str>) -> PyResult<Dfa> {
        let no_stdin = || -> Result<&[u8], unhop::Error> {
            Err(unhop::Error::new(
                "- (standard input) is for the command line; give the text to Dfa.read",
            ))
        };
        load_automaton(spec, alphabet, no_stdin, &Budget::default())
            .map(dfa)
            .map_err(py_err)
    }

    /// The number of states (the automaton is complete: a dead state counts).
    #[getter]
    fn states(&self) -> usize {
        self.inner.dfa().states()
    }

    /// The start state.
    #[getter]
    fn start(&self) -> u32 {
        self.inner.dfa().start()
    }

    /// The accepting states, in increasing order.
    #[getter]
    fn accepting(&self) -> Vec<u32> {
        let d = self.inner.dfa();
        (0..d.states() as u32)
            .filter(|&s| d.is_accepting(s))
            .collect()
    }

    /// The symbols' names, in letter order.
    #[getter]
    fn alphabet(&self) -> Vec<String> {
        self.inner.alphabet().names().to_vec()
    }

    /// Every transition as ``(from, symbol, to)``, by state then symbol.
    ///
    /// >>> unhop.Dfa("a", alphabet="ab").minimize().transitions[:2]
    /// [(0, 'a', 1), (0, 'b', 2)]
    #[getter]
    fn transitions(&self) -> Vec<(u32, String, u32)> {
        let d = self.inner.dfa();
        let names = self.inner.alphabet().names();
        let mut out = Vec::with_capacity(d.states() * names.len());
        for s in 0..d.states() as u32 {
            for (letter, name) in names.iter().enumerate() {
                out.push((s, name.clone(), d.next(s, letter as u8)));
            }
        }
        out
    }

    /// The minimal automaton of the same language (Hopcroft's algorithm).
    fn minimize(&self) -> PyResult<Dfa> {
        self.inner
            .minimized(&Budget::default())
            .map(dfa)
            .map_err(py_err)
    }

    /// The words over the automaton's symbols that it rejects.
    fn complement(&self) -> Dfa {
        dfa(self.inner.complement())
    }

    /// The reversed words (subset construction, minimised).
    fn reverse(&self) -> PyResult<Dfa> {
        self.inner
            .reversed(&Budget::default())
            .map(dfa)
            .map_err(py_err)
    }

    /// The words both accept (symbols merged by name), minimised.
    fn intersect(&self, other: &Dfa) -> PyResult<Dfa> {
        self.product(other, |a, b| a && b)
    }

    /// The words either accepts (symbols merged by name), minimised.
    fn union(&self, other: &Dfa) -> PyResult<Dfa> {
        self.product(other, |a, b| a || b)
    }

    /// The words this one accepts and `other` rejects, minimised.
    fn difference(&self, other: &Dfa) -> PyResult<Dfa> {
        self.product(other, |a, b| a && !b)
    }

    /// ``(True, None)`` when both accept the same words, else ``(False, word)`` with a
    /// shortest word on which they differ (written as ``unhop dfa equiv --json`` writes it,
    /// ``<eps>`` for the empty word).
    fn equivalent(&self, other: &Dfa) -> PyResult<(bool, Option<String>)> {
        let d = self
            .inner
            .shortest_difference(&other.inner, &Budget::default())
            .map_err(py_err)?;
        Ok(match d {
            None => (true, None),
            Some(d) => (false, Some(d.text())),
        })
    }

    /// Whether the automaton accepts `word` (written over its symbols); a word with a symbol
    /// it lacks is not accepted. O(length).
    fn accepts(&self, word: &str) -> bool {
        self.inner.accepts_text(word)
    }

    /// The exact number of accepted words of length `n`, as a Python int (transfer-matrix
    /// powers; refused beyond the library's work limit).
    fn count<'py>(&self, py: Python<'py>, n: u64) -> PyResult<Bound<'py, PyAny>> {
        let c = interruptible(py, |progress| {
            self.inner.count_accepted(n, progress, &Budget::default())
        })?;
        big_int(py, &decimal(&c))
    }

    /// The generating function Σ (accepted words of length n) xⁿ as a fraction of
    /// polynomials: a dict with the fields of ``unhop dfa gf --json`` (the library's
    /// `GeneratingFunctionReport`): `generating_function` (its text), `numerator` and
    /// `denominator` (coefficient lists, constant term first, Python ints of any size).
    ///
    /// >>> unhop.Dfa("(0|1)*", alphabet="01").generating_function()
    /// {'generating_function': '(1) / (1 - 2x)', 'numerator': [1], 'denominator': [1, -2]}
    fn generating_function<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let gf = interruptible(py, |progress| {
            self.inner.generating_function(progress, &Budget::default())
        })?;
        to_python(py, &GeneratingFunctionReport::from(&gf))
    }

    /// Graphviz DOT, transitions labelled with the symbols' names.
    #[pyo3(signature = (title = "DFA"))]
    fn to_dot(&self, title: &str) -> String {
        self.inner.to_dot(title)
    }

    /// JSON text, readable back with `Dfa.from_json` (and by ``unhop dfa``).
    fn to_json(&self) -> String {
        self.inner.to_json()
    }

    /// AT&T (OpenFst) text, readable back with `Dfa.from_att`.
    fn to_att(&self) -> String {
        self.inner.to_att()
    }

    /// The transition table as text (as ``unhop dfa show`` prints it).
    fn to_table(&self) -> String {
        self.inner.to_table()
    }

    fn __repr__(&self) -> String {
        format!(
            "<Dfa: {} states, {} accepting, symbols {:?}>",
            self.states(),
            self.accepting().len(),
            self.alphabet()
        )
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Dfa>()?;
    Ok(())
}
