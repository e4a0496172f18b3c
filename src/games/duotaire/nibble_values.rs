//! [`NibbleValues`]: the values of one length of a compact table, four bits each.

use super::dense::UNSET;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{PoisonError, RwLock};

/// The largest value kept in its four bits (as the value plus one; 0 is a value not set).
const LARGEST_IN_NIBBLE: u8 = 13;

/// The four bits of a value kept beside them, in the map of large values.
const LARGE: u8 = 15;

/// The values of the blocks of one length by rank, two in a byte: a value v up to 13 as
/// v + 1 in its four bits, 0 for a value not set yet, and a larger value (rare: none of the
/// single-hop values to 36 cells, 3 × 10^−5 of the chain-move words of 36) as 15 there and
/// the value in a map beside. So a length of B blocks takes B/2 bytes, half a byte a block,
/// where a byte each took twice that.
///
/// Set and read from many threads at once (a class of blocks is written while the classes
/// before it are read): a value's four bits are set by an atomic OR, once, and a large value
/// is put in its map before its bits say so.
///
/// # Complexity
///
/// Reading or setting a value: O(1) (a map look-up for a large one).
pub(crate) struct NibbleValues {
    count: u64,
    /// Two values a byte: rank 2i in the low four bits of byte i, rank 2i + 1 in the high.
    nibbles: Vec<AtomicU8>,
    /// The values above [`LARGEST_IN_NIBBLE`], by rank.
    large: RwLock<HashMap<u64, u8>>,
}

impl NibbleValues {
    /// `count` values, none set.
    ///
    /// # Complexity
    ///
    /// O(count) time, count / 2 bytes.
    pub(crate) fn unset(count: u64) -> NibbleValues {
        NibbleValues {
            count,
            nibbles: (0..count.div_ceil(2)).map(|_| AtomicU8::new(0)).collect(),
            large: RwLock::new(HashMap::new()),
        }
    }

    /// The values `bytes` (one a byte, by rank), or `None` when one of them is the mark of a
    /// value not set.
    ///
    /// # Complexity
    ///
    /// O(|bytes|).
    pub(crate) fn from_bytes(bytes: &[u8]) -> Option<NibbleValues> {
        if bytes.contains(&UNSET) {
            return None;
        }
        let values = NibbleValues::unset(bytes.len() as u64);
        for (rank, &value) in bytes.iter().enumerate() {
            values.set(rank as u64, value);
        }
        Some(values)
    }

    /// The value of rank `rank`, if it is set.
    ///
    /// # Complexity
    ///
    /// O(1).
    pub(crate) fn get(&self, rank: u64) -> Option<u8> {
        if rank >= self.count {
            return None;
        }
        let byte = self.nibbles[(rank / 2) as usize].load(Ordering::Acquire);
        match (byte >> (4 * (rank % 2))) & 0xf {
            0 => None,
            LARGE => self
                .large
                .read()
                .unwrap_or_else(PoisonError::into_inner)
                .get(&rank)
                .copied(),
            nibble => Some(nibble - 1),
        }
    }

    /// Sets the value of rank `rank` (below [`NibbleValues::len`]), which is not set yet.
    ///
    /// # Complexity
    ///
    /// O(1).
    pub(crate) fn set(&self, rank: u64, value: u8) {
        let nibble = match value {
            v if v <= LARGEST_IN_NIBBLE => v + 1,
            v => {
                self.large
                    .write()
                    .unwrap_or_else(PoisonError::into_inner)
                    .insert(rank, v);
                LARGE
            }
        };
        self.nibbles[(rank / 2) as usize].fetch_or(nibble << (4 * (rank % 2)), Ordering::Release);
    }

    /// The values by rank, [`UNSET`] for a value not set.
    ///
    /// # Complexity
    ///
    /// O(1) each.
    pub(crate) fn iter(&self) -> impl ExactSizeIterator<Item = u8> + '_ {
        (0..self.count as usize).map(|rank| self.get(rank as u64).unwrap_or(UNSET))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Values set in any order, large ones among them, read back as a plain vector of
        /// bytes holds them; those not set read as not set.
        #[test]
        fn values_read_back_as_a_vector_of_bytes_holds_them(
            values in prop::collection::vec(prop_oneof![8 => 0u8..14, 1 => 14u8..63], 0..200),
            order in any::<u64>(),
            set_every in 1usize..4,
        ) {
            let nibbles = NibbleValues::unset(values.len() as u64);
            let mut twin = vec![UNSET; values.len()];
            // The ranks in a random order (Fisher–Yates by xorshift from `order`).
            let mut ranks: Vec<usize> = (0..values.len()).collect();
            let mut x = order | 1;
            for i in (1..ranks.len()).rev() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                ranks.swap(i, (x % (i as u64 + 1)) as usize);
            }
            for &rank in ranks.iter().step_by(set_every) {
                nibbles.set(rank as u64, values[rank]);
                twin[rank] = values[rank];
            }
            for (rank, &value) in twin.iter().enumerate() {
                prop_assert_eq!(nibbles.get(rank as u64), (value != UNSET).then_some(value));
            }
            prop_assert_eq!(nibbles.iter().collect::<Vec<_>>(), twin);
            prop_assert_eq!(nibbles.get(values.len() as u64), None);
            let whole = NibbleValues::from_bytes(&values).unwrap();
            prop_assert_eq!(whole.iter().collect::<Vec<_>>(), values);
        }
    }

    #[test]
    fn a_value_not_set_is_not_taken_as_a_value() {
        assert!(NibbleValues::from_bytes(&[1, UNSET, 2]).is_none());
        assert_eq!(NibbleValues::unset(3).get(1), None);
    }
}
