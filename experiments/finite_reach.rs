//! Issue 8: finite-board reachability is a 16-state automaton, proved, and the finite board is
//! solved exactly in linear time.
//!
//! `cargo run --release --example finite_reach [-- OUT_DIR]` (default `target/experiments`)
//! prints a verdict table and writes the automaton as `finite_reach.dot` into OUT_DIR.

use std::process::ExitCode;
use std::time::Instant;
use unhop::Word;
use unhop::finite_reach::{learn_reach, pair_dot, prove, reach_automaton, solve_by_automaton};
use unhop::solitaire::{Board, exhaustive, reduce::reduce_infinite};

fn main() -> ExitCode {
    let out_dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "target/experiments".into());
    let mut all = true;
    let mut verdict = |name: &str, ok: bool, detail: String| {
        all &= ok;
        println!(
            "{:<5} {name:<58} {detail}",
            if ok { "PASS" } else { "FAIL" }
        );
    };

    // 1. The Myhill–Nerode classes of R level off at 16.
    let mut sizes = Vec::new();
    for bound in 4..=12 {
        let size = match learn_reach(bound) {
            Ok(learned) => learned.dfa.states().to_string(),
            Err(_) => "not closed".to_string(),
        };
        sizes.push(format!("{bound}:{size}"));
    }
    let learned = learn_reach(12).expect("bound 12 closes");
    verdict(
        "learned automaton: states by bound (pair length)",
        learned.dfa.canonical() == *reach_automaton(),
        sizes.join(" "),
    );

    // 2. The proof.
    let started = Instant::now();
    let proof = prove(reach_automaton()).expect("a pair automaton");
    for step in &proof.steps {
        verdict(
            &format!("proof step: {}", step.name),
            step.counterexample.is_none(),
            format!("product of {} states", step.product_states),
        );
    }
    verdict(
        "A = R (all three steps)",
        proof.holds(),
        format!("{:.1?}", started.elapsed()),
    );

    // 3. The solver against exhaustive search and the block method.
    let (mut finite, mut infinite, mut words) = (true, true, 0);
    for n in 1..=14usize {
        for bits in 0..1u128 << n {
            let w = Word::from_bits(bits, n);
            let fast = solve_by_automaton(&w, Board::Finite).map(|s| s.0);
            let slow = exhaustive::search(&w, Board::Finite).map(|o| o.min_pegs);
            finite &= fast.is_ok() && fast == slow;
            let by_padding = solve_by_automaton(&w, Board::Infinite).map(|s| s.0);
            infinite &= by_padding.is_ok() && by_padding == reduce_infinite(&w).map(|s| s.0);
            words += 1;
        }
    }
    verdict(
        "finite minimum = exhaustive search, every word up to 14",
        finite,
        format!("{words} words"),
    );
    verdict(
        "infinite minimum by padding = block method, up to 14",
        infinite,
        format!("{words} words"),
    );

    let dot = pair_dot(reach_automaton(), "finite-board reachability R");
    let path = std::path::Path::new(&out_dir).join("finite_reach.dot");
    let written = std::fs::create_dir_all(&out_dir)
        .map_err(|e| e.to_string())
        .and_then(|()| {
            unhop::files::write_atomically(&path, dot.as_bytes()).map_err(|e| e.to_string())
        });
    verdict(
        "automaton written as DOT",
        written.is_ok(),
        match written {
            Ok(()) => path.display().to_string(),
            Err(e) => e,
        },
    );
    if all {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
