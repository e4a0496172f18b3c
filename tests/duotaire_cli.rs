//! The Duotaire commands' conventions: JSON Lines from `table`, rows streamed as each length
//! is done, values in nimber notation, `grundy --options`, `grundy --tables`, help texts from
//! the library's limits, and progress reported by the library in units of work.

use crate::common;

use common::unhop;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use unhop::games::{
    Analysis, COMPACT_TABLE_BLOCKS, CompactTable, Duotaire, MAX_INFINITE_TABLE_LEN, MoveRule,
    Notation, Solver, each_table_length,
};
use unhop::solitaire::{Board, replay};
use unhop::{Error, Progress, Quiet, Word};

fn stdout(args: &[&str]) -> String {
    stdout_reading(args, None)
}

/// What `args` print, reading `stdin`, when they exit 0.
fn stdout_reading(args: &[&str], stdin: Option<&[u8]>) -> String {
    let out = unhop(args, stdin);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// `table --json` is JSON Lines, one object per word, with the CSV listing's rows; the old
/// `--format json` still gives the same.
#[test]
fn table_json_is_json_lines_with_the_csv_rows() {
    for board in ["finite", "infinite"] {
        let json = stdout(&["table", "--max-len", "3", "--json", "--board", board]);
        let csv = stdout(&["table", "--max-len", "3", "--board", board]);
        let rows: Vec<String> = json
            .lines()
            .map(|line| {
                let o: serde_json::Value = serde_json::from_str(line).unwrap();
                format!("{},{}", o["word"].as_str().unwrap(), o["value"])
            })
            .collect();
        assert_eq!(rows, csv.lines().skip(1).collect::<Vec<_>>());
        let old = stdout(&[
            "table",
            "--max-len",
            "3",
            "--format",
            "json",
            "--board",
            board,
        ]);
        assert_eq!(old, json);
        let stats = stdout(&["table", "--max-len", "3", "--stats", "--json"]);
        assert_eq!(stats.lines().count(), 3);
    }
}

/// The help says what limits a table: the memory and the work; a table beyond them is refused
/// with the estimate and the limit.
#[test]
fn table_help_states_the_real_limits() {
    let help = stdout(&["table", "--help"]);
    let flat = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("1.75 × 2^N bytes on the finite board"),
        "{help}"
    );
    assert!(flat.contains("2^(N+1) on the infinite board"), "{help}");
    assert!(flat.contains("--max-work"), "{help}");
    assert!(
        flat.contains("refused beyond 2^30 blocks (N ≤ 33)"),
        "{help}"
    );
    // The compact table's limit as stated: 33 is within it, 34 is not.
    for (len, within) in [(33, true), (34, false)] {
        let estimate = CompactTable::estimate(len);
        let limit = COMPACT_TABLE_BLOCKS.default_limit;
        assert_eq!(
            estimate.work <= u128::from(limit),
            within,
            "length {len}: {estimate:?}"
        );
    }
    let over = (MAX_INFINITE_TABLE_LEN + 1).to_string();
    let out = unhop(&["table", "--max-len", &over, "--stats"], None);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("needs an estimated"), "{err}");
    assert!(err.contains("the limit is"), "{err}");
    assert!(out.stdout.is_empty(), "a refusal writes no header");
}

/// The first rows of a long `table --stats` arrive through the pipe while the table is still
/// being filled (they used to come all at the end).
#[test]
fn table_rows_stream_before_the_work_ends() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_unhop"))
        .args(["table", "--max-len", "26", "--stats", "--board", "infinite"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let header = lines.next().unwrap().unwrap();
    assert_eq!(header, "length,words,p_positions,max_value,example");
    let first = lines.next().unwrap().unwrap();
    assert_eq!(first, "1,1,1,0,1");
    // Length 1 is out; the table to 26 (about 2^25 words) is not done yet.
    let running = child.try_wait().unwrap().is_none();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        running,
        "the first row came only when the process had ended"
    );
}

