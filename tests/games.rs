//! Nim, subtraction, octal games and the seed's variants: every closed form and fast method
//! against the generic engines (the memoised Sprague–Grundy solver, the plain recursion, the
//! retrograde analysis), and the published values and periods.

use num_bigint::BigUint;
use proptest::prelude::*;
use rustc_hash::FxHashMap;
use unhop::budget::Budget;
use unhop::games::{
    Convention, NoRepeat, NoRepeatPosition, Octal, OddWins, OddWinsPosition, Outcome, Period,
    Played, PositionGraph, RareValueTuning, Retrograde, Rules, Solver, Subtraction,
    exhaustive_outcome, exhaustive_value, nim_sum, nim_winning_moves, nim_wins, proved_period,
    rare_value_sequence, tuned_rare_value_sequence,
};

const CONVENTIONS: [Convention; 2] = [Convention::Normal, Convention::Misere];

/// Every list of `heaps` heaps of at most `max` stones.
fn all_positions(heaps: usize, max: u64) -> Vec<Vec<u64>> {
    let mut out = vec![vec![]];
    for _ in 0..heaps {
        out = out
            .into_iter()
            .flat_map(|p| {
                (0..=max).map(move |h| {
                    let mut q = p.clone();
                    q.push(h);
                    q
                })
            })
            .collect();
    }
    out
}

fn big(heaps: &[u64]) -> Vec<BigUint> {
    heaps.iter().map(|&h| BigUint::from(h)).collect()
}

#[test]
fn bouton_agrees_with_the_retrograde_engine_on_every_small_position() {
    // Up to 4 heaps of at most 5 stones and 3 heaps of at most 8, both conventions: the
    // outcome and the exact set of winning moves.
    for convention in CONVENTIONS {
        let game = Played::new(unhop::games::Nim, convention);
        for (heaps, max) in [(1, 12), (2, 9), (3, 8), (4, 5)] {
            let start = vec![max; heaps];
            let solved = Retrograde::solve(&game, &start, &Budget::unlimited()).unwrap();
            for position in all_positions(heaps, max) {
                let heaps_big = big(&position);
                let wins = solved.outcome(&position) == Some(Outcome::Win);
                assert_eq!(nim_wins(&heaps_big, convention), wins, "{position:?}");
                let mut bouton: Vec<(usize, BigUint)> = nim_winning_moves(&heaps_big, convention)
                    .into_iter()
                    .map(|m| (m.heap, m.to))
                    .collect();
                let mut engine: Vec<(usize, BigUint)> = solved
                    .winning_moves(&position)
                    .into_iter()
                    .map(|(i, left)| (i, BigUint::from(left)))
                    .collect();
                bouton.sort();
                engine.sort();
                assert_eq!(bouton, engine, "{position:?} {convention:?}");
            }
        }
    }
}

#[test]
fn nim_values_are_the_nim_sum_in_the_sprague_grundy_solver() {
    let mut solver = Solver::new(unhop::games::Nim);
    for position in all_positions(3, 7) {
        let sum = nim_sum(&big(&position));
        assert_eq!(BigUint::from(solver.value(&position)), sum, "{position:?}");
    }
}

#[test]
fn the_seeds_four_heaps_have_exactly_three_winning_moves() {
    let heaps = big(&[7, 15, 26, 30]);
    let moves = nim_winning_moves(&heaps, Convention::Normal);
    let found: Vec<(usize, u64)> = moves
        .iter()
        .map(|m| (m.heap, u64::try_from(&m.to).unwrap()))
        .collect();
    // nim-sum 12 (binary 1100): heaps 15, 26 and 30 have the bit of value 8 set, 7 has not.
    assert_eq!(nim_sum(&heaps), BigUint::from(12u32));
    assert_eq!(found, [(1, 3), (2, 22), (3, 18)]);
    for m in &moves {
        let mut after = heaps.clone();
        after[m.heap] = m.to.clone();
        assert_eq!(nim_sum(&after), BigUint::from(0u32));
    }
}

