//! A library report as Python values: the JSON the command line writes under `--json`, read
//! by Python's own `json` module (so integers of any size stay exact and fields keep their
//! order), with every hop `{"from": i, "over": j, "to": k}` a tuple `(i, j, k)`, as the module
//! writes hops everywhere.

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyTuple};
use std::sync::OnceLock;

/// `report` serialised as the command line does, read into `dict`, `list`, `str`, `int`,
/// `float`, `bool` and `None`, with hops as tuples. O(size of the JSON).
pub(crate) fn to_python<'py, T: serde::Serialize>(
    py: Python<'py>,
    report: &T,
) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(report).map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    json_to_python(py, &text)
}

/// JSON text read by Python's `json.loads`, hop objects turned into tuples.
pub(crate) fn json_to_python<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    static LOADS: OnceLock<Py<PyAny>> = OnceLock::new();
    let loads = match LOADS.get() {
        Some(loads) => loads.bind(py).clone(),
        None => {
            let loads = PyModule::import(py, "json")?.getattr("loads")?;
            let _ = LOADS.set(loads.clone().unbind());
            loads
        }
    };
    let kwargs = PyDict::new(py);
    kwargs.set_item("object_hook", wrap_pyfunction!(hop_or_object, py)?)?;
    loads.call((text,), Some(&kwargs))
}

/// A JSON object as `json.loads` read it: a hop (exactly the integers `from`, `over`, `to`)
/// becomes the tuple `(from, over, to)`, any other object stays a dict.
#[pyfunction]
fn hop_or_object<'py>(object: Bound<'py, PyDict>) -> PyResult<Bound<'py, PyAny>> {
    if object.len() == 3 {
        let cells = ["from", "over", "to"].map(|key| object.get_item(key).ok().flatten());
        if let [Some(from), Some(over), Some(to)] = &cells
            && [from, over, to]
                .iter()
                .all(|cell| cell.is_exact_instance_of::<PyInt>())
        {
            let hop = PyTuple::new(object.py(), [from, over, to])?;
            return Ok(hop.into_any());
        }
    }
    Ok(object.into_any())
}
