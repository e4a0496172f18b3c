//! A library report as Python values: the JSON the command line writes under `--json`, read by
//! Python's own `json.loads` (so the fields keep their order and integers of any size stay
//! exact), with every hop `{"from": i, "over": j, "to": k}` a tuple `(i, j, k)`, as the module
//! writes hops everywhere, and the numbers that JSON writes in decimal as strings (sizes of any
//! number of digits, such as Nim's heaps) as Python ints where the caller names them.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyList, PyString, PyTuple};

/// `report` serialised as the command line does, as `dict`, `list`, `str`, `int`, `float`,
/// `bool` and `None`, with hops as tuples.
pub(crate) fn to_python<'py, T: serde::Serialize>(
    py: Python<'py>,
    report: &T,
) -> PyResult<Bound<'py, PyAny>> {
    to_python_with_ints(py, report, &[])
}

/// [`to_python`], with the decimal strings under the keys `ints` (at any depth, alone or in a
/// list) as Python ints of any size.
pub(crate) fn to_python_with_ints<'py, T: serde::Serialize>(
    py: Python<'py>,
    report: &T,
    ints: &[&str],
) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(report)
        .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))?;
    let value = py.import("json")?.getattr("loads")?.call1((text,))?;
    convert(py, value, ints, false)
}

/// A hop as the library serialises it: a dict of exactly the integers `from`, `over`, `to`.
fn hop<'py>(dict: &Bound<'py, PyDict>) -> PyResult<Option<Bound<'py, PyTuple>>> {
    if dict.len() != 3 {
        return Ok(None);
    }
    let mut cells = Vec::with_capacity(3);
    for key in ["from", "over", "to"] {
        match dict.get_item(key)? {
            Some(cell) if cell.is_instance_of::<PyInt>() => cells.push(cell),
            _ => return Ok(None),
        }
    }
    Ok(Some(PyTuple::new(dict.py(), cells)?))
}

/// `value` with hops as tuples and, where `int` (or under a key of `ints`), decimal strings as
/// ints.
fn convert<'py>(
    py: Python<'py>,
    value: Bound<'py, PyAny>,
    ints: &[&str],
    int: bool,
) -> PyResult<Bound<'py, PyAny>> {
    if let Ok(dict) = value.cast::<PyDict>() {
        if let Some(tuple) = hop(dict)? {
            return Ok(tuple.into_any());
        }
        let converted = PyDict::new(py);
        for (key, item) in dict.iter() {
            let int = ints.iter().any(|name| key.eq(*name).unwrap_or(false));
            converted.set_item(&key, convert(py, item, ints, int)?)?;
        }
        return Ok(converted.into_any());
    }
    if let Ok(list) = value.cast::<PyList>() {
        let converted = PyList::empty(py);
        for item in list.iter() {
            converted.append(convert(py, item, ints, int)?)?;
        }
        return Ok(converted.into_any());
    }
    if int && let Ok(text) = value.cast::<PyString>() {
        return crate::big_int(py, &text.to_cow()?);
    }
    Ok(value)
}
