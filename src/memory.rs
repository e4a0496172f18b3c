//! How much memory a large request may take, checked before it is started.
//!
//! The memory a request may take is the least of the limits that apply to this process:
//!
//! * its own address-space limit (`RLIMIT_AS`, `ulimit -v`) less the address space it has
//!   already mapped (`VmSize`) and a reserve for its threads and small allocations;
//! * the room left in its memory cgroup and every cgroup above it: `memory.max −
//!   memory.current` (cgroup v2) or `memory.limit_in_bytes − memory.usage_in_bytes` (v1);
//! * the memory the machine can give without swapping (`MemAvailable`).
//!
//! Each is read from `/proc` and `/sys/fs/cgroup` when the request is checked; a limit that
//! cannot be read (not Linux) is left out. A refusal names the estimate, the limit and which
//! limit it is, in exact bytes.

use crate::error::{Error, Figures};
use std::path::{Path, PathBuf};

/// Address space kept back, under `RLIMIT_AS`, for what a request needs besides its large
/// arrays: thread stacks, the allocator's per-thread arenas, small allocations (256 MiB).
pub const ADDRESS_SPACE_RESERVE: u64 = 256 << 20;

/// Which limit bounds the memory of a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LimitKind {
    /// The process's address-space limit, `RLIMIT_AS` (`ulimit -v`), of `limit` bytes, of
    /// which `mapped` were already mapped (`VmSize`).
    AddressSpace {
        /// The soft limit, in bytes.
        limit: u64,
        /// The address space already mapped, in bytes.
        mapped: u64,
    },
    /// A cgroup's memory limit (`memory.max`, or `memory.limit_in_bytes` in cgroup v1) of
    /// `limit` bytes, of which `used` were in use.
    Cgroup {
        /// The folder of the cgroup.
        path: PathBuf,
        /// The limit, in bytes.
        limit: u64,
        /// The memory in use in the cgroup, in bytes.
        used: u64,
    },
    /// The memory the machine can give without swapping (`MemAvailable`).
    Available,
}

/// A limit on the memory of a request: how many bytes it leaves, and where it comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limit {
    /// The bytes a new request may take under this limit.
    pub bytes: u64,
    /// Where the limit comes from.
    pub kind: LimitKind,
}

impl Limit {
    /// Says what the limit is, with its figures in bytes.
    ///
    /// # Complexity
    ///
    /// O(1) time and memory besides a cgroup's path, which is copied: O(p) for p bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::memory::{Limit, LimitKind};
    /// let cgroup = LimitKind::Cgroup { path: "/sys/fs/cgroup/job".into(), limit: 2 << 30, used: 1 << 30 };
    /// assert_eq!(
    ///     Limit { bytes: 1 << 30, kind: cgroup }.describe(),
    ///     "the room left in the memory cgroup /sys/fs/cgroup/job: a limit of \
    ///      2147483648 bytes (2.00 GiB) less 1073741824 bytes (1.00 GiB) in use"
    /// );
    /// ```
    pub fn describe(&self) -> String {
        match &self.kind {
            LimitKind::AddressSpace { limit, mapped } => format!(
                "the address space left under the process's limit (RLIMIT_AS, ulimit -v) of \
                 {} less {} already mapped and {} kept for threads",
                exact(*limit),
                exact(*mapped),
                exact(ADDRESS_SPACE_RESERVE)
            ),
            LimitKind::Cgroup { path, limit, used } => format!(
                "the room left in the memory cgroup {}: a limit of {} less {} in use",
                path.display(),
                exact(*limit),
                exact(*used)
            ),
            LimitKind::Available => "the memory the machine has available (MemAvailable)".into(),
        }
    }
}

pub use crate::error::exact;

/// The memory the system can give to a new allocation without swapping (`MemAvailable` in
/// `/proc/meminfo`), in bytes; `None` where that is not known (not Linux).
pub fn available_bytes() -> Option<u64> {
    mem_available(&std::fs::read_to_string("/proc/meminfo").ok()?)
}

