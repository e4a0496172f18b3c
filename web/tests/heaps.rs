//! The heap-games tab's functions, natively: values against the outcomes and the moves they
//! lead to, the fields marked with their reasons, the sequence against the single heaps'
//! values, the graph's lost positions against the analysis of each, and a match played by
//! the perfect player against itself.

mod schema;

use serde_json::Value;
use unhop_web::heaps::{
    HeapMatch, PAGE_SEQUENCE_HEAP, heaps_analyse, heaps_check, heaps_graph, heaps_sequence,
};

fn json(s: String) -> Value {
    serde_json::from_str(&s).unwrap()
}

fn analyse(game: &str, param: &str, rule: &str, position: &str) -> Value {
    schema::parsed(
        "heap-position",
        heaps_analyse(game, param, rule, position).unwrap(),
    )
}

/// The heaps after a winning move of `report` from `heaps`.
fn after(heaps: &[u64], m: &Value) -> String {
    let i = m["heap"].as_u64().unwrap() as usize;
    let mut rest: Vec<u64> = heaps.to_vec();
    rest.remove(i);
    rest.extend(
        m["left"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_u64().unwrap()),
    );
    rest.push(0); // a position always has a heap, maybe empty
    rest.iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn bouton_s_position_has_value_12_and_three_winning_moves_each_to_value_0() {
    let report = analyse("nim", "", "normal", "7 15 26 30");
    assert_eq!(report["value"], 12);
    assert_eq!(report["value"], 7 ^ 15 ^ 26 ^ 30);
    assert_eq!(report["outcome"], "N");
    let moves = report["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 3);
    for m in moves {
        let next = analyse("nim", "", "normal", &after(&[7, 15, 26, 30], m));
        assert_eq!(
            (&next["value"], &next["outcome"]),
            (&Value::from(0), &Value::from("P"))
        );
    }
    assert_eq!(report["bouton"]["sum"], "01100");
}

#[test]
fn values_are_zero_exactly_at_lost_positions_and_winning_moves_lead_there() {
    let games = [
        ("nim", ""),
        ("bachet", "3"),
        ("subtraction", "1,3,4"),
        ("octal", "0.07"),
        ("octal", "4.7"),
        ("grundy", ""),
    ];
    for (game, param) in games {
        for a in 0..9u64 {
            for b in 0..9u64 {
                let report = analyse(game, param, "normal", &format!("{a} {b}"));
                let value = report["value"].as_u64().unwrap();
                assert_eq!(
                    report["outcome"] == "P",
                    value == 0,
                    "{game} {param} {a} {b}"
                );
                for m in report["winning_moves"].as_array().unwrap() {
                    let next = analyse(game, param, "normal", &after(&[a, b], m));
                    assert_eq!(next["value"], 0, "{game} {param} {a} {b}: {m}");
                }
            }
        }
    }
}

#[test]
fn bachet_with_k_3_loses_at_multiples_of_4() {
    for n in 0..30 {
        let report = analyse("bachet", "3", "normal", &n.to_string());
        assert_eq!(report["outcome"] == "P", n % 4 == 0, "{n}");
    }
    // Misère play and the variants have outcomes only.
    for rule in ["misere", "no-repeat"] {
        assert_eq!(analyse("bachet", "3", rule, "8")["value"], Value::Null);
    }
}

#[test]
fn each_bad_field_is_named_with_its_reason() {
    let fields = |game: &str, param: &str, rule: &str, position: &str| -> Vec<String> {
        let errors = json(heaps_check(game, param, rule, position));
        let list = errors.as_array().unwrap().iter();
        list.map(|e| {
            assert!(!e["message"].as_str().unwrap().is_empty());
            e["field"].as_str().unwrap().to_string()
        })
        .collect()
    };
    assert!(fields("nim", "", "normal", "7 15 26 30").is_empty());
    assert_eq!(fields("octal", "0.78", "normal", "5"), ["param"]);
    assert_eq!(fields("subtraction", "1,,3", "normal", "5"), ["param"]);
    assert_eq!(fields("bachet", "0", "normal", "5"), ["param"]);
    assert_eq!(fields("nim", "", "no-repeat", "5"), ["rule"]);
    assert_eq!(fields("nim", "", "normal", "7 x"), ["position"]);
    assert_eq!(fields("nim", "", "normal", "  "), ["position"]);
    assert_eq!(fields("octal", "9", "normal", "-1"), ["param", "position"]);
    // The analysis names the field too, and never panics.
    let err = heaps_analyse("octal", "0.78", "normal", "5").unwrap_err();
    assert!(err.starts_with("param: "), "{err}");
}

#[test]
fn the_sequence_is_the_values_of_single_heaps_and_its_period_holds() {
    for (game, param) in [
        ("octal", "0.77"),
        ("octal", "0.07"),
        ("subtraction", "1,3,4"),
        ("grundy", ""),
    ] {
        let sequence = heaps_sequence(game, param, "normal", 120.0).unwrap();
        let sequence = schema::parsed("value-sequence", sequence);
        let values = sequence["values"].as_array().unwrap();
        assert_eq!(values.len(), 121);
        for (n, g) in values.iter().enumerate() {
            let single = analyse(game, param, "normal", &n.to_string());
            assert_eq!(&single["value"], g, "{game} {param} heap {n}");
        }
        if let (Some(pre), Some(p)) = (sequence["preperiod"].as_u64(), sequence["period"].as_u64())
        {
            for n in pre as usize..values.len() - p as usize {
                assert_eq!(values[n], values[n + p as usize], "{game} {param} {n}");
            }
        }
    }
    let refused = heaps_sequence("octal", "0.007", "normal", (PAGE_SEQUENCE_HEAP + 1) as f64);
    assert!(
        refused
            .unwrap_err()
            .contains(&PAGE_SEQUENCE_HEAP.to_string())
    );
    for bad in [f64::NAN, -1.0, 2.5, f64::INFINITY] {
        assert!(
            heaps_sequence("octal", "0.07", "normal", bad).is_err(),
            "{bad}"
        );
    }
    assert!(heaps_sequence("octal", "0.07", "misere", 10.0).is_err());
}

#[test]
fn the_graph_marks_exactly_the_lost_positions() {
    for (game, param, rule, start) in [
        ("bachet", "3", "normal", "8"),
        ("bachet", "3", "misere", "9"),
        ("subtraction", "1,2", "no-repeat", "7"),
        ("octal", "0.07", "normal", "9"),
    ] {
        let graph = schema::parsed("graph", heaps_graph(game, param, rule, start).unwrap());
        let dot = graph["dot"].as_str().unwrap();
        let positions = graph["positions"].as_array().unwrap();
        for (k, p) in positions.iter().enumerate() {
            let node = dot
                .lines()
                .find(|l| l.trim_start().starts_with(&format!("p{k} [")))
                .unwrap();
            assert_eq!(
                p["outcome"] == "P",
                node.contains("peripheries=2"),
                "{game} {k}: {node}"
            );
        }
        if rule == "normal" && game == "bachet" {
            // Take 1 to 3 from 8: the lost positions are the multiples of 4 (8, 4 and 0).
            assert_eq!(positions.len(), 9);
            for p in positions {
                let n: u64 = p["position"].as_str().unwrap().parse().unwrap();
                assert_eq!(p["outcome"] == "P", n.is_multiple_of(4), "{n}");
            }
        }
    }
    assert!(heaps_graph("nim", "", "normal", "20 20").is_err());
}

#[test]
fn the_perfect_player_moving_first_from_a_winning_start_wins() {
    for (game, param, rule, start) in [
        ("bachet", "3", "normal", "9"),
        ("nim", "", "normal", "3 4 5"),
        ("nim", "", "misere", "2 2 1"),
        ("subtraction", "1,2", "no-repeat", "7"),
        ("octal", "0.07", "normal", "6"),
    ] {
        let mut m = HeapMatch::new(game, param, rule, start).unwrap();
        let first = json(m.state().unwrap());
        assert_eq!(first["outcome"], "N", "{game} {start}");
        let mut played = 0;
        loop {
            let state = schema::parsed("match", m.state().unwrap());
            if !state["winner"].is_null() {
                assert_eq!(state["winner"], "first", "{game} {start}");
                break;
            }
            // The first player follows the hint; the second takes its first move.
            let k = match state["to_move"] == "first" {
                true => state["best"].as_u64().unwrap(),
                false => 0,
            };
            m.play(k as usize).unwrap();
            played += 1;
        }
        // Undo takes every move back to the start.
        for _ in 0..played {
            assert!(m.undo());
        }
        assert!(!m.undo());
        assert_eq!(json(m.state().unwrap()), first);
    }
}
