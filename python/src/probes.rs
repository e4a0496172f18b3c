//! The non-regularity probes of Duotaire's P-positions (`unhop probe`): Myhill–Nerode class
//! tables, the XOR family, pumping.

use crate::puzzles::from_json;
use crate::{interruptible, parse};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde_json::json;
use unhop::budget::Budget;
use unhop::games::{ClassSet, check_xor_family, class_table, pumping_probe, spell_runs};
use unhop::solitaire::Board;

/// How many Myhill–Nerode classes of `set` ("solitaire", "p-single" or "p-chain") prefixes
/// of length ≤ a tell apart with suffixes of length ≤ b, for a + b ≤ `max_len`: a dict with
/// `set`, `board`, `description`, `classes` (row a: the counts for b = 0 … max_len − a) and
/// `balanced` (the counts at a = ⌈n/2⌉, b = ⌊n/2⌋ for n = 0 … max_len; bounded for a regular
/// set), as ``unhop probe classes``.
///
/// >>> t = unhop.classes("p-chain", max_len=8)
/// >>> len(t["balanced"]), len(t["classes"])
/// (9, 9)
#[pyfunction]
#[pyo3(signature = (set = "p-chain", max_len = 12, board = "finite"))]
fn classes<'py>(
    py: Python<'py>,
    set: &str,
    max_len: usize,
    board: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let (set, board): (ClassSet, Board) = (parse(set)?, parse(board)?);
    let budget = Budget::default();
    let table = interruptible(py, |progress| {
        class_table(set, board, max_len, &budget, progress)
    })?;
    let d = PyDict::new(py);
    d.set_item("set", table.set.name())?;
    d.set_item("board", board.name())?;
    d.set_item("description", table.set.description(board))?;
    d.set_item(
        "balanced",
        table
            .balanced()
            .into_iter()
            .map(|(_, c)| c)
            .collect::<Vec<_>>(),
    )?;
    d.set_item("classes", table.classes)?;
    Ok(d)
}

/// Checks g(X_i 0 X_j 0 X_k) = i ⊕ j ⊕ k for every 1 ≤ i, j, k ≤ `max`, with
/// X_m = 011(01)^(m−1)0 under chain moves: a dict with `board`, `max`, `values` (tuples
/// (i, j, k, value)), `failures` (those where it fails) and `holds`, as
/// ``unhop probe family``.
///
/// >>> unhop.xor_family(3)["holds"]
/// True
#[pyfunction]
#[pyo3(signature = (max = 6, board = "finite"))]
fn xor_family<'py>(py: Python<'py>, max: u64, board: &str) -> PyResult<Bound<'py, PyDict>> {
    let board: Board = parse(board)?;
    let budget = Budget::default();
    let check = interruptible(py, |progress| {
        check_xor_family(board, max, &budget, progress)
    })?;
    let d = PyDict::new(py);
    d.set_item("board", board.name())?;
    d.set_item("max", max)?;
    let row = |v: &unhop::games::XorFamilyValue| (v.i, v.j, v.k, v.value);
    d.set_item("values", check.values.iter().map(row).collect::<Vec<_>>())?;
    d.set_item("failures", check.failures().map(row).collect::<Vec<_>>())?;
    d.set_item("holds", check.holds())?;
    Ok(d)
}

/// The pumping lemma on P' = {a^i b^j c^k : i ⊕ j ⊕ k = 0} (the P-positions X_i 0 X_j 0 X_k,
/// transduced) with z for i = 2^n, j = 2^n − 1, k = 2^(n+1) − 1: every decomposition
/// z = uvwxy with |vwx| ≤ p, |vx| ≥ 1, pumped up and down. The fields of
/// ``unhop probe pumping --json``.
///
/// >>> unhop.pumping(3, 4)["no_pumping_length"]
/// True
#[pyfunction]
fn pumping<'py>(py: Python<'py>, n: u32, p: usize) -> PyResult<Bound<'py, PyAny>> {
    let probe = pumping_probe(n, p, &Budget::default()).map_err(crate::py_err)?;
    let report = &probe.report;
    from_json(
        py,
        &json!({
            "n": n, "p": p, "z": spell_runs(&probe.z), "z_in_language": probe.z_in_language,
            "decompositions": report.decompositions,
            "left_when_pumped_up": report.left_when_pumped_up,
            "stayed_when_pumped_down": report.stayed_when_pumped_down,
            "no_pumping_length": probe.no_decomposition_pumps(),
        }),
    )
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(classes, m)?)?;
    m.add_function(wrap_pyfunction!(xor_family, m)?)?;
    m.add_function(wrap_pyfunction!(pumping, m)?)?;
    Ok(())
}
