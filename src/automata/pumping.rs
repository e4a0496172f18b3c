//! The pumping lemma for context-free languages, checked on one word by brute force.

/// What pumping every decomposition of a word did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PumpingReport {
    /// Decompositions z = u v w x y with |v w x| ≤ p and |v x| ≥ 1.
    pub decompositions: u64,
    /// Of those, how many leave the set when pumped up once (u v² w x² y).
    pub left_when_pumped_up: u64,
    /// Of those, how many stay in the set when pumped down (u w y).
    pub stayed_when_pumped_down: u64,
    /// The first decomposition (by position, then |v|, |w|, |x|) that stays in the set when
    /// pumped down, as (u, v, w, x, y).
    pub stays_down: Option<[Vec<u8>; 5]>,
}

/// Pumps every decomposition z = u v w x y with |v w x| ≤ `p`, |v x| ≥ 1 up once and down once
/// and asks `member` about the results. If every decomposition leaves the set when pumped up,
/// no pumping length ≤ `p` can witness the pumping lemma for z, so a set that contains z is not
/// context-free with pumping length `p`.
///
/// # Complexity
///
/// O(|z| × p³ × |z|).
///
/// # Examples
///
/// ```
/// use unhop::automata::pumping;
/// // {aⁿbⁿcⁿ}: the classic non-context-free language.
/// let member = |w: &[u8]| {
///     let n = w.len() / 3;
///     w.len() % 3 == 0 && w.iter().enumerate().all(|(i, &l)| l == (i / n) as u8)
/// };
/// let z: Vec<u8> = [0u8, 1, 2].iter().flat_map(|&l| std::iter::repeat(l).take(5)).collect();
/// let report = pumping(&z, 4, member);
/// assert_eq!(report.left_when_pumped_up, report.decompositions);
/// ```
pub fn pumping(z: &[u8], p: usize, member: impl Fn(&[u8]) -> bool) -> PumpingReport {
    let mut report = PumpingReport {
        decompositions: 0,
        left_when_pumped_up: 0,
        stayed_when_pumped_down: 0,
        stays_down: None,
    };
    let mut word = Vec::with_capacity(z.len() + 2 * p);
    for start in 0..z.len() {
        for v in 0..=p {
            for w in 0..=p - v {
                for x in 0..=p - v - w {
                    let end = start + v + w + x;
                    if v + x == 0 || end > z.len() {
                        continue;
                    }
                    report.decompositions += 1;
                    let (vs, ws, xs) = (
                        start..start + v,
                        start + v..start + v + w,
                        start + v + w..end,
                    );
                    word.clear();
                    word.extend_from_slice(&z[..vs.end]);
                    word.extend_from_slice(&z[vs.clone()]);
                    word.extend_from_slice(&z[ws.clone()]);
                    word.extend_from_slice(&z[xs.clone()]);
                    word.extend_from_slice(&z[xs.clone()]);
                    word.extend_from_slice(&z[end..]);
                    report.left_when_pumped_up += u64::from(!member(&word));
                    word.clear();
                    word.extend_from_slice(&z[..start]);
                    word.extend_from_slice(&z[ws.clone()]);
                    word.extend_from_slice(&z[end..]);
                    if member(&word) {
                        report.stayed_when_pumped_down += 1;
                        report.stays_down.get_or_insert_with(|| {
                            [&z[..start], &z[vs], &z[ws], &z[xs], &z[end..]].map(<[u8]>::to_vec)
                        });
                    }
                }
            }
        }
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_regular_language_can_be_pumped() {
        // (ab)*: pumping v = "ab" keeps every word inside, so not every decomposition leaves.
        let member = |w: &[u8]| w.len() % 2 == 0 && w.chunks(2).all(|c| c == [0, 1]);
        let z = [0u8, 1].repeat(6);
        let report = pumping(&z, 4, member);
        assert!(report.left_when_pumped_up < report.decompositions);
        assert!(report.stays_down.is_some());
    }
}
