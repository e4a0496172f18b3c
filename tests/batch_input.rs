//! Batch input: one line convention for every command that reads lines, several
//! words as arguments, limits per line, memory proportional to the input, messages a person
//! can act on, input files read through a size cap.

use crate::common;

use common::unhop;
use std::io::Write;
use std::process::{ChildStdin, Command, Output, Stdio};
use unhop::solitaire::{Board, Language};

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Runs `unhop` under `ulimit -v 4000000` (about 4 GB of address space) and `timeout 120`,
/// its standard input fed by `feed` from a thread.
fn limited(args: &[&str], feed: impl FnOnce(ChildStdin) + Send + 'static) -> Output {
    limited_to(4_000_000, args, feed)
}

/// [`limited`] with `kilobytes` of address space.
fn limited_to(
    kilobytes: u64,
    args: &[&str],
    feed: impl FnOnce(ChildStdin) + Send + 'static,
) -> Output {
    let script = format!("ulimit -v {kilobytes}; exec \"$0\" \"$@\"");
    let mut child = Command::new("timeout")
        .args(["120", "sh", "-c", &script])
        .arg(env!("CARGO_BIN_EXE_unhop"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh and timeout run");
    let input = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || feed(input));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}

/// Writes `prefix`, then up to `total` bytes of `fill`, then `suffix`, stopping quietly when
/// the reader has gone (as it should once it refuses the line).
fn endless(
    prefix: &'static [u8],
    fill: u8,
    total: u64,
    suffix: &'static [u8],
) -> impl FnOnce(ChildStdin) + Send {
    move |mut input| {
        if input.write_all(prefix).is_err() {
            return;
        }
        let chunk = vec![fill; 1 << 20];
        let mut written = 0;
        while written < total {
            if input.write_all(&chunk).is_err() {
                return;
            }
            written += chunk.len() as u64;
        }
        let _ = input.write_all(suffix);
    }
}

// ---- 1. One line convention ----

/// The results of each word run alone, joined: what a batch must print.
fn one_by_one(command: &[&str], words: &[&str]) -> String {
    words
        .iter()
        .map(|w| {
            let mut args = command.to_vec();
            args.insert(1, w);
            stdout(&unhop(&args, None))
        })
        .collect()
}

#[test]
fn every_line_ending_ends_a_line_and_blank_and_comment_lines_are_skipped() {
    let input = b"11\r0110\r\n\n   \n# a comment\n  # another\n1101101\r\r\n011";
    let words = ["11", "0110", "1101101", "011"];
    for command in [
        vec!["check", "--json"],
        vec!["solve", "--json"],
        vec!["grundy", "--json"],
    ] {
        let mut args = command.clone();
        args.insert(1, "-");
        let out = unhop(&args, Some(input));
        assert!(
            out.status.code() != Some(2),
            "{command:?}: {}",
            stderr(&out)
        );
        assert_eq!(stdout(&out), one_by_one(&command, &words), "{command:?}");
    }
    // `\r` alone ends a line: `11\r0110\r` is two words, not `110110`.
    let out = unhop(&["check", "-"], Some(b"11\r0110\r"));
    assert_eq!(stdout(&out).lines().count(), 2, "{}", stdout(&out));
    assert!(!stdout(&out).contains("110110"));
}

#[test]
fn slide_check_and_reach_follow_the_same_convention() {
    let boards = b"# boards\r\n1 2 3 4 5 6 7 8 _\r\r2 1 3 4 5 6 7 8 _\n\n";
    let out = unhop(&["slide", "check", "-", "--json"], Some(boards));
    let alone: String = ["1 2 3 4 5 6 7 8 _", "2 1 3 4 5 6 7 8 _"]
        .iter()
        .map(|b| stdout(&unhop(&["slide", "check", b, "--json"], None)))
        .collect();
    assert_eq!(stdout(&out), alone);
    let pairs = b"\n# pairs\n0110 1000\r1101 0001\r\n";
    let out = unhop(&["reach", "-", "--json"], Some(pairs));
    let alone = stdout(&unhop(&["reach", "0110", "1000", "--json"], None))
        + &stdout(&unhop(&["reach", "1101", "0001", "--json"], None));
    assert_eq!(stdout(&out), alone);
}

#[test]
fn every_batch_error_names_the_line_of_standard_input() {
    // Line numbers count the skipped lines too.
    for (args, input, line) in [
        (vec!["check", "-"], &b"11\n\n# c\n10b\n"[..], 4),
        (vec!["grundy", "-"], b"11\n1^(60)\n", 2),
        (vec!["solve", "-"], b"11\r1^(99999999999)\r", 2),
        (vec!["reach", "-"], b"0110 1000\n0110\n", 2),
        (
            vec!["slide", "check", "-"],
            b"1 2 3 4 5 6 7 8 _\n\n1 2 3\n",
            3,
        ),
        (vec!["slide", "check", "-"], b"\n1 2 3 4 5 6 7 \xff _\n", 2),
        (vec!["check", "-"], b"11\r\n1\xc3\n", 2),
    ] {
        let out = unhop(&args, Some(input));
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(
            err.contains(&format!("line {line} of standard input")),
            "{args:?}: {err}"
        );
    }
    // Invalid UTF-8 names the byte as well.
    let out = unhop(&["slide", "check", "-"], Some(b"1 2 3 4 5 6 7 \xff _\n"));
    assert!(stderr(&out).contains("byte 14"), "{}", stderr(&out));
}

#[test]
fn an_over_long_line_is_refused_with_its_number() {
    let mut input = b"11\n".to_vec();
    input.extend(std::iter::repeat_n(b'1', (1 << 25) + 1));
    input.push(b'\n');
    for args in [vec!["grundy", "-"], vec!["solve", "-"]] {
        let out = unhop(&args, Some(&input));
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(
            err.contains("line 2 of standard input: longer than the limit"),
            "{args:?}: {err}"
        );
    }
    let mut boards = b"1 2 3 4 5 6 7 8 _\n".to_vec();
    boards.extend(std::iter::repeat_n(b' ', 70_000));
    let out = unhop(&["slide", "check", "-"], Some(&boards));
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("line 2 of standard input: longer than the limit of 65536 bytes")
    );
}

