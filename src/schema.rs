//! The JSON Schema of every report.
//!
//! Every result a front end shows (what `--json` prints, the dicts of the Python module, the
//! JSON the page receives) is a library type that derives `serde::Serialize` and
//! [`schemars::JsonSchema`]: one serialisation, so one field name for one thing everywhere.
//! This module lists those types as [`Report`]s, by name, with the commands whose `--json`
//! prints them. `unhop schema NAME` prints a report's schema, and the files
//! `docs/schema/NAME.json` are the same text (the test suite holds them to the types).
//!
//! The schemas are JSON Schema draft 2020-12, strict: an object has exactly the properties
//! its type declares (`additionalProperties` is `false`), so that a field renamed in one place
//! fails validation everywhere.
//!
//! # Examples
//!
//! ```
//! let solve = unhop::schema::find("solve").unwrap();
//! assert!(solve.commands.contains(&"solve"));
//! let schema = solve.schema();
//! assert_eq!(schema["properties"]["hops"]["items"]["$ref"], "#/$defs/Hop");
//! assert_eq!(schema["additionalProperties"], false);
//! ```

use schemars::generate::SchemaSettings;
use schemars::{JsonSchema, Schema};
use serde_json::Value;

/// One kind of report: a library type, its schema and the commands that print it.
pub struct Report {
    /// The report's name: the file `docs/schema/NAME.json` and what `unhop schema` takes.
    pub name: &'static str,
    /// What the report is, in one line.
    pub about: &'static str,
    /// The leaf commands (as `board solve`) whose `--json` prints this report, one object per
    /// result (JSON Lines for a batch). Empty for a report that only the Python module or the
    /// page returns.
    pub commands: &'static [&'static str],
    root: fn() -> Schema,
}

impl Report {
    /// The report's schema: a JSON Schema (draft 2020-12) with `title` the report's name,
    /// every object closed to properties it does not declare.
    ///
    /// # Complexity
    ///
    /// Linear in the size of the schema (a few kilobytes).
    pub fn schema(&self) -> Value {
        let mut schema = (self.root)().to_value();
        tidy(&mut schema);
        if let Value::Object(map) = &mut schema {
            map.insert("title".into(), Value::from(self.name));
        }
        schema
    }

    /// The schema as the file `docs/schema/NAME.json` holds it: pretty-printed, with a final
    /// newline.
    pub fn schema_text(&self) -> String {
        let mut text = serde_json::to_string_pretty(&self.schema()).unwrap_or_default();
        text.push('\n');
        text
    }
}

/// What `unhop schema --json` writes of a report, one object per line.
#[derive(Clone, Debug, serde::Serialize, JsonSchema)]
pub struct ReportEntry {
    /// The report's name.
    pub name: &'static str,
    /// What it is.
    pub about: &'static str,
    /// The commands whose `--json` prints it.
    pub commands: &'static [&'static str],
}

impl Report {
    /// The report's line in the list of reports.
    pub fn entry(&self) -> ReportEntry {
        ReportEntry {
            name: self.name,
            about: self.about,
            commands: self.commands,
        }
    }
}

/// The root schema of `T`.
fn root<T: JsonSchema>() -> Schema {
    SchemaSettings::draft2020_12()
        .into_generator()
        .into_root_schema_for::<T>()
}

/// Makes a derived schema strict and readable: sets `"additionalProperties": false` on every
/// object schema with declared properties that does not say otherwise, and cuts every
/// description (a doc comment) to its first paragraph, on one line, without rustdoc's link
/// brackets.
fn tidy(value: &mut Value) {
    match value {
        Value::Object(map) => {
            if map.contains_key("properties") && !map.contains_key("additionalProperties") {
                map.insert("additionalProperties".into(), Value::Bool(false));
            }
            if let Some(Value::String(text)) = map.get_mut("description") {
                *text = first_paragraph(text);
            }
            map.values_mut().for_each(tidy);
        }
        Value::Array(items) => items.iter_mut().for_each(tidy),
        _ => {}
    }
}

/// The first paragraph of a doc comment on one line, `[`name`]` links as `name`.
fn first_paragraph(doc: &str) -> String {
    let paragraph = doc.split("\n\n").next().unwrap_or_default();
    let line = paragraph.split_whitespace().collect::<Vec<_>>().join(" ");
    line.replace("[`", "`").replace("`]", "`")
}

/// The report of a command's failure on standard error (with `--json`): every command writes
/// it.
pub const ERROR: Report = Report {
    name: "error",
    about: "an error on standard error, with --json: kind, message, and where it applies the \
            input, line, column, estimate, limit and unit",
    commands: &[],
    root: root::<crate::Error>,
};

