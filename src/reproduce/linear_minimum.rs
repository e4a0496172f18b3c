//! Theorem 2: the minimum number of pegs on the infinite board in linear time.

use super::{Check, Scale, words_of_length};
use crate::Method;
use crate::budget::Budget;
use crate::error::Error;
use crate::solitaire::{Board, exhaustive, solve_with};
use crate::word::Word;
use cpu_time::ThreadTime;
use std::path::Path;

pub(super) fn run(scale: Scale, out: &Path, _budget: &Budget) -> Result<Vec<Check>, Error> {
    let max_len = scale.pick(10, 15);
    let (mut words, mut disagreements) = (0u64, 0u64);
    for len in 1..=max_len {
        for word in words_of_length(len) {
            words += 1;
            let fast = solve_with(&word, Board::Infinite, Method::Fast)?.min_pegs;
            disagreements +=
                u64::from(fast != exhaustive::search(&word, Board::Infinite)?.min_pegs);
        }
    }
    let mut checks = vec![Check::exhaustive(
        "the block method's minimum equals exhaustive search (infinite board)",
        format!("{words} words, {disagreements} disagree (every hop list replayed)"),
        format!("every word of length 1 to {max_len}"),
        disagreements == 0,
    )];
    // Linear scaling: the best of three runs per size, random words with pegs of probability ½,
    // timed in the thread's own CPU time so that other work on the machine does not count.
    let sizes = scale.pick([1_000, 10_000, 100_000], [10_000, 100_000, 1_000_000]);
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut csv = String::from("cells,seconds,nanoseconds_per_cell\n");
    let mut per_cell = Vec::new();
    for cells in sizes {
        let word = Word::from_cells((0..cells).map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x & 1 == 1
        }));
        let mut best = f64::INFINITY;
        for _ in 0..3 {
            let start = ThreadTime::now();
            solve_with(&word, Board::Infinite, Method::Fast)?;
            best = best.min(start.elapsed().as_secs_f64());
        }
        per_cell.push(best * 1e9 / cells as f64);
        csv.push_str(&format!(
            "{cells},{best:.6},{:.2}\n",
            best * 1e9 / cells as f64
        ));
    }
    crate::files::write_atomically(&out.join("linear_minimum_scaling.csv"), csv.as_bytes())?;
    let ratio = per_cell[2] / per_cell[0];
    // A figure, never a verdict: a busy machine changes it. Linear time is the paper's proof
    // (and the cost the library documents), not something a timing can establish.
    checks.push(Check::measured(
        "the minimum takes linear time (time per cell as the length grows)",
        format!(
            "time per cell {:.1} / {:.1} / {:.1} ns at {} / {} / {} cells: ×{ratio:.2} over 100× the \
             length (the thread's CPU time, best of three)",
            per_cell[0], per_cell[1], per_cell[2], sizes[0], sizes[1], sizes[2]
        ),
        format!("random words up to {} cells", sizes[2]),
    ));
    Ok(checks)
}
