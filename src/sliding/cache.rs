//! The on-disk cache of pattern databases.
//!
//! **Where**: the folder given explicitly (`--pdb-dir`), else `$UNHOP_CACHE_DIR`, else
//! `$XDG_CACHE_HOME/unhop`, else `$HOME/.cache/unhop`. One file per database, named after the
//! board, the gap's goal cell and the pattern's cells, e.g. `sliding-4x4-gap15-0.4.5.8.9.12.pdb`.
//!
//! **Format** (all integers little-endian): the 8 bytes `UNHOPPDB`, a version `u32` (2), the
//! width, the gap's goal cell and the pattern size `k` as bytes, the `k` cells, the number of
//! entries as `u64`, the CRC-32 of the table as `u32`, then the table, one byte per entry.
//! Files of version 1 are rebuilt: the builder that wrote them computed wrong placements for
//! the large indices of 8-tile tables of the 15-puzzle (a multiplication that overflowed).
//!
//! **Safety**: a file is written to a temporary file in the same folder and renamed into
//! place, so a reader never sees half a file; on load every header field is compared with
//! the request and the checksum recomputed. A file that fails any check is reported and
//! rebuilt. An entry that is not a regular file (a FIFO, a device, a folder) is never opened
//! nor replaced: it is reported and the database is built in memory.
//!
//! **Budget**: loading a table admits its bytes before the file is read, and the tables to
//! build are admitted together ([`plan`]) before the first is started: a set that needs more
//! work or memory than the budget allows is refused with the estimate and the limit, having
//! built nothing.
//!
//! **Method**: the tables are built by the fast builder; [`load_or_build_all_by`] with
//! [`Method::Exhaustive`] builds every one of them again by its slow twin instead, whatever the
//! cache holds, and stores it (the same bytes, when the two builders agree).

use super::pdb::{PDB_STATES, PatternDb, check, placements};
use crate::budget::{Budget, Estimate};
use crate::error::{Error, ErrorKind};
use crate::files::shown_path;
use crate::method::Method;
use crate::progress::Progress;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

const MAGIC: &[u8; 8] = b"UNHOPPDB";
const VERSION: u32 = 2;

/// Bytes a set of tables allocates besides the tables and their searches: headers, file
/// names, notes, the lists of what was found (64 KiB, far more than they take).
const SMALL_BYTES: u128 = 64 << 10;

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
        /// The file written, or why it could not be.
        saved: Result<PathBuf, Error>,
        /// Why an existing file was not used, if there was one.
        rejected: Option<Error>,
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

/// Why a stored database is not the one asked for: one of the checks of the format.
fn damaged(what: impl std::fmt::Display) -> Error {
    Error::new(what)
}

/// Checks the header `head` (as long as `expected`, the header of the request with a zero
/// checksum) and returns the checksum it gives for the table.
fn checked_header(head: &[u8], expected: &[u8]) -> Result<u32, Error> {
    let version = &head[MAGIC.len()..MAGIC.len() + 4];
    if head[..MAGIC.len()] == MAGIC[..] && version != VERSION.to_le_bytes() {
        let mut bytes = [0u8; 4];
        bytes.copy_from_slice(version);
        return Err(damaged(format!(
            "its format is version {}, and this unhop reads version {VERSION}",
            u32::from_le_bytes(bytes)
        )));
    }
    let fields = expected.len() - 4;
    if head[..fields] != expected[..fields] {
        return Err(damaged("its header does not match the pattern asked for"));
    }
    let mut crc = [0u8; 4];
    crc.copy_from_slice(&head[fields..]);
    Ok(u32::from_le_bytes(crc))
}

/// The number of entries a file of `bytes` bytes holds after a header of `header` bytes, if
/// it is `entries`; else the error that says what it holds.
fn checked_length(bytes: u64, header: usize, entries: usize) -> Result<(), Error> {
    let Some(table) = bytes.checked_sub(header as u64) else {
        return Err(damaged("the file is shorter than its header"));
    };
    if table != entries as u64 {
        return Err(damaged(format!(
            "it holds {table} entries instead of {entries}"
        )));
    }
    Ok(())
}

