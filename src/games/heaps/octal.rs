//! Octal games in code notation, and Grundy's game.
//!
//! A code `d0.d1d2d3…` (digits 0–7) says what a move may do: taking k stones from one heap
//! (k ≥ 1, or k = 0 for d0) is allowed when dk ≠ 0, and what is left of that heap may then be
//! nothing if bit 1 of dk is set, one nonempty heap if bit 2 is set, two nonempty heaps if
//! bit 4 is set. So `0.77` is Kayles, `0.07` Dawson's Kayles, `0.007` Treblecross, `0.137`
//! Dawson's chess, `0.333` the subtraction game {1, 2, 3}, and `4.` splits a heap into two
//! without taking anything (d0 may only be 0 or 4). Grundy's game (`grundy`) splits one heap
//! into two unequal nonempty heaps; it has no octal code.
//!
//! A position is a list of heaps; its value is the XOR of the values of its heaps, so one
//! sequence G(0), G(1), … describes the whole game.

use crate::budget::{Budget, Meter, WorkUnit};
use crate::error::Error;
use crate::games::engine::ImpartialGame;
use std::fmt;
use std::str::FromStr;

/// The unit of the plain mex loop's work ([`Octal::exhaustive_values`], and the values of a
/// subtraction game): the options it looks at, 10^10 unless the budget says otherwise (about
/// 20 seconds: Kayles to heap 100,000 looks at 5 × 10^9 options in 9 s).
pub const MEX_OPTIONS: WorkUnit = WorkUnit {
    name: "options",
    default_limit: 10_000_000_000,
};

/// The longest code accepted: digits after the point.
pub const MAX_CODE_DIGITS: usize = 4096;

/// The rules of an octal game (or Grundy's game).
///
/// ```
/// use unhop::games::Octal;
/// let kayles: Octal = "0.77".parse().unwrap();
/// assert_eq!(kayles.exhaustive_values(8), [0, 1, 2, 3, 1, 4, 3, 2, 1]);
/// assert!("0.78".parse::<Octal>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Octal {
    /// `digits[k]` for taking k stones; trailing zeros removed.
    digits: Vec<u8>,
    /// Grundy's game: splits must be into two unequal heaps.
    unequal_splits: bool,
}

/// An octal move: from heap `heap`, take `taken` stones and leave the heaps `left` (zero,
/// one or two heaps, each nonempty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OctalMove {
    /// The index of the heap in the position.
    pub heap: usize,
    /// Stones taken.
    pub taken: u64,
    /// What is left of the heap.
    pub left: Vec<u64>,
}

impl fmt::Display for OctalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let left = match self.left.as_slice() {
            [] => "nothing".to_string(),
            [a] => a.to_string(),
            [a, b] => format!("{a} + {b}"),
            _ => unreachable!("an octal move leaves at most two heaps"),
        };
        write!(f, "heap {}: take {}, leave {left}", self.heap, self.taken)
    }
}

impl Octal {
    /// Grundy's game: split a heap into two unequal nonempty heaps.
    pub fn grundy() -> Octal {
        Octal {
            digits: vec![4],
            unequal_splits: true,
        }
    }

    /// The game whose moves take an element of `set` from a heap (a subtraction game): every
    /// element's digit is 3. `set` must not contain 0.
    pub(crate) fn taking(set: &[u64]) -> Octal {
        let max = set.iter().copied().max().unwrap_or(0) as usize;
        let mut digits = vec![0; max + 1];
        for &s in set {
            digits[s as usize] = 3;
        }
        Octal {
            digits,
            unequal_splits: false,
        }
    }

    /// Whether this is Grundy's game.
    pub fn is_grundy(&self) -> bool {
        self.unequal_splits
    }

    /// The most stones a move takes (the code's length after the point); 0 for `4.` and
    /// Grundy's game.
    pub fn max_taken(&self) -> usize {
        self.digits.len().saturating_sub(1)
    }

    /// The digit for taking `k` stones (0 beyond the code).
    pub fn digit(&self, k: usize) -> u8 {
        self.digits.get(k).copied().unwrap_or(0)
    }

