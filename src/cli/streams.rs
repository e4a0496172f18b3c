//! Standard input and output that were closed when unhop started (`<&-`, `>&-`).
//!
//! Rust's runtime opens `/dev/null` on a closed descriptor 0, 1 or 2 before `main`, and its
//! standard streams take the error of a closed descriptor for success: left alone, a closed
//! output would swallow every answer and exit 0, and a closed input would read as empty. So a
//! function that the C runtime calls before Rust's own start-up ([`find_closed`], an ELF
//! `.init_array` entry, Linux only) finds which of the two were closed and fills them first:
//!
//! * a closed standard input gets the root folder, opened for reading: every read of it fails
//!   (a folder cannot be read as a stream), so no reader takes it for an empty input, and the
//!   readers of the command line ([`stdin`]) say that it is closed;
//! * a closed standard output is refused before the command runs ([`check_stdout`]): exit 2.
//!
//! A closed standard error is left to Rust's runtime (`/dev/null`): there is nowhere to say
//! anything, and the exit code still tells.

use std::sync::atomic::{AtomicBool, Ordering};
use unhop::Error;

/// Standard input was closed when the process started.
static STDIN_CLOSED: AtomicBool = AtomicBool::new(false);

/// Standard output was closed when the process started.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Called by the C runtime before Rust's start-up: an ELF `.init_array` entry runs before
/// `main` and before Rust's runtime reopens closed standard descriptors.
#[cfg(target_os = "linux")]
#[used]
// SAFETY: `.init_array` holds pointers to functions taking the C start-up arguments, which a
// function of no arguments may ignore (the C calling convention); `find_closed` only opens
// files, stores flags, and never unwinds.
#[unsafe(link_section = ".init_array")]
static FIND_CLOSED: extern "C" fn() = find_closed;

/// Finds which of standard input and output are closed: a file opened now gets the lowest
/// free descriptor, so while it comes out as 0 or 1, that descriptor was closed. The root
/// folder, opened for reading, fills each (see the [module](self)); the first descriptor
/// above 1 ends the search and is closed again.
extern "C" fn find_closed() {
    use std::os::fd::{AsRawFd, IntoRawFd};
    for _ in 0..2 {
        let Ok(filler) = std::fs::File::open("/") else {
            return;
        };
        match filler.as_raw_fd() {
            0 => STDIN_CLOSED.store(true, Ordering::Relaxed),
            1 => STDOUT_CLOSED.store(true, Ordering::Relaxed),
            _ => return,
        }
        // Kept open for the life of the process, in the closed descriptor's place.
        let _ = filler.into_raw_fd();
    }
}

/// What was said when standard input was closed.
const STDIN_CLOSED_MESSAGE: &str = "standard input is closed (as with <&-), so nothing can be \
     read from it; give the input as arguments, or redirect it from a file or /dev/null";

/// Whether standard input was closed when unhop started.
pub fn stdin_closed() -> bool {
    STDIN_CLOSED.load(Ordering::Relaxed)
}

/// Standard input to read from, or an input error naming it when it was closed when unhop
/// started.
pub fn stdin() -> Result<std::io::Stdin, Error> {
    if stdin_closed() {
        return Err(Error::new(STDIN_CLOSED_MESSAGE).named("standard input"));
    }
    Ok(std::io::stdin())
}

/// An error when standard output was closed when unhop started: every command writes its
/// answers (or its help) there.
pub fn check_stdout() -> Result<(), Error> {
    if STDOUT_CLOSED.load(Ordering::Relaxed) {
        return Err(Error::new(
            "standard output is closed (as with >&-), so no answer could be written; redirect \
             it to a file, or to /dev/null to discard it",
        )
        .named("standard output"));
    }
    Ok(())
}