/// Adds up the work reported and remembers each stage's total.
#[derive(Default)]
struct Tally {
    totals: Mutex<Vec<Option<u64>>>,
    done: Mutex<u64>,
}

impl Progress for Tally {
    fn start(&self, _: &str, total: Option<u64>) {
        self.totals.lock().unwrap().push(total);
    }
    fn advance(&self, work: u64) {
        *self.done.lock().unwrap() += work;
    }
}

/// The tables report one unit per word valued (2^n a length on the finite board, 2^(n−2) on
/// the infinite board), and the work adds up to the total announced.
#[test]
fn table_progress_is_weighted_by_the_words_of_each_length() {
    for board in Board::ALL {
        for max_len in [1, 5, 12] {
            let tally = Tally::default();
            let mut lengths = Vec::new();
            let budget = unhop::budget::Budget::default();
            each_table_length(
                Duotaire::new(MoveRule::Chain, board),
                unhop::Method::Fast,
                max_len,
                &budget,
                &tally,
                &mut |length| {
                    lengths.push((length.len, length.values.len()));
                    Ok::<(), Error>(())
                },
            )
            .unwrap();
            let words: u64 = lengths.iter().map(|l| l.1 as u64).sum();
            assert_eq!(lengths.len(), max_len);
            assert_eq!(*tally.totals.lock().unwrap(), vec![Some(words)], "{board}");
            assert_eq!(*tally.done.lock().unwrap(), words, "{board} {max_len}");
        }
    }
}

/// The solver behind `grundy` reports the positions it values: a word needing thousands of
/// them advances the progress, by a count that the memo bounds.
#[test]
fn grundy_reports_the_positions_it_values() {
    let tally = Tally::default();
    let game = Duotaire::new(MoveRule::Chain, Board::Infinite);
    let word = unhop::Pattern::single_word("(1101)^6").unwrap();
    let budget = unhop::budget::Budget::default();
    let mut analysis = Analysis::new(game, &budget, &tally);
    let value = analysis.value(&word).unwrap();
    let mut solver = Solver::new(game);
    assert_eq!(value, solver.value(&game.position(&word).unwrap()));
    let done = *tally.done.lock().unwrap();
    assert!(done >= 1024, "{done}");
    assert!(done as usize <= solver.memo_len() + 1024, "{done}");
    assert_eq!(*tally.totals.lock().unwrap(), vec![None]);
}

/// `grundy --options` lists every option with its value: each replays, its value is the
/// solver's value of the word it leaves, the winning ones are exactly those of value 0 and
/// the winning moves of --hint are among them; --notation nimber writes *n.
#[test]
fn grundy_options_list_every_option_with_its_value() {
    for board in Board::ALL {
        let game = Duotaire::new(MoveRule::Chain, board);
        let mut solver = Solver::new(game);
        for bits in 0..1u128 << 8 {
            let word = Word::from_bits(bits, 8);
            let budget = unhop::budget::Budget::default();
            let mut analysis = Analysis::new(game, &budget, &Quiet);
            let options = analysis.options(&word).unwrap();
            let moves = game.moves_of(&word).unwrap();
            assert_eq!(options.len(), moves.len(), "{board} {word}");
            let values: Vec<u32> = options.iter().map(|o| o.value).collect();
            let mex = (0..).find(|v| !values.contains(v)).unwrap();
            assert_eq!(mex, solver.value(&game.position(&word).unwrap()), "{word}");
            for o in &options {
                let after = replay(&word, board, &o.hops).unwrap();
                assert_eq!((&after.final_word, after.offset), (&o.word, o.offset));
                assert_eq!(o.value, solver.value(&game.position(&o.word).unwrap()));
                assert_eq!(o.wins(), o.value == 0);
            }
            let winning = analysis.winning_moves(&word).unwrap();
            let marked: Vec<_> = options
                .iter()
                .filter(|o| o.wins())
                .map(|o| &o.hops)
                .collect();
            assert_eq!(marked, winning.iter().collect::<Vec<_>>(), "{board} {word}");
        }
    }
    let out = stdout(&[
        "grundy",
        "0110101",
        "--options",
        "--board",
        "finite",
        "--json",
    ]);
    let object: serde_json::Value = serde_json::from_str(&out).unwrap();
    let options = object["options"].as_array().unwrap();
    assert_eq!(options.len(), 3);
    let winning: Vec<bool> = options.iter().map(|o| o["winning"] == true).collect();
    assert_eq!(
        winning,
        options.iter().map(|o| o["value"] == 0).collect::<Vec<_>>()
    );
    let text = stdout(&["grundy", "0110101", "--options", "--notation", "nimber"]);
    assert!(text.starts_with("0110101: value *3 "), "{text}");
    let hint = stdout(&["grundy", "0110101", "--hint", "--json"]);
    let hint: serde_json::Value = serde_json::from_str(&hint).unwrap();
    let winning = hint["winning_moves"].as_array().unwrap().len();
    assert_eq!(
        text.lines().filter(|l| l.ends_with("winning")).count(),
        winning,
        "{text}"
    );
}

