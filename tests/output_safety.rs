//! Output that touches only its target: `-o` on missing, regular, symlinked,
//! read-only, folder, FIFO and device targets, `-o -`, extensions checked before any work,
//! temporary files removed on SIGTERM (and after SIGKILL by the next run), closed pipes and full devices on standard output, and
//! FIFOs in the pattern-database cache. Every case runs inside a temporary folder; devices
//! are nodes made there with `mknod` (never /dev/null or /dev/full themselves).

use crate::common;

use common::unhop;
use std::fs;
use std::io::{BufRead, BufReader};
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt, symlink};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_unhop");

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The table of every word up to length 3: what every `-o` case below must write.
fn table3() -> Vec<u8> {
    let out = unhop(&["table", "--max-len", "3"], None);
    assert!(out.status.success());
    assert!(text(&out.stdout).starts_with("word,value\n"));
    out.stdout
}

fn table3_to(path: &Path) -> std::process::Output {
    unhop(&["table", "--max-len", "3", "-o", s(path)], None)
}

fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(made.success(), "mkfifo {}", path.display());
}

/// A character device node `major, minor` at `path`, or `None` (with a note) where mknod is
/// not allowed.
fn mknod(path: &Path, major: u32, minor: u32) -> Option<()> {
    let made = Command::new("mknod")
        .arg(path)
        .args(["c", &major.to_string(), &minor.to_string()])
        .output()
        .unwrap();
    if !made.status.success() {
        eprintln!(
            "note: skipped, mknod {} failed: {}",
            path.display(),
            text(&made.stderr)
        );
        return None;
    }
    Some(())
}

/// The type of what is at `path` itself (links not followed).
fn kind(path: &Path) -> fs::FileType {
    fs::symlink_metadata(path).unwrap().file_type()
}

fn is_char_device(path: &Path, major_minor: (u32, u32)) -> bool {
    let m = fs::symlink_metadata(path).unwrap();
    let rdev = m.rdev();
    // Linux's encoding of small device numbers.
    m.file_type().is_char_device() && rdev == u64::from(major_minor.0 << 8 | major_minor.1)
}

#[test]
fn a_missing_target_is_created_with_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("new.csv");
    let out = table3_to(&path);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
    assert_eq!(fs::read(&path).unwrap(), table3());
    assert_eq!(names(dir.path()), ["new.csv"]);
}

#[test]
fn a_regular_file_is_replaced_whole_keeping_its_mode() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.csv");
    let old = "an old file, longer than the table of length 3 ".repeat(20);
    fs::write(&path, &old).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
    let inode = fs::metadata(&path).unwrap().ino();
    let out = table3_to(&path);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let written = fs::read(&path).unwrap();
    assert_eq!(written, table3());
    assert!(!text(&written).contains("an old file"));
    let m = fs::metadata(&path).unwrap();
    assert_eq!(m.mode() & 0o777, 0o640);
    // Replaced by a rename, not rewritten in place.
    assert_ne!(m.ino(), inode);
    assert_eq!(names(dir.path()), ["old.csv"]);
}

#[test]
fn a_symlink_is_kept_and_its_target_written() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join("real")).unwrap();
    let real = dir.path().join("real").join("t.csv");
    fs::write(&real, "old").unwrap();
    let link = dir.path().join("link.csv");
    symlink("real/t.csv", &link).unwrap();
    let out = table3_to(&link);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(kind(&link).is_symlink());
    assert_eq!(fs::read_link(&link).unwrap(), PathBuf::from("real/t.csv"));
    assert_eq!(fs::read(&real).unwrap(), table3());
    assert_eq!(names(dir.path()), ["link.csv", "real"]);
    assert_eq!(names(&dir.path().join("real")), ["t.csv"]);
}

#[test]
fn a_dangling_symlink_gets_its_target_created() {
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join("link.csv");
    symlink("made.csv", &link).unwrap();
    let out = table3_to(&link);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(kind(&link).is_symlink());
    assert_eq!(fs::read(dir.path().join("made.csv")).unwrap(), table3());
    assert_eq!(names(dir.path()), ["link.csv", "made.csv"]);
}

