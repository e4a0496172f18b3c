//! The linear-time minimum on the infinite board (Moore and Eppstein, Theorem 2).
//!
//! The minimum number of pegs equals the fewest blocks in a factorisation of the word into
//! words of `M = 0*(L + 11)0*` (DESIGN.md §3). The paper finds it as a shortest path in a DAG
//! of (position, NFA state) pairs; here the same path is computed with the minimal DFA of M
//! in one forward sweep:
//!
//! * `open[q]`: the fewest finished blocks before a block that is still open and whose part
//!   read so far leads the DFA to state q;
//! * `done[i]`: the fewest blocks that cover the first i cells exactly.
//!
//! A backward sweep then cuts the blocks: M is closed under reversal, so the same DFA, read
//! right to left from a cut at i, finds the nearest j with `done[j] = done[i] − 1` and the
//! cells j..i in M. Each block is reduced by [`one_peg_hops`]; a block `11` with no hole of
//! its own hops out of its cells once a neighbour has made room (always possible in a minimum
//! factorisation: `1|11|1` would be two blocks, `11|11`). O(n × states) time and 4 bytes of
//! memory per cell, plus the hops.

use super::construct::one_peg_hops;
use super::{Board, Direction, Hop, Language};
use crate::automata::{Dfa, StateId};
use crate::error::Error;
use crate::word::Word;

/// Unreachable, in the distance arrays.
const INFINITY: u32 = u32::MAX / 2;

/// The minimum number of pegs on the infinite board and hops that reach it, in linear time.
///
/// The hops are not replayed here; [`crate::solitaire::solve`] does that.
///
/// ```
/// use unhop::{Word, solitaire::{Board, replay, reduce::reduce_infinite}};
/// let word: Word = "111101101".parse().unwrap();
/// let (min, hops) = reduce_infinite(&word).unwrap();
/// assert_eq!(replay(&word, Board::Infinite, &hops).unwrap().final_word.pegs(), min);
/// ```
pub fn reduce_infinite(word: &Word) -> Result<(usize, Vec<Hop>), Error> {
    if word.pegs() == 0 {
        return Ok((0, Vec::new()));
    }
    let dfa = Language::of(Board::Infinite).minimal_dfa();
    let done = fewest_blocks(word, dfa);
    let blocks = cut_blocks(word, dfa, &done);
    let hops = block_hops(word, &blocks)?;
    Ok((blocks.len(), hops))
}

/// `done[i]`: the fewest blocks of `dfa`'s language covering the first i cells exactly
/// (INFINITY when none do). One pass, O(n × states).
fn fewest_blocks(word: &Word, dfa: &Dfa) -> Vec<u32> {
    let states = dfa.states();
    let live = dfa.live_states();
    let start = dfa.start();
    let accepting: Vec<StateId> = (0..states as StateId)
        .filter(|&s| dfa.is_accepting(s))
        .collect();
    // Transitions into dead states are dropped: no block can be finished from them.
    let step: Vec<[StateId; 2]> = (0..states as StateId)
        .map(|s| [dfa.next(s, 0), dfa.next(s, 1)])
        .collect();
    let mut open = vec![INFINITY; states];
    let mut following = vec![INFINITY; states];
    let mut done = Vec::with_capacity(word.len() + 1);
    done.push(0);
    for (i, peg) in word.iter().enumerate() {
        let letter = usize::from(peg);
        following.fill(INFINITY);
        for (q, &cost) in open.iter().enumerate() {
            if cost < INFINITY {
                let t = step[q][letter] as usize;
                following[t] = following[t].min(cost);
            }
        }
        let t = step[start as usize][letter] as usize;
        following[t] = following[t].min(done[i]);
        for (t, cost) in following.iter_mut().enumerate() {
            if !live[t] {
                *cost = INFINITY;
            }
        }
        let finished = accepting
            .iter()
            .map(|&q| following[q as usize])
            .min()
            .unwrap_or(INFINITY);
        done.push(finished.saturating_add(1).min(INFINITY));
        std::mem::swap(&mut open, &mut following);
    }
    done
}

/// The blocks of a minimum factorisation, as cell ranges left to right.
fn cut_blocks(word: &Word, dfa: &Dfa, done: &[u32]) -> Vec<std::ops::Range<usize>> {
    let mut blocks = Vec::new();
    let mut end = word.len();
    while end > 0 {
        let want = done[end] - 1;
        let mut state = dfa.start();
        let mut start = end;
        loop {
            start -= 1;
            state = dfa.next(state, u8::from(word.get(start)));
            if dfa.is_accepting(state) && done[start] == want {
                break;
            }
        }
        blocks.push(start..end);
        end = start;
    }
    blocks.reverse();
    blocks
}

/// Hops that reduce every block to one peg, in an order that keeps every hop legal.
fn block_hops(word: &Word, blocks: &[std::ops::Range<usize>]) -> Result<Vec<Hop>, Error> {
    let mut hops = Vec::new();
    // Pure `11` blocks waiting for room on their right, left to right; they are adjacent.
    let mut waiting: Vec<i64> = Vec::new();
    // The cell left of the next block: does it hold a peg now?
    let mut peg_on_left = false;
    for block in blocks {
        let cells = word.slice(block.clone());
        let at = block.start as i64;
        let is_pair = cells.len() == 2 && cells.pegs() == 2;
        if is_pair {
            if peg_on_left {
                waiting.push(at);
                peg_on_left = true;
            } else {
                hops.push(Hop::new(at + 1, Direction::Left));
                peg_on_left = false;
            }
            continue;
        }
        let block_hops = one_peg_hops(&cells).ok_or_else(|| {
            Error::new(format!(
                "internal error: block {cells} at {at} has no one-peg construction"
            ))
        })?;
        let final_peg = final_peg(&cells, &block_hops);
        if !waiting.is_empty() && final_peg == 0 {
            return Err(Error::new("internal error: no room for a waiting block 11"));
        }
        hops.extend(block_hops.iter().map(|hop| hop.shifted(at)));
        release(&mut waiting, &mut hops);
        peg_on_left = final_peg == cells.len() - 1;
    }
    release(&mut waiting, &mut hops);
    Ok(hops)
}

/// The waiting `11` blocks hop right, rightmost first, each into the cell its right
/// neighbour has just emptied.
fn release(waiting: &mut Vec<i64>, hops: &mut Vec<Hop>) {
    while let Some(at) = waiting.pop() {
        hops.push(Hop::new(at, Direction::Right));
    }
}

/// Where the one peg left by `hops` on `cells` stands (cells' coordinates).
fn final_peg(cells: &Word, hops: &[Hop]) -> usize {
    match hops.last() {
        Some(hop) => hop.to() as usize,
        None => cells.peg_span().start,
    }
}
