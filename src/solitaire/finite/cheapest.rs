//! The fewest pegs on the finite board: a cheapest path through R's automaton.

use super::tables::Tables;
use crate::automata::relation::pair_letter;
use crate::word::Word;

/// A final word with the fewest pegs that `word` can reach on the finite board.
///
/// Among all f with (word, f) in R, the cheapest: a shortest path in the product of R's
/// automaton with the word, where reading cell i with final cell fᵢ costs fᵢ. One forward pass
/// keeps the cheapest cost of every state and, per cell, each state's predecessor (four bits a
/// state: 8 bytes a cell); one backward pass reads f off.
///
/// # Complexity
///
/// O(n · 16 · 2) time.
///
/// # Examples
///
/// ```
/// use unhop::{Word, solitaire::finite::cheapest_final};
/// assert_eq!(cheapest_final(&"01111".parse().unwrap()).to_string(), "10100");
/// assert_eq!(cheapest_final(&"1111".parse().unwrap()).to_string(), "1111");
/// ```
pub fn cheapest_final(word: &Word) -> Word {
    let tables = Tables::of_reach();
    const UNREACHED: u32 = u32::MAX / 2;
    // One more entry for the padding steps' state, which stays unreached.
    let mut cost = [UNREACHED; 17];
    cost[tables.start as usize] = 0;
    let mut choices: Vec<u64> = Vec::with_capacity(word.len());
    for peg in word.iter() {
        let mut fresh = [UNREACHED; 17];
        let mut from = [0u8; 17];
        for step in &tables.live_steps[usize::from(peg)] {
            let c = cost[step.from as usize] + u32::from(step.f);
            let to = step.to as usize;
            let better = c < fresh[to];
            fresh[to] = if better { c } else { fresh[to] };
            from[to] = if better { step.from } else { from[to] };
        }
        cost = fresh;
        choices.push(nibbles(from[..16].try_into().expect("sixteen states")));
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

/// Sixteen numbers below 16 packed four bits each, the first lowest.
fn nibbles(values: [u8; 16]) -> u64 {
    let pack = |bytes: &[u8]| {
        let mut x = u64::from_le_bytes(bytes.try_into().expect("eight bytes"));
        x = (x | x >> 4) & 0x00ff_00ff_00ff_00ff;
        x = (x | x >> 8) & 0x0000_ffff_0000_ffff;
        (x | x >> 16) & 0xffff_ffff
    };
    pack(&values[..8]) | pack(&values[8..]) << 32
}

#[cfg(test)]
mod tests {
    #[test]
    fn nibbles_pack_in_order() {
        let values: [u8; 16] = std::array::from_fn(|i| (i * 7 % 16) as u8);
        let packed = super::nibbles(values);
        for (i, &v) in values.iter().enumerate() {
            assert_eq!((packed >> (4 * i) & 0xf) as u8, v);
        }
    }
}
