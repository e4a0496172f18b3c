//! `solitaire3` against an independent plain search over 2-D boards of three rows, written
//! here without the rule-set code: counts of one-peg boards, and solutions replayed on the
//! 2-D board.

use std::collections::HashMap;
use unhop::rules::{RuleSet, Target, count, exhaustive_solve};
use unhop::solitaire::Board;
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

#[test]
fn counts_equal_a_plain_search_over_2d_boards() {
    let rules = RuleSet::builtin("solitaire3").unwrap();
    for (board, max) in [(Board::Finite, 5), (Board::Infinite, 4)] {
        for n in 1..=max {
            let ours = count(
                &rules,
                n as u64,
                &Target::Weight(1),
                board,
                Method::Exhaustive,
                &Quiet,
            )
            .unwrap();
            assert_eq!(
                ours.to_string(),
                plain_count(n, board).to_string(),
                "n = {n} on {board}"
            );
        }
    }
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
            let s = exhaustive_solve(&rules, &word, board).unwrap();
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
            let mut best = u32::MAX;
            let mut seen = std::collections::HashSet::new();
            let mut stack = vec![grid(&word, pad)];
            while let Some(h) = stack.pop() {
                if !seen.insert(h) {
                    continue;
                }
                best = best.min(pegs(h));
                for next in jumps(h, None) {
                    let inside = board == Board::Infinite
                        || (0..3).all(|r| {
                            next[r] >> pad << pad == next[r]
                                && next[r] >> (pad as usize + word.len()) == 0
                        });
                    if inside {
                        stack.push(next);
                    }
                }
            }
            assert_eq!(best as u64, s.weight, "{text} on {board}");
        }
    }
}
