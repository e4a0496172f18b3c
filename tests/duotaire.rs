//! Duotaire values against the plain memoised recursion, the paper's families and Lemma 1.

use rustc_hash::FxHashMap;
use unhop::games::{Duotaire, MoveRule, Row, Solver, exhaustive_value};
use unhop::solitaire::Board;
use unhop::{Error, Quiet, Word};

const RULES: [MoveRule; 2] = [MoveRule::Single, MoveRule::Chain];

fn all_words(len: usize) -> impl Iterator<Item = Word> {
    (0..1u128 << len).map(move |bits| Word::from_bits(bits, len))
}

#[test]
fn solver_agrees_with_naive_recursion_on_every_word_up_to_14() {
    for rule in RULES {
        for board in Board::ALL {
            let game = Duotaire::new(rule, board);
            let mut solver = Solver::new(game);
            let mut memo: FxHashMap<Row, u32> = FxHashMap::default();
            for len in 1..=14 {
                for word in all_words(len) {
                    let row = game.position(&word).unwrap();
                    let naive = exhaustive_value(&game, &row, &mut memo);
                    assert_eq!(solver.value(&row), naive, "{rule} {board} {word}");
                }
            }
        }
    }
}

#[test]
fn solver_agrees_with_naive_recursion_on_random_words_15_to_24() {
    let mut x: u64 = 0x1234_5678_9abc_def1;
    for rule in RULES {
        for board in Board::ALL {
            let game = Duotaire::new(rule, board);
            let mut solver = Solver::new(game);
            let mut memo: FxHashMap<Row, u32> = FxHashMap::default();
            for _ in 0..200 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let len = 15 + (x % 10) as usize;
                let word = Word::from_cells((0..len).map(|i| (x >> (i + 10)) & 1 == 1));
                let row = game.position(&word).unwrap();
                let naive = exhaustive_value(&game, &row, &mut memo);
                assert_eq!(solver.value(&row), naive, "{rule} {board} {word}");
            }
        }
    }
}

/// Moore and Eppstein's family: 011(01)^n0 has value n + 1 under chain and alternates 1, 2 under single.
#[test]
fn the_papers_family_has_the_published_values() {
    for board in Board::ALL {
        for (rule, want) in [
            (MoveRule::Chain, (1..=10).collect::<Vec<u32>>()),
            (MoveRule::Single, (0..10).map(|n| 1 + n % 2).collect()),
        ] {
            let game = Duotaire::new(rule, board);
            let mut solver = Solver::new(game);
            let got: Vec<u32> = (0..10)
                .map(|n| {
                    let word = Word::parse(&format!("011{}0", "01".repeat(n))).unwrap();
                    solver.value(&game.position(&word).unwrap())
                })
                .collect();
            assert_eq!(got, want, "{rule} {board}");
        }
    }
}

/// The value of a finite-board word by the plain recursion, which never splits a position.
fn finite_plain_recursion(rule: MoveRule) -> impl FnMut(String) -> u32 {
    let game = Duotaire::new(rule, Board::Finite);
    let mut memo: FxHashMap<Row, u32> = FxHashMap::default();
    move |text: String| {
        let row = game.position(&text.parse().unwrap()).unwrap();
        exhaustive_value(&game, &row, &mut memo)
    }
}

/// Lemma 1 on the finite board: a gap of three holes splits a game, g(u000w) = g(u0) ⊕ g(0w),
/// checked by the plain recursion (which never splits) on every u, w of length 1 to 5.
#[test]
fn three_holes_split_a_game_on_the_finite_board() {
    for rule in RULES {
        let mut naive = finite_plain_recursion(rule);
        for lu in 1..=5 {
            for lw in 1..=5 {
                for u in all_words(lu) {
                    for w in all_words(lw) {
                        let whole = naive(format!("{u}000{w}"));
                        let parts = naive(format!("{u}0")) ^ naive(format!("0{w}"));
                        assert_eq!(whole, parts, "{rule}: {u}000{w}");
                    }
                }
            }
        }
    }
}

