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
