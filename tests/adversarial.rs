//! The acceptance script of issue 14: every subcommand, run with adversarial inputs at the top
//! of its documented limits (largest lengths, heaps and limits, patterns that expand to
//! MAX_LEN, huge numbers, 0, negative numbers, empty strings, bad UTF-8, NUL bytes, very long
//! lines, strange boards), under `ulimit -v 4000000`, each in a temporary working directory of
//! its own, and bounded in time (see [`CPU_SECONDS`] and [`WALL_SECONDS`]).
//!
//! Every run must end with exit code 0, 1 or 2 (70 is a bug, 124 a timeout, 134 an abort), a
//! non-empty message on standard error when it is 2, and no temporary file (`.tmp*`) left in
//! its working directory. The subcommands are read from `unhop help` and each command's
//! `--help`, so a new command without a case fails the test.
//!
//! Two cases run at a time, the slow ones first. `UNHOP_ADVERSARIAL=WORD` runs only the cases
//! whose command line contains WORD; `--nocapture` prints every case's time.

use std::collections::BTreeSet;
use std::ffi::OsString;
use std::io::Read;
use std::os::unix::ffi::OsStringExt;
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::Instant;

const BIN: &str = env!("CARGO_BIN_EXE_unhop");

/// A run that spins is stopped after this much CPU time (`ulimit -St`: SIGXCPU). CPU time, not
/// wall-clock time, so that a machine loaded by other work cannot fail the test: every case
/// ends in well under a minute of wall-clock time on an idle machine with two cores.
const CPU_SECONDS: u32 = 120;

/// A run that waits without computing (a blocked read, a lock) is stopped after this much
/// wall-clock time (`timeout`; exit 124).
const WALL_SECONDS: u32 = 600;

/// unhop's limit on a word's cells (`unhop::MAX_LEN`).
const MAX_LEN: usize = unhop::MAX_LEN;

/// One run: the arguments, standard input, and whether it is one of the slow ones.
struct Case {
    args: Vec<OsString>,
    stdin: Vec<u8>,
    /// A shell command whose output is piped into standard input instead, for inputs larger
    /// than the memory limit.
    stdin_from: Option<&'static str>,
    /// A FIFO made at this path in the working directory before the run.
    fifo: Option<&'static str>,
    slow: bool,
}

/// Five gigabytes of pegs on one line: more than the memory limit, so a command that reads
/// a line without a length limit aborts.
const HUGE_LINE: &str = "head -c 5000000000 /dev/zero | tr '\\0' 1";

/// A case from a command line split at spaces; arguments with spaces are added with
/// [`Case::arg`].
fn case(line: &str) -> Case {
    Case {
        args: line.split_whitespace().map(OsString::from).collect(),
        stdin: Vec::new(),
        stdin_from: None,
        fifo: None,
        slow: false,
    }
}

impl Case {
    fn stdin(mut self, bytes: impl Into<Vec<u8>>) -> Case {
        self.stdin = bytes.into();
        self
    }

    fn fifo(mut self, path: &'static str) -> Case {
        self.fifo = Some(path);
        self
    }

    fn stdin_from(mut self, command: &'static str) -> Case {
        self.stdin_from = Some(command);
        self.slow = true;
        self
    }

    fn slow(mut self) -> Case {
        self.slow = true;
        self
    }

    fn arg(mut self, arg: impl Into<OsString>) -> Case {
        self.args.push(arg.into());
        self
    }

    fn command_line(&self) -> String {
        let args: Vec<String> = self
            .args
            .iter()
            .map(|a| {
                let a = a.to_string_lossy();
                let a = if a.chars().count() > 80 {
                    let head: String = a.chars().take(40).collect();
                    format!("{head}…({} chars)", a.chars().count())
                } else {
                    a.into_owned()
                };
                if a.is_empty() || a.contains([' ', '(', ')', '*', '\'', '^']) {
                    format!("'{a}'")
                } else {
                    a
                }
            })
            .collect();
        let stdin = if let Some(command) = self.stdin_from {
            format!(" < $({command})")
        } else if self.stdin.is_empty() {
            String::new()
        } else {
            let shown = String::from_utf8_lossy(&self.stdin[..self.stdin.len().min(40)])
                .escape_debug()
                .to_string();
            format!(" < {} bytes \"{shown}…\"", self.stdin.len())
        };
        format!("unhop {}{stdin}", args.join(" "))
    }
}

