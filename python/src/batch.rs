//! Many words in one call (`check`, `solve`): their texts read from Python a chunk at a time
//! while the chunks before are answered on every core without the GIL, and returned in order,
//! the first failing word (by index) the error.

use crate::{Stopper, at_item, py_err, unwound};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyList, PyModule, PyString};
use rayon::prelude::*;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;
use unhop::{Error, Progress};

/// The words read from Python and handed to the answering thread at a time.
const CHUNK_WORDS: usize = 1 << 14;

/// How often the calling thread looks for a signal (Ctrl-C) while it waits for the answers.
const SIGNAL_CHECKS: Duration = Duration::from_millis(50);

/// A chunk of words, each kept alive with its text's place ([`PyBackedStr`]), so that the
/// texts are read with the GIL released; and the index of its first word.
type Chunk = (usize, Vec<PyBackedStr>);

/// The words of a call: one `str`, or an iterable of them.
pub(crate) struct Texts<'a, 'py> {
    arg: &'a Bound<'py, PyAny>,
    single: bool,
}

/// The error of the first word (by index) that failed, whichever thread found it.
type FirstFailure = Mutex<Option<(usize, Error)>>;

impl<'a, 'py> Texts<'a, 'py> {
    /// The words of `arg`: a `str`, or an iterable of them (read when answered).
    pub(crate) fn of(arg: &'a Bound<'py, PyAny>) -> PyResult<Texts<'a, 'py>> {
        let single = arg.is_instance_of::<PyString>();
        Ok(Texts { arg, single })
    }

    /// Whether the call named one word (a `str`) rather than an iterable.
    pub(crate) fn single(&self) -> bool {
        self.single
    }

    /// Answers every word with `answer` on every core, the GIL released, in order. The words
    /// are read from Python (with the GIL) a chunk at a time while the chunks before are
    /// answered on another thread, so a list of 10^6 short words costs little more than its
    /// answers. An item that is not a `str` is a `TypeError` naming its index, raised whatever
    /// the words before it came to; else an error is that of the first word (by index) that
    /// failed, naming its index when the call named an iterable. Ctrl-C stops the work
    /// through the `Progress` given to `answer`.
    pub(crate) fn answer_each<T: Send>(
        &self,
        py: Python<'py>,
        answer: impl Fn(&str, &dyn Progress) -> Result<T, Error> + Sync,
    ) -> PyResult<Vec<T>> {
        let stopper = Stopper::new();
        let first_failure: FirstFailure = Mutex::new(None);
        // Not bounded: the calling thread never waits with the GIL held (the words are all held
        // at once, as a list holds them).
        let (to_answer, to_read) = channel::<Chunk>();
        let (to_return, returned) = channel::<(Vec<PyBackedStr>, Vec<Option<T>>)>();
        let mut answers = Vec::new();
        let (stopper, failure, answer) = (&stopper, &first_failure, &answer);
        let (read, worker) = std::thread::scope(|scope| {
            let worker = scope.spawn(move || {
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    for (first, words) in to_read {
                        let each = words
                            .par_iter()
                            .enumerate()
                            .map(|(k, text)| answer_one(first + k, text, answer, stopper, failure))
                            .collect();
                        if to_return.send((words, each)).is_err() {
                            return;
                        }
                    }
                }))
            });
            let read = self.hand_over(py, &to_answer, &returned, &mut answers);
            drop(to_answer);
            if read.is_err() {
                stopper.stop();
            }
            // The rest of the answers, waited for without the GIL, watching for a signal.
            let signal = wait_for_answers(py, returned, stopper, &mut answers);
            (read.and(signal), worker.join())
        });
        read?;
        if let Err(payload) = worker.expect("the worker catches its panics") {
            return Err(unwound(payload));
        }
        if let Some((k, failure)) = first_failure
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner)
        {
            return Err(match self.single {
                true => py_err(failure),
                false => at_item(k, failure),
            });
        }
        Ok(answers.into_iter().flatten().collect())
    }

    /// Reads the words into chunks and hands each to `to_answer`, taking in the chunks
    /// answered meanwhile (their answers onto `answers`); a signal or an item that is not a
    /// `str` ends it.
    fn hand_over<T>(
        &self,
        py: Python<'py>,
        to_answer: &Sender<Chunk>,
        returned: &Receiver<(Vec<PyBackedStr>, Vec<Option<T>>)>,
        answers: &mut Vec<Option<T>>,
    ) -> PyResult<()> {
        let mut first = 0;
        let mut words = Vec::with_capacity(CHUNK_WORDS);
        let mut hand = |first: usize, words: Vec<PyBackedStr>| -> PyResult<bool> {
            py.check_signals()?;
            // The chunks answered so far: their words let go now, with the GIL.
            for (_, each) in returned.try_iter() {
                answers.extend(each);
            }
            // A worker gone (it panicked) is reported once joined.
            Ok(to_answer.send((first, words)).is_ok())
        };
        if self.single {
            let text = self.arg.cast::<PyString>()?.extract()?;
            hand(0, vec![text])?;
            return Ok(());
        }
        let mut read = |k: usize, item: PyResult<Bound<'py, PyAny>>| -> PyResult<bool> {
            words.push(text_of(k, item?)?);
            if words.len() < CHUNK_WORDS {
                return Ok(true);
            }
            let chunk = std::mem::replace(&mut words, Vec::with_capacity(CHUNK_WORDS));
            let going_on = hand(first, chunk)?;
            first = k + 1;
            Ok(going_on)
        };
        match self.arg.cast::<PyList>() {
            // A list, read by index (the common case, and faster than an iterator).
            Ok(list) => {
                for (k, item) in list.iter().enumerate() {
                    if !read(k, Ok(item))? {
                        return Ok(());
                    }
                }
            }
            Err(_) => {
                for (k, item) in self.arg.try_iter()?.enumerate() {
                    if !read(k, item)? {
                        return Ok(());
                    }
                }
            }
        }
        if !words.is_empty() {
            hand(first, words)?;
        }
        Ok(())
    }
}

