//! The generic engines against their exhaustive twins on every built-in rule set they
//! handle, the rewrite games of Kayles and Dawson's Kayles against the octal-game engine, and
//! the rule-file reader on good and bad files.

use unhop::budget::Budget;
use unhop::games::Octal;
use unhop::rules::{
    Cheapest, RuleSet, Target, count, default_relation_bound, exhaustive_reach, grundy,
    learn_language, prove, proved_language, replay, trim,
};
use unhop::solitaire::Board;
use unhop::{Method, Quiet};

const BOARDS: [Board; 2] = [Board::Finite, Board::Infinite];

fn words(k: u8, n: usize) -> Vec<Vec<u8>> {
    let mut all = vec![vec![]];
    for _ in 0..n {
        all = all
            .into_iter()
            .flat_map(|w: Vec<u8>| (0..k).map(move |l| [w.clone(), vec![l]].concat()))
            .collect();
    }
    all
}

/// The final configuration as `replay` reports it: the word itself on the finite board, its
/// trimmed form and start on the infinite one.
fn placed(rules: &RuleSet, f: &[u8], board: Board) -> (Vec<u8>, i64) {
    match board {
        Board::Finite => (f.to_vec(), 0),
        Board::Infinite => {
            let (t, at) = trim(f, rules.blank());
            (t.to_vec(), if t.is_empty() { 0 } else { at as i64 })
        }
    }
}

