//! Win/loss labelling of a game graph by retrograde analysis, for games whose end positions
//! are labelled by their own rules (misère play, "odd wins") and whose state may carry more
//! than the stones on the table (the last move taken).
//!
//! The three rules of the seed text: a position is a **win** for the player to move if some
//! move leads to a loss; a **loss** if every move leads to a win; an end position (no move)
//! is labelled by the rules of the game. [`Retrograde::solve`] applies them backwards from
//! the end positions over the whole graph reachable from a start; [`exhaustive_outcome`] applies
//! them forwards by plain recursion, its obviously correct twin.

use super::convention::Convention;
use super::solver::ImpartialGame;
use crate::budget::{Budget, Estimate, Meter, WorkUnit};
use crate::error::{Error, Figures};
use rustc_hash::FxHashMap;
use std::hash::Hash;

/// The unit of a retrograde analysis's work: the moves it lists, 30,000,000 unless the budget
/// says otherwise (each move takes about 0.1 µs and 64 bytes).
pub const RETROGRADE_MOVES: WorkUnit = WorkUnit {
    name: "moves",
    default_limit: 30_000_000,
};

/// The most positions a retrograde analysis keeps unless the budget or its caller says
/// otherwise.
pub const RETROGRADE_POSITIONS: u64 = 2_000_000;

/// An upper bound of the size of a game graph, for estimating an analysis before it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GraphSize {
    /// The positions reachable (at most).
    pub positions: u128,
    /// The moves between them (at most).
    pub moves: u128,
    /// The most moves from one position.
    pub max_degree: u128,
}

/// Who wins a position with perfect play, seen from the player to move: in JSON `"N"` (the
/// next player, the one to move, wins) or `"P"` (the previous player wins: the player to move
/// loses), as combinatorial game theory names the outcome classes.
///
/// ```
/// use unhop::games::Outcome;
/// assert_eq!(serde_json::to_string(&Outcome::Loss).unwrap(), r#""P""#);
/// assert_eq!(Outcome::of_value(3), Outcome::Win);
/// assert_eq!(Outcome::Win.name(), "win");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, schemars::JsonSchema)]
pub enum Outcome {
    /// The player to move wins (an N-position).
    #[serde(rename = "N")]
    Win,
    /// The player to move loses (a P-position).
    #[serde(rename = "P")]
    Loss,
}

impl Outcome {
    /// `"win"` or `"loss"`: the outcome in words, as text output says it.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Loss => "loss",
        }
    }

    /// `"N"` or `"P"`: the outcome class, as JSON writes it.
    pub fn class(self) -> &'static str {
        match self {
            Outcome::Win => "N",
            Outcome::Loss => "P",
        }
    }

    /// The outcome of a position of Grundy value `value` (or misère value, under misère
    /// play): the player to move loses exactly when it is 0. O(1).
    pub fn of_value(value: u32) -> Outcome {
        match value {
            0 => Outcome::Loss,
            _ => Outcome::Win,
        }
    }

    /// The outcome where the player to move wins exactly when `wins`. O(1).
    pub fn of_win(wins: bool) -> Outcome {
        match wins {
            true => Outcome::Win,
            false => Outcome::Loss,
        }
    }
}

/// A two-player game with perfect information in which both players have the same moves:
/// the moves from a position and the label of each end position.
pub trait Rules {
    /// A position, including whatever the rules need to remember.
    type Position: Clone + Eq + Hash;
    /// A move, as reported to users.
    type Move: Clone;

    /// Every legal move from `position` with the position it leads to.
    fn moves(&self, position: &Self::Position) -> Vec<(Self::Move, Self::Position)>;

    /// The outcome for the player to move at a position with no legal move.
    fn end_outcome(&self, position: &Self::Position) -> Outcome;

    /// The bytes `position` holds outside itself (a `Vec`'s buffer), which a retrograde
    /// analysis holds against its memory limit for every copy it keeps; the default is none.
    fn heap_bytes(&self, position: &Self::Position) -> usize {
        let _ = position;
        0
    }

    /// The bytes a move holds outside itself; the default is none.
    fn move_heap_bytes(&self, m: &Self::Move) -> usize {
        let _ = m;
        0
    }
}