    /// Every way of playing on one heap of `n` stones: (stones taken, heaps left). O(n) moves.
    ///
    /// # Complexity
    ///
    /// O(moves from the heap): O(n) for the codes that split.
    ///
    /// # Examples
    ///
    /// ```
    /// let kayles: unhop::games::Octal = "0.77".parse().unwrap();
    /// // From a heap of 3: take 1 leaving 2 or 1 + 1, take 2 leaving 1, take 1 or 2 from the ends.
    /// assert!(kayles.heap_moves(3).contains(&(1, vec![1, 1])));
    /// ```
    pub fn heap_moves(&self, n: u64) -> Vec<(u64, Vec<u64>)> {
        let mut moves = Vec::new();
        for (k, &d) in self.digits.iter().enumerate() {
            let k = k as u64;
            if d == 0 || k > n {
                continue;
            }
            let rest = n - k;
            if d & 1 != 0 && rest == 0 {
                moves.push((k, vec![]));
            }
            if d & 2 != 0 && rest >= 1 && k >= 1 {
                moves.push((k, vec![rest]));
            }
            if d & 4 != 0 {
                for a in 1..=rest / 2 {
                    if !(self.unequal_splits && 2 * a == rest) {
                        moves.push((k, vec![a, rest - a]));
                    }
                }
            }
        }
        moves
    }

    /// The number of moves from one heap of `n` stones ([`Octal::heap_moves`]), counted
    /// without listing them.
    ///
    /// # Complexity
    ///
    /// O(code length).
    ///
    /// # Examples
    ///
    /// ```
    /// let kayles: unhop::games::Octal = "0.77".parse().unwrap();
    /// assert_eq!(kayles.heap_move_count(7), kayles.heap_moves(7).len() as u128);
    /// ```
    pub fn heap_move_count(&self, n: u64) -> u128 {
        let mut count = 0u128;
        for (k, &d) in self.digits.iter().enumerate() {
            let k = k as u64;
            if d == 0 || k > n {
                continue;
            }
            let rest = n - k;
            count += u128::from(d & 1 != 0 && rest == 0);
            count += u128::from(d & 2 != 0 && rest >= 1 && k >= 1);
            if d & 4 != 0 {
                let equal = self.unequal_splits && rest % 2 == 0 && rest > 0;
                count += u128::from(rest / 2) - u128::from(equal);
            }
        }
        count
    }

    /// The code for messages: in full up to 24 digits, else its first and last eight digits
    /// and its length, `0.77777777…77777777 (4096 digits after the point)`.
    ///
    /// # Complexity
    ///
    /// O(d) time and memory for d digits: the code is written whole, then cut.
    ///
    /// # Examples
    ///
    /// ```
    /// let long: unhop::games::Octal = format!("0.{}", "7".repeat(100)).parse().unwrap();
    /// assert_eq!(long.short_name(), "0.77777777…77777777 (100 digits after the point)");
    /// let kayles: unhop::games::Octal = "0.77".parse().unwrap();
    /// assert_eq!(kayles.short_name(), "0.77");
    /// ```
    pub fn short_name(&self) -> String {
        let full = self.to_string();
        if self.digits.len() <= 25 {
            return full;
        }
        format!(
            "{}…{} ({} digits after the point)",
            &full[..10],
            &full[full.len() - 8..],
            self.digits.len() - 1
        )
    }

    /// The options [`Octal::exhaustive_values`] looks at for G(0) to G(`max`): for every heap n and
    /// digit d_k with k ≤ n, leaving nothing (bit 1, when n = k), one heap (bit 2, n > k ≥ 1)
    /// and the (n − k)/2 splits (bit 4). Exact (an upper bound for Grundy's game, whose equal
    /// splits are left out), in closed form.
    ///
    /// # Complexity
    ///
    /// O(code length).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::Octal;
    /// let kayles: Octal = "0.77".parse().unwrap();
    /// // Heaps 0 to 4: digits 1 and 2 for n ≥ 1 and n ≥ 2 (7 options), splits 0+0+1+1 and 0+0+1.
    /// assert_eq!(kayles.exhaustive_work(4), 7 + 2 + 1);
    /// ```
    pub fn exhaustive_work(&self, max: usize) -> u128 {
        let max = max as u128;
        self.digits
            .iter()
            .enumerate()
            .filter(|&(k, &d)| d != 0 && k as u128 <= max)
            .map(|(k, &d)| {
                // Heaps n = k..=max leave rests r = 0..=m: nothing left once (bit 1), one heap
                // m times (bit 2, when stones are taken), floor(r/2) splits each (bit 4).
                let m = max - k as u128;
                let nothing = u128::from(d & 1 != 0);
                let one = if d & 2 != 0 && k >= 1 { m } else { 0 };
                let splits = if d & 4 != 0 {
                    (m / 2) * m.div_ceil(2)
                } else {
                    0
                };
                nothing + one + splits
            })
            .sum()
    }

