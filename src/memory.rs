//! How much memory a large request may take, checked before it is started.

use crate::error::Error;

/// The memory the system can give to a new allocation without swapping (`MemAvailable` in
/// `/proc/meminfo`), in bytes; `None` where that is not known (not Linux).
pub fn available_bytes() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// Refuses a request for `needed` bytes, named by `what`, when the system has less available.
pub fn ensure_available(needed: u64, what: &str) -> Result<(), Error> {
    match available_bytes() {
        Some(available) if needed > available => Err(Error::new(format!(
            "{what} needs {} of memory; {} is available",
            gib(needed),
            gib(available)
        ))),
        _ => Ok(()),
    }
}

fn gib(bytes: u64) -> String {
    format!("{:.1} GiB", bytes as f64 / (1u64 << 30) as f64)
}
