//! Progress of a long computation, told to the page's background thread (a Web Worker) that
//! runs it: the worker defines the global function `unhopProgress(done, total)` and posts
//! what it hears to the page. Where it is not defined (the page's own thread) and natively,
//! nothing is told.

use std::sync::atomic::{AtomicU64, Ordering};
use unhop::Progress;

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// Defined by the worker that runs the computation (`pegs-worker.js`,
    /// `heaps-worker.js`); an error where it is not.
    #[wasm_bindgen(catch, js_name = unhopProgress)]
    fn report_progress(done: f64, total: f64) -> Result<(), wasm_bindgen::JsValue>;
}

/// Tells the worker the units of work done so far and the stage's total (0 when it is not
/// known in advance).
#[derive(Default)]
pub struct WorkerProgress {
    done: AtomicU64,
    total: AtomicU64,
}

impl Progress for WorkerProgress {
    fn start(&self, _what: &str, total: Option<u64>) {
        self.done.store(0, Ordering::Relaxed);
        self.total.store(total.unwrap_or(0), Ordering::Relaxed);
    }

    fn advance(&self, work: u64) {
        let done = self.done.fetch_add(work, Ordering::Relaxed) + work;
        let total = self.total.load(Ordering::Relaxed);
        #[cfg(target_arch = "wasm32")]
        let _no_listener = report_progress(done as f64, total as f64);
        #[cfg(not(target_arch = "wasm32"))]
        let _ = (done, total);
    }
}