    /// An upper bound of the bytes [`Octal::metered_values`] allocates for G(0) to G(`max`):
    /// 4 bytes a value, and its flags of the options' values. A heap of n has at most
    /// B = D·(2 + n/2) options for the D nonzero digits (nothing left, one heap, the splits), so
    /// its value, a mex, is at most B; an option's value, one value or the XOR of two, is
    /// below 2B; the flags grow by doubling, to at most 4B + 8 bytes.
    ///
    /// # Complexity
    ///
    /// O(code length).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::Octal;
    /// let kayles: Octal = "0.77".parse().unwrap();
    /// assert_eq!(kayles.exhaustive_bytes(100), 4 * 101 + 4 * 2 * (2 + 50) + 8);
    /// ```
    pub fn exhaustive_bytes(&self, max: usize) -> u128 {
        let digits = self.digits.iter().filter(|&&d| d != 0).count() as u128;
        let options = digits * (2 + max as u128 / 2);
        4 * (max as u128 + 1) + 4 * options + 8
    }

    /// The values G(0..=max) by the plain O(max²) mex loop: for every heap, every move's
    /// value is marked and the least unmarked one taken. The obviously correct twin of
    /// [`rare_value_sequence`](crate::games::rare_value_sequence), with no limit but the
    /// process's memory.
    ///
    /// # Complexity
    ///
    /// O(max²) options, 4 bytes a heap.
    ///
    /// # Examples
    ///
    /// ```
    /// let dawson: unhop::games::Octal = "0.07".parse().unwrap();
    /// assert_eq!(dawson.exhaustive_values(9), [0, 0, 1, 1, 2, 0, 3, 1, 1, 0]);
    /// ```
    pub fn exhaustive_values(&self, max: usize) -> Vec<u32> {
        let meter = Budget::unlimited().meter("the plain mex loop", MEX_OPTIONS);
        self.metered_values(max, &meter)
            .expect("the plain mex loop has no limit but the process's memory")
    }

    /// [`Octal::exhaustive_values`] charging the options of each heap to `meter` (in
    /// [`MEX_OPTIONS`]: [`Octal::exhaustive_work`] in all) and holding its memory there (4
    /// bytes a value, and a flag per option value): an error past the meter's limits.
    ///
    /// # Complexity
    ///
    /// O(max²) options, charged to the meter; 4 bytes a heap, held there.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, games::{MEX_OPTIONS, Octal}};
    /// let kayles: Octal = "0.77".parse().unwrap();
    /// let meter = Budget::default().meter("Kayles", MEX_OPTIONS);
    /// assert_eq!(kayles.metered_values(40, &meter).unwrap(), kayles.exhaustive_values(40));
    /// assert_eq!(u128::from(meter.spent()), kayles.exhaustive_work(40));
    /// let tight = Budget::default().with_max_work(100).meter("Kayles", MEX_OPTIONS);
    /// assert!(kayles.metered_values(40, &tight).is_err());
    /// ```
    pub fn metered_values(&self, max: usize, meter: &Meter) -> Result<Vec<u32>, Error> {
        let len = max
            .checked_add(1)
            .ok_or_else(|| Error::new("too many values"))?;
        let mut values: Vec<u32> = meter.vec(len, 0)?;
        values.clear();
        // A flag per option value, held as it grows.
        let mut seen: Vec<bool> = Vec::new();
        let mut flags = 0;
        for n in 0..=max {
            seen.clear();
            let mut options = 0u64;
            for (k, &d) in self.digits.iter().enumerate() {
                if d == 0 || k > n {
                    continue;
                }
                let rest = n - k;
                if d & 1 != 0 && rest == 0 {
                    mark(&mut seen, 0);
                    options += 1;
                }
                if d & 2 != 0 && rest >= 1 && k >= 1 {
                    mark(&mut seen, values[rest]);
                    options += 1;
                }
                if d & 4 != 0 {
                    for a in 1..=rest / 2 {
                        if !(self.unequal_splits && 2 * a == rest) {
                            mark(&mut seen, values[a] ^ values[rest - a]);
                        }
                    }
                    options += (rest / 2) as u64;
                }
            }
            meter.charge(options)?;
            if seen.capacity() > flags {
                meter.hold((seen.capacity() - flags) as u64)?;
                flags = seen.capacity();
            }
            values.push(seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32);
        }
        Ok(values)
    }
}