/// `MemAvailable` from the text of `/proc/meminfo`, in bytes.
fn mem_available(meminfo: &str) -> Option<u64> {
    kib_field(meminfo, "MemAvailable:")
}

/// A `Name:   123 kB` field of a `/proc` file, in bytes.
fn kib_field(text: &str, name: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with(name))?;
    let kib: u64 = line[name.len()..].split_whitespace().next()?.parse().ok()?;
    kib.checked_mul(1024)
}

/// The soft `Max address space` limit from the text of `/proc/self/limits`, in bytes;
/// `None` when unlimited or not found.
fn address_space_limit(limits: &str) -> Option<u64> {
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max address space"))?;
    line["Max address space".len()..]
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// The folders of the memory cgroups of this process from the text of `/proc/self/cgroup`,
/// innermost first, with whether each is a v2 cgroup, under the mount point `root`. Every
/// folder up to the mount point is listed (a parent's limit applies too).
fn cgroup_folders(cgroup: &str, root: &Path) -> Vec<(PathBuf, bool)> {
    let mut folders = Vec::new();
    for line in cgroup.lines() {
        let mut fields = line.splitn(3, ':');
        let (Some(_), Some(controllers), Some(path)) =
            (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let (base, v2) = if controllers.is_empty() {
            (root.to_path_buf(), true)
        } else if controllers.split(',').any(|c| c == "memory") {
            (root.join("memory"), false)
        } else {
            continue;
        };
        let mut relative = Path::new(path.trim_start_matches('/'));
        loop {
            folders.push((base.join(relative), v2));
            match relative.parent() {
                Some(parent) => relative = parent,
                None => break,
            }
        }
    }
    folders
}

/// A number in a cgroup file; `None` for `max`, a value of 2^60 or more (cgroup v1's way of
/// saying unlimited) or a file that cannot be read.
fn cgroup_number(path: &Path) -> Option<u64> {
    let n: u64 = std::fs::read_to_string(path).ok()?.trim().parse().ok()?;
    (n < 1 << 60).then_some(n)
}

/// The limits of every memory cgroup this process is in, read under `root` (normally
/// `/sys/fs/cgroup`).
fn cgroup_limits(cgroup: &str, root: &Path) -> Vec<Limit> {
    let mut limits = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (folder, v2) in cgroup_folders(cgroup, root) {
        if !seen.insert(folder.clone()) {
            continue;
        }
        let (max, current) = if v2 {
            ("memory.max", "memory.current")
        } else {
            ("memory.limit_in_bytes", "memory.usage_in_bytes")
        };
        if let Some(limit) = cgroup_number(&folder.join(max)) {
            let used = cgroup_number(&folder.join(current)).unwrap_or(0);
            limits.push(Limit {
                bytes: limit.saturating_sub(used),
                kind: LimitKind::Cgroup {
                    path: folder,
                    limit,
                    used,
                },
            });
        }
    }
    limits
}

/// How long a reading of the limits is reused: a batch starts a computation (and a meter) a
/// line, thousands a second, and each reading opens a dozen files. Within this time the
/// process's own use changes by what it allocates, which its meters count themselves.
#[cfg(not(target_arch = "wasm32"))]
pub const READING_REUSED_FOR: std::time::Duration = std::time::Duration::from_millis(50);

/// Every memory limit that applies to this process and can be read now: a reading at most
/// [`READING_REUSED_FOR`] old.
///
/// # Complexity
///
/// At most once in [`READING_REUSED_FOR`]: reads `/proc/self/limits`, `/proc/self/status`,
/// `/proc/self/cgroup` and `/proc/meminfo`, and at most two small files for each folder of
/// its cgroups up to their root, O(c) reads for c folders; else a copy of the last reading.
/// O(c) limits kept.
///
/// # Examples
///
/// ```
/// use unhop::memory::{ADDRESS_SPACE_RESERVE, LimitKind, limits};
/// for limit in limits() {
///     // Each limit leaves what is under it less what is taken already.
///     match limit.kind {
///         LimitKind::AddressSpace { limit: l, mapped } => {
///             assert_eq!(limit.bytes, l.saturating_sub(mapped.saturating_add(ADDRESS_SPACE_RESERVE)))
///         }
///         LimitKind::Cgroup { limit: l, used, .. } => assert_eq!(limit.bytes, l.saturating_sub(used)),
///         LimitKind::Available => {}
///     }
/// }
/// ```
pub fn limits() -> Vec<Limit> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::sync::{Mutex, PoisonError};
        use std::time::Instant;
        static LAST: Mutex<Option<(Instant, Vec<Limit>)>> = Mutex::new(None);
        let mut last = LAST.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((at, limits)) = &*last
            && at.elapsed() < READING_REUSED_FOR
        {
            return limits.clone();
        }
        let fresh = read_limits();
        *last = Some((Instant::now(), fresh.clone()));
        fresh
    }
    #[cfg(target_arch = "wasm32")]
    read_limits()
}

