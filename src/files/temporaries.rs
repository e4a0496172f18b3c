//! Temporary files beside their targets, registered while they live so that an interrupted
//! process removes them, and named after their owner so that a later run removes those of a
//! process that was killed outright.
//!
//! The registry is locked while a temporary file is created, renamed or removed, and the
//! signal handler holds the lock from the moment it starts cleaning up until the process
//! exits: a temporary file is either created after the cleanup (never: the creator waits on
//! the lock until the process is gone) or removed by it.
//!
//! A process killed by SIGKILL cannot clean up. Its temporary files are named
//! `.NAME.unhop-PID-N-HOST.tmp`, after the process (its id and the machine's host name), and
//! the next temporary file made in the same folder first removes those of processes of this
//! host that are no longer running ([`remove_stale`]): regular files only, links never
//! followed, and never the file of a process that is running (on Linux, where `/proc` says
//! which are; elsewhere nothing is removed).

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
    /// Creates a new empty file, `.NAME.unhop-PID-N-HOST.tmp`, in the folder of `target`, with
    /// the permission bits `mode` (before the umask), registered for removal; first removes
    /// the temporary files there of processes that have ended ([`remove_stale`]). Time: one
    /// pass over the names in the folder.
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
        let owner = Owner::this_process();
        let mut live = live();
        remove_stale(folder, &owner, &live);
        loop {
            let n = COUNTER.fetch_add(1, Ordering::Relaxed);
            let path = folder.join(owner.file_name(name, n));
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

/// The process a temporary file belongs to, as its name says: the process's id and the
/// machine's host name (so that processes of other machines, which share a folder over the
/// network, are never taken for dead ones).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Owner {
    pid: u32,
    host: String,
}

impl Owner {
    /// This process, on this host (the host name reduced to letters, digits, `.` and `-`, at
    /// most 64 of them; empty where it cannot be read).
    fn this_process() -> Owner {
        static HOST: OnceLock<String> = OnceLock::new();
        let host = HOST.get_or_init(|| {
            std::fs::read_to_string("/proc/sys/kernel/hostname")
                .unwrap_or_default()
                .chars()
                .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-'))
                .take(64)
                .collect()
        });
        Owner {
            pid: std::process::id(),
            host: host.clone(),
        }
    }

    /// The name of the owner's temporary file number `n` for a target named `name`:
    /// `.NAME.unhop-PID-N-HOST.tmp`.
    fn file_name(&self, name: &str, n: u64) -> String {
        format!(".{name}.unhop-{}-{n}-{}.tmp", self.pid, self.host)
    }

    /// The owner of a temporary file named `name`, read back from it; `None` for any other name.
    fn of_file(name: &str) -> Option<Owner> {
        let rest = name.strip_suffix(".tmp")?;
        let (_, rest) = rest.rsplit_once(".unhop-")?;
        let mut fields = rest.splitn(3, '-');
        let pid = fields.next()?.parse().ok()?;
        fields.next()?.parse::<u64>().ok()?;
        let host = fields.next()?.to_string();
        Some(Owner { pid, host })
    }
}

/// Whether the process `pid` of this host is running (a zombie counts as running): on Linux,
/// whether `/proc` lists it; `None` where that cannot be told.
fn is_running(pid: u32) -> Option<bool> {
    if !cfg!(target_os = "linux") || !Path::new("/proc/self").exists() {
        return None;
    }
    Some(Path::new("/proc").join(pid.to_string()).exists())
}

/// Removes from `folder` the temporary files of processes of this host that have ended (by
/// their names, see [`Owner`]): regular files only (links are not followed); this process's
/// own only when not in `live`; none of a host without a name, nor where it cannot be told
/// whether a process runs. Best effort: a file that cannot be removed (no right to) stays, and
/// the write goes on. Time: one pass over the folder's names.
fn remove_stale(folder: &Path, me: &Owner, live: &[PathBuf]) {
    if me.host.is_empty() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(owner) = name.to_str().and_then(Owner::of_file) else {
            continue;
        };
        if owner.host != me.host {
            continue;
        }
        let path = entry.path();
        let ended = if owner.pid == me.pid {
            !live.contains(&path)
        } else {
            is_running(owner.pid) == Some(false)
        };
        // `symlink_metadata` looks at the name itself: a link is never followed.
        let regular = std::fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_file());
        if ended && regular {
            let _ = std::fs::remove_file(&path);
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
    fn the_owner_is_read_back_from_the_name() {
        let owner = Owner {
            pid: 4321,
            host: "node-7.example".into(),
        };
        let name = owner.file_name("a.unhop-1-2-x.tmp", 12);
        assert_eq!(name, ".a.unhop-1-2-x.tmp.unhop-4321-12-node-7.example.tmp");
        assert_eq!(Owner::of_file(&name), Some(owner));
        for other in [
            ".a.csv.tmp",
            ".a.unhop-x-1-h.tmp",
            ".a.unhop-1-x-h.tmp",
            "a.unhop-1-2",
        ] {
            assert_eq!(Owner::of_file(other), None, "{other}");
        }
    }

    /// The id of a process that has ended (a child that ran `true`, waited for).
    #[cfg(target_os = "linux")]
    fn ended_pid() -> u32 {
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let pid = child.id();
        child.wait().unwrap();
        pid
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn only_regular_temporaries_of_ended_processes_of_this_host_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        let me = Owner::this_process();
        assert!(!me.host.is_empty());
        let ended = Owner {
            pid: ended_pid(),
            ..me.clone()
        };
        let running = Owner {
            pid: std::os::unix::process::parent_id(),
            ..me.clone()
        };
        let elsewhere = Owner {
            host: format!("not-{}", me.host),
            ..ended.clone()
        };
        let at = |name: String| dir.path().join(name);
        let stale = at(ended.file_name("out.csv", 0));
        let kept = [
            at(running.file_name("out.csv", 0)),
            at(elsewhere.file_name("out.csv", 0)),
            at(me.file_name("out.csv", 1 << 40)).with_extension("csv"),
        ];
        for path in std::iter::once(&stale).chain(&kept) {
            std::fs::write(path, "partial").unwrap();
        }
        // A link and a folder with the names of stale files, and what the link points to.
        let precious = at("precious".into());
        std::fs::write(&precious, "keep").unwrap();
        let link = at(ended.file_name("link", 0));
        std::os::unix::fs::symlink(&precious, &link).unwrap();
        let folder = at(ended.file_name("folder", 0));
        std::fs::create_dir(&folder).unwrap();
        // This process's own stale file: not one of its live temporaries.
        let mine = at(me.file_name("mine", 1 << 40));
        std::fs::write(&mine, "partial").unwrap();

        let (temporary, _) = Temporary::beside(&at("new.csv".into()), 0o600).unwrap();
        assert!(!stale.exists() && !mine.exists());
        for path in kept.iter().chain([&precious, &folder]) {
            assert!(path.exists(), "{}", path.display());
        }
        assert!(std::fs::symlink_metadata(&link).is_ok());
        assert_eq!(std::fs::read_to_string(&precious).unwrap(), "keep");
        // A live temporary of this process is not taken for a stale one.
        let (second, _) = Temporary::beside(&at("other.csv".into()), 0o600).unwrap();
        assert!(temporary.path().exists() && second.path().exists());
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
