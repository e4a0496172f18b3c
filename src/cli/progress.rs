//! [`TerminalProgress`]: the library's [`unhop::Progress`] drawn as a bar on standard error
//! when it is a terminal, and nothing otherwise (so scripts and pipes see only the results).

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;

/// A progress bar (known total) or spinner (unknown total) on standard error, cleared when
/// dropped; hidden when standard error is not a terminal.
pub struct TerminalProgress {
    /// The bar, on a terminal only: elsewhere none is made (a batch makes one a word).
    bar: Option<ProgressBar>,
}

impl TerminalProgress {
    /// A bar that shows only on a terminal (asked once a run: a batch makes a bar a word).
    pub fn new() -> TerminalProgress {
        static STDERR_IS_TERMINAL: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
        let shown = *STDERR_IS_TERMINAL.get_or_init(|| std::io::stderr().is_terminal());
        TerminalProgress {
            bar: shown.then(ProgressBar::new_spinner),
        }
    }

    /// A bar never shown (for work done beside other work, whose bars would overwrite each
    /// other's line).
    pub fn hidden() -> TerminalProgress {
        TerminalProgress { bar: None }
    }
}

impl TerminalProgress {
    /// Runs `write` with the bar cleared, then draws it again below what was written, so rows
    /// printed while the bar shows do not leave stale bars between them on the terminal.
    pub fn suspend<R>(&self, write: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) => bar.suspend(write),
            None => write(),
        }
    }
}

impl Default for TerminalProgress {
    fn default() -> TerminalProgress {
        TerminalProgress::new()
    }
}

/// ", about 12 seconds left", once some work is done to estimate it from (nothing before).
fn time_left(state: &indicatif::ProgressState, out: &mut dyn std::fmt::Write) {
    if state.pos() > 0 {
        let _ = write!(
            out,
            ", about {} left",
            indicatif::HumanDuration(state.eta())
        );
    }
}

impl unhop::Progress for TerminalProgress {
    fn start(&self, what: &str, total: Option<u64>) {
        let Some(bar) = &self.bar else {
            return;
        };
        bar.reset();
        match total {
            Some(total) => {
                bar.set_length(total);
                bar.set_style(
                    ProgressStyle::with_template(
                        "{msg} [{bar:30}] {percent:>3}% ({elapsed}{left})",
                    )
                    .expect("a fixed template")
                    .with_key("left", time_left)
                    .progress_chars("=> "),
                );
            }
            None => {
                bar.unset_length();
                bar.set_style(
                    ProgressStyle::with_template("{spinner} {msg} ({pos} so far, {elapsed})")
                        .expect("a fixed template"),
                );
            }
        }
        bar.set_message(what.to_string());
        // Redrawn a few times a second even between reports, so the elapsed time moves while
        // a long step runs.
        bar.enable_steady_tick(std::time::Duration::from_millis(250));
    }

    fn advance(&self, work: u64) {
        if let Some(bar) = &self.bar {
            bar.inc(work);
        }
    }

    fn note(&self, message: &str) {
        // A note that cannot be written (standard error full or gone) is not worth failing
        // for, and `eprintln!` would panic on it.
        let write = || {
            use std::io::Write;
            let _ = writeln!(std::io::stderr(), "{message}");
        };
        self.suspend(write);
    }
}

impl Drop for TerminalProgress {
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
