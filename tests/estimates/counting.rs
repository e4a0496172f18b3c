//! A global allocator that counts the bytes allocated and their peak, and [`measure`], which
//! runs a computation alone and gives the most bytes it had allocated at once.

use proptest::strategy::Strategy;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The system allocator, counting.
struct Counting;

static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's layout is passed on unchanged.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = CURRENT.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            let now = CURRENT.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `System` with this layout.
        unsafe { System.dealloc(ptr, layout) };
        CURRENT.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `ptr` was allocated by `System` with this layout.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            if new_size >= layout.size() {
                let grown = new_size - layout.size();
                let now = CURRENT.fetch_add(grown, Ordering::Relaxed) + grown;
                PEAK.fetch_max(now, Ordering::Relaxed);
            } else {
                CURRENT.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// One measurement at a time: the counters are the process's.
static ALONE: Mutex<()> = Mutex::new(());

/// Allocations that no estimate or meter accounts for: the meters' names and set-up (reading
/// the process's memory limits), an error's message, the first use of rayon's pool, the few
/// small vectors of a report or a search's first tables: a few kilobytes.
pub const SLACK: u64 = 16 << 10;

/// Held for the whole of each test of this binary: what one test allocates outside its
/// measurements (its inputs, its results) must not fall into another's measurement.
static ONE_TEST: Mutex<()> = Mutex::new(());

/// This test's turn, with rayon's pool started (its threads and queues are the process's,
/// allocated once, not an engine's). Every test that measures takes it first.
pub fn alone() -> std::sync::MutexGuard<'static, ()> {
    let turn = ONE_TEST.lock().unwrap_or_else(|p| p.into_inner());
    rayon::current_num_threads();
    turn
}

/// Runs `test` on `cases` values drawn from `strategy`, the drawing and the shrinking included,
/// within one turn of [`alone`]: proptest's own allocations between cases must not fall into
/// another test's measurement, nor its frees lower another's peak.
pub fn each_case<S: Strategy>(
    cases: u32,
    strategy: S,
    test: impl Fn(S::Value) -> Result<(), TestCaseError>,
) {
    let _turn = alone();
    let mut runner = TestRunner::new(Config::with_cases(cases));
    if let Err(failure) = runner.run(&strategy, test) {
        panic!("{failure}");
    }
}

/// Runs `work` alone and returns its result with the most bytes that were allocated at once
/// during it beyond those allocated before it started.
pub fn measure<T>(work: impl FnOnce() -> T) -> (T, u64) {
    let _alone = ALONE.lock().unwrap_or_else(|p| p.into_inner());
    let before = CURRENT.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let result = work();
    let peak = PEAK.load(Ordering::Relaxed);
    (result, peak.saturating_sub(before) as u64)
}

#[test]
fn the_allocator_sees_a_large_vector() {
    let _turn = alone();
    let (len, peak) = measure(|| {
        let v = vec![7u8; 3 << 20];
        v.len()
    });
    assert_eq!(len, 3 << 20);
    // The test harness's own thread may free a few bytes meanwhile (it prints results).
    assert!(peak + SLACK >= 3 << 20, "{peak}");
    let (_, none) = measure(|| 1 + 1);
    assert!(none < 1 << 20, "{none}");
}