#[test]
fn a_fifo_is_written_in_place_and_stays_a_fifo() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe.csv");
    mkfifo(&fifo);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read(fifo).unwrap())
    };
    let out = table3_to(&fifo);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(reader.join().unwrap(), table3());
    assert!(kind(&fifo).is_fifo());
    assert_eq!(names(dir.path()), ["pipe.csv"]);
}

#[test]
fn a_device_is_written_in_place_and_stays_a_device() {
    let dir = tempfile::tempdir().unwrap();
    let null = dir.path().join("null");
    if mknod(&null, 1, 3).is_none() {
        return;
    }
    for args in [
        vec!["table", "--max-len", "3", "-o", s(&null)],
        vec!["lang", "--regex", "-o", s(&null)],
        vec![
            "board",
            "ilp",
            "--board",
            "english",
            "--json",
            "-o",
            s(&null),
        ],
        vec!["plot", "heatmap", "4", "-o", s(&null)],
    ] {
        let out = unhop(&args, None);
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        assert!(
            is_char_device(&null, (1, 3)),
            "{args:?} replaced the device"
        );
    }
    // A full device: the failed write is exit 2, and the device is still there.
    let full = dir.path().join("full");
    if mknod(&full, 1, 7).is_none() {
        return;
    }
    let out = table3_to(&full);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("No space left"),
        "{}",
        text(&out.stderr)
    );
    assert!(is_char_device(&full, (1, 7)));
    assert_eq!(names(dir.path()), ["full", "null"]);
}

#[test]
fn a_read_only_target_is_refused_and_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ro.csv");
    fs::write(&path, "keep me").unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o444)).unwrap();
    let out = table3_to(&path);
    assert_eq!(out.status.code(), Some(2));
    let message = text(&out.stderr);
    assert!(
        message.contains("read-only") && message.contains("ro.csv"),
        "{message}"
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), "keep me");
    assert_eq!(fs::metadata(&path).unwrap().mode() & 0o777, 0o444);
    // Through a symlink too.
    symlink("ro.csv", dir.path().join("link.csv")).unwrap();
    let out = table3_to(&dir.path().join("link.csv"));
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(fs::read_to_string(&path).unwrap(), "keep me");
    assert_eq!(names(dir.path()), ["link.csv", "ro.csv"]);
}

#[test]
fn a_folder_target_gets_a_clear_message() {
    let dir = tempfile::tempdir().unwrap();
    let out = table3_to(dir.path());
    assert_eq!(out.status.code(), Some(2));
    let message = text(&out.stderr);
    assert!(message.contains("is a folder"), "{message}");
    assert!(!message.contains("busy"), "{message}");
    assert!(names(dir.path()).is_empty());
    // `reproduce --out` is a folder: a file there is "not a folder", not "File exists".
    let file = dir.path().join("file");
    fs::write(&file, "x").unwrap();
    let out = unhop(&["reproduce", "--quick", "--out", s(&file)], None);
    assert_eq!(out.status.code(), Some(2));
    let message = text(&out.stderr);
    assert!(message.contains("not a folder"), "{message}");
    assert!(out.stdout.is_empty());
    assert_eq!(fs::read_to_string(&file).unwrap(), "x");
}