/// Nimber notation on every command that prints values: `0`, `*`, `*n`, the same values as
/// the integers.
#[test]
fn values_print_as_nimbers_on_request() {
    let nimbers: Vec<String> = (0..20u32).map(|v| Notation::Nimber.write(v)).collect();
    assert_eq!(&nimbers[..3], ["0", "*", "*2"]);
    for (v, n) in nimbers.iter().enumerate().skip(2) {
        assert_eq!(n.strip_prefix('*').unwrap().parse::<usize>().unwrap(), v);
    }
    let plain = stdout(&["family", "011(01)^n0", "--n", "0..5"]);
    let star = stdout(&[
        "family",
        "011(01)^n0",
        "--n",
        "0..5",
        "--notation",
        "nimber",
    ]);
    for (p, s) in plain.lines().zip(star.lines()) {
        let (p, s) = (
            p.rsplit('\t').next().unwrap(),
            s.rsplit('\t').next().unwrap(),
        );
        assert_eq!(s, Notation::Nimber.write(p.parse::<u32>().unwrap()));
    }
    let plain = stdout(&["table", "--max-len", "5"]);
    let star = stdout(&["table", "--max-len", "5", "--notation", "nimber"]);
    for (p, s) in plain.lines().zip(star.lines()).skip(1) {
        let (p, s) = (p.rsplit(',').next().unwrap(), s.rsplit(',').next().unwrap());
        assert_eq!(s, Notation::Nimber.write(p.parse::<u32>().unwrap()));
    }
}

/// The heat map's grid (computed in the library now) puts every word where its labels say:
/// row = the first ⌊n/2⌋ cells, column = the rest, each as a binary number, cell 0 lowest.
#[test]
fn the_heatmap_grid_holds_each_words_value() {
    let game = Duotaire::new(MoveRule::Single, Board::Finite);
    let mut solver = Solver::new(game);
    for len in [2, 5, 8] {
        let budget = unhop::budget::Budget::default();
        let mut none = |_, _: &[u8]| Ok::<(), Error>(());
        let table =
            unhop::games::FiniteTable::build(MoveRule::Single, len, &budget, &Quiet, &mut none)
                .unwrap();
        let grid = table.grid(len);
        let low = len / 2;
        for bits in 0..1u128 << len {
            let word = Word::from_bits(bits, len);
            let (r, c) = (bits as usize & ((1 << low) - 1), bits as usize >> low);
            let want = solver.value(&game.position(&word).unwrap());
            assert_eq!(grid[r][c], want, "{word}");
        }
    }
}

