//! The generic engines against their exhaustive twins on every built-in rule set they
//! handle, the rewrite games of Kayles and Dawson's Kayles against the octal-game engine, and
//! the rule-file reader on good and bad files.

use unhop::budget::Budget;
use unhop::games::{Convention, Octal};
use unhop::rules::{
    Cheapest, RewriteGame, RuleSet, Target, count, default_relation_bound, exhaustive_reach,
    grundy, learn_language, prove, proved_language, replay, trim,
};
use unhop::solitaire::Board;
use unhop::{Method, Quiet};

const BOARDS: [Board; 2] = [Board::Finite, Board::Infinite];
const CONVENTIONS: [Convention; 2] = [Convention::Normal, Convention::Misere];

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
                        grundy(&RewriteGame::new(&rules, board), &w, &Budget::default()).unwrap(),
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
        let budget = Budget::default();
        let proof = prove(&rules, default_relation_bound(&rules), &budget, &Quiet).unwrap();
        assert!(proof.holds(), "{name}");
        let target = Target::named(&rules, target).unwrap();
        for board in BOARDS {
            for n in 1..=10 {
                let by = |method| count(&rules, n, &target, board, method, &budget, &Quiet);
                let (fast, slow) = (by(Method::Fast).unwrap(), by(Method::Exhaustive).unwrap());
                assert_eq!(fast, slow, "{name} n = {n} on {board}");
            }
            let learned = learn_language(&rules, &target, board, 14, &budget, &Quiet).unwrap();
            let derived = proved_language(&rules, &target, board, &budget, &Quiet).unwrap();
            assert_eq!(
                learned
                    .dfa
                    .shortest_difference(&derived, &unhop::budget::Budget::default())
                    .unwrap(),
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
            "name = \"x\"\nletters = \"0123\"\nblank = \"1\"\nrows = 2\n[rules]\n\"33\" = \"00\"\n"
                .to_string(),
            4,
            "blank letter must weigh 0",
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
                let game = RewriteGame::new(&rules, board);
                let value =
                    unhop::rules::grundy_with_progress(&game, &word, &Budget::default(), &stages)
                        .unwrap();
                assert_eq!(
                    value,
                    grundy(&game, &word, &Budget::default()).unwrap(),
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

/// The rewrite game's values by the search that keeps its own stack ([`grundy`], and with
/// the listing first) equal the plain recursion (its twin, [`exhaustive_grundy`]) and the
/// crate's game solver on every word of up to 10 letters of the two-letter built-ins, on
/// both boards, under both play rules.
#[test]
fn game_values_agree_with_the_plain_recursion_and_the_solver() {
    let budget = Budget::default();
    for name in ["solitaire", "kayles", "dawson"] {
        let rules = RuleSet::builtin(name).unwrap();
        for (board, convention) in BOARDS.into_iter().flat_map(|b| CONVENTIONS.map(|c| (b, c))) {
            let game = RewriteGame::new(&rules, board).with_convention(convention);
            let mut solver = unhop::games::Solver::new(game);
            for n in 1..=10 {
                for w in words(2, n) {
                    let fast = grundy(&game, &w, &budget).unwrap();
                    let listed =
                        unhop::rules::grundy_with_progress(&game, &w, &budget, &Quiet).unwrap();
                    let slow = unhop::rules::exhaustive_grundy(&game, &w, &budget).unwrap();
                    let trimmed = placed(&rules, &w, board).0;
                    let solved = solver.value(&trimmed);
                    assert_eq!(
                        (fast, listed, slow),
                        (solved, solved, solved),
                        "{name} {w:?} on {board}, {convention} play"
                    );
                }
            }
        }
    }
}

/// A play of 15,000 forced moves, one level of the search each: over the letters 0 to f
/// (weights 0, 15, 14, …, 1), the rules `k0 → (k+1)0` and `f0 → 00` change only the letter
/// before the first 0, so 1^1000 0 is played a letter at a time, 15 moves a cell. The search
/// keeps its own stack, so it values the word on a test thread's 2 MiB stack (the crate's
/// recursive solver, about 200 bytes of stack a move, did not); the plain recursion of the
/// exhaustive twin refuses it, naming the levels and its limit.
#[test]
fn a_long_play_is_valued_without_the_threads_stack() {
    let letters = "0123456789abcdef";
    let weights: Vec<String> = (0..16).map(|l| ((16 - l) % 16).to_string()).collect();
    let mut text = format!(
        "name = \"chain\"\nletters = \"{letters}\"\nblank = \"0\"\nweights = [{}]\n[rules]\n",
        weights.join(", ")
    );
    let chars: Vec<char> = letters.chars().collect();
    for k in 1..16 {
        text.push_str(&format!(
            "\"{}0\" = \"{}0\"\n",
            chars[k],
            chars[(k + 1) % 16]
        ));
    }
    let rules = RuleSet::parse(&text, "chain.toml").unwrap();
    let budget = Budget::default();
    for (cells, value) in [(1000, 0), (1001, 1)] {
        let mut word = vec![1u8; cells];
        word.push(0);
        // Every move is forced: the value is the parity of the 15 moves a cell.
        assert_eq!(
            grundy(&RewriteGame::new(&rules, Board::Finite), &word, &budget).unwrap(),
            value
        );
    }
    let mut word = vec![1u8; 1000];
    word.push(0);
    let game = RewriteGame::new(&rules, Board::Finite);
    let err = unhop::rules::exhaustive_grundy(&game, &word, &budget).unwrap_err();
    assert_eq!(err.kind(), unhop::ErrorKind::Refused);
    let figures = err.figures().unwrap();
    assert_eq!((figures.estimate, figures.limit), (15_001, 2000));
    assert_eq!(figures.unit, "levels of play");
}

/// Kayles and Dawson's Kayles as rewrite games under misère play against the heap games'
/// retrograde analysis (an independent engine): a word of pins is the heaps of its runs, and
/// its misère value is 0 exactly when the player to move loses that position.
#[test]
fn misere_values_are_zero_exactly_at_the_heap_games_misere_losses() {
    use unhop::games::{HeapGame, HeapRule, Outcome};
    let budget = Budget::default();
    for (name, code) in [("kayles", "0.77"), ("dawson", "0.07")] {
        let rules = RuleSet::builtin(name).unwrap();
        let game = RewriteGame::new(&rules, Board::Finite).with_convention(Convention::Misere);
        let heaps_game = HeapGame::octal(code.parse().unwrap(), HeapRule::Misere).unwrap();
        let mut losses = 0;
        for n in 1..=10 {
            for w in words(2, n) {
                let heaps: Vec<u64> = w
                    .split(|&l| l == 0)
                    .map(|run| run.len() as u64)
                    .filter(|&h| h > 0)
                    .collect();
                if heaps.is_empty() {
                    // No pin, no move: the player to move has won already.
                    assert_eq!(grundy(&game, &w, &budget).unwrap(), 1, "{name} {w:?}");
                    continue;
                }
                let graph = heaps_game.position_graph(&heaps, &budget).unwrap();
                let lost = graph.outcome(0) == Some(Outcome::Loss);
                losses += usize::from(lost);
                assert_eq!(
                    grundy(&game, &w, &budget).unwrap() == 0,
                    lost,
                    "{name} {w:?}: heaps {heaps:?}"
                );
            }
        }
        assert!(losses > 10, "{name}: {losses} losses");
    }
}
