//! Writing results through [`unhop::files::Output`]: standard output, `-o -`, a file replaced
//! atomically, a device or FIFO written in place. Each command declares the [`Format`] of
//! what it writes and checks its `-o` with [`check`] before any work.

use super::Failure;
use std::io::Write;
use std::path::{Path, PathBuf};
use unhop::files::Output;

/// A format written by a command: its name for messages and the extensions its files may
/// have (a name without an extension, `-` and devices are always accepted).
pub struct Format {
    pub name: &'static str,
    pub extensions: &'static [&'static str],
}

pub const CSV: Format = Format {
    name: "CSV",
    extensions: &["csv"],
};
/// JSON, or JSON Lines (one object per line).
pub const JSON: Format = Format {
    name: "JSON",
    extensions: &["json", "jsonl", "ndjson"],
};
pub const DOT: Format = Format {
    name: "DOT",
    extensions: &["dot", "gv"],
};
pub const TEXT: Format = Format {
    name: "text",
    extensions: &["txt", "text"],
};
pub const SVG: Format = Format {
    name: "SVG",
    extensions: &["svg"],
};
pub const LP: Format = Format {
    name: "an LP model",
    extensions: &["lp"],
};
/// A chart: SVG or PNG, by the extension.
pub const CHART: Format = Format {
    name: "a chart",
    extensions: &unhop::plot::ImageFormat::EXTENSIONS,
};

/// Checks `-o` before any work: the target can be written (not a folder, not read-only) and
/// its extension fits `format`.
pub fn check(out: Option<&Path>, format: &Format) -> Result<(), Failure> {
    if let Some(path) = out {
        unhop::files::check_target(path, format.name, format.extensions)?;
    }
    Ok(())
}

/// The `-o, --out FILE` option of every command that prints a result.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct Out {
    /// Write the result to FILE instead of standard output (- is standard output); a file is
    /// replaced only once complete, and its extension must fit what is written (.json or
    /// .jsonl with --json, .dot or .gv with --dot, else .txt)
    #[arg(short = 'o', long = "out", alias = "output", value_name = "FILE")]
    pub path: Option<PathBuf>,
}

impl Out {
    /// Checks the target before any work, as [`check`] does.
    pub fn check(&self, format: &Format) -> Result<(), Failure> {
        check(self.path.as_deref(), format)
    }

    /// Opens the target: standard output, or the file given.
    pub fn open(&self) -> Result<Rows, Failure> {
        Rows::open(self.path.as_deref())
    }

    /// Checks the target for `format`, opens it, runs `write` on it and finishes it (a file
    /// is renamed into place only when `write` succeeded).
    pub fn write_with<T>(
        &self,
        format: &Format,
        write: impl FnOnce(&mut Rows) -> Result<T, Failure>,
    ) -> Result<T, Failure> {
        self.check(format)?;
        let mut rows = self.open()?;
        let result = write(&mut rows)?;
        rows.finish()?;
        Ok(result)
    }
}

/// Rows written one at a time to standard output or to `-o` (a file is renamed into place by
/// [`Rows::finish`]). Also a plain [`Write`] for a result written at once.
///
/// Each row is flushed as soon as it is written (a long computation's rows appear as they are
/// found), except in a batch ([`Rows::start_batch`]): there rows are flushed by the reader of
/// the batch before it waits for input, and each row only when a person is at the terminal.
pub struct Rows {
    out: Output,
    /// Flush every row: outside a batch, or in one typed or read at a terminal.
    each_row: bool,
    /// The rows answer a batch (the terminals were asked).
    batch: bool,
}

impl Rows {
    /// Standard output, or `out` when given.
    pub fn open(out: Option<&Path>) -> Result<Rows, Failure> {
        let out = match out {
            None => Output::stdout(),
            Some(path) => Output::create(path)?,
        };
        Ok(Rows {
            out,
            each_row: true,
            batch: false,
        })
    }

    /// The rows that follow answer a batch: they are flushed by its reader when it would wait
    /// for input ([`super::input::for_each_line`]) and at the end, and each at once only when
    /// standard output or standard input is a terminal (asked once, here).
    pub fn start_batch(&mut self) {
        use std::io::IsTerminal;
        if self.batch {
            return;
        }
        self.batch = true;
        self.each_row = self.out.is_stdout()
            && (std::io::stdout().is_terminal() || std::io::stdin().is_terminal());
    }

    /// Whether each row is flushed as it is written: outside a batch, or in one at a
    /// terminal (where a person waits for each answer).
    pub fn answers_each_row(&self) -> bool {
        self.each_row
    }

    /// Writes one row with `write`, and flushes it unless it is part of a batch.
    pub fn row(
        &mut self,
        write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
    ) -> Result<(), Failure> {
        write(&mut self.out)?;
        if self.each_row {
            self.out.flush()?;
        }
        Ok(())
    }

    /// Flushes, and for a file renames it into place.
    pub fn finish(self) -> Result<(), Failure> {
        Ok(self.out.finish()?)
    }
}

impl Write for Rows {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.out.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
        self.out.write_all(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

/// Prints `text` to standard output, or writes it to `out` when given.
pub fn emit(text: &str, out: Option<&Path>) -> Result<(), Failure> {
    emit_bytes(text.as_bytes(), out)
}

/// Writes `bytes` to standard output, or to `out` when given.
pub fn emit_bytes(bytes: &[u8], out: Option<&Path>) -> Result<(), Failure> {
    let mut rows = Rows::open(out)?;
    rows.write_all(bytes)?;
    rows.finish()
}

/// A library report as one line of JSON, with its newline.
pub fn json_line(report: &impl serde::Serialize) -> String {
    let mut line = serde_json::to_string(report).expect("a report serialises");
    line.push('\n');
    line
}

/// Writes a library report as one line of JSON.
pub fn write_json(out: &mut dyn Write, report: &impl serde::Serialize) -> std::io::Result<()> {
    serde_json::to_writer(&mut *out, report)?;
    writeln!(out)
}

/// The format of a command's output: JSON with `--json`, else text.
pub fn json_or_text(json: bool) -> &'static Format {
    if json { &JSON } else { &TEXT }
}

/// The format of a command that writes JSON with `--json` (holding the DOT text as its "dot"
/// field when `--dot` is given too), else DOT with `--dot`, else text.
pub fn json_dot_or_text(json: bool, dot: bool) -> &'static Format {
    if json {
        &JSON
    } else if dot {
        &DOT
    } else {
        &TEXT
    }
}

/// Draws `picture` into `out` (SVG or PNG by its extension, SVG for `-` and devices).
pub fn draw(
    picture: &(impl unhop::plot::Picture + ?Sized),
    out: &Path,
    size: (u32, u32),
) -> Result<(), Failure> {
    let bytes = unhop::plot::render(picture, unhop::plot::ImageFormat::of(out)?, size)?;
    emit_bytes(&bytes, Some(out))
}

/// Refuses `option -` (standard output) when the command's other output goes there too:
/// the two would be mixed.
pub fn not_stdout(out: Option<&Path>, option: &str, other: &str) -> Result<(), Failure> {
    if out == Some(Path::new("-")) {
        return Err(Failure::input(format!(
            "{option} - would mix its output with {other} on standard output; give a file name"
        )));
    }
    Ok(())
}
