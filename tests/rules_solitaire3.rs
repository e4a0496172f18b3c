//! `solitaire3` against an independent plain search over 2-D boards of three rows, written
//! here without the rule-set code: counts of one-peg boards by both methods (the default one
//! answers with the three-row engines), solutions replayed on the 2-D board and by the
//! three-row replay checker, and `rules prove solitaire3` giving up as documented.

use crate::common;
use common::unhop;
use std::collections::HashMap;
use unhop::budget::Budget;
use unhop::rules::{Engine, RuleSet, Target, count_by, exhaustive_solve};
use unhop::solitaire::Board;
use unhop::solitaire::Direction;
use unhop::solitaire::three_rows::{self, Hop};
use unhop::{Method, Quiet};

/// A 3-row board: three rows of bits (cell c of a row at bit c), `width` columns.
type Grid = [u64; 3];

/// Every board one peg-solitaire jump leads to: horizontal jumps inside the `width` columns
/// (or anywhere when `width` is None), vertical jumps inside a column.
fn jumps(g: Grid, width: Option<u32>) -> Vec<Grid> {
    let mut out = Vec::new();
    let limit = width.unwrap_or(62);
    for r in 0..3 {
        for c in 0..limit.saturating_sub(2) {
            let cells = (g[r] >> c) & 7;
            if cells == 0b011 || cells == 0b110 {
                let mut h = g;
                h[r] ^= 7 << c;
                out.push(h);
            }
        }
    }
    for c in 0..limit {
        let column: Vec<bool> = (0..3).map(|r| g[r] >> c & 1 == 1).collect();
        if column == [true, true, false] || column == [false, true, true] {
            let mut h = g;
            for row in &mut h {
                *row ^= 1 << c;
            }
            out.push(h);
        }
    }
    out
}

fn pegs(g: Grid) -> u32 {
    g.iter().map(|r| r.count_ones()).sum()
}

/// The board shifted so that its leftmost peg is in column 0 (the infinite board's form).
fn normal(g: Grid) -> Grid {
    let all = g[0] | g[1] | g[2];
    if all == 0 {
        return g;
    }
    let s = all.trailing_zeros();
    g.map(|r| r >> s)
}

fn one_peg(g: Grid, width: Option<u32>, memo: &mut HashMap<Grid, bool>) -> bool {
    if let Some(&k) = memo.get(&g) {
        return k;
    }
    // On the infinite board the board sits at column 0: two free columns on its left first.
    let base = if width.is_none() {
        g.map(|r| r << 2)
    } else {
        g
    };
    let answer = pegs(g) == 1
        || jumps(base, width).into_iter().any(|h| {
            let h = if width.is_none() { normal(h) } else { h };
            one_peg(h, width, memo)
        });
    memo.insert(g, answer);
    answer
}

/// The board of a word of column letters (top·4 + middle·2 + bottom), placed `pad` columns in.
fn grid(word: &[u8], pad: u32) -> Grid {
    let mut g = [0u64; 3];
    for (c, &l) in word.iter().enumerate() {
        for (r, row) in g.iter_mut().enumerate() {
            *row |= u64::from(l >> (2 - r) & 1) << (c as u32 + pad);
        }
    }
    g
}

fn plain_count(n: usize, board: Board) -> u64 {
    let mut memo = HashMap::new();
    let mut total = 0;
    for code in 0..8u64.pow(n as u32) {
        let word: Vec<u8> = (0..n).map(|i| (code >> (3 * i) & 7) as u8).collect();
        let g = grid(&word, 0);
        let yes = match board {
            Board::Finite => one_peg(g, Some(n as u32), &mut memo),
            // Pegs never spread more than one column a jump, so pegs − 1 columns a side do;
            // the memo keeps boards shifted to column 0, which the 62-column bound covers.
            Board::Infinite => one_peg(normal(g), None, &mut memo),
        };
        total += u64::from(yes);
    }
    total
}

