//! The impartial-game engine: options, mex, memoised values, disjunctive sums.
//!
//! By the Sprague–Grundy theorem every position of a finite impartial game under normal play
//! has a value g = mex{ g(q) : q an option }, the player to move loses exactly when g = 0, and
//! the value of a disjunctive sum is the XOR of the values of its parts.
//!
//! Under misère play (the player who cannot move wins) the engine computes the misère value
//! g⁻: 1 at a position without moves, else mex{ g⁻(q) : q an option }. The player to move
//! loses exactly when g⁻ = 0 (by induction: a position without moves is won, and a position
//! is lost exactly when every option is won). Misère values do not add: a sum is valued as
//! one position, never split into its parts.

use super::convention::Convention;
use crate::budget::{Budget, Meter, WorkUnit};
use crate::error::{Error, Figures};
use rustc_hash::FxHashMap;
use std::hash::Hash;

/// The unit of a [`Solver`]'s work: the moves it lists (the options of every part it values),
/// 12,000,000 unless the budget says otherwise (about 17 seconds: a move took 1.3–1.5 µs in
/// `grundy --board finite '(1101)^10'`, 11 million moves, 14 s).
pub const SOLVER_MOVES: WorkUnit = WorkUnit {
    name: "moves",
    default_limit: 12_000_000,
};

/// The most parts a [`Solver`] memoises unless the budget says otherwise: about 600 MB of
/// Duotaire positions (a full infinite-board table to length 22 needs less).
pub const SOLVER_POSITIONS: u64 = 5_000_000;

/// A finite impartial game, under normal play (the player who cannot move loses) unless its
/// [`ImpartialGame::convention`] says misère.
pub trait ImpartialGame {
    /// A position of the game.
    type Position: Clone + Eq + Hash;
    /// A move, as reported to users (for example a hop list).
    type Move;

    /// Every move from `position` with the position it leads to, in the position's own
    /// coordinates. Every sequence of moves must be finite.
    fn moves(&self, position: &Self::Position) -> Vec<(Self::Move, Self::Position)>;

    /// A position with the same value that stands for all positions equivalent to it (for
    /// example trimmed and mirror-normalised), so that they share one memo entry. The default
    /// is the position itself.
    fn canonical(&self, position: &Self::Position) -> Self::Position {
        position.clone()
    }

    /// Independent parts whose values XOR to the value of `position` (a disjunctive sum); the
    /// default is the position alone. Parts are canonicalised and split again by the solver.
    /// Used under normal play only: misère values do not add.
    fn split(&self, position: &Self::Position) -> Vec<Self::Position> {
        vec![position.clone()]
    }

    /// The play rule: [`Convention::Normal`] (the default), or [`Convention::Misere`], under
    /// which the engine computes misère values (the module's notes).
    fn convention(&self) -> Convention {
        Convention::Normal
    }

    /// The bytes `position` holds outside itself (a `Vec`'s buffer), which the solver's
    /// budget counts for every position it keeps; the default is none.
    fn heap_bytes(&self, position: &Self::Position) -> usize {
        let _ = position;
        0
    }

    /// The bytes a move holds outside itself, which a retrograde analysis that keeps the
    /// moves counts; the default is none.
    fn move_heap_bytes(&self, m: &Self::Move) -> usize {
        let _ = m;
        0
    }
}

/// The minimum excluded value: the least natural number not in `values`.
///
/// # Complexity
///
/// O(k) time and memory for k values.
///
/// # Examples
///
/// ```
/// assert_eq!(unhop::games::mex([0, 1, 3]), 2);
/// assert_eq!(unhop::games::mex([]), 0);
/// ```
pub fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let values: Vec<u32> = values.into_iter().collect();
    let mut seen = vec![false; values.len() + 1];
    for v in values {
        if let Some(slot) = seen.get_mut(v as usize) {
            *slot = true;
        }
    }
    seen.iter().position(|&s| !s).unwrap_or(0) as u32
}