proptest! {
    /// Big heaps: every winning move really leads to nim-sum 0 (or, in misère play, to a
    /// position the rule calls lost), and a position is won exactly when a move is listed.
    #[test]
    fn bouton_moves_on_big_heaps_lead_to_lost_positions(
        heaps in prop::collection::vec(prop::collection::vec(any::<u32>(), 1..5), 1..6),
        misere in any::<bool>(),
    ) {
        let convention = if misere { Convention::Misere } else { Convention::Normal };
        let heaps: Vec<BigUint> = heaps.iter().map(|digits| BigUint::new(digits.clone())).collect();
        let moves = nim_winning_moves(&heaps, convention);
        let ended = heaps.iter().all(|h| *h == BigUint::from(0u32));
        prop_assert_eq!(nim_wins(&heaps, convention), !moves.is_empty() || (misere && ended));
        for m in moves {
            prop_assert!(m.to < m.from);
            let mut after = heaps.clone();
            after[m.heap] = m.to.clone();
            prop_assert!(!nim_wins(&after, convention));
        }
    }
}

#[test]
fn subtraction_one_to_k_closed_forms_agree_with_the_retrograde_engine() {
    for k in 1..=7u64 {
        let set = Subtraction::parse(&format!("1..{k}")).unwrap();
        for convention in CONVENTIONS {
            let game = Played::new(set.clone(), convention);
            let solved = Retrograde::solve(&game, &vec![200], &Budget::unlimited()).unwrap();
            for n in 0..=200 {
                let loses = solved.outcome(&vec![n]) == Some(Outcome::Loss);
                assert_eq!(
                    set.closed_form_loses(n, convention),
                    Some(loses),
                    "k={k} n={n}"
                );
            }
        }
        let (values, _) = set.periodic_values(&Budget::default()).unwrap();
        assert!(
            values
                .iter()
                .enumerate()
                .all(|(n, &g)| g as u64 == n as u64 % (k + 1))
        );
    }
}

#[test]
fn subtraction_values_and_periods_agree_with_the_solver_on_many_sets() {
    let sets = [
        "1", "2", "1,3", "2,5", "1,3,4", "2,3,7", "1,4,9", "3..5", "1,2,4,8",
    ];
    for text in sets {
        let set = Subtraction::parse(text).unwrap();
        let mut solver = Solver::new(set.clone());
        let (values, period) = set.periodic_values(&Budget::default()).unwrap();
        let plain = set.to_octal().exhaustive_values(3000);
        for n in 0..=3000u64 {
            let by_period = period.value_at(&values, n);
            assert_eq!(by_period, plain[n as usize], "{text} n={n}");
            if n <= 200 {
                assert_eq!(solver.value(&vec![n]), by_period, "{text} n={n}");
            }
        }
        // Two heaps: the sum rule against plain recursion on the pair.
        for position in all_positions(2, 12) {
            let direct = exhaustive_value(&set, &position, &mut FxHashMap::default());
            assert_eq!(
                direct,
                plain[position[0] as usize] ^ plain[position[1] as usize]
            );
        }
    }
}

#[test]
fn the_variants_retrograde_analysis_agrees_with_plain_recursion() {
    for text in ["1..2", "1..3", "1..4", "1,3", "2,3", "1,2,5"] {
        let set = Subtraction::parse(text).unwrap();
        let no_repeat = NoRepeat::new(set.clone());
        let starts: Vec<NoRepeatPosition> = (0..=60).map(NoRepeatPosition::start).collect();
        check_against_recursion(&no_repeat, &starts);
        if let Ok(odd_wins) = OddWins::new(set.clone()) {
            let starts: Vec<OddWinsPosition> = (0..=30)
                .map(|m| OddWinsPosition::start(2 * m + 1))
                .collect();
            check_against_recursion(&odd_wins, &starts);
        }
        for convention in CONVENTIONS {
            let played = Played::new(set.clone(), convention);
            check_against_recursion(&played, &all_positions(2, 10));
        }
    }
}

/// Every position reachable from `starts`: the retrograde label equals the recursion's.
fn check_against_recursion<R: Rules>(rules: &R, starts: &[R::Position])
where
    R::Position: std::fmt::Debug,
{
    let solved = Retrograde::solve_all(rules, starts, &Budget::unlimited()).unwrap();
    let mut memo = FxHashMap::default();
    for (k, p) in solved.positions().iter().enumerate() {
        let outcome = solved.outcome_of(k);
        assert_eq!(
            outcome,
            Some(exhaustive_outcome(rules, p, &mut memo)),
            "{p:?}"
        );
        // A win has a move to a loss and a loss has none.
        let to_loss = solved
            .moves_of(k)
            .iter()
            .any(|(_, q)| solved.outcome_of(*q) == Some(Outcome::Loss));
        if !solved.moves_of(k).is_empty() {
            assert_eq!(to_loss, outcome == Some(Outcome::Win), "{p:?}");
        }
    }
}

