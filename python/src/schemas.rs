//! The JSON Schemas of the reports ([`unhop::schema`]): what every dict of this module and
//! every `--json` line of the command line is an instance of.

use crate::report::{json_to_python, to_python};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The JSON Schema (draft 2020-12) of the report `name`, as a dict: the same as ``unhop
/// schema NAME`` prints and ``docs/schema/NAME.json`` holds. A dict this module returns
/// validates against it once its hops, tuples ``(from, over, to)`` here, are written as
/// objects ``{"from", "over", "to"}`` as in JSON.
///
/// >>> unhop.schema("solve")["title"]
/// 'solve'
#[pyfunction]
fn schema<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    let report = unhop::schema::find(name).ok_or_else(|| {
        PyValueError::new_err(format!("no report is named {}", unhop::quote(name)))
    })?;
    json_to_python(py, &report.schema().to_string())
}

/// Every report: a list of dicts ``{"name", "about", "commands"}``, the commands being those
/// whose ``--json`` prints it, as ``unhop schema --json``.
///
/// >>> "solve" in [r["name"] for r in unhop.reports()]
/// True
#[pyfunction]
fn reports(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyAny>>> {
    unhop::schema::reports()
        .map(|report| to_python(py, &report.entry()))
        .collect()
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(schema, m)?)?;
    m.add_function(wrap_pyfunction!(reports, m)?)?;
    Ok(())
}
