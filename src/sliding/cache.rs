//! The on-disk cache of pattern databases.
//!
//! **Where**: the folder given explicitly (`--pdb-dir`), else `$UNHOP_CACHE_DIR`, else
//! `$XDG_CACHE_HOME/unhop`, else `$HOME/.cache/unhop`. One file per database, named after the
//! board, the gap's goal cell and the pattern's cells, e.g. `sliding-4x4-gap15-0.4.5.8.9.12.pdb`.
//!
//! **Format** (all integers little-endian): the 8 bytes `UNHOPPDB`, a version `u32` (1), the
//! width, the gap's goal cell and the pattern size `k` as bytes, the `k` cells, the number of
//! entries as `u64`, the CRC-32 of the table as `u32`, then the table, one byte per entry.
//!
//! **Safety**: a file is written to a temporary file in the same folder and renamed into
//! place, so a reader never sees half a file; on load every header field is compared with
//! the request and the checksum recomputed. A file that fails any check is reported and
//! rebuilt. An entry that is not a regular file (a FIFO, a device, a folder) is never opened
//! nor replaced: it is reported and the database is built in memory.

use super::pdb::{PatternDb, placements};
use crate::error::Error;
use crate::progress::Progress;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

const MAGIC: &[u8; 8] = b"UNHOPPDB";
const VERSION: u32 = 1;

/// The cache folder: `explicit`, else `$UNHOP_CACHE_DIR`, else `$XDG_CACHE_HOME/unhop`, else
/// `$HOME/.cache/unhop`; `None` if none of these is set.
pub fn cache_dir(explicit: Option<&Path>) -> Option<PathBuf> {
    if let Some(dir) = explicit {
        return Some(dir.to_path_buf());
    }
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    var("UNHOP_CACHE_DIR")
        .map(PathBuf::from)
        .or_else(|| var("XDG_CACHE_HOME").map(|x| PathBuf::from(x).join("unhop")))
        .or_else(|| var("HOME").map(|h| PathBuf::from(h).join(".cache").join("unhop")))
}

/// The file name of a database.
pub fn file_name(width: usize, gap_goal: u8, cells: &[u8]) -> String {
    let cells: Vec<String> = cells.iter().map(u8::to_string).collect();
    format!(
        "sliding-{width}x{width}-gap{gap_goal}-{}.pdb",
        cells.join(".")
    )
}

/// Where a database came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Read from this file, every check passed.
    Loaded(PathBuf),
    /// Built now; `saved` says where it was stored, or why it was not.
    Built {
        /// The file written, or the reason it could not be.
        saved: Result<PathBuf, String>,
        /// Why an existing file was not used, if there was one.
        rejected: Option<String>,
    },
}

/// The header bytes for a database of `entries` entries with table checksum `crc`.
fn header(width: usize, gap_goal: u8, cells: &[u8], entries: u64, crc: u32) -> Vec<u8> {
    let mut h = MAGIC.to_vec();
    h.extend(VERSION.to_le_bytes());
    h.extend([width as u8, gap_goal, cells.len() as u8]);
    h.extend(cells);
    h.extend(entries.to_le_bytes());
    h.extend(crc.to_le_bytes());
    h
}

/// Reads and checks the database at `path`; the error says which check failed.
pub fn load(path: &Path, width: usize, gap_goal: u8, cells: &[u8]) -> Result<PatternDb, String> {
    // Opening a FIFO would wait for a writer for ever.
    if !std::fs::metadata(path)
        .map_err(|e| e.to_string())?
        .is_file()
    {
        return Err("not a regular file, so ignored and left alone".into());
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|mut file| file.read_to_end(&mut bytes))
        .map_err(|e| e.to_string())?;
    from_bytes(&bytes, width, gap_goal, cells)
}

/// A database in the cache's format (header, checksum, table), as [`store`] writes it and as
/// the browser page keeps it in its storage. O(entries).
///
/// ```
/// use unhop::sliding::{PatternDb, cache};
/// let db = PatternDb::build(3, 8, &[0, 1, 2], &mut |_, _| {}).unwrap();
/// let mut bytes = cache::to_bytes(&db);
/// assert_eq!(cache::from_bytes(&bytes, 3, 8, &[0, 1, 2]), Ok(db));
/// *bytes.last_mut().unwrap() ^= 1;
/// assert!(cache::from_bytes(&bytes, 3, 8, &[0, 1, 2]).unwrap_err().contains("checksum"));
/// ```
pub fn to_bytes(db: &PatternDb) -> Vec<u8> {
    let table = db.table();
    let mut bytes = header(
        db.width(),
        db.gap_goal(),
        db.cells(),
        table.len() as u64,
        crc32fast::hash(table),
    );
    bytes.extend_from_slice(table);
    bytes
}

