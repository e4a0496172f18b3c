//! One-dimensional peg solitaire: `solve`, `check`, `count`, `counts`, `language`.

use crate::automata::Dfa;
use crate::batch::{CollectorPaused, Texts};
use crate::report::to_python;
use crate::{at_item, big_int, interruptible, parse, py_err};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};
use unhop::automata::{Alphabet, NamedDfa};
use unhop::solitaire::{Board, Language, StreamCheck, check_with, count_with, solve_with_progress};
use unhop::{Error, Method, Pattern, Progress, Quiet, Word};

/// A word from Python text: `0`/`1` (or `.`/`x`) cells, or a pattern without a variable such
/// as `11(01)^3`. A bad word is a `ValueError` naming the position.
pub(crate) fn word_of(text: &str) -> PyResult<Word> {
    Pattern::single_word(text).map_err(py_err)
}

/// Calls `each` with the index and the parsed word of every item of an iterable of `str`;
/// a bad word is a `ValueError` naming the item and the position.
pub(crate) fn for_each_word(
    arg: &Bound<'_, PyAny>,
    mut each: impl FnMut(usize, Word),
) -> PyResult<()> {
    for (k, item) in arg.try_iter()?.enumerate() {
        let item = item?;
        let text = item
            .cast::<PyString>()
            .map_err(|_| PyTypeError::new_err(format!("word {k} (0-based) is not a str")))?;
        each(
            k,
            Pattern::single_word(text.to_str()?).map_err(|e| at_item(k, e))?,
        );
    }
    Ok(())
}

/// One word (`str`) or the words of an iterable: `(true, [word])` for a single `str`.
pub(crate) fn words_of(arg: &Bound<'_, PyAny>) -> PyResult<(bool, Vec<Word>)> {
    if let Ok(text) = arg.cast::<PyString>() {
        return Ok((true, vec![word_of(text.to_str()?)?]));
    }
    let mut words = Vec::new();
    for_each_word(arg, |_, w| words.push(w))?;
    Ok((false, words))
}

/// A minimum-peg solution: `word`, `board`, `method`, `min_pegs`, `final` (the final word),
/// `final_offset` (the cell of the input where `final` starts) and `hops`, a list of `(from,
/// over, to)` cell numbers of the input word (on the infinite board they may be negative or
/// beyond its end): the fields of the library's `SolveReport`, which `unhop solve --json`
/// writes.
///
/// The fields are made on access from the library's values (a batch of a million solutions
/// makes a million small objects, not seven million).
#[pyclass(frozen, module = "unhop")]
pub struct Solution {
    word: Word,
    board: Board,
    method: Method,
    solution: unhop::solitaire::Solution,
}

#[pymethods]
impl Solution {
    #[getter]
    fn word(&self) -> String {
        self.word.to_string()
    }

    #[getter]
    fn board(&self) -> String {
        self.board.to_string()
    }

    #[getter]
    fn method(&self) -> String {
        self.method.to_string()
    }

    #[getter]
    fn min_pegs(&self) -> usize {
        self.solution.min_pegs
    }

    #[getter]
    #[pyo3(name = "final")]
    fn final_word(&self) -> String {
        self.solution.final_word.to_string()
    }

    #[getter]
    fn final_offset(&self) -> i64 {
        self.solution.final_offset
    }

    #[getter]
    fn hops(&self) -> Vec<(i64, i64, i64)> {
        let hops = self.solution.hops.iter();
        hops.map(|h| (h.from(), h.over(), h.to())).collect()
    }

    fn __repr__(&self) -> String {
        format!(
            "Solution(word={:?}, board={:?}, method={:?}, min_pegs={}, final={:?}, \
             final_offset={}, hops={:?})",
            self.word(),
            self.board(),
            self.method(),
            self.min_pegs(),
            self.final_word(),
            self.final_offset(),
            self.hops()
        )
    }
}

/// The minimum number of pegs `word` can be reduced to, with the final word and the hops,
/// every solution replayed by the library's independent checker before it is returned.
/// `word` is a str (0/1 or ./x, or a pattern such as ``11(01)^3``) or an iterable of them
/// (then a list of solutions, the words answered on every core with the GIL released; a bad
/// word is a `ValueError` naming the first bad one's index). O(n) time on both boards with
/// the fast method.
///
/// >>> s = unhop.solve("1101101")
/// >>> s.min_pegs, s.final, s.hops
/// (2, '0010100', [(3, 4, 5), (6, 5, 4), (0, 1, 2)])
/// >>> unhop.solve("01111", board="finite").min_pegs
/// 2
/// >>> [s.min_pegs for s in unhop.solve(["1111", "110"], board="finite")]
/// [4, 1]
#[pyfunction]
#[pyo3(signature = (word, board = "infinite", method = "fast"))]
fn solve(
    py: Python<'_>,
    word: &Bound<'_, PyAny>,
    board: &str,
    method: &str,
) -> PyResult<Py<PyAny>> {
    let (board, method): (Board, Method) = (parse(board)?, parse(method)?);
    let texts = Texts::of(word)?;
    let mut solutions = texts.answer_each(py, |text, progress| {
        let word = Pattern::single_word(text)?;
        let solution = solve_with_progress(&word, board, method, progress)?;
        Ok(Solution {
            word,
            board,
            method,
            solution,
        })
    })?;
    if texts.single() {
        return Ok(Py::new(py, solutions.remove(0))?.into_any());
    }
    let _paused = CollectorPaused::new(py)?;
    let objects = solutions
        .into_iter()
        .map(|s| Py::new(py, s))
        .collect::<PyResult<Vec<_>>>()?;
    Ok(PyList::new(py, objects)?.into_any().unbind())
}