/// Two holes at an end of the finite board play as one, g(00w) = g(0w) and g(w00) = g(w0)
/// (no peg ever reaches the outer hole: the golden-ratio weights of `FiniteTable`), checked by
/// the plain recursion on every w of 1 to 10 cells.
#[test]
fn two_holes_at_an_end_play_as_one_on_the_finite_board() {
    for rule in RULES {
        let mut naive = finite_plain_recursion(rule);
        for len in 1..=10 {
            for w in all_words(len) {
                assert_eq!(
                    naive(format!("00{w}")),
                    naive(format!("0{w}")),
                    "{rule}: 00{w}"
                );
                assert_eq!(
                    naive(format!("{w}00")),
                    naive(format!("{w}0")),
                    "{rule}: {w}00"
                );
            }
        }
    }
}

#[test]
fn winning_moves_lead_to_zero_and_exist_exactly_for_nonzero_values() {
    for rule in RULES {
        for board in Board::ALL {
            let game = Duotaire::new(rule, board);
            let mut solver = Solver::new(game);
            for word in all_words(9) {
                let row = game.position(&word).unwrap();
                let value = solver.value(&row);
                let winning = solver.winning_moves_of(&word).unwrap();
                assert_eq!(winning.is_empty(), value == 0, "{rule} {board} {word}");
                for hops in winning {
                    // Hops are in the word's coordinates; a chain is one peg's hops.
                    let done = unhop::solitaire::replay(&word, board, &hops);
                    assert!(done.is_ok(), "{rule} {board} {word}: {hops:?}");
                    assert!(hops.windows(2).all(|h| h[1].from() == h[0].to()));
                    assert!(rule == MoveRule::Chain || hops.len() == 1);
                    let after = game.position(&done.unwrap().final_word).unwrap();
                    assert_eq!(solver.value(&after), 0, "{rule} {board} {word}: {hops:?}");
                }
            }
        }
    }
}

/// The dense table (its own move generation, sums and mirror images by index) against the
/// hash-map solver on every word up to 16 cells.
#[test]
fn dense_finite_table_agrees_with_the_solver_up_to_16() {
    for rule in RULES {
        let game = Duotaire::new(rule, Board::Finite);
        let mut solver = Solver::new(game);
        let mut lengths = 0;
        let budget = unhop::budget::Budget::default();
        let table =
            unhop::games::FiniteTable::build(rule, 16, &budget, &Quiet, &mut |len, values| {
                assert_eq!(values.len(), 1 << len);
                for (bits, &value) in values.iter().enumerate() {
                    let word = Word::from_bits(bits as u128, len);
                    let row = game.position(&word).unwrap();
                    assert_eq!(u32::from(value), solver.value(&row), "{rule} {word}");
                }
                lengths += 1;
                Ok::<(), Error>(())
            })
            .unwrap();
        assert_eq!(lengths, 16);
        // What the table keeps: every word, except that of length 15 only those with a hole
        // at an end (looked up directly or as their mirror image).
        for len in 1..=16 {
            for word in all_words(len) {
                let kept = len != 15 || !word.get(0) || !word.get(len - 1);
                let want = kept.then(|| solver.value(&game.position(&word).unwrap()) as u8);
                assert_eq!(table.value(&word), want, "{rule} {word}");
            }
        }
    }
}

/// A solver with a limit refuses, with an error, a position that needs more memo entries,
/// and a limited solver that does not hit its limit agrees with an unlimited one.
#[test]
fn solver_limits_refuse_instead_of_running_away() {
    let game = Duotaire::new(MoveRule::Chain, Board::Infinite);
    let word: Word = "0111110110101111111110101101110101".parse().unwrap();
    let row = game.position(&word).unwrap();
    let budget = unhop::budget::Budget::default().with_max_positions(1000);
    let mut small = Solver::with_budget(game, &budget);
    let err = small.try_value(&row).unwrap_err();
    assert_eq!(err.kind(), unhop::ErrorKind::GaveUp);
    assert_eq!(
        err.figures(),
        Some(&unhop::Figures::new(1001, 1000, "positions"))
    );
    let short = game.position(&"0110101".parse().unwrap()).unwrap();
    let mut limited = Solver::with_budget(game, &budget);
    assert_eq!(
        limited.try_value(&short).unwrap(),
        Solver::new(game).value(&short)
    );
}

