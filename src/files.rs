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
    write().map_err(crate::Error::new)
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
