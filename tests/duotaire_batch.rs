//! The values of a batch ([`BatchValues`]: recursion, or a table once it pays) against the
//! recursion alone ([`Analysis`]), word for word, on every game; when tables are built, and
//! when they are not.

use proptest::prelude::*;
use rayon::prelude::*;
use unhop::budget::Budget;
use unhop::games::{Analysis, BatchValues, Convention, Duotaire, MoveRule};
use unhop::solitaire::Board;
use unhop::{Method, Quiet, Word};

/// Every game: both move rules, both boards, both play rules.
fn games() -> Vec<Duotaire> {
    let mut games = Vec::new();
    for rule in [MoveRule::Single, MoveRule::Chain] {
        for board in Board::ALL {
            for convention in [Convention::Normal, Convention::Misere] {
                games.push(Duotaire::new(rule, board).with_convention(convention));
            }
        }
    }
    games
}

/// The value of `word` by the recursion alone, with a budget of its own.
fn recursion(game: Duotaire, word: &Word) -> u32 {
    let budget = Budget::default();
    Analysis::new(game, &budget, &Quiet).value(word).unwrap()
}

/// The value of `word` in `batch`, with a budget of its own.
fn batch_value(batch: &BatchValues, word: &Word) -> u32 {
    batch.value(word, &Budget::default(), &Quiet).unwrap()
}

fn all_words(len: usize) -> impl Iterator<Item = Word> {
    (0..1u128 << len).map(move |bits| Word::from_bits(bits, len))
}

/// `count` words of 0 to `max_len` cells from `seed` (xorshift: the same words each run).
fn random_words(seed: u64, count: usize, max_len: usize) -> Vec<Word> {
    let mut x = seed | 1;
    (0..count)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let len = (x % (max_len as u64 + 1)) as usize;
            Word::from_cells((0..len).map(|i| (x >> (i + 8)) & 1 == 1))
        })
        .collect()
}

/// Every word to 12 cells, shortest first, then all again: the first pass builds tables on
/// the way (to 12 at the end), the second answers every word from the table; each answer is
/// the recursion's.
#[test]
fn every_word_to_12_has_the_recursions_value_in_a_batch() {
    for game in games() {
        let batch = BatchValues::new(game, Method::Fast, Budget::default());
        let words: Vec<Word> = (0..=12).flat_map(all_words).collect();
        let expected: Vec<u32> = words.iter().map(|w| recursion(game, w)).collect();
        for (word, &value) in words.iter().zip(&expected) {
            assert_eq!(batch_value(&batch, word), value, "{game:?} {word}");
        }
        assert_eq!(batch.table_size(), Some(12), "{game:?}");
        for (word, &value) in words.iter().zip(&expected) {
            assert_eq!(batch_value(&batch, word), value, "{game:?} {word} (table)");
        }
    }
}

/// On the infinite board a word's size is its peg span: words with holes at the ends beyond
/// the table's length are answered from it, and words whose span is longer by recursion.
#[test]
fn infinite_board_words_with_holes_at_the_ends_have_the_recursions_value() {
    for game in games().into_iter().filter(|g| g.board() == Board::Infinite) {
        let batch = BatchValues::new(game, Method::Fast, Budget::default());
        for word in random_words(7, 3000, 10) {
            assert_eq!(batch_value(&batch, &word), recursion(game, &word));
        }
        let size = batch.table_size().expect("a table for 3,000 short words");
        let texts = ["0000000000001100000000000000", "1000000000000000001", "000"];
        let words = texts.map(|text| text.parse::<Word>().unwrap());
        for word in words.iter().chain([&Word::from_cells([])]) {
            assert_eq!(batch_value(&batch, word), recursion(game, word), "{word}");
        }
        assert!(size <= 10);
    }
}

/// A batch of many short words builds a table; one of a few words does not (recursion is
/// cheaper); the exhaustive method never does.
#[test]
fn many_short_words_build_a_table_and_a_few_do_not() {
    let words = random_words(30, 2000, 10);
    for game in games() {
        let few = BatchValues::new(game, Method::Fast, Budget::default());
        for word in &words[..3] {
            assert_eq!(batch_value(&few, word), recursion(game, word));
        }
        assert_eq!(few.table_size(), None, "{game:?}");
        let many = BatchValues::new(game, Method::Fast, Budget::default());
        let exhaustive = BatchValues::new(game, Method::Exhaustive, Budget::default());
        for word in &words {
            let value = recursion(game, word);
            assert_eq!(batch_value(&many, word), value, "{game:?} {word}");
            assert_eq!(batch_value(&exhaustive, word), value, "{game:?} {word}");
        }
        assert!(many.table_size() >= Some(9), "{game:?}");
        assert_eq!(exhaustive.table_size(), None, "{game:?}");
    }
}

