//! Tables of the board engines grown under a [`Meter`]: their bytes are held against the
//! memory limit before they are allocated, and allocated fallibly, so that a table too large
//! for the limit ends the computation with the figures instead of aborting the process.

use crate::Error;
use crate::budget::Meter;
use crate::memory;

/// Makes room in `v` for `additional` more elements, exactly (no spare room), holding the new
/// bytes on `meter` first; `what` names the table in an error. O(len) when it moves.
pub(crate) fn reserve_exact<T>(
    meter: &Meter,
    v: &mut Vec<T>,
    additional: usize,
    what: &str,
) -> Result<(), Error> {
    let needed = v.len().saturating_add(additional);
    grow_to(meter, v, needed, what)
}

/// Appends `value` to `v`, doubling its room when it is full (the new room held on `meter`
/// first). Amortised O(1).
pub(crate) fn push<T>(meter: &Meter, v: &mut Vec<T>, value: T, what: &str) -> Result<(), Error> {
    if v.len() == v.capacity() {
        let target = v.capacity().saturating_mul(2).max(4);
        grow_to(meter, v, target, what)?;
    }
    v.push(value);
    Ok(())
}

/// Gives `v` room for `capacity` elements if it has less, holding the difference first.
fn grow_to<T>(meter: &Meter, v: &mut Vec<T>, capacity: usize, what: &str) -> Result<(), Error> {
    let before = v.capacity();
    if capacity <= before {
        return Ok(());
    }
    let bytes = bytes_of::<T>(capacity - before);
    meter.hold(bytes)?;
    if v.try_reserve_exact(capacity - v.len()).is_err() {
        meter.release(bytes);
        return Err(memory::allocation_failed(bytes.into(), what));
    }
    // The allocator may give more than was asked for: hold that too.
    let extra = bytes_of::<T>(v.capacity() - before).saturating_sub(bytes);
    if extra > 0 {
        meter.hold(extra)?;
    }
    Ok(())
}

/// Holds on `meter` the room of `v`, a vector already allocated (by a collect), and returns
/// it; its bytes are given back by [`release`].
pub(crate) fn held<T>(meter: &Meter, v: Vec<T>) -> Result<Vec<T>, Error> {
    meter.hold(bytes_of::<T>(v.capacity()))?;
    Ok(v)
}

/// Frees `v`, giving its bytes back to `meter`.
pub(crate) fn release<T>(meter: &Meter, v: Vec<T>) {
    meter.release(bytes_of::<T>(v.capacity()));
}

/// The bytes of `len` elements of `T`.
pub(crate) fn bytes_of<T>(len: usize) -> u64 {
    (len as u64).saturating_mul(size_of::<T>() as u64)
}
