//! The fewest pegs on the finite board: a cheapest path through R's automaton.

use super::pairs::pair_letter;
use super::tables::Tables;
use crate::word::Word;

/// A final word with the fewest pegs that `word` can reach on the finite board.
///
/// Among all f with (word, f) in R, the cheapest: a shortest path in the product of R's
/// automaton with the word, where reading cell i with final cell fᵢ costs fᵢ. One forward
/// pass keeps the cheapest cost of every state and, per cell, each state's predecessor (four
/// bits a state: 8 bytes a cell); one backward pass reads f off. O(n · 16 · 2) time.
///
/// ```
/// use unhop::{Word, finite_reach::cheapest_final};
/// assert_eq!(cheapest_final(&"01111".parse().unwrap()).to_string(), "10100");
/// assert_eq!(cheapest_final(&"1111".parse().unwrap()).to_string(), "1111");
/// ```
pub fn cheapest_final(word: &Word) -> Word {
    let tables = Tables::of_reach();
    const UNREACHED: u32 = u32::MAX / 2;
    let mut cost = [UNREACHED; 16];
    cost[tables.start as usize] = 0;
    let mut choices: Vec<u64> = Vec::with_capacity(word.len());
    for peg in word.iter() {
        let mut fresh = [UNREACHED; 16];
        let mut choice = 0u64;
        for p in 0..tables.states {
            let here = cost[p];
            if here >= UNREACHED {
                continue;
            }
            for f in [false, true] {
                let q = tables.next[p][pair_letter(peg, f) as usize] as usize;
                let c = here + u32::from(f);
                if c < fresh[q] {
                    fresh[q] = c;
                    choice = choice & !(0xf << (4 * q)) | (p as u64) << (4 * q);
                }
            }
        }
        cost = fresh;
        choices.push(choice);
    }
    // Every word reaches itself, so some accepting state has a finite cost.
    let mut state = (0..tables.states)
        .filter(|&q| tables.accepting >> q & 1 == 1)
        .min_by_key(|&q| cost[q])
        .expect("R's automaton has an accepting state");
    let mut cells = vec![false; word.len()];
    for i in (0..word.len()).rev() {
        let p = (choices[i] >> (4 * state) & 0xf) as usize;
        let peg = word.get(i);
        cells[i] = tables.next[p][pair_letter(peg, false) as usize] as usize != state;
        state = p;
    }
    Word::from_cells(cells)
}
