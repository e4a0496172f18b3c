//! The time-indexed integer program of Jefferson, Miguel, Miguel and Tarim (*Modelling and
//! solving English peg solitaire*), written in the LP file format that CPLEX, Gurobi, HiGHS,
//! CBC and SCIP read.

use super::board::Board;
use super::geometry::Position;
use super::position::Goal;
use crate::budget::{Budget, WorkUnit};
use crate::error::Error;
use std::fmt::Write;

/// The unit of [`ilp`]'s work, the text it writes: at most 512 MiB unless the budget says
/// otherwise (about ten seconds to write).
pub const ILP_TEXT: WorkUnit = WorkUnit {
    name: "bytes of text",
    default_limit: 512 << 20,
};

/// An upper bound of the length of the model [`ilp`] writes, in bytes, from the board's
/// size alone: every name counted at its longest. O(jumps).
///
/// # Complexity
/// O(j) for j jumps, no allocation.
///
/// # Examples
///
/// ```
/// use unhop::boards::{Board, ilp, ilp_bytes};
/// use unhop::budget::Budget;
/// let triangle = Board::named("triangle").unwrap();
/// let (start, goal) = (triangle.default_start(), triangle.default_goal());
/// let model = ilp(&triangle, start, goal, &Budget::default()).unwrap();
/// assert!(model.len() as u128 <= ilp_bytes(&triangle, start, goal));
/// ```
pub fn ilp_bytes(board: &Board, start: Position, goal: Goal) -> u128 {
    let digits = |n: usize| n.max(1).ilog10() as u128 + 1;
    let holes = board.holes() as u128;
    let steps = start.count_ones().saturating_sub(goal.pegs()) as u128;
    let jumps = board.jumps();
    let j = jumps.len() as u128;
    let x = 2 + digits(board.holes()) + digits(steps as usize);
    let y = 2 + digits(jumps.len()) + digits(steps as usize);
    let name = x.max(y);
    // A term of a sum: " + name", and a line break every ten terms.
    let term = 3 + name + 1;
    let header = 300
        + board.name().len() as u128
        + board.pattern(start).len() as u128
        + goal.describe(board).len() as u128;
    let jump_names: u128 = jumps
        .iter()
        .map(|&jump| 16 + digits(jumps.len()) + board.jump_name(jump).len() as u128)
        .sum();
    let objective = 16 + holes * term;
    let start_lines = holes * (16 + digits(board.holes()) + x);
    let one = 16 + digits(steps as usize) + j * term;
    let jump_lines = 3 * j * (24 + digits(jumps.len()) + digits(steps as usize) + y + x);
    // Each life line lists its hole twice and every jump that touches it (three holes a jump).
    let life =
        holes * (24 + digits(board.holes()) + digits(steps as usize)) + (2 * holes + 3 * j) * term;
    let goal_lines = holes * (16 + digits(board.holes()) + x);
    let binary = ((steps + 1) * holes + steps * j) * (name + 2) + 16;
    header
        + jump_names
        + objective
        + start_lines
        + steps * (one + jump_lines + life)
        + goal_lines
        + binary
}

/// The size of the model [`ilp`] writes, from the board alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IlpSize {
    /// The time steps T: pegs of the start minus pegs of the goal.
    pub steps: u64,
    /// The binary variables: (T + 1) · h of `x` and T · j of `y`.
    pub variables: u64,
    /// The constraints: h for the start, (1 + 3j + h) per step, and h for a goal pattern.
    pub constraints: u64,
}

/// The size of the model [`ilp`] writes (without writing it). O(1).
///
/// # Complexity
/// O(1).
///
/// # Examples
///
/// ```
/// use unhop::boards::{Board, ilp_size};
/// let english = Board::named("english").unwrap();
/// let size = ilp_size(&english, english.default_start(), english.default_goal());
/// assert_eq!((size.steps, size.variables), (31, 32 * 33 + 31 * 76));
/// ```
pub fn ilp_size(board: &Board, start: Position, goal: Goal) -> IlpSize {
    let (h, j) = (board.holes() as u64, board.jumps().len() as u64);
    let steps = u64::from(start.count_ones().saturating_sub(goal.pegs()));
    let pattern = if matches!(goal, Goal::Pattern(_)) {
        h
    } else {
        0
    };
    IlpSize {
        steps,
        variables: (steps + 1) * h + steps * j,
        constraints: h + steps * (1 + 3 * j + h) + pattern,
    }
}