/// The state of the minimal DFA of `board`'s one-peg language after `cells` (`0`/`1`), read a
/// cell at a time: the verdict on a long line computed without the packed table or the stream.
fn dfa_state_after(board: Board, state: u32, cells: &[u8]) -> u32 {
    let dfa = Language::of(board).minimal_dfa();
    dfa.run_from(state, cells.iter().map(|&c| c - b'0'))
}

/// The peak resident memory of process `pid` (VmHWM), in bytes.
fn peak_resident_bytes(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    let kilobytes: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    kilobytes << 10
}

/// A board (its name and value) and a word `prefix unit^k suffix` on it.
type PeriodicWord = (
    &'static str,
    Board,
    &'static [u8],
    &'static [u8],
    &'static [u8],
);

/// `check -` reads a line longer than the 32 MiB cap as a stream: a word of 100 million cells
/// written to a pipe (never stored) gets the verdict of the language's minimal DFA read a cell
/// at a time, its first cells and its length, with the process's peak resident memory under
/// 80 MiB while it reads (the line alone is 100 MB).
#[test]
fn check_reads_a_line_longer_than_the_cap_as_a_stream_in_constant_memory() {
    const COPIES: usize = 50_000_000;
    let cases: [PeriodicWord; 3] = [
        ("infinite", Board::Infinite, b"11", b"01", b"01"),
        ("finite", Board::Finite, b"11", b"01", b"0"),
        ("finite", Board::Finite, b"", b"11", b""),
    ];
    for (board_name, board, prefix, unit, suffix) in cases {
        let dfa = Language::of(board).minimal_dfa();
        let mut state = dfa_state_after(board, dfa.start(), prefix);
        for _ in 0..COPIES {
            state = dfa_state_after(board, state, unit);
        }
        let reduces = dfa.is_accepting(dfa_state_after(board, state, suffix));
        let cells = prefix.len() + COPIES * unit.len() + suffix.len();

        let args = ["check", "-", "--board", board_name, "--json"];
        let mut child = Command::new(env!("CARGO_BIN_EXE_unhop"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut input = child.stdin.take().unwrap();
        input.write_all(b"0110\n").unwrap();
        input.write_all(prefix).unwrap();
        let chunk = unit.repeat((1 << 20) / unit.len());
        for _ in 0..COPIES * unit.len() / chunk.len() {
            input.write_all(&chunk).unwrap();
        }
        let rest = COPIES * unit.len() % chunk.len();
        input.write_all(&chunk[..rest]).unwrap();
        input.write_all(suffix).unwrap();
        // The whole word is written but its line not ended: unhop has read all but what the
        // pipe holds, and waits.
        std::thread::sleep(std::time::Duration::from_millis(200));
        let peak = peak_resident_bytes(child.id());
        input.write_all(b"\n").unwrap();
        drop(input);
        let out = child.wait_with_output().unwrap();
        common::schema::check_output(&args, &out.stdout, &out.stderr);

        assert!(
            peak < 80 << 20,
            "{board_name}: peak resident memory {peak} bytes"
        );
        assert_eq!(
            out.status.code(),
            Some(if reduces { 0 } else { 1 }),
            "{}",
            stderr(&out)
        );
        let first_cells: String = [
            prefix, unit, unit, unit, unit, unit, unit, unit, unit, unit, unit,
        ]
        .concat()
        .iter()
        .take(20)
        .map(|&c| c as char)
        .collect();
        assert_eq!(
            stdout(&out),
            format!(
                "{{\"word\":\"0110\",\"board\":\"{board_name}\",\"method\":\"fast\",\"solvable\":true}}\n\
                 {{\"long_word\":{{\"first_cells\":\"{first_cells}\",\"cells\":{cells}}},\
                 \"board\":\"{board_name}\",\"method\":\"fast\",\"solvable\":{reduces}}}\n"
            )
        );
    }
}

/// A line over the cap that is a pattern, or has a bad byte, is refused with its line and
/// the character's position; with `--method exhaustive` a long line is refused; blanks are
/// skipped; the text row shows the word's first 20 cells and its length.
#[test]
fn check_refuses_a_long_line_that_is_not_plain_cells_and_abbreviates_one_that_is() {
    let cap = 32 << 20;
    let long = |head: &[u8], fill: u8, tail: &[u8]| {
        let mut line = b"11\n".to_vec();
        line.extend_from_slice(head);
        line.extend(std::iter::repeat_n(fill, cap + 1));
        line.extend_from_slice(tail);
        line.push(b'\n');
        line
    };
    let out = unhop(&["check", "-"], Some(&long(b"", b'1', b"(01)^3")));
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains(&format!(
            "line 2 of standard input: unexpected character '(' at position {}",
            cap + 1
        )) && err.contains("patterns such as 11(01)^3 are expanded only on shorter lines"),
        "{err}"
    );
    assert_eq!(
        stdout(&out),
        "11: reduces to one peg on the infinite board\n"
    );
    let out = unhop(&["check", "-"], Some(&long(b"0", b'0', b"1\xff")));
    assert_eq!(out.status.code(), Some(2));
    let at = cap + 3;
    assert!(
        stderr(&out).contains(&format!(
            "line 2 of standard input: not UTF-8 text: byte {at} (0-based) is 0xff"
        )),
        "{}",
        stderr(&out)
    );
    let out = unhop(
        &["check", "-", "--method", "exhaustive"],
        Some(&long(b"", b'1', b"")),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains(
        "line 2 of standard input: the line is longer than 32 MiB, too long for --method exhaustive"
    ));
    let out = unhop(&["check", "-"], Some(&long(b"  x.", b'.', b" .\t")));
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let cells = cap + 4;
    assert_eq!(
        stdout(&out),
        format!(
            "11: reduces to one peg on the infinite board\n\
                 10000000000000000000… ({cells} cells): reduces to one peg on the infinite board\n"
        )
    );
}

/// Under an address-space limit that leaves the budgets nothing to spare (400 MB, less what
/// the threads map and the reserve kept for them), `check` still answers from the built-in
/// automata of the one-peg language (whose compilation is exempt: a few dozen states), and a
/// computation that needs memory is refused with exit 2, never an internal error (exit 70).
#[test]
fn check_answers_under_an_address_space_limit_that_leaves_nothing_to_spare() {
    for args in [vec!["check", "0110"], vec!["check", "-"]] {
        let out = limited_to(400_000, &args, |mut input| {
            let _ = input.write_all(b"0110\n");
        });
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        assert_eq!(
            stdout(&out),
            "0110: reduces to one peg on the infinite board\n"
        );
    }
    let out = limited_to(400_000, &["solve", "0110"], |_| {});
    assert!(
        matches!(out.status.code(), Some(0 | 2)) && !stderr(&out).contains("internal error"),
        "{:?}: {}",
        out.status.code(),
        stderr(&out)
    );
}

/// The lines after a long line are read and answered after it, in order, with their own
/// numbers (standard input is read ahead on a thread that hands the long line over and a new
/// one goes on after it); a bad line after it is named by its number.
#[test]
fn check_answers_the_lines_after_a_long_line_in_order() {
    let cap = 32 << 20;
    let mut input = b"11\n".to_vec();
    input.extend(std::iter::repeat_n(b'1', cap + 1));
    input.extend_from_slice(b"\r\n# a comment\n0110\n\n1\n");
    let out = unhop(&["check", "-"], Some(&input));
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let cells = cap + 1;
    assert_eq!(
        stdout(&out),
        format!(
            "11: reduces to one peg on the infinite board\n\
             11111111111111111111… ({cells} cells): does not reduce to one peg on the infinite board\n\
             0110: reduces to one peg on the infinite board\n\
             1: reduces to one peg on the infinite board\n"
        )
    );
    input.extend_from_slice(b"2\n");
    let out = unhop(&["check", "-"], Some(&input));
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("line 7 of standard input"),
        "{}",
        stderr(&out)
    );
}

