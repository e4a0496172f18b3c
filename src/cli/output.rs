//! Writing results: standard output, or a file replaced atomically.

use super::Failure;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// Where a command's output goes: standard output, or a temporary file in the target's folder
/// that [`Sink::finish`] renames over the target, so no half-written file is ever left
/// behind (an unfinished temporary file is deleted when the sink is dropped).
pub enum Sink {
    Stdout(BufWriter<std::io::Stdout>),
    File(BufWriter<tempfile::NamedTempFile>, PathBuf),
}

fn cannot_write(path: &Path, e: impl std::fmt::Display) -> Failure {
    Failure::Input(format!("cannot write {}: {e}", path.display()))
}

impl Sink {
    /// Standard output, or a temporary file beside `out`.
    pub fn open(out: Option<&Path>) -> Result<Sink, Failure> {
        let Some(path) = out else {
            return Ok(Sink::Stdout(BufWriter::new(std::io::stdout())));
        };
        let folder = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        let file = tempfile::NamedTempFile::new_in(folder).map_err(|e| cannot_write(path, e))?;
        Ok(Sink::File(BufWriter::new(file), path.to_path_buf()))
    }

    /// Flushes, and for a file renames it into place.
    pub fn finish(self) -> Result<(), Failure> {
        match self {
            Sink::Stdout(mut out) => Ok(out.flush()?),
            Sink::File(out, path) => {
                let file = out
                    .into_inner()
                    .map_err(|e| cannot_write(&path, e.error()))?;
                unhop::files::make_readable(file.path()).map_err(|e| cannot_write(&path, e))?;
                file.persist(&path)
                    .map_err(|e| cannot_write(&path, e.error))?;
                Ok(())
            }
        }
    }

    /// Writes `text`, mapping a file's errors to a message that names it.
    pub fn write_text(&mut self, text: &str) -> Result<(), Failure> {
        match self {
            Sink::Stdout(out) => Ok(out.write_all(text.as_bytes())?),
            Sink::File(out, path) => out
                .write_all(text.as_bytes())
                .map_err(|e| cannot_write(path, e)),
        }
    }
}

/// Prints `text` to standard output, or writes it atomically to `out` when given.
pub fn emit(text: &str, out: Option<&Path>) -> Result<(), Failure> {
    let mut sink = Sink::open(out)?;
    sink.write_text(text)?;
    sink.finish()
}
