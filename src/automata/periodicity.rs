//! Whether a set of natural numbers is eventually periodic, refuted by explicit witnesses.

/// The least m with `preperiod` ≤ m and m + `period` ≤ `limit` where membership of m and of
/// m + period differ: a witness that the set does not repeat with that period from that
/// preperiod on. `None` if the set looks periodic up to `limit`. O(limit) calls.
///
/// ```
/// use unhop::automata::period_break;
/// let even = |m: u64| m % 2 == 0;
/// assert_eq!(period_break(&even, 0, 2, 1000), None);
/// assert_eq!(period_break(&even, 5, 3, 1000), Some(5));
/// ```
pub fn period_break(
    set: &dyn Fn(u64) -> bool,
    preperiod: u64,
    period: u64,
    limit: u64,
) -> Option<u64> {
    (preperiod..=limit.checked_sub(period)?).find(|&m| set(m) != set(m + period))
}
