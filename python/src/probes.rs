//! The non-regularity probes of Duotaire's P-positions (`unhop probe`): Myhill–Nerode class
//! tables, the XOR family, pumping, the Parikh image. Each returns the library's report, as
//! the command line writes it under `--json`.

use crate::report::to_python;
use crate::{interruptible, parse};
use pyo3::prelude::*;
use unhop::budget::Budget;
use unhop::games::{ClassSet, check_xor_family, class_table, parikh_probe, pumping_probe};
use unhop::solitaire::Board;

/// How many Myhill–Nerode classes of `set` ("solitaire", "p-single" or "p-chain") prefixes
/// of length ≤ a tell apart with suffixes of length ≤ b, for a + b ≤ `max_len`: a dict with
/// `set`, `board`, `description`, `max_len`, `classes` (row a: the counts for
/// b = 0 … max_len − a) and `balanced` (the counts at a = ⌈n/2⌉, b = ⌊n/2⌋ for
/// n = 0 … max_len; bounded for a regular set), the table ``unhop probe classes`` prints.
///
/// >>> t = unhop.classes("p-chain", max_len=8)
/// >>> len(t["balanced"]), len(t["classes"])
/// (9, 9)
#[pyfunction]
#[pyo3(signature = (set = "p-chain", max_len = 12, board = "infinite"))]
fn classes<'py>(
    py: Python<'py>,
    set: &str,
    max_len: usize,
    board: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let (set, board): (ClassSet, Board) = (parse(set)?, parse(board)?);
    let budget = Budget::default();
    let table = interruptible(py, |progress| {
        class_table(set, board, max_len, &budget, progress)
    })?;
    to_python(py, &table)
}

/// Checks g(X_i 0 X_j 0 X_k) = i ⊕ j ⊕ k for every 1 ≤ i, j, k ≤ `max_index` (`max` is the
/// same), with X_m = 011(01)^(m−1)0 under chain moves: a dict with `board`, `max_index`,
/// `checked`, `values` (dicts with `i`, `j`, `k` and `value`), `failures` (those where it
/// fails) and `holds`: ``unhop probe family --json``.
///
/// >>> unhop.xor_family(3)["holds"]
/// True
#[pyfunction]
#[pyo3(signature = (max_index = 6, board = "infinite", max = None))]
fn xor_family<'py>(
    py: Python<'py>,
    max_index: u64,
    board: &str,
    max: Option<u64>,
) -> PyResult<Bound<'py, PyAny>> {
    let board: Board = parse(board)?;
    let budget = Budget::default();
    let max_index = max.unwrap_or(max_index);
    let check = interruptible(py, |progress| {
        check_xor_family(board, max_index, &budget, progress)
    })?;
    to_python(py, &check)
}

/// The pumping lemma on P' = {a^i b^j c^k : i ⊕ j ⊕ k = 0} (the P-positions X_i 0 X_j 0 X_k,
/// transduced) with z for i = 2^n, j = 2^n − 1, k = 2^(n+1) − 1: every decomposition
/// z = uvwxy with |vwx| ≤ p, |vx| ≥ 1, pumped up and down: ``unhop probe pumping --json``.
///
/// >>> unhop.pumping(3, 4)["no_pumping_length"]
/// True
#[pyfunction]
fn pumping<'py>(py: Python<'py>, n: u32, p: usize) -> PyResult<Bound<'py, PyAny>> {
    let probe = pumping_probe(n, p, &Budget::default()).map_err(crate::py_err)?;
    to_python(py, &probe)
}

/// The Parikh-image argument: S = {m : m ⊕ 2m ⊕ 3m = 0} is not eventually periodic, with a
/// witness for every period 1 … `max_period` from the preperiod `max_preperiod`:
/// ``unhop probe parikh --json``.
///
/// >>> r = unhop.parikh(4, 100)
/// >>> r["refuted"], r["game_agrees"], len(r["witnesses"])
/// (True, True, 4)
#[pyfunction]
#[pyo3(signature = (max_period = 16, max_preperiod = 1000))]
fn parikh<'py>(
    py: Python<'py>,
    max_period: u64,
    max_preperiod: u64,
) -> PyResult<Bound<'py, PyAny>> {
    let budget = Budget::default();
    let probe = interruptible(py, |progress| {
        parikh_probe(max_period, max_preperiod, &budget, progress)
    })?;
    to_python(py, &probe)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(classes, m)?)?;
    m.add_function(wrap_pyfunction!(xor_family, m)?)?;
    m.add_function(wrap_pyfunction!(pumping, m)?)?;
    m.add_function(wrap_pyfunction!(parikh, m)?)?;
    Ok(())
}
