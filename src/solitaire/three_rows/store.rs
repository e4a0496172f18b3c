//! One-peg bitmaps saved to files and read back, so that a larger machine can carry on.
//!
//! # Format (version 1)
//!
//! One file per width n, named [`file_name`] (`onepeg-finite-3x11.bits`), all numbers little
//! endian:
//!
//! | offset | size | content |
//! |---|---|---|
//! | 0 | 8 | the magic bytes `UNHOP3RB` |
//! | 8 | 4 | the format version, 1 |
//! | 12 | 4 | n, the number of columns |
//! | 16 | 8 | the number of grids in the set (bits set) |
//! | 24 | 4 | the CRC-32 (IEEE, as zlib's `crc32`) of the payload |
//! | 28 | 4 | the board: 0 = finite |
//! | 32 | 8·⌈2^(3n)/64⌉ | the payload: the bitmap's 64-bit words; bit i of word j is the grid numbered 64·j + i (see [`super::Grid::index`]) |
//!
//! Reading checks the magic, the version, the size, the checksum and the count; a file that
//! fails any of them is refused with the reason.

use super::OnePegSet;
use super::sweep::BITMAP_STEPS;
use crate::budget::Budget;
use crate::error::Error;
use crate::files::{Output, shown_path};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// The magic bytes opening every file.
pub const MAGIC: &[u8; 8] = b"UNHOP3RB";
/// The format version written.
pub const VERSION: u32 = 1;
const HEADER: usize = 32;

/// The file name of the set of `n` columns: `onepeg-finite-3x{n:02}.bits`.
pub fn file_name(n: usize) -> String {
    format!("onepeg-finite-3x{n:02}.bits")
}

/// The path of the set of `n` columns in `dir`.
///
/// # Complexity
///
/// O(1).
///
/// # Examples
///
/// ```
/// use unhop::solitaire::three_rows::store;
/// let path = store::path_in(std::path::Path::new("sets"), 4);
/// assert_eq!(path, std::path::Path::new("sets/onepeg-finite-3x04.bits"));
/// ```
pub fn path_in(dir: &Path, n: usize) -> PathBuf {
    dir.join(file_name(n))
}

fn checksum(words: &[u64]) -> u32 {
    let mut crc = crc32fast::Hasher::new();
    for chunk in words.chunks(CHUNK_BYTES / 8) {
        let bytes: Vec<u8> = chunk.iter().flat_map(|w| w.to_le_bytes()).collect();
        crc.update(&bytes);
    }
    crc.finalize()
}

/// Writes `set` to `path` (replaced whole or not at all).
///
/// # Complexity
/// O(2^(3n)) time, O(1) memory beyond the set.
///
/// # Examples
///
/// ```
/// use unhop::Quiet;
/// use unhop::solitaire::three_rows::{OnePegSet, store};
/// let folder = tempfile::tempdir().unwrap();
/// let budget = unhop::budget::Budget::default();
/// let set = OnePegSet::compute(3, &budget, &Quiet).unwrap();
/// let path = store::path_in(folder.path(), 3);
/// store::save(&set, &path).unwrap();
/// assert_eq!(store::load(&path, &budget).unwrap(), set);
/// ```
pub fn save(set: &OnePegSet, path: &Path) -> Result<(), Error> {
    let mut header = Vec::with_capacity(HEADER);
    header.extend_from_slice(MAGIC);
    header.extend_from_slice(&VERSION.to_le_bytes());
    header.extend_from_slice(&(set.n() as u32).to_le_bytes());
    header.extend_from_slice(&set.count().to_le_bytes());
    header.extend_from_slice(&checksum(set.words()).to_le_bytes());
    header.extend_from_slice(&0u32.to_le_bytes());
    let write = || -> std::io::Result<()> {
        let mut output = Output::create(path)?;
        output.write_all(&header)?;
        for chunk in set.words().chunks(1 << 16) {
            let bytes: Vec<u8> = chunk.iter().flat_map(|w| w.to_le_bytes()).collect();
            output.write_all(&bytes)?;
        }
        output.finish()
    };
    write().map_err(|e| Error::io(format!("cannot write {}", shown_path(path)), e))
}

/// The bytes of the buffer a bitmap is read or checked through.
const CHUNK_BYTES: usize = 8 << 16;

