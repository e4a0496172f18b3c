//! Rule files, as `unhop rules … FILE` reads them.
//!
//! The input is the text of a rule file. Invariants: reading never panics; an error names the
//! file and a line that exists (`fuzz.toml:L:` with 1 ≤ L ≤ lines + 1); a rule set that reads
//! has 2 to 16 letters, a blank of weight 0 and rules of equal-length sides that each lower
//! the total weight, and each rule's window replays on the word it came from.
#![no_main]

use libfuzzer_sys::fuzz_target;
use unhop::rules::{RuleSet, Step, replay};
use unhop::solitaire::Board;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match RuleSet::parse(text, "fuzz.toml") {
        Err(e) => {
            let message = e.to_string();
            let rest = message.strip_prefix("fuzz.toml:").expect("the file is named");
            let line: usize = rest.split(':').next().unwrap().parse().expect("a line number");
            assert!(line >= 1 && line <= text.lines().count() + 1, "{message}");
        }
        Ok(rules) => {
            assert!((2..=16).contains(&rules.letters()));
            assert_eq!(rules.weights()[rules.blank() as usize], 0);
            for (r, rule) in rules.rules().iter().enumerate() {
                assert_eq!(rule.from.len(), rule.to.len());
                assert!(rules.weight(&rule.to) < rules.weight(&rule.from));
                let (last, _) = replay(&rules, &rule.from, Board::Finite, &[Step { at: 0, rule: r }])
                    .expect("a rule applies to its own left side");
                assert_eq!(last, rule.to);
            }
        }
    }
});