/// Marks value `v` in `seen`, growing it as needed.
pub(crate) fn mark(seen: &mut Vec<bool>, v: u32) {
    let v = v as usize;
    if v >= seen.len() {
        seen.resize(v + 1, false);
    }
    seen[v] = true;
}

impl FromStr for Octal {
    type Err = Error;

    /// Parses `d0.d1d2…` (`.77` means `0.77`), or `grundy`.
    fn from_str(code: &str) -> Result<Octal, Error> {
        if code.eq_ignore_ascii_case("grundy") {
            return Ok(Octal::grundy());
        }
        let Some(point) = code.find('.') else {
            let quoted = crate::quote(code);
            return Err(Error::new(format!(
                "{quoted} is not an octal code: write it as d0.d1d2… with octal digits, such \
                 as 0.77 (Kayles) or 4.07, or name Grundy's game as 'grundy'"
            ))
            .named(quoted));
        };
        let mut digits = Vec::new();
        for (i, c) in code.char_indices() {
            if i == point {
                continue;
            }
            let Some(d) = c.to_digit(8) else {
                return Err(Error::at(
                    code,
                    i,
                    format!("{} is not an octal digit", crate::quote(&c.to_string())),
                ));
            };
            if i < point && i + 1 != point {
                return Err(Error::at(
                    code,
                    i,
                    "only one digit (0 or 4) may stand before the point",
                ));
            }
            if i < point && d != 0 && d != 4 {
                return Err(Error::at(
                    code,
                    i,
                    format!(
                        "the digit before the point (taking no stones) must be 0 or 4, not {d}"
                    ),
                ));
            }
            digits.push(d as u8);
        }
        if point == 0 {
            digits.insert(0, 0);
        }
        if digits.len() > MAX_CODE_DIGITS + 1 {
            return Err(Error::new(format!(
                "the octal code has {} digits after the point; at most {MAX_CODE_DIGITS} are \
                 accepted",
                digits.len() - 1
            )));
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        if digits == [0] {
            return Err(Error::new(format!(
                "'{code}' allows no move at all; give at least one nonzero digit"
            )));
        }
        Ok(Octal {
            digits,
            unequal_splits: false,
        })
    }
}

impl fmt::Display for Octal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.unequal_splits {
            return f.write_str("grundy");
        }
        write!(f, "{}.", self.digits[0])?;
        for d in &self.digits[1..] {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl ImpartialGame for Octal {
    /// The heap sizes, in any order; zeros are allowed.
    type Position = Vec<u64>;
    type Move = OctalMove;

    fn moves(&self, heaps: &Vec<u64>) -> Vec<(OctalMove, Vec<u64>)> {
        let mut moves = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            for (taken, left) in self.heap_moves(h) {
                let mut next = heaps.clone();
                next.remove(i);
                next.extend(&left);
                moves.push((
                    OctalMove {
                        heap: i,
                        taken,
                        left,
                    },
                    next,
                ));
            }
        }
        moves
    }

    /// The nonempty heaps, sorted.
    fn canonical(&self, heaps: &Vec<u64>) -> Vec<u64> {
        let mut sorted: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        sorted.sort_unstable();
        sorted
    }

    /// One part per heap.
    fn split(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        heaps.iter().map(|&h| vec![h]).collect()
    }

    /// The list's buffer.
    fn heap_bytes(&self, heaps: &Vec<u64>) -> usize {
        super::nim::vec_heap_bytes(heaps)
    }

    /// The buffer of the heaps left.
    fn move_heap_bytes(&self, m: &OctalMove) -> usize {
        super::nim::vec_heap_bytes(&m.left)
    }
}