/// The JSON lines of a run that exits 0.
fn json_lines(args: &[&str]) -> Vec<serde_json::Value> {
    stdout(args)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// `--rule misere` on `grundy`, `family` and `table`: every report says the rule, the values
/// are the library's misère values, and `--method exhaustive` gives the same answers as the
/// fast method (only the method field differs).
#[test]
fn misere_play_and_the_exhaustive_method_on_the_duotaire_commands() {
    use unhop::games::Convention;
    let words = ["11000011", "01101", "0110", "1101011"];
    for board in ["finite", "infinite"] {
        let mut args = vec!["grundy", "--rule", "misere", "--board", board, "--json"];
        args.extend(words);
        let fast = json_lines(&args);
        args.extend(["--method", "exhaustive", "--hint"]);
        let slow = json_lines(&args);
        let game = Duotaire::new(MoveRule::Chain, board.parse().unwrap())
            .with_convention(Convention::Misere);
        for ((word, fast), slow) in words.iter().zip(&fast).zip(&slow) {
            assert_eq!(
                (&fast["rule"], &fast["method"]),
                (&"misere".into(), &"fast".into())
            );
            assert_eq!(slow["method"], "exhaustive");
            assert_eq!(fast["value"], slow["value"], "{word}");
            let budget = unhop::budget::Budget::default();
            let want = Analysis::new(game, &budget, &Quiet).value(&word.parse().unwrap());
            assert_eq!(fast["value"], want.unwrap(), "{word}");
            // A winning move leaves misère value 0.
            for hops in slow["winning_moves"].as_array().unwrap() {
                let hops: Vec<unhop::solitaire::Hop> = hops
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|h| {
                        let from = h["from"].as_i64().unwrap();
                        let to = h["to"].as_i64().unwrap();
                        let d = match to > from {
                            true => unhop::solitaire::Direction::Right,
                            false => unhop::solitaire::Direction::Left,
                        };
                        unhop::solitaire::Hop::new(from, d)
                    })
                    .collect();
                let after = replay(&word.parse().unwrap(), game.board(), &hops).unwrap();
                let value = Analysis::new(game, &budget, &Quiet).value(&after.final_word);
                assert_eq!(value.unwrap(), 0, "{word} {hops:?}");
            }
        }
    }
    // 11000011 on the finite board: won under misère play, lost under normal play.
    let misere = stdout(&[
        "grundy", "11000011", "--board", "finite", "--moves", "single", "--rule", "misere",
    ]);
    assert_eq!(
        misere,
        "11000011: misère value 1 (the player to move wins)\n"
    );
    let normal = stdout(&[
        "grundy", "11000011", "--board", "finite", "--moves", "single",
    ]);
    assert_eq!(normal, "11000011: value 0 (the player to move loses)\n");
    // Tables and families by both methods.
    for board in ["finite", "infinite"] {
        for what in [
            &["table", "--max-len", "7"][..],
            &["table", "--max-len", "7", "--stats"],
            &["family", "(110)^n", "--n", "1..5"],
        ] {
            let mut args = what.to_vec();
            args.extend(["--rule", "misere", "--board", board, "--json"]);
            let fast = json_lines(&args);
            args.extend(["--method", "exhaustive"]);
            let mut slow = json_lines(&args);
            for row in &mut slow {
                assert_eq!(row["method"], "exhaustive");
                row["method"] = "fast".into();
            }
            assert_eq!(fast, slow, "{args:?}");
            assert!(fast.iter().all(|row| row["rule"] == "misere"));
        }
    }
}

