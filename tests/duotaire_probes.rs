//! The non-regularity probes of the library, against computations that share nothing with it:
//! the X_i 0 X_j 0 X_k family against a plain recursion with its own hop rules, P' and the
//! Parikh set S against their definitions, and the `probe` commands' JSON against the library.

use crate::common;

use common::unhop;
use rustc_hash::FxHashMap;
use unhop::budget::Budget;
use unhop::games::{
    ClassSet, check_xor_family, class_table, in_parikh_set, in_xor_language, letter_runs,
    parikh_probe, pumping_probe, spell_runs, xor_family_word,
};
use unhop::solitaire::{Board, Language};
use unhop::{Figures, Quiet};

/// The chain-rule value of a row of cells (pegs `true`) that no hop may leave, by plain
/// memoised recursion: every peg, every direction, every chain of hops, no canonical forms.
fn plain_chain_value(cells: Vec<bool>, memo: &mut FxHashMap<Vec<bool>, u32>) -> u32 {
    if let Some(&v) = memo.get(&cells) {
        return v;
    }
    let mut options = Vec::new();
    for at in 0..cells.len() {
        if cells[at] {
            chains(&cells, at, &mut options);
        }
    }
    let values: Vec<u32> = options
        .into_iter()
        .map(|o| plain_chain_value(o, memo))
        .collect();
    let value = (0..).find(|v| !values.contains(v)).unwrap();
    memo.insert(cells, value);
    value
}

/// Every row the peg at `at` reaches by one or more hops.
fn chains(cells: &[bool], at: usize, found: &mut Vec<Vec<bool>>) {
    for step in [-1i64, 1] {
        let (over, to) = (at as i64 + step, at as i64 + 2 * step);
        if to < 0 || to >= cells.len() as i64 {
            continue;
        }
        let (over, to) = (over as usize, to as usize);
        if cells[over] && !cells[to] {
            let mut next = cells.to_vec();
            next[at] = false;
            next[over] = false;
            next[to] = true;
            found.push(next.clone());
            chains(&next, to, found);
        }
    }
}

/// The value of a word on a board by the plain recursion: on the infinite board the word is
/// padded with as many holes as it has pegs on each side (k pegs make at most k − 1 hops, each
/// reaching at most one cell further out).
fn plain_value(word: &unhop::Word, board: Board, memo: &mut FxHashMap<Vec<bool>, u32>) -> u32 {
    let cells: Vec<bool> = word.to_string().chars().map(|c| c == '1').collect();
    let pad = match board {
        Board::Finite => 0,
        Board::Infinite => cells.iter().filter(|&&c| c).count(),
    };
    let mut padded = vec![false; pad];
    padded.extend(cells);
    padded.extend(vec![false; pad]);
    plain_chain_value(padded, memo)
}

#[test]
fn the_xor_family_check_agrees_with_a_plain_recursion() {
    for board in Board::ALL {
        let max = 3;
        let check = check_xor_family(board, max, &Budget::default(), &Quiet).unwrap();
        assert_eq!(check.values.len(), 27);
        let mut memo = FxHashMap::default();
        let mut seen = Vec::new();
        for v in &check.values {
            let word = xor_family_word(v.i, v.j, v.k);
            assert_eq!(word.to_string().len() as u64, 2 * (v.i + v.j + v.k) + 8);
            let plain = plain_value(&word, board, &mut memo);
            assert_eq!(v.value, plain, "{board} {word}");
            assert_eq!(v.holds(), u64::from(plain) == v.i ^ v.j ^ v.k);
            seen.push((v.i, v.j, v.k));
        }
        let mut every = Vec::new();
        for i in 1..=max {
            for j in 1..=max {
                for k in 1..=max {
                    every.push((i, j, k));
                }
            }
        }
        assert_eq!(seen, every);
        assert!(check.holds(), "{board}");
    }
    let budget = Budget::default();
    assert!(check_xor_family(Board::Finite, 0, &budget, &Quiet).is_err());
    // Beyond 12³ triples, a refusal with the triples and the limit.
    let refused = check_xor_family(Board::Finite, 13, &budget, &Quiet).unwrap_err();
    assert_eq!(
        refused.figures(),
        Some(&Figures::new(2197, 1728, "triples"))
    );
}

#[test]
fn p_prime_and_s_follow_their_definitions() {
    // Every word over {a, b, c} up to length 9 against the definition.
    for len in 0..=9u32 {
        for code in 0..3u32.pow(len) {
            let word: Vec<u8> = (0..len).map(|d| (code / 3u32.pow(d) % 3) as u8).collect();
            let (a, b, c) = (
                word.iter().take_while(|&&l| l == 0).count(),
                word.iter().filter(|&&l| l == 1).count(),
                word.iter().filter(|&&l| l == 2).count(),
            );
            let sorted = word.windows(2).all(|p| p[0] <= p[1]);
            let want = sorted && a > 0 && b > 0 && c > 0 && a ^ b ^ c == 0;
            assert_eq!(in_xor_language(&word), want, "{word:?}");
            let runs = letter_runs(&word);
            assert_eq!(runs.iter().map(|r| r.1).sum::<usize>(), word.len());
            assert!(runs.windows(2).all(|r| r[0].0 != r[1].0));
        }
    }
    assert_eq!(spell_runs(&[0, 0, 2]), "a^2 c^1");
    for m in 0..4096u64 {
        assert_eq!(in_parikh_set(m), m & (m >> 1) == 0, "{m}");
    }
}

