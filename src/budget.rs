//! [`Budget`]: what a computation may spend in work and memory, checked by the engine itself.
//!
//! Every engine whose cost can grow beyond a few seconds or a few megabytes runs under a
//! budget. It works in three steps:
//!
//! 1. **Before it starts**, the engine estimates its work (in a unit of its own, a
//!    [`WorkUnit`]: moves, positions, big-integer word operations, …) and its memory (the
//!    bytes it will allocate, not only those it keeps), as upper bounds, and asks the budget
//!    to admit them ([`Budget::admit`]). A request over a limit is refused at once, with the
//!    estimate, the limit and the unit ([`crate::Figures`]); nothing is computed.
//! 2. **As it runs**, it charges its work and the memory of its tables to the [`Meter`] it was
//!    given ([`Meter::charge`], [`Meter::hold`], [`Meter::vec`]). Where no estimate can be made
//!    in advance (a search whose reach is unknown), this is what stops it: past the limit the
//!    engine gives up with what it had spent. Large tables are allocated fallibly, so a limit
//!    that could not be read, or memory taken meanwhile by others, ends in an error, not an
//!    abort.
//! 3. **Afterwards**, the budget keeps an [`Account`] of each meter (work done, the most bytes
//!    held), so tests hold every estimate against what was really spent.
//!
//! The limits: the work limit is the budget's ([`Budget::with_max_work`]) or else the unit's
//! default (about a minute of work on one core); the memory limit is the budget's
//! ([`Budget::with_max_bytes`]) and the tightest limit of this process when the meter starts
//! ([`crate::memory::limit`]: `ulimit -v`, cgroups, the memory available), whichever is less.
//!
//! ```
//! use unhop::budget::{Budget, WorkUnit};
//! const STEPS: WorkUnit = WorkUnit { name: "steps", default_limit: 1_000 };
//!
//! // Sums 0..n one step at a time, under a budget.
//! fn sum(n: u64, budget: &Budget) -> Result<u64, unhop::Error> {
//!     let meter = budget.admit(format!("summing {n} numbers"), STEPS, u128::from(n), 0)?;
//!     let mut total = 0;
//!     for i in 0..n {
//!         meter.charge(1)?;
//!         total += i;
//!     }
//!     Ok(total)
//! }
//!
//! let budget = Budget::default();
//! assert_eq!(sum(10, &budget).unwrap(), 45);
//! assert_eq!(budget.accounts()[0].work, 10);
//! let refused = sum(5_000, &budget).unwrap_err();
//! assert_eq!(refused.kind(), unhop::ErrorKind::Refused);
//! assert_eq!(refused.figures().unwrap().limit, 1_000);
//! assert!(sum(5_000, &Budget::default().with_max_work(10_000)).is_ok());
//! ```

use crate::error::{Error, Figures};
use crate::memory;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// What an engine counts its work in, and how much it may do when the budget names no limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorkUnit {
    /// The unit, in the plural, as messages and JSON name it ("moves", "positions").
    pub name: &'static str,
    /// The work allowed when the budget has no limit of its own: about a minute on one core.
    pub default_limit: u64,
}

/// The limits a computation runs under; see the [module](self) for how engines use it.
///
/// A budget is shared by reference, also between threads: its meters count with atomics and
/// own what they need, so an engine that lives long (a game solver with its memo) keeps its
/// meter. One budget is meant for one request (the command line makes one per word of a
/// batch).
#[derive(Debug, Default)]
pub struct Budget {
    max_work: Option<u64>,
    max_positions: Option<u64>,
    max_bytes: Option<u64>,
    /// The process's memory limits are left aside ([`Budget::without_process_limits`]).
    without_process_limits: bool,
    accounts: Arc<Mutex<Vec<Account>>>,
}

/// What one meter spent, kept by its budget when the meter is done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    /// The computation, as its messages name it.
    pub what: String,
    /// The unit of `work`.
    pub unit: &'static str,
    /// The work charged.
    pub work: u64,
    /// The most bytes held at once.
    pub peak_bytes: u64,
    /// The estimate the meter was admitted with, if any: (work, bytes).
    pub estimate: Option<(u128, u128)>,
}

impl Budget {
    /// Every engine's default work limit and this process's memory limits.
    pub fn new() -> Budget {
        Budget::default()
    }

