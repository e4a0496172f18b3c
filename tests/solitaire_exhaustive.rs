//! The fast methods against their exhaustive twins, on every small word and random larger ones.

use proptest::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};
use unhop::Method;
use unhop::Word;
use unhop::solitaire::dag::BlockDag;
use unhop::solitaire::{
    Board, Language, check_with, count_with, exhaustive, learn_language, replay, solve, solve_with,
};
use unhop::{Progress, Quiet};

/// Every word of length `len`.
fn all_words(len: usize) -> impl Iterator<Item = Word> {
    (0..1u128 << len).map(move |bits| Word::from_bits(bits, len))
}

#[test]
fn infinite_board_agrees_with_exhaustive_search_up_to_16() {
    let language = Language::of(Board::Infinite);
    for len in 1..=16 {
        for word in all_words(len) {
            let exhaustive_min = exhaustive::search(&word, Board::Infinite).unwrap().min_pegs;
            let fast = solve(&word, Board::Infinite).unwrap();
            assert_eq!(fast.min_pegs, exhaustive_min, "minimum pegs of {word}");
            assert_eq!(
                language.contains(&word),
                exhaustive_min == 1,
                "membership of {word}"
            );
        }
    }
}

#[test]
fn finite_board_membership_agrees_with_exhaustive_search_up_to_16() {
    let language = Language::of(Board::Finite);
    for len in 1..=16 {
        for word in all_words(len) {
            let exhaustive_min = exhaustive::search(&word, Board::Finite).unwrap().min_pegs;
            assert_eq!(
                language.contains(&word),
                exhaustive_min == 1,
                "membership of {word}"
            );
        }
    }
}

/// The two exhaustive searches are independent programs; they must agree.
#[test]
fn both_exhaustive_searches_agree_on_the_finite_board_up_to_14() {
    for len in 1..=14 {
        for word in all_words(len) {
            let memo = exhaustive::search(&word, Board::Finite).unwrap();
            let bfs = exhaustive::reachable_min_pegs(&word, Board::Finite).unwrap();
            assert_eq!(memo.min_pegs, bfs, "finite minimum of {word}");
            let replayed = replay(&word, Board::Finite, &memo.hops).unwrap();
            assert_eq!(replayed.final_word.pegs(), memo.min_pegs, "{word}");
        }
    }
}

#[test]
fn both_exhaustive_searches_agree_on_the_infinite_board_up_to_12() {
    for len in 1..=12 {
        for word in all_words(len) {
            let memo = exhaustive::search(&word, Board::Infinite).unwrap().min_pegs;
            let bfs = exhaustive::reachable_min_pegs(&word, Board::Infinite).unwrap();
            assert_eq!(memo, bfs, "infinite minimum of {word}");
        }
    }
}

/// On the finite board the block factorisation of the infinite board is wrong.
#[test]
fn finite_board_counterexamples_to_block_factorisation() {
    let solved = solve(&"01111".parse().unwrap(), Board::Finite).unwrap();
    assert_eq!(solved.min_pegs, 2);
    let blocks = BlockDag::new(&"01111".parse().unwrap()).unwrap();
    assert_eq!(blocks.min_pegs(), 2); // on the infinite board 011|11 works…
    let finite = Language::of(Board::Finite);
    let two_blocks = (1..5).any(|cut| {
        let word: Word = "01111".parse().unwrap();
        finite.contains(&word.slice(0..cut)) && finite.contains(&word.slice(cut..5))
    });
    assert!(
        !two_blocks,
        "…but no factorisation into two finite-board blocks exists"
    );
    assert_eq!(
        solve(&"1111".parse().unwrap(), Board::Finite)
            .unwrap()
            .min_pegs,
        4
    );
}

/// The paper's DAG, built with petgraph and searched with A*, is a third computation of the
/// infinite-board minimum.
#[test]
fn petgraph_dag_agrees_with_the_linear_sweep_up_to_12() {
    for len in 1..=12 {
        for word in all_words(len) {
            let dag = BlockDag::new(&word).unwrap();
            let fast = solve(&word, Board::Infinite).unwrap();
            assert_eq!(dag.min_pegs(), fast.min_pegs, "{word}");
            let blocks = dag.blocks();
            let language = Language::of(Board::Infinite);
            assert!(
                blocks
                    .iter()
                    .all(|b| language.contains(&word.slice(b.clone())))
            );
            if fast.min_pegs > 0 {
                assert_eq!(blocks.last().map(|b| b.end), Some(word.len()));
            }
        }
    }
}

#[test]
fn the_languages_are_closed_under_reversal_up_to_16() {
    for board in Board::ALL {
        let language = Language::of(board);
        for len in 1..=16 {
            for word in all_words(len) {
                assert_eq!(
                    language.contains(&word),
                    language.contains(&word.reversed())
                );
            }
        }
    }
}

#[test]
fn exhaustive_method_of_solve_is_replayed_too() {
    for text in ["1101101", "0110111011", "111", "000"] {
        let word: Word = text.parse().unwrap();
        for board in Board::ALL {
            let s = solve_with(&word, board, Method::Exhaustive).unwrap();
            let replayed = replay(&word, board, &s.hops).unwrap();
            assert_eq!(replayed.final_word, s.final_word);
            assert_eq!(s.final_word.pegs(), s.min_pegs);
        }
    }
}