/// Reads and checks the database at `path` under `budget`: its table's bytes are admitted
/// before they are read, and allocated fallibly.
///
/// # Complexity
/// O(entries) time (reading the file and its checksum); memory: the table, one byte per
/// entry, and the header.
///
/// Errors: of kind [`Input`](ErrorKind::Input) when the file cannot be read or fails a check
/// (the message says which), with the file as its input; a refusal when the table does not
/// fit in the budget's memory.
///
/// # Examples
///
/// ```
/// use unhop::{budget::Budget, sliding::{PatternDb, cache}};
/// let dir = tempfile::tempdir().unwrap();
/// let db = PatternDb::build(3, 8, &[0, 1, 2], &Budget::default(), &mut |_, _| {}).unwrap();
/// let path = cache::store(dir.path(), &db).unwrap();
/// assert_eq!(cache::load(&path, 3, 8, &[0, 1, 2], &Budget::default()).unwrap(), db);
/// let wrong = cache::load(&path, 3, 8, &[0, 1, 3], &Budget::default()).unwrap_err();
/// assert!(wrong.to_string().contains("header"), "{wrong}");
/// ```
pub fn load(
    path: &Path,
    width: usize,
    gap_goal: u8,
    cells: &[u8],
    budget: &Budget,
) -> Result<PatternDb, Error> {
    let name = path.display().to_string();
    let within = |err: Error| {
        err.context(format!("the pattern database {name}"))
            .named(&name)
    };
    check(width, gap_goal, cells)?;
    let entries = placements(width * width, cells.len());
    let expected = header(width, gap_goal, cells, entries as u64, 0);
    // Opening a FIFO would wait for a writer for ever.
    let metadata =
        std::fs::metadata(path).map_err(|e| within(Error::io("it cannot be read", e)))?;
    if !metadata.is_file() {
        return Err(within(damaged(
            "not a regular file, so it is ignored and left alone",
        )));
    }
    checked_length(metadata.len(), expected.len(), entries).map_err(within)?;
    let meter = budget.admit(
        format!("loading the pattern database {name}"),
        PDB_STATES,
        0,
        entries as u128,
    )?;
    let read = |e| within(Error::io("it cannot be read", e));
    let mut file = std::fs::File::open(path).map_err(read)?;
    let mut head = vec![0u8; expected.len()];
    file.read_exact(&mut head).map_err(read)?;
    let crc = checked_header(&head, &expected).map_err(within)?;
    let mut table = meter.vec(entries, 0u8)?;
    file.read_exact(&mut table).map_err(read)?;
    if file.read(&mut [0u8]).map_err(read)? != 0 {
        return Err(within(damaged("it grew while it was read")));
    }
    if crc32fast::hash(&table) != crc {
        return Err(within(damaged("its checksum does not match its contents")));
    }
    PatternDb::from_table(width, gap_goal, cells, table)
}