/// The dense infinite-board table (moves in a window one cell wider on each side, filled by
/// peg count across lengths, longer options by recursion) against the hash-map solver: every
/// word up to 16 cells from a table of 16, and every word up to 11 from a table of only 9, so
/// that many options fall outside the table and take the recursion.
#[test]
fn dense_infinite_table_agrees_with_the_solver() {
    for rule in RULES {
        let game = Duotaire::new(rule, Board::Infinite);
        let mut solver = Solver::new(game);
        for (table_len, checked_len) in [(16, 16), (9, 11)] {
            // Every length is handed out once, in order, with the values the table keeps.
            let mut handed = Vec::new();
            let budget = unhop::budget::Budget::default();
            let mut each = |l, v: &[u8]| {
                handed.push((l, v.to_vec()));
                Ok::<(), Error>(())
            };
            let table =
                unhop::games::InfiniteTable::build(rule, table_len, &budget, &Quiet, &mut each)
                    .unwrap();
            assert_eq!(handed.len(), table_len);
            for (i, (len, values)) in handed.iter().enumerate() {
                assert_eq!((*len, &values[..]), (i + 1, table.values(i + 1)));
            }
            for len in 1..=checked_len {
                for word in all_words(len) {
                    let in_table = word.trimmed().len() <= table_len;
                    let want = in_table.then(|| solver.value(&game.position(&word).unwrap()) as u8);
                    assert_eq!(table.value(&word), want, "{rule} {word}");
                }
            }
        }
    }
}

/// Misère play, by an independent plain recursion: a finite row of cells with its own move
/// generator (a move is one hop, or under the chain rule any number of hops by one peg), no
/// canonical forms and no sums; a position without moves has value 1, else the mex of its
/// options' values.
fn misere_plain(cells: &[bool], chain: bool, memo: &mut FxHashMap<Vec<bool>, u32>) -> u32 {
    if let Some(&v) = memo.get(cells) {
        return v;
    }
    let mut options = Vec::new();
    for at in 0..cells.len() {
        if cells[at] {
            hops_of(cells, at, chain, &mut options);
        }
    }
    let values: Vec<u32> = options
        .iter()
        .map(|o| misere_plain(o, chain, memo))
        .collect();
    let value = match values.is_empty() {
        true => 1,
        false => (0..).find(|v| !values.contains(v)).unwrap(),
    };
    memo.insert(cells.to_vec(), value);
    value
}

/// Every row one move of the peg at `at` leads to.
fn hops_of(cells: &[bool], at: usize, chain: bool, found: &mut Vec<Vec<bool>>) {
    for (over, to) in [(at.wrapping_sub(1), at.wrapping_sub(2)), (at + 1, at + 2)] {
        if to < cells.len() && cells[over] && !cells[to] {
            let mut next = cells.to_vec();
            (next[at], next[over], next[to]) = (false, false, true);
            found.push(next.clone());
            if chain {
                hops_of(&next, to, chain, found);
            }
        }
    }
}

/// The misère value of `word` on `board` by [`misere_plain`]: on the infinite board the word
/// padded with as many holes on each side as it has pegs (no peg can get further).
fn misere_value(
    word: &Word,
    rule: MoveRule,
    board: Board,
    memo: &mut FxHashMap<Vec<bool>, u32>,
) -> u32 {
    let cells: Vec<bool> = (0..word.len()).map(|i| word.get(i)).collect();
    let pad = match board {
        Board::Finite => 0,
        Board::Infinite => word.pegs(),
    };
    let mut padded = vec![false; pad];
    padded.extend(cells);
    padded.extend(vec![false; pad]);
    misere_plain(&padded, rule == MoveRule::Chain, memo)
}

