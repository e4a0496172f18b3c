//! The worker threads of the parallel computations (rayon's pool), started before the command
//! runs, so that a pool that cannot start is a note or a refusal rather than a panic in the
//! middle of a computation.
//!
//! `RAYON_NUM_THREADS` says how many threads (default: one per core); a value that is not a
//! whole number from 1 is refused with exit 2, naming the variable, and more than 16 per core
//! are cut to that many, with a note on standard error. When the threads cannot be started
//! (each reserves a stack of 2 MiB, or `RUST_MIN_STACK` bytes, against `ulimit -v`), a note
//! says so and unhop runs with one thread per core; when even those cannot be started, with
//! the main thread alone.

use std::num::NonZeroUsize;
use unhop::Error;

/// The stack of the thread that runs the command when it cannot be the main thread (the
/// usual main-thread stack, 8 MiB).
const COMMAND_STACK: usize = 8 << 20;

/// The most threads started per core: more only take time to start and to switch between
/// (3,000 of them take seconds to start on two cores), and never make a computation faster.
const MOST_PER_CORE: usize = 16;

/// The variable that chooses the number of threads, as rayon reads it.
const VARIABLE: &str = "RAYON_NUM_THREADS";

/// Where the command's parallel computations run.
pub enum Pool {
    /// Rayon's global pool, of the size asked for.
    Global,
    /// A pool of this process's own, when the global one could not start: every parallel
    /// computation of the command runs in it (the command runs inside it).
    Own(rayon::ThreadPool),
}

impl Pool {
    /// Starts the threads `RAYON_NUM_THREADS` asks for (default: one per core), falling back
    /// as the [module](self) says; `note` is told of each fallback. Time: the time to start
    /// the threads.
    pub fn start(note: impl Fn(&str)) -> Result<Pool, Error> {
        let cores = std::thread::available_parallelism().map_or(1, NonZeroUsize::get);
        let most = cores.saturating_mul(MOST_PER_CORE);
        let asked = threads_asked(std::env::var_os(VARIABLE).as_deref())?;
        let threads = match asked {
            Some(threads) if threads > most => {
                note(&format!(
                    "{VARIABLE}={threads} asks for more threads than unhop starts \
                     ({MOST_PER_CORE} per core, {most} here); using {most}"
                ));
                most
            }
            Some(threads) => threads,
            None => cores,
        };
        let why = match build_global(threads) {
            Ok(()) => return Ok(Pool::Global),
            Err(e) => e,
        };
        let asked_by = match asked {
            Some(_) => format!(" ({VARIABLE}={threads})"),
            None => String::new(),
        };
        if threads > cores {
            // The global pool cannot be built twice: a pool of our own, which the command
            // runs inside.
            let own = rayon::ThreadPoolBuilder::new()
                .num_threads(cores)
                .stack_size(COMMAND_STACK)
                .build();
            if let Ok(pool) = own {
                note(&format!(
                    "cannot start {threads} threads{asked_by}: {why}; using {cores}, one per core"
                ));
                return Ok(Pool::Own(pool));
            }
        }
        // The main thread alone: it starts no thread, so it cannot fail that way.
        let alone = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .use_current_thread()
            .build()
            .map_err(|e| {
                Error::new(format!("cannot start the worker threads{asked_by}: {e}"))
                    .named(VARIABLE)
            })?;
        note(&format!(
            "cannot start {threads} threads{asked_by}: {why}; using the main thread alone"
        ));
        Ok(Pool::Own(alone))
    }

    /// Runs `work` with its parallel computations in this pool.
    pub fn run<R: Send>(&self, work: impl FnOnce() -> R + Send) -> R {
        match self {
            Pool::Global => work(),
            Pool::Own(pool) => pool.install(work),
        }
    }
}

/// Builds rayon's global pool of `threads` threads. When it fails, the threads that did
/// start are waited for until they have ended, so that their stacks are given back before
/// another pool is tried (the address space they took is what a fallback needs).
fn build_global(threads: usize) -> Result<(), rayon::ThreadPoolBuildError> {
    let started = std::sync::Mutex::new(Vec::new());
    let built = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .spawn_handler(|thread| {
            let mut builder = std::thread::Builder::new();
            if let Some(name) = thread.name() {
                builder = builder.name(name.to_owned());
            }
            if let Some(size) = thread.stack_size() {
                builder = builder.stack_size(size);
            }
            let handle = builder.spawn(|| thread.run())?;
            started
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .push(handle);
            Ok(())
        })
        .build_global();
    if built.is_err() {
        // The failed pool has told its threads to end.
        let started = started
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        for handle in started {
            let _ = handle.join();
        }
    }
    built
}

/// The number of threads a value of `RAYON_NUM_THREADS` asks for: `None` when it is unset or
/// empty (one per core), an input error naming the variable when it is not a whole number
/// from 1.
fn threads_asked(value: Option<&std::ffi::OsStr>) -> Result<Option<usize>, Error> {
    let Some(value) = value.filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    match value.to_str().map(str::parse::<usize>) {
        Some(Ok(threads)) if threads > 0 => Ok(Some(threads)),
        _ => Err(Error::new(format!(
            "{VARIABLE} is {}, not a number of threads: give a whole number from 1, or unset \
             it for one thread per core",
            unhop::quote(&value.to_string_lossy())
        ))
        .named(VARIABLE)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsStr;

    #[test]
    fn only_whole_numbers_from_one_are_numbers_of_threads() {
        assert_eq!(threads_asked(None).unwrap(), None);
        assert_eq!(threads_asked(Some(OsStr::new(""))).unwrap(), None);
        assert_eq!(threads_asked(Some(OsStr::new("3000"))).unwrap(), Some(3000));
        for bad in ["abc", "0", "-1", " 4", "4.5", "99999999999999999999999"] {
            let err = threads_asked(Some(OsStr::new(bad))).unwrap_err();
            assert_eq!(err.input(), Some(VARIABLE), "{bad}");
            assert!(err.to_string().contains(&format!("'{bad}'")), "{err}");
        }
        let err = threads_asked(Some(OsStr::new("1\u{1b}[2J"))).unwrap_err();
        assert!(err.to_string().contains(r"'1\x1b[2J'"), "{err}");
    }
}