/// Each line of `table --json`, `table --stats --json` and `family --json` is the library's
/// report, serialised: the CLI builds none of its own.
#[test]
fn duotaire_json_lines_are_the_library_reports() {
    use unhop::Method;
    use unhop::budget::Budget;
    use unhop::games::{FamilyRange, each_table_length};
    let game = Duotaire::new(MoveRule::Single, Board::Finite);
    let budget = Budget::default();
    let (mut rows, mut stats) = (Vec::new(), Vec::new());
    each_table_length(game, Method::Fast, 5, &budget, &Quiet, &mut |length| {
        rows.extend(length.rows().map(|r| serde_json::to_value(r).unwrap()));
        stats.push(serde_json::to_value(length.stats()).unwrap());
        Ok::<(), Error>(())
    })
    .unwrap();
    let args = [
        "--max-len",
        "5",
        "--moves",
        "single",
        "--board",
        "finite",
        "--json",
    ];
    assert_eq!(json_lines(&[&["table"][..], &args].concat()), rows);
    assert_eq!(
        json_lines(&[&["table", "--stats"][..], &args].concat()),
        stats
    );
    let mut members = Vec::new();
    let pattern = unhop::Pattern::parse("1^(2n+1)").unwrap();
    Analysis::new(game, &budget, &Quiet)
        .each_family_member(&pattern, FamilyRange::new(0, 4).unwrap(), &mut |m| {
            members.push(serde_json::to_value(m).unwrap());
            Ok::<(), Error>(())
        })
        .unwrap();
    let family = json_lines(&[
        "family", "1^(2n+1)", "--n", "0..4", "--moves", "single", "--board", "finite", "--json",
    ]);
    assert_eq!(family, members);
}

/// `plot heatmap N` takes the length as an argument, as `count N` does; the old `--len N` is
/// still accepted, hidden from the help, with the same answer. The misère map differs.
#[test]
fn plot_heatmap_takes_its_length_as_an_argument_and_still_accepts_len() {
    let new = stdout(&["plot", "heatmap", "6", "--json"]);
    let old = stdout(&["plot", "heatmap", "--len", "6", "--json"]);
    assert_eq!(new, old);
    let map: serde_json::Value = serde_json::from_str(&new).unwrap();
    assert_eq!(map["cells"].as_array().unwrap().len(), 8);
    let misere = stdout(&["plot", "heatmap", "6", "--rule", "misere", "--json"]);
    assert_ne!(misere, new);
    assert!(!stdout(&["plot", "heatmap", "--help"]).contains("--len"));
    let both = unhop(&["plot", "heatmap", "6", "--len", "6", "--json"], None);
    assert_eq!(both.status.code(), Some(2));
}

/// `table --stats --resume DIR` on the finite board: a run killed part way (after its length
/// 20 is saved, long before 25 is done) and run again with the same folder prints exactly what
/// an uninterrupted run prints, reading the saved lengths back rather than computing them; a
/// damaged saved length is refused, naming its file; `--resume` without `--stats`, or on a
/// table the compact tables do not hold, is refused.
#[test]
fn a_killed_table_resumes_from_its_saved_lengths() {
    let folder = tempfile::tempdir().unwrap();
    let saved = folder.path().join("lengths");
    let dir = saved.to_str().unwrap();
    let args = |dir| {
        [
            "table",
            "--max-len",
            "25",
            "--stats",
            "--board",
            "finite",
            "--json",
            "--resume",
            dir,
        ]
    };
    let mut child = Command::new(env!("CARGO_BIN_EXE_unhop"))
        .args(args(dir))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let twenty = saved.join("compact-chain-20.values");
    let guard = std::time::Instant::now();
    while !twenty.exists() && guard.elapsed().as_secs() < 300 {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let kept: Vec<_> = std::fs::read_dir(&saved).unwrap().collect();
    assert!(kept.len() < 25, "the run was stopped before its end");
    let resumed = stdout(&args(dir));
    let fresh = folder.path().join("fresh");
    let uninterrupted = stdout(&args(fresh.to_str().unwrap()));
    assert_eq!(resumed, uninterrupted);
    assert_eq!(resumed.lines().count(), 25);
    // Saved lengths are read back: with length 20 damaged, the run stops there, naming it.
    let mut bytes = std::fs::read(&twenty).unwrap();
    let last = bytes.len() - 9;
    bytes[last] ^= 1;
    std::fs::write(&twenty, bytes).unwrap();
    let out = unhop(&args(dir), None);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("compact-chain-20.values") && err.contains("checksum"),
        "{err}"
    );
    for refused in [
        &[
            "table",
            "--max-len",
            "5",
            "--board",
            "finite",
            "--resume",
            dir,
        ][..],
        &["table", "--max-len", "5", "--stats", "--resume", dir],
        &[
            "table",
            "--max-len",
            "5",
            "--stats",
            "--board",
            "finite",
            "--rule",
            "misere",
            "--resume",
            dir,
        ],
    ] {
        let out = unhop(refused, None);
        assert_eq!(out.status.code(), Some(2), "{refused:?}");
        assert!(out.stdout.is_empty(), "{refused:?}");
    }
}