#[test]
fn reachability_from_the_proved_automaton_agrees_with_the_search() {
    for name in ["solitaire", "kayles", "dawson"] {
        let rules = RuleSet::builtin(name).unwrap();
        let solver = Cheapest::new(&rules, &Budget::default(), &Quiet).unwrap();
        for n in 1..=6 {
            for w in words(2, n) {
                for f in words(2, n) {
                    for board in BOARDS {
                        let fast = solver.reach(&w, &f, board, &Budget::default()).unwrap();
                        let slow =
                            exhaustive_reach(&rules, &w, &f, board, &Budget::default()).unwrap();
                        assert_eq!(
                            fast.is_some(),
                            slow.is_some(),
                            "{name}: {w:?} → {f:?} on {board}"
                        );
                        for steps in [fast, slow].into_iter().flatten() {
                            assert_eq!(
                                replay(&rules, &w, board, &steps).unwrap(),
                                placed(&rules, &f, board)
                            );
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn kayles_and_dawson_values_are_the_octal_games_values() {
    for (name, code) in [("kayles", "0.77"), ("dawson", "0.07")] {
        let rules = RuleSet::builtin(name).unwrap();
        let heaps = code.parse::<Octal>().unwrap().exhaustive_values(12);
        for n in 1..=12 {
            for w in words(2, n) {
                let expected = w.split(|&l| l == 0).fold(0, |x, run| x ^ heaps[run.len()]);
                for board in BOARDS {
                    assert_eq!(
                        grundy(&rules, &w, board, &Budget::default()).unwrap(),
                        expected,
                        "{name} {w:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn counts_and_languages_agree_with_the_exhaustive_twins() {
    for (name, target) in [
        ("solitaire", "one"),
        ("kayles", "empty"),
        ("kayles", "one"),
        ("dawson", "empty"),
    ] {
        let rules = RuleSet::builtin(name).unwrap();
        let proof = prove(
            &rules,
            default_relation_bound(&rules),
            &Budget::default(),
            &Quiet,
        )
        .unwrap();
        assert!(proof.holds(), "{name}");
        let target = Target::named(&rules, target).unwrap();
        for board in BOARDS {
            for n in 1..=10 {
                let fast = count(
                    &rules,
                    n,
                    &target,
                    board,
                    Method::Fast,
                    &Budget::default(),
                    &Quiet,
                )
                .unwrap();
                let slow = count(
                    &rules,
                    n,
                    &target,
                    board,
                    Method::Exhaustive,
                    &Budget::default(),
                    &Quiet,
                )
                .unwrap();
                assert_eq!(fast, slow, "{name} n = {n} on {board}");
            }
            let learned =
                learn_language(&rules, &target, board, 14, &Budget::default(), &Quiet).unwrap();
            let derived =
                proved_language(&rules, &target, board, &Budget::default(), &Quiet).unwrap();
            assert_eq!(
                learned.dfa.shortest_difference(&derived).unwrap(),
                None,
                "{name} on {board}"
            );
        }
    }
}

#[test]
fn wildcards_and_rows_expand_to_letter_rules() {
    let three = RuleSet::builtin("solitaire3").unwrap();
    // 6 row patterns with 6 free cells each (64 rules), and 2 column rules.
    assert_eq!(three.rules().len(), 6 * 64 + 2);
    for rule in three.rules() {
        assert_eq!(three.weight(&rule.from), three.weight(&rule.to) + 1);
    }
    let text = "name = \"w\"\nletters = \"01\"\nblank = \"0\"\n[rules]\n\"1.1\" = \"0.0\"\n";
    let rules = RuleSet::parse(text, "w.toml").unwrap();
    let shown: Vec<String> = rules.rules().iter().map(|r| rules.show_rule(r)).collect();
    assert_eq!(shown, ["101>000", "111>010"]);
}

#[test]
fn bad_rule_files_name_the_line_and_the_reason() {
    let head = "name = \"x\"\nletters = \"01\"\nblank = \"0\"\n";
    let cases = [
        (
            format!("{head}[rules]\n\"1\" = \"1\"\n"),
            5,
            "lower the total weight",
        ),
        (format!("{head}[rules]\n\"11\" = \"0\"\n"), 5, "same length"),
        (format!("{head}[rules]\n\"1.\" = \"0\"\n"), 5, "same length"),
        (format!("{head}[rules]\n\"1.\" = \"00\"\n"), 5, "same place"),
        (
            format!("{head}[rules]\n\"2\" = \"0\"\n"),
            5,
            "not one of the letters",
        ),
        (
            format!("{head}weights = [1, 1]\n[rules]\n\"1\" = \"0\"\n"),
            4,
            "blank letter must weigh 0",
        ),
        (
            format!("{head}rows = 2\n[rules]\n\"1\" = \"0\"\n"),
            4,
            "rows",
        ),
        (
            format!("{head}[rules]\n\"1\" = \"0\"\n[targets]\nt = \"(\"\n"),
            7,
            "target t",
        ),
        (
            "name = \"x\"\nletters = \"0\"\nblank = \"0\"\n[rules]\n".to_string(),
            2,
            "2 to 16 letters",
        ),
        (
            format!("{head}colour = 1\n[rules]\n\"1\" = \"0\"\n"),
            4,
            "not a key of a rule file",
        ),
    ];
    for (text, line, reason) in cases {
        let err = RuleSet::parse(&text, "f.toml").unwrap_err().to_string();
        assert!(err.starts_with(&format!("f.toml:{line}:")), "{err}\n{text}");
        assert!(err.contains(reason), "{err}");
    }
}

/// Records the stages a computation announces and the work it reports in each.
#[derive(Default)]
struct Stages(std::sync::Mutex<Vec<(Option<u64>, u64, u64)>>);

impl unhop::Progress for Stages {
    fn start(&self, _: &str, total: Option<u64>) {
        self.0.lock().unwrap().push((total, 0, 0));
    }
    fn advance(&self, work: u64) {
        let mut stages = self.0.lock().unwrap();
        let last = stages.last_mut().expect("work inside a stage");
        last.1 += work;
        last.2 += 1;
    }
}

/// `rules grundy`'s progress: the valuing stage announces the positions the word reaches and
/// its advances (one per position valued) add up to exactly that total, on both boards, with
/// the value of the plain solver.
#[test]
fn grundy_progress_adds_up_to_the_positions_it_announced() {
    for name in ["solitaire", "kayles", "dawson"] {
        let rules = RuleSet::builtin(name).unwrap();
        for board in Board::ALL {
            for word in [vec![1u8; 9], vec![1, 1, 0, 1, 1, 0, 1, 1, 1, 0, 1, 1]] {
                let stages = Stages::default();
                let value = unhop::rules::grundy_with_progress(
                    &rules,
                    &word,
                    board,
                    &Budget::default(),
                    &stages,
                )
                .unwrap();
                assert_eq!(
                    value,
                    grundy(&rules, &word, board, &Budget::default()).unwrap(),
                    "{name} {word:?}"
                );
                let stages = stages.0.into_inner().unwrap();
                assert_eq!(stages.len(), 2, "{name}: listing, then valuing");
                let (total, done, calls) = stages[1];
                assert_eq!(total, Some(done), "{name} {word:?} on {board}");
                assert!(
                    done >= 1 && calls == done,
                    "{name}: one advance per position"
                );
            }
        }
    }
}