/// The limits as the files say now ([`limits`] without reuse).
fn read_limits() -> Vec<Limit> {
    let mut limits = Vec::new();
    let read = |path: &str| std::fs::read_to_string(path).ok();
    if let Some(limit) = read("/proc/self/limits").and_then(|t| address_space_limit(&t)) {
        let mapped = read("/proc/self/status")
            .and_then(|t| kib_field(&t, "VmSize:"))
            .unwrap_or(0);
        limits.push(Limit {
            bytes: limit.saturating_sub(mapped.saturating_add(ADDRESS_SPACE_RESERVE)),
            kind: LimitKind::AddressSpace { limit, mapped },
        });
    }
    if let Some(cgroup) = read("/proc/self/cgroup") {
        limits.extend(cgroup_limits(&cgroup, Path::new("/sys/fs/cgroup")));
    }
    if let Some(bytes) = available_bytes() {
        limits.push(Limit {
            bytes,
            kind: LimitKind::Available,
        });
    }
    limits
}

/// The tightest memory limit on this process now; `None` when none is known.
pub fn limit() -> Option<Limit> {
    limits().into_iter().min_by_key(|l| l.bytes)
}

/// Refuses a request for `needed` bytes, named by `what`, when the tightest limit on this
/// process ([`limit`]) leaves less. The message names the estimate, the limit and which
/// limit it is.
pub fn ensure_available(needed: u64, what: &str) -> Result<(), Error> {
    ensure_room(u128::from(needed), what)
}

fn ensure_room(needed: u128, what: &str) -> Result<(), Error> {
    match limit() {
        Some(limit) if needed > u128::from(limit.bytes) => Err(refusal(needed, what, &limit)),
        _ => Ok(()),
    }
}

fn refusal(needed: u128, what: &str, limit: &Limit) -> Error {
    Error::refused(
        format!("{what} (memory)"),
        Figures::new(needed, limit.bytes.into(), "bytes"),
    )
    .with_note(limit.describe())
}

/// The error for an allocation of `bytes` that failed although the estimate allowed it
/// (another limit, or memory taken meanwhile): a refusal, not an abort.
///
/// # Complexity
///
/// The reads of [`limits`], to name the tightest; then O(1) besides the message.
///
/// # Examples
///
/// ```
/// use unhop::{ErrorKind, memory::allocation_failed};
/// let err = allocation_failed(1 << 40, "a table");
/// assert_eq!(err.kind(), ErrorKind::Refused);
/// assert_eq!(err.figures().unwrap().estimate, 1 << 40);
/// assert!(err.to_string().starts_with("a table: an allocation failed"));
/// ```
pub fn allocation_failed(bytes: u128, what: &str) -> Error {
    let (limit, which) = limit()
        .map_or((u128::from(u64::MAX), "no limit known".to_string()), |l| {
            (l.bytes.into(), l.describe())
        });
    Error::refused(
        format!("{what}: an allocation failed; it"),
        Figures::new(bytes, limit, "bytes"),
    )
    .with_note(which)
}