/// The database in `bytes` (the cache's format), every header field compared with the
/// request and the checksum recomputed; the error says which check failed. O(entries).
pub fn from_bytes(
    bytes: &[u8],
    width: usize,
    gap_goal: u8,
    cells: &[u8],
) -> Result<PatternDb, String> {
    let entries = placements(width * width, cells.len());
    let expected = header(width, gap_goal, cells, entries as u64, 0);
    let Some((head, table)) = bytes.split_at_checked(expected.len()) else {
        return Err("the file is shorter than its header".to_string());
    };
    let fields = expected.len() - 4;
    if head[..fields] != expected[..fields] {
        return Err("its header does not match the pattern asked for".into());
    }
    let crc = u32::from_le_bytes(head[fields..].try_into().expect("4 bytes"));
    if table.len() != entries {
        return Err(format!(
            "it holds {} entries instead of {entries}",
            table.len()
        ));
    }
    if crc32fast::hash(table) != crc {
        return Err("its checksum does not match its contents".into());
    }
    PatternDb::from_table(width, gap_goal, cells, table.to_vec()).ok_or_else(|| "wrong size".into())
}

/// Writes `db` into `dir` atomically (temporary file, then rename); returns the path. Refused,
/// and left alone, when something other than a regular file (a FIFO, a device) has its name.
pub fn store(dir: &Path, db: &PatternDb) -> Result<PathBuf, Error> {
    let path = dir.join(file_name(db.width(), db.gap_goal(), db.cells()));
    let fail = |e: &dyn std::fmt::Display| {
        Error::new(format!(
            "cannot write the pattern database {}: {e}",
            path.display()
        ))
    };
    std::fs::create_dir_all(dir).map_err(|e| fail(&e))?;
    // Never opens or replaces a FIFO, device or socket that has the file's name.
    let mut file = crate::files::Output::create_file(&path).map_err(Error::new)?;
    file.write_all(&to_bytes(db)).map_err(Error::new)?;
    file.finish().map_err(Error::new)?;
    Ok(path)
}

/// The database from the cache in `dir` if a valid one is there, else built (calling
/// `progress` per layer) and stored there. Without a folder it is built and kept in memory.
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// let (db, origin) = unhop::sliding::cache::load_or_build(
///     Some(dir.path()), 3, 8, &[0, 1, 2], &mut |_, _| {}).unwrap();
/// assert!(matches!(origin, unhop::sliding::cache::Origin::Built { saved: Ok(_), .. }));
/// let (again, origin) = unhop::sliding::cache::load_or_build(
///     Some(dir.path()), 3, 8, &[0, 1, 2], &mut |_, _| {}).unwrap();
/// assert!(matches!(origin, unhop::sliding::cache::Origin::Loaded(_)));
/// assert_eq!(db, again);
/// ```
pub fn load_or_build(
    dir: Option<&Path>,
    width: usize,
    gap_goal: u8,
    cells: &[u8],
    progress: &mut dyn FnMut(u8, u64),
) -> Result<(PatternDb, Origin), Error> {
    let rejected = match cached(dir, width, gap_goal, cells) {
        Ok((db, path)) => return Ok((db, Origin::Loaded(path))),
        Err(rejected) => rejected,
    };
    let db = PatternDb::build(width, gap_goal, cells, progress)?;
    let saved = save(dir, &db);
    Ok((db, Origin::Built { saved, rejected }))
}