#[test]
fn the_seeds_odd_wins_example_and_the_stuck_player_of_no_repeat() {
    let game = OddWins::new(Subtraction::parse("1..2").unwrap()).unwrap();
    assert!(OddWins::new(Subtraction::parse("2,3").unwrap()).is_err());
    assert!(OddWins::check_start(4).is_err());
    let start = OddWinsPosition::start(5);
    let solved = Retrograde::solve(&game, &start, &Budget::unlimited()).unwrap();
    // The seed's suggested example, n = 5, k = 2: the first player wins, and every move the
    // analysis calls winning leaves a position that plain recursion calls lost.
    assert_eq!(solved.outcome(&start), Some(Outcome::Win));
    let winning = solved.winning_moves(&start);
    assert!(!winning.is_empty());
    for (s, next) in game.moves(&start) {
        let lost = exhaustive_outcome(&game, &next, &mut FxHashMap::default()) == Outcome::Loss;
        assert_eq!(winning.contains(&s), lost);
    }
    // No repeat, {1, 2}: one stone left after the opponent took 1 cannot be taken.
    let game = NoRepeat::new(Subtraction::parse("1..2").unwrap());
    let stuck = NoRepeatPosition {
        heap: 1,
        barred: Some(1),
    };
    assert!(game.moves(&stuck).is_empty());
    assert_eq!(game.end_outcome(&stuck), Outcome::Loss);
}

const KAYLES_START: [u32; 20] = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2];

#[test]
fn kayles_starts_as_published_and_is_proved_periodic_12_from_71() {
    let kayles: Octal = "0.77".parse().unwrap();
    let values = kayles.exhaustive_values(400);
    assert_eq!(values[..20], KAYLES_START);
    let period = proved_period(&values, kayles.max_taken()).unwrap();
    assert_eq!(
        period,
        Period {
            preperiod: 71,
            period: 12
        }
    );
    // The proof needs G(0..168); one value less proves nothing.
    assert_eq!(period.values_needed(2), 168);
    assert_eq!(proved_period(&values[..168], 2), Some(period));
    assert_eq!(proved_period(&values[..167], 2), None);
    // What the theorem promises holds far beyond the proof.
    let (far, _) = rare_value_sequence(&kayles, 20_000, |_| {});
    assert!((71..20_000 - 12).all(|n| far[n + 12] == far[n]));
    assert_ne!(far[70], far[82]);
}

#[test]
fn dawsons_kayles_is_proved_periodic_34_from_53_and_dawsons_chess_one_heap_earlier() {
    // 0.07 with heap n; Dawson's chess on n files is 0.137 with heap n, which is 0.07 with
    // heap n + 1 (a row of n pawns is a heap of n + 1 in Dawson's Kayles).
    let dawson: Octal = "0.07".parse().unwrap();
    let chess: Octal = "0.137".parse().unwrap();
    let values = dawson.exhaustive_values(400);
    let chess_values = chess.exhaustive_values(399);
    assert_eq!(values[1..], chess_values[..]);
    assert_eq!(
        proved_period(&values, dawson.max_taken()),
        Some(Period {
            preperiod: 53,
            period: 34
        })
    );
    assert_eq!(
        proved_period(&chess_values, chess.max_taken()),
        Some(Period {
            preperiod: 52,
            period: 34
        })
    );
}

#[test]
fn the_generic_engine_agrees_with_the_plain_mex_loop_on_every_short_code() {
    // Every code d0.d1d2 (d0 in {0, 4}), the generic solver on single heaps and the plain
    // recursion on pairs of heaps (no splitting into sums).
    let mut codes: Vec<String> = Vec::new();
    for d0 in [0, 4] {
        for d1 in 0..8 {
            for d2 in 0..8 {
                codes.push(format!("{d0}.{d1}{d2}"));
            }
        }
    }
    codes.push("grundy".to_string());
    for code in codes {
        let Ok(game) = code.parse::<Octal>() else {
            assert_eq!(code, "0.00");
            continue;
        };
        let plain = game.exhaustive_values(24);
        let mut solver = Solver::new(game.clone());
        for n in 0..=24u64 {
            assert_eq!(solver.value(&vec![n]), plain[n as usize], "{code} heap {n}");
        }
        let mut memo = FxHashMap::default();
        for position in all_positions(2, 7) {
            let direct = exhaustive_value(&game, &position, &mut memo);
            let sum = plain[position[0] as usize] ^ plain[position[1] as usize];
            assert_eq!(direct, sum, "{code} {position:?}");
        }
    }
}