/// `grundy --tables DIR` reads the lengths `table --stats --resume DIR` saved: the values
/// printed without it, for words of batches too, and for a word past the recursion's 128
/// cells whose blocks were saved the XOR of its blocks' values; a folder that cannot be read,
/// holds no length of the move rule, or a game other than the finite board's normal play is
/// exit 2 naming `--tables` and its value.
#[test]
fn grundy_reads_the_values_that_table_resume_saved() {
    let folder = tempfile::tempdir().unwrap();
    let lengths = folder.path().join("lengths");
    let dir = lengths.to_str().unwrap();
    stdout(&[
        "table",
        "--max-len",
        "13",
        "--stats",
        "--board",
        "finite",
        "--resume",
        dir,
    ]);
    let words = "0110101\n11011011101\n1111111111111111\n0000110000001\n1011\n";
    let batch = |extra: &[&str]| {
        let mut args = vec!["grundy", "-", "--board", "finite", "--json"];
        args.extend(extra);
        stdout_reading(&args, Some(words.as_bytes()))
    };
    assert_eq!(batch(&["--tables", dir]), batch(&[]));
    let parts = ["0110101", "11011011101", "1011"];
    let long = parts.repeat(10).join("000");
    assert!(long.len() > 128);
    // Each part's block is the part with the hole on either side of it where there is one:
    // the first is `p0 0`, the last `0 p2`, and the ten blocks `0 p1 0` cancel out, as do
    // eight of the nine `0 p0 0` and of the nine `0 p2 0`.
    let value_of = |w: &str| -> u64 {
        let shown = stdout(&["grundy", w, "--board", "finite", "--json"]);
        serde_json::from_str::<serde_json::Value>(&shown).unwrap()["value"]
            .as_u64()
            .unwrap()
    };
    let (p0, p2) = (parts[0], parts[2]);
    let expected = value_of(&format!("{p0}0"))
        ^ value_of(&format!("0{p0}0"))
        ^ value_of(&format!("0{p2}0"))
        ^ value_of(&format!("0{p2}"));
    let shown = stdout(&[
        "grundy", &long, "--board", "finite", "--json", "--tables", dir,
    ]);
    let object: serde_json::Value = serde_json::from_str(&shown).unwrap();
    assert_eq!(object["value"].as_u64(), Some(expected), "{long}");
    let refused = |args: &[&str], says: &str| {
        let out = unhop(args, None);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("--tables") && stderr.contains(says),
            "{args:?}: {stderr}"
        );
    };
    let missing = folder.path().join("missing");
    refused(
        &[
            "grundy",
            "0110",
            "--board",
            "finite",
            "--tables",
            missing.to_str().unwrap(),
        ],
        "missing",
    );
    refused(
        &[
            "grundy", "0110", "--board", "finite", "--moves", "single", "--tables", dir,
        ],
        "single",
    );
    refused(&["grundy", "0110", "--tables", dir], "finite board");
    refused(
        &[
            "grundy", "0110", "--board", "finite", "--rule", "misere", "--tables", dir,
        ],
        "normal play",
    );
    refused(
        &[
            "grundy", "0110", "--board", "finite", "--hint", "--tables", dir,
        ],
        "--hint",
    );
}
