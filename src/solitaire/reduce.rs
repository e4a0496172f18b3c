//! The linear-time minimum on the infinite board (Moore and Eppstein, Theorem 2).
//!
//! The minimum number of pegs equals the fewest blocks in a factorisation of the word into
//! words of `M = 0*(L + 11)0*`, the infinite board's one-peg language
//! ([`crate::solitaire::Language`]). The paper finds it as a shortest path in a DAG
//! of (position, NFA state) pairs ([`crate::solitaire::dag`] draws it); here the same path is
//! found with the minimal DFA of M:
//!
//! * a forward sweep ([`crate::solitaire::block_costs::fewest_blocks`]) computes `done[i]`, the fewest blocks covering the
//!   first i cells exactly;
//! * a backward sweep cuts the blocks: M is closed under reversal, so the same DFA, read right
//!   to left from a cut at i, finds the nearest j with `done[j] = done[i] − 1` and the cells
//!   j..i in M. Each block is reduced to one peg by [`append_one_peg_hops`] as soon as it is
//!   cut.
//!
//! A block `11` with no hole of its own must hop out of its cells: to the right when that cell
//! is empty, else to the left once its left neighbour is reduced (always possible in a minimum
//! factorisation: `1|11|1` would be two blocks, `11|11`). O(n) time for this fixed DFA,
//! 4 bytes of memory per cell (kept per thread for the next call) plus 16 per hop.

use super::block_costs::fewest_blocks_into;
use super::construct::append_one_peg_hops;
use super::{Board, Direction, Hop, Language};
use crate::error::Error;
use crate::word::Word;
use std::cell::RefCell;
use std::ops::Range;

/// The minimum number of pegs on the infinite board and hops that reach it, in linear time.
///
/// The hops are not replayed here; `solitaire::solve` does that.
///
/// # Complexity
///
/// O(n) time and space for a word of n cells: a shortest path through the DAG of (position,
/// automaton state) pairs, read through the lazily built table of [`super::block_costs`].
///
///
/// # Examples
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
    thread_local! {
        /// The `done` array, kept between calls: fresh pages for it cost more than filling it.
        static DONE: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
    }
    DONE.with(|done| reduce_with(word, &mut done.borrow_mut()))
}

fn reduce_with(word: &Word, done: &mut Vec<u32>) -> Result<(usize, Vec<Hop>), Error> {
    let dfa = Language::of(Board::Infinite).minimal_dfa();
    fewest_blocks_into(word, dfa, done);
    let blocks = done[word.len()] as usize;
    let next: Vec<[u32; 2]> = (0..dfa.states() as u32)
        .map(|q| [dfa.next(q, 0), dfa.next(q, 1)])
        .collect();
    let accepting: Vec<bool> = (0..dfa.states() as u32)
        .map(|q| dfa.is_accepting(q))
        .collect();
    // Every hop removes one peg and each block keeps one.
    let mut placer = Placer {
        hops: Vec::with_capacity(word.pegs() - blocks),
        waiting: Vec::new(),
        peg_on_right: false,
    };
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
        placer.place(word, start..end)?;
        end = start;
    }
    placer.release();
    Ok((blocks, placer.hops))
}

/// Reduces the blocks right to left, keeping every hop legal.
struct Placer {
    hops: Vec<Hop>,
    /// Pure `11` blocks waiting for room on their left, by their first cell; adjacent, the
    /// leftmost last.
    waiting: Vec<i64>,
    /// Whether the cell right of the next block (to the left) holds a peg now.
    peg_on_right: bool,
}

impl Placer {
    fn place(&mut self, word: &Word, block: Range<usize>) -> Result<(), Error> {
        let at = block.start as i64;
        if block.len() == 2 && word.get(block.start) && word.get(block.start + 1) {
            if self.peg_on_right {
                self.waiting.push(at);
            } else {
                self.hops.push(Hop::new(at, Direction::Right));
            }
            return Ok(());
        }
        let before = self.hops.len();
        if !append_one_peg_hops(word, block.clone(), &mut self.hops) {
            return Err(Error::internal(format!(
                "block {} at {at} has no one-peg construction",
                word.slice(block)
            )));
        }
        // Where the block's one peg ended up.
        let final_peg = match self.hops[before..].last() {
            Some(hop) => hop.to(),
            None => block.clone().find(|&i| word.get(i)).unwrap_or(block.start) as i64,
        };
        let last = block.end as i64 - 1;
        if !self.waiting.is_empty() && final_peg == last {
            return Err(Error::internal("no room for a waiting block 11"));
        }
        self.release();
        self.peg_on_right = final_peg == at;
        Ok(())
    }

    /// The waiting `11` blocks hop left, leftmost first, each into the cell its left
    /// neighbour has just emptied.
    fn release(&mut self) {
        while let Some(at) = self.waiting.pop() {
            self.hops.push(Hop::new(at + 1, Direction::Left));
        }
    }
}