/// A database in the cache's format (header, checksum, table), as [`store`] writes it and as
/// the browser page keeps it in its storage. O(entries) time; it allocates a copy of the
/// table (the page's tables are at most 5.8 MB).
///
/// # Complexity
/// O(entries): the checksum and a copy of the table.
///
/// # Examples
///
/// ```
/// use unhop::{budget::Budget, sliding::{PatternDb, cache}};
/// let db = PatternDb::build(3, 8, &[0, 1, 2], &Budget::default(), &mut |_, _| {}).unwrap();
/// let mut bytes = cache::to_bytes(&db);
/// assert_eq!(cache::from_bytes(bytes.clone(), 3, 8, &[0, 1, 2]), Ok(db));
/// *bytes.last_mut().unwrap() ^= 1;
/// let err = cache::from_bytes(bytes, 3, 8, &[0, 1, 2]).unwrap_err();
/// assert!(err.to_string().contains("checksum"), "{err}");
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
/// request and the checksum recomputed; the error says which check failed. The table is
/// taken out of `bytes` in place, without a copy. O(entries).
///
/// # Complexity
/// O(entries): the checksum; the table is not copied.
///
/// # Examples
///
/// ```
/// use unhop::{budget::Budget, sliding::{PatternDb, cache}};
/// let db = PatternDb::build(3, 8, &[0, 1], &Budget::default(), &mut |_, _| {}).unwrap();
/// assert_eq!(cache::from_bytes(cache::to_bytes(&db), 3, 8, &[0, 1]).unwrap(), db);
/// assert!(cache::from_bytes(cache::to_bytes(&db), 3, 8, &[0, 2]).is_err());
/// ```
pub fn from_bytes(
    mut bytes: Vec<u8>,
    width: usize,
    gap_goal: u8,
    cells: &[u8],
) -> Result<PatternDb, Error> {
    check(width, gap_goal, cells)?;
    let entries = placements(width * width, cells.len());
    let expected = header(width, gap_goal, cells, entries as u64, 0);
    checked_length(bytes.len() as u64, expected.len(), entries)?;
    let crc = checked_header(&bytes[..expected.len()], &expected)?;
    bytes.drain(..expected.len());
    if crc32fast::hash(&bytes) != crc {
        return Err(damaged("its checksum does not match its contents"));
    }
    PatternDb::from_table(width, gap_goal, cells, bytes)
}

/// Writes `db` into `dir` atomically (temporary file, then rename); returns the path. Refused,
/// and left alone, when something other than a regular file (a FIFO, a device) has its name.
/// O(entries) time; no copy of the table.
///
/// # Complexity
/// O(entries) time (the checksum and the write); no copy of the table.
///
/// # Examples
///
/// ```
/// use unhop::{budget::Budget, sliding::{PatternDb, cache}};
/// let dir = tempfile::tempdir().unwrap();
/// let db = PatternDb::build(3, 8, &[0, 1], &Budget::default(), &mut |_, _| {}).unwrap();
/// let path = cache::store(dir.path(), &db).unwrap();
/// assert_eq!(path.file_name().unwrap(), cache::file_name(3, 8, &[0, 1]).as_str());
/// ```
pub fn store(dir: &Path, db: &PatternDb) -> Result<PathBuf, Error> {
    let path = dir.join(file_name(db.width(), db.gap_goal(), db.cells()));
    let what = format!("cannot write the pattern database {}", shown_path(&path));
    std::fs::create_dir_all(dir).map_err(|e| Error::io(&what, e))?;
    // Never opens or replaces a FIFO, device or socket that has the file's name.
    let mut file = crate::files::Output::create_file(&path).map_err(|e| Error::io(&what, e))?;
    let table = db.table();
    let head = header(
        db.width(),
        db.gap_goal(),
        db.cells(),
        table.len() as u64,
        crc32fast::hash(table),
    );
    file.write_all(&head)
        .and_then(|()| file.write_all(table))
        .map_err(|e| Error::io(&what, e))?;
    file.finish().map_err(|e| Error::io(&what, e))?;
    Ok(path)
}

/// What loading the tables of `patterns` (a `width × width` board, the gap's goal in
/// `gap_goal`) needs when those flagged in `cached` load from the cache and the others are
/// built, in order, each kept while the next is built: the work of the builds (states their
/// searches reach, [`PDB_STATES`]) and the most bytes allocated at once (every loaded table,
/// then each build at its peak with the tables built before it, and 64 KiB for headers and
/// file names). `what` names the set in messages. O(2^(width²)·width²) for each table to
/// build.
///
/// Errors: as [`PatternDb::build`] for a pattern that is not one.
///
/// # Complexity
/// O(2^(width²)·width²) for each table to build; no allocation.
///
/// # Examples
///
/// ```
/// use unhop::sliding::{Split, cache::plan};
/// let patterns = Split::SevenEight.patterns(15);
/// let none = plan(4, 15, &patterns, &[false, false], "the 7-8 split").unwrap();
/// let both = plan(4, 15, &patterns, &[true, true], "the 7-8 split").unwrap();
/// assert_eq!(both.work, 0);
/// assert_eq!(both.bytes, 57_657_600 + 518_918_400 + (64 << 10));
/// assert!(none.work > 1_000_000_000 && none.bytes > 2_000_000_000);
/// ```
pub fn plan(
    width: usize,
    gap_goal: u8,
    patterns: &[Vec<u8>],
    cached: &[bool],
    what: &str,
) -> Result<Estimate, Error> {
    plan_by(width, gap_goal, patterns, cached, what, Method::Fast)
}

