//! Tables that grow under a [`Meter`]: each growth is held against the memory limit before it
//! is made, and made fallibly, so a table that outgrows the memory ends in an error, not an
//! abort.

use crate::budget::Meter;
use crate::error::Error;

/// Appends `value` to `table`, doubling its capacity first when it is full (at least 8
/// elements): the new capacity's bytes are held by `meter` and reserved fallibly.
///
/// Amortised O(1). The capacity never passes twice the length (or 8), so a table of `len`
/// elements of `T` has allocated at most `2 × len × size_of::<T>()` bytes (and, during the
/// copy of a growth, the old capacity besides).
pub(crate) fn push<T>(table: &mut Vec<T>, value: T, meter: &Meter) -> Result<(), Error> {
    if table.len() == table.capacity() {
        let more = table.capacity().max(8);
        meter.hold(bytes::<T>(more))?;
        table
            .try_reserve_exact(more)
            .map_err(|_| crate::memory::allocation_failed(bytes::<T>(more).into(), "a table"))?;
    }
    table.push(value);
    Ok(())
}

/// An empty table with room for `len` elements, held by `meter` and reserved fallibly.
pub(crate) fn with_capacity<T>(len: usize, meter: &Meter) -> Result<Vec<T>, Error> {
    meter.hold(bytes::<T>(len))?;
    let mut table = Vec::new();
    table
        .try_reserve_exact(len)
        .map_err(|_| crate::memory::allocation_failed(bytes::<T>(len).into(), "a table"))?;
    Ok(table)
}

/// The bytes of `len` elements of `T`.
pub(crate) fn bytes<T>(len: usize) -> u64 {
    (len as u64).saturating_mul(size_of::<T>() as u64)
}
