//! Temporary files beside their targets, registered while they live so that an interrupted
//! process removes them.
//!
//! The registry is locked while a temporary file is created, renamed or removed, and the
//! signal handler holds the lock from the moment it starts cleaning up until the process
//! exits: a temporary file is either created after the cleanup (never: the creator waits on
//! the lock until the process is gone) or removed by it.

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock, PoisonError};

/// The temporary files alive now.
static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Numbers the temporary files of this process.
static COUNTER: AtomicU64 = AtomicU64::new(0);

/// How many bytes of the target's name a temporary file's name repeats (names stay under
/// the 255-byte limit of common file systems).
const NAME_PREFIX: usize = 64;

fn live() -> MutexGuard<'static, Vec<PathBuf>> {
    LIVE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The temporary files that exist now, not yet renamed into place or removed.
///
/// ```
/// assert!(unhop::files::live_temporaries().is_empty());
/// ```
pub fn live_temporaries() -> Vec<PathBuf> {
    live().clone()
}

/// A temporary file beside its target: removed when dropped unless [`Temporary::persist`]ed.
#[derive(Debug)]
pub(crate) struct Temporary {
    path: PathBuf,
    persisted: bool,
}

impl Temporary {
    /// Creates a new empty file, `.NAME.unhop-PID-N.tmp`, in the folder of `target`, with the
    /// permission bits `mode` (before the umask), registered for removal.
    pub(crate) fn beside(target: &Path, mode: u32) -> io::Result<(Temporary, File)> {
        let folder = match target.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        let name = target
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let cut = (0..=NAME_PREFIX.min(name.len()))
            .rev()
            .find(|&i| name.is_char_boundary(i))
            .unwrap_or(0);
        let name = &name[..cut];
        loop {
            let n = COUNTER.fetch_add(1, Ordering::Relaxed);
            let path = folder.join(format!(".{name}.unhop-{}-{n}.tmp", std::process::id()));
            let mut live = live();
            match open_new(&path, mode) {
                Ok(file) => {
                    live.push(path.clone());
                    return Ok((
                        Temporary {
                            path,
                            persisted: false,
                        },
                        file,
                    ));
                }
                // Left by another process with the same id: take the next number.
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists && n < 1 << 20 => continue,
                Err(e) => return Err(e),
            }
        }
    }

    /// The temporary file's path.
    #[cfg(test)]
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// Renames the file over `target` (atomically, on the same file system).
    pub(crate) fn persist(mut self, target: &Path) -> io::Result<()> {
        let mut live = live();
        std::fs::rename(&self.path, target)?;
        live.retain(|p| *p != self.path);
        self.persisted = true;
        Ok(())
    }
}

impl Drop for Temporary {
    fn drop(&mut self) {
        if !self.persisted {
            let mut live = live();
            let _ = std::fs::remove_file(&self.path);
            live.retain(|p| *p != self.path);
        }
    }
}

fn open_new(path: &Path, mode: u32) -> io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, mode);
    #[cfg(not(unix))]
    let _ = mode;
    options.open(path)
}

/// Installs, once, a handler of SIGINT, SIGTERM and SIGHUP that removes every live
/// temporary file and exits with 128 + the signal's number (130, 143, 129). For programs, not
/// libraries: it ends the process on those signals.
///
/// ```no_run
/// unhop::files::remove_temporaries_on_signals().unwrap();
/// ```
pub fn remove_temporaries_on_signals() -> io::Result<()> {
    static INSTALLED: OnceLock<()> = OnceLock::new();
    if INSTALLED.get().is_some() {
        return Ok(());
    }
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])?;
        std::thread::Builder::new()
            .name("unhop-signals".into())
            .spawn(move || {
                if let Some(signal) = signals.forever().next() {
                    // Held until the process is gone: no temporary file is made after this.
                    let live = live();
                    for path in live.iter() {
                        let _ = std::fs::remove_file(path);
                    }
                    std::process::exit(128 + signal);
                }
            })?;
    }
    let _ = INSTALLED.set(());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_temporary_is_registered_until_dropped_or_persisted() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("out.csv");
        let (dropped, _) = Temporary::beside(&target, 0o600).unwrap();
        let path = dropped.path().to_path_buf();
        assert!(path.exists());
        assert_eq!(path.parent(), Some(dir.path()));
        assert!(live_temporaries().contains(&path));
        drop(dropped);
        assert!(!path.exists());
        assert!(!live_temporaries().contains(&path));

        let (kept, _) = Temporary::beside(&target, 0o600).unwrap();
        let path = kept.path().to_path_buf();
        kept.persist(&target).unwrap();
        assert!(target.exists() && !path.exists());
        assert!(!live_temporaries().contains(&path));
    }

    #[test]
    fn long_names_are_cut_on_a_character_boundary() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("é".repeat(100));
        let (temporary, _) = Temporary::beside(&target, 0o600).unwrap();
        let name = temporary.path().file_name().unwrap().len();
        assert!(name < 100, "{name}");
    }
}
