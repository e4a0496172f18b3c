//! Duotaire: the P-positions are not a regular language (chain moves), probed two ways.

use super::{Check, Scale};
use crate::automata::{Answers, nerode_classes};
use crate::budget::Budget;
use crate::error::Error;
use crate::games::{MoveRule, check_xor_family, p_position_answers};
use crate::plot::{LineChart, Series, save};
use crate::solitaire::{Board, Language};
use crate::word::Word;
use std::path::Path;

pub(super) fn run(scale: Scale, out: &Path, budget: &Budget) -> Result<Vec<Check>, Error> {
    let max_len = scale.pick(12, 18);
    let board = Board::Finite;
    let language = Language::of(board);
    let one_peg = Answers::ask(2, max_len, &mut |w| {
        language.contains(&Word::from_cells(w.iter().map(|&l| l == 1)))
    });
    let sets = [
        ("one-peg language", one_peg),
        (
            "P-positions, single",
            p_position_answers(MoveRule::Single, board, max_len, budget)?,
        ),
        (
            "P-positions, chain",
            p_position_answers(MoveRule::Chain, board, max_len, budget)?,
        ),
    ];
    let mut csv = String::from("set,n,prefix_len,suffix_len,classes\n");
    let mut series = Vec::new();
    let mut counts = Vec::new();
    for (name, answers) in &sets {
        let along: Vec<usize> = (0..=max_len)
            .map(|n| nerode_classes(answers, n.div_ceil(2), n / 2))
            .collect();
        for (n, c) in along.iter().enumerate() {
            csv.push_str(&format!("{name},{n},{},{},{c}\n", n.div_ceil(2), n / 2));
        }
        series.push(Series {
            name: format!("{name} (finite board)"),
            points: along
                .iter()
                .enumerate()
                .map(|(n, &c)| (n as f64, c as f64))
                .collect(),
        });
        counts.push(along);
    }
    crate::files::write_atomically(&out.join("non_regularity_classes.csv"), csv.as_bytes())?;
    save(
        &classes_chart(series),
        &out.join("non_regularity_classes.svg"),
        (900, 560),
    )?;
    let minimal = language.minimal_dfa().states();
    let tail = |c: &[usize]| c[c.len() - 5..].to_vec();
    let one_peg = &counts[0];
    let mut checks = vec![Check::exhaustive(
        "the one-peg language's classes level off at its minimal DFA",
        format!(
            "classes at the last five bounds {:?}; minimal DFA {minimal} states",
            tail(one_peg)
        ),
        format!("a + b ≤ {max_len}"),
        one_peg.iter().all(|&c| c <= minimal) && one_peg[one_peg.len() - 2..] == [minimal; 2],
    )];
    for (name, along) in sets.iter().map(|s| s.0).zip(&counts).skip(1) {
        let last = tail(along);
        // Growing class counts up to a bound suggest, but cannot prove, non-regularity; the
        // paper's proof is the pumping argument over the family below (`unhop probe pumping`).
        checks.push(Check::evidence(
            "the P-positions' classes keep growing (evidence that they are not regular)",
            format!("{name}: classes at the last five bounds {last:?}"),
            format!("a + b ≤ {max_len}"),
            last.windows(2).all(|p| p[0] < p[1]) && last[4] > 2 * minimal,
        ));
    }
    let max = scale.pick(5, 10);
    let family = check_xor_family(board, max, budget, &crate::Quiet)?;
    let fails = family.failures().count();
    checks.push(Check::exhaustive(
        "X_i 0 X_j 0 X_k has value i ⊕ j ⊕ k (X_m = 011(01)^(m−1)0, chain moves)",
        format!("{} triples, {fails} fail", max * max * max),
        format!("1 ≤ i, j, k ≤ {max}"),
        fails == 0,
    ));
    Ok(checks)
}

/// The chart of class counts at the balanced bounds (prefixes ≤ ⌈n/2⌉, suffixes ≤ ⌊n/2⌋)
/// against n, one series per set.
pub fn classes_chart(series: Vec<Series>) -> LineChart {
    LineChart {
        title: "Myhill–Nerode classes told apart by words of length ≤ n".into(),
        x_label: "n (prefixes ≤ ⌈n/2⌉, suffixes ≤ ⌊n/2⌋)".into(),
        y_label: "classes".into(),
        series,
        integer_y: true,
    }
}
