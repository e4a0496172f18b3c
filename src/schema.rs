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

/// The reports of every target, in the order `unhop schema` lists them (the error first).
static REPORTS: &[Report] = &[
    ERROR,
    Report {
        name: "solve",
        about: "a word reduced to its fewest pegs, with the final word and the replayed hops",
        commands: &["solve"],
        root: root::<crate::solitaire::SolveReport<'static>>,
    },
    Report {
        name: "check",
        about: "whether a word reduces to one peg",
        commands: &["check"],
        root: root::<crate::solitaire::CheckReport<'static>>,
    },
    Report {
        name: "count",
        about: "the number of words of one length that reduce to one peg",
        commands: &["count"],
        root: root::<crate::solitaire::CountReport>,
    },
    Report {
        name: "reach",
        about: "whether a word reaches another by hops, with the hops",
        commands: &["reach"],
        root: root::<crate::solitaire::ReachReport<'static>>,
    },
    Report {
        name: "lang-expressions",
        about: "the one-peg language's expression, in the paper's notation and in regex syntax",
        commands: &["lang"],
        root: root::<crate::solitaire::LanguageExpressions>,
    },
    Report {
        name: "lang-stats",
        about: "the sizes of the one-peg language's automata and the generating function of \
                its counts",
        commands: &["lang"],
        root: root::<crate::solitaire::LanguageStats>,
    },
    Report {
        name: "lang-drawing",
        about: "one automaton of the one-peg language in Graphviz DOT",
        commands: &["lang"],
        root: root::<crate::solitaire::LanguageDrawing>,
    },
    Report {
        name: "language-run",
        about: "a word run through the one-peg language's minimal DFA, beside the solver's \
                report (the page's automata tab)",
        commands: &[],
        root: root::<crate::solitaire::LanguageRun<'static>>,
    },
    Report {
        name: "learn",
        about: "the one-peg language learned from the exhaustive solver and compared with the \
                paper's expression",
        commands: &["learn"],
        root: root::<crate::solitaire::LearnReport>,
    },
    Report {
        name: "prove-finite-reach",
        about: "the proof by automata that finite-board reachability is the learned automaton",
        commands: &["prove"],
        root: root::<crate::solitaire::finite::FiniteReachProof>,
    },
    Report {
        name: "dfa",
        about: "an automaton as JSON, readable back from a .json file",
        commands: &[
            "dfa minimize",
            "dfa show",
            "dfa ops intersect",
            "dfa ops union",
            "dfa ops difference",
            "dfa ops complement",
            "dfa ops reverse",
        ],
        root: root::<crate::automata::DfaReport>,
    },
    Report {
        name: "dfa-equiv",
        about: "whether two automata accept the same words, or a shortest word on which they \
                differ",
        commands: &["dfa equiv"],
        root: root::<crate::automata::EquivalenceReport>,
    },
    Report {
        name: "dfa-accepts",
        about: "a word run through an automaton: accepted or rejected (with the reason)",
        commands: &["dfa accepts"],
        root: root::<crate::automata::AcceptsReport>,
    },
    Report {
        name: "dfa-count",
        about: "the number of words of one length an automaton accepts",
        commands: &["dfa count"],
        root: root::<crate::automata::DfaCountReport>,
    },
    Report {
        name: "generating-function",
        about: "the generating function of an automaton's word counts, with its coefficients",
        commands: &["dfa gf"],
        root: root::<crate::automata::GeneratingFunctionReport>,
    },
    Report {
        name: "rules-list",
        about: "a built-in rule set in the list",
        commands: &["rules list"],
        root: root::<crate::rules::RuleSetEntry>,
    },
    Report {
        name: "rules-show",
        about: "a rule set in full: letters, weights, rules and targets",
        commands: &["rules show"],
        root: root::<crate::rules::RuleSetReport>,
    },
    Report {
        name: "rules-count",
        about: "the number of words of one length that reduce to a target",
        commands: &["rules count"],
        root: root::<crate::rules::RulesCountReport>,
    },
    Report {
        name: "rules-solve",
        about: "a word reduced to its least weight, with the rule applications",
        commands: &["rules solve"],
        root: root::<crate::rules::RulesSolveReport>,
    },
    Report {
        name: "rules-grundy",
        about: "a word's Grundy value in a rule set's rewrite game",
        commands: &["rules grundy"],
        root: root::<crate::rules::RulesGrundyReport>,
    },
    Report {
        name: "rules-learn",
        about: "an automaton learned from exhaustive data: a target's language or R",
        commands: &["rules learn"],
        root: root::<crate::rules::RulesLearnReport>,
    },
    Report {
        name: "rules-prove",
        about: "R learned and put to the proof by three automaton inclusions",
        commands: &["rules prove"],
        root: root::<crate::rules::RulesProofReport>,
    },
    Report {
        name: "grundy",
        about: "a Duotaire position's Grundy value, with its winning moves and options when \
                asked for",
        commands: &["grundy"],
        root: root::<crate::games::GrundyReport>,
    },
    Report {
        name: "family",
        about: "a member of a family of words such as 011(01)^n0, with its Duotaire value",
        commands: &["family"],
        root: root::<crate::games::FamilyMember>,
    },
    Report {
        name: "table-row",
        about: "a word of a Duotaire table with its value",
        commands: &["table"],
        root: root::<crate::games::TableRow>,
    },
    Report {
        name: "table-stats",
        about: "the statistics of one length of a Duotaire table: words, P-positions, the \
                largest value, the first word with it and the value distribution",
        commands: &["table"],
        root: root::<crate::games::LengthStats>,
    },
    Report {
        name: "class-cell",
        about: "one cell of a Myhill–Nerode class table: the classes of prefixes of length ≤ a \
                told apart by suffixes of length ≤ b",
        commands: &["probe classes"],
        root: root::<crate::games::ClassCell>,
    },
    Report {
        name: "class-table",
        about: "a whole Myhill–Nerode class table with its counts at the balanced bounds (the \
                Python module's classes)",
        commands: &[],
        root: root::<crate::games::ClassTable>,
    },
    Report {
        name: "xor-family",
        about: "the check of g(X_i 0 X_j 0 X_k) = i ⊕ j ⊕ k: every triple's value, the failures \
                and whether the identity holds",
        commands: &["probe family"],
        root: root::<crate::games::XorFamilyCheck>,
    },
    Report {
        name: "pumping",
        about: "the pumping lemma tried on P': the decompositions of z and what pumping did to \
                them",
        commands: &["probe pumping"],
        root: root::<crate::games::PumpingProbe>,
    },
    Report {
        name: "parikh",
        about: "why S = {m : m ⊕ 2m ⊕ 3m = 0} is not eventually periodic: a witness per period",
        commands: &["probe parikh"],
        root: root::<crate::games::ParikhProbe>,
    },
    Report {
        name: "nim",
        about: "a Nim position: its nim-sum, who wins and every winning move, sizes in decimal \
                strings",
        commands: &["nim"],
        root: root::<crate::games::NimAnalysis>,
    },
    Report {
        name: "subtraction",
        about: "a position of a subtraction game: who wins and every winning move",
        commands: &["subtraction"],
        root: root::<crate::games::SubtractionReport>,
    },
    Report {
        name: "subtraction-table",
        about: "the single heaps of a subtraction game: the losing ones, and their values and \
                proved period where the rule has them",
        commands: &["subtraction"],
        root: root::<crate::games::SubtractionTable>,
    },
    Report {
        name: "octal",
        about: "an octal game's values, their summary, the rare-value method's account and the \
                period proved",
        commands: &["octal"],
        root: root::<crate::games::OctalReport>,
    },
    Report {
        name: "period",
        about: "a period proved by the Guy–Smith criterion (the Python module's octal_period \
                and period)",
        commands: &[],
        root: root::<crate::games::Period>,
    },
    Report {
        name: "graph",
        about: "a game's position graph: every position with its outcome and moves, and with \
                --dot its DOT text",
        commands: &["graph"],
        root: root::<crate::games::GraphReport>,
    },
    Report {
        name: "heap-position",
        about: "a position of a heap game: the rules, its nim-value under normal play, who \
                wins, every winning move, and for Nim Bouton's table",
        commands: &[],
        root: root::<crate::games::HeapPositionReport>,
    },
    Report {
        name: "value-sequence",
        about: "the nim-values of single heaps of a heap game to a bound, the period proved \
                and the common and rare values",
        commands: &[],
        root: root::<crate::games::ValueSequence>,
    },
    Report {
        name: "match",
        about: "a game against the computer in progress: the position, whose turn, the moves \
                with the winning ones, the perfect player's choice and the winner",
        commands: &[],
        root: root::<crate::games::MatchReport>,
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

/// The reports of what only a native build has (charts and the paper's experiments: not in
/// the browser's WebAssembly).
#[cfg(not(target_arch = "wasm32"))]
static NATIVE_REPORTS: &[Report] = &[
    Report {
        name: "reproduce",
        about: "one check of an experiment of the paper, with its verdict",
        commands: &["reproduce"],
        root: root::<crate::reproduce::CheckReport<'static>>,
    },
    Report {
        name: "line-chart",
        about: "a line chart's numbers: title, axis labels and named series of points",
        commands: &["plot family"],
        root: root::<crate::plot::LineChart>,
    },
    Report {
        name: "panels",
        about: "line charts drawn one above the other",
        commands: &["plot stats"],
        root: root::<crate::plot::Panels>,
    },
    Report {
        name: "heat-map",
        about: "a heat map's numbers: title, axis labels and the cells row by row",
        commands: &["plot heatmap"],
        root: root::<crate::plot::HeatMap>,
    },
];

#[cfg(target_arch = "wasm32")]
static NATIVE_REPORTS: &[Report] = &[];

/// Every report, in the order `unhop schema` lists them: the error first, the charts and the
/// experiments last.
///
/// ```
/// assert_eq!(unhop::schema::reports().next().unwrap().name, "error");
/// assert!(unhop::schema::reports().count() > 40);
/// ```
pub fn reports() -> impl Iterator<Item = &'static Report> + Clone {
    REPORTS.iter().chain(NATIVE_REPORTS)
}

/// The report named `name`.
///
/// ```
/// assert!(unhop::schema::find("error").is_some());
/// assert!(unhop::schema::find("nothing").is_none());
/// ```
pub fn find(name: &str) -> Option<&'static Report> {
    reports().find(|report| report.name == name)
}

/// The reports whose `--json` the leaf command `command` (as `board solve`) prints: an output
/// line of that command is one of them.
///
/// ```
/// let names: Vec<_> = unhop::schema::of_command("solve").map(|r| r.name).collect();
/// assert_eq!(names, ["solve"]);
/// ```
pub fn of_command(command: &str) -> impl Iterator<Item = &'static Report> + '_ {
    reports().filter(move |report| report.commands.contains(&command))
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
