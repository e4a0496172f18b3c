//! Writing results: standard output, or a file replaced atomically.

use super::Failure;
use std::io::Write;
use std::path::Path;

/// Writes `contents` to `path` through a temporary file in the same folder that is renamed
/// over `path` only when complete, so no half-written file is ever left behind.
pub fn write_file_atomically(path: &Path, contents: &str) -> Result<(), Failure> {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let fail =
        |e: &dyn std::fmt::Display| Failure::Input(format!("cannot write {}: {e}", path.display()));
    let mut file = tempfile::NamedTempFile::new_in(folder).map_err(|e| fail(&e))?;
    file.write_all(contents.as_bytes()).map_err(|e| fail(&e))?;
    file.persist(path).map_err(|e| fail(&e.error))?;
    Ok(())
}

/// Prints `text` to standard output, or writes it atomically to `out` when given.
pub fn emit(text: &str, out: Option<&Path>) -> Result<(), Failure> {
    match out {
        Some(path) => write_file_atomically(path, text),
        None => {
            let mut stdout = std::io::stdout().lock();
            stdout.write_all(text.as_bytes())?;
            stdout.flush()?;
            Ok(())
        }
    }
}