/// The error for an allocation of unknown size that failed: the computation gives up, it
/// does not abort.
pub fn out_of_memory(what: &str) -> Error {
    let limit = limit().map_or(String::new(), |l| {
        format!("; the limit now is {}: {}", exact(l.bytes), l.describe())
    });
    Error::gave_up(format!("{what}: the memory ran out{limit}"))
}

/// A vector of `len` copies of `value`, or an error naming `what` when the memory cannot be
/// had (instead of aborting the process).
///
/// ```
/// let v = unhop::memory::try_vec(3, 0u8, "a test").unwrap();
/// assert_eq!(v, [0, 0, 0]);
/// assert!(unhop::memory::try_vec(usize::MAX / 2, 0u64, "too much").is_err());
/// ```
pub fn try_vec<T: Clone>(len: usize, value: T, what: &str) -> Result<Vec<T>, Error> {
    let mut v = Vec::new();
    v.try_reserve_exact(len)
        .map_err(|_| allocation_failed(len as u128 * size_of::<T>() as u128, what))?;
    v.resize(len, value);
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_address_space_limit_and_the_mapped_size() {
        let limits = "Limit                     Soft Limit           Hard Limit           Units\n\
                      Max cpu time              unlimited            unlimited            seconds\n\
                      Max address space         4096000000           unlimited            bytes\n";
        assert_eq!(address_space_limit(limits), Some(4_096_000_000));
        let unlimited = limits.replace("4096000000", "unlimited");
        assert_eq!(address_space_limit(&unlimited), None);
        let status = "Name:\tunhop\nVmPeak:\t  20000 kB\nVmSize:\t   12345 kB\n";
        assert_eq!(kib_field(status, "VmSize:"), Some(12345 * 1024));
        let meminfo = "MemTotal: 100 kB\nMemAvailable:   7 kB\n";
        assert_eq!(mem_available(meminfo), Some(7 * 1024));
    }

    #[test]
    fn cgroup_limits_are_read_for_the_cgroup_and_its_parents() {
        let root = tempfile::tempdir().unwrap();
        // v2: a limit on the parent, none on the leaf.
        let leaf = root.path().join("a/b");
        std::fs::create_dir_all(&leaf).unwrap();
        std::fs::write(leaf.join("memory.max"), "max\n").unwrap();
        std::fs::write(leaf.join("memory.current"), "100\n").unwrap();
        std::fs::write(root.path().join("a/memory.max"), "1000\n").unwrap();
        std::fs::write(root.path().join("a/memory.current"), "300\n").unwrap();
        // v1: a memory hierarchy with a limit, and an unlimited root.
        let v1 = root.path().join("memory/c");
        std::fs::create_dir_all(&v1).unwrap();
        std::fs::write(v1.join("memory.limit_in_bytes"), "5000\n").unwrap();
        std::fs::write(v1.join("memory.usage_in_bytes"), "1000\n").unwrap();
        std::fs::write(
            root.path().join("memory/memory.limit_in_bytes"),
            "9223372036854771712\n",
        )
        .unwrap();
        let cgroup = "12:cpu,cpuacct:/c\n11:memory:/c\n0::/a/b\n";
        let limits = cgroup_limits(cgroup, root.path());
        let bytes: Vec<u64> = limits.iter().map(|l| l.bytes).collect();
        assert_eq!(bytes, [4000, 700]);
        assert!(limits[1].describe().contains("1000 bytes"));
    }

    #[test]
    fn a_refusal_names_the_estimate_the_limit_and_its_kind() {
        let limit = Limit {
            bytes: 1 << 30,
            kind: LimitKind::AddressSpace {
                limit: 4_096_000_000,
                mapped: 1 << 24,
            },
        };
        let err = refusal(3 << 30, "the table", &limit);
        assert_eq!(
            err.figures(),
            Some(&Figures::new(3 << 30, 1 << 30, "bytes"))
        );
        let message = err.to_string();
        assert!(message.contains("3221225472 bytes"), "{message}");
        assert!(message.contains("1073741824 bytes"), "{message}");
        assert!(message.contains("RLIMIT_AS"), "{message}");
        assert!(message.contains("4096000000 bytes"), "{message}");
    }
}
