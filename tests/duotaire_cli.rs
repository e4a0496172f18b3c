//! The Duotaire commands' conventions: JSON Lines from `table`, rows streamed as each length
//! is done, values in nimber notation, `grundy --options`, help texts from the library's
//! limits, and progress reported by the library in units of work.

use crate::common;

use common::unhop;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use unhop::games::{
    Analysis, Duotaire, MAX_INFINITE_TABLE_LEN, MoveRule, Notation, Solver, each_table_length,
};
use unhop::solitaire::{Board, replay};
use unhop::{Error, Progress, Quiet, Word};

fn stdout(args: &[&str]) -> String {
    let out = unhop(args, None);
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
