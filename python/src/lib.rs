//! The unhop library for Python: a native module built with PyO3 and maturin
//! (`pip install ./python`). Every function calls the library; the binding only converts
//! arguments and answers (words from `str`, big integers to Python `int`, tables handed to
//! numpy without copying) and maps the library's errors to Python exceptions.
//!
//! Long calls release the GIL and can be interrupted with Ctrl-C: they run on a worker thread
//! while the calling thread watches for signals, and the library's progress reports stop
//! the work once a signal has arrived ([`interruptible`]).

use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyString};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use unhop::{Error, ErrorKind, Progress};

mod automata;
mod batch;
mod games;
mod probes;
mod puzzles;
mod report;
mod rules;
mod schemas;
mod solitaire;

create_exception!(
    unhop,
    RefusedError,
    PyValueError,
    "The library refused a request that would take too long or too much memory; the message \
     names the estimate and the limit."
);
create_exception!(
    unhop,
    GaveUpError,
    PyRuntimeError,
    "A search gave up within its limits: neither an answer nor a proof that there is none."
);

/// A library error as a Python exception: bad input is a `ValueError`, a refused request
/// [`RefusedError`] (a `ValueError`), a search that gave up [`GaveUpError`] (a
/// `RuntimeError`), a bug `RuntimeError`. Every one has the attributes of the library's error,
/// as the command line writes them under `--json`: `kind` (`"input"`, `"refused"`,
/// `"gave_up"` or `"internal"`), `input`, `line`, `column`, `estimate`, `limit` and `unit`,
/// `None` where they do not apply, and `position`, the same as `column`.
pub(crate) fn py_err(e: Error) -> PyErr {
    let message = e.to_string();
    let err = match e.kind() {
        ErrorKind::Input => PyValueError::new_err(message),
        ErrorKind::Refused => RefusedError::new_err(message),
        ErrorKind::GaveUp => GaveUpError::new_err(message),
        ErrorKind::Internal | _ => PyRuntimeError::new_err(message),
    };
    Python::attach(|py| {
        let value = err.value(py);
        let figures = e.figures();
        let attributes = [
            ("kind", e.kind().name().into_pyobject(py)?.into_any()),
            ("input", e.input().into_pyobject(py)?),
            ("line", e.line().into_pyobject(py)?),
            ("column", e.column().into_pyobject(py)?),
            ("position", e.column().into_pyobject(py)?),
            ("estimate", figures.map(|f| f.estimate).into_pyobject(py)?),
            ("limit", figures.map(|f| f.limit).into_pyobject(py)?),
            ("unit", figures.map(|f| f.unit.as_str()).into_pyobject(py)?),
        ];
        for (name, attribute) in attributes {
            value.setattr(name, attribute)?;
        }
        PyResult::Ok(())
    })
    .map_or_else(|failed| failed, |()| err)
}

/// An error about item `index` of a batch: its message names the item (`word 2 (0-based):
/// …`), and it has the attribute `index` besides those of [`py_err`].
pub(crate) fn at_item(index: usize, e: Error) -> PyErr {
    let err = py_err(e.context(format!("word {index} (0-based)")));
    Python::attach(|py| err.value(py).setattr("index", index).err().unwrap_or(err))
}

/// A library value parsed from a keyword argument (`board="finite"`), a `ValueError` if bad.
pub(crate) fn parse<T: std::str::FromStr<Err = Error>>(text: &str) -> PyResult<T> {
    text.parse().map_err(py_err)
}

/// A Python `int` from the decimal text of a big integer of any size.
pub(crate) fn big_int<'py>(py: Python<'py>, digits: &str) -> PyResult<Bound<'py, PyAny>> {
    py.get_type::<PyInt>().call1((PyString::new(py, digits),))
}

/// The payload of the unwinding that stops an interrupted computation.
struct Interrupted;

/// Progress that stops the computation (by unwinding with [`Interrupted`]) once `stop` is
/// set: the library reports progress every few thousand units of work, from any thread.
pub(crate) struct Stopper {
    stop: AtomicBool,
}

impl Stopper {
    /// Progress that lets the computation go on until [`Stopper::stop`].
    pub(crate) fn new() -> Stopper {
        Stopper {
            stop: AtomicBool::new(false),
        }
    }

    /// Stops the computation at its next progress report.
    pub(crate) fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Unwinds with [`Interrupted`] once the computation was asked to stop.
    pub(crate) fn check(&self) {
        if self.stop.load(Ordering::Relaxed) {
            std::panic::panic_any(Interrupted);
        }
    }
}

impl Progress for Stopper {
    fn start(&self, _: &str, _: Option<u64>) {
        self.check();
    }
    fn advance(&self, _: u64) {
        self.check();
    }
    fn note(&self, _: &str) {
        self.check();
    }
}

/// Runs `work` without the GIL on a worker thread while this thread checks for signals every
/// 50 ms; on Ctrl-C (a `KeyboardInterrupt`, or any exception a signal handler raises) the
/// work stops at its next progress report and the exception is raised.
pub(crate) fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&dyn Progress) -> Result<T, Error> + Send,
) -> PyResult<T> {
    let stopper = Stopper::new();
    let mut signal: Option<PyErr> = None;
    let outcome = py.detach(|| {
        std::thread::scope(|scope| {
            let (done, finished) = std::sync::mpsc::channel::<()>();
            let stopper = &stopper;
            let worker = scope.spawn(move || {
                let result =
                    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(stopper)));
                let _ = done.send(());
                result
            });
            while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
                finished.recv_timeout(Duration::from_millis(50))
            {
                if signal.is_none()
                    && let Err(e) = Python::attach(|py| py.check_signals())
                {
                    signal = Some(e);
                    stopper.stop();
                }
            }
            worker.join().expect("the worker catches its panics")
        })
    });
    if let Some(e) = signal {
        return Err(e);
    }
    match outcome {
        Ok(result) => result.map_err(py_err),
        Err(payload) => Err(unwound(payload)),
    }
}

/// The error of work that unwound with `payload`: stopped by a [`Stopper`], or else a panic,
/// resumed.
pub(crate) fn unwound(payload: Box<dyn std::any::Any + Send>) -> PyErr {
    match payload.is::<Interrupted>() {
        true => PyRuntimeError::new_err("interrupted"),
        false => std::panic::resume_unwind(payload),
    }
}

/// Keeps the panic hook quiet about [`Interrupted`] (a stop asked for, not a bug).
fn quiet_interruptions() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if !info.payload().is::<Interrupted>() {
            previous(info);
        }
    }));
}

#[pymodule]
fn _unhop(m: &Bound<'_, PyModule>) -> PyResult<()> {
    static HOOK: std::sync::Once = std::sync::Once::new();
    HOOK.call_once(quiet_interruptions);
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("RefusedError", py.get_type::<RefusedError>())?;
    m.add("GaveUpError", py.get_type::<GaveUpError>())?;
    solitaire::register(m)?;
    games::register(m)?;
    automata::register(m)?;
    puzzles::register(m)?;
    probes::register(m)?;
    rules::register(m)?;
    schemas::register(m)?;
    Ok(())
}
