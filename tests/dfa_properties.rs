//! The automata users bring, checked against exhaustive enumeration of words on random
//! automata: minimisation against brute-force Myhill–Nerode classes, the JSON and AT&T round
//! trips, determinisation of partial and nondeterministic input, shortest counterexamples,
//! the operations over merged alphabets, and the counts.

use proptest::prelude::*;
use unhop::automata::{Alphabet, Dfa, Edges, NamedDfa, read_att, read_json, words_up_to};
use unhop::budget::Budget;

/// A random complete DFA: 1 to 3 letters, 1 to 6 states, any start.
fn dfas() -> impl Strategy<Value = Dfa> {
    (1usize..=3, 1usize..=6).prop_flat_map(|(k, n)| {
        (
            proptest::collection::vec(0..n as u32, n * k),
            proptest::collection::vec(any::<bool>(), n),
            0..n as u32,
        )
            .prop_map(move |(next, accepting, start)| Dfa::new(k, next, accepting, start).unwrap())
    })
}

/// Symbol names drawn from a pool of one- and several-character names.
const POOL: [&str; 6] = ["a", "b", "c", "on", "off", "x1"];

/// A random DFA with named letters, taken from `POOL` in a random order.
fn named() -> impl Strategy<Value = NamedDfa> {
    (dfas(), Just(POOL.to_vec()).prop_shuffle()).prop_map(|(dfa, names)| {
        let alphabet = Alphabet::new(&names[..dfa.alphabet()]).unwrap();
        NamedDfa::new(dfa, alphabet).unwrap()
    })
}

/// Whether a named DFA accepts a word given by symbol names (a foreign symbol: no).
fn accepts_names(dfa: &NamedDfa, word: &[&str]) -> bool {
    let letters: Option<Vec<u8>> = word.iter().map(|s| dfa.alphabet().letter(s)).collect();
    letters.is_some_and(|l| dfa.dfa().accepts(l))
}

/// Every word up to `len` over `names`, as lists of names, shortest first.
fn words<'a>(names: &'a [String], len: usize) -> impl Iterator<Item = Vec<&'a str>> + 'a {
    words_up_to(names.len(), len)
        .map(move |w| w.iter().map(|&l| names[l as usize].as_str()).collect())
}

/// The states reachable from the start.
fn reachable(dfa: &Dfa) -> Vec<u32> {
    let mut seen = vec![false; dfa.states()];
    let mut stack = vec![dfa.start()];
    seen[dfa.start() as usize] = true;
    let mut out = Vec::new();
    while let Some(s) = stack.pop() {
        out.push(s);
        for l in 0..dfa.alphabet() as u8 {
            let t = dfa.next(s, l);
            if !seen[t as usize] {
                seen[t as usize] = true;
                stack.push(t);
            }
        }
    }
    out
}