#[test]
fn the_rare_value_method_equals_the_plain_loop() {
    let mut codes: Vec<String> = ["0.007", "0.77", "0.07", "0.137", "4.07", "0.6", "0.16"]
        .map(String::from)
        .to_vec();
    codes.push("grundy".into());
    for d1 in 0..8 {
        for d2 in 0..8 {
            codes.push(format!("0.{d1}{d2}4"));
            codes.push(format!("4.{d1}{d2}"));
        }
    }
    for code in codes {
        let game: Octal = code.parse().unwrap();
        let (fast, _) = rare_value_sequence(&game, 1500, |_| {});
        assert_eq!(fast, game.exhaustive_values(1500), "{code}");
    }
}

#[test]
fn the_two_threaded_marking_of_long_heaps_equals_the_plain_loop() {
    // No move of Treblecross takes fewer than three stones, so heaps n and n + 1 are computed
    // on two threads.
    let treblecross: Octal = "0.007".parse().unwrap();
    let (fast, stats) = rare_value_sequence(&treblecross, 20_000, |_| {});
    assert_eq!(fast, treblecross.exhaustive_values(20_000));
    assert!(stats.pairs_scanned > 0);
}

/// Settings that force each path of the rare-value method: the sparse space from heap 64
/// on, only marking, only comparing, 32-bit lanes, one heap at a time.
fn every_tuning() -> Vec<RareValueTuning> {
    let default = RareValueTuning::default();
    vec![
        default,
        RareValueTuning {
            rare_share: 1,
            ..default
        },
        RareValueTuning {
            rare_share: 1,
            few_doubts: 0,
            ..default
        },
        RareValueTuning {
            rare_share: 1,
            few_doubts: usize::MAX,
            narrow_lanes: false,
            ..default
        },
        RareValueTuning {
            rare_share: 1,
            two_heaps: false,
            ..default
        },
    ]
}

#[test]
fn every_setting_of_the_rare_value_method_equals_the_plain_loop() {
    // 0.004 and 0.0407 take at least three and two stones (two heaps at once); 0.0447 splits
    // after taking 2 or 3.
    let codes = [
        "0.007", "0.77", "0.07", "grundy", "4.07", "0.004", "0.0407", "0.0447",
    ];
    for code in codes {
        let game: Octal = code.parse().unwrap();
        let plain = game.exhaustive_values(3000);
        for tuning in every_tuning() {
            let (fast, stats) = tuned_rare_value_sequence(&game, 3000, tuning, |_| {});
            assert_eq!(fast, plain, "{code} {tuning:?}");
            if tuning.rare_share == 1 && tuning.few_doubts == usize::MAX {
                assert!(stats.pairs_compared > 0, "{code} {tuning:?}");
            }
        }
    }
}

/// G(n) by the plain mex over every move of heap n, from the values of smaller heaps.
fn plain_mex(game: &Octal, values: &[u32], n: u64) -> u32 {
    let mut options: Vec<u32> = game
        .heap_moves(n)
        .iter()
        .map(|(_, left)| left.iter().fold(0, |x, &h| x ^ values[h as usize]))
        .collect();
    options.sort_unstable();
    options.dedup();
    options
        .iter()
        .enumerate()
        .find(|&(i, &v)| i as u32 != v)
        .map_or(options.len() as u32, |(i, _)| i as u32)
}

