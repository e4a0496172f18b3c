//! Every result of Moore and Eppstein's "One-dimensional peg solitaire, and Duotaire",
//! reproduced by computation, and the finite board's reachability automaton: one experiment
//! per result, each a list of checks with a PASS/FAIL verdict, the kind of evidence it is
//! ([`Kind`]: proved, checked exhaustively to a bound, or evidence) and the bound, timing
//! figures reported beside them (never a reason to fail), and artifacts (DOT, SVG, CSV)
//! written to a folder with a Markdown report.
//!
//! `unhop reproduce --out DIR` runs them all (`--only NAME` one of them, `--json` one JSON
//! object a check); `cargo run --release --example experiment -- NAME` runs one from
//! `experiments/`.
//!
//! ```
//! use unhop::{budget::Budget, reproduce::{EXPERIMENTS, Scale}};
//! let folder = tempfile::tempdir().unwrap();
//! let gaps = EXPERIMENTS.iter().find(|e| e.name == "gap_separation").unwrap();
//! let checks = (gaps.run)(Scale::Quick, folder.path(), &Budget::default()).unwrap();
//! assert!(checks.iter().all(|c| c.pass));
//! ```

mod charts;
mod family_values;
mod finite_counterexamples;
mod finite_reachability;
mod gap_separation;
mod linear_minimum;
mod non_regularity;
mod one_peg_language;

use crate::budget::Budget;
use crate::error::Error;
use crate::files::shown_path;
pub use charts::{class_tables_chart, family_chart, heat_map, stats_chart};
pub use non_regularity::classes_chart;
use std::fmt::Write as _;
use std::ops::ControlFlow;
use std::path::Path;

/// How far the experiments go: `Full` is the published run (under 5 minutes in all on the
/// project's 2-core machine), `Quick` the bounds the tests use (seconds).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    /// The tests' bounds: seconds.
    Quick,
    /// The published run: minutes.
    Full,
}

impl Scale {
    /// `quick` at the quick scale, `full` at the full one.
    fn pick<T>(self, quick: T, full: T) -> T {
        match self {
            Scale::Quick => quick,
            Scale::Full => full,
        }
    }
}

/// What kind of evidence a check is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// A proof: an automaton proof (an emptiness or equivalence check over all words), an
    /// exact computation on named inputs, or a counterexample that refutes a claim.
    Proved,
    /// Checked exhaustively on every input up to a bound ([`Check::bound`] says which); the
    /// claim beyond the bound rests on the paper's proof.
    Exhaustive,
    /// Evidence, not a proof: a trend such as class counts growing up to a bound.
    Evidence,
    /// A figure (a timing) reported for the record; it never fails.
    Measured,
}

impl Kind {
    /// Every kind, strongest first.
    pub const ALL: [Kind; 4] = [
        Kind::Proved,
        Kind::Exhaustive,
        Kind::Evidence,
        Kind::Measured,
    ];

    /// The name in the table and in JSON: `proved`, `exhaustive`, `evidence`, `measured`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Proved => "proved",
            Kind::Exhaustive => "exhaustive",
            Kind::Evidence => "evidence",
            Kind::Measured => "measured",
        }
    }
}

impl std::fmt::Display for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// One verdict: which result, what was checked, the kind of evidence and its bound, and
/// whether it held.
#[derive(Clone, Debug)]
pub struct Check {
    /// The result checked, as the literature names it.
    pub result: String,
    /// What was checked of it.
    pub checked: String,
    /// How far the check went (lengths, sizes).
    pub bound: String,
    /// The kind of evidence.
    pub kind: Kind,
    /// Whether the check held; always true for [`Kind::Measured`].
    pub pass: bool,
}

impl Check {
    fn new(
        kind: Kind,
        result: &str,
        checked: impl Into<String>,
        bound: impl Into<String>,
        pass: bool,
    ) -> Check {
        Check {
            result: result.into(),
            checked: checked.into(),
            bound: bound.into(),
            kind,
            pass: pass || kind == Kind::Measured,
        }
    }

    /// A claim proved (by automata, an exact computation or a counterexample).
    fn proved(result: &str, checked: impl Into<String>, pass: bool) -> Check {
        Check::new(Kind::Proved, result, checked, "exact", pass)
    }

