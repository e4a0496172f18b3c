//! Checking an output's path before any work: that it can be written, and that its extension
//! fits the format that will be written into it.

use super::shown_path;
use super::target::{Target, resolve};
use crate::error::Error;
use std::path::Path;

/// Checks, before any work, that `path` can receive `format` (a name for messages, such as
/// "SVG") whose file names end in one of `extensions` (lower case, without the dot): the
/// target must pass [`resolve`] (no folder, nothing read-only), and its extension must be one
/// of `extensions`, compared without regard to case. Standard output (`-`), a name without an
/// extension and an existing device, FIFO or socket are accepted whatever their name.
/// Returns where the output will go.
///
/// # Complexity
///
/// One `lstat` per link followed ([`resolve`]); nothing is opened or created. Then O(e + x)
/// time and memory for the extension's e bytes (a lower-case copy) and the x bytes of
/// `extensions`.
///
/// # Examples
///
/// ```
/// use unhop::files::check_target;
/// let folder = tempfile::tempdir().unwrap();
/// assert!(check_target(&folder.path().join("s.svg"), "SVG", &["svg"]).is_ok());
/// assert!(check_target(&folder.path().join("s.SVG"), "SVG", &["svg"]).is_ok());
/// assert!(check_target(&folder.path().join("s"), "SVG", &["svg"]).is_ok());
/// assert!(check_target("-".as_ref(), "SVG", &["svg"]).is_ok());
/// let err = check_target(&folder.path().join("s.png"), "SVG", &["svg"]).unwrap_err();
/// assert!(err.to_string().contains("end in .svg"));
/// ```
pub fn check_target(path: &Path, format: &str, extensions: &[&str]) -> Result<Target, Error> {
    let target = resolve(path).map_err(|e| Error::new(&e).named(shown_path(path)).caused_by(e))?;
    let Some(extension) = path.extension() else {
        return Ok(target);
    };
    if matches!(target, Target::Stdout | Target::InPlace(_)) {
        return Ok(target);
    }
    let extension = extension.to_string_lossy().to_lowercase();
    if extensions.contains(&extension.as_str()) {
        return Ok(target);
    }
    let names: Vec<String> = extensions.iter().map(|e| format!(".{e}")).collect();
    let names = match names.as_slice() {
        [] => "nothing".to_string(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    };
    Err(Error::new(format!(
        "refusing to write {format} to {}: its name must end in {names} (or have no \
         extension), not {}",
        shown_path(path),
        crate::quote(&format!(".{extension}"))
    ))
    .named(shown_path(path)))
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn the_message_lists_every_accepted_extension() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.txt");
        let err = check_target(&path, "JSON", &["json", "jsonl", "ndjson"]).unwrap_err();
        let message = err.to_string();
        assert!(message.contains(".json, .jsonl or .ndjson"), "{message}");
        assert!(message.contains("not '.txt'"), "{message}");
        assert!(message.contains("JSON"), "{message}");
        // Control characters in the name or the extension are shown escaped.
        let path = dir.path().join("t\u{7}.t\u{1b}[2Jx");
        let err = check_target(&path, "JSON", &["json"]).unwrap_err();
        let message = err.to_string();
        assert!(message.contains(r"t\x07.t\x1b[2Jx'"), "{message}");
        assert!(message.contains(r"not '.t\x1b[2jx'"), "{message}");
        assert!(!message.chars().any(char::is_control), "{message}");
        assert_eq!(err.input(), Some(shown_path(&path).as_str()));
    }

    #[test]
    fn a_fifo_is_accepted_whatever_its_name() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe.png");
        crate::files::testing::mkfifo(&fifo);
        assert_eq!(
            check_target(&fifo, "SVG", &["svg"]).unwrap(),
            Target::InPlace(fifo)
        );
    }

    #[test]
    fn a_folder_is_refused_before_the_extension() {
        let dir = tempfile::tempdir().unwrap();
        let err = check_target(dir.path(), "CSV", &["csv"]).unwrap_err();
        assert!(err.to_string().contains("is a folder"), "{err}");
    }
}