/// Misère values checked by hand: a row without moves is won (value 1); `110` and `0110`
/// under single moves leave the opponent without a move, so they are lost; `01101` under
/// chain moves has the options `00011` (one move left: value 0) and `10001` (none: 1), so
/// value 2; and `11000011`, a sum of two one-move games, is won (the player to move makes
/// the first move, the opponent must make the last), though the XOR of its parts' misère
/// values, 0 ⊕ 0, would say lost: misère values do not add.
#[test]
fn misere_values_of_small_words_are_the_hand_checked_ones() {
    use unhop::games::Convention;
    let cases = [
        (MoveRule::Single, Board::Finite, "1", 1),
        (MoveRule::Single, Board::Finite, "11", 1),
        (MoveRule::Single, Board::Infinite, "11", 0),
        (MoveRule::Single, Board::Finite, "110", 0),
        (MoveRule::Single, Board::Finite, "0110", 0),
        (MoveRule::Chain, Board::Finite, "01101", 2),
        (MoveRule::Single, Board::Finite, "11000011", 1),
        (MoveRule::Chain, Board::Finite, "0", 1),
    ];
    for (rule, board, text, want) in cases {
        let game = Duotaire::new(rule, board).with_convention(Convention::Misere);
        let row = game.position(&text.parse().unwrap()).unwrap();
        assert_eq!(Solver::new(game).value(&row), want, "{rule} {board} {text}");
        let plain = exhaustive_value(&game, &row, &mut FxHashMap::default());
        assert_eq!(plain, want, "{rule} {board} {text}");
    }
    let normal = Duotaire::new(MoveRule::Single, Board::Finite);
    let row = normal.position(&"11000011".parse().unwrap()).unwrap();
    assert_eq!(
        Solver::new(normal).value(&row),
        0,
        "normal play: the sum 1 ⊕ 1"
    );
}

/// Under misère play the memoised solver (canonical forms, no sums), its exhaustive twin, the
/// dense tables, the exhaustive tables and the independent plain recursion agree on every
/// word up to length 11, both move rules, both boards.
#[test]
fn misere_values_agree_across_every_method_on_every_word_up_to_11() {
    use unhop::Method;
    use unhop::budget::Budget;
    use unhop::games::{Analysis, Convention, each_table_length};
    const LEN: usize = 11;
    for rule in RULES {
        for board in Board::ALL {
            let game = Duotaire::new(rule, board).with_convention(Convention::Misere);
            let mut solver = Solver::new(game);
            let mut memo: FxHashMap<Row, u32> = FxHashMap::default();
            let mut plain = FxHashMap::default();
            let budget = Budget::default();
            let mut exhaustive =
                Analysis::new(game, &budget, &Quiet).with_method(Method::Exhaustive);
            for len in 1..=LEN {
                for word in all_words(len) {
                    let row = game.position(&word).unwrap();
                    let want = misere_value(&word, rule, board, &mut plain);
                    assert_eq!(solver.value(&row), want, "{rule} {board} {word}");
                    assert_eq!(
                        exhaustive_value(&game, &row, &mut memo),
                        want,
                        "{rule} {board} {word}"
                    );
                    assert_eq!(
                        exhaustive.value(&word).unwrap(),
                        want,
                        "{rule} {board} {word}"
                    );
                }
            }
            for method in Method::ALL {
                each_table_length(game, method, LEN, &budget, &Quiet, &mut |length| {
                    for row in length.rows() {
                        let want = misere_value(&row.word, rule, board, &mut plain);
                        assert_eq!(row.value, want, "{rule} {board} {method} {}", row.word);
                    }
                    Ok::<(), Error>(())
                })
                .unwrap();
            }
        }
    }
}

/// The tables' exhaustive twin (every word valued one by one by the plain recursion) agrees
/// with the dense tables under normal play, both move rules, both boards.
#[test]
fn exhaustive_tables_agree_with_the_dense_ones_under_normal_play() {
    use unhop::Method;
    use unhop::budget::Budget;
    use unhop::games::each_table_length;
    for rule in RULES {
        for board in Board::ALL {
            let game = Duotaire::new(rule, board);
            let budget = Budget::default();
            let mut tables = Vec::new();
            for method in Method::ALL {
                let mut values = Vec::new();
                each_table_length(game, method, 12, &budget, &Quiet, &mut |length| {
                    values.push(length.values.to_vec());
                    Ok::<(), Error>(())
                })
                .unwrap();
                tables.push(values);
            }
            assert_eq!(tables[0], tables[1], "{rule} {board}");
        }
    }
}