/// Both methods of the generic engine against the plain 2-D search, with the engine each
/// names: the default method needs no automaton (the old code gave up on it).
fn check_counts(board: Board, max: usize) {
    let rules = RuleSet::builtin("solitaire3").unwrap();
    for n in 0..=max {
        let plain = plain_count(n, board).to_string();
        for (method, engine) in [
            (
                Method::Fast,
                match board {
                    Board::Finite => Engine::BitmapSweep,
                    Board::Infinite => Engine::Search,
                },
            ),
            (Method::Exhaustive, Engine::Exhaustive),
        ] {
            let ours = count_by(
                &rules,
                n as u64,
                &Target::Weight(1),
                board,
                method,
                &Budget::default(),
                &Quiet,
            )
            .unwrap_or_else(|e| panic!("n = {n} on {board} by {method}: {e}"));
            assert_eq!(
                ours.count.to_string(),
                plain,
                "n = {n} on {board} by {method}"
            );
            assert_eq!(ours.engine, engine, "n = {n} on {board} by {method}");
        }
    }
}

#[test]
fn counts_equal_a_plain_search_over_2d_boards_on_the_finite_board() {
    check_counts(Board::Finite, 6);
}

#[test]
fn counts_equal_a_plain_search_over_2d_boards_on_the_infinite_board() {
    check_counts(Board::Infinite, 4);
}

#[test]
fn a_rule_file_with_the_same_hops_gets_the_same_engines() {
    let builtin = RuleSet::builtin("solitaire3").unwrap();
    // The same hops written as letter rules in another order, under another name.
    let mut rules: Vec<String> = builtin
        .rules()
        .iter()
        .rev()
        .map(|r| {
            let side = |w: &[u8]| w.iter().map(|l| char::from(b'0' + l)).collect::<String>();
            format!(
                "  {{ from = \"{}\", to = \"{}\" }},",
                side(&r.from),
                side(&r.to)
            )
        })
        .collect();
    let text = format!(
        "name = \"mine\"\nletters = \"01234567\"\nblank = \"0\"\nrows = 3\nrules = [\n{}\n]\n",
        rules.join("\n")
    );
    let same = RuleSet::parse(&text, "mine.toml").unwrap();
    assert!(same.is_three_rows_solitaire());
    let fast = count_by(
        &same,
        4,
        &Target::Weight(1),
        Board::Finite,
        Method::Fast,
        &Budget::default(),
        &Quiet,
    )
    .unwrap();
    assert_eq!(fast.engine, Engine::BitmapSweep);
    assert_eq!(
        fast.count.to_string(),
        plain_count(4, Board::Finite).to_string()
    );
    // One hop fewer is another rule set: no three-row engine answers for it.
    rules.pop();
    let text = format!(
        "name = \"fewer\"\nletters = \"01234567\"\nblank = \"0\"\nrows = 3\nrules = [\n{}\n]\n",
        rules.join("\n")
    );
    assert!(
        !RuleSet::parse(&text, "fewer.toml")
            .unwrap()
            .is_three_rows_solitaire()
    );
}

#[test]
fn other_targets_are_counted_by_the_search() {
    let rules = RuleSet::builtin("solitaire3").unwrap();
    for board in Board::ALL {
        for n in 0..=3u64 {
            let target = Target::named(&rules, "weight=2").unwrap();
            let budget = Budget::default();
            let by = |method| count_by(&rules, n, &target, board, method, &budget, &Quiet);
            let (fast, slow) = (by(Method::Fast).unwrap(), by(Method::Exhaustive).unwrap());
            assert_eq!(fast.engine, Engine::Search);
            assert_eq!(fast.count, slow.count, "n = {n} on {board}");
        }
    }
}