#[test]
fn a_dash_is_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(BIN)
        .args(["table", "--max-len", "3", "-o", "-"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(out.stdout, table3());
    assert!(names(dir.path()).is_empty(), "no file named -");
    let out = Command::new(BIN)
        .args(["plot", "heatmap", "4", "-o", "-"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(text(&out.stdout).starts_with("<svg"));
    assert!(names(dir.path()).is_empty());
    // Where the answer already goes to standard output, `-` would mix two outputs.
    let out = unhop(
        &["board", "solve", "--board", "triangle", "--svg", "-"],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    // The artifacts of `reproduce` need a folder, which standard output is not: no folder
    // named `-`.
    let out = Command::new(BIN)
        .args([
            "reproduce",
            "--quick",
            "--only",
            "gap_separation",
            "--out",
            "-",
        ])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("give a folder's name"),
        "{}",
        text(&out.stderr)
    );
    assert!(out.stdout.is_empty());
    assert!(names(dir.path()).is_empty(), "{:?}", names(dir.path()));
}

#[test]
fn extensions_that_do_not_match_the_format_are_refused_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    // Each would otherwise compute (some for a long time, some would fail on their other
    // input: the message is about the extension, so the check came first).
    let cases = [
        ("board solve --board triangle --svg s.png", ".svg"),
        ("board solve --board nosuchboard --svg s.png", ".svg"),
        ("board solve --board triangle --json -o s.txt", ".json"),
        ("board count --board english -o c.json", ".txt"),
        ("nim 3 4 5 --json -o n.txt", ".json"),
        ("slide pdb --split 7-8 -o p.json", ".txt"),
        ("probe family --max 12 --json -o f.csv", ".json"),
        ("board ilp --board english -o m.txt", ".lp"),
        ("table --max-len 24 --board finite -o t.json", ".csv"),
        ("table --max-len 99 --format json -o t.csv", ".json"),
        ("lang --dot -o l.txt", ".dot"),
        ("lang --regex --json -o l.dot", ".json"),
        ("learn solitaire --max-len 99 --dot -o l.json", ".dot"),
        ("prove finite-reach --json -o p.dot", ".json"),
        ("graph nim 3 --dot -o g.txt", ".dot"),
        ("solve 1( --dot -o d.svg", ".dot"),
        ("probe classes --max-len 99 --plot c.csv", ".png"),
        ("probe classes --max-len 99 -o c.svg", ".txt"),
        ("octal 0.77 --max-heap 1000 --plot o.txt", ".svg"),
        ("plot family 1( --n 1..3 -o f.jpg", ".png"),
        ("plot stats --max-len 99 -o f.pdf", ".svg"),
    ];
    for (line, wanted) in cases {
        // The file name after -o, --out or --plot goes into the folder.
        let words: Vec<&str> = line.split(' ').collect();
        let args: Vec<String> = words
            .iter()
            .enumerate()
            .map(|(k, w)| match k.checked_sub(1).map(|k| words[k]) {
                Some("-o" | "--out" | "--plot" | "--svg") => at(w),
                _ => w.to_string(),
            })
            .collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = unhop(&args, None);
        let message = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{line}: {message}");
        assert!(
            message.contains("refusing to write") && message.contains(wanted),
            "{line}: {message}"
        );
        assert!(out.stdout.is_empty(), "{line}");
    }
    assert!(names(dir.path()).is_empty(), "{:?}", names(dir.path()));
    // Accepted: the right extension in any case, and a name without one.
    for name in ["t.CSV", "t"] {
        let out = table3_to(&dir.path().join(name));
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
    }
    let out = unhop(
        &[
            "board",
            "solve",
            "--board",
            "triangle",
            "--svg",
            &at("s.svg"),
        ],
        None,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(fs::read_to_string(at("s.svg")).unwrap().starts_with("<svg"));
    // `-o` is the solution: a drawing's name there is refused, naming the option that draws.
    let out = unhop(
        &["board", "solve", "--board", "triangle", "-o", &at("d.svg")],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--svg"), "{}", text(&out.stderr));
    assert!(!dir.path().join("d.svg").exists());
}

/// Every command that prints a result writes the same bytes to `-o FILE` as to standard
/// output, and nothing to standard output then.
#[test]
fn out_holds_what_standard_output_would() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [&[&str]; 14] = [
        &["nim", "3", "4", "5", "--json"],
        &["subtraction", "1..3", "--max-heap", "12"],
        &["octal", "0.77", "--max-heap", "30"],
        &["grundy", "0110101", "--hint"],
        &["family", "1^(2n+1)", "--n", "0..4"],
        &["probe", "family", "--max-index", "3", "--json"],
        &["probe", "pumping", "--exponent", "2", "--p", "6"],
        &[
            "probe",
            "parikh",
            "--max-period",
            "3",
            "--max-preperiod",
            "20",
        ],
        &["slide", "check", "1,2,3/4,5,6/7,_,8", "--json"],
        &["slide", "shuffle", "--seed", "7", "--count", "3"],
        &[
            "slide", "solve", "1", "2", "3", "4", "5", "6", "0", "7", "8", "--json",
        ],
        &["board", "show", "--board", "triangle"],
        &["board", "moves", "--board", "triangle", "--json"],
        &["board", "classify", "--max-vertices", "4"],
    ];
    for (k, args) in cases.iter().enumerate() {
        let shown = unhop(args, None);
        assert!(shown.status.success(), "{args:?}: {}", text(&shown.stderr));
        let json = args.contains(&"--json");
        let path = dir
            .path()
            .join(format!("{k}.{}", if json { "json" } else { "txt" }));
        let mut with_out: Vec<&str> = args.to_vec();
        with_out.extend(["-o", s(&path)]);
        let written = unhop(&with_out, None);
        assert!(
            written.status.success(),
            "{args:?}: {}",
            text(&written.stderr)
        );
        assert!(written.stdout.is_empty(), "{args:?}");
        let mut expected = text(&shown.stdout);
        let mut got = fs::read_to_string(&path).unwrap();
        // A solve reports its time; the rest must agree byte for byte.
        if args[..2] == ["slide", "solve"] {
            for t in [&mut expected, &mut got] {
                *t = t.split(',').filter(|f| !f.contains("seconds")).collect();
            }
        }
        assert_eq!(got, expected, "{args:?}");
    }
}

#[test]
fn out_is_the_option_name_and_output_a_hidden_alias() {
    let dir = tempfile::tempdir().unwrap();
    for command in ["solve", "ilp"] {
        let help = unhop(&["board", command, "--help"], None);
        let help = text(&help.stdout);
        assert!(help.contains("-o, --out"), "{help}");
        assert!(!help.contains("--output"), "{help}");
    }
    let path = dir.path().join("m.lp");
    let out = unhop(
        &["board", "ilp", "--board", "english", "--output", s(&path)],
        None,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(fs::read_to_string(&path).unwrap().contains("Subject To"));
}

/// Kills `child` with `signal` through the shell's `kill` (a built-in: no program needed).
fn kill(child: &std::process::Child, signal: &str) {
    let killed = Command::new("sh")
        .args(["-c", &format!("kill {signal} {}", child.id())])
        .status()
        .unwrap();
    assert!(killed.success());
}

/// Waits up to `limit` for `child`; kills it and fails when it takes longer.
fn wait_bounded(child: &mut std::process::Child, limit: Duration) -> std::process::ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A run writing a table of a few seconds into `out.csv` in `dir`, once its temporary file is
/// there.
fn writing_a_table(dir: &Path) -> std::process::Child {
    let child = Command::new(BIN)
        .args([
            "table",
            "--max-len",
            "24",
            "--board",
            "finite",
            "-o",
            "out.csv",
        ])
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while names(dir).is_empty() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no temporary file"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    child
}

#[test]
fn sigterm_leaves_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    for (signal, code) in [("-TERM", 143), ("-INT", 130)] {
        let mut child = writing_a_table(dir.path());
        let temporaries = names(dir.path());
        assert!(temporaries[0].starts_with(".out.csv"), "{temporaries:?}");
        kill(&child, signal);
        let status = wait_bounded(&mut child, Duration::from_secs(60));
        assert_eq!(status.code(), Some(code), "{signal}");
        assert!(
            names(dir.path()).is_empty(),
            "{signal}: {:?}",
            names(dir.path())
        );
    }
}

#[test]
fn the_temporary_file_of_a_killed_run_is_removed_by_the_next_run_writing_there() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = writing_a_table(dir.path());
    kill(&child, "-KILL");
    let status = wait_bounded(&mut child, Duration::from_secs(60));
    assert_eq!(status.signal(), Some(9));
    // SIGKILL cannot be caught: the temporary file stays, named after the killed process.
    let left = names(dir.path());
    assert_eq!(left.len(), 1, "{left:?}");
    assert!(
        left[0].contains(&format!(".unhop-{}-", child.id())),
        "{left:?}"
    );
    // A symlink named as a stale temporary file is not followed, nor removed.
    let precious = dir.path().join("precious");
    fs::write(&precious, "keep").unwrap();
    let link = left[0].replace("out.csv", "link");
    symlink(&precious, dir.path().join(&link)).unwrap();
    let out = table3_to(&dir.path().join("table.csv"));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let mut expected = vec![link, "precious".to_string(), "table.csv".to_string()];
    expected.sort();
    assert_eq!(names(dir.path()), expected);
    assert_eq!(fs::read_to_string(&precious).unwrap(), "keep");
}

#[test]
fn reproduce_into_a_closed_pipe_stops_without_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(BIN)
        .args(["reproduce", "--quick", "--out", s(&dir.path().join("r"))])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    for _ in 0..3 {
        assert!(lines.next().unwrap().is_ok());
    }
    drop(lines); // as `| head -3` does
    let stderr = child.stderr.take().unwrap();
    let errors = std::thread::spawn(move || std::io::read_to_string(stderr).unwrap());
    let status = wait_bounded(&mut child, Duration::from_secs(600));
    let errors = errors.join().unwrap();
    assert!(!errors.contains("panicked"), "{errors}");
    assert_eq!(status.code(), Some(0), "{errors}");
}

#[test]
fn help_and_output_into_a_full_device_fail_with_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let full = dir.path().join("full");
    if mknod(&full, 1, 7).is_none() {
        return;
    }
    let into_full = |args: &[&str]| {
        let device = fs::OpenOptions::new().write(true).open(&full).unwrap();
        Command::new(BIN)
            .args(args)
            .stdout(device)
            .output()
            .unwrap()
    };
    for args in [
        vec!["--help"],
        vec!["--version"],
        vec!["table", "--help"],
        vec!["table", "--max-len", "3"],
        vec!["lang", "--regex"],
        vec!["slide", "shuffle", "--seed", "1"],
        vec![
            "reproduce",
            "--quick",
            "--only",
            "gap_separation",
            "--out",
            s(&dir.path().join("r")),
        ],
    ] {
        let out = into_full(&args);
        let message = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {message}");
        assert!(message.contains("No space left"), "{args:?}: {message}");
        assert!(!message.contains("panicked"), "{args:?}: {message}");
    }
    assert!(is_char_device(&full, (1, 7)));
    // A closed pipe is a quiet end.
    let mut child = Command::new(BIN)
        .arg("--help")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
}

