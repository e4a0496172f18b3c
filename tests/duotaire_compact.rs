//! The compact tables ([`CompactTable`]: the values of the words that are not sums, ranked by
//! [`CanonicalWords`]) against their slow twins: the blocks and their ranks against a filter
//! of every word's text, the values against the dense tables and the memoised recursion.

use proptest::prelude::*;
use unhop::budget::Budget;
use unhop::games::{
    Analysis, CanonicalWords, CompactTable, Duotaire, FiniteTable, InfiniteTable, LengthCounter,
    LengthDone, LengthStats, MoveRule, each_table_length, length_counts, length_stats,
};
use unhop::solitaire::Board;
use unhop::{Error, Method, Quiet, Word};

/// Whether `text` is a block, by its text: no gap of three holes, at most one hole at each end.
fn is_block(text: &str) -> bool {
    !text.is_empty() && !text.contains("000") && !text.starts_with("00") && !text.ends_with("00")
}

/// Every word of `len` cells in the order of their texts (cell 0 first, `0` before `1`).
fn words_in_text_order(len: usize) -> impl Iterator<Item = Word> {
    (0..1u128 << len).map(move |x| Word::from_cells((0..len).map(|i| x >> (len - 1 - i) & 1 == 1)))
}

/// The blocks of each length to 20, in the order of their texts, are ranked 0, 1, 2, … with no
/// gap (a bijection onto 0..count), and every other word has no rank.
#[test]
fn the_rank_of_every_block_to_20_cells_is_a_bijection_onto_its_count() {
    let blocks = CanonicalWords::new(20).unwrap();
    for len in 1..=20 {
        let mut next = 0;
        for word in words_in_text_order(len) {
            let rank = blocks.rank(word.clone());
            match is_block(&word.to_string()) {
                true => {
                    assert_eq!(rank, Some(next), "{word}");
                    next += 1;
                }
                false => assert_eq!(rank, None, "{word}"),
            }
        }
        assert_eq!(next, blocks.count(len), "length {len}");
    }
}

/// The blocks of a length with a number of pegs are listed once each, in the order of their
/// ranks, with their ranks, and the same on every thread (in any order); over every number
/// of pegs, every rank once. Nothing longer than the maximum has a rank.
#[test]
fn the_blocks_with_each_number_of_pegs_are_listed_once_with_their_ranks() {
    let blocks = CanonicalWords::new(16).unwrap();
    assert!(CanonicalWords::new(65).is_err());
    assert_eq!(blocks.rank_bits(0b11, 17), None);
    for len in 1..=16 {
        let mut seen = vec![false; blocks.count(len) as usize];
        for pegs in 0..=len {
            let mut listed = Vec::new();
            blocks.each_with_pegs(len, pegs, &mut |bits, rank| listed.push((bits, rank)));
            let on_threads = std::sync::Mutex::new(Vec::new());
            blocks.par_each_with_pegs(len, pegs, &|bits, rank| {
                on_threads.lock().unwrap().push((bits, rank))
            });
            let mut on_threads = on_threads.into_inner().unwrap();
            on_threads.sort_by_key(|&(_, rank)| rank);
            assert_eq!(on_threads, listed, "{len} cells, {pegs} pegs");
            assert_eq!(listed.len() as u64, blocks.count_with_pegs(len, pegs));
            assert!(listed.windows(2).all(|w| w[0].1 < w[1].1), "in rank order");
            for (bits, rank) in listed {
                assert_eq!(bits.count_ones() as usize, pegs);
                assert_eq!(blocks.rank_bits(bits, len), Some(rank));
                assert!(
                    !std::mem::replace(&mut seen[rank as usize], true),
                    "listed twice"
                );
            }
        }
        assert!(seen.iter().all(|&s| s), "every block of {len} cells listed");
    }
}

/// Every word of every length to 16 has the dense table's value in the compact table, under
/// both move rules.
#[test]
fn every_word_to_16_cells_has_the_dense_tables_value() {
    for rule in [MoveRule::Single, MoveRule::Chain] {
        let budget = Budget::default();
        let mut none = |_, _: &[u8]| Ok::<(), Error>(());
        let each: &mut LengthDone<'_, Error> = &mut none;
        // To 18: a dense table keeps its second longest length only in part.
        let dense = FiniteTable::build(rule, 18, &budget, &Quiet, each).unwrap();
        let compact = CompactTable::build(rule, 16, &budget, &Quiet).unwrap();
        for len in 0..=16 {
            for bits in 0..1u128 << len {
                let word = Word::from_bits(bits, len);
                let expected = dense.value(&word).expect("held whole");
                assert_eq!(compact.value(&word), Some(expected), "{rule:?} {word}");
            }
        }
    }
}