/// An impartial game played under a [`Convention`]: the [`Rules`] that the retrograde
/// analysis labels.
///
/// ```
/// use unhop::budget::Budget;
/// use unhop::games::{Convention, Outcome, Played, Retrograde, Subtraction};
/// // One heap of 5, take 1 to 3, the player who takes the last stone loses.
/// let game = Played::new(Subtraction::parse("1..3").unwrap(), Convention::Misere);
/// let solved = Retrograde::solve(&game, &vec![5], &Budget::default()).unwrap();
/// assert_eq!(solved.outcome(&vec![5]), Some(Outcome::Loss));
/// ```
#[derive(Clone, Debug)]
pub struct Played<G> {
    game: G,
    convention: Convention,
}

impl<G> Played<G> {
    /// `game` under `convention`.
    pub fn new(game: G, convention: Convention) -> Played<G> {
        Played { game, convention }
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }
}

impl<G: ImpartialGame> Rules for Played<G>
where
    G::Move: Clone,
{
    type Position = G::Position;
    type Move = G::Move;

    fn moves(&self, position: &G::Position) -> Vec<(G::Move, G::Position)> {
        self.game.moves(position)
    }

    fn end_outcome(&self, _: &G::Position) -> Outcome {
        match self.convention {
            Convention::Normal => Outcome::Loss,
            Convention::Misere => Outcome::Win,
        }
    }

    fn heap_bytes(&self, position: &G::Position) -> usize {
        self.game.heap_bytes(position)
    }

    fn move_heap_bytes(&self, m: &G::Move) -> usize {
        self.game.move_heap_bytes(m)
    }
}

/// Every position reachable from a start, its moves, and its label.
///
/// Solving stores each reachable position once with the indices of its options and of its
/// predecessors: O(V + E) time and memory for V positions and E moves. Positions that the
/// three rules cannot label (only possible when the graph has cycles) are draws and have no
/// outcome.
pub struct Retrograde<R: Rules> {
    positions: Vec<R::Position>,
    index: FxHashMap<R::Position, usize>,
    moves: Vec<Vec<(R::Move, usize)>>,
    outcomes: Vec<Option<Outcome>>,
}

impl<R: Rules> Retrograde<R> {
    /// Labels every position reachable from `start` under `budget`: at most its positions
    /// ([`RETROGRADE_POSITIONS`] by default), its work in moves listed ([`RETROGRADE_MOVES`])
    /// and its memory; past any of them, an error with the figures.
    ///
    /// # Complexity
    ///
    /// O(V + E) time and memory for V positions and E moves.
    ///
    /// ```
    /// use unhop::budget::Budget;
    /// use unhop::games::{Convention, Nim, Outcome, Played, Retrograde};
    /// let game = Played::new(Nim, Convention::Normal);
    /// let solved = Retrograde::solve(&game, &vec![3, 3], &Budget::default()).unwrap();
    /// assert_eq!(solved.outcome(&vec![3, 3]), Some(Outcome::Loss));
    /// let tight = Budget::default().with_max_positions(5);
    /// assert!(Retrograde::solve(&game, &vec![3, 3], &tight).is_err());
    /// ```
    pub fn solve(rules: &R, start: &R::Position, budget: &Budget) -> Result<Retrograde<R>, Error> {
        Retrograde::solve_all(rules, std::slice::from_ref(start), budget)
    }

    /// Labels every position reachable from any of `starts` (listed first, in order), as
    /// [`Retrograde::solve`].
    ///
    /// # Complexity
    ///
    /// O(V + E) time and memory for the V positions and E moves reachable.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::budget::Budget;
    /// use unhop::games::{Convention, Outcome, Played, Retrograde, Subtraction};
    /// let game = Played::new(Subtraction::parse("1..3").unwrap(), Convention::Normal);
    /// let starts: Vec<Vec<u64>> = (0..=8).map(|n| vec![n]).collect();
    /// let solved = Retrograde::solve_all(&game, &starts, &Budget::default()).unwrap();
    /// let lost: Vec<u64> = (0..=8).filter(|&n| solved.outcome(&vec![n]) == Some(Outcome::Loss)).collect();
    /// assert_eq!(lost, [0, 4, 8]);
    /// ```
    pub fn solve_all(
        rules: &R,
        starts: &[R::Position],
        budget: &Budget,
    ) -> Result<Retrograde<R>, Error> {
        let meter = budget.meter("the retrograde analysis", RETROGRADE_MOVES);
        let max_positions = budget.position_limit(RETROGRADE_POSITIONS);
        Retrograde::solve_metered(rules, starts, &meter, max_positions)
    }