/// How a run ended.
#[derive(Debug)]
enum End {
    Code(i32),
    Signal(i32),
    NotRun,
}

/// What a run did.
struct Run {
    end: End,
    seconds: f64,
    stderr: String,
    stderr_len: u64,
    leftovers: Vec<String>,
}

/// Runs `case` under the memory limit and the timeout, in a fresh working directory.
fn run(case: &Case) -> Run {
    let work = tempfile::tempdir().unwrap();
    let side = tempfile::tempdir().unwrap();
    let stdin_path = side.path().join("stdin");
    let stderr_path = side.path().join("stderr");
    std::fs::write(&stdin_path, &case.stdin).unwrap();
    if let Some(fifo) = case.fifo {
        let path = work.path().join(fifo);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let made = Command::new("mkfifo").arg(&path).status().unwrap();
        assert!(made.success(), "mkfifo {}", path.display());
    }
    let limits = format!("ulimit -v 4000000; ulimit -St {CPU_SECONDS}");
    let bounded = format!(r#"exec timeout -k 5 {WALL_SECONDS} "$0" "$@""#);
    let script = match case.stdin_from {
        None => format!("{limits}; {bounded}"),
        Some(command) => format!("{limits}; {command} | {bounded}"),
    };
    let started = Instant::now();
    let status = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(BIN)
        .args(&case.args)
        .current_dir(work.path())
        .env("UNHOP_CACHE_DIR", work.path().join("cache"))
        .env("XDG_CACHE_HOME", work.path().join("xdg"))
        .env("HOME", work.path())
        .stdin(std::fs::File::open(&stdin_path).unwrap())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&stderr_path).unwrap())
        .status();
    let seconds = started.elapsed().as_secs_f64();
    let mut stderr = Vec::new();
    let file = std::fs::File::open(&stderr_path).unwrap();
    let stderr_len = file.metadata().unwrap().len();
    file.take(2000).read_to_end(&mut stderr).unwrap();
    let (end, stderr) = match status {
        Ok(status) => match (status.code(), status.signal()) {
            (Some(code), _) => (
                End::Code(code),
                String::from_utf8_lossy(&stderr).into_owned(),
            ),
            (None, signal) => (
                End::Signal(signal.unwrap_or(0)),
                String::from_utf8_lossy(&stderr).into_owned(),
            ),
        },
        Err(e) => (End::NotRun, format!("could not run it: {e}")),
    };
    Run {
        end,
        seconds,
        stderr,
        stderr_len,
        leftovers: leftovers(work.path()),
    }
}

/// The temporary files (`.tmp*`) anywhere under `dir`.
fn leftovers(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(at) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&at) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if entry.file_name().to_string_lossy().starts_with(".tmp") {
                found.push(path.strip_prefix(dir).unwrap().display().to_string());
            } else if entry.file_type().is_ok_and(|t| t.is_dir()) {
                stack.push(path);
            }
        }
    }
    found
}

/// What is wrong with a run, if anything.
fn problem(run: &Run) -> Option<String> {
    let problem = match run.end {
        End::Code(0 | 1) => String::new(),
        End::Code(2) if run.stderr.trim().is_empty() => "exit 2 with nothing on stderr".into(),
        End::Code(2) => String::new(),
        End::Code(124) => format!("no end within {WALL_SECONDS} s of wall-clock time"),
        End::Code(70) => "internal error (exit 70)".into(),
        End::Code(code) if code > 128 => format!("killed by signal {}", code - 128),
        End::Code(code) => format!("exit {code}"),
        End::Signal(24) => format!("more than {CPU_SECONDS} s of CPU time (SIGXCPU)"),
        End::Signal(signal) => format!("killed by signal {signal}"),
        End::NotRun => "not run".into(),
    };
    let leftover = if run.leftovers.is_empty() {
        String::new()
    } else {
        format!("temporary files left: {}", run.leftovers.join(", "))
    };
    let all: Vec<String> = [problem, leftover]
        .into_iter()
        .filter(|p| !p.is_empty())
        .collect();
    (!all.is_empty()).then(|| all.join("; "))
}