/// The hop a rule application of `solitaire3` is, read off the cells it changes.
fn hop_of(from: &[u8], to: &[u8], at: i64) -> Hop {
    if from.len() == 1 {
        let direction = if from[0] == 0b110 {
            Direction::Right
        } else {
            Direction::Left
        };
        return Hop::Column {
            column: at,
            direction,
        };
    }
    assert_eq!(from.len(), 3, "a row hop spans three columns");
    let row = (0..3)
        .find(|&r| (0..3).any(|c| (from[c] ^ to[c]) >> (2 - r) & 1 == 1))
        .expect("a hop changes a cell");
    if from[0] >> (2 - row) & 1 == 1 {
        Hop::Row {
            row,
            from: at,
            direction: Direction::Right,
        }
    } else {
        Hop::Row {
            row,
            from: at + 2,
            direction: Direction::Left,
        }
    }
}

#[test]
fn solutions_printed_by_the_default_method_replay_on_three_rows() {
    let rules = RuleSet::builtin("solitaire3").unwrap();
    let boards =
        "110/011/000\n111/101/010\n0110/1111/0100\n11/11/11\n1101/0110/1011\n000/010/000\n";
    for board in ["finite", "infinite"] {
        let out = unhop(
            &[
                "rules",
                "solve",
                "solitaire3",
                "-",
                "--board",
                board,
                "--json",
            ],
            Some(boards.as_bytes()),
        );
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), boards.lines().count());
        let on: Board = board.parse().unwrap();
        for v in &lines {
            assert_eq!(v["engine"], "search");
            let text = v["word"].as_str().unwrap();
            let start: three_rows::Grid = text.parse().unwrap();
            let hops: Vec<Hop> = v["steps"]
                .as_array()
                .unwrap()
                .iter()
                .map(|st| {
                    let shown = st["rule"].as_str().unwrap();
                    let (f, t) = shown.split_once('>').unwrap();
                    let letters = |s: &str| s.bytes().map(|b| b - b'0').collect::<Vec<u8>>();
                    hop_of(&letters(f), &letters(t), st["at"].as_i64().unwrap())
                })
                .collect();
            let end = three_rows::replay(&start, on, &hops)
                .unwrap_or_else(|e| panic!("{text} on {board}: {e}"));
            assert_eq!(
                end.grid.pegs() as u64,
                v["weight"].as_u64().unwrap(),
                "{text}"
            );
            // The printed final word is the replayed grid, trimmed of empty columns on the
            // infinite board.
            let columns = end.grid.columns();
            let (first, last) = match on {
                Board::Finite => (0, columns.len()),
                Board::Infinite => (
                    columns.iter().position(|&c| c != 0).unwrap_or(0),
                    columns.iter().rposition(|&c| c != 0).map_or(0, |i| i + 1),
                ),
            };
            let trimmed = rules.show_word(&columns[first..last]);
            assert_eq!(v["final"], trimmed, "{text} on {board}");
            if end.grid.pegs() > 0 {
                assert_eq!(
                    v["final_offset"].as_i64().unwrap(),
                    end.offset + first as i64
                );
            }
            // The least pegs equal the plain 2-D search's.
            let word = rules.parse_word(text).unwrap();
            assert_eq!(
                least_pegs(&word, on) as u64,
                v["weight"].as_u64().unwrap(),
                "{text} on {board}"
            );
        }
    }
}

#[test]
fn the_default_method_counts_and_names_its_engine_on_the_command_line() {
    for (board, engine) in [("finite", "bitmap sweep"), ("infinite", "search")] {
        let out = unhop(
            &[
                "rules",
                "count",
                "solitaire3",
                "3",
                "--board",
                board,
                "--json",
            ],
            None,
        );
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["engine"], engine);
        assert_eq!(v["rules"], "solitaire3");
        assert_eq!(v["length"], 3);
        assert_eq!(v["target"], "one");
        assert_eq!(v["board"], board);
        let on: Board = board.parse().unwrap();
        assert_eq!(v["count"].to_string(), plain_count(3, on).to_string());
    }
    // Beyond the search's limit on the infinite board: refused up front (exit 2), naming the
    // estimate and the limit.
    let out = unhop(&["rules", "count", "solitaire3", "9"], None);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("8^9") && err.contains("limit"), "{err}");
}

