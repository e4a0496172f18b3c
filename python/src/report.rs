//! A library report as Python values: the JSON the command line writes under `--json`, with
//! every hop `{"from": i, "over": j, "to": k}` a tuple `(i, j, k)`, as the module writes hops
//! everywhere, and the numbers that JSON writes in decimal as strings (sizes of any number of
//! digits, such as Nim's heaps) as Python ints where the caller names them.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use serde_json::Value;

/// `report` serialised as the command line does, converted to `dict`, `list`, `str`, `int`,
/// `float`, `bool` and `None`, with hops as tuples.
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
    let value = serde_json::to_value(report)
        .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))?;
    convert(py, &value, ints, false)
}

/// A hop as the library serialises it: an object of exactly the integers `from`, `over`, `to`.
fn hop(value: &Value) -> Option<(i64, i64, i64)> {
    let object = value.as_object()?;
    let cell = |key| object.get(key).and_then(Value::as_i64);
    match object.len() {
        3 => Some((cell("from")?, cell("over")?, cell("to")?)),
        _ => None,
    }
}

/// `value` as Python values; `int` says that its strings are decimal numbers.
fn convert<'py>(
    py: Python<'py>,
    value: &Value,
    ints: &[&str],
    int: bool,
) -> PyResult<Bound<'py, PyAny>> {
    if let Some(hop) = hop(value) {
        return Ok(PyTuple::new(py, [hop.0, hop.1, hop.2])?.into_any());
    }
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => u.into_pyobject(py)?.into_any(),
            (_, Some(i)) => i.into_pyobject(py)?.into_any(),
            _ => n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any(),
        },
        Value::String(s) if int => crate::big_int(py, s)?,
        Value::String(s) => s.into_pyobject(py)?.into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(convert(py, item, ints, int)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (key, item) in map {
                let int = ints.contains(&key.as_str());
                dict.set_item(key, convert(py, item, ints, int)?)?;
            }
            dict.into_any()
        }
    })
}