    /// No limit of work or positions; memory still within the process's limits (for the
    /// exhaustive twins in tests, and callers that bound their inputs themselves).
    pub fn unlimited() -> Budget {
        Budget::default()
            .with_max_work(u64::MAX)
            .with_max_positions(u64::MAX)
    }

    /// A budget of `units` of work for every engine, whatever its unit (the command line's
    /// `--max-work`).
    pub fn with_max_work(self, units: u64) -> Budget {
        Budget {
            max_work: Some(units),
            ..self
        }
    }

    /// A budget of `positions` kept positions for the engines that keep positions (the
    /// command line's `--max-positions`).
    pub fn with_max_positions(self, positions: u64) -> Budget {
        Budget {
            max_positions: Some(positions),
            ..self
        }
    }

    /// A budget of at most `bytes` of memory, besides the process's own limits.
    pub fn with_max_bytes(self, bytes: u64) -> Budget {
        Budget {
            max_bytes: Some(bytes),
            ..self
        }
    }

    /// The same budget with the process's memory limits left aside (its own `max_bytes` still
    /// counts): for the library's fixed automata of a few dozen states, such as the one-peg
    /// languages, whose memory is known to be small, so that a process whose limits leave it
    /// nothing to spare (a low `ulimit -v` less the reserve for threads) still answers what
    /// needs no more. O(1).
    pub(crate) fn without_process_limits(self) -> Budget {
        Budget {
            without_process_limits: true,
            ..self
        }
    }

    /// The work limit for an engine counting in `unit`.
    pub fn work_limit(&self, unit: WorkUnit) -> u64 {
        self.max_work.unwrap_or(unit.default_limit)
    }

    /// The most positions an engine that keeps positions may keep: the budget's limit, or
    /// the engine's `default`.
    pub fn position_limit(&self, default: u64) -> u64 {
        self.max_positions.unwrap_or(default)
    }

    /// The memory a computation may take now: the budget's limit and the process's tightest
    /// limit ([`memory::limit`]), whichever is less, with a description of it.
    fn memory_limit(&self) -> (u64, String) {
        let process = match self.without_process_limits {
            true => None,
            false => memory::limit(),
        };
        match (self.max_bytes, process) {
            (Some(own), Some(limit)) if limit.bytes < own => (limit.bytes, limit.describe()),
            (Some(own), _) => (own, "the budget's memory limit".into()),
            (None, Some(limit)) => (limit.bytes, limit.describe()),
            (None, None) => (u64::MAX, "no memory limit".into()),
        }
    }

    /// A meter for a computation named `what` that counts its work in `unit`, with no
    /// estimate made in advance: its limits stop it as it runs.
    ///
    /// # Complexity
    ///
    /// The reads of [`memory::limit`] (a few small files under `/proc` and the cgroups'), to fix
    /// the memory limit when the meter starts; then O(1) besides the name.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::budget::{Budget, WorkUnit};
    /// const STEPS: WorkUnit = WorkUnit { name: "steps", default_limit: 100 };
    /// let budget = Budget::default().with_max_bytes(1 << 20);
    /// let meter = budget.meter("a search", STEPS);
    /// assert_eq!((meter.work_limit(), meter.byte_limit()), (100, 1 << 20));
    /// meter.charge(40).unwrap();
    /// drop(meter);
    /// assert_eq!(budget.accounts()[0].work, 40);
    /// ```
    pub fn meter(&self, what: impl Into<String>, unit: WorkUnit) -> Meter {
        let (byte_limit, memory) = self.memory_limit();
        Meter {
            accounts: Arc::clone(&self.accounts),
            what: what.into(),
            unit,
            work_limit: self.work_limit(unit),
            byte_limit,
            memory,
            estimate: None,
            work: AtomicU64::new(0),
            bytes: AtomicU64::new(0),
            peak: AtomicU64::new(0),
        }
    }

