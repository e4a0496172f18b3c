//! [`SavedLengths`]: the lengths of compact tables kept in a folder, so a long build that
//! stops (killed, out of time, a machine lost) resumes from its last whole length.

use super::moves::MoveRule;
use crate::error::Error;
use crate::files::{Output, shown_path};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// The first bytes of a saved length, with the format's version.
const MAGIC: &[u8; 8] = b"unhopCT1";

/// The values written at a time.
const SAVE_BUFFER_BYTES: usize = 1 << 16;

/// The bytes of a saved length before its values: the magic, the move rule, the length and
/// the number of values.
pub(super) const HEADER_BYTES: usize = 8 + 1 + 1 + 8;

/// The bytes of a saved length beside its values: the header and, after the values, their
/// checksum.
pub(super) const FRAME_BYTES: usize = HEADER_BYTES + 8;

/// A folder of saved lengths of compact tables ([`CompactTable`](super::CompactTable)), one
/// file a move rule and length, `compact-single-27.values`: a header naming the rule, the
/// length and the number of values, the values by rank, and a checksum (64-bit FNV-1a) of
/// all that. Each file is written whole or not at all (a temporary file renamed over it,
/// [`Output`]), so a run killed at any moment leaves every saved length whole; a file that
/// does not read back as the length asked (damaged, or of another table) is an error naming
/// it, never used.
///
/// # Complexity
///
/// Saving or loading a length of B blocks: O(B) time, B bytes of file.
///
/// # Examples
///
/// ```
/// use unhop::{Error, Quiet, budget::Budget, games::{CompactTable, MoveRule, SavedLengths}};
/// let folder = tempfile::tempdir().unwrap();
/// let saved = SavedLengths::open(folder.path()).unwrap();
/// let table = CompactTable::build(MoveRule::Chain, 10, &Budget::default(), &Quiet).unwrap();
/// saved.save(MoveRule::Chain, 10, table.length_values(10)).unwrap();
/// let count = table.blocks().count(10);
/// let values: Vec<u8> = table.length_values(10).collect();
/// assert_eq!(saved.load(MoveRule::Chain, 10, count).unwrap(), Some(values));
/// assert_eq!(saved.load(MoveRule::Single, 10, count).unwrap(), None); // not saved
/// ```
pub struct SavedLengths {
    folder: PathBuf,
}

impl SavedLengths {
    /// The saved lengths in `folder`, made if missing (with its parents); an error when it
    /// is not a folder or cannot be made.
    ///
    /// # Complexity
    ///
    /// O(1) system calls.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::SavedLengths;
    /// let folder = tempfile::tempdir().unwrap();
    /// assert!(SavedLengths::open(&folder.path().join("new")).is_ok());
    /// let file = folder.path().join("file");
    /// std::fs::write(&file, "").unwrap();
    /// assert!(SavedLengths::open(&file).is_err());
    /// ```
    pub fn open(folder: &Path) -> Result<SavedLengths, Error> {
        std::fs::create_dir_all(folder).map_err(|e| {
            Error::new(format!(
                "the folder of saved lengths {} cannot be made or used: {e}",
                shown_path(folder)
            ))
        })?;
        Ok(SavedLengths {
            folder: folder.to_path_buf(),
        })
    }

    /// The file of `rule`'s length `len`.
    fn path(&self, rule: MoveRule, len: usize) -> PathBuf {
        saved_length_path(&self.folder, rule, len)
    }

    /// Saves the `values` of `rule`'s length `len`, replacing any saved before; they are
    /// written as they come, a buffer at a time (a length of the table is not copied whole).
    ///
    /// # Complexity
    ///
    /// O(values) time, O(1) memory.
    ///
    /// # Examples
    ///
    /// As [`SavedLengths`].
    pub fn save(
        &self,
        rule: MoveRule,
        len: usize,
        values: impl ExactSizeIterator<Item = u8>,
    ) -> Result<(), Error> {
        let path = self.path(rule, len);
        let named = |e: std::io::Error| Error::io(shown_path(&path), e);
        let header = header(rule, len, values.len() as u64);
        let mut out = Output::create(&path).map_err(named)?;
        out.write_all(&header).map_err(named)?;
        let mut sum = fnv1a(FNV_OFFSET, &header);
        let mut buffer = Vec::with_capacity(SAVE_BUFFER_BYTES);
        let mut values = values.peekable();
        while values.peek().is_some() {
            buffer.clear();
            buffer.extend(values.by_ref().take(SAVE_BUFFER_BYTES));
            sum = fnv1a(sum, &buffer);
            out.write_all(&buffer).map_err(named)?;
        }
        out.write_all(&sum.to_le_bytes()).map_err(named)?;
        out.finish().map_err(named)
    }