/// The statistics of every length of the dense table of `game` to `max_len`, which visits
/// every word.
fn dense_stats(game: Duotaire, max_len: usize) -> Vec<LengthStats> {
    let mut stats = Vec::new();
    each_table_length(
        game,
        Method::Fast,
        max_len,
        &Budget::default(),
        &Quiet,
        &mut |length| {
            stats.push(length.stats());
            Ok::<(), Error>(())
        },
    )
    .unwrap();
    stats
}

/// The value distribution, P-positions, largest value and its first word of every length to
/// 26, counted from the blocks alone, are those of the dense tables, which visit every word;
/// the recursion gives the first word the largest value.
#[test]
fn the_counts_from_the_blocks_are_the_dense_tables_to_26_cells() {
    for rule in [MoveRule::Single, MoveRule::Chain] {
        let budget = Budget::default();
        let game = Duotaire::new(rule, Board::Finite);
        let dense = dense_stats(game, 26);
        let compact = CompactTable::build(rule, 26, &budget, &Quiet).unwrap();
        let counted = length_counts(&compact);
        assert_eq!(counted.len(), 26);
        for (counts, stats) in counted.iter().zip(&dense) {
            let n = counts.len;
            assert_eq!(n, stats.len);
            assert_eq!(counts.words, stats.words, "{rule:?} {n}");
            assert_eq!(counts.p_positions, stats.p_positions, "{rule:?} {n}");
            assert_eq!(counts.max_value, stats.max_value, "{rule:?} {n}");
            assert_eq!(counts.value_counts, stats.value_counts, "{rule:?} {n}");
            assert_eq!(counts.witness, stats.example, "{rule:?} {n}");
            let witness = Analysis::new(game, &budget, &Quiet).value(&counts.witness);
            assert_eq!(
                witness.unwrap(),
                counts.max_value,
                "{rule:?} {}",
                counts.witness
            );
        }
        // The statistics every front end shows (from the compact table here) are the dense
        // table's, field for field.
        assert_eq!(
            length_stats(game, Method::Fast, 26, &budget, &Quiet).unwrap(),
            dense
        );
    }
}

/// Every value's first word (the smallest, cell 0 lowest), found a core at a time from the
/// counts, is the first word with that value in the dense table, for every value of every
/// length to 14.
#[test]
fn the_first_word_of_every_value_is_the_dense_tables() {
    for rule in [MoveRule::Single, MoveRule::Chain] {
        let compact = CompactTable::build(rule, 14, &Budget::default(), &Quiet).unwrap();
        for len in 1..=14usize {
            for value in 0..=compact_max(&compact, len) {
                let first = (0..1u128 << len)
                    .map(|bits| Word::from_bits(bits, len))
                    .find(|w| compact.value(w) == Some(value));
                assert_eq!(
                    first_word_of(&compact, len, value),
                    first,
                    "{rule:?} {len} {value}"
                );
            }
        }
    }
}

/// The largest value of any word of `len` cells, by the table.
fn compact_max(table: &CompactTable, len: usize) -> u8 {
    (0..1u128 << len)
        .filter_map(|bits| table.value(&Word::from_bits(bits, len)))
        .max()
        .unwrap_or(0)
}

/// The first word of `len` cells with `value` by the counter, or `None`.
fn first_word_of(table: &CompactTable, len: usize, value: u8) -> Option<Word> {
    let mut counter = LengthCounter::new();
    (1..=len).for_each(|_| drop(counter.count_next(table)));
    counter.first_word(len, value)
}

/// A table refused by the budget is refused before it starts, naming its estimate.
#[test]
fn a_table_beyond_the_memory_limit_is_refused_up_front() {
    let budget = Budget::default().with_max_bytes(1 << 10);
    let refused = CompactTable::build(MoveRule::Single, 20, &budget, &Quiet);
    let figures = refused
        .err()
        .and_then(|e| e.figures().cloned())
        .expect("refused");
    assert_eq!(figures.limit, 1 << 10);
}

