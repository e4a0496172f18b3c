//! The compact tables ([`CompactTable`]: the values of the words that are not sums, ranked by
//! [`CanonicalWords`]) against their slow twins: the blocks and their ranks against a filter
//! of every word's text, the values against the dense tables and the memoised recursion.

use proptest::prelude::*;
use unhop::budget::Budget;
use unhop::games::{
    Analysis, BatchValues, CanonicalWords, CompactTable, CoreLengthCounter, CoreTable, Duotaire,
    FiniteTable, InfiniteTable, LengthCounter, LengthCounts, LengthDone, LengthStats, MoveRule,
    SavedLengths, SavedTable, blocks_of, each_table_length, length_counts, length_stats,
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

/// Each length's counts are its statistics from the dense table, field for field.
fn assert_counts_are_the_stats(counted: &[LengthCounts], dense: &[LengthStats], rule: MoveRule) {
    assert_eq!(counted.len(), dense.len());
    for (counts, stats) in counted.iter().zip(dense) {
        let n = counts.len;
        assert_eq!(n, stats.len);
        assert_eq!(counts.words, stats.words, "{rule:?} {n}");
        assert_eq!(counts.p_positions, stats.p_positions, "{rule:?} {n}");
        assert_eq!(counts.max_value, stats.max_value, "{rule:?} {n}");
        assert_eq!(counts.value_counts, stats.value_counts, "{rule:?} {n}");
        assert_eq!(counts.witness, stats.example, "{rule:?} {n}");
    }
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
        assert_counts_are_the_stats(&counted, &dense, rule);
        for counts in &counted {
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

/// A table whose estimated memory is within the limit is built, on either board: its bytes
/// are counted once (they were counted twice, so a table that fits was refused when half
/// built), and one byte less is refused up front, naming the estimate.
#[test]
fn a_table_within_the_memory_limit_is_built_and_one_byte_less_is_refused() {
    built_at_its_estimate(CompactTable::estimate(20).bytes, |budget| {
        CompactTable::build(MoveRule::Single, 20, budget, &Quiet).map(drop)
    });
    built_at_its_estimate(CoreTable::estimate(20).bytes, |budget| {
        CoreTable::build(MoveRule::Chain, 20, budget, &Quiet).map(drop)
    });
}

/// `build` succeeds with a memory limit of `bytes` and is refused, naming them, with one less.
fn built_at_its_estimate(bytes: u128, build: impl Fn(&Budget) -> Result<(), Error>) {
    let at_limit = |bytes: u128| Budget::default().with_max_bytes(bytes as u64);
    assert!(build(&at_limit(bytes)).is_ok());
    let refused = build(&at_limit(bytes - 1))
        .err()
        .and_then(|e| e.figures().cloned());
    assert_eq!(refused.expect("refused").estimate, bytes);
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

/// The infinite board's core table ([`CoreTable`]: the values of the words from peg to peg
/// with no gap of three holes, ranked by [`CanonicalWords::cores`], and those of the cores
/// one or two cells longer met in their games): the value of every word to 16 cells is the
/// dense table's, under both move rules; and the cores are ranked one to one onto their
/// count, in the order of their texts, as a filter of every word's text lists them.
#[test]
fn every_word_to_16_cells_has_the_dense_infinite_tables_value_from_its_cores() {
    const LONGEST: usize = 16;
    let is_core =
        |text: &str| text.starts_with('1') && text.ends_with('1') && !text.contains("000");
    let cores = CanonicalWords::cores(LONGEST).unwrap();
    for len in 1..=LONGEST {
        let listed: Vec<Word> = words_in_text_order(len)
            .filter(|word| is_core(&word.to_string()))
            .collect();
        assert_eq!(cores.count(len), listed.len() as u64, "{len} cells");
        for (rank, word) in listed.iter().enumerate() {
            assert_eq!(cores.rank(word.clone()), Some(rank as u64), "{word}");
        }
    }
    for rule in [MoveRule::Single, MoveRule::Chain] {
        let budget = Budget::default();
        let mut none = |_, _: &[u8]| Ok::<(), Error>(());
        let dense = InfiniteTable::build(rule, LONGEST, &budget, &Quiet, &mut none).unwrap();
        let table = CoreTable::build(rule, LONGEST, &budget, &Quiet).unwrap();
        for len in 0..=LONGEST {
            for bits in 0..1u128 << len {
                let word = Word::from_bits(bits, len);
                let expected = dense.value(&word).expect("held");
                assert_eq!(table.value(&word), Some(expected), "{rule:?} {word}");
            }
        }
        // Past the table: a word of 17 cells whose cores are shorter, and one that is a core.
        let sum: Word = "11011000011101101".parse().unwrap();
        let parts = table.value(&"11011".parse().unwrap()).unwrap()
            ^ table.value(&"11101101".parse().unwrap()).unwrap();
        assert_eq!(table.value(&sum), Some(parts));
        assert_eq!(table.value(&"11011011011011011".parse().unwrap()), None);
    }
}

/// The infinite board's statistics counted from its cores alone ([`CoreLengthCounter`]):
/// the value distribution, P-positions, largest value and its first word of every length to
/// 22 are the dense table's, which visits every word from peg to peg; and the first word of
/// every value of every length to 14 is the first such word by the table's own values.
#[test]
fn the_counts_from_the_cores_are_the_dense_infinite_tables_to_22_cells() {
    const LONGEST: usize = 22;
    for rule in [MoveRule::Single, MoveRule::Chain] {
        let budget = Budget::default();
        let dense = dense_stats(Duotaire::new(rule, Board::Infinite), LONGEST);
        let table = CoreTable::build(rule, LONGEST, &budget, &Quiet).unwrap();
        let mut counter = CoreLengthCounter::new();
        let counted: Vec<_> = std::iter::from_fn(|| counter.count_next(&table)).collect();
        assert_counts_are_the_stats(&counted, &dense, rule);
        // The statistics every front end shows (from the core table here).
        let game = Duotaire::new(rule, Board::Infinite);
        assert_eq!(
            length_stats(game, Method::Fast, LONGEST, &budget, &Quiet).unwrap(),
            dense
        );
        for len in 1..=14usize {
            let from_peg_to_peg = || {
                (0..1u128 << len)
                    .map(move |bits| Word::from_bits(bits, len))
                    .filter(|w| w.get(0) && w.get(len - 1))
            };
            let largest = from_peg_to_peg().filter_map(|w| table.value(&w)).max();
            for value in 0..=largest.unwrap() {
                let first = from_peg_to_peg().find(|w| table.value(w) == Some(value));
                assert_eq!(
                    counter.first_word(len, value),
                    first,
                    "{rule:?} {len} {value}"
                );
            }
        }
    }
}

/// The blocks of a word ([`blocks_of`]) are its runs of pegs with fewer than three holes
/// between two pegs (matched by a regular expression on its text), with the cell before and
/// the cell after each where there is one; and the compact table's value of every word to 16
/// cells is the XOR of the values of those blocks, each looked up by its rank.
#[test]
fn a_words_blocks_are_its_runs_of_pegs_and_their_values_xor_to_its_value() {
    let runs = regex::Regex::new("1(0{0,2}1)*").unwrap();
    let table = CompactTable::build(MoveRule::Chain, 16, &Budget::default(), &Quiet).unwrap();
    for len in 1..=16 {
        for word in words_in_text_order(len) {
            let text = word.to_string();
            let expected: Vec<_> = runs
                .find_iter(&text)
                .map(|m| m.start().saturating_sub(1)..(m.end() + 1).min(len))
                .collect();
            let blocks = blocks_of(&word);
            assert_eq!(blocks, expected, "{text}");
            let xor = blocks.iter().fold(0, |value, cells| {
                let block = word.slice(cells.clone());
                assert!(is_block(&block.to_string()), "{block} of {text}");
                let rank = table.blocks().rank(block).unwrap();
                value ^ table.value_at(cells.len(), rank).unwrap()
            });
            assert_eq!(table.value(&word), Some(xor), "{text}");
        }
    }
}

/// A folder of the saved lengths 1 to `max_len` of `rule`'s compact table.
fn saved_folder(rule: MoveRule, max_len: usize) -> tempfile::TempDir {
    let folder = tempfile::tempdir().unwrap();
    let saved = SavedLengths::open(folder.path()).unwrap();
    let table = CompactTable::build(rule, max_len, &Budget::default(), &Quiet).unwrap();
    for len in 1..=max_len {
        saved.save(rule, len, table.length_values(len)).unwrap();
    }
    folder
}

/// Values read from the saved lengths ([`SavedTable`], and a batch answering from them) are the
/// memoised recursion's: every word to 14 cells, and long words (to 123 cells) of short
/// blocks; a word with a block longer than the lengths saved is not in the table, and the
/// batch values it by recursion. Words past the recursion's 128 cells (to 300) have the XOR of
/// the recursion's values of their parts between gaps of three holes (Lemma 1).
#[test]
fn values_read_from_the_saved_lengths_are_the_recursions() {
    for rule in [MoveRule::Single, MoveRule::Chain] {
        let folder = saved_folder(rule, 12);
        let read = SavedTable::open(folder.path(), rule).unwrap();
        assert_eq!((read.rule(), read.max_len()), (rule, 12));
        let game = Duotaire::new(rule, Board::Finite);
        let budget = Budget::default();
        let recursion = |word: &Word| Analysis::new(game, &budget, &Quiet).value(word).unwrap();
        let batch = BatchValues::new(game, Method::Fast, Budget::default())
            .without_tables()
            .with_saved_table(SavedTable::open(folder.path(), rule).unwrap())
            .unwrap();
        let mut words: Vec<Word> = (0..=14).flat_map(words_in_text_order).collect();
        let long = long_words_of_short_blocks(u64::from(rule == MoveRule::Chain) + 7, 200);
        words.extend(long.chunks(2).map(|two| {
            let text: Vec<String> = two.iter().map(Word::to_string).collect();
            text.join("000").parse().unwrap()
        }));
        words.extend(long.iter().cloned());
        for word in &words {
            let longest = blocks_of(word).iter().map(|cells| cells.len()).max();
            let value = recursion(word);
            match longest {
                Some(longest) if longest > 12 => assert_eq!(read.value(word).unwrap(), None),
                _ => assert_eq!(
                    read.value(word).unwrap().map(u32::from),
                    Some(value),
                    "{word}"
                ),
            }
            assert_eq!(batch.value(word, &budget, &Quiet).unwrap(), value, "{word}");
        }
        assert!(words.iter().any(|w| w.len() > 100));
        let in_table = words
            .iter()
            .filter(|w| read.value(w).unwrap().is_some())
            .count();
        assert!(
            in_table > words.len() / 2 && in_table < words.len(),
            "{in_table}"
        );
        // Past the recursion: u000w has the value of u0 and 0w together.
        let mut past_recursion = 0;
        for parts in long.chunks(5) {
            let texts: Vec<String> = parts.iter().map(Word::to_string).collect();
            let word: Word = texts.join("000").parse().unwrap();
            let last = texts.len() - 1;
            let expected = texts.iter().enumerate().fold(0, |value, (k, part)| {
                let before = if k > 0 { "0" } else { "" };
                let after = if k < last { "0" } else { "" };
                value ^ recursion(&format!("{before}{part}{after}").parse().unwrap())
            });
            assert!(word.len() > 128 || texts.len() < 5);
            if blocks_of(&word).iter().all(|cells| cells.len() <= 12) {
                assert_eq!(
                    read.value(&word).unwrap().map(u32::from),
                    Some(expected),
                    "{word}"
                );
                assert_eq!(
                    batch.value(&word, &budget, &Quiet).unwrap(),
                    expected,
                    "{word}"
                );
                past_recursion += 1;
            }
        }
        assert!(past_recursion > 0);
    }
}

/// A saved length that is not what it should be is refused, naming its file: cut short or of
/// another table when opened, a byte that is no value when it is read.
#[test]
fn a_damaged_saved_length_is_an_error_naming_its_file() {
    let folder = saved_folder(MoveRule::Single, 8);
    let file = folder.path().join("compact-single-05.values");
    let whole = std::fs::read(&file).unwrap();
    let error = |folder: &std::path::Path| {
        SavedTable::open(folder, MoveRule::Single)
            .err()
            .expect("refused")
            .to_string()
    };
    std::fs::write(&file, &whole[..whole.len() - 1]).unwrap();
    assert!(error(folder.path()).contains("compact-single-05.values"));
    let mut other = whole.clone();
    other[8] = 2; // the chain rule's header
    std::fs::write(&file, &other).unwrap();
    assert!(error(folder.path()).contains("another table"));
    // 11111 is the last block of 5 cells in text order: its value is the last byte before the
    // checksum.
    let mut no_value = whole.clone();
    let at = no_value.len() - 9;
    no_value[at] = 200;
    std::fs::write(&file, &no_value).unwrap();
    let read = SavedTable::open(folder.path(), MoveRule::Single).unwrap();
    let refused = read
        .value(&"11111".parse().unwrap())
        .expect_err("refused")
        .to_string();
    assert!(
        refused.contains("compact-single-05.values") && refused.contains("200"),
        "{refused}"
    );
    // A length missing ends the table there.
    std::fs::write(&file, &whole).unwrap();
    std::fs::remove_file(folder.path().join("compact-single-07.values")).unwrap();
    assert_eq!(
        SavedTable::open(folder.path(), MoveRule::Single)
            .unwrap()
            .max_len(),
        6
    );
}