    /// A meter for a computation named `what`, admitted only if its estimate, `work` units of
    /// `unit` and `bytes` of memory (upper bounds), is within the limits; else a refusal
    /// ([`crate::ErrorKind::Refused`]) with the estimate, the limit and the unit, and for
    /// memory which limit it is.
    ///
    /// # Complexity
    ///
    /// As [`Budget::meter`]; the estimate is checked in O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{ErrorKind, budget::{Budget, WorkUnit}};
    /// const STEPS: WorkUnit = WorkUnit { name: "steps", default_limit: 100 };
    /// let budget = Budget::default();
    /// assert!(budget.admit("a small request", STEPS, 100, 0).is_ok());
    /// let err = budget.admit("a large request", STEPS, 101, 0).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::Refused);
    /// assert_eq!((err.figures().unwrap().estimate, err.figures().unwrap().limit), (101, 100));
    /// let err = budget.with_max_bytes(1000).admit("a table", STEPS, 1, 1001).unwrap_err();
    /// assert_eq!(err.figures().unwrap().unit, "bytes");
    /// ```
    pub fn admit(
        &self,
        what: impl Into<String>,
        unit: WorkUnit,
        work: u128,
        bytes: u128,
    ) -> Result<Meter, Error> {
        let mut meter = self.meter(what, unit);
        meter.estimate = Some((work, bytes));
        meter.admit_work(work)?;
        meter.admit_bytes(bytes)?;
        Ok(meter)
    }

    /// [`Budget::admit`] for an [`Estimate`] made beforehand.
    pub fn admit_estimate(&self, estimate: &Estimate) -> Result<Meter, Error> {
        self.admit(
            estimate.what.clone(),
            estimate.unit,
            estimate.work,
            estimate.bytes,
        )
    }

    /// [`Budget::admit_estimate`], with the estimate's bytes held on the meter from the start:
    /// for computations that allocate their tables before they work, so that what they hold
    /// later is counted on top of them. Memory comes first here: a table that cannot fit is
    /// refused in bytes, whatever its work, since no work limit would let it run. O(1).
    ///
    /// ```
    /// use unhop::budget::{Budget, Estimate, WorkUnit};
    /// const CELLS: WorkUnit = WorkUnit { name: "cells", default_limit: 1000 };
    /// let budget = Budget::default().with_max_bytes(1 << 20);
    /// let table = Estimate { what: "a table".into(), unit: CELLS, work: 10, bytes: 1 << 19 };
    /// let meter = budget.reserve(&table).unwrap();
    /// assert_eq!(meter.held(), 1 << 19);
    /// assert!(meter.hold(1 << 20).is_err());
    /// ```
    pub fn reserve(&self, estimate: &Estimate) -> Result<Meter, Error> {
        let mut meter = self.meter(estimate.what.clone(), estimate.unit);
        meter.estimate = Some((estimate.work, estimate.bytes));
        meter.admit_bytes(estimate.bytes)?;
        meter.hold(u64::try_from(estimate.bytes).unwrap_or(u64::MAX))?;
        meter.admit_work(estimate.work)?;
        Ok(meter)
    }

    /// The accounts of the meters that have finished, oldest first.
    pub fn accounts(&self) -> Vec<Account> {
        self.accounts
            .lock()
            .map(|a| a.clone())
            .unwrap_or_else(|poisoned| poisoned.into_inner().clone())
    }
}

/// What a computation will cost, estimated from its inputs before it starts: upper bounds of
/// its work (in `unit`) and of the memory it allocates. Engines that can say what a request
/// costs without running it return one (as [`crate::automata::Dfa::count_cost`]).
///
/// ```
/// use unhop::budget::{Budget, Estimate, WorkUnit};
/// const MOVES: WorkUnit = WorkUnit { name: "moves", default_limit: 10_000 };
/// let small = Estimate { what: "a test".into(), unit: MOVES, work: 1000, bytes: 1 << 20 };
/// assert!(Budget::default().admit_estimate(&small).is_ok());
/// let message = Budget::default().with_max_work(999).admit_estimate(&small).unwrap_err().to_string();
/// assert!(message.contains("1000 moves") && message.contains("999 moves"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Estimate {
    /// The request, as the messages name it.
    pub what: String,
    /// What the work counts.
    pub unit: WorkUnit,
    /// An upper bound of the work, in `unit`s.
    pub work: u128,
    /// An upper bound of the memory allocated, in bytes.
    pub bytes: u128,
}

/// The running account of one computation under a [`Budget`]: it stops the computation
/// (with an error) when its work or memory passes the limit. Cheap enough to charge from hot
/// loops every few thousand units; safe to share between threads.
#[derive(Debug)]
pub struct Meter {
    accounts: Arc<Mutex<Vec<Account>>>,
    what: String,
    unit: WorkUnit,
    work_limit: u64,
    byte_limit: u64,
    /// Which limit `byte_limit` is, for messages.
    memory: String,
    estimate: Option<(u128, u128)>,
    work: AtomicU64,
    bytes: AtomicU64,
    peak: AtomicU64,
}

