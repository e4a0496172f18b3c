//! [`SavedTable`]: the compact table of a move rule read where it lies, in a folder of saved
//! lengths, one value at a time.

use super::canonical::{CanonicalWords, blocks_of};
use super::compact_table::MAX_COMPACT_LEN;
use super::moves::MoveRule;
use super::saved_lengths::{FRAME_BYTES, HEADER_BYTES, header, saved_length_path};
use crate::error::Error;
use crate::files::shown_path;
use crate::word::Word;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

/// The largest value a block may have: a byte above it is not a value (the values of a
/// table are below 63, [`CompactTable`](super::CompactTable)).
const LARGEST_VALUE: u8 = 62;

/// The compact table of one move rule kept in a folder by
/// [`SavedLengths`](super::SavedLengths) (`unhop table --board finite --resume DIR`), its
/// values read from the files as they are asked for, never loaded whole: a word's value under
/// normal play on the finite board is the XOR of its blocks' values ([`blocks_of`]), and each
/// block's value is the byte at its rank in the file of its length. So a word of any length
/// whose blocks are all no longer than the longest saved length is valued in a read a block,
/// whatever the size of the files (2.2 GB for every length to 33).
///
/// Opening checks that the lengths 1, 2, … present are each the file of that rule and length
/// with the right number of values (its header and its size); it does not read the values,
/// so their checksum is not verified here (it is when a run resumes from them,
/// [`SavedLengths::load`](super::SavedLengths::load)), but a byte that is no value is an error
/// naming its file. Shared between threads: each file is read under a lock of its own.
///
/// # Complexity
///
/// Opening: O(L²) for the ranking tables of the longest length L, one file opened a length.
/// A word of n cells: O(n) to find its blocks, then O(b / 8) and one read for a block of b
/// cells.
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget, games::{CompactTable, MoveRule, SavedLengths, SavedTable}};
/// let folder = tempfile::tempdir().unwrap();
/// let saved = SavedLengths::open(folder.path()).unwrap();
/// let table = CompactTable::build(MoveRule::Chain, 12, &Budget::default(), &Quiet).unwrap();
/// for len in 1..=12 {
///     saved.save(MoveRule::Chain, len, table.length_values(len)).unwrap();
/// }
/// let read = SavedTable::open(folder.path(), MoveRule::Chain).unwrap();
/// assert_eq!(read.max_len(), 12);
/// // 01101010 and 0110: 3 xor 1, on either side of a gap of three holes.
/// let word = "011010100000110".parse().unwrap();
/// assert_eq!(read.value(&word).unwrap(), Some(2));
/// assert_eq!(read.value(&"1".repeat(13).parse().unwrap()).unwrap(), None); // a block of 13
/// assert!(SavedTable::open(folder.path(), MoveRule::Single).is_err()); // none saved
/// ```
pub struct SavedTable {
    rule: MoveRule,
    folder: PathBuf,
    blocks: CanonicalWords,
    /// The file of each length from 1 on (`files[0]` is length 1's), read under a lock: a
    /// read moves the file's position.
    files: Vec<Mutex<File>>,
}

