//! Writing results through [`unhop::files::Output`]: standard output, `-o -`, a file replaced
//! atomically, a device or FIFO written in place. Each command declares the [`Format`] of
//! what it writes and checks its `-o` with [`check`] before any work.

use super::Failure;
use std::io::Write;
use std::path::Path;
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

/// Where a command's output goes: standard output, or `-o` as [`Output`] writes it.
pub struct Sink(Output);

impl Sink {
    /// Standard output, or `out` when given.
    pub fn open(out: Option<&Path>) -> Result<Sink, Failure> {
        Ok(Sink(match out {
            None => Output::stdout(),
            Some(path) => Output::create(path)?,
        }))
    }

    /// Flushes, and for a file renames it into place.
    pub fn finish(self) -> Result<(), Failure> {
        Ok(self.0.finish()?)
    }
}

/// Prints `text` to standard output, or writes it to `out` when given.
pub fn emit(text: &str, out: Option<&Path>) -> Result<(), Failure> {
    emit_bytes(text.as_bytes(), out)
}

/// Writes `bytes` to standard output, or to `out` when given.
pub fn emit_bytes(bytes: &[u8], out: Option<&Path>) -> Result<(), Failure> {
    let mut sink = Sink::open(out)?;
    sink.0.write_all(bytes)?;
    sink.finish()
}

/// The format of a command that writes DOT with `--dot`, else JSON with `--json`, else text.
pub fn dot_json_or_text(dot: bool, json: bool) -> &'static Format {
    if dot {
        &DOT
    } else if json {
        &JSON
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