/// The model as LP-format text, written under `budget`.
///
/// With T = pegs(start) − pegs(goal) time steps, the binary variables are
/// `x<h>_<t>` (hole h holds a peg after step t, t = 0..T) and `y<j>_<t>` (jump j, in the
/// board's order of [`Board::jumps`], is made at step t = 1..T). The constraints:
///
/// * `start_<h>`: `x<h>_0` is the start;
/// * `one_<t>`: exactly one jump at each step;
/// * `from_<j>_<t>`, `over_<j>_<t>`, `to_<j>_<t>`: a jump needs pegs in its first two holes
///   and an empty third hole before its step (y ≤ x, y ≤ x, y ≤ 1 − x);
/// * `life_<h>_<t>`: the model's "liveness": `x<h>_(t−1) − x<h>_t` equals the jumps at step t
///   leaving from or over h minus those landing in h, so the board changes exactly as the
///   jump says and nowhere else;
/// * for a goal pattern, `goal_<h>`: `x<h>_T` is the pattern.
///
/// The objective maximises the pegs left in the goal's hole (one peg at a hole: the model's
/// objective) or on the whole board (other goals): for one peg at a hole, the game is
/// solvable exactly when the optimum is 1; for other goals, exactly when the model is
/// feasible. Size: (h + j) · T variables and (3j + h + 1) · T + h constraints.
///
/// # Complexity
/// O(length of the text), which is O((h + j) · T) names.
///
/// # Limits
/// Admitted by `budget` before anything is written, with [`ilp_bytes`] as the estimate of its
/// work (the text, in [`ILP_TEXT`]) and that and the longest line's terms as the estimate of
/// its memory: refused ([`ErrorKind::Refused`](crate::ErrorKind::Refused)) with both figures
/// when either is over the limit.
///
/// # Examples
///
/// ```
/// use unhop::boards::{Board, ilp};
/// use unhop::budget::Budget;
/// let english = Board::named("english").unwrap();
/// let budget = Budget::default();
/// let lp = ilp(&english, english.default_start(), english.default_goal(), &budget).unwrap();
/// assert!(lp.contains("Maximize\n obj: x16_31\n"));
/// assert!(lp.contains("\nBinary\n"));
/// // complete:64 has 249,984 jumps and 62 steps: gigabytes, refused up front.
/// let complete = Board::named("complete:64").unwrap();
/// let refusal = ilp(&complete, complete.default_start(), complete.default_goal(), &budget).unwrap_err();
/// assert_eq!(refusal.figures().unwrap().unit, "bytes of text");
/// ```
pub fn ilp(board: &Board, start: Position, goal: Goal, budget: &Budget) -> Result<String, Error> {
    let estimate = ilp_bytes(board, start, goal);
    let what = format!("the integer program for {}", board.name());
    // Besides the text, the terms of one line: at most every jump and two more, each a sign
    // and a name (32 bytes and the name's own).
    let terms = (board.jumps().len() as u128 + 2) * 64 + 4096;
    let meter = budget.admit(&what, ILP_TEXT, estimate, estimate + terms)?;
    let text =
        usize::try_from(estimate).map_err(|_| crate::memory::allocation_failed(estimate, &what))?;
    meter.hold(estimate as u64 + terms as u64)?;
    let mut lp = String::new();
    lp.try_reserve_exact(text)
        .map_err(|_| crate::memory::allocation_failed(estimate, &what))?;
    write_model(board, start, goal, &mut lp);
    meter.charge(lp.len() as u64)?;
    Ok(lp)
}

