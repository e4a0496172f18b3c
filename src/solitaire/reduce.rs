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
//! cells j..i in M. Each block is reduced by [`append_one_peg_hops`]; a block `11` with no hole of
//! its own hops out of its cells once a neighbour has made room (always possible in a minimum
//! factorisation: `1|11|1` would be two blocks, `11|11`). O(n × states) time and 4 bytes of
//! memory per cell, plus the hops.

use super::block_costs::fewest_blocks;
use super::construct::append_one_peg_hops;
use super::{Board, Direction, Hop, Language};
use crate::automata::Dfa;
use crate::error::Error;
use crate::word::Word;
use std::ops::Range;


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

/// The blocks of a minimum factorisation, as cell ranges left to right.
pub fn cut_blocks(word: &Word, dfa: &Dfa, done: &[u32]) -> Vec<Range<usize>> {
    let next: Vec<[u32; 2]> = (0..dfa.states() as u32)
        .map(|q| [dfa.next(q, 0), dfa.next(q, 1)])
        .collect();
    let accepting: Vec<bool> = (0..dfa.states() as u32).map(|q| dfa.is_accepting(q)).collect();
    let mut blocks = Vec::new();
    let mut end = word.len();
    while end > 0 {
        let want = done[end] - 1;
        let mut state = dfa.start();
        let mut start = end;
        loop {
            start -= 1;
            state = next[state as usize][usize::from(word.get(start))];
            if accepting[state as usize] & (done[start] == want) {
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
pub fn block_hops(word: &Word, blocks: &[Range<usize>]) -> Result<Vec<Hop>, Error> {
    let mut hops = Vec::new();
    // Pure `11` blocks waiting for room on their right, left to right; they are adjacent.
    let mut waiting: Vec<i64> = Vec::new();
    // The cell left of the next block: does it hold a peg now?
    let mut peg_on_left = false;
    for block in blocks {
        let at = block.start as i64;
        if block.len() == 2 && word.get(block.start) && word.get(block.start + 1) {
            if peg_on_left {
                waiting.push(at);
            } else {
                hops.push(Hop::new(at + 1, Direction::Left));
            }
            continue;
        }
        let before = hops.len();
        if !append_one_peg_hops(word, block.clone(), &mut hops) {
            return Err(Error::new(format!(
                "internal error: block {} at {at} has no one-peg construction",
                word.slice(block.clone())
            )));
        }
        // Where the block's one peg ended up.
        let final_peg = match hops[before..].last() {
            Some(hop) => hop.to(),
            None => (block.start..block.end).find(|&i| word.get(i)).unwrap_or(0) as i64,
        };
        if !waiting.is_empty() && final_peg == at {
            return Err(Error::new("internal error: no room for a waiting block 11"));
        }
        release(&mut waiting, &mut hops);
        peg_on_left = final_peg == block.end as i64 - 1;
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

