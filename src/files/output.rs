//! [`Output`]: a writer to standard output, a file replaced atomically, or a device written in
//! place.

use super::shown_path;
use super::target::{Target, follow, mode_of, resolve};
use super::temporaries::Temporary;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// An output being written; see the [module](super) for what goes where. Nothing is visible
/// at a replaced file's path before [`Output::finish`]; an `Output` dropped unfinished removes
/// its temporary file. Errors name the path (or standard output) and keep their
/// [`io::ErrorKind`], so a closed pipe is still [`io::ErrorKind::BrokenPipe`].
///
/// ```
/// use std::io::Write;
/// let folder = tempfile::tempdir().unwrap();
/// let path = folder.path().join("table.csv");
/// let mut out = unhop::files::Output::create(&path).unwrap();
/// out.write_all(b"word,value\n").unwrap();
/// assert!(!path.exists()); // still in the temporary file
/// out.finish().unwrap();
/// assert_eq!(std::fs::read_to_string(&path).unwrap(), "word,value\n");
/// ```
#[derive(Debug)]
pub struct Output {
    sink: Sink,
    /// The path as given, or "standard output", for messages.
    name: String,
}

/// The bytes an output collects before it writes them: one write for many rows of a batch.
const WRITE_BYTES: usize = 1 << 16;

#[derive(Debug)]
enum Sink {
    Stdout(BufWriter<io::Stdout>),
    Replace {
        file: BufWriter<File>,
        temporary: Temporary,
        target: PathBuf,
    },
    InPlace(BufWriter<File>),
}

impl Output {
    /// Standard output, buffered.
    pub fn stdout() -> Output {
        Output {
            sink: Sink::Stdout(BufWriter::with_capacity(WRITE_BYTES, io::stdout())),
            name: "standard output".into(),
        }
    }

    /// An output to `path` as [`resolve`] decides: standard output for `-`, a temporary file
    /// beside a missing or regular file (keeping an existing file's permission bits and, where
    /// allowed, its owner), the device, FIFO or socket itself opened for writing (opening a
    /// FIFO waits for a reader). Refused: folders, read-only targets.
    pub fn create(path: &Path) -> io::Result<Output> {
        let target = resolve(path)?;
        Output::open(path, target)
    }

    /// An output to the regular file `path` (replaced atomically; `-` is a file's name):
    /// anything else that exists there, a device or FIFO say, is refused and left alone. For
    /// caches, which must never open or replace what they did not make.
    ///
    /// # Complexity
    ///
    /// One `lstat` per link followed, then a temporary file created beside the target (and the
    /// existing file's mode and owner read); memory: the writer's buffer, 8 KiB.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::io::Write;
    /// use unhop::files::Output;
    /// let folder = std::env::temp_dir().join(format!("unhop-doc-create-file-{}", std::process::id()));
    /// std::fs::create_dir_all(&folder).unwrap();
    /// let path = folder.join("table.pdb");
    /// let mut out = Output::create_file(&path).unwrap();
    /// out.write_all(b"cached").unwrap();
    /// out.finish().unwrap();
    /// let written = std::fs::read(&path).unwrap();
    /// let refused = Output::create_file(&folder).is_err(); // a folder is not a regular file
    /// std::fs::remove_dir_all(&folder).unwrap();
    /// assert_eq!(written, b"cached");
    /// assert!(refused);
    /// ```
    pub fn create_file(path: &Path) -> io::Result<Output> {
        match follow(path)? {
            Target::InPlace(found) => Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "{} is not a regular file ({}); left alone",
                    shown_path(path),
                    describe(&found)
                ),
            )),
            target => Output::open(path, target),
        }
    }

    fn open(path: &Path, target: Target) -> io::Result<Output> {
        let name = shown_path(path);
        let fail = |e: io::Error| wrap(&name, e);
        let sink = match target {
            Target::Stdout => return Ok(Output::stdout()),
            Target::Replace(target) => {
                let existing = std::fs::metadata(&target).ok();
                let mode = existing.as_ref().map_or(0o666, mode_of) & 0o7777;
                let (temporary, file) = Temporary::beside(&target, mode).map_err(fail)?;
                if let Some(existing) = &existing {
                    keep_mode_and_owner(&file, existing).map_err(fail)?;
                }
                Sink::Replace {
                    file: BufWriter::with_capacity(WRITE_BYTES, file),
                    temporary,
                    target,
                }
            }
            Target::InPlace(target) => {
                let file = std::fs::OpenOptions::new()
                    .write(true)
                    .open(&target)
                    .map_err(fail)?;
                Sink::InPlace(BufWriter::with_capacity(WRITE_BYTES, file))
            }
        };
        Ok(Output { sink, name })
    }

    /// Whether this writes to standard output.
    pub fn is_stdout(&self) -> bool {
        matches!(self.sink, Sink::Stdout(_))
    }

    /// Flushes everything; a replaced file is synced to disk and renamed into place.
    ///
    /// # Complexity
    ///
    /// O(b) for the b bytes still buffered (at most 8 KiB); for a replaced file, one `fsync` of
    /// the whole file and one rename. No allocation.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::io::Write;
    /// use unhop::files::Output;
    /// let folder = std::env::temp_dir().join(format!("unhop-doc-finish-{}", std::process::id()));
    /// std::fs::create_dir_all(&folder).unwrap();
    /// let path = folder.join("words.txt");
    /// std::fs::write(&path, "old\n").unwrap();
    /// let mut out = Output::create(&path).unwrap();
    /// out.write_all(b"new\n").unwrap();
    /// let before = std::fs::read_to_string(&path).unwrap();
    /// out.finish().unwrap();
    /// let after = std::fs::read_to_string(&path).unwrap();
    /// std::fs::remove_dir_all(&folder).unwrap();
    /// assert_eq!((before.as_str(), after.as_str()), ("old\n", "new\n"));
    /// ```
    pub fn finish(self) -> io::Result<()> {
        let fail = |e: io::Error| wrap(&self.name, e);
        match self.sink {
            Sink::Stdout(mut out) => out.flush().map_err(fail),
            Sink::InPlace(mut out) => out.flush().map_err(fail),
            Sink::Replace {
                file,
                temporary,
                target,
            } => {
                let file = file.into_inner().map_err(|e| fail(e.into_error()))?;
                file.sync_all().map_err(fail)?;
                drop(file);
                temporary.persist(&target).map_err(fail)
            }
        }
    }

    fn writer(&mut self) -> &mut dyn Write {
        match &mut self.sink {
            Sink::Stdout(out) => out,
            Sink::Replace { file, .. } => file,
            Sink::InPlace(out) => out,
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.writer().write(buf).map_err(|e| wrap(&self.name, e))
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.writer()
            .write_all(buf)
            .map_err(|e| wrap(&self.name, e))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer().flush().map_err(|e| wrap(&self.name, e))
    }
}

