//! Heap sizes as typed: one heap ([`parse_heap`]), the heaps of a position ([`parse_heaps`],
//! any size; [`parse_small_heaps`], each below 2^64), and the largest heap of a table
//! ([`parse_max_heap`]). Every front end reads heaps with these.

use crate::error::{Error, quote, quote_char};
use num_bigint::BigUint;

/// Parses a heap size: a whole number of stones (any size), digits only.
///
/// # Complexity
///
/// O(digits) time and memory.
///
/// # Examples
///
/// ```
/// assert_eq!(unhop::games::parse_heap("12").unwrap().to_string(), "12");
/// assert_eq!(unhop::games::parse_heap("1x").unwrap_err().column(), Some(1));
/// // A control character is named escaped, never written raw.
/// let message = unhop::games::parse_heap("1\u{1b}[2J").unwrap_err().to_string();
/// assert!(message.starts_with(r"'\x1b' is not a digit") && !message.contains('\u{1b}'));
/// ```
pub fn parse_heap(text: &str) -> Result<BigUint, Error> {
    if let Some((i, c)) = text.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        let what = if c == '-' && i == 0 {
            "a heap cannot be negative".to_string()
        } else {
            format!(
                "{} is not a digit (a heap is a whole number of stones)",
                quote_char(c)
            )
        };
        return Err(Error::at(text, i, what));
    }
    BigUint::parse_bytes(text.as_bytes(), 10)
        .ok_or_else(|| Error::new("an empty heap size: give a whole number of stones"))
}

/// Parses the heap sizes of a position, of any size; an error names the heap that is wrong by
/// its index in the position, from 0 (`heap 1: …` for the second).
///
/// # Complexity
///
/// O(total digits) time and memory.
///
/// # Examples
///
/// ```
/// let heaps = unhop::games::parse_heaps(&["3", "100000000000000000000"]).unwrap();
/// assert_eq!(heaps[1].to_string(), "100000000000000000000");
/// let err = unhop::games::parse_heaps(&["3", "x"]).unwrap_err();
/// assert!(err.to_string().starts_with("heap 1: 'x' is not a digit"));
/// ```
pub fn parse_heaps<S: AsRef<str>>(texts: &[S]) -> Result<Vec<BigUint>, Error> {
    texts
        .iter()
        .enumerate()
        .map(|(i, t)| parse_heap(t.as_ref()).map_err(|e| e.context(format!("heap {i}"))))
        .collect()
}

/// Parses the heap sizes of a position whose heaps must each be below 2^64, as [`parse_heaps`]
/// (an error names the heap by its index, from 0).
///
/// # Complexity
///
/// O(total digits) time and memory.
///
/// # Examples
///
/// ```
/// assert_eq!(unhop::games::parse_small_heaps(&["9", "6"]).unwrap(), [9, 6]);
/// let err = unhop::games::parse_small_heaps(&["1", "18446744073709551616"]).unwrap_err();
/// assert_eq!(err.to_string(), "heap 1: 18446744073709551616 is larger than 2^64 − 1");
/// ```
pub fn parse_small_heaps<S: AsRef<str>>(texts: &[S]) -> Result<Vec<u64>, Error> {
    let heaps = parse_heaps(texts)?;
    heaps
        .iter()
        .enumerate()
        .map(|(i, h)| {
            u64::try_from(h)
                .map_err(|_| Error::new(format!("heap {i}: {h} is larger than 2^64 − 1")))
        })
        .collect()
}

/// Parses the largest heap N of a table of the heaps 0 to N (`--max-heap N`): a whole number
/// below 2^64.
///
/// # Complexity
///
/// O(digits) time and memory.
///
/// # Examples
///
/// ```
/// assert_eq!(unhop::games::parse_max_heap("40").unwrap(), 40);
/// let err = unhop::games::parse_max_heap("-5").unwrap_err();
/// assert_eq!(err.to_string(), "--max-heap '-5' is not a whole number");
/// ```
pub fn parse_max_heap(text: &str) -> Result<u64, Error> {
    parse_heap(text)
        .ok()
        .and_then(|max| u64::try_from(&max).ok())
        .ok_or_else(|| Error::new(format!("--max-heap {} is not a whole number", quote(text))))
}