    /// The saved values of `rule`'s length `len`, which has `count` blocks: `None` when that
    /// length is not saved; an error naming the file when it is there but is not those
    /// values whole (damaged, cut short, or of another table).
    ///
    /// # Complexity
    ///
    /// O(count).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::{MoveRule, SavedLengths};
    /// let folder = tempfile::tempdir().unwrap();
    /// let saved = SavedLengths::open(folder.path()).unwrap();
    /// saved.save(MoveRule::Single, 3, [0, 1, 0, 1, 0].into_iter()).unwrap();
    /// assert!(saved.load(MoveRule::Single, 3, 6).is_err()); // not the count asked
    /// let file = folder.path().join("compact-single-03.values");
    /// let mut bytes = std::fs::read(&file).unwrap();
    /// bytes[20] ^= 1; // a value changed
    /// std::fs::write(&file, bytes).unwrap();
    /// assert!(saved.load(MoveRule::Single, 3, 5).is_err());
    /// ```
    pub fn load(&self, rule: MoveRule, len: usize, count: u64) -> Result<Option<Vec<u8>>, Error> {
        let path = self.path(rule, len);
        let damaged = |why: &str| {
            Error::new(format!(
                "{} is not the saved length {len} it should be ({why}); remove it to compute \
                 the length again",
                shown_path(&path)
            ))
        };
        let mut file = match std::fs::File::open(&path) {
            Ok(file) => file,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(Error::io(shown_path(&path), e)),
        };
        let size = file.metadata().map_err(|e| damaged(&e.to_string()))?.len();
        let expected = count.saturating_add(FRAME_BYTES as u64);
        if size != expected {
            return Err(damaged(&format!("{size} bytes, not {expected}")));
        }
        let mut bytes = Vec::new();
        bytes.try_reserve_exact(expected as usize).map_err(|_| {
            crate::memory::allocation_failed(u128::from(expected), "a saved length")
        })?;
        file.read_to_end(&mut bytes)
            .map_err(|e| damaged(&e.to_string()))?;
        let (framed, sum) = bytes.split_at(bytes.len() - 8);
        if framed[..HEADER_BYTES] != header(rule, len, count) {
            return Err(damaged("its header names another table"));
        }
        if fnv1a(FNV_OFFSET, framed).to_le_bytes() != sum {
            return Err(damaged("its checksum does not match"));
        }
        bytes.truncate(bytes.len() - 8);
        bytes.drain(..HEADER_BYTES);
        Ok(Some(bytes))
    }
}

/// The file of `rule`'s length `len` in `folder`.
pub(super) fn saved_length_path(folder: &Path, rule: MoveRule, len: usize) -> PathBuf {
    let rule = match rule {
        MoveRule::Single => "single",
        MoveRule::Chain => "chain",
    };
    folder.join(format!("compact-{rule}-{len:02}.values"))
}

/// The header of a saved length: magic, rule, length, count.
pub(super) fn header(rule: MoveRule, len: usize, count: u64) -> [u8; HEADER_BYTES] {
    let mut header = [0u8; HEADER_BYTES];
    header[..8].copy_from_slice(MAGIC);
    header[8] = match rule {
        MoveRule::Single => 1,
        MoveRule::Chain => 2,
    };
    header[9] = len.min(255) as u8;
    header[10..].copy_from_slice(&count.to_le_bytes());
    header
}

/// FNV-1a's 64-bit offset basis.
const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a (64 bits) of `bytes`, continued from `hash`.
fn fnv1a(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}
