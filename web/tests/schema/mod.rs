//! The page's JSON against the library's schemas: what a wasm function returns is, field for
//! field, the report the library registers under that name (`unhop::schema`), with no field
//! added, renamed or left out.

use serde_json::Value;

/// Panics unless `value` is a `name` report, naming the schema's complaints.
pub fn check(name: &str, value: &Value) {
    let report = unhop::schema::find(name).unwrap_or_else(|| panic!("no report {name}"));
    let validator = jsonschema::validator_for(&report.schema()).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(value)
        .take(5)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "not a {name} report: {value}\n{errors:#?}"
    );
}

/// The JSON text a wasm function returned, checked as a `name` report.
pub fn parsed(name: &str, text: String) -> Value {
    let value = serde_json::from_str(&text).unwrap();
    check(name, &value);
    value
}