/// Writes the model of [`ilp`] into `lp`.
fn write_model(board: &Board, start: Position, goal: Goal, lp: &mut String) {
    let holes = board.holes();
    let steps = start.count_ones().saturating_sub(goal.pegs()) as usize;
    let jumps = board.jumps();
    let _ = writeln!(
        lp,
        "\\ unhop board ilp: {} ({} holes, {} jumps), start {}, goal {}, {steps} steps",
        board.name(),
        holes,
        jumps.len(),
        board.pattern(start),
        goal.describe(board)
    );
    lp.push_str(
        "\\ x<h>_<t>: hole h holds a peg after step t; y<j>_<t>: jump j is made at step t\n",
    );
    for (j, jump) in jumps.iter().enumerate() {
        let _ = writeln!(lp, "\\ jump {j}: {}", board.jump_name(*jump));
    }
    lp.push_str("Maximize\n obj:");
    match goal {
        Goal::PegAt(h) => {
            let _ = write!(lp, " x{h}_{steps}");
        }
        _ => write_sum(lp, (0..holes).map(|h| (1, format!("x{h}_{steps}")))),
    }
    lp.push_str("\nSubject To\n");
    for h in 0..holes {
        let _ = writeln!(lp, " start_{h}: x{h}_0 = {}", start >> h & 1);
    }
    for t in 1..=steps {
        let _ = write!(lp, " one_{t}:");
        write_sum(lp, (0..jumps.len()).map(|j| (1, format!("y{j}_{t}"))));
        lp.push_str(" = 1\n");
        for (j, jump) in jumps.iter().enumerate() {
            let p = t - 1;
            let _ = writeln!(lp, " from_{j}_{t}: y{j}_{t} - x{}_{p} <= 0", jump.from);
            let _ = writeln!(lp, " over_{j}_{t}: y{j}_{t} - x{}_{p} <= 0", jump.over);
            let _ = writeln!(lp, " to_{j}_{t}: y{j}_{t} + x{}_{p} <= 1", jump.to);
        }
        for h in 0..holes {
            let hole = h as u8;
            let mut terms = vec![(1, format!("x{h}_{}", t - 1)), (-1, format!("x{h}_{t}"))];
            for (j, jump) in jumps.iter().enumerate() {
                if jump.from == hole || jump.over == hole {
                    terms.push((-1, format!("y{j}_{t}")));
                } else if jump.to == hole {
                    terms.push((1, format!("y{j}_{t}")));
                }
            }
            let _ = write!(lp, " life_{h}_{t}:");
            write_sum(lp, terms.into_iter());
            lp.push_str(" = 0\n");
        }
    }
    if let Goal::Pattern(p) = goal {
        for h in 0..holes {
            let _ = writeln!(lp, " goal_{h}: x{h}_{steps} = {}", p >> h & 1);
        }
    }
    lp.push_str("Binary\n");
    // Ten names to a line, written one by one (not collected: millions on a large board).
    let xs = (0..=steps).flat_map(|t| (0..holes).map(move |h| ('x', h, t)));
    let ys = (1..=steps).flat_map(|t| (0..jumps.len()).map(move |j| ('y', j, t)));
    for (i, (letter, k, t)) in xs.chain(ys).enumerate() {
        let _ = write!(lp, " {letter}{k}_{t}");
        if i % 10 == 9 {
            lp.push('\n');
        }
    }
    if !lp.ends_with('\n') {
        lp.push('\n');
    }
    lp.push_str("End\n");
}

/// Writes ` + a - b + …`, ten terms to a line.
fn write_sum(lp: &mut String, terms: impl Iterator<Item = (i32, String)>) {
    for (i, (sign, name)) in terms.enumerate() {
        if i > 0 && i % 10 == 0 {
            lp.push_str("\n   ");
        }
        let op = if sign < 0 {
            "-"
        } else if i == 0 {
            ""
        } else {
            "+"
        };
        let _ = write!(lp, " {op} {name}");
    }
}