/// Whether the word or pattern `text` reduces to one peg: a word of plain cells by the fast
/// method is read straight from the text ([`StreamCheck`], no allocation), anything else
/// parsed first.
fn check_text(
    text: &str,
    board: Board,
    method: Method,
    progress: &dyn Progress,
) -> Result<bool, Error> {
    if method == Method::Fast && !text.is_empty() {
        let mut check = StreamCheck::new(board);
        if check.feed(text.as_bytes()).is_ok() {
            return Ok(check.reduces());
        }
    }
    check_with(&Pattern::single_word(text)?, board, method, progress)
}

/// Whether `word` reduces to one peg: a bool, or a list of bools for an iterable of words
/// (answered on every core with the GIL released). The fast method runs the one-peg
/// language's automaton, eight cells a table load.
///
/// >>> unhop.check("1101101"), unhop.check("011")
/// (False, True)
/// >>> unhop.check(["110", "1111", "01111"], board="finite")
/// [True, False, False]
#[pyfunction]
#[pyo3(signature = (word, board = "infinite", method = "fast"))]
fn check(
    py: Python<'_>,
    word: &Bound<'_, PyAny>,
    board: &str,
    method: &str,
) -> PyResult<Py<PyAny>> {
    let (board, method): (Board, Method) = (parse(board)?, parse(method)?);
    if method == Method::Fast
        && let Ok(text) = word.cast::<PyString>()
    {
        // One word by the fast method: one automaton run, no worker thread.
        let answer = check_text(text.to_str()?, board, method, &Quiet).map_err(py_err)?;
        return Ok(answer.into_pyobject(py)?.to_owned().into_any().unbind());
    }
    let texts = Texts::of(word)?;
    let answers = texts.answer_each(py, |text, progress| {
        check_text(text, board, method, progress)
    })?;
    if texts.single() {
        return Ok(answers[0].into_pyobject(py)?.to_owned().into_any().unbind());
    }
    Ok(PyList::new(py, answers)?.into_any().unbind())
}

/// The exact number of words of length `n` (1 ≤ n ≤ 10^18) that reduce to one peg, as a
/// Python int. The fast method multiplies the automaton's transfer matrix: O(s³ log n)
/// big-integer products; the exhaustive one (n ≤ 20) searches every word.
///
/// >>> [unhop.count(n, board="finite") for n in range(1, 11)]
/// [1, 2, 5, 9, 13, 22, 31, 52, 73, 117]
/// >>> unhop.count(10**18) > 10**30
/// True
#[pyfunction]
#[pyo3(signature = (n, board = "infinite", method = "fast"))]
fn count<'py>(py: Python<'py>, n: u64, board: &str, method: &str) -> PyResult<Bound<'py, PyAny>> {
    let (board, method): (Board, Method) = (parse(board)?, parse(method)?);
    let count = interruptible(py, |progress| count_with(n, board, method, progress))?;
    big_int(py, &count.to_string())
}

/// `count` for every length of an iterable (such as a range), as a list of Python ints.
///
/// >>> unhop.counts(range(1, 8), board="finite")
/// [1, 2, 5, 9, 13, 22, 31]
#[pyfunction]
#[pyo3(signature = (lengths, board = "infinite", method = "fast"))]
fn counts<'py>(
    py: Python<'py>,
    lengths: &Bound<'py, PyAny>,
    board: &str,
    method: &str,
) -> PyResult<Bound<'py, PyList>> {
    let (board, method): (Board, Method) = (parse(board)?, parse(method)?);
    let ns: Vec<u64> = lengths
        .try_iter()?
        .map(|n| n?.extract::<u64>())
        .collect::<PyResult<_>>()?;
    let counts = interruptible(py, |progress| {
        ns.iter()
            .map(|&n| count_with(n, board, method, progress).map(|c| c.to_string()))
            .collect::<Result<Vec<_>, _>>()
    })?;
    let list = PyList::empty(py);
    for c in counts {
        list.append(big_int(py, &c)?)?;
    }
    Ok(list)
}

/// The one-peg language of `board` (the words that reduce to one peg): a dict with the
/// fields of ``unhop lang --regex --json`` (the library's `LanguageExpressions`: `board`,
/// `expression` in the paper's notation with ``+`` for union, `regex`), `dfa` and
/// `minimal_dfa` (as `Dfa` objects over the symbols 0 and 1) and `stats` (the library's
/// `LanguageStats`, the fields of ``unhop lang --stats --json``).
///
/// >>> lang = unhop.language("finite")
/// >>> lang["minimal_dfa"].accepts("011"), lang["minimal_dfa"].count(20)
/// (True, 2157)
#[pyfunction]
#[pyo3(signature = (board = "infinite"))]
fn language<'py>(py: Python<'py>, board: &str) -> PyResult<Bound<'py, PyAny>> {
    let board: Board = parse(board)?;
    let language = Language::of(board);
    let alphabet = Alphabet::new(["0", "1"]).map_err(py_err)?;
    let named = |dfa: &unhop::automata::Dfa| -> PyResult<Dfa> {
        Ok(Dfa::from(
            NamedDfa::new(dfa.clone(), alphabet.clone()).map_err(py_err)?,
        ))
    };
    let out = to_python(py, &language.expressions())?;
    out.set_item("dfa", Py::new(py, named(language.dfa())?)?)?;
    out.set_item("minimal_dfa", Py::new(py, named(language.minimal_dfa())?)?)?;
    out.set_item("stats", to_python(py, &language.stats())?)?;
    Ok(out)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Solution>()?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(counts, m)?)?;
    m.add_function(wrap_pyfunction!(language, m)?)?;
    Ok(())
}