/// Reads a set written by [`save`], checking its header, size, checksum and count, under
/// `budget`: admitted once the header is read, with the set's bitmap and two buffers of
/// 512 KiB, and three passes over its words (read, checksum, count) in
/// [`super::BITMAP_STEPS`].
///
/// # Complexity
/// O(2^(3n)) time; the set's memory.
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget, solitaire::three_rows::{OnePegSet, store}};
/// let budget = Budget::default();
/// let folder = tempfile::tempdir().unwrap();
/// let set = OnePegSet::compute(2, &budget, &Quiet).unwrap();
/// store::save(&set, &store::path_in(folder.path(), 2)).unwrap();
/// assert_eq!(store::load(&store::path_in(folder.path(), 2), &budget).unwrap(), set);
/// ```
pub fn load(path: &Path, budget: &Budget) -> Result<OnePegSet, Error> {
    let name = path.display().to_string();
    let bad = |why: String| Error::new(format!("{name}: {why}")).named(&name);
    let mut file = std::fs::File::open(path)
        .map_err(|e| Error::io(format!("cannot read {name}"), e).named(&name))?;
    let mut header = [0u8; HEADER];
    file.read_exact(&mut header)
        .map_err(|_| bad("shorter than the 32-byte header".into()))?;
    if &header[..8] != MAGIC {
        return Err(bad("not a one-peg bitmap (the magic bytes differ)".into()));
    }
    let u32_at = |at: usize| u32::from_le_bytes(header[at..at + 4].try_into().unwrap());
    let version = u32_at(8);
    if version != VERSION {
        return Err(bad(format!(
            "format version {version}, this reads {VERSION}"
        )));
    }
    let n = u32_at(12) as usize;
    if n > super::MAX_SWEEP_COLUMNS {
        return Err(bad(format!("{n} columns, more than any bitmap has")));
    }
    let count = u64::from_le_bytes(header[16..24].try_into().unwrap());
    let crc = u32_at(24);
    if u32_at(28) != 0 {
        return Err(bad("a board other than the finite one".into()));
    }
    let words_len = OnePegSet::bytes(n) as usize / 8;
    let length = file.metadata().map_err(|e| bad(e.to_string()))?.len();
    if length != (HEADER + 8 * words_len) as u64 {
        return Err(bad(format!(
            "{length} bytes; a bitmap of {n} columns has {}",
            HEADER + 8 * words_len
        )));
    }
    let meter = budget.admit(
        format!("reading {name}"),
        BITMAP_STEPS,
        3 * words_len as u128,
        8 * words_len as u128 + 2 * CHUNK_BYTES as u128,
    )?;
    let mut words = meter.vec(words_len, 0u64)?;
    let mut bytes = meter.vec(CHUNK_BYTES, 0u8)?;
    for chunk in words.chunks_mut(1 << 16) {
        let bytes = &mut bytes[..8 * chunk.len()];
        file.read_exact(bytes).map_err(|e| bad(e.to_string()))?;
        for (w, b) in chunk.iter_mut().zip(bytes.chunks_exact(8)) {
            *w = u64::from_le_bytes(b.try_into().unwrap());
        }
    }
    if checksum(&words) != crc {
        return Err(bad(
            "the checksum does not match: the file is damaged".into()
        ));
    }
    meter.charge(3 * words_len as u64)?;
    let set = OnePegSet::from_words(n, words).map_err(|e| bad(e.to_string()))?;
    if set.count() != count {
        return Err(bad(format!(
            "{} grids in the bitmap, {count} in the header",
            set.count()
        )));
    }
    Ok(set)
}

/// The sets of 0, 1, …, `max_n` columns saved in `dir`, read in order, each under `budget`.
///
/// # Complexity
/// As [`load`] for each.
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget, solitaire::three_rows::{OnePegSet, store}};
/// let budget = Budget::default();
/// let folder = tempfile::tempdir().unwrap();
/// for n in 0..=2 {
///     let set = OnePegSet::compute(n, &budget, &Quiet).unwrap();
///     store::save(&set, &store::path_in(folder.path(), n)).unwrap();
/// }
/// assert_eq!(store::load_up_to(folder.path(), 2, &budget).unwrap().len(), 3);
/// ```
pub fn load_up_to(dir: &Path, max_n: usize, budget: &Budget) -> Result<Vec<OnePegSet>, Error> {
    (0..=max_n)
        .map(|n| {
            let set = load(&path_in(dir, n), budget)?;
            if set.n() != n {
                return Err(Error::new(format!(
                    "{} holds {} columns, not {n}",
                    path_in(dir, n).display(),
                    set.n()
                )));
            }
            Ok(set)
        })
        .collect()
}