    /// The memory solving allocates, at most, for a game graph of at most `size`, when each
    /// position holds `position_heap` bytes outside itself (a `Vec` of heaps) and each move
    /// `move_heap`: every table counted as it is while it grows (a vector three times its
    /// length, the index four buckets a position), the options of one position as they are
    /// listed, and the tables of the backward pass.
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::{Convention, GraphSize, Nim, Played, Retrograde};
    /// let size = GraphSize { positions: 10, moves: 45, max_degree: 9 };
    /// let bytes = Retrograde::<Played<Nim>>::bytes(&size, 8, 0);
    /// assert!(bytes > Retrograde::<Played<Nim>>::bytes(&size, 0, 0));
    /// assert_eq!(Retrograde::<Played<Nim>>::estimate("Nim".into(), &size, 8, 0).bytes, bytes);
    /// ```
    pub fn bytes(size: &GraphSize, position_heap: u128, move_heap: u128) -> u128 {
        let per_position = Retrograde::<R>::position_bytes() + 2 * position_heap;
        let per_move = Retrograde::<R>::move_bytes() + move_heap;
        let per_option = Retrograde::<R>::option_bytes() + position_heap + move_heap;
        Retrograde::<R>::fixed_bytes()
            .saturating_add(size.positions.saturating_mul(per_position))
            .saturating_add(size.moves.saturating_mul(per_move))
            .saturating_add(size.max_degree.saturating_mul(per_option))
    }

    /// An estimate of solving a game graph of at most `size` (see [`Retrograde::bytes`]),
    /// for [`Budget::admit_estimate`]: its work is the moves listed.
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::{GraphSize, Nim, Played, Retrograde};
    /// let size = GraphSize { positions: 10, moves: 45, max_degree: 9 };
    /// assert_eq!(Retrograde::<Played<Nim>>::estimate("Nim".into(), &size, 8, 0).work, 45);
    /// ```
    pub fn estimate(
        what: String,
        size: &GraphSize,
        position_heap: u128,
        move_heap: u128,
    ) -> Estimate {
        Estimate {
            what,
            work: size.moves,
            unit: RETROGRADE_MOVES,
            bytes: Retrograde::<R>::bytes(size, position_heap, move_heap),
        }
    }

    /// The bytes a position takes in the tables, besides its heap part: the list of positions
    /// (a doubling vector, three slots a position while it grows), the index (at most four
    /// buckets a position with their control bytes: a table at most 8/7 full, the old and the
    /// new table both allocated while it grows), the move lists (a doubling vector of
    /// vectors), and in the backward pass the predecessor lists and their counts, the counts
    /// of unlabelled options, the outcomes and the queue (a doubling vector).
    fn position_bytes() -> u128 {
        let position = size_of::<R::Position>() as u128;
        let bucket = size_of::<(R::Position, usize)>() as u128 + 1;
        let list = size_of::<Vec<usize>>() as u128;
        3 * position + 4 * bucket + 3 * list + (list + 8) + 8 + 1 + 3 * 8
    }

    /// The bytes a move takes in the tables, besides its heap part: in its position's list
    /// and as a predecessor.
    fn move_bytes() -> u128 {
        size_of::<(R::Move, usize)>() as u128 + 8
    }

    /// The bytes an option takes while its position's options are listed, besides its heap
    /// parts: the list grows by doubling.
    fn option_bytes() -> u128 {
        3 * size_of::<(R::Move, R::Position)>() as u128
    }

    /// The bytes of the tables at their smallest sizes: 16 positions and move lists, an index
    /// of 8 buckets (with a group of control bytes for the old and the new table), 4 options
    /// and 4 queue entries.
    fn fixed_bytes() -> u128 {
        let bucket = size_of::<(R::Position, usize)>() as u128 + 1;
        let list = size_of::<Vec<usize>>() as u128;
        16 * (size_of::<R::Position>() as u128 + list)
            + 8 * bucket
            + 32
            + 4 * size_of::<(R::Move, R::Position)>() as u128
            + 4 * 8
    }