impl Meter {
    /// A refusal unless `work` (an estimate) is within the work limit.
    fn admit_work(&self, work: u128) -> Result<(), Error> {
        if work > u128::from(self.work_limit) {
            return Err(Error::refused(
                &self.what,
                Figures::new(work, self.work_limit.into(), self.unit.name),
            )
            .with_note("choose a smaller request or raise --max-work"));
        }
        Ok(())
    }

    /// A refusal unless `bytes` (an estimate) are within the memory limit, naming which
    /// limit it is.
    fn admit_bytes(&self, bytes: u128) -> Result<(), Error> {
        if bytes > u128::from(self.byte_limit) {
            return Err(Error::refused(
                format!("{} (memory)", self.what),
                Figures::new(bytes, self.byte_limit.into(), "bytes"),
            )
            .with_note(&self.memory));
        }
        Ok(())
    }

    /// Charges `units` of work; past the work limit, an error
    /// ([`crate::ErrorKind::GaveUp`]) with the work spent and the limit.
    ///
    /// # Complexity
    ///
    /// O(1): one relaxed atomic addition; nothing is allocated but the error.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{ErrorKind, budget::{Budget, WorkUnit}};
    /// const STEPS: WorkUnit = WorkUnit { name: "steps", default_limit: 100 };
    /// let meter = Budget::default().meter("a loop", STEPS);
    /// assert!(meter.charge(60).is_ok());
    /// let err = meter.charge(41).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::GaveUp);
    /// assert_eq!((err.figures().unwrap().estimate, meter.spent()), (101, 101));
    /// ```
    pub fn charge(&self, units: u64) -> Result<(), Error> {
        let spent = self
            .work
            .fetch_add(units, Ordering::Relaxed)
            .saturating_add(units);
        if spent > self.work_limit {
            return Err(Error::out_of_budget(
                &self.what,
                Figures::new(spent.into(), self.work_limit.into(), self.unit.name),
            )
            .with_note("raise --max-work to let it go on"));
        }
        Ok(())
    }

    /// Charges `bytes` of memory held from now on; past the memory limit, an error
    /// ([`crate::ErrorKind::GaveUp`]) with the bytes held and the limit.
    ///
    /// # Complexity
    ///
    /// O(1): two relaxed atomic operations (the bytes held and their peak); nothing is allocated
    /// but the error.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{ErrorKind, budget::{Budget, WorkUnit}};
    /// const STEPS: WorkUnit = WorkUnit { name: "steps", default_limit: 100 };
    /// let meter = Budget::default().with_max_bytes(1000).meter("a table", STEPS);
    /// meter.hold(600).unwrap();
    /// meter.release(600);
    /// meter.hold(900).unwrap(); // what was given back is free again
    /// let err = meter.hold(200).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::GaveUp);
    /// assert_eq!(err.figures().unwrap().estimate, 1100);
    /// ```
    pub fn hold(&self, bytes: u64) -> Result<(), Error> {
        let held = self
            .bytes
            .fetch_add(bytes, Ordering::Relaxed)
            .saturating_add(bytes);
        self.peak.fetch_max(held, Ordering::Relaxed);
        if held > self.byte_limit {
            return Err(Error::out_of_budget(
                format!("{} (memory)", self.what),
                Figures::new(held.into(), self.byte_limit.into(), "bytes"),
            )
            .with_note(&self.memory));
        }
        Ok(())
    }

    /// Gives back `bytes` held before (a table freed).
    pub fn release(&self, bytes: u64) {
        let _ = self
            .bytes
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |held| {
                Some(held.saturating_sub(bytes))
            });
    }

    /// A vector of `len` copies of `value`, its bytes held ([`Meter::hold`]) and allocated
    /// fallibly: an allocation the system refuses is an error naming the size, not an abort.
    pub fn vec<T: Clone>(&self, len: usize, value: T) -> Result<Vec<T>, Error> {
        let bytes = (len as u128).saturating_mul(size_of::<T>() as u128);
        self.hold(u64::try_from(bytes).unwrap_or(u64::MAX))?;
        let mut v = Vec::new();
        v.try_reserve_exact(len)
            .map_err(|_| memory::allocation_failed(bytes, &self.what))?;
        v.resize(len, value);
        Ok(v)
    }

    /// The work charged so far.
    pub fn spent(&self) -> u64 {
        self.work.load(Ordering::Relaxed)
    }

    /// The work limit.
    pub fn work_limit(&self) -> u64 {
        self.work_limit
    }

    /// The memory limit, in bytes.
    pub fn byte_limit(&self) -> u64 {
        self.byte_limit
    }

    /// The memory held now, in bytes.
    pub fn held(&self) -> u64 {
        self.bytes.load(Ordering::Relaxed)
    }
}

