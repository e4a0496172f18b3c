//! File helpers shared by everything that writes files.

use std::path::Path;

/// Gives a finished temporary file the permissions of an ordinary new file (read-write for
/// its owner, readable by others), since temporary files are created private.
pub fn make_readable(path: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o644))?;
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

/// Writes `contents` to `path` whole or not at all: into a temporary file in the same folder,
/// renamed over `path` when complete.
pub fn write_atomically(path: &Path, contents: &[u8]) -> Result<(), crate::Error> {
    use std::io::Write;
    let fail = |e: &dyn std::fmt::Display| {
        crate::Error::new(format!("cannot write {}: {e}", path.display()))
    };
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut temporary = tempfile::NamedTempFile::new_in(folder).map_err(|e| fail(&e))?;
    temporary.write_all(contents).map_err(|e| fail(&e))?;
    make_readable(temporary.path()).map_err(|e| fail(&e))?;
    temporary.persist(path).map_err(|e| fail(&e))?;
    Ok(())
}
