//! `unhop schema [NAME] [--json] [-o FILE]`: the reports every `--json` prints, and the JSON
//! Schema of one.

use super::output::{JSON, Out, json_or_text};
use super::{Failure, Verdict};
use std::io::Write;
use unhop::schema::{find, reports};

#[derive(clap::Args)]
#[command(after_help = "Examples:
  unhop schema
  unhop schema solve
  unhop schema --json")]
pub struct Args {
    /// The report whose JSON Schema to print (draft 2020-12); without it, the list of reports
    /// with the commands that print each
    name: Option<String>,
    /// The list as JSON: one object per report (a schema is JSON in any case)
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    out: Out,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let Some(name) = &args.name else {
        args.out.write_with(json_or_text(args.json), |out| {
            for report in reports() {
                if args.json {
                    serde_json::to_writer(&mut *out, &report.entry())
                        .map_err(std::io::Error::from)?;
                    writeln!(out)?;
                } else {
                    let commands = match report.commands {
                        [] if report.name == "error" => "every command, on standard error".into(),
                        [] => "the Python module and the page".into(),
                        commands => commands.join(", "),
                    };
                    writeln!(out, "{:<16} {commands}", report.name)?;
                }
            }
            Ok(())
        })?;
        return Ok(Verdict::Done);
    };
    let report = find(name).ok_or_else(|| {
        let names: Vec<&str> = reports().map(|r| r.name).collect();
        Failure::input(format!(
            "no report is named {} (the reports: {})",
            unhop::quote(name),
            names.join(", ")
        ))
    })?;
    args.out.write_with(&JSON, |out| {
        Ok(out.write_all(report.schema_text().as_bytes())?)
    })?;
    Ok(Verdict::Done)
}