#[test]
fn check_by_both_methods_agrees_on_every_word_up_to_12_and_random_words() {
    let words = (1..=12).flat_map(all_words).chain(random_words(200, 7));
    for word in words {
        for board in Board::ALL {
            let fast = check_with(&word, board, Method::Fast, &Quiet).unwrap();
            let slow = check_with(&word, board, Method::Exhaustive, &Quiet).unwrap();
            assert_eq!(fast, slow, "{word} {board}");
        }
    }
}

#[test]
fn count_by_both_methods_agrees_up_to_16() {
    for board in Board::ALL {
        for n in 1..=16 {
            assert_eq!(
                count_with(n, board, Method::Fast, &Quiet).unwrap(),
                count_with(n, board, Method::Exhaustive, &Quiet).unwrap(),
                "{board} {n}"
            );
        }
        assert!(count_with(0, board, Method::Fast, &Quiet).is_err());
        assert!(count_with(21, board, Method::Exhaustive, &Quiet).is_err());
    }
}

/// Adds up the work a computation reports.
#[derive(Default)]
struct Tally {
    total: AtomicU64,
    done: AtomicU64,
}

impl Progress for Tally {
    fn start(&self, _what: &str, total: Option<u64>) {
        self.total.store(total.unwrap_or(0), Ordering::Relaxed);
    }
    fn advance(&self, work: u64) {
        self.done.fetch_add(work, Ordering::Relaxed);
    }
}

#[test]
fn learning_the_language_reports_all_its_work_and_matches_the_expression() {
    for board in Board::ALL {
        let tally = Tally::default();
        let learned = learn_language(board, 14, &tally).unwrap();
        assert!(learned.equivalent(), "{board}");
        assert_eq!(learned.learned.dfa.states(), learned.expression_states);
        let total = tally.total.load(Ordering::Relaxed);
        assert!(total > 0);
        assert_eq!(tally.done.load(Ordering::Relaxed), total, "{board}");
    }
}

#[test]
fn the_exhaustive_count_reports_every_word() {
    for len in [3, 12, 13] {
        let tally = Tally::default();
        count_with(len, Board::Finite, Method::Exhaustive, &tally).unwrap();
        assert_eq!(tally.total.load(Ordering::Relaxed), 1 << len);
        assert_eq!(tally.done.load(Ordering::Relaxed), 1 << len);
    }
}

/// A deterministic stream of random words of length 17..=60 for the exhaustive comparison.
///
/// The exhaustive searches take time proportional to the number of reachable positions,
/// which explodes for dense long words (a 60-cell word with pegs at density 0.45 can take a
/// minute). So the density falls with the length: 0.5 up to 30 cells, then 0.42, 0.38 and
/// 0.33 up to 40, 50 and 60 cells; that keeps every search under a second.
fn random_words(count: usize, seed: u64) -> impl Iterator<Item = Word> {
    let mut x = seed;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    (0..count).map(move |_| {
        let len = 17 + (next() % 44) as usize;
        let density = match len {
            ..=30 => 0.5,
            31..=40 => 0.42,
            41..=50 => 0.38,
            _ => 0.33,
        };
        Word::from_cells((0..len).map(|_| (next() % 1_000_000) as f64 / 1e6 < density))
    })
}

#[test]
fn random_words_17_to_60_agree_with_exhaustive_search() {
    let infinite = Language::of(Board::Infinite);
    let finite = Language::of(Board::Finite);
    for word in random_words(2000, 0x9e37_79b9_7f4a_7c15) {
        let fast = solve(&word, Board::Infinite).unwrap();
        let exhaustive_min = exhaustive::reachable_min_pegs(&word, Board::Infinite).unwrap();
        assert_eq!(fast.min_pegs, exhaustive_min, "{word}");
        assert_eq!(infinite.contains(&word), exhaustive_min == 1, "{word}");
        let finite_min = exhaustive::reachable_min_pegs(&word, Board::Finite).unwrap();
        assert_eq!(finite.contains(&word), finite_min == 1, "{word}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Long words (no exhaustive twin reaches them): the hops replay to the minimum, which
    /// never exceeds the word's pegs and agrees with the petgraph DAG on the first 40 cells.
    #[test]
    fn long_words_replay_to_their_minimum(cells in proptest::collection::vec(proptest::bool::ANY, 1..3000)) {
        let word = Word::from_cells(cells);
        let s = solve(&word, Board::Infinite).unwrap();
        let replayed = replay(&word, Board::Infinite, &s.hops).unwrap();
        prop_assert_eq!(replayed.final_word.pegs(), s.min_pegs);
        prop_assert!(s.min_pegs <= word.pegs());
        let head = word.slice(0..word.len().min(40));
        prop_assert_eq!(BlockDag::new(&head).unwrap().min_pegs(), solve(&head, Board::Infinite).unwrap().min_pegs);
    }
}