/// A 3 GB line, written by a thread, is refused with exit 2 under a 4 GB address-space limit
/// (not killed by an allocation failure) by every command that reads lines.
#[test]
fn a_3_gb_line_is_refused_under_a_memory_limit() {
    const GB3: u64 = 3_000_000_000;
    let cases: Vec<(Vec<&str>, &'static [u8], u8)> = vec![
        (vec!["solve", "-"], b"", b'1'),
        (vec!["grundy", "-"], b"", b'0'),
        (vec!["reach", "-"], b"", b'1'),
        (vec!["slide", "check", "-"], b"", b' '),
        (vec!["play", "0110", "--board", "finite"], b"", b'1'),
        (vec!["slide", "play", "1 2 3 4 5 6 7 _ 8"], b"", b'1'),
    ];
    for (args, prefix, fill) in cases {
        let out = limited(&args, endless(prefix, fill, GB3, b"\n"));
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(
            err.contains("line 1 of standard input: longer than the limit"),
            "{args:?}: {err}"
        );
        assert!(err.len() < 300, "{args:?}: a short message");
    }
}

// ---- 2. Several words as arguments ----

#[test]
fn several_words_give_one_result_each_in_order() {
    let words = ["1101101", "11011", "0110", "1^(3)0"];
    for command in [
        vec!["check", "--json"],
        vec!["solve", "--json"],
        vec!["grundy", "--json"],
        vec!["solve"],
    ] {
        let mut args = command.clone();
        for (k, w) in words.iter().enumerate() {
            args.insert(1 + k, w);
        }
        let out = unhop(&args, None);
        assert_eq!(stdout(&out), one_by_one(&command, &words), "{args:?}");
    }
    // A predicate is true only when it holds for every word.
    let single = |w: &str| unhop(&["check", w], None).status.code();
    let (yes, no) = ("11", "1101101");
    assert_eq!((single(yes), single(no)), (Some(0), Some(1)));
    for (pair, code) in [
        ([yes, yes], 0),
        ([yes, no], 1),
        ([no, yes], 1),
        ([no, no], 1),
    ] {
        let out = unhop(&["check", pair[0], pair[1]], None);
        assert_eq!(out.status.code(), Some(code), "{pair:?}");
        assert_eq!(
            stdout(&out).lines().count(),
            2,
            "{pair:?}: every word answered"
        );
    }
    // Arguments and standard input mix, in order.
    let out = unhop(&["check", "11", "-", "1", "--json"], Some(b"0110\n"));
    assert_eq!(
        stdout(&out),
        one_by_one(&["check", "--json"], &["11", "0110", "1"])
    );
    // A bad word names its argument.
    let out = unhop(&["check", "11", "1a"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("argument 2"), "{}", stderr(&out));
    // reach takes pairs.
    let out = unhop(&["reach", "0110", "1000", "1101", "0001", "--json"], None);
    let alone = stdout(&unhop(&["reach", "0110", "1000", "--json"], None))
        + &stdout(&unhop(&["reach", "1101", "0001", "--json"], None));
    assert_eq!(stdout(&out), alone);
    assert_eq!(
        unhop(&["reach", "0110", "1000", "1101"], None)
            .status
            .code(),
        Some(2)
    );
    // The help says so.
    for command in ["check", "solve", "grundy"] {
        let help = stdout(&unhop(&[command, "--help"], None));
        assert!(
            help.contains("One or more words") && help.contains("# are skipped"),
            "{help}"
        );
    }
}

// ---- 3. Limits per line ----

/// Fourteen words that each stay within the solver's limits alone (5,000,000 memoised positions,
/// 12,000,000 moves looked at) but together pass the position limit: a limit counted across the
/// batch (as before, with one solver for the whole batch) refuses the last line. Each line must
/// get the whole limit and print what it prints alone.
#[test]
fn grundy_applies_its_position_limit_to_each_line() {
    let words = [
        "1101101101011111100111111110110011",
        "1111100111011111011101111101111111",
        "1111111111111011101101011110111111",
        "1111111101111011011111111101111100",
        "1111100111111111111011100011100111",
        "1111111101111101001111111111111110",
        "1111110011111101101111100111111111",
        "0000011111111101000111111001101100",
        "1110100110111100100111110110100111",
        "1101111111101001100111111100111100",
        "1011001111111111111110001111111001",
        "1011111110101010111011111111111111",
        "1111111101011011101011111111111001",
        "1101111110111011001111111111101111",
    ];
    let last = words[words.len() - 1];
    let alone = unhop(&["grundy", last, "--json"], None);
    assert_eq!(alone.status.code(), Some(0), "{}", stderr(&alone));
    let input = words.join("\n");
    let out = unhop(&["grundy", "-", "--json"], Some(input.as_bytes()));
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), words.len());
    assert_eq!(lines[words.len() - 1], stdout(&alone).trim_end());
}

