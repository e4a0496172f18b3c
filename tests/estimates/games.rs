//! The games' engines: every estimate they are admitted with held against the work they
//! charge and the peak of what they allocate; the engines whose reach is not known in advance
//! (the rare-value method, an octal game's graph) hold at least what they allocate; and a
//! position graph is written without holding its text.

use crate::counting::{SLACK, alone, each_case, measure};
use unhop::Method;
use unhop::budget::{Account, Budget, Estimate};
use unhop::games::{
    ClassSet, Duotaire, FiniteTable, HeapGame, HeapRule, InfiniteTable, MoveRule, Octal,
    Subtraction, class_table, class_table_estimate, dense_estimate, dense_values, octal_values,
    p_position_answers, p_position_estimate, pumping_probe,
};
use unhop::solitaire::Board;
use unhop::{Error, Quiet};

/// Runs `work` under a fresh unlimited budget and checks `estimate`, made before it started:
/// the work charged by the meter of its name is within the estimate's, and the most bytes the
/// run allocated at once are within its bytes. Returns the result and the meter's account.
fn within_estimate<T>(estimate: &Estimate, work: impl FnOnce(&Budget) -> T) -> (T, Account) {
    let budget = Budget::unlimited();
    let (result, peak) = measure(|| work(&budget));
    let accounts = budget.accounts();
    let account = accounts.iter().find(|a| a.what == estimate.what);
    let account = account.unwrap_or_else(|| panic!("no meter for {}", estimate.what));
    assert_eq!(account.unit, estimate.unit.name);
    assert!(
        u128::from(account.work) <= estimate.work,
        "{}: charged {}, estimated {}",
        estimate.what,
        account.work,
        estimate.work
    );
    assert!(
        u128::from(peak) <= estimate.bytes + u128::from(SLACK),
        "{}: allocated {peak}, estimated {}",
        estimate.what,
        estimate.bytes
    );
    (result, account.clone())
}

/// Runs `work` under a fresh unlimited budget and checks every meter admitted with an
/// estimate ([`Budget::admit_estimate`]): the work it charged is within the estimate's, and
/// the most bytes the run allocated at once are within their bytes. Returns the result and
/// the accounts.
fn within_estimates<T>(work: impl FnOnce(&Budget) -> T) -> (T, Vec<Account>) {
    let budget = Budget::unlimited();
    let (result, peak) = measure(|| work(&budget));
    let accounts = budget.accounts();
    let estimated: Vec<&Account> = accounts.iter().filter(|a| a.estimate.is_some()).collect();
    assert!(!estimated.is_empty(), "no estimate was made");
    for account in &estimated {
        let (work, _) = account.estimate.unwrap();
        assert!(
            u128::from(account.work) <= work,
            "{}: charged {} {}, estimated {work}",
            account.what,
            account.work,
            account.unit
        );
    }
    let bytes: u128 = estimated.iter().map(|a| a.estimate.unwrap().1).sum();
    if bytes > 0 {
        assert!(
            u128::from(peak) <= bytes + u128::from(SLACK),
            "{:?}: allocated {peak}, estimated {bytes}",
            estimated.iter().map(|a| &a.what).collect::<Vec<_>>()
        );
    }
    (result, accounts)
}

/// Runs `work` under a fresh unlimited budget and checks that what it allocated is within
/// what its meters held (with the slack).
fn within_held<T>(work: impl FnOnce(&Budget) -> T) -> T {
    let budget = Budget::unlimited();
    let (result, peak) = measure(|| work(&budget));
    let held: u64 = budget.accounts().iter().map(|a| a.peak_bytes).sum();
    assert!(peak <= held + SLACK, "allocated {peak}, held {held}");
    result
}

/// Every list of up to three heaps of at most `max` stones.
fn positions(max: u64) -> Vec<Vec<u64>> {
    let mut all = Vec::new();
    for a in 0..=max {
        all.push(vec![a]);
        for b in 0..=max {
            all.push(vec![a, b]);
            for c in 0..=max / 2 {
                all.push(vec![a, b, c]);
            }
        }
    }
    all
}

/// The games whose retrograde analysis is estimated in advance, under each of their rules.
fn estimated_games(sets: &[&str]) -> Vec<HeapGame> {
    let mut games = vec![
        HeapGame::nim(HeapRule::Normal).unwrap(),
        HeapGame::nim(HeapRule::Misere).unwrap(),
    ];
    for set in sets {
        for rule in HeapRule::ALL {
            let set = Subtraction::parse(set).unwrap();
            if rule != HeapRule::OddWins || set.set()[0] == 1 {
                games.push(HeapGame::subtraction(set, rule));
            }
        }
    }
    games
}

