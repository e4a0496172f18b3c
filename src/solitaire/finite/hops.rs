//! Hops from w to f for a pair in R, following the proof's third step.
//!
//! The forward run of R's automaton on (w, f) returns to the start state exactly at the cuts
//! where both sides are in R on their own (the start state is the class of the empty pair), so
//! the pair splits into segments solved independently. In a segment the current word g starts
//! as w; while g ≠ f, a hop g → g′ with (g′, f) still in R is found — one exists by step 3 of
//! [`super::prove`] — and applied. A hop changes three cells, so it is tested in
//! O(1) with the forward state before its window and the set of states from which the rest of
//! the segment is accepted; both arrays are repaired after a hop only as far as they change.
//! The search for the next hop starts just left of the last one.
//!
//! Cost: linear in the segment length times the number of hops in it in the worst case; the
//! segments of random words are short, so the whole is linear in practice (BENCHMARKS.md).

use super::tables::Tables;
use crate::automata::relation::pair_letter;
use crate::error::Error;
use crate::solitaire::{Direction, Hop};
use crate::word::Word;

/// Hops that take `w` to `f` on the finite board, or `None` when w does not reach f.
///
/// Errors when the lengths differ. Every hop is legal on the finite board and they end on f
/// exactly (the crate replays them before printing; the tests do too).
///
/// # Complexity
///
/// O(n × h) for words of n cells and the h hops found (at most the pegs of w): each hop
/// follows one step of the proof along the word.
///
///
/// # Examples
///
/// ```
/// use unhop::{Word, solitaire::finite::hops_between};
/// let (w, f): (Word, Word) = ("01111".parse().unwrap(), "10100".parse().unwrap());
/// let hops = hops_between(&w, &f).unwrap().unwrap();
/// assert_eq!(hops.len(), 2);
/// assert_eq!(hops_between(&"1111".parse().unwrap(), &"1001".parse().unwrap()).unwrap(), None);
/// ```
pub fn hops_between(w: &Word, f: &Word) -> Result<Option<Vec<Hop>>, Error> {
    if w.len() != f.len() {
        return Err(Error::new(format!(
            "the two words have {} and {} cells; reachability compares words of one length",
            w.len(),
            f.len()
        )));
    }
    let tables = Tables::of_reach();
    let mut hops = Vec::with_capacity(w.pegs().saturating_sub(f.pegs()));
    let mut segment = Segment::new(tables);
    let mut state = tables.start;
    let (mut start, mut differs) = (0, false);
    for i in 0..w.len() {
        let (a, b) = (w.get(i), f.get(i));
        differs |= a != b;
        state = tables.next[state as usize][pair_letter(a, b) as usize];
        if state == tables.start {
            if differs {
                segment.load(w, f, start..i + 1);
                segment.solve(&mut hops)?;
            }
            (start, differs) = (i + 1, false);
        }
    }
    if tables.accepting >> state & 1 == 0 {
        return Ok(None);
    }
    if differs {
        segment.load(w, f, start..w.len());
        segment.solve(&mut hops)?;
    }
    Ok(Some(hops))
}

/// A segment of a pair in R, with the current word g and the automaton's states along it.
struct Segment<'a> {
    tables: &'a Tables,
    offset: usize,
    g: Vec<bool>,
    f: Vec<bool>,
    /// `forward[i]`: the state after reading cells 0..i of (g, f).
    forward: Vec<u8>,
    /// `accepted_from[i]`: the states from which cells i.. of (g, f) are accepted.
    accepted_from: Vec<u16>,
    /// The number of cells where g and f differ.
    differences: usize,
}

impl<'a> Segment<'a> {
    /// An empty segment; [`Segment::load`] fills it (its buffers are reused).
    fn new(tables: &'a Tables) -> Self {
        Segment {
            tables,
            offset: 0,
            g: Vec::new(),
            f: Vec::new(),
            forward: Vec::new(),
            accepted_from: Vec::new(),
            differences: 0,
        }
    }

    /// Takes the cells `cells` of the pair (w, f), g = w.
    fn load(&mut self, w: &Word, f: &Word, cells: std::ops::Range<usize>) {
        self.offset = cells.start;
        self.g.clear();
        self.g.extend(cells.clone().map(|i| w.get(i)));
        self.f.clear();
        self.f.extend(cells.map(|i| f.get(i)));
        let len = self.g.len();
        self.differences = self.g.iter().zip(&self.f).filter(|(a, b)| a != b).count();
        self.forward.clear();
        self.forward.resize(len + 1, self.tables.start);
        self.accepted_from.clear();
        self.accepted_from.resize(len + 1, self.tables.accepting);
        self.repair(0, len);
    }

    fn letter(&self, i: usize) -> u8 {
        pair_letter(self.g[i], self.f[i])
    }

    /// Recomputes the forward states after a change to cells `from..to`, rightwards until
    /// they agree again, and the accepting sets leftwards likewise.
    fn repair(&mut self, from: usize, to: usize) {
        for i in from..self.g.len() {
            let next = self.tables.next[self.forward[i] as usize][self.letter(i) as usize];
            if i >= to && next == self.forward[i + 1] {
                break;
            }
            self.forward[i + 1] = next;
        }
        for i in (0..to).rev() {
            let before = self
                .tables
                .before(self.letter(i), self.accepted_from[i + 1]);
            if i < from && before == self.accepted_from[i] {
                break;
            }
            self.accepted_from[i] = before;
        }
    }

    /// The hop whose three cells start at `s`, if it is legal and keeps (g′, f) in R.
    fn hop_at(&self, s: usize) -> Option<Direction> {
        let direction = match (self.g[s], self.g[s + 1], self.g[s + 2]) {
            (true, true, false) => Direction::Right,
            (false, true, true) => Direction::Left,
            _ => return None,
        };
        let state = (s..s + 3).fold(self.forward[s], |state, i| {
            // 110 becomes 001 and 011 becomes 100: the ends flip, the middle empties.
            let cell = !self.g[i] && i != s + 1;
            self.tables.next[state as usize][pair_letter(cell, self.f[i]) as usize]
        });
        (self.accepted_from[s + 3] >> state & 1 == 1).then_some(direction)
    }

    fn solve(&mut self, hops: &mut Vec<Hop>) -> Result<(), Error> {
        let windows = self.g.len().saturating_sub(2);
        let mut cursor = 0;
        while self.differences > 0 {
            let found = (0..windows)
                .map(|k| (cursor + k) % windows)
                .find_map(|s| self.hop_at(s).map(|d| (s, d)));
            let Some((s, direction)) = found else {
                return Err(Error::internal(format!(
                    "no hop keeps the pair in R at cells {}..{}",
                    self.offset,
                    self.offset + self.g.len()
                )));
            };
            for i in s..s + 3 {
                let before = self.g[i] != self.f[i];
                self.g[i] = !self.g[i] && i != s + 1;
                let after = self.g[i] != self.f[i];
                self.differences = self.differences + usize::from(after) - usize::from(before);
            }
            let from = match direction {
                Direction::Right => s,
                Direction::Left => s + 2,
            };
            hops.push(Hop::new((self.offset + from) as i64, direction));
            self.repair(s, s + 3);
            cursor = s.saturating_sub(2);
        }
        Ok(())
    }
}
