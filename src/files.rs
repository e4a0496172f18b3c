//! Writing output so that nothing but the target is touched.
//!
//! Every file unhop writes goes through [`Output`] (or [`write_atomically`], its one-call
//! form), which decides from what is at the path ([`resolve`]):
//!
//! * `-` is standard output;
//! * a missing or regular file is written to a temporary file in the same folder and renamed
//!   over it when complete, keeping the old file's permissions (a reader never sees half a
//!   file, and a failed or interrupted run leaves the old file as it was);
//! * a symlink is followed to its final target, which is written that way; the link is kept;
//! * an existing device, FIFO or socket is opened and written in place, never replaced;
//! * a folder, and a target without any write bit in its mode (checked from the mode, so a
//!   read-only file is refused even for root), are refused with a message.
//!
//! Temporary files are registered while they live: [`remove_temporaries_on_signals`] removes
//! them when the process is interrupted. [`check_target`] checks a path, and that its
//! extension fits the format to be written, before any work starts.

mod extension;
mod output;
mod target;
mod temporaries;

pub use extension::check_target;
pub use output::Output;
pub use target::{Target, resolve};
pub use temporaries::{live_temporaries, remove_temporaries_on_signals};

use std::io::Write;
use std::path::Path;

/// Writes `contents` to `path` as an [`Output`]: a regular file is replaced whole or not at
/// all (a temporary file in the same folder, renamed over it when complete), a device or FIFO
/// is written in place, `-` is standard output. Time O(contents).
///
/// ```
/// let folder = tempfile::tempdir().unwrap();
/// let path = folder.path().join("a.txt");
/// unhop::files::write_atomically(&path, b"one").unwrap();
/// unhop::files::write_atomically(&path, b"two").unwrap();
/// assert_eq!(std::fs::read(&path).unwrap(), b"two");
/// ```
pub fn write_atomically(path: &Path, contents: &[u8]) -> Result<(), crate::Error> {
    let write = || {
        let mut output = Output::create(path)?;
        output.write_all(contents)?;
        output.finish()
    };
    // The errors of an `Output` name its path.
    write().map_err(|e| crate::Error::new(&e).named(shown_path(path)).caused_by(e))
}

/// `path` as messages name it: between single quotes, with its control and invisible
/// characters escaped as [`crate::quote`] escapes them (`\x1b`), but never cut short (a path
/// is read whole).
///
/// # Complexity
///
/// O(n) time for a path of n bytes, one character at a time; the result is at most ten bytes
/// a character (an escape such as `\u{202e}`), plus the quotes.
///
/// # Examples
///
/// ```
/// use unhop::files::shown_path;
/// use std::path::Path;
/// assert_eq!(shown_path(Path::new("out/a\u{1b}[2J.csv")), r"'out/a\x1b[2J.csv'");
/// assert_eq!(shown_path(Path::new("it's.csv")), "'it's.csv'");
/// ```
pub fn shown_path(path: &Path) -> String {
    let text = path.to_string_lossy();
    let mut shown = String::with_capacity(text.len() + 2);
    shown.push('\'');
    for c in text.chars() {
        let mut buffer = [0; 4];
        let one = c.encode_utf8(&mut buffer);
        let quoted = crate::quote(one);
        match quoted.strip_prefix('\'').and_then(|q| q.strip_suffix('\'')) {
            Some(escaped) if c != '\'' => shown.push_str(escaped),
            _ => shown.push(c),
        }
    }
    shown.push('\'');
    shown
}

/// Helpers of the unit tests of this module's parts.
#[cfg(all(test, unix))]
pub(crate) mod testing {
    use std::path::Path;

    /// Makes a FIFO at `path` with the `mkfifo` command.
    pub(crate) fn mkfifo(path: &Path) {
        let made = std::process::Command::new("mkfifo")
            .arg(path)
            .status()
            .unwrap();
        assert!(made.success(), "mkfifo {}", path.display());
    }

    /// The type of what is at `path` itself (links not followed).
    pub(crate) fn kind(path: &Path) -> std::fs::FileType {
        std::fs::symlink_metadata(path).unwrap().file_type()
    }
}