/// Every report, in the order `unhop schema` lists them (the error first).
pub static REPORTS: &[Report] = &[
    ERROR,
    Report {
        name: "solve",
        about: "a word reduced to its fewest pegs, with the final word and the replayed hops",
        commands: &["solve"],
        root: root::<crate::solitaire::SolveReport<'static>>,
    },
    Report {
        name: "grundy",
        about: "a Duotaire position's Grundy value, with its winning moves and options when \
                asked for",
        commands: &["grundy"],
        root: root::<crate::games::GrundyReport>,
    },
    Report {
        name: "board-show",
        about: "a 2-D board: its holes and their names, jumps, symmetries, position-class \
                invariants, default start and goal",
        commands: &["board show"],
        root: root::<crate::boards::BoardReport>,
    },
    Report {
        name: "board-solve",
        about: "a 2-D solve: the replayed jumps by hole name, or why there is no solution (with \
                the pagoda function when one proves it), or a search that gave up",
        commands: &["board solve"],
        root: root::<crate::boards::SolveReport>,
    },
    Report {
        name: "board-count",
        about: "every position reachable on a 2-D board by number of pegs, raw and up to \
                symmetry, those that can still finish, and the number of solution sequences",
        commands: &["board count"],
        root: root::<crate::boards::CountSummary<'static>>,
    },
    Report {
        name: "board-moves",
        about: "the fewest moves (jumps by one peg) from a start to a goal, with the search that \
                proves it",
        commands: &["board moves"],
        root: root::<crate::boards::MovesReport>,
    },
    Report {
        name: "board-ilp",
        about: "the size of the integer program written to a file, and the file",
        commands: &["board ilp"],
        root: root::<crate::boards::IlpReport>,
    },
    Report {
        name: "board-starts",
        about: "one single-vacancy start against every one-peg finish, each with its verdict",
        commands: &["board starts"],
        root: root::<crate::boards::VacancyReport>,
    },
    Report {
        name: "board-classify",
        about: "a graph classified: solvable, freely solvable, and its solvable vacancies",
        commands: &["board classify"],
        root: root::<crate::boards::GraphReport>,
    },
    Report {
        name: "pegs-board",
        about: "the page's peg-solitaire board: its holes with names and places, its default \
                start and goal",
        commands: &[],
        root: root::<crate::boards::BoardView>,
    },
    Report {
        name: "pegs-jumps",
        about: "the page's legal jumps of a position, by hole name",
        commands: &[],
        root: root::<Vec<crate::boards::NamedJump>>,
    },
    Report {
        name: "pegs-jump",
        about: "the page's jump played: the position after it, the jump and its notation",
        commands: &[],
        root: root::<crate::boards::JumpView>,
    },
    Report {
        name: "pegs-help",
        about: "the page's help on a position: the solve to one peg anywhere, where it \
                finishes, or the position classes and pagoda functions that rule it out",
        commands: &[],
        root: root::<crate::boards::HelpReport>,
    },
    Report {
        name: "slide-check",
        about: "whether a sliding board can reach the goal, and why not",
        commands: &["slide check"],
        root: root::<crate::sliding::SolvabilityReport>,
    },
    Report {
        name: "slide-solve",
        about: "a sliding board's replayed solution (proven shortest or not, with the search's \
                figures), or why there is none",
        commands: &["slide solve"],
        root: root::<crate::sliding::SolveReport>,
    },
    Report {
        name: "slide-shuffle",
        about: "a random sliding board and the goal it can reach",
        commands: &["slide shuffle"],
        root: root::<crate::sliding::ShuffledBoard>,
    },
    Report {
        name: "slide-pdb-plan",
        about: "what building the 15-puzzle's pattern databases needs, before anything is built",
        commands: &["slide pdb"],
        root: root::<crate::sliding::PdbPlanReport>,
    },
    Report {
        name: "slide-pdb",
        about: "the 15-puzzle's pattern databases loaded or built: their entries, files and time",
        commands: &["slide pdb"],
        root: root::<crate::sliding::PdbBuildReport>,
    },
    Report {
        name: "slide-board",
        about: "the page's sliding board: its cells, the tiles that can move, whether it is \
                solved and can be",
        commands: &[],
        root: root::<crate::sliding::BoardView>,
    },
    Report {
        name: "slide-cells",
        about: "the page's board typed cell by cell: each cell's tile and problem, and the \
                board once whole",
        commands: &[],
        root: root::<crate::sliding::CellsCheck>,
    },
    Report {
        name: "report",
        about: "a report's entry in the list of reports: its name, what it is and the commands \
                that print it",
        commands: &["schema"],
        root: root::<ReportEntry>,
    },
];

/// The report named `name`.
///
/// ```
/// assert!(unhop::schema::find("error").is_some());
/// assert!(unhop::schema::find("nothing").is_none());
/// ```
pub fn find(name: &str) -> Option<&'static Report> {
    REPORTS.iter().find(|report| report.name == name)
}

/// The reports whose `--json` the leaf command `command` (as `board solve`) prints: an output
/// line of that command is one of them.
///
/// ```
/// let names: Vec<_> = unhop::schema::of_command("solve").map(|r| r.name).collect();
/// assert_eq!(names, ["solve"]);
/// ```
pub fn of_command(command: &str) -> impl Iterator<Item = &'static Report> + '_ {
    REPORTS
        .iter()
        .filter(move |report| report.commands.contains(&command))
}

#[cfg(test)]
mod tests {
    use super::first_paragraph;

    #[test]
    fn a_description_is_its_doc_comments_first_paragraph_on_one_line() {
        assert_eq!(
            first_paragraph("A [`Word`]'s\nvalue.\n\n# Examples\n```"),
            "A `Word`'s value."
        );
        assert_eq!(first_paragraph("One line."), "One line.");
    }
}