// ---- 4. Memory proportional to the input ----

/// A 32 MiB line of nested groups cost 3.3 GB before (a vector per group): now about 10 bytes
/// per character, so it runs under a 1 GB address-space limit (the binary's own mappings
/// included), answered or refused with a message, never aborted.
#[test]
fn a_32_mib_line_of_nested_groups_stays_under_the_memory_limit() {
    let unit = b"(((1)))";
    let copies = ((1 << 25) - 1) / unit.len();
    for command in ["check", "solve", "grundy"] {
        let args = [command, "-", "--json"];
        let out = limited_to(1_000_000, &args, move |mut input| {
            let _ = input.write_all(&unit.repeat(copies));
            let _ = input.write_all(b"\n");
        });
        let err = stderr(&out);
        assert!(!err.contains("memory allocation"), "{command}: {err}");
        match command {
            "check" => {
                assert!(matches!(out.status.code(), Some(0 | 1)), "{err}");
                let json: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
                assert_eq!(json["word"].as_str().unwrap(), "1".repeat(copies));
            }
            "solve" => assert_eq!(out.status.code(), Some(0), "{err}"),
            // Refused by the game's own size limit, with the line named.
            _ => {
                assert_eq!(out.status.code(), Some(2), "{err}");
                assert!(err.contains("line 1 of standard input"), "{err}");
            }
        }
    }
}