/// [`plan`] with the tables to build built by `method` ([`PatternDb::estimate_by`]).
///
/// # Complexity
/// As [`plan`].
///
/// # Examples
///
/// ```
/// use unhop::{Method, sliding::{Split, cache::plan_by}};
/// let patterns = Split::SixSixThree.patterns(15);
/// let none = [false; 3];
/// let fast = plan_by(4, 15, &patterns, &none, "6-6-3", Method::Fast).unwrap();
/// let slow = plan_by(4, 15, &patterns, &none, "6-6-3", Method::Exhaustive).unwrap();
/// assert_eq!(fast.work, slow.work);
/// assert!(slow.bytes > fast.bytes);
/// ```
pub fn plan_by(
    width: usize,
    gap_goal: u8,
    patterns: &[Vec<u8>],
    cached: &[bool],
    what: &str,
    method: Method,
) -> Result<Estimate, Error> {
    let (mut work, mut kept, mut peak) = (0u128, 0u128, 0u128);
    for (cells, &cached) in patterns.iter().zip(cached) {
        check(width, gap_goal, cells)?;
        let table = placements(width * width, cells.len()) as u128;
        if cached {
            kept += table;
            peak = peak.max(kept);
        } else {
            let build = PatternDb::estimate_by(width, gap_goal, cells, method)?;
            work += build.work;
            peak = peak.max(kept + build.bytes);
            kept += table;
        }
    }
    Ok(Estimate {
        what: format!("building {what}"),
        unit: PDB_STATES,
        work,
        bytes: if patterns.is_empty() {
            0
        } else {
            peak + SMALL_BYTES
        },
    })
}

/// What the cache holds for one pattern.
enum Cached {
    /// A file that passed every check, and the database in it.
    Valid(PatternDb, PathBuf),
    /// No file (or no folder).
    Missing,
    /// A file that failed a check, and why.
    Rejected(Error),
}

/// Loads the databases of `patterns` from the cache in `dir`, and builds (and stores) those
/// that are missing or fail their checks, under `budget`, telling `progress` as it goes: a
/// [`note`](Progress::note) for each rejected file, one before building that says what is
/// built, its size and the folder it will be cached in, and one for each file written;
/// then one stage, `building {what}`, whose work is the entries of the tables to build.
/// `what` names the set, as "the 6-6-3 pattern databases of the 15-puzzle".
///
/// The tables to build are admitted together ([`plan`]) once the cached ones are loaded:
/// a refusal names the estimate and the limit, and nothing is built.
///
/// # Complexity
/// Reading the cached files, plus [`PatternDb::build`] for each missing one; memory as
/// [`plan`] says.
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget, sliding::cache::{Origin, load_or_build_all}};
/// let dir = tempfile::tempdir().unwrap();
/// let patterns = [vec![0, 1, 2, 3], vec![4, 5, 6, 7]];
/// let budget = Budget::default();
/// let built = load_or_build_all(Some(dir.path()), 3, 8, &patterns, "two tables", &budget, &Quiet).unwrap();
/// assert!(built.iter().all(|(_, o)| matches!(o, Origin::Built { saved: Ok(_), .. })));
/// let again = load_or_build_all(Some(dir.path()), 3, 8, &patterns, "two tables", &budget, &Quiet).unwrap();
/// assert!(again.iter().all(|(_, o)| matches!(o, Origin::Loaded(_))));
/// // Too little work allowed for the builds: refused, nothing built.
/// let empty = tempfile::tempdir().unwrap();
/// let tight = Budget::default().with_max_work(100);
/// let err = load_or_build_all(Some(empty.path()), 3, 8, &patterns, "two tables", &tight, &Quiet).unwrap_err();
/// assert_eq!(err.kind(), unhop::ErrorKind::Refused);
/// assert_eq!(std::fs::read_dir(empty.path()).unwrap().count(), 0);
/// ```
pub fn load_or_build_all(
    dir: Option<&Path>,
    width: usize,
    gap_goal: u8,
    patterns: &[Vec<u8>],
    what: &str,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<Vec<(PatternDb, Origin)>, Error> {
    let set = Tables {
        width,
        gap_goal,
        patterns,
        what,
    };
    load_or_build_all_by(dir, &set, Method::Fast, budget, progress)
}

/// A set of pattern databases asked of the cache: the tables of `patterns` on a
/// `width × width` board whose goal has the gap in `gap_goal`, named `what` in messages.
#[derive(Clone, Copy, Debug)]
pub struct Tables<'a> {
    /// The board's width (3 or 4).
    pub width: usize,
    /// The goal's cell of the gap.
    pub gap_goal: u8,
    /// The goal cells of each table's tiles.
    pub patterns: &'a [Vec<u8>],
    /// The set's name in messages, as "the 6-6-3 pattern databases of the 15-puzzle".
    pub what: &'a str,
}