/// The subcommands `unhop help` lists, with the subcommands of those that have some
/// (`board solve`, …): every one must have a case.
fn subcommands() -> BTreeSet<String> {
    fn listed(args: &[&str]) -> Vec<String> {
        let out = Command::new(BIN).args(args).output().unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let Some((_, commands)) = text.split_once("Commands:\n") else {
            return Vec::new();
        };
        commands
            .lines()
            .take_while(|l| l.starts_with("  "))
            .filter_map(|l| l.split_whitespace().next())
            .filter(|name| *name != "help")
            .map(String::from)
            .collect()
    }
    let mut all = BTreeSet::new();
    for command in listed(&["help"]) {
        let nested = listed(&[&command, "--help"]);
        for sub in &nested {
            all.insert(format!("{command} {sub}"));
        }
        if nested.is_empty() {
            all.insert(command);
        }
    }
    all
}

/// The subcommand a case runs: its first argument, or its first two.
fn subcommand_of(case: &Case, known: &BTreeSet<String>) -> Option<String> {
    let first = case.args.first()?.to_string_lossy().into_owned();
    if known.contains(&first) {
        return Some(first);
    }
    let second = case.args.get(1)?.to_string_lossy();
    let both = format!("{first} {second}");
    known.contains(&both).then_some(both)
}

fn ones(n: usize) -> String {
    "1".repeat(n)
}

/// A line of `depth` nested groups around one peg, such as `((1))`.
fn nested(depth: usize) -> String {
    format!("{}1{}", "(".repeat(depth), ")".repeat(depth))
}

/// A line of pegs and a newline.
fn line_of_ones(n: usize) -> Vec<u8> {
    let mut line = ones(n).into_bytes();
    line.push(b'\n');
    line
}

