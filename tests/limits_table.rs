//! The table of engines, units and default limits in `docs/cli.md` ("Limits") is the library's:
//! every row names a constant, and its unit and default are that constant's; every unit of
//! work the engines count has a row.

use unhop::budget::WorkUnit;

/// Every unit of work the engines count, by the path the table names it with.
fn units() -> Vec<(&'static str, WorkUnit)> {
    use unhop::{automata, boards, games, rules, sliding, solitaire};
    vec![
        ("games::SOLVER_MOVES", games::SOLVER_MOVES),
        ("games::RETROGRADE_MOVES", games::RETROGRADE_MOVES),
        ("games::OCTAL_STEPS", games::OCTAL_STEPS),
        ("games::MEX_OPTIONS", games::MEX_OPTIONS),
        (
            "games::duotaire::FINITE_TABLE_WORDS",
            games::duotaire::FINITE_TABLE_WORDS,
        ),
        (
            "games::duotaire::INFINITE_TABLE_WORDS",
            games::duotaire::INFINITE_TABLE_WORDS,
        ),
        (
            "games::duotaire::LISTED_WORDS",
            games::duotaire::LISTED_WORDS,
        ),
        (
            "games::duotaire::CLASS_LOOKUPS",
            games::duotaire::CLASS_LOOKUPS,
        ),
        (
            "games::duotaire::FAMILY_MEMBERS",
            games::duotaire::FAMILY_MEMBERS,
        ),
        (
            "games::duotaire::PUMPING_LETTERS",
            games::duotaire::PUMPING_LETTERS,
        ),
        (
            "games::duotaire::PARIKH_PERIODS",
            games::duotaire::PARIKH_PERIODS,
        ),
        (
            "games::duotaire::XOR_FAMILY_TRIPLES",
            games::duotaire::XOR_FAMILY_TRIPLES,
        ),
        ("automata::TRANSITIONS", automata::TRANSITIONS),
        ("automata::COUNT_WORK", automata::COUNT_WORK),
        ("automata::WORDS_ASKED", automata::WORDS_ASKED),
        ("rules::RULE_TRIES", rules::RULE_TRIES),
        ("rules::COUNT_WORDS", rules::COUNT_WORDS),
        ("rules::LANGUAGE_WORDS", rules::LANGUAGE_WORDS),
        ("rules::PAIR_WORDS", rules::PAIR_WORDS),
        ("solitaire::SOLVE_CELLS", solitaire::SOLVE_CELLS),
        (
            "solitaire::three_rows::BITMAP_STEPS",
            solitaire::three_rows::BITMAP_STEPS,
        ),
        (
            "solitaire::three_rows::SEARCH_STEPS",
            solitaire::three_rows::SEARCH_STEPS,
        ),
        ("boards::SWEEP_STEPS", boards::SWEEP_STEPS),
        ("boards::SOLVER_STEPS", boards::SOLVER_STEPS),
        (
            "boards::exhaustive::POSITIONS_VISITED",
            boards::exhaustive::POSITIONS_VISITED,
        ),
        ("boards::SYMMETRY_CANDIDATES", boards::SYMMETRY_CANDIDATES),
        ("boards::ILP_TEXT", boards::ILP_TEXT),
        ("sliding::IDA_NODES", sliding::IDA_NODES),
        ("sliding::FALLBACK_STATES", sliding::FALLBACK_STATES),
        ("sliding::PDB_STATES", sliding::PDB_STATES),
        (
            "sliding::exhaustive::BFS_BOARDS",
            sliding::exhaustive::BFS_BOARDS,
        ),
        (
            "sliding::exhaustive::PLAIN_IDA_NODES",
            sliding::exhaustive::PLAIN_IDA_NODES,
        ),
        (
            "sliding::random::SHUFFLED_BOARDS",
            sliding::random::SHUFFLED_BOARDS,
        ),
    ]
}

/// The positions the engines that keep positions keep by default.
fn position_limits() -> Vec<(&'static str, u64)> {
    use unhop::{boards, games};
    vec![
        ("games::SOLVER_POSITIONS", games::SOLVER_POSITIONS),
        ("games::RETROGRADE_POSITIONS", games::RETROGRADE_POSITIONS),
        (
            "boards::DEFAULT_MAX_POSITIONS",
            boards::DEFAULT_MAX_POSITIONS,
        ),
    ]
}

/// The "Limits" section of `docs/cli.md`.
fn limits_section() -> String {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/cli.md"))
        .expect("docs/cli.md");
    let start = text.find("\n## Limits\n").expect("a Limits section");
    let rest = &text[start + 1..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |e| e + 3);
    rest[..end].to_string()
}

/// `12,000,000` as a number.
fn number(text: &str) -> u64 {
    text.trim()
        .replace(',', "")
        .parse()
        .unwrap_or_else(|_| panic!("{text:?} is not a number"))
}

/// The constant a line names in brackets, as "[`path`]".
fn named(line: &str) -> Option<&str> {
    let start = line.find("[`")? + 2;
    let end = line[start..].find("`]")? + start;
    Some(&line[start..end])
}

#[test]
fn the_limits_table_is_the_library_s() {
    let section = limits_section();
    let units = units();
    let mut seen = Vec::new();
    for line in section.lines().filter(|l| l.starts_with('|')) {
        let Some(path) = named(line) else { continue };
        let cells: Vec<&str> = line.trim_matches('|').split('|').collect();
        assert_eq!(cells.len(), 3, "a row of three cells: {line}");
        let (_, unit) = units
            .iter()
            .find(|(p, _)| *p == path)
            .unwrap_or_else(|| panic!("the table names {path}, which is not a unit of work"));
        assert_eq!(cells[1].trim(), unit.name, "the unit of {path}");
        assert_eq!(
            number(cells[2]),
            unit.default_limit,
            "the default of {path}"
        );
        seen.push(path);
    }
    for (path, _) in &units {
        assert!(seen.contains(path), "the table has no row for {path}");
    }
}

#[test]
fn the_default_position_limits_are_the_library_s() {
    let section = limits_section();
    let paragraph = section
        .split("\n\n")
        .find(|p| p.starts_with("Positions kept"))
        .expect("the paragraph of positions kept");
    for (path, limit) in position_limits() {
        let at = paragraph
            .find(&format!("[`{path}`]"))
            .unwrap_or_else(|| panic!("the positions kept name no {path}"));
        let before = &paragraph[..at];
        let last_number = before
            .split(|c: char| !(c.is_ascii_digit() || c == ','))
            .rfind(|w| w.chars().any(|c| c.is_ascii_digit()))
            .expect("a figure before the constant");
        assert_eq!(number(last_number), limit, "the default of {path}");
    }
}