/// Loads the databases of `patterns` from the cache in `dir`, and builds (and stores) those
/// that are missing or fail their checks, telling `progress` as it goes: a
/// [`note`](Progress::note) for each rejected file, one before building that says what is
/// built, its size and the folder it will be cached in, and one for each file written;
/// then one stage, `building {what}`, whose work is the entries of the tables to build.
/// `what` names the set, as "the 6-6-3 pattern databases of the 15-puzzle".
///
/// Time: reading the cached files, plus [`PatternDb::build`] for each missing one.
///
/// ```
/// use unhop::{Quiet, sliding::cache::{Origin, load_or_build_all}};
/// let dir = tempfile::tempdir().unwrap();
/// let patterns = [vec![0, 1, 2, 3], vec![4, 5, 6, 7]];
/// let built = load_or_build_all(Some(dir.path()), 3, 8, &patterns, "two tables", &Quiet).unwrap();
/// assert!(built.iter().all(|(_, o)| matches!(o, Origin::Built { saved: Ok(_), .. })));
/// let again = load_or_build_all(Some(dir.path()), 3, 8, &patterns, "two tables", &Quiet).unwrap();
/// assert!(again.iter().all(|(_, o)| matches!(o, Origin::Loaded(_))));
/// ```
pub fn load_or_build_all(
    dir: Option<&Path>,
    width: usize,
    gap_goal: u8,
    patterns: &[Vec<u8>],
    what: &str,
    progress: &dyn Progress,
) -> Result<Vec<(PatternDb, Origin)>, Error> {
    let mut found = Vec::with_capacity(patterns.len());
    for cells in patterns {
        found.push(match cached(dir, width, gap_goal, cells) {
            Ok((db, path)) => Ok((db, Origin::Loaded(path))),
            Err(rejected) => {
                if let Some(why) = &rejected {
                    progress.note(&format!(
                        "the cached pattern database {why}; it is built again"
                    ));
                }
                Err(rejected)
            }
        });
    }
    let missing: Vec<&[u8]> = patterns
        .iter()
        .zip(&found)
        .filter(|(_, f)| f.is_err())
        .map(|(cells, _)| cells.as_slice())
        .collect();
    if !missing.is_empty() {
        let entries: usize = missing
            .iter()
            .map(|cells| placements(width * width, cells.len()))
            .sum();
        let place = match dir {
            Some(dir) => format!("they are cached in {}", dir.display()),
            None => format!("they are not cached: {NO_FOLDER}"),
        };
        progress.note(&format!(
            "building {what} ({} of {} tables, {:.1} MB), once: {place}",
            missing.len(),
            patterns.len(),
            entries as f64 / 1e6
        ));
        progress.start(&format!("building {what}"), Some(entries as u64));
    }
    let mut out = Vec::with_capacity(patterns.len());
    for (cells, found) in patterns.iter().zip(found) {
        out.push(match found {
            Ok(loaded) => loaded,
            Err(rejected) => {
                let db = PatternDb::build_reporting(width, gap_goal, cells, progress)?;
                let saved = save(dir, &db);
                match &saved {
                    Ok(path) => progress.note(&format!("cached {}", path.display())),
                    Err(why) => progress.note(&format!("not cached: {why}")),
                }
                (db, Origin::Built { saved, rejected })
            }
        });
    }
    Ok(out)
}

/// Why there is no cache folder.
const NO_FOLDER: &str = "no cache folder (set UNHOP_CACHE_DIR, XDG_CACHE_HOME or HOME)";

/// The valid database cached in `dir`, with its file; else why a file there was rejected
/// (`None`: there is none, or no folder).
fn cached(
    dir: Option<&Path>,
    width: usize,
    gap_goal: u8,
    cells: &[u8],
) -> Result<(PatternDb, PathBuf), Option<String>> {
    let Some(dir) = dir else { return Err(None) };
    let path = dir.join(file_name(width, gap_goal, cells));
    if !path.exists() {
        return Err(None);
    }
    // A FIFO or device with the name is never opened (`load` checks), nor replaced (`store`
    // refuses).
    match load(&path, width, gap_goal, cells) {
        Ok(db) => Ok((db, path)),
        Err(why) => Err(Some(format!("{}: {why}", path.display()))),
    }
}

/// Stores `db` in `dir`: the file written, or why not.
fn save(dir: Option<&Path>, db: &PatternDb) -> Result<PathBuf, String> {
    match dir {
        Some(dir) => store(dir, db).map_err(|e| e.to_string()),
        None => Err(NO_FOLDER.into()),
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::FileTypeExt;

    #[test]
    fn a_fifo_with_the_name_of_an_entry_is_neither_opened_nor_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(file_name(3, 8, &[0, 1, 2]));
        crate::files::testing::mkfifo(&path);
        // Opening the FIFO would block this test for ever.
        let (db, origin) =
            load_or_build(Some(dir.path()), 3, 8, &[0, 1, 2], &mut |_, _| {}).unwrap();
        let Origin::Built { saved, rejected } = origin else {
            panic!("a FIFO was loaded: {origin:?}");
        };
        assert!(rejected.unwrap().contains("not a regular file"));
        assert!(saved.unwrap_err().contains("left alone"));
        assert!(crate::files::testing::kind(&path).is_fifo());
        // The database itself is the one a plain folder gives.
        let plain = tempfile::tempdir().unwrap();
        let (again, _) =
            load_or_build(Some(plain.path()), 3, 8, &[0, 1, 2], &mut |_, _| {}).unwrap();
        assert_eq!(db, again);
    }
}