    /// A claim checked on every input up to `bound`.
    fn exhaustive(
        result: &str,
        checked: impl Into<String>,
        bound: impl Into<String>,
        pass: bool,
    ) -> Check {
        Check::new(Kind::Exhaustive, result, checked, bound, pass)
    }

    /// Evidence for a claim up to `bound`, not a proof of it.
    fn evidence(
        result: &str,
        checked: impl Into<String>,
        bound: impl Into<String>,
        pass: bool,
    ) -> Check {
        Check::new(Kind::Evidence, result, checked, bound, pass)
    }

    /// A figure reported for the record: it never fails.
    fn measured(result: &str, figures: impl Into<String>, bound: impl Into<String>) -> Check {
        Check::new(Kind::Measured, result, figures, bound, true)
    }

    /// The verdict word: `PASS` or `FAIL`, `FIGURE` for a measurement.
    pub fn verdict(&self) -> CheckVerdict {
        match (self.kind, self.pass) {
            (Kind::Measured, _) => CheckVerdict::Figure,
            (_, true) => CheckVerdict::Pass,
            (_, false) => CheckVerdict::Fail,
        }
    }

    /// The check as a report (its experiment named): what `unhop reproduce --json` writes,
    /// one line a check.
    ///
    /// # Complexity
    ///
    /// O(length of its texts).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, reproduce::{EXPERIMENTS, Scale}};
    /// let folder = tempfile::tempdir().unwrap();
    /// let gaps = EXPERIMENTS.iter().find(|e| e.name == "gap_separation").unwrap();
    /// let checks = (gaps.run)(Scale::Quick, folder.path(), &Budget::default()).unwrap();
    /// let report = checks[0].report(gaps);
    /// assert_eq!(report.kind, unhop::reproduce::Kind::Exhaustive);
    /// let object = serde_json::to_value(&report).unwrap();
    /// assert_eq!((object["kind"].as_str(), object["pass"].as_bool()), (Some("exhaustive"), Some(true)));
    /// ```
    pub fn report<'a>(&'a self, experiment: &'a Experiment) -> CheckReport<'a> {
        CheckReport {
            bound: &self.bound,
            checked: &self.checked,
            experiment: experiment.name,
            kind: self.kind,
            pass: self.pass,
            result: &self.result,
            title: experiment.title,
            verdict: self.verdict(),
        }
    }
}

/// A check's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "UPPERCASE")]
pub enum CheckVerdict {
    /// The check held.
    Pass,
    /// The check failed.
    Fail,
    /// A figure measured for the record (it never fails).
    Figure,
}

impl std::fmt::Display for CheckVerdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(match self {
            CheckVerdict::Pass => "PASS",
            CheckVerdict::Fail => "FAIL",
            CheckVerdict::Figure => "FIGURE",
        })
    }
}

/// One check of an experiment: what `unhop reproduce --json` writes, one line a check. The
/// keys are in alphabetical order.
#[derive(Clone, Copy, Debug, serde::Serialize, schemars::JsonSchema)]
pub struct CheckReport<'a> {
    /// How far the check went (lengths, sizes).
    pub bound: &'a str,
    /// What was checked.
    pub checked: &'a str,
    /// The experiment's name.
    pub experiment: &'a str,
    /// The kind of evidence.
    pub kind: Kind,
    /// Whether the check held; always true for a measurement.
    pub pass: bool,
    /// The result checked, as the literature names it.
    pub result: &'a str,
    /// The result the experiment reproduces.
    pub title: &'a str,
    /// `PASS` or `FAIL`, `FIGURE` for a measurement.
    pub verdict: CheckVerdict,
}

/// `text` for a cell of a Markdown table: `|` escaped, line breaks as spaces.
///
/// ```
/// use unhop::reproduce::markdown_cell;
/// assert_eq!(markdown_cell("1 ≤ |u|, |w| ≤ 7"), "1 ≤ \\|u\\|, \\|w\\| ≤ 7");
/// ```
pub fn markdown_cell(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('|', "\\|")
        .replace(['\n', '\r'], " ")
}