/// `e` with a message naming `name`, its kind kept (a closed pipe stays `BrokenPipe`).
fn wrap(name: &str, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("cannot write {name}: {e}"))
}

/// What kind of file `path` is, in words.
fn describe(path: &Path) -> &'static str {
    let Ok(metadata) = std::fs::metadata(path) else {
        return "gone";
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let kind = metadata.file_type();
        if kind.is_fifo() {
            return "a FIFO";
        } else if kind.is_socket() {
            return "a socket";
        } else if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
    }
    let _ = metadata;
    "not a file"
}

/// Gives the temporary `file` the permission bits (exactly, whatever the umask) and, when the
/// process may, the owner of the file it replaces.
fn keep_mode_and_owner(file: &File, existing: &std::fs::Metadata) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        file.set_permissions(std::fs::Permissions::from_mode(existing.mode() & 0o7777))?;
        let mine = file.metadata()?;
        if (mine.uid(), mine.gid()) != (existing.uid(), existing.gid()) {
            // Only root may give a file away; anyone else keeps it as theirs.
            let _ = std::os::unix::fs::fchown(file, Some(existing.uid()), Some(existing.gid()));
        }
    }
    #[cfg(not(unix))]
    let _ = (file, existing);
    Ok(())
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::{FileTypeExt, PermissionsExt, symlink};

    fn write(path: &Path, text: &str) -> io::Result<()> {
        let mut out = Output::create(path)?;
        out.write_all(text.as_bytes())?;
        out.finish()
    }

    fn others(dir: &Path, keep: &[&str]) -> Vec<String> {
        std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| !keep.contains(&n.as_str()))
            .collect()
    }

    #[test]
    fn a_regular_file_is_replaced_keeping_its_mode() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.txt");
        std::fs::write(&path, "old content, longer than the new").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        write(&path, "new").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
        assert!(others(dir.path(), &["a.txt"]).is_empty());
    }

    #[test]
    fn an_unfinished_output_leaves_the_old_file_and_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.txt");
        std::fs::write(&path, "old").unwrap();
        let mut out = Output::create(&path).unwrap();
        out.write_all(b"half").unwrap();
        assert_eq!(others(dir.path(), &["a.txt"]).len(), 1);
        drop(out);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
        assert!(others(dir.path(), &["a.txt"]).is_empty());
    }

    #[test]
    fn a_symlink_is_kept_and_its_target_written() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.txt");
        std::fs::write(&real, "old").unwrap();
        let link = dir.path().join("link.txt");
        symlink("real.txt", &link).unwrap();
        write(&link, "new").unwrap();
        assert!(crate::files::testing::kind(&link).is_symlink());
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
        // A dangling link: its target is created.
        let dangling = dir.path().join("dangling");
        symlink("created.txt", &dangling).unwrap();
        write(&dangling, "made").unwrap();
        assert_eq!(
            std::fs::read_to_string(dir.path().join("created.txt")).unwrap(),
            "made"
        );
        assert!(crate::files::testing::kind(&dangling).is_symlink());
    }

    #[test]
    fn a_fifo_is_written_in_place_and_stays_a_fifo() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe.csv");
        crate::files::testing::mkfifo(&fifo);
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
        };
        write(&fifo, "through the pipe").unwrap();
        assert_eq!(reader.join().unwrap(), "through the pipe");
        let kind = crate::files::testing::kind(&fifo);
        assert!(kind.is_fifo());
        // A cache never opens it.
        let err = Output::create_file(&fifo).unwrap_err();
        assert!(err.to_string().contains("a FIFO"), "{err}");
        assert!(crate::files::testing::kind(&fifo).is_fifo());
    }

    #[test]
    fn errors_name_the_path_and_keep_their_kind() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ro.txt");
        std::fs::write(&path, "keep").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
        let err = write(&path, "new").unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::PermissionDenied);
        assert!(err.to_string().contains(&shown_path(&path)));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "keep");
    }

    #[test]
    fn create_file_treats_a_dash_as_a_name() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("-");
        let mut out = Output::create_file(&path).unwrap();
        assert!(!out.is_stdout());
        out.write_all(b"x").unwrap();
        out.finish().unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"x");
        assert!(Output::create(Path::new("-")).unwrap().is_stdout());
    }
}
