//! Whether a set of natural numbers is eventually periodic, refuted by explicit witnesses.

/// The least m with `preperiod` ≤ m and m + `period` ≤ `limit` where membership of m and of m +
/// period differ: a witness that the set does not repeat with that period from that preperiod
/// on. `None` if the set looks periodic up to `limit`.
///
/// # Complexity
///
/// O(limit) calls.
///
/// # Examples
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

/// Whether `m` has no two adjacent 1 bits (a Fibbinary number): exactly the m with m ⊕ 2m ⊕ 3m
/// = 0, since 3m = m + 2m adds without carry exactly then.
///
/// # Complexity
///
/// O(1).
///
/// # Examples
///
/// ```
/// use unhop::automata::fibbinary;
/// assert!(fibbinary(0b10100) && !fibbinary(0b0110));
/// ```
pub fn fibbinary(m: u64) -> bool {
    m & (m >> 1) == 0
}

/// The least Fibbinary number ≥ `x` (`None` above 2^63): while `x` has a pair of adjacent 1
/// bits, the highest pair at bits i and i + 1, no number below the next multiple of 2^(i+2) can
/// lose it, so jump there.
///
/// # Complexity
///
/// O(64).
///
/// # Examples
///
/// ```
/// use unhop::automata::next_fibbinary;
/// assert_eq!(next_fibbinary(6), Some(8));
/// assert_eq!(next_fibbinary(0b1011_0000), Some(0b1_0000_0000));
/// ```
pub fn next_fibbinary(mut x: u64) -> Option<u64> {
    loop {
        let pairs = x & (x >> 1);
        if pairs == 0 {
            return Some(x);
        }
        let shift = 64 - pairs.leading_zeros() + 1;
        x = u64::try_from(((u128::from(x) >> shift) + 1) << shift).ok()?;
    }
}

/// [`period_break`] for the Fibbinary numbers ([`fibbinary`]): the same witness, found by
/// jumping from member to member ([`next_fibbinary`]) of the set and of the set shifted by
/// `period`, since where neither m nor m + period is a member they agree. Gives up (`Err`
/// with the members visited) after `max_steps` members at which both agree.
///
/// # Complexity
///
/// O(max_steps × 64) word operations: each jump to the next member is O(64).
///
///
/// # Examples
///
/// ```
/// use unhop::automata::{fibbinary, fibbinary_period_break, period_break};
/// for (s, p) in [(0u64, 1u64), (1000, 3), (3 << 20, 1), (77, 16)] {
///     let limit = (s.max(3 * p) + 1).next_power_of_two() + 3 * p;
///     assert_eq!(
///         fibbinary_period_break(s, p, limit, 1 << 20),
///         Ok(period_break(&fibbinary, s, p, limit))
///     );
/// }
/// ```
pub fn fibbinary_period_break(
    preperiod: u64,
    period: u64,
    limit: u64,
    max_steps: u64,
) -> Result<Option<u64>, u64> {
    let Some(last) = limit.checked_sub(period) else {
        return Ok(None);
    };
    let mut m = preperiod;
    for _ in 0..max_steps {
        if m > last {
            return Ok(None);
        }
        let own = next_fibbinary(m);
        let shifted = m
            .checked_add(period)
            .and_then(next_fibbinary)
            .map(|v| v - period);
        let Some(c) = [own, shifted].into_iter().flatten().min() else {
            return Ok(None);
        };
        if c > last {
            return Ok(None);
        }
        if fibbinary(c) != fibbinary(c + period) {
            return Ok(Some(c));
        }
        m = c + 1;
    }
    Err(max_steps)
}
