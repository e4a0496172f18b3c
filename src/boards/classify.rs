//! Solvable and freely solvable graphs (Beeler and Hoilman, *Peg solitaire on graphs*, 2011).

use super::board::Board;
use super::position::Goal;
use super::solve::{Outcome, solve};
use crate::Error;

/// Which single-vacancy starts of a board can be reduced to one peg (anywhere).
///
/// A graph is *solvable* when some start with one hole can be reduced to one peg, *freely
/// solvable* when every such start can.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solvability {
    /// The holes whose vacancy can be reduced to one peg.
    pub solvable_vacancies: Vec<usize>,
    /// The holes whose vacancy the search gave up on (empty when every answer is exact).
    pub undecided: Vec<usize>,
    /// The number of holes.
    pub holes: usize,
}

impl Solvability {
    /// Some vacancy can be reduced to one peg.
    pub fn solvable(&self) -> bool {
        !self.solvable_vacancies.is_empty()
    }

    /// Every vacancy can be reduced to one peg.
    pub fn freely_solvable(&self) -> bool {
        self.solvable_vacancies.len() == self.holes
    }
}

/// The graph families `board classify` tries, every size up to `max` vertices: paths,
/// cycles, stars, complete graphs, complete bipartite graphs, hypercubes and (from 10
/// vertices) the Petersen graph, as board names for [`Board::named`]. O(max²) names.
///
/// ```
/// use unhop::boards::graph_families;
/// let names = graph_families(4);
/// assert!(names.contains(&"bipartite:2,2".to_string()));
/// assert!(names.contains(&"hypercube:2".to_string()));
/// assert!(!names.contains(&"petersen".to_string()));
/// ```
pub fn graph_families(max: usize) -> Vec<String> {
    let mut names = Vec::new();
    names.extend((2..=max).map(|n| format!("path:{n}")));
    names.extend((3..=max).map(|n| format!("cycle:{n}")));
    names.extend((1..max).map(|n| format!("star:{n}")));
    names.extend((2..=max).map(|n| format!("complete:{n}")));
    names.extend((1..=max).flat_map(|m| (m..=max - m).map(move |n| format!("bipartite:{m},{n}"))));
    names.extend(
        (1..=6)
            .take_while(|d| 1 << d <= max)
            .map(|d| format!("hypercube:{d}")),
    );
    if max >= 10 {
        names.push("petersen".to_string());
    }
    names
}

/// Tries one single-vacancy start per orbit of holes under the board's whole symmetry group
/// ([`Board::automorphisms`]) with the goal "one peg anywhere" (one [`solve`] each, at most
/// `limit` dead positions each), and gives every hole the answer of its orbit's
/// representative: a symmetry carries a solution from one vacancy to the jumps of another.
///
/// ```
/// use unhop::boards::{Board, classify};
/// let petersen = classify(&Board::named("petersen").unwrap(), 1_000_000).unwrap();
/// assert!(petersen.freely_solvable());
/// let star = classify(&Board::named("star:3").unwrap(), 1_000_000).unwrap();
/// assert!(!star.solvable());
/// ```
pub fn classify(board: &Board, limit: usize) -> Result<Solvability, Error> {
    let orbits = board.automorphisms().hole_orbits();
    let mut answers = Vec::with_capacity(board.holes());
    for (vacancy, &representative) in orbits.iter().enumerate() {
        let answer = if representative == vacancy {
            one_peg_from(board, vacancy, limit)?
        } else {
            answers[representative]
        };
        answers.push(answer);
    }
    Ok(Solvability::of(&answers))
}

/// The slow twin of [`classify`]: one [`solve`] for every single-vacancy start, no orbits.
pub fn classify_every_vacancy(board: &Board, limit: usize) -> Result<Solvability, Error> {
    let answers = (0..board.holes())
        .map(|vacancy| one_peg_from(board, vacancy, limit))
        .collect::<Result<Vec<_>, Error>>()?;
    Ok(Solvability::of(&answers))
}

/// Whether the start with `vacancy` empty reduces to one peg; `None` when the search gave up.
fn one_peg_from(board: &Board, vacancy: usize, limit: usize) -> Result<Option<bool>, Error> {
    Ok(
        match solve(board, board.full() & !(1 << vacancy), Goal::OnePeg, limit)? {
            Outcome::Solved(_) => Some(true),
            Outcome::GaveUp { .. } => None,
            Outcome::ClassMismatch(_) | Outcome::PagodaBound(_) | Outcome::Exhausted { .. } => {
                Some(false)
            }
        },
    )
}

impl Solvability {
    /// The classification from one answer per hole (as [`one_peg_from`] gives them).
    fn of(answers: &[Option<bool>]) -> Solvability {
        let holes_where = |wanted: Option<bool>| {
            (0..answers.len())
                .filter(|&h| answers[h] == wanted)
                .collect()
        };
        Solvability {
            solvable_vacancies: holes_where(Some(true)),
            undecided: holes_where(None),
            holes: answers.len(),
        }
    }
}
