//! The one-peg language: its automata against exhaustive search, counting, Myhill–Nerode classes.

use rustc_hash::FxHashMap;
use unhop::Word;
use unhop::automata::Dfa;
use unhop::budget::Budget;
use unhop::solitaire::{Board, Language, exhaustive};

/// Membership by exhaustive search, the oracle the automata are held against.
fn reduces_to_one_peg(word: &Word, board: Board) -> bool {
    exhaustive::search(word, board).unwrap().min_pegs == 1
}

#[test]
fn count_matches_design_facts_and_exhaustive_counting() {
    let want = [
        1, 2, 5, 9, 13, 22, 31, 52, 73, 117, 161, 243, 325, 464, 603, 822, 1041, 1367, 1693, 2157,
    ];
    let finite = Language::of(Board::Finite);
    for (n, &w) in (1..=20).zip(want.iter()) {
        assert_eq!(
            finite.count(n).to_string(),
            w.to_string(),
            "finite count {n}"
        );
        assert_eq!(
            exhaustive::count_one_peg(n as usize, Board::Finite).unwrap(),
            w
        );
    }
    let infinite = Language::of(Board::Infinite);
    for n in 1..=14u64 {
        let exhaustive_count = exhaustive::count_one_peg(n as usize, Board::Infinite).unwrap();
        assert_eq!(
            infinite.count(n).to_string(),
            exhaustive_count.to_string(),
            "infinite count {n}"
        );
    }
}

#[test]
fn transfer_matrix_power_matches_stepwise_counting() {
    for board in Board::ALL {
        let dfa = Language::of(board).minimal_dfa();
        let budget = Budget::default();
        for n in [0, 1, 2, 3, 50, 333, 1000] {
            let recurrence = dfa.count_recurrence(&budget).unwrap().term(n);
            let recurrence = recurrence.to_biguint().unwrap();
            assert_eq!(recurrence, dfa.count_accepted_stepwise(n, &budget).unwrap());
            assert_eq!(dfa.count_accepted(n, &budget).unwrap(), recurrence);
        }
    }
}

/// Words of length `len` with a peg at both ends accepted by `dfa`, counted by pushing the
/// counts of the DFA's live states through the letters: 1, then anything, then 1. (Paths into
/// the dead state are dropped: their number grows like 2^len.)
fn count_with_pegs_at_both_ends(dfa: &Dfa, len: usize) -> u128 {
    let live = dfa.live_states();
    let mut counts: FxHashMap<u32, u128> = FxHashMap::default();
    counts.insert(dfa.next(dfa.start(), 1), 1);
    for _ in 0..len - 2 {
        let mut following: FxHashMap<u32, u128> = FxHashMap::default();
        for (&s, &c) in &counts {
            for letter in 0..2 {
                let t = dfa.next(s, letter);
                if live[t as usize] {
                    *following.entry(t).or_default() += c;
                }
            }
        }
        counts = following;
    }
    counts
        .iter()
        .filter(|&(&s, _)| dfa.is_accepting(dfa.next(s, 1)))
        .map(|(_, &c)| c)
        .sum()
}

#[test]
fn words_with_pegs_at_both_ends_follow_the_closed_form() {
    let dfa = Language::of(Board::Finite).minimal_dfa();
    for len in 3..=400usize {
        let got = count_with_pegs_at_both_ends(dfa, len);
        if len % 2 == 1 {
            assert_eq!(got, 0, "odd length {len}");
        } else {
            let m = (len / 2) as u128;
            assert_eq!(got, 2 * m * m + 8 - 7 * m, "length {len}");
        }
    }
    // The same numbers by exhaustive search, for the lengths exhaustive search reaches.
    for len in 3..=14usize {
        let exhaustive_count = (0..1u128 << (len - 2))
            .map(|middle| Word::from_bits(1 | middle << 1 | 1 << (len - 1), len))
            .filter(|w| reduces_to_one_peg(w, Board::Finite))
            .count() as u128;
        assert_eq!(
            exhaustive_count,
            count_with_pegs_at_both_ends(dfa, len),
            "length {len}"
        );
    }
}

#[test]
fn nfa_and_dfa_exports_accept_the_same_language() {
    for board in Board::ALL {
        let language = Language::of(board);
        let budget = Budget::default();
        let from_nfa = language.nfa().determinized(&budget).unwrap();
        let from_nfa = from_nfa.minimized(&budget).unwrap();
        assert_eq!(&from_nfa, language.minimal_dfa(), "{board}");
        assert_eq!(
            &language.dfa().minimized(&budget).unwrap(),
            language.minimal_dfa(),
            "{board}"
        );
    }
}

#[test]
fn membership_agrees_with_the_regex_crate_on_random_words() {
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    for board in Board::ALL {
        let language = Language::of(board);
        let regex = regex::Regex::new(&format!("^(?:{})$", language.regex())).unwrap();
        for _ in 0..5000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let len = 1 + (x % 300) as usize;
            // Mostly words of the language's shapes, so that both answers occur.
            let text: String = (0..len)
                .map(|i| {
                    let r = x.rotate_left(i as u32 % 64);
                    if i % 7 == 3 && r & 3 == 0 {
                        '0'
                    } else {
                        ['1', '0', '1'][(i + (r as usize & 1)) % 3]
                    }
                })
                .collect();
            let word: Word = text.parse().unwrap();
            assert_eq!(
                language.contains(&word),
                regex.is_match(&text),
                "{board} {text}"
            );
        }
    }
}

/// Myhill–Nerode, from exhaustive search alone: prefixes of length ≤ 8 are told apart by suffixes
/// of length ≤ 8 using the exhaustive oracle. The number of classes found is a lower bound on
/// the size of any DFA for the language; the minimal DFA has exactly that many states, and
/// its states induce exactly those classes.
#[test]
fn minimal_dfa_states_are_the_myhill_nerode_classes() {
    for board in Board::ALL {
        let words_up_to =
            |n: usize| (0..=n).flat_map(|len| (0..1u128 << len).map(move |b| (b, len)));
        let mut oracle: FxHashMap<(u128, usize), bool> = FxHashMap::default();
        for (bits, len) in words_up_to(16) {
            let word = Word::from_bits(bits, len);
            let member = len > 0 && reduces_to_one_peg(&word, board);
            oracle.insert((bits, len), member);
        }
        let suffixes: Vec<(u128, usize)> = words_up_to(8).collect();
        let mut rows: FxHashMap<Vec<bool>, Vec<u32>> = FxHashMap::default();
        let dfa = Language::of(board).minimal_dfa();
        for (bits, len) in words_up_to(8) {
            let row: Vec<bool> = suffixes
                .iter()
                .map(|&(s, sl)| oracle[&(bits | s << len, len + sl)])
                .collect();
            let state = dfa.run_from(dfa.start(), (0..len).map(|i| (bits >> i & 1) as u8));
            rows.entry(row).or_default().push(state);
        }
        assert_eq!(
            rows.len(),
            dfa.states(),
            "{board}: classes vs minimal DFA states"
        );
        for states in rows.values() {
            assert!(
                states.iter().all(|&s| s == states[0]),
                "{board}: a class spans states"
            );
        }
    }
}