fn cases() -> Vec<Case> {
    let max_ones = format!("1^({MAX_LEN})");
    let over_ones = format!("1^({})", MAX_LEN + 1);
    let huge = "9".repeat(1000);
    let bad_utf8: &[u8] = b"1011\n\xff\xfe10\n";
    let nul: &[u8] = b"10\x0011\n";
    let crs: &[u8] = b"11\r0110\r\n\n# a comment\n1\r";
    let hard15 = "0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1";
    let easy15 = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15";
    let board8 = "8 6 7 2 5 4 3 0 1";
    vec![
        // Words, patterns and batches: MAX_LEN cells, one more, bad bytes, long lines.
        case("solve").arg(&max_ones).slow(),
        case("solve").arg(&over_ones),
        case("solve (1^(1000))^(1000000)"),
        case("solve").arg(""),
        case("solve -").stdin(bad_utf8),
        case("solve - --json").stdin(nul),
        case("solve --board finite --method exhaustive").arg(ones(128)),
        case("solve --dag-dot -o dag.dot").arg(ones(40)),
        case("solve --dag-dot -o dag.dot").arg(ones(41)),
        case("check -").stdin(line_of_ones(MAX_LEN)),
        case("check -").stdin(line_of_ones(MAX_LEN + 1)),
        case("check -").stdin(nested(1 << 24)).slow(),
        case("check -").stdin(crs),
        case("check - --board finite").stdin("\n\n\n"),
        case("check --board finite --method exhaustive").arg(ones(128)),
        case("check").arg(OsString::from_vec(b"10\xff1".to_vec())),
        case("check").arg("(".repeat(120_000)),
        case("check").arg(format!("{}1{}", "(".repeat(63), ")^(99999)".repeat(63))),
        case("count 1000000000000000000 --json"),
        case("rules list --json"),
        case("rules show solitaire3 --json"),
        case("rules show /no/such/rules.toml"),
        case("rules count solitaire 1000000000000000000 --json"),
        case("rules count kayles 1000000000000000000"),
        case("rules count kayles 1000000 --target empty --board finite"),
        case("rules count kayles 5 --target nothing"),
        case("rules count solitaire 40 --method exhaustive"),
        case("rules count solitaire3 5 --method exhaustive --board finite").slow(),
        case("rules count solitaire3 3"),
        case("rules solve solitaire").arg(ones(4000)),
        case("rules solve solitaire").arg(ones(5000)),
        case("rules solve solitaire").arg(""),
        case("rules solve solitaire -").stdin(bad_utf8),
        case("rules solve solitaire --method exhaustive --json")
            .arg(ones(24))
            .slow(),
        case("rules solve solitaire3 111/111/111 --method exhaustive"),
        case("rules solve solitaire3 111/111/111"),
        case("rules grundy solitaire").arg(ones(60)).slow(),
        case("rules grundy dawson - --json").stdin(nul),
        case("rules learn solitaire --bound 40"),
        case("rules learn solitaire --relation --bound 2"),
        case("rules learn solitaire3 --json").slow(),
        case("rules prove solitaire --flip-state 99"),
        case("rules prove solitaire3"),
        case("count 1000000000000000001"),
        case("count 0"),
        case("count -1"),
        case("count").arg(&huge),
        case("count 20 --method exhaustive --board finite").slow(),
        case("count 21 --method exhaustive"),
        case("lang --stats --board finite --json"),
        case("lang --dot --minimal -o lang.dot"),
        case("lang --regex -o").arg(""),
        case("lang --minimal --regex"),
        // The top, 20, takes about a minute: too long for every test run.
        case("learn solitaire --max-len 18").slow(),
        case("learn solitaire --max-len 21"),
        case("learn solitaire --max-len 0"),
        case("grundy").arg(&max_ones),
        case("grundy --board finite (1101)^12").slow(),
        case("grundy - --hint").stdin("111\n1111\n11111\n111111\n(1101)^4\n"),
        case("grundy -").stdin(line_of_ones(MAX_LEN + 1)),
        case("grundy -").stdin(bad_utf8),
        case("grundy -").stdin_from(HUGE_LINE),
        case("family 1^n --n 0..99999").slow(),
        case("family 1(0^0)^n --n 0..99999"),
        case("family 1^n --n 0..100000"),
        case("family 011(01)^n0 --n").arg(format!("{0}..{0}", u64::MAX)),
        case("family 1^n --n").arg(format!("{huge}..{huge}")),
        case("family 1^n --n -5..-1"),
        case("family 11 --n 0..3"),
        case("table --max-len 24 -o table.csv").slow(),
        case("table --max-len 25"),
        case("table --max-len 34 --stats --board finite").slow(),
        case("table --max-len 33 --stats --board infinite").slow(),
        case("table --max-len 0"),
        case("play 0110"),
        case("play 0110 --first computer").stdin(bad_utf8),
        case("play 1101").stdin_from(HUGE_LINE),
        case("play").arg(&max_ones),
        case("play nim 199999"),
        case("play nim 200000 1"),
        case("play subtraction 199999 --set 1..4096").slow(),
        case("play octal 199999 --code 0.77").slow(),
        case("play nim -1"),
        case("play nim"),
        // Charts.
        case("plot family 1^n --n 0..99999 -o f.svg").slow(),
        case("plot family 011(01)^n0 --n 0..20 -o f.png"),
        case("plot stats --max-len 34 -o s.svg").slow(),
        case("plot stats --max-len 31 --board infinite -o s.svg").slow(),
        case("plot stats --max-len 0 -o s.svg"),
        case("plot heatmap --len 20 -o h.png").slow(),
        case("plot heatmap --len 21 -o h.png"),
        case("plot heatmap --len 8 -o h.txt"),
        // Probes.
        case("probe classes --max-len 20 --set p-chain --plot c.svg -o c.txt").slow(),
        case("probe classes --max-len 21"),
        case("probe classes --set").arg(""),
        case("probe family --max 12 --board infinite").slow(),
        case("probe family --max 13"),
        case("probe pumping --n 7 --p 32").slow(),
        case("probe pumping --n 0 --p 33"),
        case("probe parikh --max-period 1 --max-preperiod 824633720832").slow(),
        case("probe parikh --max-period 1048576 --max-preperiod 1099511627776").slow(),
        case("probe parikh --max-period 0"),
        // Reproduction.
        case("reproduce --quick --out out").slow(),
        case("reproduce --out /dev/null"),
        case("reproduce --out out --only").arg(""),
        case("reproduce --quick --out").arg(""),
        // Reachability and its proof.
        case("reach").arg(&max_ones).arg(&max_ones).slow(),
        case("reach -").stdin_from(HUGE_LINE),
        case("reach -").stdin(b"1011 0001\n\xff 1\n".to_vec()),
        case("reach - --json").stdin("11 01 0\n"),
        case("reach 0110 1"),
        case("reach 0110"),
        case("prove finite-reach --max-len 12 --json").slow(),
        case("prove finite-reach --max-len 13"),
        case("prove finite-reach --max-len 4 --flip-state 4294967295"),
        case("prove finite-reach --max-len 6 --dot -o r.dot"),
        // Sliding puzzles (the pattern databases are built in the working directory).
        case("slide solve --budget 0 --heuristic manhattan").arg(hard15),
        case("slide solve --budget 1e9 --heuristic manhattan").arg(easy15),
        case("slide solve --budget 1e10").arg(board8),
        case("slide solve --budget NaN").arg(board8),
        case("slide solve --budget -1").arg(board8),
        case("slide solve - --budget 1 --heuristic linear-conflict")
            .stdin(format!("{board8}\n\n{easy15}\n1 2 3 4 5 6 7 8 8\n")),
        case("slide solve --pdb-dir cache")
            .arg(easy15)
            .fifo("cache/sliding-4x4-gap15-0.4.5.8.9.12.pdb")
            .slow(),
        case("slide check -").stdin(bad_utf8),
        case("slide check -").stdin(nul),
        case("slide check -").stdin(crs),
        case("slide check -").stdin_from(HUGE_LINE),
        case("slide check 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16"),
        case("slide check 1 1 1 1 1 1 1 1 0 --goal bogus"),
        case("slide check").arg("0 ".repeat(60_000)),
        case("slide shuffle --count 1000000 --seed 18446744073709551615").slow(),
        case("slide shuffle --count 1000001"),
        case("slide shuffle --size 5"),
        case("slide shuffle --size 4 --goal").arg(board8),
        case("slide pdb --pdb-dir cache").slow(),
        case("slide pdb --goal").arg(board8),
        case("slide play --size 3 --seed 1 --budget 0").stdin("s\na\nup\n99\nn\nq\n"),
        case("slide play --delay 18446744073709551615")
            .arg(board8)
            .stdin("a\n"),
        case("slide play --seed 7").stdin(bad_utf8),
        case("slide play --size 3").stdin_from(HUGE_LINE),
        // Heap games.
        case("nim 1 --json").arg(&huge).arg(&huge),
        case("nim 999999 --method exhaustive").slow(),
        case("nim 500 500 --method exhaustive").slow(),
        case("nim 99 99 99 --method exhaustive --misere").slow(),
        case("nim -1"),
        case("nim").arg(""),
        case("subtraction 1..4096 1999999 --method exhaustive").slow(),
        case("subtraction 1..4096 --max-heap 100000 --rule misere").slow(),
        case("subtraction 1..4096 --max-heap 100000 --rule odd-wins").slow(),
        case("subtraction 1..4096 --max-heap 1000000").slow(),
        case("subtraction 1..4097 5"),
        case("subtraction 1..3 18446744073709551615 18446744073709551615"),
        case("subtraction 1..3 --max-heap -1"),
        case("subtraction").arg("").arg("5"),
        case("octal --max-heap 100000")
            .arg(format!("0.{}", "7".repeat(4096)))
            .slow(),
        case("octal 0.77 --max-heap 67108864 --summary --period").slow(),
        case("octal 0.77 --max-heap 262144 --method plain --summary").slow(),
        case("octal grundy --max-heap 67108864 --summary --plot g.svg").slow(),
        case("octal 0.77 --max-heap 67108865"),
        case("octal 0. --max-heap 5"),
        case("octal 0.77 --max-heap").arg(&huge),
        case("graph nim 1999 --dot -o g.dot"),
        case("graph nim 44 44 --json"),
        case("graph octal 1999 --code 0.77").slow(),
        case("graph subtraction 18446744073709551615 --set 1"),
        case("graph subtraction 1999 --set 1..4096 --rule odd-wins"),
        case("graph nim 3 --dot --json"),
        // Boards.
        case("board show --board graph:/dev/zero").slow(),
        case("board show --board complete:64 --json"),
        case("board show --board complete:65"),
        case("board show --board triangle:99999999999"),
        case("board show --board edges:"),
        case("board show --board hypercube:6"),
        case("board show --board bipartite:32,32 --start nope"),
        case("board show --board no-such-file.txt"),
        case("board solve --board french -o french.svg").slow(),
        case("board solve --board complete:64 --goal any").slow(),
        case("board solve --limit 0"),
        case("board solve --limit").arg(&huge),
        // French is refused after about 30 s in a release build: too slow for two cases at a time
        // within the time bounds on a loaded machine; Wiegleb, the largest board, after about 15 s.
        case("board count --board wiegleb").slow(),
        case("board count --max-positions 0"),
        case("board moves --board complete:64").slow(),
        case("board moves --board petersen --method exhaustive"),
        case("board ilp --board complete:64").slow(),
        case("board ilp --board english --json -o m.lp"),
        case("board ilp --json"),
        case("board starts --board wiegleb --limit 100000").slow(),
        case("board starts --board english --limit 0"),
        case("board classify --max-vertices 16").slow(),
        case("board classify --max-vertices 17"),
        // Automata brought by the user.
        case("dfa minimize (a|b)*a(a|b){24}"),
        case("dfa minimize -").stdin_from(HUGE_LINE).slow(),
        case("dfa minimize -").stdin(b"0 1 a\n1 \xff\x00 b\n".to_vec()),
        case("dfa show -").stdin(format!("{}{}", "[".repeat(100_000), "]".repeat(100_000))),
        case("dfa show -").stdin("{\"alphabet\": [\"a\"], \"states\": 18446744073709551615, \"start\": 0, \"accepting\": [], \"transitions\": []}"),
        case("dfa minimize").arg(""),
        case("dfa accepts (a|b)* -").stdin_from(HUGE_LINE).slow(),
        case("dfa count (a|b)* 18446744073709551615"),
        case("dfa count a*b* 18446744073709551615"),
        case("dfa count a -1"),
        case("dfa gf (a|b)*a(a|b){10}"),
        case("dfa equiv (a|b)*a(a|b){11} (a|b)*b(a|b){11}"),
        case("dfa ops reverse (a|b){23}a(a|b)*").slow(),
        case("dfa ops intersect - -"),
    ]
}