/// The text of item `k`, or a `TypeError` naming it when it is not a `str`.
fn text_of(k: usize, item: Bound<'_, PyAny>) -> PyResult<PyBackedStr> {
    match item.cast_into::<PyString>() {
        // Taking the reference over, not counting another.
        Ok(text) => PyBackedStr::try_from(text),
        Err(_) => Err(PyTypeError::new_err(format!(
            "word {k} (0-based) is not a str"
        ))),
    }
}

/// The answer of word `k`, or `None` with its failure recorded when it is the first so far;
/// unwinds first when `stopper` was asked to stop (a word's answer may report no progress).
fn answer_one<T>(
    k: usize,
    text: &str,
    answer: &impl Fn(&str, &dyn Progress) -> Result<T, Error>,
    stopper: &Stopper,
    first_failure: &FirstFailure,
) -> Option<T> {
    stopper.check();
    let failure = match answer(text, stopper) {
        Ok(answered) => return Some(answered),
        Err(failure) => failure,
    };
    let mut first = first_failure.lock().unwrap_or_else(PoisonError::into_inner);
    if first.as_ref().is_none_or(|(j, _)| k < *j) {
        *first = Some((k, failure));
    }
    None
}

/// Takes in the chunks answered until the answering thread is done, without the GIL; a signal
/// (Ctrl-C) stops the work and is the error.
fn wait_for_answers<T: Send>(
    py: Python<'_>,
    returned: Receiver<(Vec<PyBackedStr>, Vec<Option<T>>)>,
    stopper: &Stopper,
    answers: &mut Vec<Option<T>>,
) -> PyResult<()> {
    py.detach(move || {
        let mut signal = Ok(());
        loop {
            match returned.recv_timeout(SIGNAL_CHECKS) {
                Ok((done, each)) => {
                    answers.extend(each);
                    // Let go while the chunks after are answered, not all at the end.
                    Python::attach(move |_| drop(done));
                }
                Err(RecvTimeoutError::Disconnected) => return signal,
                Err(RecvTimeoutError::Timeout) => {
                    if signal.is_ok()
                        && let Err(e) = Python::attach(|py| py.check_signals())
                    {
                        signal = Err(e);
                        stopper.stop();
                    }
                }
            }
        }
    })
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