#[test]
fn a_fifo_in_the_pattern_database_folder_is_ignored_not_opened() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    fs::create_dir(&cache).unwrap();
    // The 6-6-3 split of the 15-puzzle for the goal 1 2 … 15 _ (gap in cell 15).
    let fifos: Vec<PathBuf> = [
        &[0u8, 4, 5, 8, 9, 12][..],
        &[6, 7, 10, 11, 13, 14],
        &[1, 2, 3],
    ]
    .iter()
    .map(|cells| cache.join(unhop::sliding::cache::file_name(4, 15, cells)))
    .collect();
    for fifo in &fifos {
        mkfifo(fifo);
    }
    let mut child = Command::new(BIN)
        .args(["slide", "solve", "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15"])
        .args(["--heuristic", "pdb", "--pdb-dir", s(&cache)])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let errors = std::thread::spawn(move || std::io::read_to_string(stderr).unwrap());
    let status = wait_bounded(&mut child, Duration::from_secs(600));
    let errors = errors.join().unwrap();
    assert!(status.success(), "{errors}");
    for fifo in &fifos {
        let name = fifo.file_name().unwrap().to_str().unwrap();
        assert!(
            errors.contains(&format!("{name}: not a regular file")),
            "{name}: {errors}"
        );
        assert!(kind(fifo).is_fifo());
    }
    assert_eq!(names(&cache).len(), 3, "{:?}", names(&cache));
}
