//! The independent checker: replays a list of jumps from the rules alone.

use super::board::Board;
use super::geometry::{Geometry, Jump, Position};
use super::position::Goal;
use crate::Error;

/// Replays `jumps` from `start` and checks that they reach `goal`, judging each jump from the
/// board's geometry (places on the grid, or the graph's edges), never from its precomputed
/// jump list: `from` and `over` must hold pegs, `to` must be empty, and the three holes must
/// lie on a line of the grid two steps apart (or on a path `from`–`over`–`to` of the graph).
/// Returns every position passed through, `start` first.
///
/// Costs O(jumps · e) on graphs with e edges, O(jumps) on grids.
///
/// # Complexity
/// O(jumps · e) on graphs of e edges, O(jumps) on grids; one position a jump.
///
/// # Examples
///
/// ```
/// use unhop::boards::{Board, Goal, Jump, replay};
/// let board = Board::named("triangle").unwrap();
/// // Hole 1 (the apex) is empty; the peg in 4 jumps over 2 into 1.
/// let jump = Jump { from: 3, over: 1, to: 0 };
/// let positions = replay(&board, board.default_start(), &[jump], Goal::OnePeg);
/// assert!(positions.unwrap_err().to_string().contains("13 pegs are left"));
/// ```
pub fn replay(
    board: &Board,
    start: Position,
    jumps: &[Jump],
    goal: Goal,
) -> Result<Vec<Position>, Error> {
    let mut position = start;
    let mut positions = vec![start];
    for (step, &jump) in jumps.iter().enumerate() {
        let name = |h: u8| {
            board
                .names
                .get(h as usize)
                .cloned()
                .unwrap_or_else(|| format!("#{h}"))
        };
        let fail = |what: String| {
            Err(Error::new(format!(
                "jump {} ({}-{}-{}): {what}",
                step + 1,
                name(jump.from),
                name(jump.over),
                name(jump.to)
            )))
        };
        let holes = board.holes();
        if [jump.from, jump.over, jump.to]
            .iter()
            .any(|&h| h as usize >= holes)
        {
            return fail("names a hole the board does not have".to_string());
        }
        if !in_line(board, jump) {
            return fail("the holes are not two steps along a line of the board".to_string());
        }
        let peg = |h: u8| position >> h & 1 == 1;
        if !peg(jump.from) || !peg(jump.over) {
            return fail("a peg is missing".to_string());
        }
        if peg(jump.to) {
            return fail("the landing hole is occupied".to_string());
        }
        position &= !(1u64 << jump.from) & !(1u64 << jump.over);
        position |= 1 << jump.to;
        positions.push(position);
    }
    if !goal.is_reached(position) {
        return Err(Error::new(format!(
            "after {} jumps the goal ({}) is not reached: {} pegs are left",
            jumps.len(),
            goal.describe(board),
            position.count_ones()
        )));
    }
    Ok(positions)
}

/// Whether `from`, `over`, `to` are two steps along a line (grids) or a path (graphs).
fn in_line(board: &Board, jump: Jump) -> bool {
    let (a, b, c) = (jump.from as usize, jump.over as usize, jump.to as usize);
    match board.geometry {
        Geometry::Graph => {
            let edge = |x: usize, y: usize| {
                board
                    .edges
                    .iter()
                    .any(|&(u, v)| (u as usize, v as usize) == (x.min(y), x.max(y)))
            };
            a != c && edge(a, b) && edge(b, c)
        }
        Geometry::Square | Geometry::Triangle => {
            let (pa, pb, pc) = (board.coords[a], board.coords[b], board.coords[c]);
            let step = (pb.0 - pa.0, pb.1 - pa.1);
            let unit = match board.geometry {
                Geometry::Square => step.0.abs() + step.1.abs() == 1,
                _ => matches!(
                    step,
                    (0, 1) | (0, -1) | (1, 0) | (-1, 0) | (1, 1) | (-1, -1)
                ),
            };
            unit && (pc.0 - pb.0, pc.1 - pb.1) == step
        }
    }
}