/// [`load_or_build_all`] by `method`: [`Method::Fast`] loads what the cache holds and builds
/// the rest by the fast builder; [`Method::Exhaustive`] loads nothing and builds every table
/// by the slow twin ([`PatternDb::exhaustive`]) and stores it in place of the cached file: the
/// same bytes as the fast builder's, so that comparing the files checks one builder against
/// the other.
///
/// # Complexity
/// As [`load_or_build_all`], each build by `method`'s builder.
///
/// # Examples
///
/// ```
/// use unhop::{Method, Quiet, budget::Budget};
/// use unhop::sliding::cache::{Origin, Tables, load_or_build_all_by};
/// let (fast, slow) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
/// let patterns = [vec![0, 1, 2, 3]];
/// let set = Tables { width: 3, gap_goal: 8, patterns: &patterns, what: "one table" };
/// let budget = Budget::default();
/// let a = load_or_build_all_by(Some(fast.path()), &set, Method::Fast, &budget, &Quiet).unwrap();
/// let b = load_or_build_all_by(Some(slow.path()), &set, Method::Exhaustive, &budget, &Quiet).unwrap();
/// assert_eq!(a[0].0, b[0].0);
/// // Built again by the twin, though the cache holds the table now.
/// let c = load_or_build_all_by(Some(slow.path()), &set, Method::Exhaustive, &budget, &Quiet).unwrap();
/// assert!(matches!(c[0].1, Origin::Built { .. }));
/// ```
pub fn load_or_build_all_by(
    dir: Option<&Path>,
    set: &Tables<'_>,
    method: Method,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<Vec<(PatternDb, Origin)>, Error> {
    let &Tables {
        width,
        gap_goal,
        patterns,
        what,
    } = set;
    let mut found = Vec::with_capacity(patterns.len());
    for cells in patterns {
        let in_cache = match method {
            Method::Fast => cached(dir, width, gap_goal, cells, budget)?,
            Method::Exhaustive => Cached::Missing,
        };
        found.push(match in_cache {
            Cached::Valid(db, path) => Ok((db, Origin::Loaded(path))),
            Cached::Missing => Err(None),
            Cached::Rejected(why) => {
                progress.note(&format!("{why}; it is built again"));
                Err(Some(why))
            }
        });
    }
    let missing: Vec<Vec<u8>> = patterns
        .iter()
        .zip(&found)
        .filter(|(_, f)| f.is_err())
        .map(|(cells, _)| cells.clone())
        .collect();
    let meter = if missing.is_empty() {
        None
    } else {
        let none_cached = vec![false; missing.len()];
        let estimate = plan_by(width, gap_goal, &missing, &none_cached, what, method)?;
        let meter = budget.admit_estimate(&estimate)?;
        let entries: usize = missing
            .iter()
            .map(|cells| placements(width * width, cells.len()))
            .sum();
        let place = match dir {
            Some(dir) => format!("they are cached in {}", shown_path(dir)),
            None => format!("they are not cached: {NO_FOLDER}"),
        };
        progress.note(&format!(
            "building {what} ({} of {} tables, {:.1} MB), once: {place}",
            missing.len(),
            patterns.len(),
            entries as f64 / 1e6
        ));
        progress.start(&format!("building {what}"), Some(entries as u64));
        Some(meter)
    };
    let mut out = Vec::with_capacity(patterns.len());
    for (cells, found) in patterns.iter().zip(found) {
        out.push(match (found, &meter) {
            (Ok(loaded), _) => loaded,
            (Err(rejected), Some(meter)) => {
                let db =
                    PatternDb::build_metered_by(width, gap_goal, cells, method, meter, progress)?;
                let saved = save(dir, &db);
                match &saved {
                    Ok(path) => progress.note(&format!("cached {}", shown_path(path))),
                    Err(why) => progress.note(&format!("not cached: {why}")),
                }
                (db, Origin::Built { saved, rejected })
            }
            (Err(_), None) => {
                return Err(Error::internal("a table to build was not admitted"));
            }
        });
    }
    Ok(out)
}

/// Why there is no cache folder.
const NO_FOLDER: &str = "no cache folder (set UNHOP_CACHE_DIR, XDG_CACHE_HOME or HOME)";

/// The database cached in `dir`, if a file is there and passes its checks. A file that
/// cannot be read or fails a check is rejected (and rebuilt); a refusal of the budget is an
/// error.
fn cached(
    dir: Option<&Path>,
    width: usize,
    gap_goal: u8,
    cells: &[u8],
    budget: &Budget,
) -> Result<Cached, Error> {
    let Some(dir) = dir else {
        return Ok(Cached::Missing);
    };
    let path = dir.join(file_name(width, gap_goal, cells));
    // A FIFO or device with the name is never opened (`load` checks) nor replaced (`store`
    // refuses).
    if !path.exists() {
        return Ok(Cached::Missing);
    }
    match load(&path, width, gap_goal, cells, budget) {
        Ok(db) => Ok(Cached::Valid(db, path)),
        Err(why) if why.kind() == ErrorKind::Input => Ok(Cached::Rejected(why)),
        Err(refused) => Err(refused),
    }
}

/// Stores `db` in `dir`: the file written, or why not.
fn save(dir: Option<&Path>, db: &PatternDb) -> Result<PathBuf, Error> {
    match dir {
        Some(dir) => store(dir, db),
        None => Err(Error::new(NO_FOLDER)),
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use crate::Quiet;
    use std::os::unix::fs::FileTypeExt;

    #[test]
    fn a_fifo_with_the_name_of_an_entry_is_neither_opened_nor_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(file_name(3, 8, &[0, 1, 2]));
        crate::files::testing::mkfifo(&path);
        let budget = Budget::default();
        let patterns = [vec![0, 1, 2]];
        // Opening the FIFO would block this test for ever.
        let mut built =
            load_or_build_all(Some(dir.path()), 3, 8, &patterns, "a", &budget, &Quiet).unwrap();
        let (db, origin) = built.remove(0);
        let Origin::Built { saved, rejected } = origin else {
            panic!("a FIFO was loaded: {origin:?}");
        };
        assert!(rejected.unwrap().to_string().contains("not a regular file"));
        assert!(saved.unwrap_err().to_string().contains("left alone"));
        assert!(crate::files::testing::kind(&path).is_fifo());
        // The database itself is the one a plain folder gives.
        let plain = tempfile::tempdir().unwrap();
        let again =
            load_or_build_all(Some(plain.path()), 3, 8, &patterns, "a", &budget, &Quiet).unwrap();
        assert_eq!(db, again[0].0);
    }
}
