//! Solvable and freely solvable graphs (Beeler and Hoilman, *Peg solitaire on graphs*, 2011).

use super::board::Board;
use super::position::Goal;
use super::solve::{Outcome, PRUNE_AFTER, admitted, dead_limit, search_cost, solve_with_meter};
use crate::budget::{Budget, Meter};
use crate::{Error, Method};

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
/// # Complexity
/// O(max²) names.
///
/// # Examples
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
/// ([`Board::automorphisms`]) with the goal "one peg anywhere" (one [`solve`](super::solve)
/// each, at most `limit` dead positions each), and gives every hole the answer of its
/// orbit's representative: a symmetry carries a solution from one vacancy to the jumps of
/// another. The searches share one meter of `budget` (see [`classify_graphs`] for how it is
/// admitted).
///
/// # Complexity
/// One search per orbit of holes, each O(r · (j + s + f)) as [`solve`](super::solve).
///
/// ```
/// use unhop::boards::{Board, classify};
/// use unhop::budget::Budget;
/// let budget = Budget::default();
/// let petersen = classify(&Board::named("petersen").unwrap(), 1_000_000, &budget).unwrap();
/// assert!(petersen.freely_solvable());
/// let star = classify(&Board::named("star:3").unwrap(), 1_000_000, &budget).unwrap();
/// assert!(!star.solvable());
/// ```
pub fn classify(board: &Board, limit: usize, budget: &Budget) -> Result<Solvability, Error> {
    let limit = dead_limit(limit, budget);
    let boards = std::slice::from_ref(board);
    let meter = classification_meter(boards, limit, budget)?;
    classify_with_meter(board, limit, &meter)
}

/// [`classify`], charging `meter`.
fn classify_with_meter(board: &Board, limit: usize, meter: &Meter) -> Result<Solvability, Error> {
    let orbits = board.automorphisms().hole_orbits();
    let mut answers = Vec::with_capacity(board.holes());
    for (vacancy, &representative) in orbits.iter().enumerate() {
        let answer = if representative == vacancy {
            one_peg_from(board, vacancy, limit, meter)?
        } else {
            answers[representative]
        };
        answers.push(answer);
    }
    Ok(Solvability::of(&answers))
}

/// The slow twin of [`classify`]: one search for every single-vacancy start, no orbits.
///
/// # Complexity
/// One search per hole, each as [`solve`](super::solve).
///
/// # Examples
///
/// ```
/// use unhop::boards::{Board, classify, classify_every_vacancy};
/// use unhop::budget::Budget;
/// let (board, budget) = (Board::named("cycle:6").unwrap(), Budget::default());
/// let slow = classify_every_vacancy(&board, 1_000_000, &budget).unwrap();
/// assert_eq!(slow, classify(&board, 1_000_000, &budget).unwrap());
/// assert!(slow.freely_solvable());
/// ```
pub fn classify_every_vacancy(
    board: &Board,
    limit: usize,
    budget: &Budget,
) -> Result<Solvability, Error> {
    let limit = dead_limit(limit, budget);
    let meter = classification_meter(std::slice::from_ref(board), limit, budget)?;
    every_vacancy(board, limit, &meter)
}

/// [`classify_every_vacancy`], charging `meter`.
fn every_vacancy(board: &Board, limit: usize, meter: &Meter) -> Result<Solvability, Error> {
    let answers = (0..board.holes())
        .map(|vacancy| one_peg_from(board, vacancy, limit, meter))
        .collect::<Result<Vec<_>, Error>>()?;
    Ok(Solvability::of(&answers))
}

/// Classifies `boards` one after the other under one meter of `budget`, telling `on_board`
/// each board's classification as soon as it is done; stops early when `on_board` returns
/// false. By [`Method::Fast`] one search per orbit of holes ([`classify`]); by
/// [`Method::Exhaustive`] one search for every hole, no orbits ([`classify_every_vacancy`]):
/// the two give the same classification.
///
/// # Limits
/// The work of every search is charged to one meter, in [`SOLVER_STEPS`](super::SOLVER_STEPS).
/// When the steps of all the searches can be bounded within the work limit in advance (on
/// small graphs: the positions between the start's pegs and the goal's, each with its jumps,
/// symmetry images and pagoda values), that bound and the bytes of the costliest search are
/// the run's estimate, refused up front when over a limit; else the run goes on until its
/// work or its memory passes the limit and then stops with an error with the figures.
///
/// # Complexity
/// One search per orbit of holes of each board (per hole by the exhaustive method), each as
/// [`solve`](super::solve); the estimate beforehand, O(h) per board.
///
/// # Examples
///
/// ```
/// use unhop::Method;
/// use unhop::boards::{Board, classify_graphs, graph_families};
/// use unhop::budget::Budget;
/// let boards: Vec<Board> = graph_families(5).iter().map(|n| Board::named(n).unwrap()).collect();
/// let mut found = [Vec::new(), Vec::new()];
/// for (method, found) in Method::ALL.into_iter().zip(&mut found) {
///     classify_graphs(&boards, 1_000_000, method, &Budget::default(), &mut |_, s| {
///         found.push(s.clone());
///         true
///     })
///     .unwrap();
/// }
/// assert_eq!(found[0], found[1]);
/// assert!(found[0].iter().filter(|s| s.solvable()).count() > 5);
/// ```
pub fn classify_graphs(
    boards: &[Board],
    limit: usize,
    method: Method,
    budget: &Budget,
    on_board: &mut dyn FnMut(&Board, &Solvability) -> bool,
) -> Result<(), Error> {
    let limit = dead_limit(limit, budget);
    let meter = classification_meter(boards, limit, budget)?;
    for board in boards {
        let solvability = match method {
            Method::Fast => classify_with_meter(board, limit, &meter)?,
            Method::Exhaustive => every_vacancy(board, limit, &meter)?,
        };
        if !on_board(board, &solvability) {
            break;
        }
    }
    Ok(())
}

/// The meter of the classification of `boards` ([`admitted`]): the steps of a search from
/// every single vacancy at most, and the bytes of the costliest one.
fn classification_meter(boards: &[Board], limit: usize, budget: &Budget) -> Result<Meter, Error> {
    let (mut steps, mut bytes) = (0u128, 0u128);
    for board in boards {
        for vacancy in 0..board.holes() {
            let start = board.full() & !(1 << vacancy);
            let (one_steps, one_bytes) =
                search_cost(board, start, Goal::OnePeg, limit, PRUNE_AFTER);
            steps = steps.saturating_add(one_steps);
            bytes = bytes.max(one_bytes);
        }
    }
    let what = match boards {
        [board] => format!("the classification of {}", board.name()),
        _ => format!("the classification of {} graphs", boards.len()),
    };
    admitted(budget, what, (steps, bytes))
}

/// Whether the start with `vacancy` empty reduces to one peg; `None` when the search gave up.
fn one_peg_from(
    board: &Board,
    vacancy: usize,
    limit: usize,
    meter: &Meter,
) -> Result<Option<bool>, Error> {
    let start = board.full() & !(1 << vacancy);
    Ok(
        match solve_with_meter(board, start, Goal::OnePeg, limit, meter)? {
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
