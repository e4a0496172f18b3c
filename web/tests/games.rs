//! The Duotaire and automata tabs' functions, natively: Duotaire values are the mex of their
//! options' values, and the automaton agrees with the solver on every short word. (The
//! peg-solitaire tab's are in `pegs.rs`.)

use serde_json::Value;
use unhop_web::automata::{auto_dfa, auto_run};
use unhop_web::duotaire::duo_options;

fn json(s: String) -> Value {
    serde_json::from_str(&s).unwrap()
}

fn n(v: &Value) -> u64 {
    v.as_u64().unwrap()
}

#[test]
fn duotaire_values_are_the_mex_of_their_options_and_wins_lead_to_zero() {
    for rule in ["single", "chain"] {
        for board in ["finite", "infinite"] {
            for len in 1..=7u32 {
                for bits in 0..1u32 << len {
                    let word: String = (0..len)
                        .map(|i| if bits >> i & 1 == 1 { '1' } else { '0' })
                        .collect();
                    let v = json(duo_options(rule, board, &word).unwrap());
                    let values: Vec<u64> = v["options"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|o| n(&o["value"]))
                        .collect();
                    let mex = (0..).find(|m| !values.contains(m)).unwrap();
                    assert_eq!(n(&v["value"]), mex, "{rule} {board} {word}");
                    for o in v["options"].as_array().unwrap() {
                        assert_eq!(o["winning"], n(&o["value"]) == 0);
                        // The word after the move has its value as the option says.
                        let after =
                            json(duo_options(rule, board, o["word"].as_str().unwrap()).unwrap());
                        assert_eq!(after["value"], o["value"], "{rule} {board} {word} -> {o}");
                    }
                }
            }
        }
    }
}

#[test]
fn the_automaton_accepts_exactly_the_words_the_solver_reduces_to_one_peg() {
    for board in ["finite", "infinite"] {
        let dfa = json(auto_dfa(board).unwrap());
        assert!(dfa["dot"].as_str().unwrap().starts_with("digraph"));
        let states = n(&dfa["states"]);
        for len in 1..=10u32 {
            for bits in 0..1u32 << len {
                let word: String = (0..len)
                    .map(|i| if bits >> i & 1 == 1 { '1' } else { '0' })
                    .collect();
                let r = json(auto_run(board, &word).unwrap());
                // The fields of `unhop solve WORD --json`, and the automaton's two.
                let mut keys: Vec<&str> =
                    r.as_object().unwrap().keys().map(|k| k.as_str()).collect();
                keys.sort_unstable();
                assert_eq!(
                    keys,
                    [
                        "accepted",
                        "board",
                        "final",
                        "final_offset",
                        "hops",
                        "method",
                        "min_pegs",
                        "path",
                        "word"
                    ]
                );
                assert_eq!(r["word"], word.as_str());
                assert_eq!(r["board"], board);
                let path = r["path"].as_array().unwrap();
                assert_eq!(path.len(), word.len() + 1);
                assert!(path.iter().all(|s| n(s) < states));
                assert_eq!(
                    r["accepted"] == true,
                    n(&r["min_pegs"]) == 1,
                    "{board} {word}"
                );
                let pegs = word.matches('1').count() as u64;
                assert_eq!(
                    r["hops"].as_array().unwrap().len() as u64,
                    pegs.saturating_sub(n(&r["min_pegs"]))
                );
            }
        }
    }
}

/// The tab's automaton is the library's drawing, field for field what `unhop lang --dot
/// --minimal --json` prints, and a run carries every field of `unhop solve --json`.
#[test]
fn the_automata_tab_returns_the_librarys_reports() {
    use unhop::solitaire::{Board, Language, LanguageAutomaton, SolveReport, solve};
    for (name, board) in [("finite", Board::Finite), ("infinite", Board::Infinite)] {
        let drawing = Language::of(board).drawing(LanguageAutomaton::MinimalDfa);
        assert_eq!(
            json(auto_dfa(name).unwrap()),
            serde_json::to_value(&drawing).unwrap()
        );
        let word = "1101101".parse().unwrap();
        let solution = solve(&word, board).unwrap();
        let cli = serde_json::to_value(SolveReport::new(
            &word,
            board,
            unhop::Method::Fast,
            &solution,
        ))
        .unwrap();
        let run = json(auto_run(name, "1101101").unwrap());
        for (key, value) in cli.as_object().unwrap() {
            assert_eq!(&run[key], value, "{name}: {key}");
        }
    }
}

/// The Duotaire tab's JSON is the library's report, serialised: `unhop grundy --options
/// --json` prints the same object, and its fields are the published schema's.
#[test]
fn the_duotaire_tab_writes_the_librarys_grundy_report() {
    use unhop::budget::Budget;
    use unhop::games::{Analysis, Duotaire};
    let schema = unhop::schema::find("grundy").unwrap().schema();
    let properties = schema["properties"].as_object().unwrap();
    for (rule, board, word) in [
        ("chain", "finite", "0110101"),
        ("single", "infinite", "11011"),
        ("chain", "infinite", "0"),
    ] {
        let game = Duotaire::new(rule.parse().unwrap(), board.parse().unwrap());
        let budget = Budget::default();
        let report = Analysis::new(game, &budget, &unhop::Quiet)
            .report(&word.parse().unwrap(), false, true)
            .unwrap();
        let page = duo_options(rule, board, word).unwrap();
        assert_eq!(page, serde_json::to_string(&report).unwrap());
        let page = json(page);
        for key in page.as_object().unwrap().keys() {
            assert!(
                properties.contains_key(key),
                "{key} is not in the grundy schema"
            );
        }
        let required = schema["required"].as_array().unwrap();
        assert!(
            required
                .iter()
                .all(|k| page.get(k.as_str().unwrap()).is_some())
        );
    }
}