    /// Labels every position reachable from any of `starts`, charging every move listed to
    /// `meter` and holding the memory of its tables there (see [`Retrograde::bytes`]); gives
    /// up past the meter's limits or beyond `max_positions` positions, with the figures.
    ///
    /// # Complexity
    ///
    /// O(V + E) time and memory.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::budget::Budget;
    /// use unhop::games::{Convention, Nim, Played, Retrograde, RETROGRADE_MOVES};
    /// let game = Played::new(Nim, Convention::Normal);
    /// let meter = Budget::default().meter("Nim", RETROGRADE_MOVES);
    /// let solved = Retrograde::solve_metered(&game, &[vec![2, 3]], &meter, 100).unwrap();
    /// assert_eq!(solved.positions().len(), 12);
    /// assert_eq!(meter.spent(), 3 * 4 + 6 * 3); // every move listed once
    /// let err = Retrograde::solve_metered(&game, &[vec![2, 3]], &meter, 11).err().unwrap();
    /// assert_eq!(err.figures().unwrap().unit, "positions");
    /// ```
    pub fn solve_metered(
        rules: &R,
        starts: &[R::Position],
        meter: &Meter,
        max_positions: u64,
    ) -> Result<Retrograde<R>, Error> {
        let position_bytes = Retrograde::<R>::position_bytes() as u64;
        let move_bytes = Retrograde::<R>::move_bytes() as u64;
        meter.hold(Retrograde::<R>::fixed_bytes() as u64)?;
        let mut solved = Retrograde {
            positions: Vec::new(),
            index: FxHashMap::default(),
            moves: Vec::new(),
            outcomes: Vec::new(),
        };
        let add = |solved: &mut Retrograde<R>, position: R::Position| {
            if solved.positions.len() as u64 >= max_positions {
                return Err(Error::out_of_budget(
                    "the retrograde analysis",
                    Figures::new(
                        solved.positions.len() as u128 + 1,
                        max_positions.into(),
                        "positions",
                    ),
                )
                .with_note(
                    "the game has more positions reachable from its start: choose smaller \
                     numbers or raise --max-positions",
                ));
            }
            meter.hold(position_bytes + 2 * rules.heap_bytes(&position) as u64)?;
            let failed = || crate::memory::out_of_memory("the game graph");
            reserve_one(&mut solved.positions).map_err(|_| failed())?;
            reserve_one(&mut solved.moves).map_err(|_| failed())?;
            solved.index.try_reserve(1).map_err(|_| failed())?;
            let k = solved.positions.len();
            solved.index.insert(position.clone(), k);
            solved.positions.push(position);
            Ok(k)
        };
        for start in starts {
            if !solved.index.contains_key(start) {
                add(&mut solved, start.clone())?;
            }
        }
        // Forward: discover the graph breadth first.
        let mut next = 0;
        while next < solved.positions.len() {
            let options = rules.moves(&solved.positions[next]);
            meter.charge(options.len() as u64)?;
            let listing = (options.capacity() * size_of::<(R::Move, R::Position)>()) as u64
                + options
                    .iter()
                    .map(|(m, q)| (rules.move_heap_bytes(m) + rules.heap_bytes(q)) as u64)
                    .sum::<u64>();
            meter.hold(listing)?;
            let kept = options.len() as u64 * move_bytes
                + options
                    .iter()
                    .map(|(m, _)| rules.move_heap_bytes(m) as u64)
                    .sum::<u64>();
            meter.hold(kept)?;
            let mut listed = Vec::new();
            listed
                .try_reserve_exact(options.len())
                .map_err(|_| crate::memory::out_of_memory("the game graph"))?;
            for (m, q) in options {
                let k = match solved.index.get(&q) {
                    Some(&k) => k,
                    None => add(&mut solved, q)?,
                };
                listed.push((m, k));
            }
            meter.release(listing);
            solved.moves.push(listed);
            next += 1;
        }
        solved.label(rules)?;
        Ok(solved)
    }

