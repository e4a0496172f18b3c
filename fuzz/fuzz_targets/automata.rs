//! Automaton files, as `unhop dfa` reads them: bytes through [`TextFormat::read_from`] (the
//! size cap, UTF-8, the format by the first character), JSON ([`read_json`]) and AT&T text
//! ([`read_att`]), and a short first line as a regular expression ([`NamedDfa::from_regex`]),
//! all under a small budget.
//!
//! Invariants: reading never panics and fails only with an input error, a refusal or a
//! computation that gave up at its budget (never an internal error); an automaton read is
//! written back as JSON and as AT&T text and read again into the same table; its minimal DFA
//! (Hopcroft's) is Moore's, accepts the same words (no shortest difference), has no more
//! states and is its own minimal DFA; its complement differs from it on the empty word
//! exactly when it should.
#![no_main]

use libfuzzer_sys::fuzz_target;
use unhop::ErrorKind;
use unhop::automata::{NamedDfa, TextFormat, read_att, read_json};
use unhop::budget::Budget;

/// A budget that keeps every input to a fraction of a second.
fn budget() -> Budget {
    Budget::default()
        .with_max_work(1 << 22)
        .with_max_bytes(256 << 20)
}

fuzz_target!(|data: &[u8]| {
    check(TextFormat::read_from(data, "fuzz", None, &budget()).map(|(d, _)| d));
    let text = String::from_utf8_lossy(data);
    let text = text.as_ref();
    check(read_json(text, "fuzz", &budget()).map(|(d, _)| d));
    check(read_att(text, "fuzz", &budget()).map(|(d, _)| d));
    let first = text.lines().next().unwrap_or("");
    if first.len() <= 24 {
        check(NamedDfa::from_regex(first, None, &budget()));
        check(NamedDfa::from_regex(first, Some("ab01"), &budget()));
    }
});

fn check(read: Result<NamedDfa, unhop::Error>) {
    let dfa = match read {
        Ok(dfa) => dfa,
        Err(e) => {
            assert!(
                matches!(
                    e.kind(),
                    ErrorKind::Input | ErrorKind::Refused | ErrorKind::GaveUp
                ),
                "an unexpected kind of error: {e}"
            );
            return;
        }
    };
    let budget = Budget::unlimited();
    let (json, _) = read_json(&dfa.to_json(), "json", &budget).expect("JSON written is read back");
    assert_eq!(json, dfa, "the JSON round trip");
    let (att, _) = read_att(&dfa.to_att(), "att", &budget).expect("AT&T written is read back");
    assert_eq!(att, dfa, "the AT&T round trip");
    if dfa.dfa().states() > 2000 {
        return;
    }
    let min = dfa.minimized(&budget).expect("a small DFA is minimised");
    assert!(min.dfa().states() <= dfa.dfa().states());
    if dfa.dfa().states() <= 300 {
        let moore = dfa
            .dfa()
            .minimized_by_moore(&budget)
            .expect("Moore's twin runs");
        assert_eq!(&moore, min.dfa(), "Hopcroft's and Moore's minimal DFAs");
    }
    assert_eq!(min.minimized(&budget).unwrap(), min, "minimising twice");
    let difference = dfa.shortest_difference(&min, &budget).unwrap();
    assert_eq!(difference, None, "minimising keeps the language");
    let not = dfa.complement();
    assert_eq!(not.accepts_text(""), !dfa.accepts_text(""));
}
