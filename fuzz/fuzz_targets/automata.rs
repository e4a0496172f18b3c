//! Automaton files, as `unhop dfa` reads them: JSON ([`read_json`]) and AT&T text
//! ([`read_att`]), and a short first line as a regular expression ([`NamedDfa::from_regex`]).
//!
//! Invariants: reading never panics and fails only with an input error or a refusal (never an
//! internal error); an automaton read is written back as JSON and as AT&T text and read again
//! into the same table; its minimal DFA accepts the same words (no shortest difference), has
//! no more states and is its own minimal DFA; its complement differs from it on the empty
//! word exactly when it should.
#![no_main]

use libfuzzer_sys::fuzz_target;
use unhop::ErrorKind;
use unhop::automata::{NamedDfa, read_att, read_json};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let text = text.as_ref();
    check(read_json(text, "fuzz").map(|(d, _)| d));
    check(read_att(text, "fuzz").map(|(d, _)| d));
    let first = text.lines().next().unwrap_or("");
    if first.len() <= 24 {
        check(NamedDfa::from_regex(first, None));
        check(NamedDfa::from_regex(first, Some("ab01")));
    }
});

fn check(read: Result<NamedDfa, unhop::Error>) {
    let dfa = match read {
        Ok(dfa) => dfa,
        Err(e) => {
            assert!(
                matches!(e.kind(), ErrorKind::Input | ErrorKind::Refused),
                "an unexpected kind of error: {e}"
            );
            return;
        }
    };
    let (json, _) = read_json(&dfa.to_json(), "json").expect("JSON written is read back");
    assert_eq!(json, dfa, "the JSON round trip");
    let (att, _) = read_att(&dfa.to_att(), "att").expect("AT&T written is read back");
    assert_eq!(att, dfa, "the AT&T round trip");
    if dfa.dfa().states() > 2000 {
        return;
    }
    let min = dfa.minimized();
    assert!(min.dfa().states() <= dfa.dfa().states());
    assert_eq!(min.minimized(), min, "minimising twice");
    assert_eq!(dfa.shortest_difference(&min).unwrap(), None, "minimising keeps the language");
    let not = dfa.complement();
    assert_eq!(not.accepts_text(""), !dfa.accepts_text(""));
}