/// A budget whose memory holds no table never builds one (each is refused up front), and
/// the answers are still the recursion's; a budget whose work limit refuses every table, the
/// same (each word's recursion runs under the word's own budget).
#[test]
fn a_budget_that_refuses_tables_leaves_every_word_to_recursion() {
    let words = random_words(31, 2000, 12);
    for game in games() {
        for budget in [
            Budget::default().with_max_bytes(100),
            Budget::default().with_max_work(0),
        ] {
            let batch = BatchValues::new(game, Method::Fast, budget);
            for word in &words {
                assert_eq!(batch_value(&batch, word), recursion(game, word), "{word}");
            }
            assert_eq!(batch.table_size(), None, "{game:?}");
        }
    }
}

/// Errors are the recursion's: a word too long for a position, and a word's own budget
/// exhausted, whatever the batch did before.
#[test]
fn errors_are_the_recursions() {
    for game in games() {
        let batch = BatchValues::new(game, Method::Fast, Budget::default());
        let long: Word = "1".repeat(200).parse().unwrap();
        let budget = Budget::default();
        let expected = Analysis::new(game, &budget, &Quiet)
            .value(&long)
            .unwrap_err();
        let err = batch.value(&long, &Budget::default(), &Quiet).unwrap_err();
        assert_eq!(err.to_string(), expected.to_string());
        let dense: Word = "1101".repeat(7).parse().unwrap();
        let tight = Budget::default().with_max_work(10);
        let err = batch.value(&dense, &tight, &Quiet).unwrap_err();
        assert_eq!(err.figures().unwrap().limit, 10);
    }
}

/// One batch shared by threads that ask their words at once (one of them building each
/// table, the longer ones on a pool of its own, while the others wait) gives every word the
/// recursion's value, on pools of one, two and four threads.
#[test]
fn threads_sharing_a_batch_get_the_recursions_values() {
    let mut words = random_words(32, 20_000, 14);
    // Enough longer words to pay for tables built on a pool of their own (2^16 words).
    words.extend(random_words(35, 8_000, 18));
    for threads in [1, 2, 4] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        for game in games() {
            let batch = BatchValues::new(game, Method::Fast, Budget::default());
            let values: Vec<u32> =
                pool.install(|| words.par_iter().map(|w| batch_value(&batch, w)).collect());
            assert!(batch.table_size() >= Some(17), "{game:?} on {threads}");
            for (word, value) in words.iter().zip(values) {
                assert_eq!(value, recursion(game, word), "{game:?} {word} on {threads}");
            }
        }
    }
}

/// Stops (panics, as Ctrl-C does from Python) when a table starts filling.
struct StopsAtATable;

impl unhop::Progress for StopsAtATable {
    fn start(&self, what: &str, _: Option<u64>) {
        if what.contains("table") {
            std::panic::panic_any("stopped");
        }
    }
}

/// A build that unwinds (Ctrl-C) wakes the threads waiting for its table: the batch ends
/// with the panic rather than hanging, and afterwards answers by recursion or a new table.
#[test]
fn a_build_that_unwinds_leaves_no_thread_waiting() {
    let words = random_words(34, 20_000, 14);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(4)
        .build()
        .unwrap();
    let game = Duotaire::new(MoveRule::Single, Board::Infinite);
    let batch = BatchValues::new(game, Method::Fast, Budget::default());
    let stopped = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        pool.install(|| {
            words.par_iter().for_each(|w| {
                batch.value(w, &Budget::default(), &StopsAtATable).unwrap();
            })
        })
    }));
    assert!(stopped.is_err());
    assert_eq!(batch.table_size(), None);
    for word in &words[..2000] {
        assert_eq!(batch_value(&batch, word), recursion(game, word), "{word}");
    }
}

/// Reports with winning moves or options are the recursion's, also once a table answers
/// the values.
#[test]
fn reports_are_the_recursions_with_or_without_a_table() {
    let words = random_words(33, 3000, 10);
    for game in games() {
        let batch = BatchValues::new(game, Method::Fast, Budget::default());
        for word in &words {
            batch_value(&batch, word);
        }
        assert!(batch.table_size().is_some());
        for word in &words[..50] {
            for (hint, options) in [(false, false), (true, false), (false, true), (true, true)] {
                let budget = Budget::default();
                let expected = Analysis::new(game, &budget, &Quiet)
                    .report(word, hint, options)
                    .unwrap();
                let report = batch.report(word, hint, options, &budget, &Quiet);
                assert_eq!(report.unwrap(), expected, "{game:?} {word}");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    /// Random batches mixing lengths up to 20, in random games: each word's value is the
    /// recursion's, before and after the tables the batch builds on the way.
    #[test]
    fn random_batches_have_the_recursions_values(
        game in 0..8usize,
        seed in any::<u64>(),
        short in 1_000..4_000usize,
        long in 0..300usize,
    ) {
        let game = games()[game];
        let mut words = random_words(seed, short, 12);
        words.extend(random_words(seed ^ 0x5555, long, 20));
        words.extend(random_words(seed ^ 0xaaaa, short / 4, 20));
        let batch = BatchValues::new(game, Method::Fast, Budget::default());
        for word in &words {
            prop_assert_eq!(batch_value(&batch, word), recursion(game, word), "{}", word);
        }
        prop_assert!(batch.table_size().is_some());
    }
}