#[test]
fn probes_report_what_their_definitions_say() {
    let budget = Budget::default();
    let probe = pumping_probe(3, 6, &budget).unwrap();
    assert_eq!(spell_runs(&probe.z), "a^8 b^7 c^15");
    assert!(probe.z_in_language && probe.no_decomposition_pumps());
    // The estimate bounds the decompositions tried, four letters of work for each letter of
    // the words they build.
    for (n, p) in [(1, 1), (3, 6), (5, 16), (7, 32)] {
        let probe = pumping_probe(n, p, &budget).unwrap();
        let letters = 4 * (probe.z.len() + p) as u128;
        let estimate = unhop::games::pumping_estimate(n, p);
        assert!(u128::from(probe.report.decompositions) * letters <= estimate.work);
    }
    assert!(pumping_probe(0, 6, &budget).is_err());
    let refused = pumping_probe(12, 32, &budget).unwrap_err();
    assert_eq!(refused.kind(), unhop::ErrorKind::Refused);
    assert_eq!(refused.figures().unwrap().unit, "letters");
    let probe = parikh_probe(10, 200, &budget, &Quiet).unwrap();
    assert!(probe.game_agrees && probe.refuted());
    for w in &probe.witnesses {
        assert!(w.power > 200 && w.power.is_power_of_two());
        assert!(in_parikh_set(w.power) && !in_parikh_set(w.other));
        let m = w.least.unwrap();
        assert!(m >= 200 && in_parikh_set(m) != in_parikh_set(m + w.period));
    }
    // The game: X_m 0 X_2m 0 X_3m is a P-position exactly for m in S, by the plain recursion.
    let mut memo = FxHashMap::default();
    for m in 1..=3 {
        let plain = plain_value(&xor_family_word(m, 2 * m, 3 * m), Board::Finite, &mut memo);
        assert_eq!(plain == 0, in_parikh_set(m));
    }
}

#[test]
fn class_tables_level_off_for_the_one_peg_language_only() {
    for board in Board::ALL {
        let minimal = Language::of(board).minimal_dfa().states();
        let budget = Budget::default();
        let one_peg = class_table(ClassSet::OnePeg, board, 12, &budget, &Quiet).unwrap();
        assert!(one_peg.classes.iter().flatten().all(|&c| c <= minimal));
        let chain = class_table(ClassSet::PChain, board, 12, &budget, &Quiet).unwrap();
        let balanced: Vec<usize> = chain.balanced().iter().map(|b| b.1).collect();
        assert!(
            balanced[8..].windows(2).all(|p| p[0] < p[1]),
            "{balanced:?}"
        );
    }
    // Beyond a + b ≤ 20, refused by the lookups it needs.
    let refused = class_table(
        ClassSet::OnePeg,
        Board::Finite,
        21,
        &Budget::default(),
        &Quiet,
    );
    let refused = refused.unwrap_err();
    assert_eq!(refused.kind(), unhop::ErrorKind::Refused);
    assert_eq!(
        refused.figures(),
        Some(&Figures::new(318_767_457, 160_000_000, "lookups"))
    );
}

fn json(args: &[&str]) -> (Option<i32>, serde_json::Value) {
    let out = unhop(args, None);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 1, "{args:?}: {text}");
    (out.status.code(), serde_json::from_str(&text).unwrap())
}

/// `probe pumping` and `probe parikh` take --json (they had only text), and the reports are
/// the library's.
#[test]
fn pumping_and_parikh_probes_answer_in_json() {
    let (code, report) = json(&["probe", "pumping", "--exponent", "3", "--p", "6", "--json"]);
    let probe = pumping_probe(3, 6, &Budget::default()).unwrap();
    assert_eq!(code, Some(0));
    assert_eq!(report["decompositions"], probe.report.decompositions);
    assert_eq!(report["no_pumping_length"], true);
    assert_eq!(report["z"], "a^8 b^7 c^15");
    let (code, report) = json(&["probe", "pumping", "--n", "2", "--p", "12", "--json"]);
    assert_eq!(code, Some(1));
    assert_eq!(report["no_pumping_length"], false);
    let (code, report) = json(&[
        "probe",
        "parikh",
        "--max-period",
        "5",
        "--max-preperiod",
        "100",
        "--json",
    ]);
    assert_eq!(code, Some(0));
    assert_eq!(report["refuted"], true);
    assert_eq!(report["witnesses"].as_array().unwrap().len(), 5);
}

/// Every probe (and every other Duotaire command with a board) defaults to the infinite
/// board, and says so in its help.
#[test]
fn probes_default_to_the_infinite_board() {
    for args in [
        &["probe", "classes", "--help"][..],
        &["probe", "family", "--help"],
        &["plot", "stats", "--help"],
        &["plot", "family", "--help"],
        &["grundy", "--help"],
        &["family", "--help"],
        &["table", "--help"],
    ] {
        let out = unhop(args, None);
        let help = String::from_utf8(out.stdout).unwrap();
        assert!(help.contains("[default: infinite]"), "{args:?}: {help}");
    }
    let (_, report) = json(&["probe", "family", "--max-index", "2", "--json"]);
    assert_eq!(report["board"], "infinite");
}

/// `probe family --max-index M` names the index bound; the old `--max M` is still accepted,
/// hidden from the help, with the same report.
#[test]
fn probe_family_takes_max_index_and_still_accepts_max() {
    let (code, new) = json(&["probe", "family", "--max-index", "2", "--json"]);
    let (old_code, old) = json(&["probe", "family", "--max", "2", "--json"]);
    assert_eq!((code, old_code), (Some(0), Some(0)));
    assert_eq!(new, old);
    assert_eq!(new["max_index"], 2);
    let help = crate::common::unhop(&["probe", "family", "--help"], None);
    let help = String::from_utf8(help.stdout).unwrap();
    assert!(
        help.contains("--max-index") && !help.contains("--max <"),
        "{help}"
    );
}