#[test]
fn deep_nesting_is_refused_not_a_stack_overflow() {
    let mut line = "(".repeat(10_000_000);
    line.push('1');
    line.push_str(&")".repeat(10_000_000));
    let out = unhop(&["check", "-"], Some(line.as_bytes()));
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("nested more than 64 deep"),
        "{}",
        stderr(&out)
    );
    let ok = format!("{}1{}", "(".repeat(64), ")^(1)".repeat(64));
    assert_eq!(unhop(&["check", &ok], None).status.code(), Some(0));
}

// ---- 5. Messages ----

#[test]
fn sizes_are_exact() {
    let out = unhop(&["solve", "(1^(1000))^(1000000)"], None);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("has 1000000000 cells, more than the limit of 33554432"),
        "{err}"
    );
    assert!(!err.contains("for n"), "{err}");
    let deep = format!("{}1{}", "(".repeat(63), ")^(99999)".repeat(63));
    let out = unhop(&["check", &deep], None);
    let exact = num_bigint::BigUint::from(99_999u32).pow(63).to_string();
    assert!(
        stderr(&out).contains(&format!("has {exact} cells")),
        "{}",
        stderr(&out)
    );
    let out = unhop(&["family", "1^(2n-5)", "--n", "0..3"], None);
    assert!(
        stderr(&out).contains("-5 times for n = 0"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn control_bytes_are_escaped_and_long_inputs_shortened() {
    let out = unhop(&["check", "-"], Some(b"1\x000\x1b[31m1\r\n"));
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains(r"\x00") && err.contains(r"\x1b"), "{err}");
    assert!(
        !err.trim_end().bytes().any(|b| b.is_ascii_control()),
        "no raw control byte: {err:?}"
    );
    // A long bad line is quoted shortened: a 30 MB word, a 60 KB tile.
    let mut long = vec![b'1'; 30 << 20];
    long.push(b'z');
    let out = unhop(&["solve", "-"], Some(&long));
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).len() < 400, "{} bytes", stderr(&out).len());
    let board = format!("1 2 3 4 5 6 7 {} _", "9".repeat(60_000));
    let out = unhop(&["slide", "check", "-"], Some(board.as_bytes()));
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).len() < 400, "{} bytes", stderr(&out).len());
    let out = unhop(
        &["reach", "-"],
        Some(format!("{} 1 1\n", "1".repeat(1 << 20)).as_bytes()),
    );
    assert!(stderr(&out).len() < 400, "{}", stderr(&out));
    let out = unhop(
        &["play", "0110", "--board", "finite"],
        Some(b"\x1b[2J\nq\n"),
    );
    assert!(
        stdout(&out).contains(r"'\x1b[2J' is not one of the moves"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn a_bad_goal_says_what_a_board_looks_like() {
    let out = unhop(
        &["slide", "check", "1 2 3 4 5 6 7 8 _", "--goal", "bogus"],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("--goal must be last, first or a board"),
        "{err}"
    );
    assert!(err.contains("9 numbers") && err.contains("16"), "{err}");
    assert!(!err.contains("1 entries"), "{err}");
}

// ---- 6. Input files through a size cap ----

#[test]
fn input_files_are_read_through_a_size_cap() {
    let folder = tempfile::tempdir().unwrap();
    // A sparse 3 GB file of zero bytes, like /dev/zero, costs no disk.
    let zeros = folder.path().join("zeros");
    std::fs::File::create(&zeros)
        .unwrap()
        .set_len(3_000_000_000)
        .unwrap();
    let spec = format!("graph:{}", zeros.display());
    for board in [spec.as_str(), zeros.to_str().unwrap()] {
        let out = limited(&["board", "show", "--board", board], |_| {});
        assert_eq!(out.status.code(), Some(2), "{board}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("larger than the limit of 16 MiB"),
            "{}",
            stderr(&out)
        );
    }
    // An endless FIFO is read only up to the cap.
    let fifo = folder.path().join("fifo");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let path = fifo.clone();
    let writer = std::thread::spawn(move || {
        let mut f = std::fs::OpenOptions::new().write(true).open(path).unwrap();
        let chunk = vec![b'1'; 1 << 20];
        while f.write_all(&chunk).is_ok() {}
    });
    let spec = format!("graph:{}", fifo.display());
    let out = limited(&["board", "show", "--board", &spec], |_| {});
    writer.join().unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("16 MiB"), "{}", stderr(&out));
    // A small file is still read.
    let edges = folder.path().join("edges");
    std::fs::write(&edges, "1-2\n2-3\n# a comment\n3-4\n").unwrap();
    let spec = format!("graph:{}", edges.display());
    let out = unhop(&["board", "show", "--board", &spec], None);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}
