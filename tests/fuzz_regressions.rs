//! Inputs found while fuzzing (`fuzz/`, see fuzz/README.md), each replayed through the library
//! as its fuzz target calls it, and through the command line where the tool reads it.

use crate::common;

use unhop::boards::{Board, MAX_HOLES};

/// A graph file naming many distinct vertices: refused at the first vertex too many, by
/// number, instead of looking every name up among all the names before and only then counting
/// them (quadratic: 20,000 edges of new names, 258 KB, took 1.6 s of CPU; 1.4 MB some 25
/// times as long).
#[test]
fn a_graph_file_with_too_many_vertices_is_refused_at_the_first_one_too_many() {
    let text: String = (0..100_000).map(|i| format!("v{i} w{i}\n")).collect();
    let err = Board::from_edge_list("big", &text).unwrap_err().to_string();
    // Edges 1..=32 name 64 vertices; edge 33 names the 65th.
    assert!(
        err.contains("edge 33") && err.contains(&format!("{}", MAX_HOLES + 1)),
        "{err}"
    );

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.txt");
    std::fs::write(&path, &text).unwrap();
    let spec = format!("graph:{}", path.display());
    let out = common::unhop(&["board", "show", "--board", &spec], None);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("edge 33"), "{stderr}");
}

/// The same file with 64 vertices is a board, whose vertices are named as written in order of
/// first appearance.
#[test]
fn a_graph_file_with_64_vertices_is_a_board() {
    let text: String = (1..MAX_HOLES).map(|i| format!("hub leaf{i}\n")).collect();
    let board = Board::from_edge_list("star", &text).unwrap();
    assert_eq!(board.holes(), MAX_HOLES);
    assert_eq!(board.hole_name(0), "hub");
    assert_eq!(
        board.hole_name(MAX_HOLES - 1),
        format!("leaf{}", MAX_HOLES - 1)
    );
    assert_eq!(board.edges().len(), MAX_HOLES - 1);
}

/// Found by the `words` target: `1^(2*)` is not in the documented grammar (`term := number |
/// number? '*'? letter`: a `*` needs its letter), but the parser reads `2*` as the number 2, so
/// a typo such as `1^(2*)` for `1^(2*n)` silently gave the single word `11`.
#[test]
fn a_star_without_its_letter_is_refused() {
    for text in ["1^(2*)", "1^(2*+1)", "(10)^(3 * )"] {
        assert!(unhop::Pattern::parse(text).is_err(), "{text} was accepted");
    }
    let out = common::unhop(&["solve", "1^(2*)"], None);
    assert_eq!(out.status.code(), Some(2));
}

/// A rule file's target expression of many `.` (any byte, for the expression compiler) whose
/// DFA grows past the size limit: refused with the file's line, not built. The fuzzer found it
/// taking more than 10 s under load while the limit was 32 MiB; at 16 MiB the limit keeps
/// `(a|b)*a(a|b){17}` (2^18 states) and refuses `{18}`.
#[test]
fn a_target_expression_past_the_dfa_size_limit_is_refused_with_its_line() {
    let dots = ".".repeat(60);
    let text = format!(
        "name = \"slow\"\nletters = \"01\"\nblank = \"0\"\nweights = {{ \"0\" = 0, \"1\" = 1 }}\n\
         [rules]\n\"110\" = \"001\"\n[targets]\none = \"A+A{dots}6{dots}A0 .0*10*\"\n"
    );
    let err = unhop::rules::RuleSet::parse(&text, "slow.toml")
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("slow.toml:8:") && err.contains("size limit"),
        "{err}"
    );
    assert!(
        unhop::automata::compile_dfa("(a|b)*a(a|b){17}", b"ab", &unhop::budget::Budget::default())
            .is_ok()
    );
    let refused =
        unhop::automata::compile_dfa("(a|b)*a(a|b){18}", b"ab", &unhop::budget::Budget::default())
            .unwrap_err();
    assert!(refused.to_string().contains("size limit"), "{refused}");
}

/// Found by the `rules` target: with `rows` and no `weights`, a column weighs its pegs, so a
/// blank other than the empty column weighed more than 0 and the file was read (the check that
/// the blank weighs 0 ran only on weights the file gave). The infinite board is full of the
/// blank, so such a file is refused, at `rows`, through the library and the command line.
#[test]
fn a_blank_that_weighs_pegs_by_its_rows_is_refused() {
    let text =
        "name = \"x\"\nletters = \"0123\"\nblank = \"1\"\nrows = 2\n[rules]\n\"33\" = \"00\"\n";
    let err = unhop::rules::RuleSet::parse(text, "x.toml")
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("x.toml:4:") && err.contains("must weigh 0"),
        "{err}"
    );
    let ok = text.replace("blank = \"1\"", "blank = \"0\"");
    assert_eq!(
        unhop::rules::RuleSet::parse(&ok, "x.toml")
            .unwrap()
            .weights(),
        [0, 1, 1, 2]
    );

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("x.toml");
    std::fs::write(&path, text).unwrap();
    let out = common::unhop(&["rules", "solve", path.to_str().unwrap(), "3300"], None);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("x.toml:4:"), "{stderr}");
}
