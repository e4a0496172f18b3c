//! What writing to a path means: standard output, a file to replace, or a device to write in
//! place, decided from what is at the path now.

use super::shown_path;
use std::io;
use std::path::{Path, PathBuf};

/// How many symbolic links are followed before giving up (as Linux's `ELOOP` limit).
const MAX_LINKS: usize = 40;

/// Where an output goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// `-`: standard output.
    Stdout,
    /// A missing or regular file (the final target of any symlinks): written to a temporary
    /// file in its folder and renamed over it.
    Replace(PathBuf),
    /// An existing device, FIFO or socket (the final target of any symlinks): opened and
    /// written in place, never replaced.
    InPlace(PathBuf),
}

/// Decides where writing `path` goes: `-` is standard output; symlinks are followed to their
/// final target (a dangling link's target is created); a missing or regular file is replaced,
/// anything else that exists is written in place. Refused with a message naming `path`: a
/// folder, a target with no write bit in its mode (even for root), a missing folder, a loop of
/// links. Time: one `lstat` per link followed; nothing is opened or created.
///
/// ```
/// use unhop::files::{Target, resolve};
/// let folder = tempfile::tempdir().unwrap();
/// assert_eq!(resolve("-".as_ref()).unwrap(), Target::Stdout);
/// let file = folder.path().join("new.csv");
/// assert_eq!(resolve(&file).unwrap(), Target::Replace(file));
/// assert!(resolve(folder.path()).unwrap_err().to_string().contains("is a folder"));
/// ```
pub fn resolve(path: &Path) -> io::Result<Target> {
    if path == Path::new("-") {
        return Ok(Target::Stdout);
    }
    follow(path)
}

/// [`resolve`] without the meaning of `-` (a file named `-` in the current folder).
pub(crate) fn follow(path: &Path) -> io::Result<Target> {
    let refuse = |kind: io::ErrorKind, why: String| {
        io::Error::new(kind, format!("cannot write {}: {why}", shown_path(path)))
    };
    // "x (through the link to y)" when links were followed.
    let through = |current: &Path| {
        if current == path {
            String::new()
        } else {
            format!(" (the final target of the link, {})", shown_path(current))
        }
    };
    let mut current = path.to_path_buf();
    for _ in 0..=MAX_LINKS {
        let metadata = match std::fs::symlink_metadata(&current) {
            Ok(metadata) => metadata,
            // Missing, or a path through something that is not a folder: `check_folder` says.
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
                ) =>
            {
                check_folder(&current).map_err(|why| refuse(e.kind(), why))?;
                return Ok(Target::Replace(current));
            }
            Err(e) => return Err(refuse(e.kind(), e.to_string())),
        };
        let kind = metadata.file_type();
        if kind.is_symlink() {
            let link = std::fs::read_link(&current).map_err(|e| refuse(e.kind(), e.to_string()))?;
            // A relative link is relative to the folder that holds it.
            current = match current.parent() {
                Some(folder) => folder.join(link),
                None => link,
            };
            continue;
        }
        if kind.is_dir() {
            return Err(refuse(
                io::ErrorKind::IsADirectory,
                format!(
                    "{} is a folder; give the name of a file",
                    if current == path {
                        "it".to_string()
                    } else {
                        shown_path(&current)
                    }
                ),
            ));
        }
        let mode = mode_of(&metadata);
        if mode & 0o222 == 0 {
            return Err(refuse(
                io::ErrorKind::PermissionDenied,
                format!(
                    "it is read-only (mode {:o}){}; make it writable or choose another name",
                    mode & 0o7777,
                    through(&current)
                ),
            ));
        }
        return Ok(if kind.is_file() {
            Target::Replace(current)
        } else {
            Target::InPlace(current)
        });
    }
    Err(refuse(
        io::ErrorKind::InvalidInput,
        format!("more than {MAX_LINKS} symbolic links to follow (a loop?)"),
    ))
}

/// That the folder a new file `path` would go into exists and is a folder.
fn check_folder(path: &Path) -> Result<(), String> {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => return Ok(()),
    };
    match std::fs::metadata(folder) {
        Ok(m) if m.is_dir() => Ok(()),
        Ok(_) => Err(format!("{} is not a folder", shown_path(folder))),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            Err(format!("the folder {} does not exist", shown_path(folder)))
        }
        Err(e) => Err(format!("{}: {e}", shown_path(folder))),
    }
}

/// The permission bits of a file (0o644 style); 0o666 where there are none.
pub(crate) fn mode_of(metadata: &std::fs::Metadata) -> u32 {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        metadata.permissions().mode()
    }
    #[cfg(not(unix))]
    {
        if metadata.permissions().readonly() {
            0o444
        } else {
            0o666
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::{PermissionsExt, symlink};

    #[test]
    fn a_regular_file_is_replaced_and_a_missing_one_created() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.csv");
        assert_eq!(resolve(&file).unwrap(), Target::Replace(file.clone()));
        std::fs::write(&file, "old").unwrap();
        assert_eq!(resolve(&file).unwrap(), Target::Replace(file));
    }

    #[test]
    fn a_dash_is_standard_output_only_for_resolve() {
        assert_eq!(resolve(Path::new("-")).unwrap(), Target::Stdout);
        assert_eq!(
            follow(Path::new("-")).unwrap(),
            Target::Replace(PathBuf::from("-"))
        );
    }

    #[test]
    fn links_are_followed_to_their_final_target() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("real.svg");
        std::fs::write(&file, "x").unwrap();
        symlink("real.svg", dir.path().join("one")).unwrap();
        symlink(dir.path().join("one"), dir.path().join("two")).unwrap();
        let target = resolve(&dir.path().join("two")).unwrap();
        assert_eq!(target, Target::Replace(dir.path().join("real.svg")));
        // A dangling link: its target is to be created.
        symlink("missing.svg", dir.path().join("dangling")).unwrap();
        let target = resolve(&dir.path().join("dangling")).unwrap();
        assert_eq!(target, Target::Replace(dir.path().join("missing.svg")));
    }

    #[test]
    fn a_loop_of_links_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        symlink("b", dir.path().join("a")).unwrap();
        symlink("a", dir.path().join("b")).unwrap();
        let err = resolve(&dir.path().join("a")).unwrap_err();
        assert!(err.to_string().contains("symbolic links"), "{err}");
    }

    #[test]
    fn folders_read_only_files_and_missing_folders_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let err = resolve(dir.path()).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::IsADirectory);
        let file = dir.path().join("ro.csv");
        std::fs::write(&file, "keep").unwrap();
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o444)).unwrap();
        let err = resolve(&file).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::PermissionDenied);
        assert!(err.to_string().contains("read-only (mode 444)"), "{err}");
        // Through a link too, naming the link's target.
        symlink(&file, dir.path().join("link")).unwrap();
        let err = resolve(&dir.path().join("link")).unwrap_err();
        assert!(err.to_string().contains("final target"), "{err}");
        let err = resolve(&dir.path().join("nowhere").join("x.csv")).unwrap_err();
        assert!(err.to_string().contains("does not exist"), "{err}");
        let err = resolve(&file.join("x.csv")).unwrap_err();
        assert!(err.to_string().contains("is not a folder"), "{err}");
    }

    #[test]
    fn a_fifo_is_written_in_place() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        crate::files::testing::mkfifo(&fifo);
        assert_eq!(resolve(&fifo).unwrap(), Target::InPlace(fifo.clone()));
        symlink(&fifo, dir.path().join("link")).unwrap();
        assert_eq!(
            resolve(&dir.path().join("link")).unwrap(),
            Target::InPlace(fifo)
        );
    }
}