    /// The backward pass: from the labelled end positions to their predecessors.
    fn label(&mut self, rules: &R) -> Result<(), Error> {
        let what = "the game graph's labels";
        let count = self.positions.len();
        let mut incoming = crate::memory::try_vec(count, 0usize, what)?;
        for listed in &self.moves {
            for &(_, q) in listed {
                incoming[q] += 1;
            }
        }
        let mut predecessors: Vec<Vec<usize>> = Vec::new();
        predecessors
            .try_reserve_exact(count)
            .map_err(|_| crate::memory::out_of_memory(what))?;
        for &n in &incoming {
            let mut list = Vec::new();
            list.try_reserve_exact(n)
                .map_err(|_| crate::memory::out_of_memory(what))?;
            predecessors.push(list);
        }
        drop(incoming);
        for (p, listed) in self.moves.iter().enumerate() {
            for &(_, q) in listed {
                predecessors[q].push(p);
            }
        }
        let mut unlabelled_options = crate::memory::try_vec(count, 0usize, what)?;
        for (p, listed) in self.moves.iter().enumerate() {
            unlabelled_options[p] = listed.len();
        }
        let mut outcomes = crate::memory::try_vec(count, None, what)?;
        let mut queue = Vec::new();
        for (p, listed) in self.moves.iter().enumerate() {
            if listed.is_empty() {
                outcomes[p] = Some(rules.end_outcome(&self.positions[p]));
                queue.push(p);
            }
        }
        while let Some(q) = queue.pop() {
            for &p in &predecessors[q] {
                if outcomes[p].is_some() {
                    continue;
                }
                if outcomes[q] == Some(Outcome::Loss) {
                    // Rule 1: a move to a loss makes a win.
                    outcomes[p] = Some(Outcome::Win);
                    queue.push(p);
                } else {
                    // Rule 2: a loss once every move is known to lead to a win.
                    unlabelled_options[p] -= 1;
                    if unlabelled_options[p] == 0 {
                        outcomes[p] = Some(Outcome::Loss);
                        queue.push(p);
                    }
                }
            }
        }
        self.outcomes = outcomes;
        Ok(())
    }

    /// The label of `position`: `None` if it is not reachable from the start or is a draw.
    pub fn outcome(&self, position: &R::Position) -> Option<Outcome> {
        self.outcomes[*self.index.get(position)?]
    }

    /// The moves from `position` that lead to a loss for the opponent (empty if it is not
    /// reachable from the start).
    ///
    /// # Complexity
    ///
    /// O(moves of the position).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::budget::Budget;
    /// use unhop::games::{Convention, Nim, Played, Retrograde};
    /// let solved = Retrograde::solve(&Played::new(Nim, Convention::Normal), &vec![1, 2], &Budget::default()).unwrap();
    /// assert_eq!(solved.winning_moves(&vec![1, 2]), [(1, 1)]); // heap 1 down to 1
    /// ```
    pub fn winning_moves(&self, position: &R::Position) -> Vec<R::Move> {
        let Some(&p) = self.index.get(position) else {
            return Vec::new();
        };
        self.moves[p]
            .iter()
            .filter(|(_, q)| self.outcomes[*q] == Some(Outcome::Loss))
            .map(|(m, _)| m.clone())
            .collect()
    }

    /// Every reachable position, the starts first, in breadth-first order.
    pub fn positions(&self) -> &[R::Position] {
        &self.positions
    }

    /// The moves of the `k`-th position, each with the index of the position it leads to.
    pub fn moves_of(&self, k: usize) -> &[(R::Move, usize)] {
        &self.moves[k]
    }

    /// The label of the `k`-th position.
    pub fn outcome_of(&self, k: usize) -> Option<Outcome> {
        self.outcomes[k]
    }
}

/// Makes room for one more element, doubling the capacity when full, without aborting when
/// the memory cannot be had.
fn reserve_one<T>(v: &mut Vec<T>) -> Result<(), std::collections::TryReserveError> {
    if v.len() == v.capacity() {
        v.try_reserve(v.len().max(16))?;
    }
    Ok(())
}

/// The outcome of `position` by plain recursion over the three rules, memoised: the
/// obviously correct twin of [`Retrograde`]. Only for games without cycles (it would not
/// end on a cycle).
///
/// # Complexity
///
/// O(V + E) for the V positions and E moves reachable.
///
/// # Examples
///
/// ```
/// use unhop::games::{exhaustive_outcome, Convention, Nim, Outcome, Played};
/// let game = Played::new(Nim, Convention::Normal);
/// assert_eq!(exhaustive_outcome(&game, &vec![1, 2, 3], &mut Default::default()), Outcome::Loss);
/// ```
pub fn exhaustive_outcome<R: Rules>(
    rules: &R,
    position: &R::Position,
    memo: &mut FxHashMap<R::Position, Outcome>,
) -> Outcome {
    if let Some(&known) = memo.get(position) {
        return known;
    }
    let moves = rules.moves(position);
    let outcome = if moves.is_empty() {
        rules.end_outcome(position)
    } else if moves
        .iter()
        .any(|(_, q)| exhaustive_outcome(rules, q, memo) == Outcome::Loss)
    {
        Outcome::Win
    } else {
        Outcome::Loss
    };
    memo.insert(position.clone(), outcome);
    outcome
}