/// The value of a position whose options have the values `values` under `convention`: their
/// [`mex`], except that under misère play a position without options has value 1 (the player
/// to move, who cannot move, wins).
///
/// # Complexity
///
/// O(k) time and memory for k values.
///
/// # Examples
///
/// ```
/// use unhop::games::{Convention, value_of_options};
/// assert_eq!(value_of_options(Convention::Normal, []), 0);
/// assert_eq!(value_of_options(Convention::Misere, []), 1);
/// assert_eq!(value_of_options(Convention::Misere, [1]), 0);
/// ```
pub fn value_of_options(convention: Convention, values: impl IntoIterator<Item = u32>) -> u32 {
    let values: Vec<u32> = values.into_iter().collect();
    match convention {
        Convention::Misere if values.is_empty() => 1,
        _ => mex(values),
    }
}

/// Grundy values with a memo over canonical parts, under a [`Budget`]; misère values when the
/// game is played under [`Convention::Misere`].
///
/// Each position is canonicalised and, under normal play, split into parts; each part's value
/// is the mex of its options' values ([`value_of_options`]), memoised. Time and memory are proportional to the number of distinct
/// canonical parts reached, which can grow exponentially with the size of a position, so the
/// solver runs under a budget: it charges every move it lists ([`SOLVER_MOVES`]), keeps at
/// most the budget's positions ([`SOLVER_POSITIONS`] by default), and holds the memory of its
/// memo and of the options on its recursion stack (each position with
/// [`ImpartialGame::heap_bytes`]) against the memory limit. Past any of them
/// [`Solver::try_value`] gives up with the figures.
///
/// ```
/// use unhop::{budget::Budget, games::{Duotaire, MoveRule, Solver}, solitaire::Board};
/// let game = Duotaire::new(MoveRule::Chain, Board::Finite);
/// let row = game.position(&"0110101".parse().unwrap()).unwrap();
/// let mut solver = Solver::with_budget(game.clone(), &Budget::default());
/// assert_eq!(solver.try_value(&row).unwrap(), 3);
/// let mut tight = Solver::with_budget(game, &Budget::default().with_max_work(3));
/// let err = tight.try_value(&row).unwrap_err();
/// assert_eq!(err.figures().unwrap().unit, "moves");
/// ```
pub struct Solver<G: ImpartialGame> {
    game: G,
    memo: FxHashMap<G::Position, u32>,
    meter: Meter,
    max_positions: u64,
}

impl<G: ImpartialGame> Solver<G> {
    /// A solver with an empty memo and no limit but the process's memory.
    pub fn new(game: G) -> Solver<G> {
        Solver::with_budget(game, &Budget::unlimited())
    }

    /// A solver with an empty memo under `budget`.
    pub fn with_budget(game: G, budget: &Budget) -> Solver<G> {
        Solver {
            game,
            memo: FxHashMap::default(),
            meter: budget.meter("valuing the positions", SOLVER_MOVES),
            max_positions: budget.position_limit(SOLVER_POSITIONS),
        }
    }

    /// The number of moves listed so far (the options of every part valued).
    pub fn moves_listed(&self) -> u64 {
        self.meter.spent()
    }

