//! [`Progress`]: how a long computation tells its caller how far it has got.
//!
//! The library never draws anything: a computation that can take more than a second takes a
//! `&dyn Progress` and reports its work in units of its own (positions, words, heaps) that are
//! proportional to the time it takes. The command line draws a bar on a terminal from it; the
//! browser page and the Python module pass their own, or [`Quiet`].

/// Receives the progress of one computation. Every method has an empty default, so an
/// implementation picks what it shows. Implementations must be cheap: a computation may call
/// [`Progress::advance`] every few thousand units of work, from several threads.
///
/// ```
/// use std::sync::atomic::{AtomicU64, Ordering};
/// use unhop::Progress;
///
/// /// Adds up the work done.
/// struct Tally(AtomicU64);
/// impl Progress for Tally {
///     fn advance(&self, work: u64) {
///         self.0.fetch_add(work, Ordering::Relaxed);
///     }
/// }
///
/// let tally = Tally(AtomicU64::new(0));
/// tally.start("counting", Some(10));
/// for _ in 0..10 {
///     tally.advance(1);
/// }
/// assert_eq!(tally.0.load(Ordering::Relaxed), 10);
/// ```
pub trait Progress: Sync {
    /// A stage of the computation begins: `what` says what it does (as "building the pattern
    /// databases"), `total` is its work in units if known in advance.
    fn start(&self, what: &str, total: Option<u64>) {
        let _ = (what, total);
    }

    /// `work` more units of the current stage are done.
    fn advance(&self, work: u64) {
        let _ = work;
    }

    /// A line worth telling the user as it happens (as where a cache was written).
    fn note(&self, message: &str) {
        let _ = message;
    }
}

/// Reports nothing: for callers that do not show progress.
///
/// ```
/// use unhop::{Progress, Quiet};
/// Quiet.start("anything", None);
/// Quiet.advance(5);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Quiet;

impl Progress for Quiet {}