/// Analyses `heaps` of `game` by retrograde analysis within its estimate, when the rule takes
/// them (the variants are played on one heap, odd wins on an odd one).
fn analysed_within_estimates(game: &HeapGame, heaps: &[u64]) {
    let one_heap = matches!(game.rule(), HeapRule::NoRepeat | HeapRule::OddWins);
    if (one_heap && heaps.len() > 1) || (game.rule() == HeapRule::OddWins && heaps[0] % 2 == 0) {
        return;
    }
    within_estimates(|budget| game.analyse(heaps, Method::Exhaustive, budget).unwrap());
}

#[test]
fn retrograde_analyses_are_within_their_estimates_on_every_small_position() {
    let _alone = alone();
    for game in estimated_games(&["1..3", "2,5", "1,4"]) {
        for heaps in positions(6) {
            analysed_within_estimates(&game, &heaps);
        }
    }
}

#[test]
fn tables_of_single_heaps_are_within_their_estimates() {
    let _alone = alone();
    for game in estimated_games(&["1..3", "2,5", "1,3,4", "1,2,6"]) {
        for max in [0, 1, 2, 7, 40, 300] {
            let (table, _) =
                within_estimates(|budget| game.single_heaps(max, Method::Exhaustive, budget));
            table.unwrap();
        }
    }
}

/// The Nim estimate is exact in moves: the work charged equals it.
#[test]
fn nim_charges_exactly_its_estimated_moves() {
    let _alone = alone();
    let nim = HeapGame::nim(HeapRule::Normal).unwrap();
    for heaps in positions(5) {
        let (_, accounts) =
            within_estimates(|budget| nim.analyse(&heaps, Method::Exhaustive, budget).unwrap());
        let account = accounts.iter().find(|a| a.estimate.is_some()).unwrap();
        assert_eq!(u128::from(account.work), account.estimate.unwrap().0);
    }
}

#[test]
fn larger_retrograde_analyses_are_within_their_estimates() {
    let drawn = (
        proptest::collection::vec(0u64..40, 1..3),
        proptest::collection::btree_set(1u64..12, 1..5),
        0usize..6,
    );
    each_case(60, drawn, |(heaps, set, game)| {
        let set: Vec<String> = set.iter().map(u64::to_string).collect();
        let games = estimated_games(&[&set.join(",")]);
        analysed_within_estimates(&games[game % games.len()], &heaps);
        Ok(())
    });
}

#[test]
fn position_graphs_are_within_their_estimates() {
    each_case(60, (0u64..300, proptest::bool::ANY), |(heap, misere)| {
        let rule = if misere {
            HeapRule::Misere
        } else {
            HeapRule::Normal
        };
        for game in estimated_games(&["1..5"]) {
            if game.rule() == rule || game.rule() == HeapRule::NoRepeat {
                within_estimates(|budget| game.play_graph(&[heap], budget).unwrap());
            }
        }
        Ok(())
    });
}

/// An octal game's graph is not estimated in advance: it holds what it allocates as it grows.
#[test]
fn octal_game_graphs_hold_what_they_allocate() {
    let _alone = alone();
    for code in ["0.77", "0.07", "4.07", "grundy", "0.137"] {
        let code: Octal = code.parse().unwrap();
        for rule in [HeapRule::Normal, HeapRule::Misere] {
            let game = HeapGame::octal(code.clone(), rule).unwrap();
            for heaps in [vec![9], vec![6, 5], vec![14], vec![3, 3, 4]] {
                within_held(|budget| game.play_graph(&heaps, budget).unwrap());
            }
        }
    }
}

/// A graph is written a position at a time: writing the 2,000 positions and 2 million moves of
/// Nim on 1999 (80 MB of JSON, 90 MB of DOT) allocates about one position's moves at once.
#[test]
fn position_graphs_are_written_without_holding_the_text() {
    let _alone = alone();
    let nim = HeapGame::nim(HeapRule::Normal).unwrap();
    // Built while measuring, so that no other test measures it.
    let (graph, _) = measure(|| nim.position_graph(&[1999], &Budget::default()).unwrap());
    // One position's moves: at most 1999, each a name of some 20 bytes and an index.
    let one_position = 1999 * 64;
    let (written, peak) = measure(|| {
        let mut counted = Counted(0);
        graph.write_json(&mut counted).unwrap();
        counted.0
    });
    assert!(written > 80_000_000, "{written}");
    assert!(peak <= one_position + SLACK, "JSON: {peak} bytes at once");
    let (_, peak) = measure(|| graph.write_dot(&mut Counted(0)).unwrap());
    assert!(peak <= one_position + SLACK, "DOT: {peak} bytes at once");
    let (_, peak) = measure(|| graph.write_text(&mut Counted(0)).unwrap());
    assert!(peak <= one_position + SLACK, "text: {peak} bytes at once");
}