    /// Forgets every value memoised; the moves counted go on (the budget is for the
    /// solver's whole life).
    pub fn clear(&mut self) {
        let held: usize = self.memo.keys().map(|p| self.entry_bytes(p)).sum();
        self.meter.release(held as u64);
        self.memo = FxHashMap::default();
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The number of canonical parts memoised so far.
    pub fn memo_len(&self) -> usize {
        self.memo.len()
    }

    /// The Grundy value of `position`. Panics if the budget runs out; a solver of positions
    /// that may be large should use [`Solver::try_value`].
    ///
    /// # Complexity
    ///
    /// As [`Solver::try_value`].
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::{Nim, Solver};
    /// assert_eq!(Solver::new(Nim).value(&vec![1, 2]), 3);
    /// ```
    pub fn value(&mut self, position: &G::Position) -> u32 {
        self.try_value(position)
            .expect("the position is within the solver's budget")
    }

    /// The Grundy value of `position`, or an error with the figures when it needs more than
    /// the budget.
    ///
    /// # Complexity
    ///
    /// Time and memory proportional to the canonical parts reached (each valued once, from the memo after that), which can grow exponentially with the size of a position.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, games::{Nim, Solver}};
    /// let mut solver = Solver::with_budget(Nim, &Budget::default());
    /// assert_eq!(solver.try_value(&vec![3, 5, 6]).unwrap(), 0);
    /// let mut tight = Solver::with_budget(Nim, &Budget::default().with_max_work(10));
    /// assert!(tight.try_value(&vec![3, 5, 6]).is_err());
    /// ```
    pub fn try_value(&mut self, position: &G::Position) -> Result<u32, Error> {
        let canonical = self.game.canonical(position);
        if self.game.convention() == Convention::Misere {
            return self.part_value(canonical);
        }
        let parts = self.game.split(&canonical);
        if parts.len() == 1 {
            let part = self.game.canonical(&parts[0]);
            return self.part_value(part);
        }
        let mut value = 0;
        for part in &parts {
            value ^= self.try_value(part)?;
        }
        Ok(value)
    }

    /// The bytes a memo entry takes, at most: four times the entry with its control byte
    /// (a table is at most 8/7 full, and while it grows the old table and the new one of
    /// twice the size are both allocated: 3 × 8/7 < 4 slots an entry), and the position's own
    /// buffer.
    fn entry_bytes(&self, part: &G::Position) -> usize {
        4 * (size_of::<(G::Position, u32)>() + 1) + self.game.heap_bytes(part)
    }

    fn part_value(&mut self, part: G::Position) -> Result<u32, Error> {
        if let Some(&known) = self.memo.get(&part) {
            return Ok(known);
        }
        if self.memo.len() as u64 >= self.max_positions {
            return Err(Error::out_of_budget(
                "valuing the positions",
                Figures::new(
                    self.memo.len() as u128 + 1,
                    self.max_positions.into(),
                    "positions",
                ),
            )
            .with_note(
                "the number grows exponentially with long dense words; raise --max-positions \
                 or try a shorter or sparser one",
            ));
        }
        let options: Vec<G::Position> = self
            .game
            .moves(&part)
            .into_iter()
            .map(|(_, position)| position)
            .collect();
        // The options, and per option its value, a copy for the mex and the mex's flag.
        let held = (options.capacity() * size_of::<G::Position>()
            + options.len() * (2 * size_of::<u32>() + 1)
            + options
                .iter()
                .map(|p| self.game.heap_bytes(p))
                .sum::<usize>()) as u64;
        self.meter.hold(held)?;
        let values = self.option_values(&options);
        self.meter.release(held);
        let value = value_of_options(self.game.convention(), values?);
        self.meter.hold(self.entry_bytes(&part) as u64)?;
        self.memo.insert(part, value);
        Ok(value)
    }

    /// The values of `options`, after charging the moves to them.
    fn option_values(&mut self, options: &[G::Position]) -> Result<Vec<u32>, Error> {
        self.meter.charge(options.len() as u64)?;
        let mut values = Vec::with_capacity(options.len());
        for option in options {
            values.push(self.try_value(option)?);
        }
        Ok(values)
    }

    /// The moves from `position` to a position of value 0: the winning moves (none when the
    /// position is lost for the player to move).
    ///
    /// # Complexity
    ///
    /// As [`Solver::try_value`] for each option.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::{Nim, Solver};
    /// let mut solver = Solver::new(Nim);
    /// assert_eq!(solver.winning_moves(&vec![3, 5]).unwrap(), [(1, 3)]);
    /// ```
    pub fn winning_moves(&mut self, position: &G::Position) -> Result<Vec<G::Move>, Error> {
        let mut winning = Vec::new();
        for (m, q) in self.game.moves(position) {
            if self.try_value(&q)? == 0 {
                winning.push(m);
            }
        }
        Ok(winning)
    }
}

/// The Grundy value (the misère value under [`Convention::Misere`]) by plain memoised
/// recursion on the positions exactly as the moves produce them: no canonical forms, no
/// splitting. The obviously correct twin of [`Solver`], without limits
/// ([`try_exhaustive_value`] is the same under a budget).
///
/// # Complexity
///
/// O(P × m) time and O(P) memory for the P positions reachable with m moves each: exponential
/// in the size of the position.
///
/// # Examples
///
/// ```
/// use unhop::{Word, games::{exhaustive_value, Duotaire, MoveRule}, solitaire::Board};
/// let game = Duotaire::new(MoveRule::Chain, Board::Finite);
/// let word = game.position(&"0110".parse::<Word>().unwrap()).unwrap();
/// assert_eq!(exhaustive_value(&game, &word, &mut Default::default()), 1);
/// ```
pub fn exhaustive_value<G: ImpartialGame>(
    game: &G,
    position: &G::Position,
    memo: &mut FxHashMap<G::Position, u32>,
) -> u32 {
    let meter = Budget::unlimited().meter("valuing the positions", SOLVER_MOVES);
    try_exhaustive_value(game, position, memo, &meter, u64::MAX)
        .expect("no limit but the process's memory")
}

/// [`exhaustive_value`] under a budget: every move listed is charged to `meter` (its work in
/// [`SOLVER_MOVES`]), and at most `max_positions` positions are memoised; past either, an
/// error with the figures.
///
/// # Complexity
///
/// As [`exhaustive_value`].
///
/// # Examples
///
/// ```
/// use unhop::{Word, budget::Budget, games::{try_exhaustive_value, Convention, Duotaire, MoveRule, SOLVER_MOVES}, solitaire::Board};
/// let game = Duotaire::new(MoveRule::Single, Board::Finite).with_convention(Convention::Misere);
/// let row = game.position(&"11000011".parse::<Word>().unwrap()).unwrap();
/// let budget = Budget::default();
/// let meter = budget.meter("a word", SOLVER_MOVES);
/// // Two moves in all: the player to move makes the first and leaves the last to the other.
/// assert_eq!(try_exhaustive_value(&game, &row, &mut Default::default(), &meter, 100).unwrap(), 1);
/// let tight = budget.meter("a word", SOLVER_MOVES);
/// assert!(try_exhaustive_value(&game, &row, &mut Default::default(), &tight, 1).is_err());
/// ```
pub fn try_exhaustive_value<G: ImpartialGame>(
    game: &G,
    position: &G::Position,
    memo: &mut FxHashMap<G::Position, u32>,
    meter: &Meter,
    max_positions: u64,
) -> Result<u32, Error> {
    if let Some(&known) = memo.get(position) {
        return Ok(known);
    }
    if memo.len() as u64 >= max_positions {
        return Err(Error::out_of_budget(
            "valuing the positions one by one",
            Figures::new(memo.len() as u128 + 1, max_positions.into(), "positions"),
        )
        .with_note("the exhaustive method keeps every position reached; use the fast method"));
    }
    let options = game.moves(position);
    meter.charge(options.len() as u64)?;
    let mut values = Vec::with_capacity(options.len());
    for (_, q) in &options {
        values.push(try_exhaustive_value(game, q, memo, meter, max_positions)?);
    }
    let value = value_of_options(game.convention(), values);
    meter.hold((size_of::<(G::Position, u32)>() * 4 + game.heap_bytes(position)) as u64)?;
    memo.insert(position.clone(), value);
    Ok(value)
}
