//! Every result of Moore and Eppstein's "One-dimensional peg solitaire, and Duotaire",
//! reproduced by computation: one experiment per result, each a list of checks with a
//! PASS/FAIL verdict and the bound it was checked to, and artifacts (DOT, SVG, CSV) written to
//! a folder with a Markdown report.
//!
//! `unhop reproduce --out DIR` runs them all; each is also a cargo example
//! (`cargo run --release --example one_peg_language`, see `experiments/`).
//!
//! ```
//! use unhop::reproduce::{EXPERIMENTS, Scale};
//! let folder = tempfile::tempdir().unwrap();
//! let gaps = EXPERIMENTS.iter().find(|e| e.name == "gap_separation").unwrap();
//! let checks = (gaps.run)(Scale::Quick, folder.path()).unwrap();
//! assert!(checks.iter().all(|c| c.pass));
//! ```

mod family_values;
mod finite_counterexamples;
mod gap_separation;
mod linear_minimum;
mod non_regularity;
mod one_peg_language;

use crate::error::Error;
pub use non_regularity::classes_chart;
use std::fmt::Write as _;
use std::ops::ControlFlow;
use std::path::Path;

/// How far the experiments go: `Full` is the published run (under 5 minutes in all on the
/// project's 2-core machine), `Quick` the bounds the tests use (seconds).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    Quick,
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

/// One verdict: which result, what was checked, to which bound, and whether it held.
#[derive(Clone, Debug)]
pub struct Check {
    pub result: String,
    pub checked: String,
    pub bound: String,
    pub pass: bool,
}

impl Check {
    fn new(
        result: &str,
        checked: impl Into<String>,
        bound: impl Into<String>,
        pass: bool,
    ) -> Check {
        Check {
            result: result.into(),
            checked: checked.into(),
            bound: bound.into(),
            pass,
        }
    }
}

/// An experiment: a name (its cargo example and artifact prefix), the result it reproduces,
/// and the function that runs it at a scale and writes its artifacts into a folder.
pub struct Experiment {
    pub name: &'static str,
    pub title: &'static str,
    pub run: fn(Scale, &Path) -> Result<Vec<Check>, Error>,
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
];

/// Runs the experiments named in `only` (all when empty) into `out`, calling `each` with each
/// experiment and its checks as it finishes, and writes `report.md` there. Returns whether
/// every check passed. When `each` breaks (its reader is gone, say), the run stops at once,
/// without the report, and returns whether every check so far passed.
pub fn run(
    scale: Scale,
    out: &Path,
    only: &[String],
    each: &mut dyn FnMut(&Experiment, &[Check]) -> ControlFlow<()>,
) -> Result<bool, Error> {
    if let Some(unknown) = only
        .iter()
        .find(|n| EXPERIMENTS.iter().all(|e| e.name != n.as_str()))
    {
        let names: Vec<&str> = EXPERIMENTS.iter().map(|e| e.name).collect();
        return Err(Error::new(format!(
            "no experiment {unknown:?}; the experiments are {}",
            names.join(", ")
        )));
    }
    if std::fs::metadata(out).is_ok_and(|m| !m.is_dir()) {
        return Err(Error::new(format!(
            "cannot write the artifacts into {}: it is not a folder",
            out.display()
        )));
    }
    std::fs::create_dir_all(out)
        .map_err(|e| Error::new(format!("cannot create the folder {}: {e}", out.display())))?;
    let mut report = format!(
        "# Moore and Eppstein, reproduced by unhop {}\n\nScale: {scale:?}.\n\n\
         | experiment | result | checked | bound | verdict |\n|---|---|---|---|---|\n",
        env!("CARGO_PKG_VERSION")
    );
    let mut all_pass = true;
    for experiment in EXPERIMENTS
        .iter()
        .filter(|e| only.is_empty() || only.iter().any(|n| n == e.name))
    {
        let checks = (experiment.run)(scale, out)?;
        for c in &checks {
            all_pass &= c.pass;
            let verdict = if c.pass { "PASS" } else { "FAIL" };
            let _ = writeln!(
                report,
                "| {} | {} | {} | {} | {verdict} |",
                experiment.name, c.result, c.checked, c.bound
            );
        }
        if each(experiment, &checks).is_break() {
            return Ok(all_pass);
        }
    }
    let mut artifacts: Vec<String> = std::fs::read_dir(out)
        .map_err(|e| Error::new(format!("cannot read {}: {e}", out.display())))?
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

/// The `main` of the cargo example of experiment `name`: runs it at the full bounds into the
/// folder given as the first argument (default `target/experiments`) and prints its checks;
/// exit 0 when all pass, 1 when one fails, 2 on an error.
pub fn example_main(name: &str) -> std::process::ExitCode {
    use std::io::Write as _;
    let out = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "target/experiments".into());
    let result = run(
        Scale::Full,
        Path::new(&out),
        &[name.to_string()],
        &mut |experiment, checks| {
            let mut out = std::io::stdout().lock();
            let mut print = || -> std::io::Result<()> {
                writeln!(out, "{}", experiment.title)?;
                for c in checks {
                    let verdict = if c.pass { "PASS" } else { "FAIL" };
                    writeln!(
                        out,
                        "  {verdict}  {} — {} ({})",
                        c.result, c.checked, c.bound
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
