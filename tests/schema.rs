//! The published schemas: `docs/schema/NAME.json` is, byte for byte, what `unhop schema NAME`
//! prints, derived from the report's type; every schema is valid JSON Schema; every command
//! that prints a result with `--json` has its reports registered (the outputs of every test
//! and documented example are validated against them, see `common::schema`).
//!
//! After changing a report type, `UNHOP_BLESS=1 cargo test --test suite schema::` writes the
//! files anew.

use crate::common::help::leaves;
use crate::common::schema::mismatch;
use crate::common::unhop;
use std::path::Path;
use unhop::schema::{ERROR, reports};

/// Commands that play interactively and print no results to script.
const INTERACTIVE: &[&str] = &["play", "slide play"];

fn folder() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/schema"))
}

#[test]
fn the_published_schemas_are_the_types_schemas() {
    let bless = std::env::var_os("UNHOP_BLESS").is_some();
    let mut wrong = Vec::new();
    for report in reports() {
        let path = folder().join(format!("{}.json", report.name));
        let text = report.schema_text();
        if bless {
            std::fs::create_dir_all(folder()).unwrap();
            std::fs::write(&path, &text).unwrap();
        }
        match std::fs::read_to_string(&path) {
            Ok(published) if published == text => {}
            Ok(_) => wrong.push(format!("{} differs from the type's schema", path.display())),
            Err(e) => wrong.push(format!("{}: {e}", path.display())),
        }
        let printed = unhop(&["schema", report.name], None);
        assert!(printed.status.success(), "unhop schema {}", report.name);
        assert_eq!(
            String::from_utf8_lossy(&printed.stdout),
            text,
            "unhop schema {}",
            report.name
        );
    }
    for entry in std::fs::read_dir(folder()).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        let known = name
            .strip_suffix(".json")
            .is_some_and(|stem| reports().any(|r| r.name == stem));
        if !known {
            wrong.push(format!("docs/schema/{name} is no report's schema"));
        }
    }
    assert!(
        wrong.is_empty(),
        "{wrong:#?}\n(UNHOP_BLESS=1 cargo test --test suite schema:: writes them anew)"
    );
}

#[test]
fn every_schema_is_valid_json_schema_and_names_its_report() {
    let mut names = std::collections::HashSet::new();
    for report in reports() {
        assert!(names.insert(report.name), "{} twice", report.name);
        let schema = report.schema();
        assert!(
            jsonschema::meta::is_valid(&schema),
            "{}: {:?}",
            report.name,
            jsonschema::meta::validate(&schema).err()
        );
        assert_eq!(schema["title"], report.name);
        assert_eq!(
            schema["$schema"],
            "https://json-schema.org/draft/2020-12/schema"
        );
    }
}

#[test]
fn every_json_command_has_its_reports() {
    let all = leaves();
    let mut wrong = Vec::new();
    for (path, _) in &all {
        let name = path.join(" ");
        if !INTERACTIVE.contains(&name.as_str())
            && unhop::schema::of_command(&name).next().is_none()
        {
            wrong.push(format!("{name}: no report names it"));
        }
    }
    for report in reports() {
        for command in report.commands {
            if !all.iter().any(|(path, _)| path.join(" ") == *command) {
                wrong.push(format!(
                    "{}: names {command:?}, which is no command",
                    report.name
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// The schemas are strict: a report with a field renamed, left out or added fails.
#[test]
fn a_report_with_a_field_renamed_or_added_fails_its_schema() {
    let out = unhop(&["solve", "1101101", "--json"], None);
    let good: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let solve = [unhop::schema::find("solve").unwrap()];
    assert_eq!(mismatch(&good, &solve), None);
    let mut renamed = good.clone();
    let fin = renamed.as_object_mut().unwrap().remove("final").unwrap();
    renamed["final_word"] = fin;
    assert!(mismatch(&renamed, &solve).is_some());
    let mut added = good.clone();
    added["extra"] = 1.into();
    assert!(mismatch(&added, &solve).is_some());
    let mut bad_hop = good.clone();
    bad_hop["hops"][0] = serde_json::json!([3, 5]);
    assert!(mismatch(&bad_hop, &solve).is_some());
    let error = unhop(&["solve", "12", "--json"], None);
    let error: serde_json::Value = serde_json::from_slice(&error.stderr).unwrap();
    assert_eq!(mismatch(&error, &[&ERROR]), None);
    assert!(mismatch(&error, &solve).is_some());
}