impl SavedTable {
    /// The saved lengths of `rule`'s compact table in `folder`: lengths 1, 2, … up to the
    /// first one missing. An error naming the folder when it cannot be read or holds no
    /// length of `rule`, naming a file when it is not the saved length it should be.
    ///
    /// # Complexity
    ///
    /// O(L²) time and memory (the ranking tables of [`CanonicalWords`]) and O(L) system calls
    /// for L saved lengths.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::{MoveRule, SavedTable};
    /// let folder = tempfile::tempdir().unwrap();
    /// let missing = SavedTable::open(&folder.path().join("none"), MoveRule::Single);
    /// assert!(missing.err().unwrap().to_string().contains("none"));
    /// ```
    pub fn open(folder: &Path, rule: MoveRule) -> Result<SavedTable, Error> {
        let listed = std::fs::read_dir(folder).map_err(|e| {
            Error::io(
                format!("the folder of saved lengths {}", shown_path(folder)),
                e,
            )
        })?;
        drop(listed);
        let longest = CanonicalWords::new(MAX_COMPACT_LEN)?;
        let mut files = Vec::new();
        for len in 1..=MAX_COMPACT_LEN {
            let path = saved_length_path(folder, rule, len);
            // Only a file is opened (a FIFO would wait for a writer).
            match std::fs::metadata(&path) {
                Ok(meta) if meta.is_file() => {}
                Ok(_) => {
                    return Err(Error::new(format!(
                        "{} is not a file of saved values",
                        shown_path(&path)
                    )));
                }
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => break,
                Err(e) => return Err(Error::io(shown_path(&path), e)),
            }
            let file = File::open(&path).map_err(|e| Error::io(shown_path(&path), e))?;
            files.push(Mutex::new(checked(
                file,
                &path,
                rule,
                len,
                longest.count(len),
            )?));
        }
        if files.is_empty() {
            return Err(Error::new(format!(
                "{} holds no saved length of the {rule} compact table ({}, written by \
                 `unhop table --board finite --moves {rule} --resume DIR`)",
                shown_path(folder),
                shown_path(&saved_length_path(Path::new(""), rule, 1)),
            )));
        }
        Ok(SavedTable {
            rule,
            folder: folder.to_path_buf(),
            blocks: CanonicalWords::new(files.len())?,
            files,
        })
    }

    /// The move rule of the table.
    pub fn rule(&self) -> MoveRule {
        self.rule
    }

    /// The longest length saved: every block up to it is valued.
    pub fn max_len(&self) -> usize {
        self.files.len()
    }

    /// The value of `word` under normal play on the finite board, when each of its blocks is
    /// no longer than [`SavedTable::max_len`] (`None` otherwise); an error naming the file
    /// that cannot be read or holds a byte that is no value.
    ///
    /// # Complexity
    ///
    /// O(|word|), and a read of one byte for each block.
    ///
    /// # Examples
    ///
    /// As [`SavedTable`].
    pub fn value(&self, word: &Word) -> Result<Option<u8>, Error> {
        let blocks = blocks_of(word);
        if blocks.iter().any(|cells| cells.len() > self.max_len()) {
            return Ok(None);
        }
        let mut value = 0;
        for cells in blocks {
            let len = cells.len();
            let bits = word.bits_from(cells.start) & (u64::MAX >> (64 - len));
            let rank = self.blocks.rank_bits(bits, len).ok_or_else(|| {
                Error::internal("a block of a word is not ranked among the blocks")
            })?;
            value ^= self.value_at(len, rank)?;
        }
        Ok(Some(value))
    }

    /// The value of the block of `len` cells (saved) of rank `rank`, read from its file.
    fn value_at(&self, len: usize, rank: u64) -> Result<u8, Error> {
        let path = || saved_length_path(&self.folder, self.rule, len);
        let mut file = self.files[len - 1]
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let mut byte = [0u8];
        file.seek(SeekFrom::Start(HEADER_BYTES as u64 + rank))
            .and_then(|_| file.read_exact(&mut byte))
            .map_err(|e| Error::io(shown_path(&path()), e))?;
        match byte[0] {
            value if value <= LARGEST_VALUE => Ok(value),
            other => Err(Error::new(format!(
                "{} is not the saved length {len} it should be (the byte {other} at rank {rank} \
                 is no value); remove it to compute the length again",
                shown_path(&path())
            ))),
        }
    }
}

/// `file`, the saved length `len` of `rule` at `path` with `count` values, when its size and
/// header say it is; else an error naming it.
fn checked(
    mut file: File,
    path: &Path,
    rule: MoveRule,
    len: usize,
    count: u64,
) -> Result<File, Error> {
    let damaged = |why: String| {
        Error::new(format!(
            "{} is not the saved length {len} it should be ({why}); remove it to compute the \
             length again",
            shown_path(path)
        ))
    };
    let size = file
        .metadata()
        .map_err(|e| Error::io(shown_path(path), e))?
        .len();
    let expected = count.saturating_add(FRAME_BYTES as u64);
    if size != expected {
        return Err(damaged(format!("{size} bytes, not {expected}")));
    }
    let mut read = [0u8; HEADER_BYTES];
    file.read_exact(&mut read)
        .map_err(|e| Error::io(shown_path(path), e))?;
    if read != header(rule, len, count) {
        return Err(damaged("its header names another table".to_string()));
    }
    Ok(file)
}