#[test]
fn proving_solitaire3_gives_up_saying_what_was_tried() {
    let out = unhop(&["rules", "prove", "solitaire3"], None);
    // Gave up: exit 2 (docs/cli.md, "Exit codes"), not a crash (70) and not a refusal before any work.
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    for needed in ["3 × 4", "not closed", "not known", "class counts"] {
        assert!(err.contains(needed), "{needed:?} in {err}");
    }
    assert!(out.stdout.is_empty());
    let err = unhop::rules::prove(
        &RuleSet::builtin("solitaire3").unwrap(),
        3,
        &Budget::default(),
        &Quiet,
    )
    .unwrap_err();
    assert_eq!(err.kind(), unhop::ErrorKind::GaveUp);
}

#[test]
fn the_text_form_of_three_rows_is_the_column_letters() {
    let rules = RuleSet::builtin("solitaire3").unwrap();
    let word = rules.parse_word("110/011/000").unwrap();
    assert_eq!(word, vec![4, 6, 2]);
    assert_eq!(rules.show_word(&word), "110/011/000");
    assert!(rules.parse_word("11/011/000").is_err());
    assert!(rules.parse_word("110/011/020").is_err());
}

#[test]
fn solutions_replay_as_jumps_on_the_2d_board() {
    let rules = RuleSet::builtin("solitaire3").unwrap();
    for text in ["110/011/000", "111/101/010", "0110/1111/0100", "11/11/11"] {
        for board in [Board::Finite, Board::Infinite] {
            let word = rules.parse_word(text).unwrap();
            let s = exhaustive_solve(&rules, &word, board, &Budget::default()).unwrap();
            // Replay on the 2-D board: each step must be one legal jump.
            let pad = 16u32;
            let mut g = grid(&word, pad);
            for step in &s.steps {
                let rule = &rules.rules()[step.rule];
                let at = (step.at + pad as i64) as u32;
                let before = grid(&rule.from, at);
                let after = grid(&rule.to, at);
                let mask: Grid = std::array::from_fn(|_| {
                    (0..rule.from.len() as u32).fold(0, |m, c| m | 1 << (at + c))
                });
                assert!(
                    (0..3).all(|r| g[r] & mask[r] == before[r]),
                    "{text}: the rule's cells are there"
                );
                let next: Grid = std::array::from_fn(|r| (g[r] & !mask[r]) | after[r]);
                let legal = jumps(g, None).contains(&next);
                assert!(legal, "{text}: step {} is one jump", rules.show_rule(rule));
                if board == Board::Finite {
                    assert!(step.at >= 0 && step.at as usize + rule.from.len() <= word.len());
                }
                g = next;
            }
            assert_eq!(pegs(g) as u64, s.weight);
            let last = grid(&s.final_word, (s.final_offset + pad as i64) as u32);
            assert_eq!(g, last, "{text} on {board}");
            // And the least pegs equal the plain search's.
            assert_eq!(
                least_pegs(&word, board) as u64,
                s.weight,
                "{text} on {board}"
            );
        }
    }
}

/// The least pegs `word` reaches on `board`, by the plain 2-D search.
fn least_pegs(word: &[u8], board: Board) -> u32 {
    let pad = 16u32;
    let mut best = u32::MAX;
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![grid(word, pad)];
    while let Some(h) = stack.pop() {
        if !seen.insert(h) {
            continue;
        }
        best = best.min(pegs(h));
        for next in jumps(h, None) {
            let inside = board == Board::Infinite
                || (0..3).all(|r| {
                    next[r] >> pad << pad == next[r] && next[r] >> (pad as usize + word.len()) == 0
                });
            if inside {
                stack.push(next);
            }
        }
    }
    best
}