/// The number of Myhill–Nerode classes by brute force: reachable states told apart by the
/// acceptance of every word up to the number of states.
fn nerode_classes(dfa: &Dfa) -> usize {
    let words: Vec<Vec<u8>> = words_up_to(dfa.alphabet(), dfa.states()).collect();
    let mut rows: Vec<Vec<bool>> = reachable(dfa)
        .into_iter()
        .map(|s| {
            words
                .iter()
                .map(|w| dfa.is_accepting(dfa.run_from(s, w.iter().copied())))
                .collect()
        })
        .collect();
    rows.sort();
    rows.dedup();
    rows.len()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The minimal DFA has one state per Myhill–Nerode class, accepts the same words, and no
    /// two of its states are equivalent; Moore's algorithm gives the same one.
    #[test]
    fn minimisation_matches_brute_force_nerode_classes(dfa in dfas()) {
        let budget = Budget::default();
        let min = dfa.minimized(&budget).unwrap();
        prop_assert_eq!(&dfa.minimized_by_moore(&budget).unwrap(), &min);
        prop_assert_eq!(min.states(), nerode_classes(&dfa));
        prop_assert_eq!(nerode_classes(&min), min.states());
        for w in words_up_to(dfa.alphabet(), dfa.states() + 1) {
            prop_assert_eq!(min.accepts(w.iter().copied()), dfa.accepts(w.iter().copied()));
        }
    }

    /// JSON and AT&T give back the same table (structure) and so the same language.
    #[test]
    fn json_and_att_round_trip(dfa in named()) {
        let budget = Budget::default();
        let (from_json, _) = read_json(&dfa.to_json(), "json", &budget).unwrap();
        prop_assert_eq!(&from_json, &dfa);
        let (from_att, _) = read_att(&dfa.to_att(), "att", &budget).unwrap();
        prop_assert_eq!(&from_att, &dfa);
        prop_assert!(from_att.shortest_difference(&dfa, &budget).unwrap().is_none());
    }

    /// A partial, nondeterministic transition list with ε-moves and several starts accepts
    /// what a direct search of its paths accepts, on every word up to length 5.
    #[test]
    fn determinisation_matches_a_search_of_paths(
        n in 1usize..=5,
        k in 1usize..=2,
        raw in proptest::collection::vec((0u32..5, 0u8..3, 0u32..5), 0..12),
        accepting in proptest::collection::vec(any::<bool>(), 5),
        starts in proptest::collection::vec(0u32..5, 1..3),
    ) {
        let clamp = |s: u32| s % n as u32;
        let transitions: Vec<(u32, Option<u8>, u32)> = raw
            .iter()
            .map(|&(f, l, t)| (clamp(f), (l < k as u8).then_some(l), clamp(t)))
            .collect();
        let starts: Vec<u32> = starts.into_iter().map(clamp).collect();
        let edges = Edges {
            states: n,
            alphabet: k,
            starts: starts.clone(),
            accepting: accepting[..n].to_vec(),
            transitions: transitions.clone(),
        };
        let (dfa, _) = edges.to_dfa(&Budget::default()).unwrap();
        // The exhaustive twin: the set of states some path reaches, ε-moves followed.
        let close = |set: &mut Vec<bool>| loop {
            let mut grew = false;
            for &(f, l, t) in &transitions {
                if l.is_none() && set[f as usize] && !set[t as usize] {
                    set[t as usize] = true;
                    grew = true;
                }
            }
            if !grew {
                break;
            }
        };
        for w in words_up_to(k, 5) {
            let mut set = vec![false; n];
            starts.iter().for_each(|&s| set[s as usize] = true);
            close(&mut set);
            for &letter in &w {
                let mut following = vec![false; n];
                for &(f, l, t) in &transitions {
                    if l == Some(letter) && set[f as usize] {
                        following[t as usize] = true;
                    }
                }
                close(&mut following);
                set = following;
            }
            let expected = (0..n).any(|s| set[s] && accepting[s]);
            prop_assert_eq!(dfa.accepts(w.iter().copied()), expected, "{:?}", w);
        }
    }

    /// The counterexample is accepted by exactly the side it names, and no shorter word
    /// (nor an earlier one of its length) tells the two apart; with none, no word up to the
    /// product's size does. The alphabets are merged by name.
    #[test]
    fn counterexamples_are_verified_and_shortest(a in named(), b in named()) {
        let found = a.shortest_difference(&b, &Budget::default()).unwrap();
        let (merged, _) = a.alphabet().merged(b.alphabet()).unwrap();
        let bound = (a.dfa().states() + 1) * (b.dfa().states() + 1);
        let first = words(merged.names(), bound.min(6))
            .find(|w| accepts_names(&a, w) != accepts_names(&b, w));
        match found {
            Some(d) => {
                let word = d.symbols();
                let word: Vec<&str> = word.iter().map(String::as_str).collect();
                prop_assert_eq!(accepts_names(&a, &word), d.accepted_by_first);
                prop_assert_eq!(accepts_names(&b, &word), !d.accepted_by_first);
                prop_assert_eq!(d.alphabet.names(), merged.names());
                if let Some(first) = first {
                    prop_assert_eq!(first, word);
                } else {
                    prop_assert!(word.len() > 6);
                }
            }
            None => prop_assert_eq!(first, None),
        }
    }

    /// Each operation accepts exactly what its definition says on every word up to length
    /// 5 over the merged alphabet (a foreign symbol is rejected by the automaton lacking it),
    /// and so does the minimal product of three automata.
    #[test]
    fn operations_match_their_definitions_word_by_word(a in named(), b in named(), c in named()) {
        let budget = Budget::default();
        let and = a.intersection(&b, &budget).unwrap();
        let or = a.union(&b, &budget).unwrap();
        let minus = a.difference(&b, &budget).unwrap();
        let not = a.complement();
        let reversed = a.reversed(&budget).unwrap();
        let three = [a.clone(), b.clone(), c.clone()];
        let all = NamedDfa::product_of(&three, |x, y| x && y, &budget).unwrap();
        let some = NamedDfa::product_of(&three, |x, y| x || y, &budget).unwrap();
        prop_assert_eq!(&all.minimized(&budget).unwrap(), &all);
        let merged = Alphabet::merged_all([a.alphabet(), b.alphabet(), c.alphabet()]).unwrap();
        prop_assert_eq!(all.alphabet(), &merged);
        for w in words(merged.names(), 5) {
            let (x, y, z) = (accepts_names(&a, &w), accepts_names(&b, &w), accepts_names(&c, &w));
            prop_assert_eq!(accepts_names(&and, &w), x && y);
            prop_assert_eq!(accepts_names(&or, &w), x || y);
            prop_assert_eq!(accepts_names(&minus, &w), x && !y);
            prop_assert_eq!(accepts_names(&all, &w), x && y && z);
            prop_assert_eq!(accepts_names(&some, &w), x || y || z);
        }
        for w in words(a.alphabet().names(), 5) {
            let backwards: Vec<&str> = w.iter().rev().copied().collect();
            prop_assert_eq!(accepts_names(&not, &w), !accepts_names(&a, &w));
            prop_assert_eq!(accepts_names(&reversed, &backwards), accepts_names(&a, &w));
        }
    }

    /// The exact counts and the generating function's series equal the number of accepted
    /// words found by enumeration, for every length up to 6.
    #[test]
    fn counts_match_enumeration(a in named()) {
        let k = a.alphabet().len();
        let budget = Budget::default();
        let series = a.generating_function(&unhop::Quiet, &budget).unwrap().series(7);
        for n in 0..=6u64 {
            let enumerated = words_up_to(k, n as usize)
                .filter(|w| w.len() == n as usize && a.dfa().accepts(w.iter().copied()))
                .count();
            let count = a.count_accepted(n, &unhop::Quiet, &budget).unwrap();
            prop_assert_eq!(count.to_string(), enumerated.to_string());
            let stepwise = a.dfa().count_accepted_stepwise(n, &budget).unwrap();
            prop_assert_eq!(stepwise, count);
            prop_assert_eq!(series[n as usize].to_string(), enumerated.to_string());
        }
    }
}

#[test]
fn expressions_over_their_own_characters() {
    let budget = Budget::default();
    let a = NamedDfa::from_regex("(ab|ba)*", None, &budget).unwrap();
    assert_eq!(a.alphabet().names(), ["a", "b"]);
    // A word is split by characters; an unknown one is named with its position.
    assert!(!a.accepts_text("abz"));
    let err = a.alphabet().parse_word("abz").unwrap_err();
    assert_eq!(err.column(), Some(2));
    assert!(NamedDfa::from_regex("", None, &budget).is_err());
    assert!(
        NamedDfa::from_regex("", Some("01"), &budget)
            .unwrap()
            .accepts_text("")
    );
}