/// A writer that keeps nothing, counting the bytes it is given.
struct Counted(u64);

impl std::io::Write for Counted {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 += buf.len() as u64;
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn no_lengths(_: usize, _: &[u8]) -> Result<(), Error> {
    Ok(())
}

/// The dense tables value exactly the words they estimate.
#[test]
fn dense_tables_are_within_their_estimates() {
    let _alone = alone();
    for rule in [MoveRule::Single, MoveRule::Chain] {
        for len in 1..=18 {
            let estimate = FiniteTable::estimate(len);
            let (_, account) = within_estimate(&estimate, |budget| {
                FiniteTable::build(rule, len, budget, &Quiet, &mut no_lengths).unwrap()
            });
            assert_eq!(u128::from(account.work), estimate.work);
            let estimate = InfiniteTable::estimate(len);
            let (_, account) = within_estimate(&estimate, |budget| {
                InfiniteTable::build(rule, len, budget, &Quiet, &mut no_lengths).unwrap()
            });
            assert_eq!(u128::from(account.work), estimate.work);
        }
    }
}

/// The class tables count their lookups exactly.
#[test]
fn lookups_answers_and_class_tables_are_within_their_estimates() {
    let _alone = alone();
    for board in Board::ALL {
        for len in 1..=14 {
            within_estimate(&dense_estimate(board, len), |budget| {
                let value = dense_values(MoveRule::Chain, board, len, budget).unwrap();
                value(&unhop::Word::from_bits(1, len))
            });
            within_estimate(&p_position_estimate(board, len), |budget| {
                p_position_answers(MoveRule::Single, board, len, budget).unwrap()
            });
        }
        for set in ClassSet::ALL {
            for len in [2, 5, 9, 13] {
                let estimate = class_table_estimate(set, board, len);
                let (_, account) = within_estimate(&estimate, |budget| {
                    class_table(set, board, len, budget, &Quiet).unwrap()
                });
                assert_eq!(u128::from(account.work), estimate.work);
            }
        }
    }
}

/// Octal games with and without splits, Grundy's game, and a subtraction game's code.
const OCTAL_CODES: [&str; 8] = [
    "0.77",
    "0.07",
    "0.007",
    "4.07",
    "0.137",
    "0.6",
    "grundy",
    "0.3333333",
];

#[test]
fn the_plain_mex_loop_is_within_its_estimate() {
    let _alone = alone();
    for code in OCTAL_CODES {
        let game: Octal = code.parse().unwrap();
        for max in [0, 1, 5, 60, 700] {
            let (values, accounts) = within_estimates(|budget| {
                octal_values(&game, max, Method::Exhaustive, budget, &Quiet).unwrap()
            });
            assert_eq!(values.0.len(), max + 1);
            let account = &accounts[0];
            assert_eq!(
                u128::from(account.work),
                game.exhaustive_work(max),
                "{code}"
            );
        }
    }
}

#[test]
fn the_rare_value_method_holds_what_it_allocates() {
    let _alone = alone();
    for code in OCTAL_CODES {
        let game: Octal = code.parse().unwrap();
        for max in [0, 1, 100, 5000, 40_000] {
            within_held(|budget| octal_values(&game, max, Method::Fast, budget, &Quiet).unwrap());
        }
    }
    let long: Octal = format!("0.{}", "7".repeat(300)).parse().unwrap();
    within_held(|budget| octal_values(&long, 3000, Method::Fast, budget, &Quiet).unwrap());
}

#[test]
fn pumping_is_within_its_estimate() {
    let _alone = alone();
    for n in 1..=6 {
        for p in [1, 4, 12, 20] {
            within_estimates(|budget| pumping_probe(n, p, budget).unwrap());
        }
    }
}

/// The solver behind Duotaire's analyses is admitted by the members of a family.
#[test]
fn a_familys_members_are_charged_one_each() {
    let _alone = alone();
    let game = Duotaire::new(MoveRule::Chain, Board::Finite);
    let pattern = unhop::Pattern::parse("011(01)^n0").unwrap();
    let budget = Budget::default();
    let mut analysis = unhop::games::Analysis::new(game, &budget, &Quiet);
    let mut each = |_: &unhop::games::FamilyMember| Ok::<(), Error>(());
    let range = unhop::games::FamilyRange::new(3, 9).unwrap();
    analysis
        .each_family_member(&pattern, range, &mut each)
        .unwrap();
    drop(analysis);
    let members = budget.accounts();
    let members = members.iter().find(|a| a.unit == "members").unwrap();
    assert_eq!((members.work, members.estimate), (7, Some((7, 0))));
}
