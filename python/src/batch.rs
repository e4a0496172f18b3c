//! Many words in one call (`check`, `solve`): their texts borrowed from Python, answered on
//! every core with the GIL released, and returned in order, the first failing word (by index)
//! the error.

use crate::{at_item, interruptible, py_err};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyModule, PyString};
use rayon::prelude::*;
use std::sync::{Mutex, PoisonError};
use unhop::{Error, Progress};

/// The words of a call: one `str`, or the items of an iterable of `str`, kept alive while
/// their text is borrowed.
pub(crate) struct Texts<'py> {
    single: bool,
    items: Vec<Bound<'py, PyString>>,
}

impl<'py> Texts<'py> {
    /// The words of `arg`: a `str`, or an iterable of them (an item that is not a `str` is a
    /// `TypeError` naming its index).
    pub(crate) fn of(arg: &Bound<'py, PyAny>) -> PyResult<Texts<'py>> {
        if let Ok(text) = arg.cast::<PyString>() {
            return Ok(Texts {
                single: true,
                items: vec![text.clone()],
            });
        }
        let not_a_str = |k: usize| PyTypeError::new_err(format!("word {k} (0-based) is not a str"));
        let items = match arg.cast::<PyList>() {
            // A list, read by index (the common case, and faster than an iterator).
            Ok(list) => list
                .iter()
                .enumerate()
                .map(|(k, item)| item.cast_into::<PyString>().map_err(|_| not_a_str(k)))
                .collect::<PyResult<Vec<_>>>()?,
            Err(_) => {
                let mut items = Vec::new();
                for (k, item) in arg.try_iter()?.enumerate() {
                    items.push(item?.cast_into::<PyString>().map_err(|_| not_a_str(k))?);
                }
                items
            }
        };
        Ok(Texts {
            single: false,
            items,
        })
    }

    /// Whether the call named one word (a `str`) rather than an iterable.
    pub(crate) fn single(&self) -> bool {
        self.single
    }

    /// Answers every word with `answer` on every core, the GIL released, in order. An error
    /// is that of the first word (by index) that failed, naming its index when the call named
    /// an iterable. Ctrl-C stops the work through the `Progress` given to `answer`.
    pub(crate) fn answer_each<T: Send>(
        &self,
        py: Python<'_>,
        answer: impl Fn(&str, &dyn Progress) -> Result<T, Error> + Sync,
    ) -> PyResult<Vec<T>> {
        let texts = self
            .items
            .iter()
            .map(|item| item.to_str())
            .collect::<PyResult<Vec<&str>>>()?;
        // The answers alone (not a `Result` each: an error is large), and the error of the
        // first word that failed, whichever thread found it.
        let first_failure: Mutex<Option<(usize, Error)>> = Mutex::new(None);
        let answers = interruptible(py, |progress| {
            Ok(texts
                .par_iter()
                .enumerate()
                .map(|(k, text)| {
                    let failure = match answer(text, progress) {
                        Ok(answered) => return Some(answered),
                        Err(failure) => failure,
                    };
                    let mut first = first_failure.lock().unwrap_or_else(PoisonError::into_inner);
                    if first.as_ref().is_none_or(|(j, _)| k < *j) {
                        *first = Some((k, failure));
                    }
                    None
                })
                .collect::<Vec<Option<T>>>())
        })?;
        let first = first_failure.into_inner();
        if let Some((k, failure)) = first.unwrap_or_else(PoisonError::into_inner) {
            return Err(match self.single {
                true => py_err(failure),
                false => at_item(k, failure),
            });
        }
        Ok(answers.into_iter().flatten().collect())
    }
}

/// Python's cyclic garbage collector paused while a batch's result objects are made, and
/// resumed (if it ran before) when dropped: the objects hold no cycles, and a collection
/// every 700 new objects would scan the million made before again and again (it doubled the
/// time of `solve` on 10^6 words).
pub(crate) struct CollectorPaused<'py> {
    gc: Bound<'py, PyModule>,
    was_enabled: bool,
}

impl<'py> CollectorPaused<'py> {
    /// Pauses the collector.
    pub(crate) fn new(py: Python<'py>) -> PyResult<CollectorPaused<'py>> {
        let gc = py.import("gc")?;
        let was_enabled = gc.call_method0("isenabled")?.is_truthy()?;
        gc.call_method0("disable")?;
        Ok(CollectorPaused { gc, was_enabled })
    }
}

impl Drop for CollectorPaused<'_> {
    fn drop(&mut self) {
        if self.was_enabled {
            // Enabling the collector cannot fail; a failure would leave it paused.
            let _ = self.gc.call_method0("enable");
        }
    }
}