/// An experiment: a name (its cargo example and artifact prefix), the result it reproduces,
/// and the function that runs it at a scale under a budget (each of its computations with
/// the budget's limits) and writes its artifacts into a folder.
pub struct Experiment {
    /// Its cargo example and artifact prefix.
    pub name: &'static str,
    /// The result it reproduces.
    pub title: &'static str,
    /// Runs it at a scale under a budget and writes its artifacts into a folder.
    pub run: fn(Scale, &Path, &Budget) -> Result<Vec<Check>, Error>,
}

/// Every experiment, in the paper's order.
pub const EXPERIMENTS: &[Experiment] = &[
    Experiment {
        name: "one_peg_language",
        title: "Theorem 1: the one-peg language is regular",
        run: one_peg_language::run,
    },
    Experiment {
        name: "linear_minimum",
        title: "Theorem 2: the minimum number of pegs in linear time",
        run: linear_minimum::run,
    },
    Experiment {
        name: "finite_counterexamples",
        title: "The finite board: block factorisation fails",
        run: finite_counterexamples::run,
    },
    Experiment {
        name: "family_values",
        title: "Duotaire: the values of 011(01)^n0",
        run: family_values::run,
    },
    Experiment {
        name: "gap_separation",
        title: "Duotaire: three holes separate a sum",
        run: gap_separation::run,
    },
    Experiment {
        name: "non_regularity",
        title: "Duotaire: the P-positions are not regular",
        run: non_regularity::run,
    },
    Experiment {
        name: "finite_reachability",
        title: "The finite board: reachability is a proved 16-state automaton",
        run: finite_reachability::run,
    },
];

/// Runs the experiments named in `only` (all when empty) into `out` under `budget`, calling
/// `each` with each experiment and its checks as it finishes, and writes `report.md` there.
/// Returns whether every check passed. When `each` breaks (its reader is gone, say), the run
/// stops at once, without the report, and returns whether every check so far passed.
///
/// # Complexity
///
/// The experiments' own: at [`Scale::Full`] under 5 minutes in all on a 2-core machine, at
/// [`Scale::Quick`] seconds. Besides them, O(c + a log a) time and O(c + a) memory for the
/// report's c checks and the a artifacts listed (sorted) in `out`.
///
/// # Examples
///
/// One quick experiment, into a folder of its own that is removed after; an unknown name is
/// refused before anything is written:
///
/// ```
/// use std::ops::ControlFlow;
/// use unhop::{budget::Budget, reproduce::{Scale, run}};
/// let out = std::env::temp_dir().join(format!("unhop-doc-reproduce-{}", std::process::id()));
/// let budget = Budget::default();
/// let err = run(Scale::Quick, &out, &["nothing".into()], &budget, &mut |_, _| ControlFlow::Continue(()));
/// assert!(err.unwrap_err().to_string().contains("the experiments are one_peg_language"));
/// assert!(!out.exists());
/// let mut names = Vec::new();
/// let mut each = |e: &unhop::reproduce::Experiment, _: &[unhop::reproduce::Check]| {
///     names.push(e.name);
///     ControlFlow::Continue(())
/// };
/// let passed = run(Scale::Quick, &out, &["gap_separation".into()], &budget, &mut each);
/// let report = std::fs::read_to_string(out.join("report.md"));
/// std::fs::remove_dir_all(&out).unwrap();
/// assert!(passed.unwrap());
/// assert_eq!(names, ["gap_separation"]);
/// assert!(report.unwrap().contains("| gap_separation |"));
/// ```
pub fn run(
    scale: Scale,
    out: &Path,
    only: &[String],
    budget: &Budget,
    each: &mut dyn FnMut(&Experiment, &[Check]) -> ControlFlow<()>,
) -> Result<bool, Error> {
    if let Some(unknown) = only
        .iter()
        .find(|n| EXPERIMENTS.iter().all(|e| e.name != n.as_str()))
    {
        let names: Vec<&str> = EXPERIMENTS.iter().map(|e| e.name).collect();
        return Err(Error::new(format!(
            "no experiment {}; the experiments are {}",
            crate::quote(unknown),
            names.join(", ")
        ))
        .named(crate::quote(unknown)));
    }
    if std::fs::metadata(out).is_ok_and(|m| !m.is_dir()) {
        return Err(Error::new(format!(
            "cannot write the artifacts into {}: it is not a folder",
            out.display()
        )));
    }
    std::fs::create_dir_all(out)
        .map_err(|e| Error::new(format!("cannot create the folder {}: {e}", shown_path(out))))?;
    let mut report = format!(
        "# Moore and Eppstein, reproduced by unhop {}\n\nScale: {scale:?}.\n\n\
         Kinds of evidence: *proved* (an automaton proof, an exact computation or a \
         counterexample), *exhaustive* (every input up to the bound), *evidence* (a trend up to \
         the bound, not a proof), *measured* (a figure reported for the record, never a \
         failure).\n\n\
         | experiment | result | checked | kind | bound | verdict |\n|---|---|---|---|---|---|\n",
        env!("CARGO_PKG_VERSION")
    );
    let mut all_pass = true;
    for experiment in EXPERIMENTS
        .iter()
        .filter(|e| only.is_empty() || only.iter().any(|n| n == e.name))
    {
        let checks = (experiment.run)(scale, out, budget)?;
        for c in &checks {
            all_pass &= c.pass;
            let _ = writeln!(
                report,
                "| {} | {} | {} | {} | {} | {} |",
                markdown_cell(experiment.name),
                markdown_cell(&c.result),
                markdown_cell(&c.checked),
                c.kind,
                markdown_cell(&c.bound),
                c.verdict()
            );
        }
        if each(experiment, &checks).is_break() {
            return Ok(all_pass);
        }
    }
    let mut artifacts: Vec<String> = std::fs::read_dir(out)
        .map_err(|e| Error::new(format!("cannot read {}: {e}", shown_path(out))))?
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| name != "report.md")
        .collect();
    artifacts.sort();
    report.push_str("\nArtifacts:\n\n");
    for name in artifacts {
        let _ = writeln!(report, "- [{name}]({name})");
    }
    crate::files::write_atomically(&out.join("report.md"), report.as_bytes())?;
    Ok(all_pass)
}