impl Drop for Meter {
    fn drop(&mut self) {
        let account = Account {
            what: std::mem::take(&mut self.what),
            unit: self.unit.name,
            work: self.work.load(Ordering::Relaxed),
            peak_bytes: self.peak.load(Ordering::Relaxed),
            estimate: self.estimate,
        };
        if let Ok(mut accounts) = self.accounts.lock() {
            accounts.push(account);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;

    const UNITS: WorkUnit = WorkUnit {
        name: "units",
        default_limit: 100,
    };

    #[test]
    fn work_past_the_limit_gives_up_with_its_figures() {
        let budget = Budget::default();
        let meter = budget.meter("a loop", UNITS);
        assert!(meter.charge(60).is_ok());
        let err = meter.charge(41).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::GaveUp);
        assert_eq!(err.figures(), Some(&Figures::new(101, 100, "units")));
        drop(meter);
        assert_eq!(budget.accounts()[0].work, 101);
    }

    #[test]
    fn memory_past_the_limit_gives_up_and_released_memory_is_free_again() {
        let budget = Budget::default().with_max_bytes(1000);
        let meter = budget.meter("a table", UNITS);
        let v: Vec<u64> = meter.vec(100, 0).unwrap();
        assert_eq!(v.len(), 100);
        let err = meter.vec(26, 0u64).unwrap_err();
        assert_eq!(err.figures().unwrap().unit, "bytes");
        assert_eq!(err.figures().unwrap().limit, 1000);
        meter.release(1008);
        assert!(meter.hold(900).is_ok());
        drop(meter);
        assert_eq!(budget.accounts()[0].peak_bytes, 1008);
    }

    #[test]
    fn an_estimate_over_a_limit_is_refused_before_any_work() {
        let budget = Budget::default().with_max_bytes(1 << 20);
        let err = budget.admit("big", UNITS, 10, 2 << 20).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Refused);
        assert_eq!(
            err.figures(),
            Some(&Figures::new(2 << 20, 1 << 20, "bytes"))
        );
        let err = budget.admit("long", UNITS, 101, 0).unwrap_err();
        assert_eq!(err.figures(), Some(&Figures::new(101, 100, "units")));
        assert!(budget.admit("fits", UNITS, 100, 1 << 20).is_ok());
        assert!(
            Budget::default()
                .with_max_work(1000)
                .admit("long", UNITS, 101, 0)
                .is_ok()
        );
    }

    #[test]
    fn reserved_tables_are_refused_for_memory_before_work_and_held() {
        let budget = Budget::default().with_max_bytes(1000);
        let estimate = |work, bytes| Estimate {
            what: "a table".into(),
            unit: UNITS,
            work,
            bytes,
        };
        let err = budget.reserve(&estimate(101, 1001)).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Refused);
        assert_eq!(err.figures(), Some(&Figures::new(1001, 1000, "bytes")));
        assert!(
            err.to_string()
                .starts_with("a table (memory) needs an estimated 1001 bytes")
        );
        let err = budget.reserve(&estimate(101, 1000)).unwrap_err();
        assert_eq!(err.figures(), Some(&Figures::new(101, 100, "units")));
        let meter = budget.reserve(&estimate(100, 1000)).unwrap();
        assert_eq!(meter.held(), 1000);
        // An admission that allocates as it goes names its work first.
        let err = budget.admit("a search", UNITS, 101, 1001).unwrap_err();
        assert_eq!(err.figures(), Some(&Figures::new(101, 100, "units")));
        assert!(meter.hold(1).is_err());
    }

    #[test]
    fn a_vector_the_system_cannot_give_is_an_error_not_an_abort() {
        let budget = Budget::default().with_max_bytes(u64::MAX);
        let meter = budget.meter("a huge table", UNITS);
        assert!(meter.vec(usize::MAX / 2, 0u64).is_err());
    }
}