/// `words` random words of 20 to 60 cells made of blocks of up to 12 cells between gaps of
/// three or four holes (xorshift from `seed`).
fn long_words_of_short_blocks(seed: u64, words: usize) -> Vec<Word> {
    let mut x = seed | 1;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    (0..words)
        .map(|_| {
            let len = 20 + (next() % 41) as usize;
            let mut text = String::new();
            while text.len() < len {
                let block = 1 + (next() % 12) as usize;
                let bits = next();
                text.extend((0..block).map(|i| if bits >> i & 1 == 1 { '1' } else { '0' }));
                text.push_str(["000", "0000"][(next() % 2) as usize]);
            }
            text.truncate(len);
            text.parse().unwrap()
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]

    /// Words longer than the table whose blocks it holds have the memoised recursion's value.
    #[test]
    fn long_words_have_the_recursions_value(seed in any::<u64>(), chain in any::<bool>()) {
        let rule = if chain { MoveRule::Chain } else { MoveRule::Single };
        let table = CompactTable::build(rule, 14, &Budget::default(), &Quiet).unwrap();
        let game = Duotaire::new(rule, Board::Finite);
        for word in long_words_of_short_blocks(seed, 40) {
            let budget = Budget::default();
            let value = Analysis::new(game, &budget, &Quiet).value(&word).unwrap();
            prop_assert_eq!(table.value(&word).map(u32::from), Some(value), "{}", word);
        }
    }
}

/// The stages a computation reports, with their totals and the work advanced in each.
#[derive(Default)]
struct Stages(std::sync::Mutex<Vec<(String, Option<u64>, u64)>>);

impl unhop::Progress for Stages {
    fn start(&self, what: &str, total: Option<u64>) {
        self.0.lock().unwrap().push((what.to_string(), total, 0));
    }

    fn advance(&self, work: u64) {
        if let Some(stage) = self.0.lock().unwrap().last_mut() {
            stage.2 += work;
        }
    }
}

/// A table built with its first lengths read back reports the reading as a stage of its own,
/// and the filling's total is the blocks of the lengths it fills, all of them advanced: the
/// time left is the filling's, not skewed by lengths read in a moment.
#[test]
fn lengths_read_back_are_a_stage_apart_from_the_filling() {
    let (max_len, kept) = (16, 10);
    let full = CompactTable::build(MoveRule::Chain, max_len, &Budget::default(), &Quiet).unwrap();
    let mut saved = |len: usize, count: u64| -> Result<Option<Vec<u8>>, Error> {
        Ok((len <= kept).then(|| {
            (0..count)
                .map(|rank| full.value_at(len, rank).unwrap())
                .collect()
        }))
    };
    let stages = Stages::default();
    let built = CompactTable::build_each(
        MoveRule::Chain,
        max_len,
        &Budget::default(),
        &stages,
        &mut saved,
        &mut |_, _| Ok::<(), Error>(()),
    )
    .unwrap();
    let blocks = CanonicalWords::new(max_len).unwrap();
    let filled: u64 = (kept + 1..=max_len).map(|len| blocks.count(len)).sum();
    let read: u64 = (1..=kept).map(|len| blocks.count(len)).sum();
    let stages = stages.0.into_inner().unwrap();
    assert_eq!(stages.len(), 2, "{stages:?}");
    assert_eq!((stages[0].1, stages[0].2), (None, read), "{stages:?}");
    assert_eq!(
        (stages[1].1, stages[1].2),
        (Some(filled), filled),
        "{stages:?}"
    );
    for len in 1..=max_len {
        for rank in 0..blocks.count(len) {
            assert_eq!(built.value_at(len, rank), full.value_at(len, rank));
        }
    }
}

/// On the infinite board a gap of three holes splits a word into a sum too:
/// g(u000w) = g(u) ⊕ g(w), for every word of up to 18 cells under both move rules, by the
/// dense table (the proof, a pagoda function, is in docs/duotaire.md).
#[test]
fn a_gap_of_three_holes_splits_a_word_on_the_infinite_board() {
    const LONGEST: usize = 18;
    for rule in [MoveRule::Single, MoveRule::Chain] {
        let mut none = |_, _: &[u8]| Ok::<(), Error>(());
        let table =
            InfiniteTable::build(rule, LONGEST, &Budget::default(), &Quiet, &mut none).unwrap();
        let value = |bits: u128, len: usize| table.value(&Word::from_bits(bits, len)).unwrap();
        let mut sums = 0;
        for len in 5..=LONGEST {
            for bits in 0..1u128 << len {
                let gap = (1..len - 2).find(|&i| bits >> i & 0b111 == 0);
                let Some(i) = gap.filter(|_| bits & 1 == 1 && bits >> (len - 1) == 1) else {
                    continue;
                };
                let (u, w) = (bits & ((1 << i) - 1), bits >> i);
                assert_eq!(
                    value(bits, len),
                    value(u, i) ^ value(w, len - i),
                    "{rule:?}: {}",
                    Word::from_bits(bits, len)
                );
                sums += 1;
            }
        }
        assert!(sums > 80_000, "{sums} words split"); // 88,310 of them
    }
}