/// Every word of length `len` over {0, 1}, cell i from bit i.
fn words_of_length(len: usize) -> impl Iterator<Item = crate::Word> {
    (0..1u128 << len).map(move |bits| crate::Word::from_bits(bits, len))
}

/// The `main` of the cargo example `experiment`: `experiment NAME [OUT_DIR]` runs the
/// experiment NAME at the full bounds into OUT_DIR (default `target/experiments`) and prints
/// its checks; exit 0 when all pass, 1 when one fails, 2 on an error or an unknown name
/// (the message lists the names).
///
/// # Complexity
///
/// As [`run`] for one experiment at [`Scale::Full`]: up to minutes.
///
/// # Examples
///
/// The example's whole source. It is not run here: it reads the process's arguments and runs
/// an experiment at its full bounds, writing into `target/experiments`.
///
/// ```no_run
/// fn main() -> std::process::ExitCode {
///     unhop::reproduce::example_main()
/// }
/// ```
pub fn example_main() -> std::process::ExitCode {
    use std::io::Write as _;
    let mut args = std::env::args().skip(1);
    let Some(name) = args.next() else {
        let names: Vec<&str> = EXPERIMENTS.iter().map(|e| e.name).collect();
        eprintln!(
            "usage: experiment NAME [OUT_DIR]; the experiments are {}",
            names.join(", ")
        );
        return std::process::ExitCode::from(2);
    };
    let out = args.next().unwrap_or_else(|| "target/experiments".into());
    let result = run(
        Scale::Full,
        Path::new(&out),
        &[name],
        &Budget::default(),
        &mut |experiment, checks| {
            let mut out = std::io::stdout().lock();
            let mut print = || -> std::io::Result<()> {
                writeln!(out, "{}", experiment.title)?;
                for c in checks {
                    writeln!(
                        out,
                        "  {:<6}  {:<10}  {} — {} ({})",
                        c.verdict(),
                        c.kind,
                        c.result,
                        c.checked,
                        c.bound
                    )?;
                }
                out.flush()
            };
            match print() {
                Ok(()) => ControlFlow::Continue(()),
                Err(_) => ControlFlow::Break(()),
            }
        },
    );
    match result {
        Ok(true) => std::process::ExitCode::SUCCESS,
        Ok(false) => std::process::ExitCode::from(1),
        Err(err) => {
            eprintln!("{err}");
            std::process::ExitCode::from(2)
        }
    }
}