#[test]
fn treblecross_at_large_heaps_agrees_with_the_plain_mex_of_random_heaps() {
    use rand::{RngExt, SeedableRng};
    let treblecross: Octal = "0.007".parse().unwrap();
    let max = 1 << 17;
    let (marked, _) = rare_value_sequence(&treblecross, max, |_| {});
    let sparse = RareValueTuning {
        rare_share: 1,
        ..RareValueTuning::default()
    };
    let (searched, stats) = tuned_rare_value_sequence(&treblecross, max / 2, sparse, |_| {});
    assert_eq!(searched[..], marked[..=max / 2]);
    assert!(stats.full_scans > 0 && stats.pairs_compared > 0);
    let mut rng = rand::rngs::StdRng::seed_from_u64(5);
    for _ in 0..40 {
        let n = rng.random_range(20_000..=max);
        assert_eq!(
            marked[n],
            plain_mex(&treblecross, &marked, n as u64),
            "heap {n}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]
    /// Random codes of up to six digits: the rare-value method equals the plain loop.
    #[test]
    fn rare_values_equal_the_plain_loop_on_random_codes(
        d0 in prop::sample::select(vec![0u8, 4]),
        digits in prop::collection::vec(0u8..8, 1..7),
    ) {
        let code = format!("{d0}.{}", digits.iter().map(u8::to_string).collect::<String>());
        if let Ok(game) = code.parse::<Octal>() {
            let (fast, _) = rare_value_sequence(&game, 700, |_| {});
            prop_assert_eq!(fast, game.exhaustive_values(700));
        }
    }
}

#[test]
fn treblecross_and_grundys_game_start_as_published() {
    // Treblecross (0.007), OEIS A002187 shifted by the convention G(0) = G(1) = G(2) = 0,
    // and Grundy's game, OEIS A002188.
    let treblecross: Octal = "0.007".parse().unwrap();
    assert_eq!(
        treblecross.exhaustive_values(20),
        [
            0, 0, 0, 1, 1, 1, 2, 2, 0, 3, 3, 1, 1, 1, 0, 4, 3, 3, 3, 2, 2
        ]
    );
    assert_eq!(
        Octal::grundy().exhaustive_values(20),
        [
            0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0
        ]
    );
}

#[test]
fn malformed_codes_and_sets_are_refused_with_positions() {
    let err = "0.78".parse::<Octal>().unwrap_err();
    assert_eq!(err.column(), Some(3));
    assert_eq!("3.07".parse::<Octal>().unwrap_err().column(), Some(0));
    assert_eq!("10.7".parse::<Octal>().unwrap_err().column(), Some(0));
    assert!("077".parse::<Octal>().is_err());
    assert!("0.000".parse::<Octal>().is_err());
    assert_eq!(".77".parse::<Octal>().unwrap().to_string(), "0.77");
    assert_eq!("0.770".parse::<Octal>().unwrap().to_string(), "0.77");
    assert_eq!(Subtraction::parse("1,x").unwrap_err().column(), Some(2));
    assert!(Subtraction::parse("3..1").is_err());
    assert!(Subtraction::parse("0").is_err());
    assert!(Subtraction::parse("-1").is_err());
    assert!(Subtraction::parse("1..5000").is_err());
}

#[test]
fn the_seeds_position_graph_marks_0_4_8_as_losing() {
    let game = Played::new(Subtraction::parse("1..3").unwrap(), Convention::Normal);
    let solved = Retrograde::solve(&game, &vec![8], &Budget::unlimited()).unwrap();
    assert_eq!(solved.positions().len(), 9);
    let losing: Vec<u64> = (0..=8)
        .filter(|&n| solved.outcome(&vec![n]) == Some(Outcome::Loss))
        .collect();
    assert_eq!(losing, [0, 4, 8]);
    let index: Vec<usize> = [0, 4, 8]
        .iter()
        .map(|&n| solved.positions().iter().position(|p| p[0] == n).unwrap())
        .collect();
    let graph = PositionGraph::new(solved, "nim", |p| p[0].to_string(), |m| m.1.to_string());
    let dot = graph.dot();
    // 9 nodes; moves: 3 from each heap of 3 or more, 2 from 2, 1 from 1.
    assert_eq!(dot.matches(" -> ").count(), 6 * 3 + 2 + 1);
    for (n, k) in [0, 4, 8].into_iter().zip(index) {
        assert!(dot.contains(&format!(
            "p{k} [label=\"{n}\", tooltip=\"loss\", peripheries=2"
        )));
    }
}

/// Every code of up to two digits after the point (with 0 and 4 before it) and some longer
/// ones: the values filled in by a proved period equal the values computed directly by the
/// rare-value method without it and by the plain mex loop, whether or not a period is proved.
#[test]
fn values_filled_by_a_proved_period_equal_the_values_computed_directly() {
    let mut codes: Vec<String> = Vec::new();
    for d0 in ["0", "4"] {
        for a in 0..8 {
            for b in 0..8 {
                codes.push(format!("{d0}.{a}{b}"));
            }
        }
    }
    for code in [
        "0.007", "0.137", "0.106", "0.165", "0.3122", "0.04", "grundy",
    ] {
        codes.push(code.to_string());
    }
    let direct = RareValueTuning {
        fill_by_period: false,
        ..RareValueTuning::default()
    };
    let max = 2500;
    let mut filled = 0;
    for code in &codes {
        let Ok(game) = code.parse::<Octal>() else {
            continue;
        };
        let (values, stats) = rare_value_sequence(&game, max, |_| {});
        let (computed, plain_stats) = tuned_rare_value_sequence(&game, max, direct, |_| {});
        assert_eq!(values, computed, "{code}");
        assert_eq!(values, game.exhaustive_values(max), "{code}");
        assert_eq!(plain_stats.period, None);
        assert_eq!(plain_stats.computed, max + 1);
        match stats.period {
            Some(period) => {
                filled += 1;
                assert!(stats.computed <= max, "{code}");
                assert!(!game.is_grundy());
                // The period was proved from the values computed.
                assert_eq!(
                    proved_period(&values[..stats.computed], game.max_taken()),
                    Some(period)
                );
            }
            None => assert_eq!(stats.computed, max + 1, "{code}"),
        }
    }
    // Most short codes are periodic early: the fill is exercised, not only the fallback.
    assert!(filled > 60, "{filled} codes filled by a period");
}

/// Dawson's Kayles (0.07) far beyond the heaps computed: its period is proved from a few
/// hundred values, and the filled values equal the mex of each heap's options at random large
/// heaps.
#[test]
fn dawsons_kayles_is_filled_by_its_period_and_the_fill_agrees_with_the_definition() {
    use rand::{RngExt, SeedableRng};
    let dawson: Octal = "0.07".parse().unwrap();
    let max = 1 << 17;
    let (values, stats) = rare_value_sequence(&dawson, max, |_| {});
    assert_eq!(values.len(), max + 1);
    assert_eq!(
        stats.period,
        Some(Period {
            preperiod: 53,
            period: 34
        })
    );
    assert!(stats.computed < 1000, "{} values computed", stats.computed);
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    for _ in 0..40 {
        let n = rng.random_range(1000..=max);
        assert_eq!(values[n], plain_mex(&dawson, &values, n as u64), "heap {n}");
    }
}

/// Records what a computation tells its progress: the totals announced and the work done.
#[derive(Default)]
struct Tally {
    total: std::sync::Mutex<Option<u64>>,
    done: std::sync::atomic::AtomicU64,
    calls: std::sync::atomic::AtomicU64,
}

impl unhop::Progress for Tally {
    fn start(&self, _: &str, total: Option<u64>) {
        *self.total.lock().unwrap() = total;
    }
    fn advance(&self, work: u64) {
        self.done
            .fetch_add(work, std::sync::atomic::Ordering::Relaxed);
        self.calls
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }
}

/// The octal values' progress is weighted by heap size (heap n counts n), reaches exactly
/// the total it announced by both methods (also when a proved period fills the rest), and
/// is reported in steps, not once at the end, by the fast method.
#[test]
fn octal_progress_adds_up_to_its_total_weighted_by_heap_size() {
    use std::sync::atomic::Ordering::Relaxed;
    for (code, max) in [("0.07", 20_000), ("0.007", 20_000), ("0.137", 3_000)] {
        let game: unhop::games::Octal = code.parse().unwrap();
        for method in [unhop::Method::Fast, unhop::Method::Exhaustive] {
            let tally = Tally::default();
            let budget = Budget::unlimited();
            unhop::games::octal_values(&game, max, method, &budget, &tally).unwrap();
            let n = max as u64 + 1;
            assert_eq!(
                *tally.total.lock().unwrap(),
                Some(n * (n - 1) / 2),
                "{code}"
            );
            assert_eq!(tally.done.load(Relaxed), n * (n - 1) / 2, "{code} {method}");
            if method == unhop::Method::Fast && code == "0.007" {
                assert!(tally.calls.load(Relaxed) > 10, "{code}: reported in steps");
            }
        }
    }
}