#[test]
fn every_subcommand_survives_adversarial_input() {
    let known = subcommands();
    assert!(known.len() > 20, "{known:?}");
    let mut all = cases();
    let covered: BTreeSet<String> = all
        .iter()
        .filter_map(|c| subcommand_of(c, &known))
        .collect();
    let missing: Vec<&String> = known.difference(&covered).collect();
    assert!(
        missing.is_empty(),
        "subcommands without a case: {missing:?}"
    );
    for c in &all {
        assert!(
            subcommand_of(c, &known).is_some(),
            "a case runs no known subcommand: {}",
            c.command_line()
        );
    }

    if let Ok(filter) = std::env::var("UNHOP_ADVERSARIAL") {
        all.retain(|c| c.command_line().contains(&filter));
    }
    // The slow cases first, so that two of them overlap rather than end the run alone.
    all.sort_by_key(|c| !c.slow);
    let queue = Mutex::new(all.into_iter().enumerate().collect::<Vec<_>>());
    queue.lock().unwrap().reverse();
    let results = Mutex::new(Vec::new());
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                loop {
                    let Some((k, case)) = queue.lock().unwrap().pop() else {
                        return;
                    };
                    let run = run(&case);
                    println!(
                        "{:>6.1} s  {:?}  {}",
                        run.seconds,
                        run.end,
                        case.command_line()
                    );
                    results.lock().unwrap().push((k, case, run));
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|(k, _, _)| *k);
    let total = started.elapsed();
    let failures: Vec<String> = results
        .iter()
        .filter_map(|(_, case, run)| {
            let problem = problem(run)?;
            Some(format!(
                "{}\n    {problem}; {:?} after {:.1} s; stderr ({} bytes): {}",
                case.command_line(),
                run.end,
                run.seconds,
                run.stderr_len,
                run.stderr
                    .trim()
                    .chars()
                    .take(400)
                    .collect::<String>()
                    .escape_debug()
            ))
        })
        .collect();
    println!(
        "{} cases in {:.0} s, {} failed",
        results.len(),
        total.as_secs_f64(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        results.len(),
        failures.join("\n")
    );
}
